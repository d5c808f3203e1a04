#pragma once
// The evaluation of Chebyshev series (numerics/chebyshev.hpp), shared by its sources (internal
// to numerics/): the rounding bounds of the double evaluation (here), the angles theta and their
// cosines (numerics/chebyshev_eval.cpp), the values of p and its derivatives at a point in double
// with a rigorous bound and in Arb (the Evaluator, numerics/chebyshev_eval.cpp), which the
// isolation of the real roots (numerics/chebyshev_roots.cpp) decides on. In namespace
// detail::chebyshev: its short names (Ball, Angle, Approx, unit, margin ...) cannot meet another
// file's of the same name in detail, which would break the one-definition rule without a
// diagnostic.
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "numerics/chebyshev.hpp"

namespace limitdir::detail::chebyshev {

// The rounding error bounds of the double evaluation (round to nearest, no contraction into
// fma: lib/CMakeLists.txt compiles with -ffp-contract=off). A rounding of z gives fl(z) with
// |fl(z) - z| <= u |fl(z)| + 2^-1075 (Higham, Accuracy and Stability, (2.5), and gradual underflow).
inline constexpr double unit = 0x1p-53;           // u
inline constexpr double underflow = 0x1p-1074;    // 2^-1075 rounded up, for each rounding
// A bound summed from at most 16 round-to-nearest operations on nonnegative doubles is below
// its exact value by at most a factor (1 - u)^16 > 1 - 2^-49: times 1 + 2^-48 (itself rounded)
// it is above it.
inline constexpr double margin = 1.0 + 0x1p-48;
// The sum S of n nonnegative doubles summed in double is within (n - 1) u S of its exact value
// (Higham (4.4)); 1.02 u S covers u times the exact sum for n u < 0.01 (n < 1e13 terms).
inline constexpr double sum_factor = 1.02;
// The double just above pi (pi rounded down is 2 half_pi = 0x1.921fb54442d18p+1, half_pi in
// numerics/chebyshev_eval.cpp): angle_pi().
inline constexpr double pi_up = 0x1.921fb54442d19p+1;

// A double and a bound of its error: |value - exact| <= err.
struct Approx {
  double value, err;
};

// A point theta seen through the double y^ = cos(theta^) nearest to what cos_double gives:
// |theta - theta^| <= eta (numerics/chebyshev_eval.cpp).
struct Angle {
  double y, eta;
};
Angle angle_of(double theta);

// A value v +- B (|exact - v| <= B). Every comparison of Balls (here and in
// numerics/chebyshev_roots.cpp) is made on sums of such radii times margin, so it holds for the
// exact sums.
struct Ball {
  double v, B;
  /// Both ends strictly of one sign.
  bool signed_() const { return std::abs(v) > B * margin; }
  static Ball of(const Interval& x) {
    const double m = mid_of(x);
    return {m, std::max(x.upper() - m, m - x.lower()) * margin};  // inf when x is not bounded
  }
};

// A series in double: the middles m_j of its coefficients, bounds rho_j of their distance to
// the exact ones, and radius >= sum_j rho_j (|T_j(y)| <= 1 on [-1, 1]). Sums of n nonnegative
// terms of a few roundings each are within (n + 4) u of their exact value (Higham (4.4)):
// the factor 1 + (2n + 10) u covers it.
struct Middles {
  std::vector<double> mid, rho;
  double radius = 0.0;
  void sum_radius();
  explicit Middles(const ChebyshevSeries& a);
  /// The series of the derivative by the recurrence of chebyshev_derivative in double: a step
  /// b_{j-1} = b_{j+1} + (2j) m_j makes two roundings, within u (|2j m_j| + |b_{j-1}|), added to
  /// its bound with the rho's.
  Middles derivative() const;
};

// The series of p and of dp/dy as Arb balls (numerics/chebyshev_eval.cpp).
class ArbSeries;

// p and dp/dtheta at points theta, and the Lipschitz bounds L1, L2 of numerics/chebyshev.hpp.
// Each value comes in two enclosures: fast() in double with the rounding bounds of
// clenshaw_double (a few ulps of the terms, plus L1 or L2 times the angle's eta), arb() from
// Clenshaw in Arb at bits_for(deg) bits (the middles exactly, the radii apart: a ball's radius
// would grow like (1 + sqrt 2)^deg through the recurrence, while sum_j r_j T_j(y) is at most
// 2 sum_j r_j: |T_j(y)| <= 2 for |y| <= 1 + 2^-prec, T_j(1 + d) <= cosh(j sqrt(2 d) (1 + d)),
// j sqrt(2 d) < 1).
class Evaluator {
 public:
  explicit Evaluator(const ChebyshevSeries& a);
  ~Evaluator();  // out of line: ArbSeries is complete only in numerics/chebyshev_eval.cpp

  /// p, dp/dtheta and d^2p/dtheta^2 at theta in double (see fast and derivatives).
  struct Point {
    Ball p, slope, curvature;
  };
  Point fast_all(double theta, const Angle& t) const;

  double L1() const { return L1_; }
  double L2() const { return L2_; }
  double L3() const { return L3_; }
  /// sum_j rho_j: the coefficients' radii.
  double radius() const { return a_.radius; }

  /// p at theta in double (t = angle_of(theta); theta == pi_up: y = -1 exactly).
  Ball fast(const Angle& t) const;
  /// p at theta in Arb.
  Interval arb(double theta) const;
  /// p at theta in double with the angle's error through the local slope (for narrowing, where
  /// eta L1 would dominate): see fast_point.
  Ball fast_precise(double theta) const { return fast_point(theta).p; }
  /// p, p', p'' at theta in double, each at theta^ plus the angle's error through the next
  /// derivative: eta (|p'| + eta L2 / 2) for p (when below L1 eta), L2 eta, L3 eta.
  Point fast_point(double theta) const;
  /// p at y = +-1 in double (exact points: only Clenshaw's rounding).
  Ball fast_end(int sign) const { return fast(Angle{static_cast<double>(sign), 0.0}); }
  Interval arb_end(int sign) const;
  /// dp/dtheta = -sin(theta) p_y and d^2p/dtheta^2 = sin^2(theta) p_yy - cos(theta) p_y at
  /// theta in double from p_y and p_yy at y: at theta^ (cos theta^ = y exactly; sin theta^ = sqrt((1 - y)(1 + y)) within
  /// 2.5 u + O(u^2) < 3 u relatively: three roundings under the root, halved, and the root's;
  /// sin^2 theta^ within 3.01 u), plus L2 eta and L3 eta.
  std::pair<Ball, Ball> derivatives(double theta, const Angle& t, const Approx& P1, const Approx& P2) const;
  Interval arb_slope(double theta) const;
  /// p and dp/dtheta at theta in plain double (estimates, no bound).
  std::pair<double, double> estimate(double theta) const;
  /// The farthest end of [lo, hi] from m, rounded up.
  static double reach(double lo, double m, double hi);

 private:
  // 2 sum_j r_j: the radii's part of the Arb values (y may exceed [-1, 1] by 2^-prec).
  static Interval radius(const Middles& m);
  const ArbSeries& series() const;

  Middles a_, d_, dd_;
  double L1_ = 0.0, L2_ = 0.0, L3_ = 0.0;
  std::vector<double> d_pad_, dd_pad_;  // d_, dd_ padded to the length of a_ with zeros
  mutable std::unique_ptr<ArbSeries> arb_;
};

}  // namespace limitdir::detail::chebyshev
