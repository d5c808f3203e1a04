// Enclosures of Chebyshev series over intervals of y that do not wrap with the degree:
// see ChebyshevBox and clenshaw_point in numerics/chebyshev.hpp.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <limits>

#include "numerics/chebyshev.hpp"

namespace limitdir::detail {

namespace {

// A rounded operation r = fl(x) of type F errs by less than ulp(x) <= eps_F |x| in every rounding
// mode (nearest or directed), and |x| <= 2 |r|, so by at most 2 eps_F |r|; the sum E of the |r| is
// itself rounded, by a relative 3 (n + 1) eps_F <= 1/4 for n < 1 / (12 eps_F) (7e17 terms in long
// double, 3.7e14 in double), and forming the bound by (1 + eps_F)^2: 2 * 1.25 * (1 + eps_F)^2 < 5.
constexpr double rounding_factor = 5.0;
// An operation whose result is subnormal errs by up to the least subnormal of F absolutely
// instead, and so does the conversion of the result to double: 1e-300 covers 3 (n + 1) + 1 of them
// for any n below 1e20.
constexpr double underflow_floor = 1e-300;
// The conversion of a result r of type F to the double v errs by at most 2^-52 |r| + 2^-1074,
// <= 2^-51 |v| + 2^-1073 (covered by underflow_floor); the bound itself, converted, loses at most
// a relative 2^-52, covered by 2^-50.
constexpr double to_double_unit = 0x1p-51, bound_slack = 0x1p-50;

/// Whether long double arithmetic has the precision numeric_limits claims (the x87 unit can be
/// set to round to 53 bits): (1 + eps) - 1 is eps exactly only with all its digits.
bool long_double_is_full() {
  static const bool full = [] {
    volatile long double one = 1.0L, eps = std::numeric_limits<long double>::epsilon();
    const long double sum = one + eps;
    volatile long double s = sum;
    return s - one == eps;
  }();
  return full;
}

/// Clenshaw's recurrence in F with the bound of numerics/chebyshev.hpp, converted to double.
template <class F>
PointValue clenshaw_in(const std::vector<double>& a, double y) {
  F b1 = 0, b2 = 0, E = 0;
  const F y1 = y, y2 = 2 * y1;  // exact
  for (std::size_t j = a.size(); j-- > 1;) {  // b_j = a_j + 2 y b_{j+1} - b_{j+2}, three roundings
    const F s1 = y2 * b1;
    const F s2 = F(a[j]) + s1;
    const F b0 = s2 - b2;
    E += std::abs(s1) + std::abs(s2) + std::abs(b0);
    b2 = b1;
    b1 = b0;
  }
  const F t = y1 * b1;
  const F u = (a.empty() ? F(0) : F(a[0])) + t;
  const F p = u - b2;
  E += std::abs(t) + std::abs(u) + std::abs(p);
  const F bound = F(rounding_factor) * std::numeric_limits<F>::epsilon() * E;
  const double v = static_cast<double>(p);
  const Interval error = Interval(static_cast<double>(bound)) * (1.0 + bound_slack) +
                         Interval(std::abs(v)) * to_double_unit + underflow_floor;
  return {v, error.upper()};
}

Interval symmetric(double r) { return Interval(-r, r); }

struct Bounds {
  double L1, L2, M2;  // sum j |a_j|, sum j^2 |a_j|, sum j^2 (j^2 - 1)/3 |a_j|, rounded up
};

Bounds bounds(const ChebyshevSeries& a) {
  Interval l1(0.0), l2(0.0), m2(0.0);
  for (std::size_t j = 1; j < a.size(); ++j) {
    const Interval J(static_cast<double>(j)), A(mag_of(a[j]));
    l1 += J * A;
    l2 += J * J * A;
    m2 += J * J * (J * J - 1.0) / 3.0 * A;
  }
  return {l1.upper(), l2.upper(), m2.upper()};
}

/// Sets the middles of the coefficients and returns the sum of their radii, rounded up.
double split(const ChebyshevSeries& a, std::vector<double>& mid) {
  Interval radii(0.0);
  mid.clear();
  for (const Interval& x : a) {
    const double m = mid_of(x);
    mid.push_back(m);
    radii += Interval(std::max((Interval(x.upper()) - m).upper(), (m - Interval(x.lower())).upper()));
  }
  return radii.upper();
}

}  // namespace

PointValue clenshaw_point(const std::vector<double>& a, double y) {
  // long double: 11 more bits on x86 (the x87 unit), which the bound near y = +-1 needs (there it
  // grows like N^2 ulps: the type of a node at the pole with nearly equal eigenvalues)
  return long_double_is_full() ? clenshaw_in<long double>(a, y) : clenshaw_in<double>(a, y);
}

ChebyshevBox::ChebyshevBox(const std::vector<double>& a) : ChebyshevBox(ChebyshevSeries(a.begin(), a.end())) {}

ChebyshevBox::ChebyshevBox(const ChebyshevSeries& a_in) {
  const ChebyshevSeries a = a_in.empty() ? ChebyshevSeries{Interval(0.0)} : a_in;
  const ChebyshevSeries D = chebyshev_derivative(a);
  const Bounds of_a = bounds(a), of_d = bounds(D);
  L1_ = of_a.L1;
  L2_ = of_a.L2;
  M2_ = of_a.M2;
  L1d_ = of_d.L1;
  L2d_ = of_d.L2;
  M1d_ = of_d.L2;  // sup |T_j'| = j^2 on [-1, 1]
  M2d_ = of_d.M2;
  a_radius_ = split(a, a_);
  d_radius_ = split(D, d_);
  dd_radius_ = split(chebyshev_derivative(D), dd_);
}

ChebyshevBox::Centre ChebyshevBox::centre(const Interval& Yin, bool second) const {
  const Interval Y(std::clamp(Yin.lower(), -1.0, 1.0), std::clamp(Yin.upper(), -1.0, 1.0));
  const double y0 = std::clamp(mid_of(Y), Y.lower(), Y.upper());
  const auto at_y0 = [&](const std::vector<double>& c, double radius) {
    const PointValue v = clenshaw_point(c, y0);
    return Interval(v.value) + symmetric((Interval(v.error) + radius).upper());
  };
  return {Y, y0, at_y0(a_, a_radius_), at_y0(d_, d_radius_),
          second ? at_y0(dd_, dd_radius_) : Interval(-INFINITY, INFINITY), Y - y0};
}

ChebyshevBox::Values ChebyshevBox::in_y(const Centre& c) const {
  const double e = mag_of(c.dy);
  const Interval second = symmetric((0.5 * Interval(e) * e).upper());  // +- |y - y0|^2/2
  return {c.P0 + c.D0 * c.dy + second * M2_,
          narrower(c.D0 + symmetric(e) * M1d_, c.D0 + c.DD0 * c.dy + second * M2d_)};
}

ChebyshevBox::Values ChebyshevBox::near(const Interval& Y) const {
  const Interval whole(-INFINITY, INFINITY);
  if (std::isnan(Y.lower()) || std::isnan(Y.upper())) return {whole, whole};
  return in_y(centre(Y));
}

Interval ChebyshevBox::value_near(const Interval& Y) const {
  if (std::isnan(Y.lower()) || std::isnan(Y.upper())) return Interval(-INFINITY, INFINITY);
  const Centre c = centre(Y, false);
  const double e = mag_of(c.dy);
  return c.P0 + c.D0 * c.dy + symmetric((0.5 * M2_ * Interval(e) * e).upper());
}

ChebyshevBox::Values ChebyshevBox::over(const Interval& Yin) const {
  const Interval whole(-INFINITY, INFINITY);
  if (std::isnan(Yin.lower()) || std::isnan(Yin.upper())) return {whole, whole};
  const Centre c = centre(Yin);
  const Values y_form = in_y(c);
  // theta - theta0 over the cell, y = cos theta, theta0 = acos y0
  const auto [lo, hi] = angles_of(c.Y);
  const auto [lo0, hi0] = angles_of(Interval(c.y0));
  const Interval T = Interval(lo, hi) - Interval(lo0, hi0);
  const double Delta = mag_of(T);
  const Interval sin2 = 1.0 - boost::numeric::square(Interval(c.y0));  // sin^2 theta0
  const Interval sin0 = boost::numeric::sqrt(Interval(std::max(0.0, sin2.lower()), std::max(0.0, sin2.upper())));
  const Interval second = symmetric((0.5 * Interval(Delta) * Delta).upper());  // +- Delta^2/2
  // first and second order in theta: d/dtheta = -sin(theta) d/dy
  Interval p = narrower(y_form.p, c.P0 + symmetric(Delta) * L1_);
  p = narrower(p, c.P0 - sin0 * c.D0 * T + second * L2_);
  Interval dp = narrower(y_form.dp, c.D0 + symmetric(Delta) * L1d_);
  dp = narrower(dp, c.D0 - sin0 * c.DD0 * T + second * L2d_);
  return {p, dp};
}

}  // namespace limitdir::detail
