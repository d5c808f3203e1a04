#pragma once
// What the data determine at a least-squares minimum (docs/manual.md section 16, "Intervals"):
// the covariance of the estimate, 95 % intervals and the parameters the data leave undetermined,
// from the Jacobian J (m x p) of the weighted residuals r at the minimum.
#include <Eigen/Core>
#include <vector>

namespace limitdir {

/// A singular value of J with unit columns below this fraction of the largest is not resolved:
/// the forward-difference Jacobian's columns are accurate to ~sqrt(eps) ~ 1.5e-8 relative, which
/// moves the singular values by up to sqrt(p) 1.5e-8 <= 1.5e-7 of the largest (p <= 100
/// columns); 1e-6 keeps a factor ~7 above that.
inline constexpr double kRankTolerance = 1e-6;
/// A parameter whose unit vector has at least this component along an unresolved direction is
/// undetermined (the data cannot tell its value from the others' along that direction).
inline constexpr double kNullComponent = 0.1;

struct FitEstimate {
  int dof = 0;              ///< m - p
  double sigma2 = 0.0;      ///< |r|^2 / dof: the residual variance (weights are relative)
  /// sigma2 (J^T J)^+ over the resolved directions; NaN in the rows and columns of the
  /// undetermined parameters.
  Eigen::MatrixXd covariance;
  Eigen::VectorXd std_error, lower95, upper95;  ///< NaN for the undetermined
  Eigen::VectorXd singular_values;  ///< of J with unit columns, largest first
  double condition = 0.0;  ///< largest / smallest singular value (+inf when one is 0)
  std::vector<bool> determined;
  double t975 = 0.0;  ///< Student's t quantile 0.975 at dof: the 95 % interval's half-width factor
};

/// At the minimum p (p.size() == J.cols()), with m = J.rows() > p.size(). The 95 % interval of a
/// determined parameter is p_j +- t975 std_error_j (linearised: exact for a model linear in p
/// with Gaussian errors).
FitEstimate estimate_uncertainty(const Eigen::MatrixXd& J, const Eigen::VectorXd& r, const Eigen::VectorXd& p);

}  // namespace limitdir
