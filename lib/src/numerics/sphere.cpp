#include "limitdir/numerics/sphere.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace limitdir {

Eigen::Vector3d w_from_angles(double theta, double phi) {  // (32)
  return {std::cos(theta) * std::cos(phi), std::cos(theta) * std::sin(phi), std::sin(theta)};
}

double theta_of(const Eigen::Vector3d& w) { return std::atan2(w.z(), std::hypot(w.x(), w.y())); }  // (33)

// (33), in (-pi, pi] (docs/manual.md section 1): atan2 gives -pi for y = -0, x < 0.
double phi_of(const Eigen::Vector3d& w) {
  const double p = std::atan2(w.y(), w.x());
  return p <= -3.141592653589793 ? 3.141592653589793 : p;
}

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

namespace limitdir {

// The frame obtained by rotating (e1, e2, e3) to (t1, t2, w) about the axis e3 x w; for w
// near -e3 the same construction from -w with t1, t2 swapped keeps t1 x t2 = w.
Eigen::Matrix<double, 3, 2> tangent_basis(const Eigen::Vector3d& w) {
  const bool flip = w.z() < -0.5;
  const Eigen::Vector3d u = flip ? Eigen::Vector3d(-w) : w;
  const double k = 1.0 / (1.0 + u.z());
  Eigen::Vector3d s1(1.0 - u.x() * u.x() * k, -u.x() * u.y() * k, -u.x());
  Eigen::Vector3d s2(-u.x() * u.y() * k, 1.0 - u.y() * u.y() * k, -u.y());
  Eigen::Matrix<double, 3, 2> P;
  if (flip) {
    P.col(0) = s2;
    P.col(1) = s1;
  } else {
    P.col(0) = s1;
    P.col(1) = s2;
  }
  return P;
}

}  // namespace limitdir
