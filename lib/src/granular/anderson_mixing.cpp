// Anderson's mixing of a fixed-point iteration (granular/anderson_mixing.hpp).
#include "limitdir/granular/anderson_mixing.hpp"

#include <Eigen/Cholesky>
#include <cfloat>
#include <utility>

namespace limitdir {

namespace {

// Tikhonov's shift of the normal equations (dF^T dF + lambda I) gamma = dF^T f, relative to
// their largest diagonal entry: two nearly parallel differences (a sweep that barely moved)
// make dF^T dF singular to rounding; 1e-12 leaves every gamma that dF resolves to a singular
// value above 1e-6 of its largest as it is, and bounds the rest by |f| / (1e-6 |dF|).
constexpr double kGramShift = 1e-12;

}  // namespace

AndersonMixing::AndersonMixing(int depth, Eigen::VectorXd weight)
    : depth_(depth), weight_(std::move(weight)), dF_(weight_.size(), depth), dG_(weight_.size(), depth) {}

void AndersonMixing::clear() {
  stored_ = 0;
  next_ = 0;
  started_ = false;
}

bool AndersonMixing::mix(const Eigen::VectorXd& x, Eigen::VectorXd& g) {
  const Eigen::VectorXd f = (g - x).cwiseProduct(weight_);
  if (started_) {
    dF_.col(next_) = f - last_f_;
    dG_.col(next_) = g - last_g_;
    next_ = (next_ + 1) % depth_;
    if (stored_ < depth_) ++stored_;
  }
  last_f_ = f;
  last_g_ = g;
  started_ = true;
  if (stored_ == 0) return false;
  const auto dF = dF_.leftCols(stored_);
  Eigen::MatrixXd gram = dF.transpose() * dF;
  const double shift = kGramShift * std::max(gram.diagonal().maxCoeff(), DBL_MIN);
  gram.diagonal().array() += shift;
  const Eigen::VectorXd gamma = gram.ldlt().solve(dF.transpose() * f);
  if (!gamma.allFinite()) return false;
  g.noalias() -= dG_.leftCols(stored_) * gamma;
  return true;
}

}  // namespace limitdir
