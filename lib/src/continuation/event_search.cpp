// The rigorous event search of a load sweep, read against the located events: see
// continuation/event_search.hpp.
#include "continuation/event_search.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "continuation/branch_tracer.hpp"
#include "continuation/continuum.hpp"
#include "continuation/event_log.hpp"
#include "continuation/seeding.hpp"
#include "core/vector_text.hpp"

namespace limitdir::detail {

namespace {

// A window of the event search that holds no located event is covered again with cells of
// this width (chart coordinates and load, relative to the window): 1e-2 of the first pass's
// 2e-3, i.e. ~1e-5 rad, and the window's load width over 100.
constexpr double window_refine_width = 2e-5;

}  // namespace

void EventSearch::seed(bool circle) {
  if (!tr_.options().enclose_events) return;
  if (!fam_.load_sweep || circle) {
    findings_.notes.push_back(!fam_.load_sweep
                                  ? "the rigorous event search is for load sweeps (c affine in F, the model fixed): not run"
                                  : "on the invariant circle the event loads of (132) are the rigorous event search");
    return;
  }
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(range_.from);
  const EventBoxes found = enclose_events(*sys, range_.lo, range_.to);
  if (!found.complete) {
    findings_.doubts.push_back("the rigorous event search (--enclose-events) did not complete: " + found.reason);
    return;
  }
  cells_ = found.cells;
  for (const EventWindow& W : event_windows(found)) {
    if (!explained(W)) seed_from(W);
    if (explained(W)) {
      windows_.push_back(W);
      continue;
    }
    // no branch found there: look closer (a near-miss of the enclosures, or a tiny window)
    EventOptions closer;
    closer.min_width = window_refine_width;
    closer.within = W.w;
    const EventBoxes refined =
        enclose_events(*sys, std::max(range_.lo, W.F.lower()), std::min(range_.to, W.F.upper()), closer);
    cells_ += refined.cells;
    if (!refined.complete) {
      findings_.doubts.push_back(fmt::format("the rigorous event search could not decide the {} window at F in "
                                             "[{:.9g}, {:.9g}]: {}",
                                             to_string(W.kind), W.F.lower(), W.F.upper(), refined.reason));
      continue;
    }
    for (const EventWindow& V : event_windows(refined)) {
      if (!explained(V)) seed_from(V);
      windows_.push_back(V);
    }
  }
}

void EventSearch::check() {
  const double p_tol = tr_.options().p_tol;
  if (!tr_.options().enclose_events || cells_ == 0) return;
  for (const EventWindow& W : windows_)
    if (!explained(W))
      findings_.doubts.push_back(fmt::format("interval arithmetic leaves a possible {} at F in [{:.9g}, {:.9g}] near "
                                             "w = {} where no event was located",
                                             to_string(W.kind), W.F.lower(), W.F.upper(), vec(W.centres.front(), 6)));
  for (const Event& e : log_.events()) {
    if (has_continuum(tr_.field(), e.p) || continua_.part_of_any(e)) continue;
    if (std::none_of(windows_.begin(), windows_.end(), [&](const auto& W) { return holds(W, e, p_tol); }))
      findings_.doubts.push_back(
          fmt::format("the {} located at F = {:.12g} lies where interval arithmetic excludes events", to_string(e.kind), e.p));
  }
  findings_.notes.push_back(fmt::format("interval arithmetic over the sphere x [{:.9g}, {:.9g}] ({} cells) excludes "
                                        "every fold, branch point, tangency and Hopf point outside {} window(s), each "
                                        "holding a located event (not proven unique in it: that needs second "
                                        "derivatives of q)",
                                        range_.lo, range_.to, cells_, windows_.size()));
}

bool EventSearch::explained(const EventWindow& W) const {
  return std::any_of(log_.events().begin(), log_.events().end(),
                     [&](const Event& e) { return holds(W, e, tr_.options().p_tol); });
}

// Continuation from the zeros near the boxes of W (at each box's load) that no branch holds.
void EventSearch::seed_from(const EventWindow& W) {
  constexpr std::size_t max_tries = 8;  // boxes tried, spread over the window
  const std::size_t n = W.centres.size(), stride = std::max<std::size_t>(1, n / max_tries);
  for (std::size_t k = 0; k < n && !explained(W); k += stride) {
    const double F = W.loads[k];
    const Eigen::Vector3d& w = W.centres[k];
    seeder_.seed_through(make_x(w, w.dot(tr_.field().F(w, F)), F), F);
  }
}

}  // namespace limitdir::detail
