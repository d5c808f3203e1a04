#pragma once
// A semismooth Newton method for one contact's rolling friction problem (67)
// [Acary & Bourrier 2021]: y = W p + q, p in K_r, yhat = y + g(y) e_1 in K_r*, p . yhat = 0,
// written as the zero of the natural map (61) G(p) = p - proj_{K_r}(p - rho yhat(W p + q)).
// Its Jacobian is taken face by face (rolling/cone.hpp's projection_jacobian, and the
// derivative of De Saxce's term g(y) = mu |u_T| + mu_r |w_R| (32), with 0 where |u_T| or |w_R|
// is 0); steps are damped by a backtracking line search on |G|^2 / 2. Near a solution it
// converges quadratically on a face, where the projected fixed point (64) converges linearly
// at a rate that tends to 1 as W grows ill-conditioned or mu_r large.
#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/solvers.hpp"

namespace limitdir {

/// From p (updated in place to the last accepted iterate), Newton steps until the error of
/// solve_one_contact (|natural_map(p, W p + q)| / error_scale(|q|)) is <= tol, max_iter steps,
/// or a step that the line search cannot accept (a singular Jacobian, a non-descent direction:
/// then the caller goes on with another method from p, which is never worse than at entry).
/// rho > 0 is the step of G (1/max W_ii is the natural one). No validation (hot path of PGS).
OneContactOutcome solve_one_contact_newton(const Matrix5& W, const Vector5& q, const RollingCone& cone, Vector5& p,
                                           double rho, double tol, int max_iter);

}  // namespace limitdir
