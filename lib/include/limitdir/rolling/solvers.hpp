#pragma once
// Solvers of the cone complementarity problem (63) [Acary & Bourrier 2021] for n_c contacts:
//   y = W p + q,  yhat = y + g(y),  yhat in K_r*, p in K_r, yhat^T p = 0  (per contact),
// with W (5 n_c x 5 n_c, symmetric positive (semi-)definite, the Delassus operator) and
// q in R^{5 n_c}, contact alpha in rows 5 alpha .. 5 alpha + 4 (rolling/cone.hpp for the
// variables and the reference-length convention).
//
// Methods (Sect. 5.1-5.2): the projected fixed point (64), the extra-gradient method (65), both
// with a self-adaptive step rho, and the projected Gauss-Seidel / block splitting (66)-(67), whose
// one-contact problem is solved by the same adaptive projected fixed point.
//
// Error (the paper's stopping criterion is not defined there; this one is the natural map of (61)):
//   error(p) = |p - proj_{K_r}(p - yhat(p))| / |q|   (stacked over contacts, rho = 1;
//   absolute when |q| <= DBL_EPSILON). It is zero exactly at a solution.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "limitdir/rolling/cone.hpp"

namespace limitdir {

struct RollingProblem {
  Eigen::MatrixXd W;
  Eigen::VectorXd q;
  std::vector<RollingCone> cones;  ///< one per contact: n_c = cones.size()
};

/// Throws InputError (one line) unless n_c >= 1, W is 5 n_c x 5 n_c, finite and symmetric,
/// q has 5 n_c finite entries and every mu, mu_r is finite and >= 0.
void validate(const RollingProblem& problem);

/// Self-adaptive step of the projected iterations: start from rho0; per iteration the trial
/// step is reduced by tau (at most max_reductions times) until
/// rho |F(p) - F(ptilde)| <= L |p - ptilde|, and raised by 1/tau for the next iteration when
/// rho |F(p) - F(ptilde)| < L_min |p - ptilde|.
struct StepRule {
  double rho0 = 1.0;
  double tau = 2.0 / 3.0;
  double L = 0.9;
  double L_min = 0.3;
  int max_reductions = 10;
};

struct RollingSolverOptions {
  double tol = 1e-12;        ///< on error(p), see above
  int max_iter = 1000;       ///< iterations (PFP, extra-gradient) or sweeps (PGS)
  double local_tol = 1e-14;  ///< PGS: error of each one-contact problem (67), relative to its |qbar|
  int local_max_iter = 1000;
  StepRule step;
};

enum class StopReason { converged, max_iterations, non_finite };
const char* stop_reason_name(StopReason r);

struct RollingResult {
  Eigen::VectorXd p;
  int iterations = 0;          ///< iterations or sweeps done
  long local_iterations = 0;   ///< PGS: total one-contact iterations; else F evaluations
  double error = 0.0;          ///< error(p) at return
  bool converged = false;
  StopReason reason = StopReason::max_iterations;
};

/// F(p) = W p + q + g(W p + q) of (64): the stacked modified velocity yhat.
Eigen::VectorXd modified_velocity(const RollingProblem& problem, const Eigen::VectorXd& p);
/// error(p) defined above.
double complementarity_error(const RollingProblem& problem, const Eigen::VectorXd& p);

/// Projected fixed point (64) with the self-adaptive step. p0 (optional warm start) must have
/// 5 n_c entries; default 0.
RollingResult solve_projected_fixed_point(const RollingProblem& problem, const RollingSolverOptions& options = {},
                                          const Eigen::VectorXd& p0 = Eigen::VectorXd());
/// Extra-gradient method (65) with the same step rule.
RollingResult solve_extragradient(const RollingProblem& problem, const RollingSolverOptions& options = {},
                                  const Eigen::VectorXd& p0 = Eigen::VectorXd());
/// Projected Gauss-Seidel (66)-(67): sweeps over the contacts, each one-contact problem solved by
/// the adaptive projected fixed point (warm-started, with its step kept across sweeps).
RollingResult solve_projected_gauss_seidel(const RollingProblem& problem, const RollingSolverOptions& options = {},
                                           const Eigen::VectorXd& p0 = Eigen::VectorXd());

/// One contact, y = W p + q (67): the adaptive projected fixed point on fixed-size types, from p
/// (updated in place) with the step rho (updated in place, to be kept across calls), until the
/// error (relative to this |q|) is <= tol or max_iter iterations. Returns the iterations done and
/// the error at return. No validation (hot path of PGS).
struct OneContactOutcome {
  int iterations;
  double error;
};
OneContactOutcome solve_one_contact(const Matrix5& W, const Vector5& q, const RollingCone& cone, Vector5& p,
                                    double& rho, double tol, int max_iter, const StepRule& step = {});

}  // namespace limitdir
