#pragma once
// Chebyshev series on [-1, 1] and their real roots, rigorously isolated (internal).
//
// p(y) = sum_j a_j T_j(y) with interval coefficients. With y = cos(theta), theta in [0, pi],
// p is the cosine polynomial sum_j a_j cos(j theta), so over a cell of angles around theta0
//     |p(theta) - p(theta0)| <= |theta - theta0| L1,      L1 = sum_j j |a_j|,
//     |p'(theta) - p'(theta0)| <= |theta - theta0| L2,    L2 = sum_j j^2 |a_j|,
//     |p''(theta) - p''(theta0)| <= |theta - theta0| L3,  L3 = sum_j j^3 |a_j|   (' = d/dtheta),
// whatever the degree: the Lipschitz bounds of a trigonometric polynomial. This is the basis the
// harmonic model of (84)-(85) [Nonlinear Dyn. 2024] is evaluated in (y = 2 w3^2 - 1); no digit is
// lost to the conversion into monomials that made the roots of degree > 12 unreliable.
//
// The values at a point theta come first in double, with a rigorous bound of their error:
// cos theta by Taylor series with a bounded rounding (giving y^ = cos(theta^), |theta - theta^|
// <= eta), Clenshaw's recurrence at y^ whose rounding errors reach the result times T_j(y^), so
// at most their sum (no growth with the degree), the coefficients' radii, and L1 eta (L2 eta,
// L3 eta for the derivatives). Where that enclosure is too wide for a decision, the value comes
// from Clenshaw's recurrence in Arb ball arithmetic at 64 + 2 deg bits (the radius of the
// recurrence grows at most like (1 + sqrt 2)^deg, 1.27 bits a term).
//
// The roots in [-1, 1] are isolated by bisection of [0, pi] in theta: a cell is dropped when
// the enclosure of p (first, second or third order around its middle) excludes 0, and holds
// exactly one root when p' excludes 0 on it (p is then monotone in theta, hence in y) and p has
// strictly opposite signs at its ends. Each test is made on the double enclosures and redone on
// Arb's when only their width keeps it from passing, so it passes whenever Arb's alone would. So
// no root is reported that is not one, and none is lost; a root that neither test can decide (a
// multiple root, or one at a cell end or at y = +-1) stops the isolation with the reason. The
// cell of a root is then narrowed around a double Newton estimate r: the signs at r +- delta
// proven on the double enclosures; where these are too wide (near y = +-1, or |p'| small
// against the rounding), on Arb's around r corrected by Arb's value; else by bisection.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

/// sum_j a_j T_j(y), y in [-1, 1].
using ChebyshevSeries = std::vector<Interval>;

/// The series of dp/dy.
ChebyshevSeries chebyshev_derivative(const ChebyshevSeries& a);
/// The series of p q (T_i T_j = (T_{i+j} + T_{|i-j|})/2).
ChebyshevSeries chebyshev_product(const ChebyshevSeries& p, const ChebyshevSeries& q);
/// The series of s p + t q.
ChebyshevSeries chebyshev_combination(const Interval& s, const ChebyshevSeries& p, const Interval& t,
                                      const ChebyshevSeries& q);

/// The double just above pi, standing for pi as the upper end of the angles [0, pi] (at a
/// point it is y = -1 exactly; as a cell end it only widens the cell, cos being even about pi).
double angle_pi();

/// An enclosure of p over the angles theta in [lo, hi] (0 <= lo <= hi <= angle_pi()).
Interval chebyshev_enclose(const ChebyshevSeries& a, double lo, double hi);
/// An enclosure of p(y) at y = +-1 (exact).
Interval chebyshev_at_end(const ChebyshevSeries& a, int sign);
/// An enclosure of cos(theta) over [lo, hi] (cos(angle_pi()) = -1).
Interval cos_enclose(double lo, double hi);
/// Angles [lo, hi] whose cosines cover y in Y (Y within [-1, 1]).
std::pair<double, double> angles_of(const Interval& Y);

