// The rigorous event search of a load sweep, read against the located events: see
// continuation/event_search.hpp.
#include "continuation/event_search.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "continuation/branch_tracer.hpp"
#include "continuation/continuum.hpp"
#include "continuation/event_log.hpp"
#include "continuation/region_proof.hpp"
#include "continuation/seeding.hpp"
#include "core/vector_text.hpp"
#include "limitdir/limits/pitchfork.hpp"
#include "limitdir/limits/symmetry.hpp"

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
                                        "holding a located event",
                                        range_.lo, range_.to, cells_, windows_.size()));
}

// Only a load sweep whose checks all agreed is worth a proof. What it shows is the events and
// the regions, and the branches when every segment drawn is enclosed (else their claim stays
// checked, with the reason among the notes).
DiagramProof EventSearch::proof(const Diagram& diagram) {
  if (!tr_.options().prove || !tr_.options().enclose_events || cells_ == 0 || !findings_.doubts.empty()) return {};
  const std::string why = proof_gap(diagram);
  if (!why.empty()) {
    findings_.notes.push_back("no proof: " + why);
    return {};
  }
  int cells = 0;
  std::size_t events = 0, single = 0;
  for (const EventUniqueness& u : unique_) cells += u.cells, events += u.events.size(), single += u.proven;
  DiagramProof proof;
  proof.events = fmt::format(
      "interval arithmetic excludes every fold, branch point, tangency and Hopf point outside {} window(s), and every "
      "event in them is enclosed, simple and the located one ({} window(s) hold exactly one event, the others {} in "
      "all; Krawczyk on its extended system with the second derivatives of q: folds (g, det Dg), tangencies (g, f_n), "
      "Hopf points (g, tr Dg) with det Dg > 0; {} cells){}",
      windows_.size(), single, events - single, cells,
      pitchforks_ == 0 ? std::string()
                       : fmt::format("; {} of them a symmetry-breaking pitchfork, simple in the Z2-symmetric reduction "
                                     "(Werner & Spence 1984): the one zero of the reduced system (g0, dg1/dv) on the "
                                     "fixed set of a reflection symmetry of V* and of the desingularised fold system "
                                     "(g0, g1/v, det) in its window, with lambda_s, the crossing speed and the cubic "
                                     "coefficient non-zero",
                                     pitchforks_));
  proof.regions = fmt::format(
      "the structure of each of the {} region(s) proven at an interior load, and between the events no zero of V* is "
      "non-hyperbolic, tangent or a neutral centre, so the count, the radial signs, the saddles and the stabilities "
      "hold across each region (node or focus is proven at the interior load only: their boundary, the discriminant "
      "of J_T, is no event)",
      diagram.regions.size());
  std::size_t segments = 0;
  const std::string gap = branch_gap(diagram, segments);
  if (gap.empty())
    proof.branches = fmt::format("every one of the {} branch segment(s) enclosed: a tube in a chart holding exactly "
                                 "one curve of zeros of V*, a graph over one of (u, v, F) across the segment "
                                 "(parametric Krawczyk){}",
                                 segments,
                                 symmetric_segments_ == 0
                                     ? std::string()
                                     : fmt::format("; but {} of them, where two curves cross at a symmetry-breaking "
                                                   "pitchfork, each in a tube holding exactly one curve of zeros of a "
                                                   "system of the Z2-symmetric reduction: (g0, g1/v) (the bifurcating "
                                                   "branch) or (g0, v) (the symmetric one, on the fixed set)",
                                                   symmetric_segments_));
  else
    findings_.notes.push_back("the branches are not enclosed: " + gap);
  return proof;
}

// What stops the enclosure of the branches drawn (empty: nothing): every segment between two
// consecutive points of a branch (and the closing one of a loop) on one curve of zeros.
std::string EventSearch::branch_gap(const Diagram& diagram, std::size_t& segments) {
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(range_.from);
  segments = 0;
  symmetric_segments_ = 0;
  for (const Branch& br : diagram.branches) {
    const std::size_t n = br.points.size();
    for (std::size_t k = 0; k + 1 < n + (br.closed ? 1 : 0); ++k) {
      const BranchPoint &a = br.points[k], &b = br.points[(k + 1) % n];
      const SegmentEnclosure e = enclose_branch_segment(*sys, a.w, a.p, b.w, b.p);
      if (!e.proven && !symmetric_segment(*sys, a, b)) return fmt::format("branch {}: {}", br.id, e.reason);
      ++segments;
    }
  }
  return "";
}

// Where two curves of zeros cross at a pitchfork proven by the Z2-symmetric reduction, a segment
// is enclosed on one of the reduction's curves instead (enclose_symmetric_segment).
bool EventSearch::symmetric_segment(const System& sys, const BranchPoint& a, const BranchPoint& b) {
  for (const int k : pitchfork_axes_)
    if (enclose_symmetric_segment(sys, k, a.w, a.p, b.w, b.p).proven) {
      ++symmetric_segments_;
      return true;
    }
  return false;
}

