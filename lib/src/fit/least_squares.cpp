// Nonlinear least squares on Ceres Solver (docs/manual.md section 16): one residual block of three
// per datum or sample (so that a robust loss acts on each), derivatives by finite differences
// inside the bounds, a seeded multi-start, and the uncertainty at the best minimum
// (fit/estimate.hpp).
#include "limitdir/fit/least_squares.hpp"

#include <ceres/ceres.h>
#include <glog/logging.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <thread>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

/// Forward differences err by ~h |f''| + noise |f| / h, noise the evaluation's relative accuracy:
/// h = sqrt(noise) of the parameter's scale balances the two (an error ~sqrt(noise) relative:
/// 1.5e-8 for closed forms, 1e-5 for a simulation at tolerance 1e-10, whose adaptive steps make
/// its results jump by ~the tolerance as a parameter moves). Central differences would halve the
/// error's exponent at twice the evaluations, which are a fit's whole cost (issue: 10^5 data in
/// under a second).
/// Ceres' stops: a relative cost change below 1e-12 is near the rounding of a cost summed over up
/// to 10^5 data (each term rounded to eps: ~sqrt(1e5) eps ~ 1e-13 relative); a relative step
/// below 1e-10 means the iterate has settled (near a minimum Gauss-Newton's steps shrink by the
/// Jacobian's relative error, ~1.5e-8, each iteration); the gradient test is left to those two
/// (1e-16, far below both).
constexpr double kFunctionTolerance = 1e-12;
constexpr double kParameterTolerance = 1e-10;
constexpr double kGradientTolerance = 1e-16;

/// The scale of parameter j for its difference step: its start's size, or its bounds' width.
std::vector<double> step_scales(const FitSpec& spec) {
  std::vector<double> scale;
  for (const FitParameter& p : spec.parameters) {
    double s = std::abs(p.start);
    if (p.bounded()) s = std::max(s, p.upper - p.lower);
    scale.push_back(s > 0.0 ? s : 1.0);
  }
  return scale;
}

/// The residuals, and their derivatives by differences that stay inside the bounds (never
/// evaluate outside the user's range), computed once per point that Ceres visits (a pass per
/// parameter for the derivatives, side by side when the residuals ask for it). Ceres writes the
/// point into `x` before it calls PrepareForEvaluation.
class BatchEvaluation : public ceres::EvaluationCallback {
 public:
  BatchEvaluation(const FitSpec& spec, const FitResiduals& residuals, const std::vector<double>& x,
                  const std::vector<double>& scale)
      : spec_(spec), residuals_(residuals), x_(x), scale_(scale) {}
  void PrepareForEvaluation(bool jacobians, bool new_point) override {
    if (new_point) {
      ok_ = residuals_.evaluate(x_, r_);
      have_jacobian_ = false;
    }
    if (jacobians && ok_ && !have_jacobian_) {
      ok_ = jacobian();
      have_jacobian_ = true;
    }
  }
  bool ok() const { return ok_; }
  const Eigen::VectorXd& r() const { return r_; }
  /// Row-major, 3 rows per block: a block's rows are Ceres' Jacobian block as they stand.
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& J() const { return J_; }

 private:
  bool column(std::size_t j) {
    const FitParameter& par = spec_.parameters[j];
    std::vector<double> v = x_;
    const double h = std::sqrt(residuals_.relative_noise()) * std::max(std::abs(v[j]), scale_[j]);
    const double sign = v[j] + h <= par.upper ? 1.0 : -1.0;  // forward, or backward at the upper bound
    v[j] += sign * h;
    Eigen::VectorXd other;
    if (!residuals_.evaluate(v, other)) return false;
    J_.col(static_cast<Eigen::Index>(j)) = sign * (other - r_) / h;
    return true;
  }
  bool jacobian() {
    const std::size_t p = spec_.parameters.size();
    J_.resize(r_.size(), static_cast<Eigen::Index>(p));
    if (!residuals_.columns_in_parallel() || p == 1) {
      for (std::size_t j = 0; j < p; ++j)
        if (!column(j)) return false;
      return true;
    }
    // One column a thread, up to the machine's cores (each writes its own column).
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> ok{true};
    const auto work = [&] {
      for (std::size_t j = next++; j < p; j = next++)
        if (!column(j)) ok = false;
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::min<std::size_t>(cores, p); ++t) threads.emplace_back(work);
    work();
    for (std::thread& th : threads) th.join();
    return ok;
  }

