#pragma once
// The events of a load sweep on the invariant circle, from (132) [Nonlinear Dyn. 2024]
// (internal to continuation). With the invariant circle w2 = 0 (Sect. 7.4), a harmonic model
// and c = (c1(F), 0, 0), c1 = a F + b, the non-trivial limit directions solve
//     h(u) = A(u)^2 (1 - u) = c1^2,  A(u) = b1 C(u) - b3 (kappa/rho) S(u),  u = w3^2,
// with w1 = c1/A(u) (131); so every event load is known in closed form:
//   fold       c1^2 = h(u*) at the roots u* in (0, 1) of h' (the pair at u* merges);
//   pitchfork  c1^2 = h(0) = A(0)^2 (the pair w3 = +-sqrt(u) meets (+-1, 0, 0));
//   tangency   c1 = +-b1 C(0) on (+-1, 0, 0) (rdot = -b1 C(0) +- c1, (128)-(130)), and
//              c1^2 = h(u*) at the roots of S (rdot = -b3 (kappa/rho) S(u) off the equator).
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

struct PredictedEvent {
  EventKind kind;
  double F;
};

/// The event loads in [F0, F1], or nullopt when the closed form does not apply (no invariant
/// circle, neither a harmonic model nor a linear one with Pi = diag(a, a, b) (harmonic of
/// degree 1), c3 != 0 for some load, or c1 not depending on F).
/// The loads are the middles of the rigorous enclosures of continuation/circle_proof.hpp, so no
/// root of a condition is lost and none is invented, for every degree the harmonic model takes.
/// A root the isolation cannot decide (a multiple root, a fold at c1 = 0) gives nullopt, the
/// sweep then searching with the limit curve, and its reason in *undecided when given (the
/// sweep's certificate is then incomplete with that reason).
std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1,
                                                              std::string* undecided);
std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1);

}  // namespace limitdir::detail
