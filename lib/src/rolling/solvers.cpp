// Projected solvers of the rolling friction problem (63)-(67) [Acary & Bourrier 2021]; see
// rolling/solvers.hpp. The step rule is the self-adaptive one described in rolling/solvers.hpp
// (a guess of the Lipschitz constant of F, as Sect. 5.1 suggests).
#include "limitdir/rolling/solvers.hpp"

#include <Eigen/Core>
#include <cmath>
#include <string>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

// |W_ij - W_ji| allowed, relative to max |W_ij|: assembling W = H M^-1 H^T rounds each entry
// to a few eps times the number of terms; 1e-12 (~4500 eps) admits that for hundreds of
// contacts and still rejects a matrix that is not symmetric.
constexpr double kSymmetryTol = 1e-12;

// One contact (67) on fixed-size types.
struct OneContactModel {
  const Matrix5& W;
  const Vector5& q;
  const RollingCone& cone;
  double scale;
  Vector5 F(const Vector5& p) const { return modified_velocity(Vector5(W * p + q), cone); }
  Vector5 project(const Vector5& x) const { return project_rolling_cone(x, cone).p; }
  double error(const Vector5& p, const Vector5& Fp) const { return (p - project(p - Fp)).norm() / scale; }
};

// n_c contacts (63): F and the projection act contact by contact.
struct ManyContactModel {
  const RollingProblem& problem;
  double scale;
  Eigen::VectorXd F(const Eigen::VectorXd& p) const { return modified_velocity(problem, p); }
  Eigen::VectorXd project(const Eigen::VectorXd& x) const {
    Eigen::VectorXd out(x.size());
    for (std::size_t c = 0; c < problem.cones.size(); ++c)
      out.segment<5>(5 * c) = project_rolling_cone(x.segment<5>(5 * c), problem.cones[c]).p;
    return out;
  }
  double error(const Eigen::VectorXd& p, const Eigen::VectorXd& Fp) const {
    return (p - project(p - Fp)).norm() / scale;
  }
};

struct IterationCount {
  int iterations = 0;
  long evaluations = 0;
  double error = 0.0;
};

// The projected fixed point (64) (or extra-gradient (65)) with the self-adaptive step, from p
// (updated) and rho (updated), until error <= tol, max_iter iterations, or a non-finite error.
template <class Model, class Vec>
IterationCount adaptive_projection(const Model& m, Vec& p, double& rho, double tol, int max_iter, const StepRule& s,
                                   bool extragradient) {
  IterationCount out;
  Vec Fp = m.F(p);
  ++out.evaluations;
  out.error = m.error(p, Fp);
  while (out.error > tol && out.iterations < max_iter) {
    ++out.iterations;
    double r = rho, lhs = 0.0, rhs = 0.0;
    Vec pt, Ft;
    for (int reductions = 0;; ++reductions, r *= s.tau) {
      pt = m.project(p - r * Fp);
      Ft = m.F(pt);
      ++out.evaluations;
      lhs = r * (Fp - Ft).norm();
      rhs = (p - pt).norm();
      if (lhs <= s.L * rhs || reductions == s.max_reductions) break;
    }
    if (extragradient) {
      p = m.project(p - r * Ft);
      Fp = m.F(p);
      ++out.evaluations;
    } else {
      p = pt;
      Fp = Ft;
    }
    out.error = m.error(p, Fp);
    rho = lhs < s.L_min * rhs ? r / s.tau : r;
    if (!std::isfinite(out.error)) break;
  }
  return out;
}

void validate_options(const RollingSolverOptions& o) {
  if (!(std::isfinite(o.tol) && o.tol > 0.0)) throw InputError("rolling solver: tol must be finite and > 0");
  if (o.max_iter < 1) throw InputError("rolling solver: max_iter must be >= 1");
  if (!(std::isfinite(o.local_tol) && o.local_tol > 0.0))
    throw InputError("rolling solver: local_tol must be finite and > 0");
  if (o.local_max_iter < 1) throw InputError("rolling solver: local_max_iter must be >= 1");
  const StepRule& s = o.step;
  if (!(std::isfinite(s.rho0) && s.rho0 > 0.0)) throw InputError("rolling solver: rho0 must be finite and > 0");
  if (!(s.tau > 0.0 && s.tau < 1.0)) throw InputError("rolling solver: tau must be in (0, 1)");
  if (!(s.L_min > 0.0 && s.L_min < s.L && s.L < 1.0))
    throw InputError("rolling solver: need 0 < L_min < L < 1");
  if (s.max_reductions < 0) throw InputError("rolling solver: max_reductions must be >= 0");
}

Eigen::VectorXd start_point(const RollingProblem& problem, const Eigen::VectorXd& p0) {
  const Eigen::Index n = problem.q.size();
  if (p0.size() == 0) return Eigen::VectorXd::Zero(n);
  if (p0.size() != n) throw InputError("rolling solver: p0 must have 5 n_c = " + std::to_string(n) + " entries");
  if (!p0.allFinite()) throw InputError("rolling solver: p0 has a non-finite entry");
  return p0;
}

