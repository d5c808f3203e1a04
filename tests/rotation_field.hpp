#pragma once
// The linear model (64) with a rotation part, whose closed orbits are known in closed form
// (dynamics/test_closed_orbits.cpp, limits/test_orbit_exclusion.cpp derive them): M = I,
// B = R B0 R^T with B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]], load direction R e3.
#include <Eigen/Geometry>
#include <memory>

#include "limitdir/friction/linear.hpp"
#include "limitdir/system/system.hpp"

namespace ref {

/// The fixed generic frame R of the rotation field.
inline Eigen::Matrix3d rotation_frame() {
  return Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
}

inline limitdir::System rotation_system(const Eigen::Matrix3d& R, double a, double lambda, double omega) {
  Eigen::Matrix3d B0;
  B0 << a, -omega, 0, omega, a, 0, 0, 0, lambda;
  auto model = std::make_shared<limitdir::LinearModel>(R * B0 * R.transpose(), 1.0, 1.0, "rotation");
  return limitdir::System(Eigen::Matrix3d::Identity(), R.col(2), Eigen::Vector3d::Zero(), model);
}

}  // namespace ref
