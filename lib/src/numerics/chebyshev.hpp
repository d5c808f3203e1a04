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