  const FitSpec& spec_;
  const FitResiduals& residuals_;
  const std::vector<double>& x_;
  const std::vector<double>& scale_;
  bool ok_ = false, have_jacobian_ = false;
  Eigen::VectorXd r_;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> J_;
};

/// Block i: its three rows of the batch.
class RowCost : public ceres::CostFunction {
 public:
  RowCost(const BatchEvaluation& batch, std::size_t row, int parameters) : batch_(batch), row_(row) {
    set_num_residuals(3);
    mutable_parameter_block_sizes()->push_back(parameters);
  }
  bool Evaluate(double const* const* /*parameters*/, double* residuals, double** jacobians) const override {
    if (!batch_.ok()) return false;
    const auto at = static_cast<Eigen::Index>(3 * row_);
    std::copy(batch_.r().data() + at, batch_.r().data() + at + 3, residuals);
    if (jacobians && jacobians[0]) {
      const Eigen::Index p = batch_.J().cols();
      std::copy(batch_.J().data() + at * p, batch_.J().data() + (at + 3) * p, jacobians[0]);
    }
    return true;
  }

 private:
  const BatchEvaluation& batch_;
  std::size_t row_;
};

std::unique_ptr<ceres::LossFunction> make_loss(const FitSpec& spec) {
  switch (spec.loss) {
    case FitLoss::huber: return std::make_unique<ceres::HuberLoss>(spec.loss_scale);
    case FitLoss::cauchy: return std::make_unique<ceres::CauchyLoss>(spec.loss_scale);
    case FitLoss::squared: break;
  }
  return nullptr;
}

/// The given start, then starts - 1 points of a Latin hypercube over the bounds: each
/// parameter's range cut into starts - 1 equal strata, each stratum used once, a uniform point
/// inside it (mt19937_64, the same on every platform).
std::vector<std::vector<double>> design(const FitSpec& spec) {
  std::vector<std::vector<double>> starts(static_cast<std::size_t>(spec.starts));
  for (const FitParameter& p : spec.parameters) starts[0].push_back(p.start);
  const std::size_t K = starts.size() - 1;
  if (K == 0) return starts;
  std::mt19937_64 engine(spec.seed);
  const auto uniform = [&] { return static_cast<double>(engine() >> 11) * 0x1.0p-53; };
  for (const FitParameter& p : spec.parameters) {
    std::vector<std::size_t> stratum(K);
    for (std::size_t k = 0; k < K; ++k) stratum[k] = k;
    for (std::size_t k = K - 1; k > 0; --k) std::swap(stratum[k], stratum[engine() % (k + 1)]);
    for (std::size_t k = 0; k < K; ++k)
      starts[k + 1].push_back(p.lower + (static_cast<double>(stratum[k]) + uniform()) / static_cast<double>(K) *
                                            (p.upper - p.lower));
  }
  return starts;
}

/// Notes each iteration and stops Ceres when the run is cancelled (Cancelled is thrown after
/// Solve returns, never through Ceres).
class Watch : public ceres::IterationCallback {
 public:
  Watch(const ProgressHook& progress, std::string what) : progress_(progress), what_(std::move(what)) {}
  ceres::CallbackReturnType operator()(const ceres::IterationSummary& s) override {
    if (progress_) progress_(what_ + ", iteration " + std::to_string(s.iteration) + ", cost " + std::to_string(s.cost));
    const CancellationPredicate cancelled = current_cancellation();
    if (cancelled && cancelled()) {
      aborted = true;
      return ceres::SOLVER_ABORT;
    }
    return ceres::SOLVER_CONTINUE;
  }
  bool aborted = false;

