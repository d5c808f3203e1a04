#pragma once
// The bifurcations of a diagram, each recorded once (internal to continuation).
//
// The same event is met again from another branch (a branch point lies on two branches), or
// bracketed only where a branch passes a branch point whose tangent is ill-defined. Events of
// one kind at the same p are one event carrying every direction: a symmetric pair (the two
// folds of Case 4 [Nonlinear Dyn. 2024, Sect. 7.4.4], mirror images under w2 -> -w2 or
// w3 -> -w3), or the directions of a continuum that meets the event at once.
#include <functional>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

class EventLog {
 public:
  /// Records e; returns false when it was known already (merged into the known event). A
  /// branch point met where only a fold was known is new (it replaces the fold).
  bool add(Event e);
  const std::vector<Event>& events() const { return events_; }
  /// Replaces the events for which part_of holds (the degenerate branch points where branches
  /// meet a continuum) by `continuum`, which inherits their branches.
  void absorb(Event continuum, const std::function<bool(const Event&)>& part_of);
  /// The events sorted by p.
  std::vector<Event> sorted() const;

 private:
  std::vector<Event> events_;
};

}  // namespace limitdir::detail
