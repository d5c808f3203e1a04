// The truncated nome series (64)-(65) [Kudra & Awrejcewicz 2013]; see numerics/elliptic_nome.hpp.
#include "limitdir/numerics/elliptic_nome.hpp"

#include <array>
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {
namespace {
// (65): the coefficients of q = sum a_n epsilon^(4n-3) (the paper prints a_1..a_5; the rest
// are those of the same reversion of epsilon = sum_n q^((2n+1)^2)/(1 + 2 sum_n q^((2n)^2)),
// checked term by term in tests/numerics/test_elliptic_nome.cpp).
constexpr std::array<double, kNomeSeriesMaxOrder> kA = {1.0,       2.0,        15.0,        150.0,      1707.0,
                                                        20910.0,   268616.0,   3567400.0,   48555069.0, 673458874.0};

void check_b(double b) {
  if (!(b > 0.0 && b <= 1.0))
    throw InputError(fmt::format("elliptic series (64)-(65): the axis ratio b must lie in (0, 1] (got {})", b));
}
}  // namespace

double nome_series_coefficient(int n) {
  if (n < 1 || n > kNomeSeriesMaxOrder)
    throw InputError(fmt::format("elliptic series (65): n_q must lie in 1..{} (got {})", kNomeSeriesMaxOrder, n));
  return kA[n - 1];
}

// (65) by Horner's rule in epsilon^4.
double nome_series(double b, int n_q) {
  check_b(b);
  (void)nome_series_coefficient(n_q);
  const double s = std::sqrt(b), eps = 0.5 * (1.0 - s) / (1.0 + s), eps4 = (eps * eps) * (eps * eps);
  double sum = 0.0;
  for (int n = n_q; n >= 1; --n) sum = sum * eps4 + kA[n - 1];
  return eps * sum;
}

// (64); (2 - e^2)/3 = (1 + b^2)/3 without the cancellation of e^2 = 1 - b^2.
EllipticKE elliptic_ke_nome(double b, const NomeSeriesOrder& order) {
  if (order.n_K < 1 || order.n_E < 1)
    throw InputError(fmt::format("elliptic series (64): n_K and n_E must be >= 1 (got {}, {})", order.n_K, order.n_E));
  const double q = nome_series(b, order.n_q);
  double theta = 1.0;  // 1 + 2 sum q^(n^2)
  for (int n = 1; n <= order.n_K; ++n) theta += 2.0 * std::pow(q, static_cast<double>(n) * n);
  const double K = 0.5 * pi * theta * theta;
  double sum = 0.0;
  for (int n = 1; n <= order.n_E; ++n) {
    const double q2n = std::pow(q, 2.0 * n);
    sum += q2n / ((1.0 - q2n) * (1.0 - q2n));
  }
  const double E = (1.0 + b * b) / 3.0 * K + pi * pi / K * (1.0 / 12.0 - 2.0 * sum);
  return {K, E};
}

}  // namespace limitdir
