#pragma once
// Proofs for load sweeps on the invariant circle of a harmonic model or of the exact model with
// uniform or Hertz pressure (internal to continuation): the event loads of (132) [Nonlinear Dyn.
// 2024] (continuation/circle_events.hpp) enclosed in interval arithmetic with the uniqueness of
// each, and the branches w3^2 = u(F) of A(u)^2 (1 - u) = c1(F)^2 enclosed over each step of the
// diagram; both from the circle's law (continuation/circle_law.hpp).
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/numerics/interval.hpp"
#include "continuation/circle_law.hpp"
#include "continuation/circle_series.hpp"

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

/// Every event load of the invariant circle in [F0, F1], enclosed: the folds and the
/// tangencies off the equator at the isolated roots of the law (CircleLaw::folds, tangencies),
/// the pitchfork and the equator's tangencies at u = 0. With strict_ends an enclosure across F0
/// or F1 is a reason not to prove; otherwise it is kept when its middle is inside.
CircleEvents enclose_circle_events(const CircleSystem& circle, double F0, double F1, bool strict_ends);
/// The same for a harmonic or exact (uniform, Hertz) model's system, strictly; nullopt when it
/// does not apply.
std::optional<CircleEvents> enclose_circle_events(const System& system, double F0, double F1);

/// Whether every segment of the non-trivial branches (w2 = 0, 0 < w3^2 < 1) of a load sweep
/// lies on the unique branch of A(u)^2 (1 - u) = c1(F)^2 through a box of u over the segment's
/// loads (parametrised interval Newton); the branches (+-1, 0, 0) are exact. `reason` says
/// which segment failed.
bool enclose_circle_branches(const System& system, const std::vector<Branch>& branches, std::string& reason);

}  // namespace limitdir::detail
