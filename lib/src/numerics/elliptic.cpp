#include "limitdir/numerics/elliptic.hpp"

#include "core/constants.hpp"

#include <boost/math/special_functions/ellint_rd.hpp>
#include <boost/math/special_functions/ellint_rf.hpp>
#include <boost/math/special_functions/ellint_rg.hpp>
#include <cmath>
#include <limits>

namespace limitdir {
namespace {


// Series of the hypergeometric forms (Abramowitz & Stegun 17.3.9-17.3.12):
//   K = (pi/2) 2F1(1/2,1/2;1;m), E = (pi/2) 2F1(-1/2,1/2;1;m),
//   B = (pi/4) 2F1(1/2,1/2;2;m), D = (pi/4) 2F1(1/2,3/2;2;m), Sigma = (pi/16) 2F1(3/2,3/2;3;m).
// All terms but E's are positive; E's decrease in magnitude: no cancellation for m < 1/2.
EllipticSet series_set(double m) {
  double k = 1, e = 1, b = 1, d = 1, s = 1;  // current coefficients
  double K = 1, E = 1, B = 1, D = 1, S = 1;  // partial sums
  double mn = 1;
  for (int n = 0; n < 200; ++n) {
    const double x = n + 0.5;
    k *= (x / (n + 1)) * (x / (n + 1));
    e *= (n - 0.5) * x / ((n + 1.0) * (n + 1.0));
    b *= x * x / ((n + 1.0) * (n + 2.0));
    d *= x * (n + 1.5) / ((n + 1.0) * (n + 2.0));
    s *= (n + 1.5) * (n + 1.5) / ((n + 1.0) * (n + 3.0));
    mn *= m;
    const double ts = s * mn;  // the slowest-decaying series
    K += k * mn;
    E += e * mn;
    B += b * mn;
    D += d * mn;
    S += ts;
    if (ts < 1e-18 * S) break;
  }
  return {0.5 * pi * K, 0.5 * pi * E, 0.25 * pi * B, 0.25 * pi * D, pi / 16.0 * S};
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

EllipticSet elliptic_set(double m, double one_minus_m) {
  if (m < 0.5) return series_set(m);
  if (one_minus_m <= 0.0) {
    const double inf = std::numeric_limits<double>::infinity();
    return {inf, 1.0, 1.0, inf, inf};
  }
  // Carlson forms with the complement given accurately (Boost.Math, a few ulp):
  // K = R_F(0, 1-m, 1), E = 2 R_G(0, 1-m, 1), D = R_D(0, 1-m, 1)/3. B = (E - (1-m) K)/m
  // adds two positive-dominated terms (K - D would cancel as m -> 1, where K ~ D ~ log).
  const double K = boost::math::ellint_rf(0.0, one_minus_m, 1.0);
  const double E = 2.0 * boost::math::ellint_rg(0.0, one_minus_m, 1.0);
  const double D = boost::math::ellint_rd(0.0, one_minus_m, 1.0) / 3.0;
  const double B = (E - one_minus_m * K) / m;
  return {K, E, B, D, (D - B) / m};
}

}  // namespace limitdir
