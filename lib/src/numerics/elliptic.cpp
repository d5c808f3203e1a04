#include "limitdir/numerics/elliptic.hpp"

#include "core/constants.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace limitdir {
namespace {


// Series of the hypergeometric forms (Abramowitz & Stegun 17.3.9-17.3.12):
//   K = (pi/2) 2F1(1/2,1/2;1;m), E = (pi/2) 2F1(-1/2,1/2;1;m),
//   B = (pi/4) 2F1(1/2,1/2;2;m), D = (pi/4) 2F1(1/2,3/2;2;m), Sigma = (pi/16) 2F1(3/2,3/2;3;m).
// All terms but E's are positive; E's decrease in magnitude: no cancellation for m < 1/2.
// The coefficients are tabulated once and summed by Horner's rule (no division per term: the
// series are the hot loop of the ring quadrature, friction/exact.cpp).
constexpr int kSeriesTerms = 80;  // Sigma's terms ~ n m^n: at m = 1/2, 80 n 2^-80 < 1e-22

struct SeriesTables {
  std::array<double, kSeriesTerms> k, e, b, d, s;
  SeriesTables() {
    double kn = 1, en = 1, bn = 1, dn = 1, sn = 1;
    for (int n = 0; n < kSeriesTerms; ++n) {
      k[n] = kn, e[n] = en, b[n] = bn, d[n] = dn, s[n] = sn;
      const double x = n + 0.5;  // the ratios of consecutive coefficients of the 2F1 above
      kn *= (x / (n + 1)) * (x / (n + 1));
      en *= (n - 0.5) * x / ((n + 1.0) * (n + 1.0));
      bn *= x * x / ((n + 1.0) * (n + 2.0));
      dn *= x * (n + 1.5) / ((n + 1.0) * (n + 2.0));
      sn *= (n + 1.5) * (n + 1.5) / ((n + 1.0) * (n + 3.0));
    }
  }
};

// Terms kept at m: those with m^n above 1e-19 (Sigma's slowest coefficients grow like n, below
// 80: the dropped tail is under 1e-17 of the sum, the sum's own rounding), two more for safety.
int series_terms(double m) {
  if (m <= 0.0) return 1;
  constexpr double log_drop = -43.749;  // log(1e-19)
  return std::min(kSeriesTerms, static_cast<int>(std::ceil(log_drop / std::log(m))) + 2);
}

const SeriesTables& series_tables() {
  static const SeriesTables t;
  return t;
}

EllipticSet series_set(double m) {
  const SeriesTables& t = series_tables();
  double K = 0, E = 0, B = 0, D = 0, S = 0;
  for (int n = series_terms(m); n-- > 0;) {
    K = K * m + t.k[n];
    E = E * m + t.e[n];
    B = B * m + t.b[n];
    D = D * m + t.d[n];
    S = S * m + t.s[n];
  }
  return {0.5 * pi * K, 0.5 * pi * E, 0.25 * pi * B, 0.25 * pi * D, pi / 16.0 * S};
}
EllipticEB series_eb(double m) {
  const SeriesTables& t = series_tables();
  double E = 0, B = 0;
  for (int n = series_terms(m); n-- > 0;) {
    E = E * m + t.e[n];
    B = B * m + t.b[n];
  }
  return {0.5 * pi * E, 0.25 * pi * B};
}
}  // namespace

double series_e(int n) {
  double e = 1;
  for (int i = 0; i < n; ++i) e *= (i - 0.5) * (i + 0.5) / ((i + 1.0) * (i + 1.0));
  return e;
}

double series_b(int n) {
  double b = 1;
  for (int i = 0; i < n; ++i) b *= (i + 0.5) * (i + 0.5) / ((i + 1.0) * (i + 2.0));
  return b;
}

EllipticSet elliptic_set(double m) { return elliptic_set(m, 1.0 - m); }

namespace {
// m >= 1/2 by the arithmetic-geometric mean (A&S 17.6.1-17.6.4): a_0 = 1, b_0 = sqrt(1 - m),
// c_0^2 = m; a_{n+1} = (a_n + b_n)/2, b_{n+1} = sqrt(a_n b_n), c_{n+1} = (a_n - b_n)/2;
//   K = pi/(2 a_N),  E = K (1 - sum_n 2^(n-1) c_n^2).
// In long double (64-bit mantissa) with m taken as 1 - (1 - m) (the complement is the accurate
// one): 1 - sum = E/K loses log2(K/E) < 10 bits even at 1 - m = 1e-300 (K ~ 690), fewer than the 11
// extra bits, so K, E and B, D, Sigma from them (no cancellation past 2 bits for m >= 1/2) round to
// within 0.7 ulp of their values (mpmath at 340 digits, tests/reference/elliptic_near_one.py);
// about twice as fast as Boost's Carlson forms R_F, R_G, R_D.
struct AgmSet {
  long double m, K, E;
};
// Once c_n <= 1e-10 a_n the next c is ~c_n^2/(4 a_n) < 1e-20 a_n: a_N is the mean to below the
// long double's rounding (5e-20), and the dropped terms 2^n c^2 < 1e-38 of the sum.
constexpr long double kAgmStop = 1e-10L;
constexpr int kAgmMaxSteps = 64;  // b_0 >= 1e-162 (the least double's root): ~14 steps suffice

AgmSet agm_set(double one_minus_m) {
  const long double m = 1.0L - static_cast<long double>(one_minus_m);
  long double a = 1.0L, b = std::sqrt(static_cast<long double>(one_minus_m));
  long double sum = 0.5L * m, weight = 0.5L;
  for (int n = 0; n < kAgmMaxSteps; ++n) {
    const long double c = 0.5L * (a - b), next = 0.5L * (a + b);
    b = std::sqrt(a * b);
    a = next;
    weight *= 2.0L;
    sum += weight * c * c;
    if (c <= kAgmStop * a) break;
  }
  const long double K = 3.141592653589793238462643383279502884L / (2.0L * a);
  return {m, K, K * (1.0L - sum)};
}
}  // namespace

EllipticSet elliptic_set(double m, double one_minus_m) {
  if (m < 0.5) return series_set(m);
  if (one_minus_m <= 0.0) {
    const double inf = std::numeric_limits<double>::infinity();
    return {inf, 1.0, 1.0, inf, inf};
  }
  const AgmSet g = agm_set(one_minus_m);
  // B = (E - (1-m) K)/m, D = (K - E)/m, Sigma = (D - B)/m (the header's definitions)
  const long double B = (g.E - one_minus_m * g.K) / g.m, D = (g.K - g.E) / g.m;
  return {static_cast<double>(g.K), static_cast<double>(g.E), static_cast<double>(B), static_cast<double>(D),
          static_cast<double>((D - B) / g.m)};
}

EllipticEB elliptic_eb(double m, double one_minus_m) {
  if (m < 0.5) return series_eb(m);
  if (one_minus_m <= 0.0) return {1.0, 1.0};
  const AgmSet g = agm_set(one_minus_m);
  return {static_cast<double>(g.E), static_cast<double>((g.E - one_minus_m * g.K) / g.m)};
}

}  // namespace limitdir