 private:
  const ProgressHook& progress_;
  std::string what_;
};

bool same_minimum(const std::vector<double>& a, const std::vector<double>& b) {
  for (std::size_t j = 0; j < a.size(); ++j)
    if (std::abs(a[j] - b[j]) > kSameMinimum * std::max({std::abs(a[j]), std::abs(b[j]), 1.0})) return false;
  return true;
}

std::vector<FitMinimum> distinct_minima(const std::vector<FitStart>& starts) {
  std::vector<int> order;
  for (std::size_t k = 0; k < starts.size(); ++k)
    if (starts[k].converged) order.push_back(static_cast<int>(k));
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return starts[static_cast<std::size_t>(a)].cost < starts[static_cast<std::size_t>(b)].cost;
  });
  std::vector<FitMinimum> minima;
  for (const int k : order) {
    const FitStart& s = starts[static_cast<std::size_t>(k)];
    auto it = std::find_if(minima.begin(), minima.end(), [&](const FitMinimum& m) { return same_minimum(m.parameters, s.estimate); });
    if (it == minima.end()) minima.push_back({s.estimate, s.cost, {k}});
    else it->starts.push_back(k);
  }
  return minima;
}

// What is known when no point could be evaluated: nothing (every parameter undetermined).
FitEstimate undetermined_estimate(std::size_t p, std::size_t m) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  FitEstimate e;
  e.dof = static_cast<int>(m) - static_cast<int>(p);
  e.sigma2 = e.t975 = e.condition = nan;
  const auto n = static_cast<Eigen::Index>(p);
  e.covariance = Eigen::MatrixXd::Constant(n, n, nan);
  e.std_error = e.lower95 = e.upper95 = Eigen::VectorXd::Constant(n, nan);
  e.determined.assign(p, false);
  return e;
}

// The result at the best start: its cost, residuals and Jacobian from one evaluation of the
// problem (the batch holds its plain residuals, before the loss), the estimate, the rows.
void finish(const FitResiduals& residuals, const BatchEvaluation& batch, ceres::Problem& problem, std::vector<double>& x,
            FitResult& r) {
  r.minima = distinct_minima(r.starts);
  if (r.minima.empty()) {
    r.converged = false;
    r.reason = "no start converged (start 0: " + r.starts[0].termination + ")";
    const auto best = std::min_element(r.starts.begin(), r.starts.end(),
                                       [](const FitStart& a, const FitStart& b) { return a.cost < b.cost; });
    x = best->estimate;
  } else {
    x = r.minima[0].parameters;
    r.converged = true;
    for (std::size_t k = 0; k < r.starts.size(); ++k)
      if (!r.starts[k].converged && r.starts[k].cost < r.minima[0].cost) {
        r.converged = false;
        r.reason = "start " + std::to_string(k) + " stopped short (" + r.starts[k].termination + ") at cost " +
                   std::to_string(r.starts[k].cost) + ", below the best converged " + std::to_string(r.minima[0].cost);
        break;
      }
  }
  r.best = Eigen::Map<const Eigen::VectorXd>(x.data(), static_cast<Eigen::Index>(x.size()));
  double cost = 0.0;
  std::vector<double> corrected;  // with the loss's correction, as Ceres evaluates them
  ceres::CRSMatrix crs;
  // Evaluate calls the batch's PrepareForEvaluation at x (a new point), so batch.r() is x's.
  if (!problem.Evaluate(ceres::Problem::EvaluateOptions(), &cost, &corrected, nullptr, &crs) || !batch.ok()) {
    // Every start failed where it began (the model cannot be evaluated there): nothing to estimate.
    r.converged = false;
    r.reason = "the model cannot be evaluated at the best parameters (" + r.reason + ")";
    r.cost = r.rms = std::numeric_limits<double>::quiet_NaN();
    r.estimate = undetermined_estimate(x.size(), 3 * residuals.blocks());
    return;
  }
  r.cost = cost;
  r.rms = std::sqrt(batch.r().squaredNorm() / static_cast<double>(batch.r().size()));
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(crs.num_rows, crs.num_cols);
  for (int i = 0; i < crs.num_rows; ++i)
    for (int k = crs.rows[static_cast<std::size_t>(i)]; k < crs.rows[static_cast<std::size_t>(i) + 1]; ++k)
      J(i, crs.cols[static_cast<std::size_t>(k)]) = crs.values[static_cast<std::size_t>(k)];
  r.estimate = estimate_uncertainty(
      J, Eigen::Map<const Eigen::VectorXd>(corrected.data(), static_cast<Eigen::Index>(corrected.size())), r.best);
  r.rows = residuals.rows(x);  // evaluated above at x, so it can be evaluated again (one run more)
}

}  // namespace

