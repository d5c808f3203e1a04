// Covariance, intervals and identifiability at a least-squares minimum (docs/manual.md section 16).
#include "limitdir/fit/estimate.hpp"

#include <Eigen/SVD>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "limitdir/core/errors.hpp"

namespace limitdir {

FitEstimate estimate_uncertainty(const Eigen::MatrixXd& J, const Eigen::VectorXd& r, const Eigen::VectorXd& p) {
  const Eigen::Index m = J.rows(), n = J.cols();
  if (n != p.size() || r.size() != m || m <= n)
    throw InputError("the uncertainty needs more residuals than parameters (" + std::to_string(m) + " for " +
                     std::to_string(n) + ")");
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  FitEstimate e;
  e.dof = static_cast<int>(m - n);
  e.sigma2 = r.squaredNorm() / e.dof;
  e.t975 = boost::math::quantile(boost::math::students_t(e.dof), 0.975);
  // Unit columns: the singular values compare directions, not the parameters' units.
  Eigen::VectorXd scale = J.colwise().norm().transpose();
  for (Eigen::Index j = 0; j < n; ++j)
    if (!(scale[j] > 0.0)) scale[j] = 1.0;  // a parameter the residuals ignore: a zero column
  const Eigen::MatrixXd Js = J * scale.cwiseInverse().asDiagonal();
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Js, Eigen::ComputeThinV);
  e.singular_values = svd.singularValues();
  const double largest = e.singular_values[0];
  e.condition = e.singular_values[n - 1] > 0.0 ? largest / e.singular_values[n - 1]
                                              : std::numeric_limits<double>::infinity();
  const Eigen::MatrixXd& V = svd.matrixV();
  e.determined.assign(static_cast<std::size_t>(n), true);
  Eigen::Index resolved = 0;
  for (Eigen::Index k = 0; k < n; ++k) {
    if (e.singular_values[k] > kRankTolerance * largest) {
      ++resolved;
      continue;
    }
    for (Eigen::Index j = 0; j < n; ++j)
      if (std::abs(V(j, k)) >= kNullComponent) e.determined[static_cast<std::size_t>(j)] = false;
  }
  // (J^T J)^+ = D^-1 V_r S_r^-2 V_r^T D^-1 over the resolved directions.
  const Eigen::MatrixXd Vr = V.leftCols(resolved);
  const Eigen::VectorXd inv2 = e.singular_values.head(resolved).array().square().inverse();
  e.covariance = e.sigma2 * scale.cwiseInverse().asDiagonal() * (Vr * inv2.asDiagonal() * Vr.transpose()) *
                 scale.cwiseInverse().asDiagonal();
  e.std_error.resize(n);
  e.lower95.resize(n);
  e.upper95.resize(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    if (!e.determined[static_cast<std::size_t>(j)]) {
      e.covariance.row(j).setConstant(nan);
      e.covariance.col(j).setConstant(nan);
      e.std_error[j] = e.lower95[j] = e.upper95[j] = nan;
      continue;
    }
    e.std_error[j] = std::sqrt(e.covariance(j, j));
    e.lower95[j] = p[j] - e.t975 * e.std_error[j];
    e.upper95[j] = p[j] + e.t975 * e.std_error[j];
  }
  return e;
}

}  // namespace limitdir
