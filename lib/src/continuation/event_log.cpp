// The bifurcations of a diagram, each recorded once: see continuation/event_log.hpp.
#include "continuation/event_log.hpp"

#include <algorithm>
#include <cmath>

namespace limitdir::detail {

namespace {

// Two sightings are the same event when their p agree to 1e-7 relative (the location
// accuracy p_tol = 1e-11 with ample room for bracketed-only sightings, which add their
// bracket) and their directions agree to 1e-2 (a bracketed sighting lies within one step).
constexpr double same_p_relative = 1e-7;
constexpr double same_event_direction = 1e-2;

bool is_branch_point(EventKind k) { return k == EventKind::branch_point || k == EventKind::pitchfork; }

// A fold seen at a branch point is the turning branch of a pitchfork (t_p changes sign there
// too), located a rounding apart: the same event.
bool compatible(EventKind a, EventKind b) {
  const auto family = [](EventKind k) { return is_branch_point(k) ? EventKind::fold : k; };
  return a == b || (is_branch_point(a) && is_branch_point(b)) ||
         (family(a) == EventKind::fold && family(b) == EventKind::fold);
}

void add_branches(Event& to, const Event& from) {
  for (int b : from.branches)
    if (std::find(to.branches.begin(), to.branches.end(), b) == to.branches.end()) to.branches.push_back(b);
}

}  // namespace

bool EventLog::add(Event e) {
  const Eigen::Vector3d we = e.directions.front();
  for (Event& f : events_) {
    const double tol = same_p_relative * (1 + std::abs(e.p)) + (f.located ? 0.0 : f.p_error) +
                       (e.located ? 0.0 : e.p_error);
    if (!compatible(f.kind, e.kind) || std::abs(f.p - e.p) > tol) continue;
    const bool same = std::any_of(f.directions.begin(), f.directions.end(),
                                  [&](const Eigen::Vector3d& wf) { return (wf - we).norm() <= same_event_direction; });
    if (!same && f.kind == e.kind && e.located && f.located) {
      // another direction with the same event at the same p: its mirror image (the pair of
      // folds of Case 4), or a direction of a continuum passing the event at once (Coulomb's
      // point contact at F = 1): one event with every direction
      f.directions.push_back(we);
      add_branches(f, e);
      return false;
    }
    if (same) {
      // a branch point met where a fold was recorded: the branch point is new (its other
      // branch is still to be switched to)
      const bool new_branch_point = f.kind == EventKind::fold && is_branch_point(e.kind);
      if (e.kind == EventKind::pitchfork || new_branch_point) f.kind = e.kind;
      if (new_branch_point) {
        f.p = e.p;
        f.located = e.located;
        f.p_error = e.p_error;
        f.directions = e.directions;
        add_branches(f, e);
        return true;
      }
      if (!f.located && e.located) {
        f.p = e.p;
        f.located = true;
        f.p_error = e.p_error;
        f.directions = e.directions;
      }
      add_branches(f, e);
      return false;
    }
  }
  events_.push_back(std::move(e));
  return true;
}

void EventLog::absorb(Event continuum, const std::function<bool(const Event&)>& part_of) {
  std::vector<Event> kept;
  for (Event& e : events_) {
    if (part_of(e)) add_branches(continuum, e);
    else kept.push_back(std::move(e));
  }
  std::sort(continuum.branches.begin(), continuum.branches.end());
  kept.push_back(std::move(continuum));
  events_ = std::move(kept);
}

std::vector<Event> EventLog::sorted() const {
  std::vector<Event> out = events_;
  std::stable_sort(out.begin(), out.end(), [](const Event& a, const Event& b) { return a.p < b.p; });
  return out;
}

}  // namespace limitdir::detail
