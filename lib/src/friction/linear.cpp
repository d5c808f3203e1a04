// The fitted linear model (64)-(66) [Nonlinear Dyn. 2024].
#include "limitdir/friction/linear.hpp"

#include "limitdir/core/errors.hpp"

namespace limitdir {

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

}  // namespace limitdir
