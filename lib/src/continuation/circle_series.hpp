#pragma once
// The invariant circle's Chebyshev series of a harmonic model (internal to continuation):
// the law of (131)-(132) [Nonlinear Dyn. 2024] in y = 2u - 1 (numerics/chebyshev.hpp), u = w3^2.
#include <optional>

#include "limitdir/friction/linear.hpp"
#include "limitdir/system/system.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir::detail {

/// C, S of (84)-(85) (or the constants of a linear model with Pi = diag(a, a, b), the harmonic
/// model of degree 1), A = b1 C - b3 (kappa/rho) S, B = 2 A_y (1 - y) - A (h'(u) = A B), and
/// c1 = a F + b, b1 = (M^-1)_11, enclosed.
struct CircleSeries {
  ChebyshevSeries A, B, C, S;
  Interval a, b, b1;
};

/// The linear model of a system when it is the harmonic model of degree 1 there: Pi = diag(a, a, b)
/// on a system with the circle's structure (M diagonal with M11 = M22, c2 = 0); else nullptr.
const LinearModel* circle_linear_model(const System& system);

/// The series of a system on its invariant circle with c3 = 0 and c1 depending on F; nullopt
/// otherwise, or for a linear model when harmonic_only.
std::optional<CircleSeries> circle_series(const System& system, bool harmonic_only);

/// c1 = a F + b, b1 = (M^-1)_11 and b3 (kappa/rho) = (M^-1)_33 kappa/rho of a system whose M is
/// diagonal with c3 = 0 for every F (d3 = e3 = 0); nullopt otherwise or when a = 0.
struct CircleLoad {
  Interval a, b, b1, b3k;
};
std::optional<CircleLoad> circle_load(const System& system);

}  // namespace limitdir::detail
