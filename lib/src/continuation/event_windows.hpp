#pragma once
// The rigorous global event search of a load sweep, read against the located events
// (internal to continuation).
//
// enclose_events (limits/proof.hpp) covers S^2 x [F0, F1] with cells and keeps the small boxes where
// interval arithmetic cannot exclude a fold or branch point (g = 0, det Dg = 0), a tangency
// (g = 0, rdot = 0) or a Hopf point (g = 0, trace J_T = 0, det J_T > 0) of (125)
// [Nonlinear Dyn. 2024]: outside them none exists. Touching boxes of one kind form a window; a
// window that holds no located event of its kind is a place where continuation may have
// missed a branch (an isola between the check values): it is seeded from there, and if it
// still holds none the diagram is in doubt.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/limits/proof.hpp"

namespace limitdir::detail {

/// Touching event boxes of one kind: their hull, and the centres of the boxes (the seeds).
struct EventWindow {
  EventBoxKind kind;
  IVec3 w;     // hull of the boxes' directions
  Interval F;  // hull of their loads
  std::vector<Eigen::Vector3d> centres;
  std::vector<double> loads;  // the centre load of each box
};

/// The boxes of `found` grouped into windows: two boxes of one kind are in one window when
/// their load intervals and each component of their direction boxes meet.
std::vector<EventWindow> event_windows(const EventBoxes& found);

/// "fold or branch point" | "tangency" | "Hopf point": what a window of this kind may hold.
std::string to_string(EventBoxKind kind);

/// The event kind that a window of this kind holds (folds and branch points share det Dg = 0).
bool holds_kind(EventBoxKind window, EventKind event);

/// Whether the located event e lies in window W (its load within its location error, one of
/// its directions in W's direction hull).
bool holds(const EventWindow& W, const Event& e, double p_tol);

}  // namespace limitdir::detail
