#pragma once
// The law of the invariant circle (internal to continuation): with w2 = 0 and c = (c1, 0, 0),
// c1 = a F + b, the non-trivial limit directions of an axisymmetric model solve
//     h(u) = A(u)^2 (1 - u) = c1^2,   A(u) = b1 C(u) - b3 (kappa/rho) S(u),   u = w3^2,
// (131)-(132) [Nonlinear Dyn. 2024], so a load sweep's events and branches are those of the
// one-variable function h (continuation/circle_events.hpp). A CircleLaw encloses what the proof
// of such a sweep needs (continuation/circle_proof.hpp): h over intervals of u, A and C on the
// equator u = 0, and h at every fold (root of h'/A) and at every root of S, each root isolated
// and simple. Two laws implement it: the Chebyshev series of the harmonic model (and of a linear
// one with Pi = diag(a, a, b)), whose roots are isolated in that basis for every degree
// (numerics/chebyshev.hpp), and the exact model with uniform or Hertz pressure, whose C, S and
// their first and second u-derivatives are enclosed with Arb's elliptic integrals
// (ExactModel::enclose_circle) and whose roots are isolated by bisection with monotonicity tests
// on those enclosures (continuation/circle_isolate.hpp).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "continuation/circle_series.hpp"
#include "limitdir/friction/exact.hpp"

namespace limitdir::detail {

/// h = A^2 (1 - u) at each root of a condition of (132), each root enclosed, isolated and
/// simple; when not complete, `why` names the root that was not decided.
struct CircleRoots {
  bool complete = false;
  std::vector<Interval> h;
  std::string why;
};

class CircleLaw {
 public:
  virtual ~CircleLaw() = default;
  /// h = A(u)^2 (1 - u) over U (within [0, 1]).
  virtual Interval h(const Interval& U) const = 0;
  /// A(0) and C(0): the equator u = 0, where the pair w3 = +-sqrt(u) meets (+-1, 0, 0).
  virtual Interval A_equator() const = 0;
  virtual Interval C_equator() const = 0;
  /// h at every fold: the roots in (0, 1) of B = h'/A = 2 A' (1 - u) - A (h' = A B), each simple
  /// (h'' = A B' there, so B' != 0 with A != 0 makes the fold non-degenerate). A law may leave
  /// out the roots where h < h_min (c1^2 < h_min: loads outside the sweep's range).
  virtual CircleRoots folds(double h_min) const = 0;
  /// h at every root in (0, 1) of S (the tangencies off the equator: rdot = -b3 (kappa/rho) S),
  /// likewise.
  virtual CircleRoots tangencies(double h_min) const = 0;
};

/// A system's law on its invariant circle, with c1 = a F + b and b1 = (M^-1)_11, enclosed.
struct CircleSystem {
  std::shared_ptr<const CircleLaw> law;
  Interval a, b, b1;
};

/// The law of a harmonic model (of a linear one with Pi = diag(a, a, b) too, unless
/// harmonic_only), or of an exact model with uniform or Hertz pressure, on the invariant circle
/// of a system with c3 = 0 and c1 depending on F; nullopt otherwise.
std::optional<CircleSystem> circle_system(const System& system, bool harmonic_only);
/// The law of a harmonic (or linear) model's series.
CircleSystem circle_system(const CircleSeries& series);
/// The law of an exact model that encloses C, S on the circle (ExactModel::enclose_circle), with
/// b1 = (M^-1)_11 and b3k = (M^-1)_33 kappa/rho (continuation/circle_exact_law.cpp).
std::shared_ptr<const CircleLaw> exact_circle_law(std::shared_ptr<const ExactModel> model, const Interval& b1,
                                                  const Interval& b3k);

}  // namespace limitdir::detail