// What stops the proof of a diagram off the invariant circle (empty: nothing).
std::string EventSearch::proof_gap(const Diagram& diagram) {
  for (const Event& e : diagram.events)
    if (e.kind == EventKind::continuum || e.kind == EventKind::kink || e.kind == EventKind::jump)
      return fmt::format("the {} at F = {:.12g} is no event of the extended systems", to_string(e.kind), e.p);
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(range_.from);
  std::string why = uniqueness_gap(*sys, diagram);
  for (std::size_t k = 0; k < diagram.regions.size() && why.empty(); ++k) {
    const Region& r = diagram.regions[k];
    why = region_gap_at(tr_, *sys, r, {0.5 * (r.from + r.to)});
  }
  return why;
}

// Every window is decided (prove_event_unique, or for a symmetry-breaking pitchfork the
// Z2-symmetric reduction: symmetric_pitchfork): its events are enclosed, each simple (or the
// reduction's pitchfork), and these enclosures and the located events match one to one (a
// proven fold is no branch point, a pitchfork of the reduction a located pitchfork).
std::string EventSearch::uniqueness_gap(const System& sys, const Diagram& diagram) {
  const double p_tol = tr_.options().p_tol;
  unique_.clear();
  pitchforks_ = 0;
  pitchfork_axes_.clear();
  std::vector<EventWindow> proven;  // the enclosures of the proven events
  std::vector<bool> reduced;        // per enclosure: a pitchfork of the symmetric reduction
  for (const EventWindow& W : windows_) {
    bool pitchfork = false;
    EventUniqueness u;
    const std::string gap = decide(sys, W, u, pitchfork);
    if (!gap.empty()) return gap;
    unique_.push_back(u);
    for (const ProvenEvent& e : u.events) {
      proven.push_back({W.kind, e.w, e.F, {}, {}});
      reduced.push_back(pitchfork);
    }
  }
  // one (event, direction) pair per proven enclosure: a located event holds each of its
  // directions (mirror images at one load) once
  std::vector<Event> located;
  for (const Event& e : diagram.events)
    for (const Eigen::Vector3d& d : e.directions) {
      located.push_back(e);
      located.back().directions = {d};
    }
  const auto matches = [&](std::size_t i, const Event& e) {
    const EventWindow& P = proven[i];
    const bool kind =
        reduced[i] ? e.kind == EventKind::pitchfork : P.kind != EventBoxKind::fold || e.kind == EventKind::fold;
    return holds(P, e, p_tol) && kind;
  };
  for (std::size_t i = 0; i < proven.size(); ++i) {
    const auto n = std::count_if(located.begin(), located.end(), [&](const Event& e) { return matches(i, e); });
    if (n != 1)
      return fmt::format("the {} proven at F in [{:.12g}, {:.12g}] matches {} located event direction(s)",
                         reduced[i] ? "pitchfork" : to_string(proven[i].kind), proven[i].F.lower(),
                         proven[i].F.upper(), n);
  }
  for (const Event& e : located) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < proven.size(); ++i) n += matches(i, e);
    if (n != 1)
      return fmt::format("the {} located at F = {:.12g}, w = {} lies in {} proven event enclosure(s)", to_string(e.kind),
                         e.p, vec(e.directions.front(), 6), n);
  }
  return "";
}

// One window decided in `u` (empty: decided; else why not), `pitchfork` when by the Z2-symmetric
// reduction. The reduction is tried first: at a pitchfork the fold system is singular and
// prove_event_unique would spend its cells down to the minimum width before giving up.
std::string EventSearch::decide(const System& sys, const EventWindow& W, EventUniqueness& u, bool& pitchfork) {
  const std::optional<SymmetricPitchfork> p = symmetric_pitchfork(sys, W);
  pitchfork = p && p->alone;
  if (!pitchfork) {
    u = prove_event_unique(sys, W.kind, W.w, W.F, range_.lo, range_.to);
    // a window decided completely with several simple events (a close pair) is as good as one
    // per window: each event must match a located one all the same
    if (u.complete) return "";
    if (!p) return u.reason;
    return fmt::format("{}; on the fixed set of w{} -> -w{} (a symmetry of V*) the Z2-symmetric reduction proves {}",
                       u.reason, p->axis + 1, p->axis + 1, p->reason);
  }
  u.complete = u.proven = true;
  u.events = {{p->w, p->F}};
  u.cells = p->cells;
  u.reason = p->reason;
  ++pitchforks_;
  if (std::find(pitchfork_axes_.begin(), pitchfork_axes_.end(), p->axis) == pitchfork_axes_.end())
    pitchfork_axes_.push_back(p->axis);
  return "";
}

// A fold window that prove_event_unique leaves undecided may hold a symmetry-breaking pitchfork
// (the fold system is singular there): the first reflection symmetry of V* (limits/symmetry.hpp)
// on whose fixed set the reduced system of limits/pitchfork.hpp proves one; nullopt when none.
std::optional<SymmetricPitchfork> EventSearch::symmetric_pitchfork(const System& sys, const EventWindow& W) const {
  if (W.kind != EventBoxKind::fold) return std::nullopt;
  for (const int k : reflection_symmetries(sys)) {
    SymmetricPitchfork p = prove_symmetric_pitchfork(sys, k, W.w, W.F, range_.lo, range_.to);
    if (p.proven) return p;
  }
  return std::nullopt;
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
