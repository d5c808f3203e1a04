#pragma once
// Anderson's mixing [Anderson 1965; Walker & Ni 2011] of a fixed-point iteration x -> g(x): from
// the last m pairs (x_i, g_i = g(x_i)), with residuals f_i = W (g_i - x_i) (W a fixed positive
// diagonal weight), the next iterate is g_k - sum_i gamma_i (g_{i+1} - g_i), gamma the least
// squares solution of min |f_k - sum_i gamma_i (f_{i+1} - f_i)|. On a linear map g(x) = M x + b
// with the whole history kept it is GMRES in disguise [Walker & Ni 2011]: the fixed
// point in at most n + 1 mixes. Block Gauss-Seidel's sweeps are such an iteration
// (granular/block_pgs.hpp): near a solution whose set of sliding, sticking and open contacts no
// longer changes they are an affine map, slow along the nearly singular directions of a heap's W,
// and the mixing takes them out (docs/manual.md section 15, "Anderson's mixing").
#include <Eigen/Core>

namespace limitdir {

class AndersonMixing {
 public:
  /// depth m >= 1 pairs kept; weight (> 0 entries) of the residual's rows.
  AndersonMixing(int depth, Eigen::VectorXd weight);
  /// x the iterate a step of g started from, g its result; g is replaced by the mixed iterate
  /// (true), or left as it is (false: the first pair since a clear, or a least squares problem
  /// whose solution is not finite).
  bool mix(const Eigen::VectorXd& x, Eigen::VectorXd& g);
  /// Forgets the pairs (the iteration was moved by another method).
  void clear();
  int pairs() const { return stored_; }

 private:
  int depth_;
  Eigen::VectorXd weight_;
  Eigen::MatrixXd dF_, dG_;      ///< columns: f_{i+1} - f_i, g_{i+1} - g_i (a ring of depth_)
  Eigen::MatrixXd gram_;         ///< dF_^T dF_, the entries of a column updated when it is written
  Eigen::VectorXd last_f_, last_g_;
  int stored_ = 0, next_ = 0;    ///< columns held, the column written next
  bool started_ = false;         ///< last_f_ and last_g_ hold a pair
};

}  // namespace limitdir
