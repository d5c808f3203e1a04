// Anderson's mixing of a fixed-point iteration (granular/anderson_mixing.hpp).
#include "limitdir/granular/anderson_mixing.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cfloat>
#include <utility>

namespace limitdir {

namespace {

// Tikhonov's shift of the normal equations (dF^T dF + lambda I) gamma = dF^T f, relative to
// their largest diagonal entry (~ sigma_max^2 of dF): two nearly parallel differences (a sweep
// that barely moved) make dF^T dF singular to rounding. Along a singular value sigma of dF the
// component of gamma is multiplied by sigma^2 / (sigma^2 + lambda): within 1 % of the exact one
// for sigma > 1e-5 sigma_max, and at most |f| / (2 sqrt(lambda)) = |f| / (2e-6 sigma_max) below.
constexpr double kGramShift = 1e-12;

}  // namespace

AndersonMixing::AndersonMixing(int depth, Eigen::VectorXd weight)
    : depth_(depth),
      weight_(std::move(weight)),
      dF_(weight_.size(), depth),
      dG_(weight_.size(), depth),
      gram_(Eigen::MatrixXd::Zero(depth, depth)) {}

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
    if (stored_ < depth_) ++stored_;  // columns 0 .. stored_ - 1 hold pairs (written in turn)
    for (int j = 0; j < stored_; ++j) gram_(next_, j) = gram_(j, next_) = dF_.col(next_).dot(dF_.col(j));
    next_ = (next_ + 1) % depth_;
  }
  last_f_ = f;
  last_g_ = g;
  started_ = true;
  if (stored_ == 0) return false;
  const auto dF = dF_.leftCols(stored_);
  Eigen::MatrixXd gram = gram_.topLeftCorner(stored_, stored_);
  const double shift = kGramShift * std::max(gram.diagonal().maxCoeff(), DBL_MIN);
  gram.diagonal().array() += shift;
  const Eigen::VectorXd gamma = gram.ldlt().solve(dF.transpose() * f);
  if (!gamma.allFinite()) return false;
  g.noalias() -= dG_.leftCols(stored_) * gamma;
  return true;
}

}  // namespace limitdir
