// The angle A of the Hertz pressure's ray integrals (friction/contact_hertz_chord.hpp): a rigorous
// arctangent in interval arithmetic. Compiled with -frounding-math (lib/CMakeLists.txt).
#include "friction/contact_hertz_chord.hpp"

#include <algorithm>
#include <cmath>

namespace limitdir::detail::contact_enclose {

namespace {

constexpr double pi_lo = 3.141592653589793;  // the double below pi
// Terms of the alternating series of atan y at |y| <= tan(pi/16) < 0.2 (after two halvings of
// the angle): the first omitted one is below 0.2^(2 n + 1)/(2 n + 1) = 2e-19 for n = 12.
constexpr int atan_terms = 12;

Interval half_pi() { return Interval(pi_lo, std::nextafter(pi_lo, 4.0)) / 2.0; }

/// atan y for |y| <= 1: atan y = 2 atan(y/(1 + sqrt(1 + y^2))) twice, then the alternating
/// series sum (-1)^n y^(2n+1)/(2n+1), whose terms decrease for |y| <= 1, with the first omitted
/// term as the remainder [Abramowitz & Stegun 4.4.42, 4.4.34].
Interval atan_small(Interval y) {
  for (int i = 0; i < 2; ++i) y = y / (Interval(1.0) + boost::numeric::sqrt(Interval(1.0) + square(y)));
  const Interval y2 = square(y);
  Interval sum(0.0), term = y;
  for (int n = 0; n < atan_terms; ++n) {
    sum = sum + term / Interval(2.0 * n + 1.0) * (n % 2 ? -1.0 : 1.0);
    term = term * y2;
  }
  const double tail = (abs(term) / Interval(2.0 * atan_terms + 1.0)).upper();
  return 4.0 * (sum + Interval(-tail, tail));
}

/// atan x at the point x (infinite allowed): x/|x| pi/2 - atan(1/x) for |x| > 1.
Interval atan_point(double x) {
  if (std::isinf(x)) return x > 0.0 ? half_pi() : -half_pi();
  if (std::abs(x) <= 1.0) return atan_small(Interval(x));
  return (x > 0.0 ? half_pi() : -half_pi()) - atan_small(Interval(1.0) / Interval(x));
}

}  // namespace

// atan is increasing: its range over [x_lo, x_hi] is [atan x_lo, atan x_hi].
Interval atan_enclosure(const Interval& x) { return Interval(atan_point(x.lower()).lower(), atan_point(x.upper()).upper()); }

Interval hertz_angle(const Interval& m, const Interval& sigma) {
  const double sigma_lo = std::max(0.0, sigma.lower()), sigma_hi = std::max(0.0, sigma.upper());
  const double pi_hi = (2.0 * half_pi()).upper();
  double lo = pi_hi, hi = 0.0;
  for (const double mc : {m.lower(), m.upper()})
    for (const double sc : {sigma_lo, sigma_hi}) {
      Interval A;
      if (sc > 0.0)
        A = half_pi() + atan_enclosure(Interval(mc) / Interval(sc));
      else
        A = mc > 0.0 ? 2.0 * half_pi() : mc < 0.0 ? Interval(0.0) : Interval(0.0, pi_hi);  // sigma = 0: A is pi, 0 or between
      lo = std::min(lo, A.lower());
      hi = std::max(hi, A.upper());
    }
  return Interval(std::max(0.0, lo), std::min(pi_hi, hi));  // A is in [0, pi]
}

}  // namespace limitdir::detail::contact_enclose
