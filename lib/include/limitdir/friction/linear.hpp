#pragma once
// The linear friction model q = Pi w (64)-(69) [Nonlinear Dyn. 2024], fitted to a reference model.
#include <Eigen/Core>
#include <memory>
#include <optional>
#include <string>

#include "limitdir/friction/model.hpp"

namespace limitdir {

/// (64): q(w) = Pi w with a constant 3x3 matrix Pi (= Pi-hat/(mu P)).
class LinearModel : public FrictionModel {
 public:
  LinearModel(const Eigen::Matrix3d& Pi, double rho_over_R, double kappa_over_rho, std::string description);
  /// (65)-(66): Pi = [q(w_i) q(w_ii) q(w_iii)] of a reference model at the elementary
  /// directions; for an axisymmetric exact reference this is (67).
  static std::unique_ptr<LinearModel> fit(const FrictionModel& reference);
  const Eigen::Matrix3d& Pi() const { return Pi_; }
  std::string name() const override { return "linear-fit"; }
  std::string description() const override { return description_; }
  std::optional<QEnclosure> enclose(const IVec3& x) const override;
  std::optional<IJet2Vec3> q_jet(const IJet2Vec3& w) const override;

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  Eigen::Matrix3d Pi_;
  std::string description_;
};

}  // namespace limitdir
