#pragma once
// Thin wrappers around Siconos numerics (Debian libsiconos-numerics-dev), the independent oracle
// of the rolling friction cone tests and benchmarks. Siconos orders one contact's variables as
// limitdir does: (r_N, r_T1, r_T2, m_R1, m_R2) and (u_N, u_T1, u_T2, w_R1, w_R2).
#include <siconos/numerics/Friction_cst.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/RollingFrictionContactProblem.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/projectionOnRollingCone.h>
#include <siconos/numerics/rolling_fc3d_compute_error.h>

#include <Eigen/Core>
#include <algorithm>
#include <cstdlib>
#include <vector>

#include "limitdir/rolling/solvers.hpp"

namespace siconos_oracle {

/// Siconos' projection statuses PROJRCONE_DUAL .. PROJRCONE_BOUNDARY_FRICTION_ROLLING (0..4);
/// a larger status means that no case applied and the vector was left unprojected.
constexpr unsigned kLastProjectionStatus = PROJRCONE_BOUNDARY_FRICTION_ROLLING;

inline unsigned project(const limitdir::Vector5& pbar, const limitdir::RollingCone& cone, limitdir::Vector5& out) {
  out = pbar;
  return projectionOnRollingCone(out.data(), cone.mu, cone.mu_r);
}

/// A Siconos problem viewing our data (W is copied: NumericsMatrix dense storage is
/// column-major like Eigen's default).
class Problem {
 public:
  explicit Problem(const limitdir::RollingProblem& pb) : W_(pb.W), q_(pb.q) {
    for (const auto& c : pb.cones) {
      mu_.push_back(c.mu);
      mu_r_.push_back(c.mu_r);
    }
    const int n = static_cast<int>(W_.rows());
    M_ = NM_create_from_data(NM_DENSE, n, n, W_.data());
    problem_ = rollingFrictionContactProblem_new_with_data(5, static_cast<int>(mu_.size()), M_, q_.data(),
                                                            mu_.data(), mu_r_.data());
  }
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;
  ~Problem() {
    // The data belong to this object: free only the structures Siconos allocated.
    std::free(problem_);
    M_->matrix0 = nullptr;
    NM_free(M_);
  }
  RollingFrictionContactProblem* get() { return problem_; }

 private:
  Eigen::MatrixXd W_;
  Eigen::VectorXd q_;
  std::vector<double> mu_, mu_r_;
  NumericsMatrix* M_ = nullptr;
  RollingFrictionContactProblem* problem_ = nullptr;
};

/// Siconos' error scale: Siconos 4.4's rolling_fc3d_compute_error divides the natural-map norm by
/// max(|q|, |p|, |W p + q|) (later versions by |q| alone), found from its results.
inline double error_scale(const limitdir::RollingProblem& pb, const Eigen::VectorXd& p) {
  return std::max({pb.q.norm(), p.norm(), (pb.W * p + pb.q).norm()});
}

/// The options of Siconos' NSGS, one set per process. Siconos 4.4's solver_options_delete leaves
/// what rfc3d_nsgs_set_default allocates (LeakSanitizer finds it lost at every call): created once and
/// reachable until exit, they leak nothing. Each user sets the parameters it reads.
inline SolverOptions* nsgs_options() {
  static SolverOptions* const options = solver_options_create(SICONOS_ROLLING_FRICTION_3D_NSGS);
  return options;
}

/// The absolute natural-map norm |p - proj(p - yhat)| at p by Siconos' rolling_fc3d_compute_error.
inline double absolute_error(const limitdir::RollingProblem& pb, const Eigen::VectorXd& p) {
  Problem sp(pb);
  Eigen::VectorXd z = p, w = pb.W * p + pb.q;
  double e = 0.0;
  rolling_fc3d_compute_error(sp.get(), z.data(), w.data(), 0.0, nsgs_options(), pb.q.norm(), &e);
  return e * error_scale(pb, p);
}

struct Solution {
  Eigen::VectorXd p;
  bool converged;
  int iterations;
  double error;
};

/// Siconos' NSGS for rolling friction (local solver: projection on the cone with local iteration,
/// its default) with tolerance tol on its error and at most max_iter sweeps, from p = 0.
class Solver {
 public:
  Solver(double tol, int max_iter) : tol_(tol), max_iter_(max_iter) {}
  Solution solve(Problem& sp, Eigen::Index n) {
    options_->dparam[SICONOS_DPARAM_TOL] = tol_;
    options_->iparam[SICONOS_IPARAM_MAX_ITER] = max_iter_;
    Solution s{Eigen::VectorXd::Zero(n), false, 0, 0.0};
    Eigen::VectorXd velocity = Eigen::VectorXd::Zero(n);
    const int info = rolling_fc3d_driver(sp.get(), s.p.data(), velocity.data(), options_);
    s.converged = info == 0;
    s.iterations = options_->iparam[SICONOS_IPARAM_ITER_DONE];
    s.error = options_->dparam[SICONOS_DPARAM_RESIDU];
    return s;
  }

 private:
  double tol_;
  int max_iter_;
  SolverOptions* options_ = nsgs_options();
};

inline Solution solve(const limitdir::RollingProblem& pb, double tol, int max_iter) {
  Problem sp(pb);
  Solver solver(tol, max_iter);
  return solver.solve(sp, pb.q.size());
}

}  // namespace siconos_oracle
