// The angles theta of Chebyshev series and their cosines (numerics/chebyshev.hpp): cos theta in
// double with a rigorous bound of its error (Taylor series after an exact reduction), the error
// eta of an angle seen through its cosine, the enclosure of cos over an interval of angles and
// the angles of an interval of y. Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "numerics/arb_support.hpp"
#include "numerics/chebyshev_eval.hpp"

namespace limitdir::detail {

namespace chebyshev {

namespace {

// libm's acos is within an ulp or so; moved by 4 u / sin theta, doubled 6 times (to 128 u /
// sin theta) its cosine clears cos_double's bound of a few u, else Arb settles the angle.
constexpr int max_angle_steps = 8;

// Horner's scheme for sum_k c_k x^k, 0 <= x <= 1, with its rounding error: as for Clenshaw,
// an error delta_k made at step k reaches the result times x^k <= 1, |delta_k| <= u (|x y| + |y|).
Approx horner(const double* c, int n, double x) {
  double y = c[n - 1], S = 0.0;
  for (int k = n - 2; k >= 0; --k) {
    const double t = x * y;
    y = t + c[k];
    S += std::abs(t) + std::abs(y);
  }
  return {y, (sum_factor * unit * S + static_cast<double>(2 * n) * underflow) * margin};
}

// (-1)^k / (2k)! and (-1)^k / (2k+1)!, k = 0..8, each rounded to nearest (so within u of it).
constexpr int taylor_terms = 9;
constexpr double cos_taylor[] = {0x1.0000000000000p+0,  -0x1.0000000000000p-1, 0x1.5555555555555p-5,
                                 -0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16, -0x1.27e4fb7789f5cp-22,
                                 0x1.1eed8eff8d898p-29, -0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-45};
constexpr double sin_taylor[] = {0x1.0000000000000p+0,  -0x1.5555555555555p-3, 0x1.1111111111111p-7,
                                 -0x1.a01a01a01a01ap-13, 0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26,
                                 0x1.6124613a86d09p-33, -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49};
// pi/2 = half_pi + half_pi_tail + O(1e-32), pi = 2 half_pi + pi_tail + O(1e-32) (rounded to nearest).
constexpr double half_pi = 0x1.921fb54442d18p+0, half_pi_tail = 0x1.1a62633145c07p-54;
constexpr double pi_tail = 0x1.1a62633145c07p-53;
// The error of cos z by its Taylor polynomial of degree 16 for 0 <= z <= pi/4 + 1e-15, beyond
// Horner's: the coefficients' rounding (u cosh z <= 1.33 u), that of x = z^2 (|d cos / dx| <= 0.55
// times u x <= 0.62 u: 0.35 u) and the remainder (z^18/18! < 2.1e-18 < 0.02 u): <= 1.7 u.
constexpr double cos_extra = 2.0 * unit;
// The same for sin t / t, |t| <= pi/4 + 1e-15 (degree 16): coefficients u sinh t / t <= 1.11 u,
// x = t^2: |d/dx| <= 0.19 times 0.62 u, remainder t^18/19! < 1e-19 < 0.001 u: <= 1.3 u.
constexpr double sinc_extra = 1.3 * unit;
// Absolute errors of the reductions: pi/2 and pi beyond their two doubles (< 1e-32 each).
constexpr double reduction_floor = 1e-31;

// cos z for 0 <= z <= pi/4 (+1e-15), z exact.
Approx cos_small(double z) {
  const Approx c = horner(cos_taylor, taylor_terms, z * z);
  return {c.value, (c.err + cos_extra + 2.0 * underflow) * margin};
}

// cos theta for theta in [0, pi] (pi_up: -1 exactly) in double, with a rigorous bound:
// theta <= pi/4 by the cosine's Taylor series; up to 3pi/4 as -sin(theta - pi/2), theta - half_pi
// exact (Sterbenz: theta in [half_pi/2, 2 half_pi]); beyond as -cos(pi - theta), 2 half_pi - theta exact
// (Sterbenz). The result is clamped to [-1, 1], which cos theta is in.
Approx cos_double(double theta) {
  if (theta == pi_up) return {-1.0, 0.0};
  Approx r{};
  if (theta <= 0.5 * half_pi) {
    r = cos_small(theta);
  } else if (theta <= 1.5 * half_pi) {
    const double t = (theta - half_pi) - half_pi_tail;  // |t - exact| <= u |t| + 1e-32
    const Approx q = horner(sin_taylor, taylor_terms, t * t);
    const double s = t * q.value;  // sin t
    r = {-s, (unit * std::abs(s) + unit * std::abs(t) + std::abs(t) * (q.err + sinc_extra) + reduction_floor +
              3.0 * underflow) *
                 margin};
  } else {
    const double z = (2.0 * half_pi - theta) + pi_tail;  // pi - theta, |z - exact| <= u z + 1e-32
    const Approx c = cos_small(z);
    r = {-c.value, (c.err + unit * z + reduction_floor + underflow) * margin};
  }
  r.value = std::clamp(r.value, -1.0, 1.0);
  return r;
}

// acos(y) in Arb at 64 bits, its lower end (side > 0) or upper end (side < 0), within [0, pi_up].
double arb_acos_end(double y, int side) {
  constexpr slong prec = 64;
  arb_t t;
  arb_init(t);
  arb_set_d(t, std::clamp(y, -1.0, 1.0));
  arb_acos(t, t, prec);
  const Interval a = interval_of_ball(t, prec);
  arb_clear(t);
  return side > 0 ? std::max(0.0, a.lower()) : std::min(pi_up, a.upper());
}

}  // namespace

// The bound eta of |theta - theta^| (the Angle of numerics/chebyshev_eval.hpp). For
// 0 <= a <= b <= pi, cos a - cos b = 2 sin((a+b)/2) sin((b-a)/2) >= 2 sin^2((b-a)/2)
// >= 2 ((b-a)/pi)^2, so b - a <= (pi/sqrt 2) sqrt(e) with e the error of y^; and
// b - a <= e / min sin between, sin >= sin theta - that bound, sin theta >= x - x^3/6 and
// >= (2/pi) x (Jordan), x = min(theta, pi - theta).
Angle angle_of(double theta) {
  const Approx c = cos_double(theta);
  if (c.err == 0.0) return {c.value, 0.0};
  // sin theta >= x - x^3/6 >= (2/pi) x, x = min(theta, pi - theta) (pi - theta >= 2 half_pi - theta)
  const double x = std::min(theta, 2.0 * half_pi - theta);
  const double sin_low = std::max(x - x * x * x * (1.0 / 6.0), 0.6365 * x) * (1.0 - 8.0 * unit);  // 2/pi = 0.63662
  // holder <= sin_low / 10 (holder^2 = (pi^2 / 2) err, 100 pi^2 / 2 = 493.5) without the root
  if (sin_low * sin_low >= 494.0 * c.err * margin) return {c.value, c.err / (0.9 * sin_low) * margin};
  const double holder = 2.2215 * std::sqrt(c.err) * margin;  // pi / sqrt 2 = 2.22144...
  if (sin_low > 2.0 * holder) return {c.value, std::min(holder, c.err / (sin_low - holder) * margin)};
  return {c.value, holder};
}

}  // namespace chebyshev

using namespace chebyshev;  // the bounds and angles of numerics/chebyshev_eval.hpp

double angle_pi() { return pi_up; }

// cos over [lo, hi] and the angles of a Y by cos_double's bounds (for the angles, Arb only when
// they do not settle one near libm's acos).
Interval cos_enclose(double lo, double hi) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NearestRounding nearest;
  const Approx c_lo = cos_double(lo);
  const double upper = std::min(1.0, std::nextafter(c_lo.value + c_lo.err, inf));
  double lower = -1.0;
  if (hi != pi_up) {
    const Approx c_hi = cos_double(hi);
    lower = std::max(-1.0, std::nextafter(c_hi.value - c_hi.err, -inf));
  }
  return Interval(lower, upper);
}

