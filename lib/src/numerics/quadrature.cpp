#include "limitdir/numerics/quadrature.hpp"

#include "core/constants.hpp"

#include <array>
#include <cmath>

namespace limitdir::detail {
namespace {

// Nodes up to t = 4.5 reach within ~1e-61 of the endpoints: the neglected tail of an
// integrable singularity as strong as (x - a)^(-1/2) is below 1e-30. Stronger edge
// singularities (pressures (1 - xi^2)^alpha with alpha < 0) are removed by a change of
// variables before the quadrature (friction/exact.cpp).
constexpr double t_max = 4.5;

TanhSinhNode node_at(double t) {
  const double u = 0.5 * pi * std::sinh(t);
  const double cu = std::cosh(u);
  return {std::tanh(u), 2.0 / (1.0 + std::exp(2.0 * u)), 0.5 * pi * std::cosh(t) / (cu * cu)};
}

std::array<std::vector<TanhSinhNode>, tanh_sinh_max_level + 1> make_levels() {
  std::array<std::vector<TanhSinhNode>, tanh_sinh_max_level + 1> levels;
  for (int k = 0; k <= static_cast<int>(t_max); ++k) levels[0].push_back(node_at(k));
  for (int level = 1; level <= tanh_sinh_max_level; ++level) {
    const double h = std::ldexp(1.0, -level);
    for (int j = 1;; j += 2) {
      const double t = j * h;
      if (t > t_max) break;
      levels[level].push_back(node_at(t));
    }
  }
  return levels;
}
}  // namespace

const std::vector<TanhSinhNode>& tanh_sinh_level(int level) {
  static const auto levels = make_levels();
  return levels[level];
}

}  // namespace limitdir::detail
