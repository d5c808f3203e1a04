// The modified Pade models "I" (47) and (48) [Kudra & Awrejcewicz 2013] (orders 5, 7: the
// general approximant, kudra_approximant.cpp) (= P1 (16), P3 (17)
// [Awrejcewicz & Kudra, Celtic stone]) and the first-order Pade approximants (38)-(39);
// friction/contact_approx.hpp. (48) with the errata of docs/errata.md: T_sy ends in
// b_T c_{1,0,1} omega_s^3, M_s has -c_{0,1,0} v_s^2 v_sx, and the OCR'd indices read
// c_{2,0,3}, c_{1,1,3}, v_sy^2 (T_sx), v_sx^2 (T_sy).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "friction/approx_dual.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {
void check_parameter(double x, const char* name) {
  if (!std::isfinite(x) || !(x > 0.0))
    throw InputError(fmt::format("kudra-pade model: {} must be a positive finite number (got {})", name, x));
}

// (47) (order 1) and (48) (order 3) at v = (v_sx, v_sy, omega_s).
template <class T>
std::array<T, 3> pade_I(const CharacteristicIntegrals& c, const KudraPadeParameters& p, const std::array<T, 3>& v) {
  const T &vx = v[0], &vy = v[1], &om = v[2];
  const T vs = approx::norm2(vx, vy), ao = approx::abs_of(om);
  // (|v_s|^(n m_T) + b_T^m_T |omega_s|^(n m_T))^(1/m_T) and likewise with m_M, b_M
  const T vsn = approx::power_of(vs, p.order), aon = approx::power_of(ao, p.order);
  const T DT = approx::power_mean_sum(vsn, p.b_T * aon, p.m_T);
  const T DM = approx::power_mean_sum(vsn, p.b_M * aon, p.m_M);
  if (p.order == 1)
    return {(vx - p.b_T * c.c011 * om) / DT, (vy + p.b_T * c.c101 * om) / DT,
            (p.b_M * c.c00m1 * om - c.c010 * vx + c.c100 * vy) / DM};
  const T vs2 = vx * vx + vy * vy, om2 = om * om;
  const T Tx = vs2 * vx - c.c100 * vx * vy * om - c.c010 * vy * vy * om +
               p.b_T * (c.c203 * vx * om2 + c.c113 * vy * om2 - c.c011 * om2 * om);
  const T Ty = vs2 * vy + c.c100 * vx * vx * om + c.c010 * vx * vy * om +
               p.b_T * (c.c113 * vx * om2 + c.c023 * vy * om2 + c.c101 * om2 * om);
  const T M = p.b_M * c.c00m1 * om2 * om - c.c010 * vs2 * vx + c.c100 * vs2 * vy +
              (c.c200 * vx * vx + 2.0 * c.c110 * vx * vy + c.c020 * vy * vy) * om;
  return {Tx / DT, Ty / DT, M / DM};
}
}  // namespace

KudraPadeModel::KudraPadeModel(const Contact& contact, double rho, KudraPadeParameters parameters)
    : KudraModel(contact, rho, "kudra-pade"), p_(parameters) {
  const std::array<KudraApproximantOrders, 2> orders = kudra_pade_orders(p_.order);  // InputError unless 1, 3, 5, 7
  check_parameter(p_.b_T, "b_T");
  check_parameter(p_.b_M, "b_M");
  check_parameter(p_.m_T, "m_T");
  check_parameter(p_.m_M, "m_M");
  if (p_.order > 3) general_.emplace(frame(), orders[0], orders[1]);
}

namespace {
const char* approximant_name(int order) {
  switch (order) {
    case 1: return "I_{0,0} (47)";
    case 3: return "I_{1,1} (48)";
    case 5: return "I_{2(1),2}, torque I_{2,2} (44)-(45)";
    default: return "I_{3(1),3}, torque I_{3(2),3} (44)-(45)";
  }
}
}  // namespace

std::string KudraPadeModel::description() const {
  return fmt::format("modified Pade I order {} ({}) (b_T = {:g}, b_M = {:g}, m_T = {:g}, m_M = {:g}), {}", p_.order,
                     approximant_name(p_.order), p_.b_T, p_.b_M, p_.m_T, p_.m_M, where());
}

