// Gauss-Jacobi rules by Golub-Welsch: see numerics/gauss_jacobi.hpp.
#include "numerics/gauss_jacobi.hpp"

#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <Eigen/Eigenvalues>
#include <map>
#include <mutex>
#include <tuple>

namespace limitdir::detail {

namespace {

// Rules kept: the contact model asks for 8 (6 chord rules, a radial and a piece rule) per
// exponent alpha of its pressure; a map over alpha makes a few dozen. Beyond, start afresh.
constexpr std::size_t kKeptRules = 256;

GaussRule make_rule(int n, double a, double b) {
  // the Jacobi matrix of the monic Jacobi polynomials' recurrence, normalised: diagonal alpha_i,
  // off-diagonal beta_{i+1} (Golub & Welsch 1969)
  Eigen::VectorXd alpha(n), beta(std::max(n - 1, 0));
  const double ab = a + b;
  for (int i = 0; i < n; ++i) {
    const double s = 2.0 * i + ab;
    alpha[i] = (i == 0) ? (b - a) / (ab + 2.0) : (b * b - a * a) / (s * (s + 2.0));
    if (i + 1 < n) {
      const double k = i + 1.0, t = 2.0 * k + ab;
      beta[i] = std::sqrt(4.0 * k * (k + a) * (k + b) * (k + ab) / (t * t * (t + 1.0) * (t - 1.0)));
    }
  }
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es;
  es.computeFromTridiagonal(alpha, beta, Eigen::EigenvaluesOnly);
  const double mu0 = std::pow(2.0, ab + 1.0) * boost::math::beta(a + 1.0, b + 1.0);
  GaussRule r;
  for (int i = 0; i < n; ++i) {
    const double y = es.eigenvalues()[i];
    // beta_{k+1} p_{k+1} = (y - alpha_k) p_k - beta_k p_{k-1}, p_0 = 1: J p = y p row by row
    double previous = 0, p = 1, sum = 1;
    for (int k = 0; k + 1 < n; ++k) {
      const double next = ((y - alpha[k]) * p - (k > 0 ? beta[k - 1] * previous : 0.0)) / beta[k];
      previous = p;
      p = next;
      sum += p * p;
    }
    r.y.push_back(y);
    r.w.push_back(mu0 / sum);
  }
  return r;
}

}  // namespace

std::shared_ptr<const GaussRule> gauss_jacobi(int n, double a, double b) {
  static std::mutex mutex;
  static std::map<std::tuple<int, double, double>, std::shared_ptr<const GaussRule>> kept;
  const auto key = std::make_tuple(n, a, b);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = kept.find(key); it != kept.end()) return it->second;
  }
  auto rule = std::make_shared<const GaussRule>(make_rule(n, a, b));
  const std::lock_guard<std::mutex> lock(mutex);
  if (kept.size() >= kKeptRules) kept.clear();
  kept.emplace(key, rule);
  return rule;
}

}  // namespace limitdir::detail