/// The intersection of two enclosures a, b of the same quantity (then valid too); an enclosure
/// with a NaN bound (one that failed) is ignored, and disjoint ones (impossible unless one is
/// wrong) give a.
inline Interval narrower(const Interval& a, const Interval& b) {
  const auto valid = [](const Interval& x) { return !std::isnan(x.lower()) && !std::isnan(x.upper()); };
  if (!valid(b) || disjoint(a, b)) return a;
  if (!valid(a)) return b;
  return meet(a, b);
}

/// p(y) at a double y in [-1, 1] by Clenshaw's recurrence in long double (in double where long
/// double lacks its 64 bits), with a bound on its rounding error, returned in double: the computed b_k are the exact recurrence of the coefficients a_k + e_k,
/// e_k the rounding of step k, so the error is sum_k e_k T_k(y), at most sum_k |e_k| (|T_k| <= 1),
/// which grows like the degree (like its square near y = +-1, where the b_k grow like the degree)
/// and not like (1 + sqrt 2)^deg as the radii of interval Clenshaw.
struct PointValue {
  double value, error;
};
PointValue clenshaw_point(const std::vector<double>& a, double y);

/// Enclosures of p and dp/dy over intervals Y of y whose width does not grow exponentially with
/// the degree (harmonic model (84)-(86) [Nonlinear Dyn. 2024] at any N), from the values at a
/// point y0 of Y (clenshaw_point) and bounds on derivatives that hold on all of [-1, 1]:
///   in theta (y = cos theta): p(y0) +- L1 Delta and p(y0) + p_theta(theta0) t +- L2 Delta^2/2,
///   in y (Markov, |T_j''| <= j^2 (j^2 - 1)/3): p(y0) + p'(y0) (y - y0) +- M2 |y - y0|^2/2,
/// intersected; dp/dy likewise (to second order too) from the series of the first and second
/// derivatives (interval coefficients).
class ChebyshevBox {
 public:
  /// p = sum_j a_j T_j(y) with exact double coefficients.
  explicit ChebyshevBox(const std::vector<double>& a);
  /// p = sum_j a_j T_j(y) with interval coefficients (their middles, and the sum of their radii
  /// as the bound of the rest since |T_j| <= 1).
  explicit ChebyshevBox(const ChebyshevSeries& a);
  struct Values {
    Interval p, dp;  // p and dp/dy over Y
  };
  /// Y within [-1, 1] (it is clamped to it).
  Values over(const Interval& Y) const;
  /// The forms in y alone (no angles): for the narrow Y of a point (a cosine enclosed to a few ulps).
  Values near(const Interval& Y) const;
  /// p alone over such a Y (p(y0) + p'(y0) (y - y0) +- M2 |y - y0|^2/2), one series fewer.
  Interval value_near(const Interval& Y) const;

 private:
  struct Centre {
    Interval Y;  // clamped to [-1, 1]
    double y0;
    Interval P0, D0, DD0, dy;  // p(y0), dp/dy(y0), d2p/dy2(y0), Y - y0
  };
  Centre centre(const Interval& Y, bool second = true) const;  // second: also d2p/dy2(y0)
  Values in_y(const Centre& c) const;
  std::vector<double> a_, d_, dd_;  // the middles of the coefficients of p, dp/dy, d2p/dy2
  double a_radius_ = 0.0, d_radius_ = 0.0, dd_radius_ = 0.0;  // the sums of their radii, rounded up
  double L1_ = 0.0, L2_ = 0.0, M2_ = 0.0;  // sum j |a_j|, sum j^2 |a_j|, sum j^2 (j^2 - 1)/3 |a_j|
  double L1d_ = 0.0, L2d_ = 0.0, M1d_ = 0.0, M2d_ = 0.0;  // the same of d (M1d = sum j^2 |d_j|, |T_j'| <= j^2)
};

struct ChebyshevRoots {
  bool complete = false;
  /// Cells of theta, increasing, each holding exactly one root (simple), narrowed to 2e-15 or
  /// to a few times the rounding of p (or the coefficients' radii) over |p'|: ~1e-15 to 1e-13.
  std::vector<std::pair<double, double>> cells;
  std::string why;  // when not complete: the root that was not decided
};

/// Every root of p in y in [-1, 1] (theta in [0, pi]), isolated as above.
ChebyshevRoots chebyshev_roots(const ChebyshevSeries& a);

}  // namespace limitdir::detail
