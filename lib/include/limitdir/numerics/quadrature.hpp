#pragma once
// Tanh-sinh (double-exponential) quadrature for vector-valued integrands.
//
// One set of abscissas serves all components, so an integrand that is expensive to evaluate
// (a friction law) is evaluated once per node for all the harmonic coefficients of (83).
// Endpoint singularities (log, algebraic) are integrated with exponential convergence; the
// integrand is called as f(x, da, db) with da = x - a and db = b - x computed without
// cancellation, so singular factors like (1 - xi)^alpha can be evaluated accurately.
#include <Eigen/Core>
#include <array>
#include <cmath>
#include <vector>

namespace limitdir {

template <int N>
struct QuadratureResult {
  Eigen::Matrix<double, N, 1> value;
  double error_estimate;  // max-norm difference of the last two levels
  int evaluations;
  bool converged;
};

namespace detail {
struct TanhSinhNode {
  double x;       // abscissa in (-1, 1)
  double xc;      // 1 - |x|, accurate
  double weight;  // includes dx/dt
};
/// Nodes of level L (step h = 2^-L) that are new at that level; level 0 includes t = 0.
const std::vector<TanhSinhNode>& tanh_sinh_level(int level);
constexpr int tanh_sinh_max_level = 9;
}  // namespace detail

/// Integrates f over [a, b] to absolute max-norm tolerance abs_tol (or relative rel_tol of
/// the largest component magnitude, whichever is larger).
/// N may be Eigen::Dynamic, with the size given.
template <int N, class F>
QuadratureResult<N> integrate_tanh_sinh(F&& f, double a, double b, double abs_tol, double rel_tol = 0.0,
                                        int max_level = detail::tanh_sinh_max_level, int size = N) {
  using Vec = Eigen::Matrix<double, N, 1>;
  const double half = 0.5 * (b - a);
  Vec sum = Vec::Zero(size);
  Vec previous = Vec::Zero(size);
  int evaluations = 0;
  double err = 0.0;
  double h = 1.0;
  for (int level = 0; level <= max_level; ++level) {
    for (const auto& node : detail::tanh_sinh_level(level)) {
      // x in (-1,1): point a + half (1 + x); distances to the ends without cancellation.
      const double dist_small = half * node.xc;  // distance to the nearer endpoint
      if (node.x == 0.0) {
        sum += node.weight * f(a + half, half, half);
        ++evaluations;
        continue;
      }
      const double dist_far = 2.0 * half - dist_small;
      // Right node (near b) and left node (near a).
      const Vec fr = f(b - dist_small, dist_far, dist_small);
      const Vec fl = f(a + dist_small, dist_small, dist_far);
      sum += node.weight * (fr + fl);
      evaluations += 2;
    }
    if (level > 0) h *= 0.5;
    const Vec current = half * h * sum;
    if (level >= 3) {
      err = (current - previous).cwiseAbs().maxCoeff();
      const double scale = current.cwiseAbs().maxCoeff();
      if (err <= std::max(abs_tol, rel_tol * scale)) return {current, err, evaluations, true};
    }
    previous = current;
  }
  return {previous, err, evaluations, false};
}

}  // namespace limitdir