std::pair<double, double> angles_of(const Interval& Y) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NearestRounding nearest;
  // lo: cos(lo) >= Y.upper() proven (cos decreases on [0, pi]); hi: cos(hi) <= Y.lower()
  const auto proven = [](double theta, double y, int side) {
    const Approx c = cos_double(theta);
    return side > 0 ? std::nextafter(c.value - c.err, -inf) >= y : std::nextafter(c.value + c.err, inf) <= y;
  };
  // side > 0: the lower angle, < 0: the upper; libm's acos moved away by steps doubling from
  // 4 u / sin (what the cos bound of a few u asks), 0 and pi_up being proven ends
  const auto settle = [&](double y, int side) {
    const double theta0 = std::clamp(std::acos(std::clamp(y, -1.0, 1.0)), 0.0, pi_up);
    const double step = 4.0 * unit / std::max(std::sin(theta0), 2e-8);
    for (int k = 0; k < max_angle_steps; ++k) {
      const double shift = k == 0 ? 0.0 : step * std::ldexp(1.0, k - 1);
      const double theta = side > 0 ? std::max(0.0, theta0 - shift) : std::min(pi_up, theta0 + shift);
      if ((side > 0 && theta == 0.0) || (side < 0 && theta == pi_up) || proven(theta, y, side)) return theta;
    }
    return arb_acos_end(y, side);
  };
  const double lo = Y.upper() >= 1.0 ? 0.0 : settle(Y.upper(), 1);
  const double hi = Y.lower() <= -1.0 ? pi_up : settle(Y.lower(), -1);
  return {lo, hi};
}

}  // namespace limitdir::detail
