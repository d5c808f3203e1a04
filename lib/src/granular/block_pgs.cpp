// Block projected Gauss-Seidel on sparse Delassus blocks (granular/block_pgs.hpp).
#include "limitdir/granular/block_pgs.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include <Eigen/LU>

#include "limitdir/core/cancellation.hpp"

namespace limitdir {

namespace {

// D = diag(1, 1, 1, l, l) of rolling/cone.hpp's reference length: y' = D y, p' = D^-1 p.
Vector5 scale_down(const Vector5& p, double l) {
  Vector5 out = p;
  out.tail<2>() /= l;
  return out;
}
Vector5 scale_up(const Vector5& p, double l) {
  Vector5 out = p;
  out.tail<2>() *= l;
  return out;
}

/// The two cases of the one-contact problem (67) with a closed-form solution, tried before the
/// iteration: sticking, p = -W^-1 qbar inside K_r, where y = 0 and yhat = 0 (so p in K_r,
/// yhat in K_r*, p . yhat = 0); opening, qbar_N >= 0, where p = 0 and yhat = qbar + g(qbar) has
/// yhat_N = qbar_N + mu |qbar_T| + mu_r |qbar_R| >= mu |qbar_T| + mu_r |qbar_R| (in K_r*). p is
/// set and true returned in these cases; else p is left as it is.
bool exact_one_contact(const Matrix5& Winv, const Vector5& qbar, const RollingCone& cone, Vector5& p) {
  if (qbar[0] >= 0.0) {
    p.setZero();
    return true;
  }
  const Vector5 stick = -(Winv * qbar);
  if (stick[0] > 0.0 && stick.segment<2>(1).norm() < cone.mu * stick[0] && stick.tail<2>().norm() < cone.mu_r * stick[0]) {
    p = stick;
    return true;
  }
  return false;
}

}  // namespace

double siconos_error(const BlockSparseProblem& problem, const Eigen::VectorXd& p) {
  const Eigen::VectorXd y = problem.velocity(p);
  double sum = 0.0;
  for (int a = 0; a < problem.contacts(); ++a)
    sum += natural_map(p.segment<5>(5 * a), y.segment<5>(5 * a), problem.cones[static_cast<std::size_t>(a)]).squaredNorm();
  const double scale = std::max({problem.q.norm(), p.norm(), y.norm()});
  const double e = std::sqrt(sum);
  return scale > DBL_EPSILON ? e / scale : e;
}

BlockPgsResult solve_block_pgs(const BlockSparseProblem& problem, Eigen::VectorXd& p, const BlockPgsOptions& options,
                               const std::vector<double>& length) {
  const int nc = problem.contacts();
  BlockPgsResult out;
  if (nc == 0) {
    out.converged = true;
    return out;
  }
  // Per contact: the scaled W^{aa} and cone, and the step of its projected fixed point, kept
  // across sweeps (rolling/solvers.hpp).
  std::vector<Matrix5> Wd(static_cast<std::size_t>(nc));
  std::vector<RollingCone> cone(static_cast<std::size_t>(nc));
  std::vector<double> rho(static_cast<std::size_t>(nc));
  std::vector<Matrix5> Winv(static_cast<std::size_t>(nc));
  std::vector<double> l(static_cast<std::size_t>(nc), 1.0);
  for (int a = 0; a < nc; ++a) {
    const std::size_t k = static_cast<std::size_t>(a);
    if (!length.empty()) l[k] = length[k];
    Vector5 d = Vector5::Ones();
    d.tail<2>().setConstant(l[k]);
    Wd[k] = d.asDiagonal() * problem.diagonal[k] * d.asDiagonal();
    cone[k] = {problem.cones[k].mu, problem.cones[k].mu_r / l[k]};
    // The largest step that keeps the projected map a contraction for this block is ~1/|W|:
    // start there (the step rule adapts it).
    rho[k] = 1.0 / std::max(Wd[k].diagonal().maxCoeff(), DBL_MIN);
    Winv[k] = Wd[k].inverse();
  }
  // The one-contact solves measure their error in the scaled variables, relative to |qbar'|;
  // in SI a velocity error of the rolling rows is 1/l times the scaled one and an impulse error
  // l times, and |qbar| >= |qbar'| / max(1, l): a scaled error e' is an SI error of at most
  // e' max(l, 1/l) max(1, l). The local tolerance divides that factor out.
  std::vector<double> local_tol(static_cast<std::size_t>(nc));
  for (std::size_t k = 0; k < l.size(); ++k)
    local_tol[k] = options.local_tol_factor * options.tol / (std::max(l[k], 1.0 / l[k]) * std::max(1.0, l[k]));
  // At least one sweep, as Siconos' NSGS does: a warm start that already meets the tolerance
  // is still brought to the new step's contact law (else stale tangential reactions of the
  // last step, within the relative tolerance, could do work of the wrong sign).
  out.error = std::numeric_limits<double>::infinity();
  while (out.error > options.tol && out.sweeps < options.max_sweeps && !std::isnan(out.error)) {
    ++out.sweeps;
    poll_cancellation();  // core/cancellation.hpp: once per sweep
    long sweep_iterations = 0;
    bool changed = false;
    // While the global error is far above tol, the one-contact solves need not be finer than
    // it: their tolerance is loosened by the ratio error/tol of the last sweep (capped at 1e3),
    // and is local_tol itself from the sweep where the global error is within tol's decade.
    const double looser = std::isfinite(out.error) ? std::clamp(out.error / (10.0 * options.tol), 1.0, 1e3) : 1e3;
    for (int a = 0; a < nc; ++a) {
      const std::size_t k = static_cast<std::size_t>(a);
      // qbar of (67): q^a + sum_{b != a} W^{ab} p^b, scaled.
      const Vector5 qbar = scale_up(Vector5(problem.q.segment<5>(5 * a) + problem.coupling(a, p)), l[k]);
      const Vector5 before = scale_down(p.segment<5>(5 * a), l[k]);
      Vector5 pa = before;
      if (!exact_one_contact(Winv[k], qbar, cone[k], pa)) {
        const OneContactOutcome o = solve_one_contact(Wd[k], qbar, cone[k], pa, rho[k], local_tol[k] * looser,
                                                      options.local_max_iter, options.step);
        sweep_iterations += o.iterations;
      }
      changed = changed || pa != before;
      p.segment<5>(5 * a) = scale_up(pa, l[k]);
    }
    out.local_iterations += sweep_iterations;
    out.error = siconos_error(problem, p);
    // No contact changed at the final local tolerance: no further sweep will change p (the
    // error is at the rounding of the local solves).
    if (!changed && looser == 1.0) break;
  }
  out.converged = out.error <= options.tol;
  return out;
}

}  // namespace limitdir
