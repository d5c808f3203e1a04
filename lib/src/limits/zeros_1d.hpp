#pragma once
// The zeros of a function of one variable on a sampled interval or period (internal to limits):
// the circle methods' meridian and circle equations (circle_method.cpp) and the component of V*
// along a kinked equator (singular_points.cpp kink_zeros), docs/manual.md section 3.
#include <algorithm>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <vector>

namespace limitdir::detail {

// Zeros of a periodic or interval function sampled at x[i]: sign changes refined by TOMS 748,
// and pairs of close zeros hidden between samples looked for around local minima of |g|.
template <class G>
std::vector<double> zeros_1d(const G& g, double a, double b, int samples, bool periodic, double scale,
                             bool& all_simple, const std::vector<double>* given = nullptr) {
  std::vector<double> x(samples + 1), y(samples + 1);
  for (int i = 0; i <= samples; ++i) {
    x[i] = a + (b - a) * i / samples;
    y[i] = given ? (*given)[i] : g(x[i]);
  }
  const int n = periodic ? samples : samples + 1;  // periodic: x[samples] is x[0]
  std::vector<double> roots;
  const auto bracket = [&](double l, double r, double gl, double gr) {
    boost::uintmax_t iters = 100;
    const auto res = boost::math::tools::toms748_solve(
        g, l, r, gl, gr, [](double p, double q) { return std::abs(p - q) <= 4e-16 * std::max(1.0, std::abs(p)); },
        iters);
    roots.push_back(0.5 * (res.first + res.second));
  };
  for (int i = 0; i < n; ++i) {
    if (y[i] == 0.0) {
      roots.push_back(x[i]);
      continue;
    }
    const int j = i + 1;
    if (j > samples) break;
    if (y[j] != 0.0 && (y[i] < 0) != (y[j] < 0)) bracket(x[i], x[j], y[i], y[j]);
  }
  // Local minima of |g| without a sign change: resolve finer, maybe a pair of zeros.
  for (int i = 1; i < samples; ++i) {
    if (!(std::abs(y[i]) < std::abs(y[i - 1]) && std::abs(y[i]) < std::abs(y[i + 1]))) continue;
    if ((y[i - 1] < 0) != (y[i] < 0) || (y[i + 1] < 0) != (y[i] < 0)) continue;
    const int fine = 256;
    double best = std::abs(y[i]), best_x = x[i];
    double xl = x[i - 1], yl = y[i - 1];
    bool found = false;
    for (int k = 1; k <= fine; ++k) {
      const double xr = x[i - 1] + (x[i + 1] - x[i - 1]) * k / fine, yr = g(xr);
      if (std::abs(yr) < best) best = std::abs(yr), best_x = xr;
      if (yr != 0.0 && yl != 0.0 && (yl < 0) != (yr < 0)) {
        bracket(xl, xr, yl, yr);
        found = true;
      }
      xl = xr;
      yl = yr;
    }
    if (!found && best <= 1e-9 * scale) {
      roots.push_back(best_x);  // a double zero (fold): Newton and classification decide
      all_simple = false;
    }
  }
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end(), [](double p, double q) { return std::abs(p - q) < 1e-12; }),
              roots.end());
  return roots;
}

}  // namespace limitdir::detail
