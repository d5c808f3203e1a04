#pragma once
// The real roots of (132) [Nonlinear Dyn. 2024] on the invariant circle w2 = 0 (internal to
// limits): (b1 C(u) - b3 (kappa/rho) S(u))^2 (1 - u) = c1^2 in u = w3^2, with C, S given by
// their Chebyshev series in y = 2u - 1 (HarmonicModel::chebyshev_C, chebyshev_S), isolated
// rigorously in that basis (numerics/chebyshev.hpp) for every degree.
#include <optional>
#include <string>
#include <vector>

namespace limitdir::detail {

/// w3 = sqrt(u) >= 0 at every root u in [0, 1], increasing; nullopt when a root is not decided
/// (a double root: the load is a fold's; or a root at u = 0 or 1), with the reason in `why`.
std::optional<std::vector<double>> invariant_circle_roots(const std::vector<double>& C, const std::vector<double>& S,
                                                          double b1, double b3k, double c1, std::string& why);

}  // namespace limitdir::detail