RollingResult finish(Eigen::VectorXd p, int iterations, long local, double error, double tol) {
  RollingResult r;
  r.p = std::move(p);
  r.iterations = iterations;
  r.local_iterations = local;
  r.error = error;
  r.converged = error <= tol;
  r.reason = r.converged ? StopReason::converged
             : std::isfinite(error) && r.p.allFinite() ? StopReason::max_iterations
                                                       : StopReason::non_finite;
  return r;
}

RollingResult solve_projected(const RollingProblem& problem, const RollingSolverOptions& options,
                              const Eigen::VectorXd& p0, bool extragradient) {
  validate(problem);
  validate_options(options);
  Eigen::VectorXd p = start_point(problem, p0);
  const ManyContactModel model{problem, error_scale(problem.q.norm())};
  double rho = options.step.rho0;
  const IterationCount c = adaptive_projection(model, p, rho, options.tol, options.max_iter, options.step, extragradient);
  return finish(std::move(p), c.iterations, c.evaluations, c.error, options.tol);
}

}  // namespace

void validate(const RollingProblem& problem) {
  const std::size_t nc = problem.cones.size();
  if (nc == 0) throw InputError("rolling problem: no contact");
  const Eigen::Index n = static_cast<Eigen::Index>(5 * nc);
  if (problem.W.rows() != n || problem.W.cols() != n)
    throw InputError("rolling problem: W must be " + std::to_string(n) + " x " + std::to_string(n) + " (5 n_c)");
  if (problem.q.size() != n) throw InputError("rolling problem: q must have " + std::to_string(n) + " entries (5 n_c)");
  if (!problem.W.allFinite()) throw InputError("rolling problem: W has a non-finite entry");
  if (!problem.q.allFinite()) throw InputError("rolling problem: q has a non-finite entry");
  const double wmax = problem.W.cwiseAbs().maxCoeff();
  if ((problem.W - problem.W.transpose()).cwiseAbs().maxCoeff() > kSymmetryTol * wmax)
    throw InputError("rolling problem: W is not symmetric");
  for (std::size_t c = 0; c < nc; ++c) validate_cone(problem.cones[c], ("rolling problem: contact " + std::to_string(c)).c_str());
}

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::converged: return "converged";
    case StopReason::max_iterations: return "maximum iterations reached";
    case StopReason::non_finite: return "non-finite iterate";
  }
  return "?";
}

Eigen::VectorXd modified_velocity(const RollingProblem& problem, const Eigen::VectorXd& p) {
  Eigen::VectorXd y = problem.W * p + problem.q;
  for (std::size_t c = 0; c < problem.cones.size(); ++c)
    y[static_cast<Eigen::Index>(5 * c)] += dilatancy_term(y.segment<5>(5 * c), problem.cones[c]);
  return y;
}

double complementarity_error(const RollingProblem& problem, const Eigen::VectorXd& p) {
  const ManyContactModel model{problem, error_scale(problem.q.norm())};
  return model.error(p, model.F(p));
}

OneContactOutcome solve_one_contact(const Matrix5& W, const Vector5& q, const RollingCone& cone, Vector5& p,
                                    double& rho, double tol, int max_iter, const StepRule& step) {
  const OneContactModel model{W, q, cone, error_scale(q.norm())};
  const IterationCount c = adaptive_projection(model, p, rho, tol, max_iter, step, false);
  return {c.iterations, c.error};
}

RollingResult solve_projected_fixed_point(const RollingProblem& problem, const RollingSolverOptions& options,
                                          const Eigen::VectorXd& p0) {
  return solve_projected(problem, options, p0, false);
}

RollingResult solve_extragradient(const RollingProblem& problem, const RollingSolverOptions& options,
                                  const Eigen::VectorXd& p0) {
  return solve_projected(problem, options, p0, true);
}

RollingResult solve_projected_gauss_seidel(const RollingProblem& problem, const RollingSolverOptions& options,
                                           const Eigen::VectorXd& p0) {
  validate(problem);
  validate_options(options);
  Eigen::VectorXd p = start_point(problem, p0);
  const Eigen::Index nc = static_cast<Eigen::Index>(problem.cones.size());
  std::vector<double> rho(problem.cones.size(), options.step.rho0);
  long local = 0;
  int sweep = 0;
  double error = complementarity_error(problem, p);
  while (error > options.tol && sweep < options.max_iter && std::isfinite(error)) {
    ++sweep;
    poll_cancellation();  // core/cancellation.hpp: once per sweep of the projected solver
    for (Eigen::Index a = 0; a < nc; ++a) {
      const Matrix5 Waa = problem.W.block<5, 5>(5 * a, 5 * a);
      Vector5 pa = p.segment<5>(5 * a);
      // qbar of (67): q^a + sum_{b != a} W^{ab} p^b.
      const Vector5 qbar = problem.q.segment<5>(5 * a) + problem.W.middleRows<5>(5 * a) * p - Waa * pa;
      const OneContactOutcome o = solve_one_contact(Waa, qbar, problem.cones[static_cast<std::size_t>(a)], pa,
                                                    rho[static_cast<std::size_t>(a)], options.local_tol,
                                                    options.local_max_iter, options.step);
      local += o.iterations;
      p.segment<5>(5 * a) = pa;
    }
    error = complementarity_error(problem, p);
  }
  return finish(std::move(p), sweep, local, error, options.tol);
}

}  // namespace limitdir
