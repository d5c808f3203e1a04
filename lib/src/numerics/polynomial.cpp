// Real polynomials on [0, 1]: see numerics/polynomial.hpp.
#include "numerics/polynomial.hpp"

#include <algorithm>
#include <boost/math/tools/roots.hpp>
#include <cmath>

namespace limitdir::detail {

double horner(const std::vector<double>& p, double x) {
  double s = 0;
  for (std::size_t i = p.size(); i-- > 0;) s = s * x + p[i];
  return s;
}

std::vector<double> roots_between(const std::vector<double>& p, std::vector<double> cuts, double xtol) {
  cuts.push_back(0.0);
  cuts.push_back(1.0);
  std::sort(cuts.begin(), cuts.end());
  // a value below 1e-13 of the coefficients' 1-norm is zero to rounding (Horner's error is
  // ~deg eps times that norm on [0, 1])
  constexpr double zero_fraction = 1e-13, same_root = 1e-12;
  double scale = 0;
  for (double c : p) scale += std::abs(c);
  const auto f = [&](double x) { return horner(p, x); };
  std::vector<double> roots;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double l = cuts[i], r = cuts[i + 1], fl = f(l), fr = f(r);
    if (std::abs(fl) <= zero_fraction * scale && (i > 0 || fl == 0.0)) roots.push_back(l);
    if (r <= l) continue;
    if ((fl < 0 && fr > 0) || (fl > 0 && fr < 0)) {
      boost::uintmax_t iters = 100;
      const auto res = boost::math::tools::toms748_solve(
          f, l, r, fl, fr, [xtol](double a, double b) { return std::abs(a - b) <= xtol; }, iters);
      roots.push_back(0.5 * (res.first + res.second));
    }
  }
  if (std::abs(f(1.0)) <= zero_fraction * scale) roots.push_back(1.0);
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end(), [](double a, double b) { return std::abs(a - b) < same_root; }),
              roots.end());
  return roots;
}

std::vector<double> polynomial_roots_01(const std::vector<double>& p, double xtol) {
  if (p.size() < 2) return {};
  return roots_between(p, polynomial_roots_01(derivative(p), 1e-10), xtol);
}

std::vector<double> derivative(const std::vector<double>& p) {
  std::vector<double> dp(p.size() > 1 ? p.size() - 1 : 0);
  for (std::size_t i = 1; i < p.size(); ++i) dp[i - 1] = static_cast<double>(i) * p[i];
  return dp;
}

std::vector<double> product(const std::vector<double>& p, const std::vector<double>& q) {
  if (p.empty() || q.empty()) return {};
  std::vector<double> r(p.size() + q.size() - 1, 0.0);
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) r[i + j] += p[i] * q[j];
  return r;
}


}  // namespace limitdir::detail
