#pragma once
// The mass matrix M of a system near stick (docs/manual.md section 2): whether it can be one, and
// its inverse, both relative to M's own scale (B(w) w + c = M^-1 (q + Q_e), (100)-(101)).
#include <Eigen/Core>
#include <string>

namespace limitdir {

/// A mass matrix is singular relative to its norm when its reciprocal condition number
/// sigma_min/sigma_max is at most this: 1e-12. Solving M x = b in double then loses up to
/// cond(M) eps = 1e12 x 2.2e-16 = 2.2e-4 of x relatively, beyond the 1e-6 the reports print
/// directions to. Scale-free: sM has the condition number of M for every s > 0.
inline constexpr double kMassReciprocalCondition = 1e-12;

/// The range of |M^-1| = 1/sigma_min(M) (the largest gain from a load, in units of mu g, to the
/// field B(w) w + c = M^-1 (q + Q_e), |q| ~ 1) in which the solvers work. Below 1e-4 the field is
/// so small that their absolute tolerances (|V*| <= 1e-13 after Newton, limits/limits.hpp; 1e-10
/// in branch tracing) exceed 1e-6 of it, the accuracy a direction is reported to (measured on
/// share/problems/general.json's mass times s: right to 2e-14 at s = 1e5, |M^-1| = 1.7e-5; a
/// spurious fifth direction at s = 1e6). Above 1e100 the solvers' cubes of the field (~|M^-1|^3)
/// near 1e300 overflow (the residual was inf at s = 1e-200). Scaling M by s scales the field by
/// 1/s and leaves the limit directions as they are (tests/cli/mass_matrix.sh).
inline constexpr double kMinMassInverseNorm = 1e-4;
inline constexpr double kMaxMassInverseNorm = 1e100;

/// Why M cannot be the mass matrix of a System, or "" (docs/manual.md section 2): not finite;
/// zero; singular relative to its norm (kMassReciprocalCondition, computed on M scaled by a power
/// of two to a largest entry in [1, 2), so that no scale over- or underflows; a diagonal M is
/// inverted entry by entry, exactly to rounding, and is singular only with a zero on its
/// diagonal); or |M^-1| outside [kMinMassInverseNorm, kMaxMassInverseNorm] ("too large", "too
/// small": 1e300 I and 1e-300 I are not singular, they are beyond the solvers' range).
std::string mass_matrix_problem(const Eigen::Matrix3d& M);

/// M^-1, computed on M scaled by a power of two (exactly), then scaled back (a diagonal M: 1/M_ii);
/// call after mass_matrix_problem(M) is "".
Eigen::Matrix3d mass_matrix_inverse(const Eigen::Matrix3d& M);

}  // namespace limitdir
