#pragma once
// How the reports write numbers that are zero by construction (docs/manual.md section 5):
// a signed zero -0 or a subnormal result of a computation on the scale of a unit vector is
// printed as 0, and the longitude phi of a pole, undefined there, is 0 by convention.
// Genuine small numbers (e.g. a rounding residue 1e-17 in a component of w) are kept.
#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

/// Below the smallest normal double the reports' quantities (components of unit vectors,
/// rates and eigenvalues of O(1) systems, all computed from normal inputs) carry no
/// significant digit: such a value is an underflow of a product of vanishing terms, i.e. 0.
inline constexpr double kReportZero = std::numeric_limits<double>::min();

/// w is a pole when sqrt(w1^2 + w2^2) is at most this: the solvers stop at |V*(w)| <= 1e-13
/// (SolverOptions::residual_tol), and near a pole with an O(1) eigenvalue lambda of J_T the
/// offset from it is |V*| / |lambda|, so directions within 1e-13 of a pole are that pole to the
/// solvers' accuracy (e.g. (1.3e-15, 2.8e-17, 1) of the elliptic contact at F = 0), and
/// phi = atan2(w2, w1) of such residues is noise.
inline constexpr double kPoleTolerance = 1e-13;

/// x with -0 and |x| < kReportZero written as +0.
inline double report_number(double x) { return std::abs(x) < kReportZero ? 0.0 : x; }

inline Eigen::Vector3d report_vector(const Eigen::Vector3d& v) {
  return {report_number(v[0]), report_number(v[1]), report_number(v[2])};
}

/// True when the unit vector w is a pole (0, 0, +-1) to rounding (kPoleTolerance).
inline bool at_pole(const Eigen::Vector3d& w) { return std::hypot(w.x(), w.y()) <= kPoleTolerance; }

/// phi (33) as reported: phi_of(w), and 0 at a pole where it is undefined.
inline double report_phi(const Eigen::Vector3d& w) { return at_pole(w) ? 0.0 : report_number(phi_of(w)); }

}  // namespace limitdir
