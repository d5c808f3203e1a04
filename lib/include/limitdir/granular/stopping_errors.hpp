#pragma once
// The two errors a local problem (63) [Acary & Bourrier 2021] is stopped on: Siconos' relative
// error (its rolling_fc3d_compute_error, so that a tolerance means the same in both programs)
// and the same relative residual in consistent units (docs/manual.md section 15, "What the
// tolerance allows").
#include <Eigen/Core>
#include <vector>

#include "limitdir/granular/delassus.hpp"

namespace limitdir {

/// Siconos 4.4's relative error of (r, u) (its rolling_fc3d_compute_error, so that a tolerance
/// means the same in both programs): |(p_alpha - proj_{K_r}(p_alpha - yhat_alpha))_alpha| /
/// max(|q|, |p|, |W p + q|), yhat the modified velocity (32) of y = W p + q; absolute when that
/// maximum is <= DBL_EPSILON.
double siconos_error(const BlockSparseProblem& problem, const Eigen::VectorXd& p);

/// The same relative residual in consistent units: each contact's natural map
/// G'^a = p'^a - proj_{K'}(p'^a - rho_a yhat'^a) in the variables scaled by its length l
/// (rolling rows l w_R, m_R/l, mu_r/l: every velocity row in m/s, every impulse row in N s) with
/// rho_a = 1/max diag(W'^{aa}) (a mass, kg), so that G' is an impulse; divided by
/// max(|p'|, |rho q'|, |rho y'|), absolute only when that maximum is 0. Siconos' error divides a
/// sum of impulses and velocities (rolling ones in rad/s) by the largest of them, so that a fast
/// spin anywhere hides any impulse's residual; this one does not (docs/manual.md section 15,
/// "What the tolerance allows"). length empty: all 1.
double consistent_error(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const std::vector<double>& length);

}  // namespace limitdir
