// The common part of the approximate models of [Kudra & Awrejcewicz 2013] (the K&A frame and
// the mapping onto q, friction/contact_approx.hpp), and the two simplest models: O (32)-(33)
// and the Zhuravlev-Klimov model (18) [Awrejcewicz & Kudra, Celtic stone].
#include <cmath>
#include <fmt/format.h>

#include "friction/approx_dual.hpp"
#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {
double checked_rho(double rho, const char* who) {
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("{} model: rho must be a positive finite number (got {})", who, rho));
  return rho;
}
}  // namespace

KudraModel::KudraModel(const Contact& contact, double rho, const char* who)
    : FrictionModel(checked_rho(rho, who) / std::max(contact.a(), contact.b()), contact.kappa() / rho),
      contact_(contact),
      rho_(rho),
      frame_(kudra_frame(contact)),
      c_(characteristic_integrals(frame_)) {}

std::string KudraModel::where() const { return fmt::format("{}, rho = {:.6g}", contact_.description(), rho_); }

// w -> v = (R(-t) w_xy, w3/(rho/a_M)), q = -(R(t) f_xy, f3/(rho/a_M)), t = pi/2 when turned.
Eigen::Vector3d KudraModel::q_unit(const Eigen::Vector3d& w) const {
  const double r = rho_over_R();
  const Eigen::Vector3d v =
      frame_.turned ? Eigen::Vector3d(w.y(), -w.x(), w.z() / r) : Eigen::Vector3d(w.x(), w.y(), w.z() / r);
  const Eigen::Vector3d f = law_value(v);
  return frame_.turned ? Eigen::Vector3d(f.y(), -f.x(), -f.z() / r) : Eigen::Vector3d(-f.x(), -f.y(), -f.z() / r);
}

FrictionJacobian KudraModel::jacobian_unit(const Eigen::Vector3d& w) const {
  const double r = rho_over_R();
  Eigen::Matrix3d V = Eigen::Matrix3d::Zero();  // v = V w
  if (frame_.turned) {
    V(0, 1) = 1.0;
    V(1, 0) = -1.0;
  } else {
    V(0, 0) = V(1, 1) = 1.0;
  }
  V(2, 2) = 1.0 / r;
  Eigen::Matrix3d P = V.transpose();  // q = -P f: the rotation back, and 1/r on the torque
  P(2, 2) = 1.0 / r;
  const KudraLaw L = law(V * w);
  return {-P * L.f, -P * L.df * V, L.differentiable};
}

// ----- model O ---------------------------------------------------------------------------------

// (33): s = v_s,xy/v_s jumps at the poles, sgn(omega_s) on the equator.
KinkSets PointSpinModel::kink_sets() const { return {Smoothness::jump, Smoothness::jump}; }

PointSpinModel::PointSpinModel(const Contact& contact, double rho) : KudraModel(contact, rho, "point-spin") {}

std::string PointSpinModel::description() const {
  return fmt::format("point contact with spin torque, model O (33) (kappa_e = {:.6g} a), {}", c().c00m1, where());
}

namespace {
template <class T>
std::array<T, 3> point_spin(double kappa_e, const std::array<T, 3>& v) {
  const T vs = approx::norm2(v[0], v[1]);
  const T cx = value(vs) > 0.0 ? v[0] / vs : T(0.0), cy = value(vs) > 0.0 ? v[1] / vs : T(0.0);
  return {cx, cy, T(kappa_e * approx::sgn(value(v[2])))};
}
}  // namespace

Eigen::Vector3d PointSpinModel::law_value(const Eigen::Vector3d& v) const {
  return approx::value_of([&](const auto& x) { return point_spin(c().c00m1, x); }, v);
}

KudraLaw PointSpinModel::law(const Eigen::Vector3d& v) const {
  KudraLaw L;
  approx::value_and_jacobian([&](const auto& x) { return point_spin(c().c00m1, x); }, v, L.f, L.df);
  L.differentiable = v.z() != 0.0 && (v.x() != 0.0 || v.y() != 0.0);
  return L;
}

// ----- (18) [Awrejcewicz & Kudra, Celtic stone] ----------------------------------------------

// (18): |omega_s| kinks on the equator; at the poles T = v/(8/(3 pi) |omega_s|) (1 - v_s/(8/(3 pi)
// |omega_s|) + ...) whose term v v_s is C^1, not C^2.
KinkSets ZhuravlevKlimovModel::kink_sets() const { return {Smoothness::kink, Smoothness::c1}; }

ZhuravlevKlimovModel::ZhuravlevKlimovModel(const Contact& contact, double rho)
    : KudraModel(contact, rho, "zhuravlev-klimov") {}

std::string ZhuravlevKlimovModel::description() const {
  return fmt::format("Zhuravlev-Klimov (18), T = v/(v_s + 8/(3 pi) |omega_s|), no torque, {}", where());
}

namespace {
// (18): the constant 8/(3 pi) = 1/Q'(0) of the Hertz circle.
constexpr double zk_constant = 8.0 / (3.0 * pi);
template <class T>
std::array<T, 3> zhuravlev_klimov(const std::array<T, 3>& v) {
  const T D = approx::norm2(v[0], v[1]) + zk_constant * approx::abs_of(v[2]);
  return {v[0] / D, v[1] / D, T(0.0)};
}
}  // namespace

Eigen::Vector3d ZhuravlevKlimovModel::law_value(const Eigen::Vector3d& v) const {
  return approx::value_of([](const auto& x) { return zhuravlev_klimov(x); }, v);
}

KudraLaw ZhuravlevKlimovModel::law(const Eigen::Vector3d& v) const {
  KudraLaw L;
  approx::value_and_jacobian([](const auto& x) { return zhuravlev_klimov(x); }, v, L.f, L.df);
  L.differentiable = v.z() != 0.0;  // |omega_s| kinks on the equator; at the poles v_s enters at second order
  return L;
}

}  // namespace limitdir
