#pragma once
// Real polynomials p(u) = sum_i p_i u^i on [0, 1] (internal): the roots of (132)
// [Nonlinear Dyn. 2024] in u = w3^2 and of the event conditions derived from it.
#include <vector>

namespace limitdir::detail {

/// p(x) by Horner's scheme.
double horner(const std::vector<double>& p, double x);
/// The coefficients of p'.
std::vector<double> derivative(const std::vector<double>& p);
/// The product p q.
std::vector<double> product(const std::vector<double>& p, const std::vector<double>& q);

/// The real roots in [0, 1] of p, given `cuts`: points that split [0, 1] into pieces on which p
/// is monotone (the roots of p'), so that each piece holds at most one root, found by TOMS 748
/// where p changes sign. A cut where p vanishes (to rounding) is a double root: a fold.
std::vector<double> roots_between(const std::vector<double>& p, std::vector<double> cuts, double xtol);
/// All real roots in [0, 1], the cuts being the roots of p' (recursively; the critical points
/// only separate monotone pieces, so a coarser tolerance is enough there).
std::vector<double> polynomial_roots_01(const std::vector<double>& p, double xtol = 4e-16);

}  // namespace limitdir::detail
