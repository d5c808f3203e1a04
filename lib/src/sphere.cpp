#include "limitdir/sphere.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace limitdir {

Eigen::Vector3d w_from_angles(double theta, double phi) {  // (32)
  return {std::cos(theta) * std::cos(phi), std::cos(theta) * std::sin(phi), std::sin(theta)};
}

double theta_of(const Eigen::Vector3d& w) { return std::atan2(w.z(), std::hypot(w.x(), w.y())); }  // (33)

double phi_of(const Eigen::Vector3d& w) { return std::atan2(w.y(), w.x()); }  // (33)

double epsilon_of(const Eigen::Vector3d& w, double rho_over_R) {  // (35)
  const double w12 = std::hypot(w.x(), w.y());
  if (w.z() == 0.0) return std::numeric_limits<double>::infinity();
  return rho_over_R * w12 / std::abs(w.z());
}

Eigen::Vector3d w_from_epsilon(double epsilon, double phi, int spin_sign, double rho_over_R) {  // (36)
  if (!(epsilon >= 0.0)) throw std::domain_error("w_from_epsilon: epsilon must be >= 0");
  double w12 = 1.0, w3 = 0.0;
  if (std::isfinite(epsilon)) {
    const double n = std::hypot(epsilon, rho_over_R);
    w12 = epsilon / n;
    w3 = rho_over_R / n;
  }
  return {w12 * std::cos(phi), w12 * std::sin(phi), spin_sign < 0 ? -w3 : w3};
}

Eigen::Matrix<double, 3, 2> dw_dangles(double theta, double phi) {
  Eigen::Matrix<double, 3, 2> J;
  J << -std::sin(theta) * std::cos(phi), -std::cos(theta) * std::sin(phi),  //
      -std::sin(theta) * std::sin(phi), std::cos(theta) * std::cos(phi),    //
      std::cos(theta), 0.0;
  return J;
}

}  // namespace limitdir
