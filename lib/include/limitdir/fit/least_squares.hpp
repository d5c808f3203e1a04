#pragma once
// Fitting a friction model's parameters to measured friction (docs/manual.md section 16) by
// nonlinear least squares on Ceres Solver (Levenberg-Marquardt with bounds and robust losses),
// from several starts, since these objectives are not convex.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "limitdir/core/progress.hpp"
#include "limitdir/fit/estimate.hpp"
#include "limitdir/fit/fit_spec.hpp"
#include "limitdir/fit/slip_data.hpp"

namespace limitdir {

/// One local fit.
struct FitStart {
  std::vector<double> start, estimate;
  double cost = 0.0;  ///< Ceres' cost at the estimate: 1/2 sum_i loss(|r_i|^2)
  int iterations = 0;
  bool converged = false;   ///< Ceres ended on one of its convergence tests
  std::string termination;  ///< Ceres' message
};

/// A distinct local minimum: the converged starts that ended there (same_minimum below).
struct FitMinimum {
  std::vector<double> parameters;
  double cost = 0.0;
  std::vector<int> starts;
};

/// The data and the model at the best, row by row (what `plot` draws, docs/manual.md section 16,
/// "The report"): slip data's rows in the data's own columns and units (the slip as read; the
/// friction q, or F_x, F_y, T_z in N and N m), or a run's samples (t; omega_ref and omega in the
/// body frame, rad/s). Empty when the model cannot be evaluated at the best.
struct FitRows {
  std::vector<double> t;              ///< a run's sample times; empty for slip data
  std::vector<Eigen::Vector3d> slip;  ///< slip data's slip columns; empty for a run
  std::vector<Eigen::Vector3d> data, model;
  std::vector<double> weight;  ///< slip data's weights; empty for a run (every sample weighs 1)
  std::size_t size() const { return data.size(); }
};

struct FitResult {
  std::vector<FitStart> starts;
  std::vector<FitMinimum> minima;  ///< lowest cost first; minima[0] is the best
  std::size_t residuals = 0;       ///< 3 per datum
  Eigen::VectorXd best;
  double cost = 0.0, rms = 0.0;  ///< at the best; rms = sqrt(|r|^2 / residuals)
  FitEstimate estimate;
  FitRows rows;  ///< at the best
  /// The best is a converged start and no start that stopped short ended below it; else
  /// `reason` says what went wrong (the apps exit 3).
  bool converged = false;
  std::string reason;
};

/// Two converged starts end at the same minimum when every parameter agrees to this fraction of
/// its scale (max(|value|, 1)). Ceres stops on a relative cost change of 1e-12, which leaves the
/// ends of one minimum, along a shallow direction, ~1e-6 of its valley's width apart (4e-6
/// relative measured on share/fits/kudra-pade-I11.json); distinct minima (a period, a symmetry,
/// another valley) differ by O(1).
inline constexpr double kSameMinimum = 1e-4;

/// The residuals of a fit as a function of its free parameters: of a friction model against
/// slip data (fit_slip_data) or of a simulation against a reference run (fit/trajectory.hpp). They
/// come in blocks of three (a datum's components, a sample's), on each of which the loss acts.
class FitResiduals {
 public:
  virtual ~FitResiduals() = default;
  virtual std::size_t blocks() const = 0;
  /// All 3 blocks() residuals at `values` of the free parameters; false where the model cannot
  /// be evaluated (a combination the problem refuses, a run that fails). Called from several
  /// threads at once when columns_in_parallel().
  virtual bool evaluate(const std::vector<double>& values, Eigen::VectorXd& r) const = 0;
  /// True when one evaluation is long and serial (a simulation): the columns of a difference
  /// Jacobian then run side by side.
  virtual bool columns_in_parallel() const { return false; }
  /// The relative accuracy of an evaluation: rounding (eps) for closed forms, the integrator's
  /// tolerance for a simulation. The difference step is its square root (docs/manual.md section 16).
  virtual double relative_noise() const;
  /// The data and the model at `values`, row by row (FitRows); InputError or NumericalError when
  /// the model cannot be evaluated there.
  virtual FitRows rows(const std::vector<double>& values) const = 0;
};

/// Fits spec's free parameters to `residuals` (Ceres, from spec.starts starts).
FitResult fit_least_squares(const FitSpec& spec, const FitResiduals& residuals, const ProgressHook& progress = {});

/// Fits spec's free parameters to `data`. InputError when the data do not suit the spec (force
/// columns without units.mu_P, torque or spin columns without units.R, fewer residuals than
/// parameters plus one); the fit itself never throws on a start that fails (it is reported).
FitResult fit_slip_data(const FitSpec& spec, const SlipData& data, const ProgressHook& progress = {});


}  // namespace limitdir
