#pragma once
// Proofs for load sweeps on the invariant circle of a harmonic model (internal to
// continuation): the event loads of (132) [Nonlinear Dyn. 2024] (continuation/circle_events.hpp) enclosed
// in interval arithmetic with the uniqueness of each, and the branches w3^2 = u(F) of
// A(u)^2 (1 - u) = c1(F)^2 enclosed over each step of the diagram.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/numerics/interval.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir::detail {

struct EventEnclosure {
  EventKind kind;
  Interval F;  // contains exactly one event load of this kind (for the sign of c1 it was taken with)
};

struct CircleEvents {
  bool proven = false;
  std::vector<EventEnclosure> events;  // every event load in [F0, F1], when proven
  std::string reason;                  // why not, otherwise
};

/// The invariant circle's series in y = 2u - 1 (numerics/chebyshev.hpp), u = w3^2: C, S of
/// (84)-(85) (or the constants of a linear model with Pi = diag(a, a, b), the harmonic model of
/// degree 1), A = b1 C - b3 (kappa/rho) S, B = 2 A_y (1 - y) - A (h'(u) = A B), and
/// c1 = a F + b, b1 = (M^-1)_11, enclosed.
struct CircleSeries {
  ChebyshevSeries A, B, C, S;
  Interval a, b, b1;
};

/// The series of a system on its invariant circle with c3 = 0 and c1 depending on F; nullopt
/// otherwise, or for a linear model when harmonic_only.
std::optional<CircleSeries> circle_series(const System& system, bool harmonic_only);

/// Every event load of the invariant circle in [F0, F1], enclosed: the roots of B (folds) and
/// of S (tangencies off the equator) isolated rigorously (chebyshev_roots), the pitchfork and
/// the equator's tangencies in closed form at y = -1. With strict_ends an enclosure across F0
/// or F1 is a reason not to prove; otherwise it is kept when its middle is inside.
CircleEvents enclose_circle_events(const CircleSeries& series, double F0, double F1, bool strict_ends);
/// The same for a harmonic model's system, strictly; nullopt when it does not apply.
std::optional<CircleEvents> enclose_circle_events(const System& system, double F0, double F1);

/// Whether every segment of the non-trivial branches (w2 = 0, 0 < w3^2 < 1) of a load sweep
/// lies on the unique branch of A(u)^2 (1 - u) = c1(F)^2 through a box of u over the segment's
/// loads (parametrised interval Newton); the branches (+-1, 0, 0) are exact. `reason` says
/// which segment failed.
bool enclose_circle_branches(const System& system, const std::vector<Branch>& branches, std::string& reason);

}  // namespace limitdir::detail