double FitResiduals::relative_noise() const { return DBL_EPSILON; }

FitResult fit_least_squares(const FitSpec& spec, const FitResiduals& residuals, const ProgressHook& progress) {
  // Ceres reports through glog even with logging_type SILENT (a failed evaluation is an ERROR
  // line): the apps' stderr carries one line on failure and progress notes only, so glog keeps
  // FATAL alone.
  FLAGS_minloglevel = google::GLOG_FATAL;
  FitResult result;
  result.residuals = 3 * residuals.blocks();
  const std::vector<double> scale = step_scales(spec);
  std::vector<double> x(spec.parameters.size());
  BatchEvaluation batch(spec, residuals, x, scale);
  const std::unique_ptr<ceres::LossFunction> loss = make_loss(spec);
  ceres::Problem::Options problem_options;
  problem_options.loss_function_ownership = ceres::DO_NOT_TAKE_OWNERSHIP;
  problem_options.evaluation_callback = &batch;
  ceres::Problem problem(problem_options);
  for (std::size_t i = 0; i < residuals.blocks(); ++i)
    problem.AddResidualBlock(new RowCost(batch, i, static_cast<int>(x.size())), loss.get(), x.data());
  for (std::size_t j = 0; j < x.size(); ++j) {
    if (std::isfinite(spec.parameters[j].lower)) problem.SetParameterLowerBound(x.data(), static_cast<int>(j), spec.parameters[j].lower);
    if (std::isfinite(spec.parameters[j].upper)) problem.SetParameterUpperBound(x.data(), static_cast<int>(j), spec.parameters[j].upper);
  }
  const std::vector<std::vector<double>> starts = design(spec);
  for (std::size_t k = 0; k < starts.size(); ++k) {
    x = starts[k];
    Watch watch(progress, "start " + std::to_string(k + 1) + "/" + std::to_string(starts.size()));
    ceres::Solver::Options options;
    options.linear_solver_type = ceres::DENSE_QR;
    options.max_num_iterations = spec.max_iterations;
    options.function_tolerance = kFunctionTolerance;
    options.parameter_tolerance = kParameterTolerance;
    options.gradient_tolerance = kGradientTolerance;
    options.logging_type = ceres::SILENT;
    options.num_threads = 1;
    options.callbacks.push_back(&watch);
    if (spec.trust_region == FitTrustRegion::dogleg) {
      options.trust_region_strategy_type = ceres::DOGLEG;
      options.dogleg_type = ceres::SUBSPACE_DOGLEG;
    }
    ceres::Solver::Summary summary;
    ceres::Solve(options, &problem, &summary);
    if (watch.aborted) throw Cancelled{};
    FitStart s;
    s.start = starts[k];
    s.estimate = x;
    s.cost = summary.final_cost;
    s.iterations = static_cast<int>(summary.iterations.size()) - 1;
    s.converged = summary.termination_type == ceres::CONVERGENCE;
    s.termination = summary.message;
    if (summary.termination_type == ceres::FAILURE) s.cost = std::numeric_limits<double>::infinity();
    result.starts.push_back(std::move(s));
  }
  finish(residuals, batch, problem, x, result);
  return result;
}

}  // namespace limitdir
