// The simple model families: the Coulomb point contact (75), the fitted linear model
// (64)-(69) of [Nonlinear Dyn. 2024], and the Pade models of [Kireenkov] (eqs 9-10).
#include <cmath>
#include <fmt/format.h>

#include "friction/enclose.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir {

// ----- (75) ------------------------------------------------------------------------------------

namespace {
class CoulombPointModel final : public AxisymmetricModel {
 public:
  CoulombPointModel(double c, double k) : AxisymmetricModel(c, k) {}
  std::string name() const override { return "coulomb-point"; }
  std::string description() const override { return "Coulomb point contact (75)"; }
  // C = Q_w/w12 = 1/w12 = 1/cos(theta), S = 0. At the poles q = 0 (pure spin, (41) with
  // R -> 0) and q is discontinuous.
  MeridianValue meridian(double w12, double w3) const override {
    if (w12 == 0.0) return {0.0, 0.0, 0.0, 0.0, false};
    return {1.0 / w12, w3 / (w12 * w12), 0.0, 0.0, true};
  }
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override {
    return detail::enclose_coulomb_point(x);
  }
};
}  // namespace

std::unique_ptr<AxisymmetricModel> make_coulomb_point_model(double rho_over_R, double kappa_over_rho) {
  return std::make_unique<CoulombPointModel>(rho_over_R, kappa_over_rho);
}

// ----- (64)-(66) -------------------------------------------------------------------------------

LinearModel::LinearModel(const Eigen::Matrix3d& Pi, double rho_over_R, double kappa_over_rho,
                         std::string description)
    : FrictionModel(rho_over_R, kappa_over_rho), Pi_(Pi), description_(std::move(description)) {
  if (!Pi.allFinite()) throw InputError("linear model: the matrix Pi is not finite");
}

std::unique_ptr<LinearModel> LinearModel::fit(const FrictionModel& reference) {
  Eigen::Matrix3d Pi;  // (66): columns q(w_i), q(w_ii), q(w_iii) at the directions (65)
  for (int i = 0; i < 3; ++i) Pi.col(i) = reference.q(Eigen::Vector3d::Unit(i));
  return std::make_unique<LinearModel>(Pi, reference.rho_over_R(), reference.kappa_over_rho(),
                                       "linear fit (64)-(66) of " + reference.description());
}

Eigen::Vector3d LinearModel::q_unit(const Eigen::Vector3d& w) const { return Pi_ * w; }

FrictionJacobian LinearModel::jacobian_unit(const Eigen::Vector3d& w) const {
  return {Pi_ * w, Pi_ * (Eigen::Matrix3d::Identity() - w * w.transpose()), true};
}

// ----- Pade models, [Kireenkov] eqs (9)-(10) with mu1 = mu2 = k = 0 -------------------------------
// With u = R|omega|, v the slip speed and eps = v/u:
//   order 1 (9):  F/F0 = v/(v + a u) = eps/(eps + a),         M/M0 = u/(u + m v) = 1/(1 + m eps),
//                 1/a = (u/F0) dF/dv|_{v=0} = dQ_eps/deps(0), 1/m = (v/M0) dM/du|_{u=0} = lim eps T_eps;
//   order 2 (10): F/F0 = (v^2 + a u v)/(v^2 + a u v + u^2), M/M0 = (u^2 + m u v)/(v^2 + m u v + u^2),
//                 a = dQ_eps/deps(0), m = lim eps T_eps.

PadeModel::PadeModel(const ExactModel& exact, int order)
    : RegionModel(exact.rho_over_R(), exact.kappa_over_rho()), order_(order) {
  if (order != 1 && order != 2) throw InputError(fmt::format("pade model: order must be 1 or 2 (got {})", order));
  const double G0 = exact.slope_at_pure_spin(), H0 = exact.slope_at_pure_sliding();
  a_ = order == 1 ? 1.0 / G0 : G0;
  m_ = order == 1 ? 1.0 / H0 : H0;
  reference_ = exact.description();
}

std::string PadeModel::description() const {
  return fmt::format("Pade order {} (a = {:.6g}, m = {:.6g}) fitted to {}", order_, a_, m_, reference_);
}

RegionModel::Pole PadeModel::pole(double eps) const {  // G = Q_eps/eps, T_eps
  const double a = a_, m = m_;
  if (order_ == 1) {
    const double da = eps + a, dm = 1.0 + m * eps;
    return {1.0 / da, -1.0 / (da * da), 1.0 / dm, -m / (dm * dm)};
  }
  const double qa = eps * eps + a * eps + 1.0, qm = eps * eps + m * eps + 1.0;
  return {(eps + a) / qa, (1.0 - a * a - 2.0 * a * eps - eps * eps) / (qa * qa), (1.0 + m * eps) / qm,
          (-2.0 * eps - m * eps * eps) / (qm * qm)};
}

RegionModel::Equator PadeModel::equator(double s) const {  // Q_eps and H = eps T_eps in s = 1/eps
  const double a = a_, m = m_;
  if (order_ == 1) {
    const double qa = 1.0 + a * s, qm = s + m;
    return {1.0 / qa, -a / (qa * qa), 1.0 / qm, -1.0 / (qm * qm)};
  }
  const double qa = 1.0 + a * s + s * s, qm = 1.0 + m * s + s * s;
  return {(1.0 + a * s) / qa, (-2.0 * s - a * s * s) / (qa * qa), (s + m) / qm,
          (1.0 - m * m - s * s - 2.0 * m * s) / (qm * qm)};
}

}  // namespace limitdir
