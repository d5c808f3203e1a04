#pragma once
// Parametrisations of the slip direction on the unit sphere, Sect. 3.2 of [Nonlinear Dyn. 2024]:
// the direction vector w (27), the angles theta (latitude) and phi (longitude) (32)-(33),
// and the slip-spin ratio epsilon (35)-(36).
#include <Eigen/Core>

namespace limitdir {

/// w = (cos th cos ph, cos th sin ph, sin th), (32).
Eigen::Vector3d w_from_angles(double theta, double phi);
/// (33) with the two-argument arctangent; phi in (-pi, pi], theta in [-pi/2, pi/2].
double theta_of(const Eigen::Vector3d& w);
double phi_of(const Eigen::Vector3d& w);
/// (35): epsilon = (rho/R) |cot theta| = (rho/R) w12/|w3|; +infinity on the equator.
double epsilon_of(const Eigen::Vector3d& w, double rho_over_R);
/// (36): the direction with slip-spin ratio epsilon, longitude phi and spin sign
/// (+1 or -1); epsilon = +infinity gives the equator.
Eigen::Vector3d w_from_epsilon(double epsilon, double phi, int spin_sign, double rho_over_R);

/// d w / d(theta, phi) as a 3x2 matrix (columns e_theta, cos(theta) e_phi).
Eigen::Matrix<double, 3, 2> dw_dangles(double theta, double phi);

// ----- spherical decomposition (105)-(110), (121)-(122) -----------------------------------

/// R*(w) = w^T F: the radial part (108) of a field value F = B(w) w + c at w.
inline double radial_part(const Eigen::Vector3d& w, const Eigen::Vector3d& F) { return w.dot(F); }
/// V*(w) = (I - w w^T) F: the part on the sphere (108), the fast dynamics (115).
inline Eigen::Vector3d spherical_part(const Eigen::Vector3d& w, const Eigen::Vector3d& F) { return F - w.dot(F) * w; }
/// An orthonormal basis P = [t1 t2] of the tangent plane at the unit vector w, with
/// t1 x t2 = w (positively oriented), smooth in w away from w = -e3.
Eigen::Matrix<double, 3, 2> tangent_basis(const Eigen::Vector3d& w);

}  // namespace limitdir