Eigen::Vector3d KudraPadeModel::law_value(const Eigen::Vector3d& v) const {
  if (general_) return general_->value(v, p_);
  return approx::value_of([&](const auto& x) { return pade_I(c(), p_, x); }, v);
}

KudraLaw KudraPadeModel::law(const Eigen::Vector3d& v) const {
  if (general_) return general_->law(v, p_);
  KudraLaw L;
  approx::value_and_jacobian([&](const auto& x) { return pade_I(c(), p_, x); }, v, L.f, L.df);
  // |v_s|^(n m) is a cone at the poles and |omega_s|^(n m) a kink on the equator for n m <= 1
  const bool smooth = p_.order * std::min(p_.m_T, p_.m_M) > 1.0;
  L.differentiable = smooth || (v.z() != 0.0 && (v.x() != 0.0 || v.y() != 0.0));
  return L;
}

// The denominators of (47)/(48)/(44) hold |omega_s|^(n m) and |v_s|^(n m): a power |x|^e is a kink
// (a cone at the poles) for e <= 1, C^1 for 1 < e < 2, and C^2 for e = 2 or e > 2.
KinkSets KudraPadeModel::kink_sets() const {
  const double e = p_.order * std::min(p_.m_T, p_.m_M);
  const Smoothness s = e <= 1.0 ? Smoothness::kink : e < 2.0 ? Smoothness::c1 : Smoothness::smooth;
  return {s, s};
}

std::unique_ptr<KudraPadeModel> make_kudra_pade_model(const Contact& contact, KudraPadeParameters p) {
  return std::make_unique<KudraPadeModel>(contact, contact.kappa(), p);
}

// ----- (38)-(39) with d = 0 ---------------------------------------------------------------------
// Then c_{0,1,1} = c_{1,0,1} = A_3 = 0, A_1 = 1/c_{2,0,3}, A_2 = 1/c_{0,2,3} (in the contact's
// own axes, c_{1,1,3} = 0) and A_4 = c_{0,0,-1}/(c_{2,0,0} c_phi^2 + 2 c_{1,1,0} s_phi c_phi
// + c_{0,2,0} s_phi^2), so A_4 v_s = c_{0,0,-1} v_s^3/(c200 v_sx^2 + 2 c110 v_sx v_sy + c020 v_sy^2).

namespace {
template <class T>
std::array<T, 3> pade_first(const CharacteristicIntegrals& c, const std::array<T, 3>& v) {
  const T &vx = v[0], &vy = v[1], &om = v[2];
  const T vs = approx::norm2(vx, vy), ao = approx::abs_of(om);
  T A4vs(0.0);
  if (value(vs) > 0.0) A4vs = c.c00m1 * vs * vs * vs / (c.c200 * vx * vx + 2.0 * c.c110 * vx * vy + c.c020 * vy * vy);
  return {vx / (vs + ao / c.c203), vy / (vs + ao / c.c023), c.c00m1 * om / (ao + A4vs)};
}
}  // namespace

// (39): |omega_s| kinks on the equator, A_4 v_s (degree 1 in (v_sx, v_sy)) is a cone at the poles.
KinkSets KudraPadeFirstModel::kink_sets() const { return {Smoothness::kink, Smoothness::kink}; }

KudraPadeFirstModel::KudraPadeFirstModel(const Contact& contact, double rho)
    : KudraModel(contact, rho, "kudra-pade-first") {
  if (contact.d() != 0.0)
    throw InputError("kudra-pade-first model: the first-order Pade approximants (38)-(39) need an undistorted "
                     "pressure (d = 0); with d > 0 their denominators vanish on the sphere");
}

std::string KudraPadeFirstModel::description() const {
  return fmt::format("first-order Pade (38)-(39), {}", where());
}

Eigen::Vector3d KudraPadeFirstModel::law_value(const Eigen::Vector3d& v) const {
  return approx::value_of([&](const auto& x) { return pade_first(c(), x); }, v);
}

KudraLaw KudraPadeFirstModel::law(const Eigen::Vector3d& v) const {
  KudraLaw L;
  approx::value_and_jacobian([&](const auto& x) { return pade_first(c(), x); }, v, L.f, L.df);
  L.differentiable = v.z() != 0.0 && (v.x() != 0.0 || v.y() != 0.0);
  return L;
}

}  // namespace limitdir
