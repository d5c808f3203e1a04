#pragma once
// A semismooth Newton method on the whole local problem (63) of a time step [Acary & Bourrier
// 2021]: the stacked natural map (61) G(p)_alpha = p_alpha - proj_{K_r}(p_alpha - rho_alpha
// yhat_alpha(W p + q)) of every contact at once, its generalized Jacobian (rolling/cone.hpp's
// projection_jacobian and modified_velocity_jacobian) sparse, solved by sparse LU, each step
// damped by a backtracking line search on |G|^2 / 2. Block Gauss-Seidel hands over to it where
// its sweeps stagnate: at mu_r of many radii the sweeps can cycle (a contact that opens and
// closes in turn) or stall far above the tolerance, while Newton started from their iterate
// converges in a few steps (docs/manual.md section 15, "The local problem").
#include <Eigen/Core>
#include <vector>

#include "limitdir/granular/delassus.hpp"

namespace limitdir {

/// The largest local problem (unknowns, 5 a contact) handed to the global Newton method: its
/// sparse LU on a contact network fills in faster than linearly (one step measured on two layers
/// of spheres: 0.024 s at 1.9e3 unknowns, 0.10 s at 8.3e3, 0.29 s at 1.35e4), so that 20 steps
/// at 1e4 unknowns (2e3 contacts) cost a few seconds. A larger step that block Gauss-Seidel
/// leaves above its tolerance is reported as unconverged, as without Newton.
inline constexpr int max_global_newton_unknowns = 10000;

struct GlobalNewtonResult {
  int iterations = 0;  ///< accepted Newton steps
  double error = 0.0;  ///< siconos_error at the iterate returned
  double consistent_error = 0.0;  ///< consistent_error there (0 when not asked)
};

/// From p (5 n_c entries; updated in place), up to max_iter Newton steps on G in Siconos'
/// variables (p itself, rho = 1: |G| is siconos_error's numerator), then, where those stop above
/// tol, up to max_iter more from the same p in the variables scaled by length (block_pgs.hpp's
/// convention: rolling rows l w_R, m_R/l, mu_r/l; rho = 1/max W'_ii); each until
/// the error <= tol, max_iter steps, or a step the line search cannot accept; the error is
/// siconos_error(problem, p), or (consistent_tol > 0) the larger of it and consistent_error
/// times tol/consistent_tol (each measured against its own tolerance).
/// Returns the iterate of smallest error met (never worse than p at entry). n_c >= 1,
/// 5 n_c <= max_global_newton_unknowns.
GlobalNewtonResult solve_global_newton(const BlockSparseProblem& problem, Eigen::VectorXd& p, double tol, int max_iter,
                                       const std::vector<double>& length = {}, double consistent_tol = 0.0);

}  // namespace limitdir
