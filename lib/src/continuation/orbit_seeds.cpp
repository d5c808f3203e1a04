// Where the branches of closed orbits of a diagram start (continuation/orbit_branches.hpp
// continue_orbit_branches, docs/manual.md section 9 "Continuation of orbits"): at the confirmed
// Hopf events (the orbit the search found beside the Hopf point, continued back onto the focus
// and on to the range's end) and at the orbits the search finds at the sweep's start.
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"

namespace limitdir {

namespace {

// An orbit of the search at the sweep's start is already held by a branch when the branch's
// section point at that parameter lies within 1e-3 of its polyline (the search's orbits are
// right to ~1e-9, its polylines' chords ~2 pi/128 long bend away from the orbit by ~1e-3 at most
// for orbits of radius >= ~0.5: their sagitta r (pi/128)^2/2 ~ 3e-4 r).
constexpr double same_orbit = 1e-3;
// Two ends at one fold of cycles: within 1e-9 of the range (each located to ~1e-10).
constexpr double same_fold = 1e-9;

double distance_to_polyline(const Eigen::Vector3d& w, const std::vector<Eigen::Vector3d>& poly) {
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Eigen::Vector3d a = poly[i], b = poly[(i + 1) % poly.size()];
    const double t = std::clamp((w - a).dot(b - a) / std::max((b - a).squaredNorm(), 1e-300), 0.0, 1.0);
    d = std::min(d, (a + t * (b - a) - w).norm());
  }
  return d;
}

// The branch's point at p (its nearest).
const OrbitPoint& orbit_at(const OrbitBranch& b, double p) {
  return *std::min_element(b.points.begin(), b.points.end(), [p](const OrbitPoint& x, const OrbitPoint& y) {
    return std::abs(x.p - p) < std::abs(y.p - p);
  });
}

// The branch through the orbit that confirm_hopf_events found beside the Hopf event k: back onto
// the focus and on to the range's end. When the continuation toward the Hopf point reaches its
// parameter with an orbit still of finite size (an end "range-end" there, amplitude >=
// hopf_end_amplitude), that orbit was not born at the Hopf point (the one born there shrinks onto
// the focus): the branch goes on through to the other end of the range, is not the event's, and
// `not_born` is set.
OrbitBranch hopf_branch(const ParameterFamily& family, const Diagram& diagram, int k,
                        const OrbitContinuationOptions& opt, bool& not_born) {
  const Event& event = diagram.events[static_cast<std::size_t>(k)];
  const HopfOrbits& born = *event.born;
  const bool below = !born.below.empty();
  const double p_side = below ? born.p_below : born.p_above;
  const ClosedOrbit& orbit = below ? born.below.front() : born.above.front();
  // The steps' scale: the range; or, where confirm_hopf_events had to come closer to the Hopf
  // point than hopf_offset (no orbit there: the orbits span less of p than it), the gap that
  // would have made this offset the first (offset / hopf_step_fraction, at most the range). A
  // retry shrinks the offset 4-fold (hopf_retry_shrink), so below half of it is a retry.
  const double offset = std::abs(p_side - event.p);
  const double range = offset < 0.5 * hopf_offset(diagram, event) ? offset / hopf_step_fraction
                                                                   : diagram.to - diagram.from;
  const Eigen::Vector3d focus = event.directions.front().normalized();
  OrbitContinuation toward = continue_orbit(family, p_side, orbit, event.p, range, opt, focus);
  not_born = toward.end.kind == "range-end";
  if (not_born) toward = continue_orbit(family, p_side, orbit, below ? diagram.to : diagram.from, range, opt);
  const OrbitContinuation away = continue_orbit(family, p_side, orbit, below ? diagram.from : diagram.to, range, opt);
  OrbitBranch b;
  b.points.assign(toward.points.rbegin(), toward.points.rend());
  b.points.insert(b.points.end(), away.points.begin() + 1, away.points.end());
  b.ends = {toward.end, away.end};
  if (not_born) {
    b.reason = fmt::format("from the orbit that the search beside the Hopf point at {} = {:.9g} found at {:.9g}, "
                           "not born there (at the Hopf point it is still an orbit, of amplitude {:.3g}); natural "
                           "continuation, Newton on the return map: checked",
                           diagram.parameter, event.p, p_side, orbit_at(b, event.p).amplitude);
    return b;
  }
  b.hopf_event = k;
  if (toward.end.kind == "hopf") {
    b.ends[0].p = event.p;
    b.ends[0].p_error = std::abs(event.p - b.points.front().p);
    b.ends[0].reason += fmt::format(" at the Hopf event at {} = {:.9g}", diagram.parameter, event.p);
  }
  b.reason = fmt::format("born at the {} Hopf point at {} = {:.9g} (the orbit of the search at {:.9g}); natural "
                         "continuation, Newton on the return map: checked",
                         born.kind, diagram.parameter, event.p, p_side);
  return b;
}

bool held(const std::vector<OrbitBranch>& branches, double p, const ClosedOrbit& orbit) {
  for (const OrbitBranch& b : branches)
    for (const OrbitPoint& q : b.points)
      if (q.p == p && distance_to_polyline(q.w, orbit.polyline) <= same_orbit) return true;
  return false;
}

/// Whether a branch other than `self` ends at a fold of cycles at p (within the larger p_error
/// and 1e-9 of the range: a located fold is located to ~1e-10, continuation/cycle_fold.cpp).
bool fold_reached(const std::vector<OrbitBranch>& branches, std::size_t self, const OrbitEnd& fold, double range) {
  for (std::size_t i = 0; i < branches.size(); ++i)
    for (const OrbitEnd& e : branches[i].ends)
      if (i != self && e.kind == "cycle-fold" &&
          std::abs(e.p - fold.p) <= std::max({e.p_error, fold.p_error, same_fold * range}))
        return true;
  return false;
}

/// The Hopf event nearest to `from` with p between `from` and `to` (with a direction), if any.
std::optional<int> nearest_hopf(const Diagram& diagram, double from, double to) {
  std::optional<int> best;
  for (std::size_t k = 0; k < diagram.events.size(); ++k) {
    const Event& e = diagram.events[k];
    if (e.kind != EventKind::hopf || e.directions.empty() || (e.p - from) * (e.p - to) > 0) continue;
    if (!best || std::abs(e.p - from) < std::abs(diagram.events[*best].p - from)) best = static_cast<int>(k);
  }
  return best;
}

/// A bound on the work of turn_at_folds: the branches it adds to a diagram. Reached, a fold left
/// unturned is named in its branch's reason.
constexpr std::size_t max_turned_branches = 16;

/// The other branch of the located fold of cycles at ends[j] of branch i, if no other branch
/// reaches it (continue_past_fold), appended; with no `budget` left, the branch's reason says
/// that it was not followed.
void turn_at_fold(const ParameterFamily& family, const Diagram& diagram, const OrbitContinuationOptions& opt,
                  std::vector<OrbitBranch>& branches, std::size_t i, int j, bool budget) {
  const double range = diagram.to - diagram.from;
  OrbitBranch b = branches[i];  // a copy: push_back below may move the vector
  if (j == 0) std::reverse(b.points.begin(), b.points.end());  // the points toward ends[0]
  const OrbitEnd& fold = b.ends[j];
  if (fold.kind != "cycle-fold" || b.points.size() < 2 || b.points.back().p != fold.p) return;  // not located
  if (fold_reached(branches, i, fold, range)) return;
  if (!budget) {
    branches[i].reason += fmt::format("; the other branch of its fold of cycles at {} = {:.9g} was not followed ({} "
                                      "branches turned at folds already, a bound on the work)",
                                      diagram.parameter, fold.p, max_turned_branches);
    return;
  }
  const double back = b.points[b.points.size() - 2].p < fold.p ? diagram.from : diagram.to;
  const std::optional<int> hopf = nearest_hopf(diagram, fold.p, back);
  const std::optional<Eigen::Vector3d> focus =
      hopf ? std::optional<Eigen::Vector3d>(diagram.events[*hopf].directions.front().normalized()) : std::nullopt;
  std::optional<OrbitContinuation> c = continue_past_fold(family, b.points, back, range, opt, focus);
  if (c && c->end.kind == "hopf") {  // the end's parameter is the Hopf event's (as hopf_branch's)
    c->end.p_error = std::abs(diagram.events[*hopf].p - c->points.back().p);
    c->end.p = diagram.events[*hopf].p;
    c->end.reason += fmt::format(" at the Hopf event at {} = {:.9g}", diagram.parameter, c->end.p);
  }
  OrbitBranch other;
  if (!c) {
    branches[i].reason += "; the other branch of its fold of cycles was not followed (pseudo-arclength through "
                          "the fold did not converge)";
    return;
  }
  other.points = c->points;
  other.ends = {fold, c->end};
  other.ends[0].reason = fmt::format("the fold of cycles at {} = {:.9g} that branch {} reaches, turned by "
                                     "pseudo-arclength in (section point, {})",
                                     diagram.parameter, fold.p, i, diagram.parameter);
  other.reason = fmt::format("the other branch of the fold of cycles at {} = {:.9g} (pseudo-arclength through it, "
                             "then natural continuation, Newton on the return map): checked",
                             diagram.parameter, fold.p);
  branches.push_back(std::move(other));
}

/// The other branch of every located fold of cycles that one branch reaches (at either end) and
/// none other, appended, and so on along the branches added (an S-shaped family of orbits turns
/// at each of its folds), up to max_turned_branches.
void turn_at_folds(const ParameterFamily& family, const Diagram& diagram, const OrbitContinuationOptions& opt,
                   std::vector<OrbitBranch>& branches) {
  const std::size_t first = branches.size();
  for (std::size_t i = 0; i < branches.size(); ++i)
    for (const int j : {1, 0})
      turn_at_fold(family, diagram, opt, branches, i, j, branches.size() - first < max_turned_branches);
}

/// Whether a branch of `branches` ends on the focus of the Hopf event k (an end "hopf" at its
/// parameter, as a branch turned at a fold of cycles does): its orbits are the ones born there, and
/// the event's kind follows from their stability and the focus's type beside them (hopf_kind).
/// The event's reason names every such branch tried.
bool born_on_branch(const ParameterFamily& family, Diagram& diagram, int k, const std::vector<OrbitBranch>& branches) {
  Event& event = diagram.events[static_cast<std::size_t>(k)];
  HopfOrbits& born = *event.born;
  for (std::size_t i = 0; i < branches.size(); ++i) {
    const OrbitEnd& end = branches[i].ends[1];
    if (end.kind != "hopf" || end.p != event.p || branches[i].points.empty()) continue;
    // its middle point: the multiplier and the focus's rate away from their values 1 and 0 at the Hopf point
    const OrbitPoint& mid = branches[i].points[branches[i].points.size() / 2];
    born.kind = hopf_kind(mid.multiplier > 1 ? OrbitStability::repelling : OrbitStability::attracting,
                          focus_type_at(family, event, mid.p));
    born.reason += fmt::format("; branch {} shrinks onto the focus (multiplier {:.6g} at {} = {:.9g})", i,
                               mid.multiplier, diagram.parameter, mid.p);
    if (born.kind != "unconfirmed") return true;
  }
  return false;
}

/// The Hopf event k, whose search found an orbit not born there (hopf_branch): unconfirmed, unless
/// a branch added at a fold of cycles (turn_at_folds) ends on its focus (born_on_branch).
void reclassify_hopf(const ParameterFamily& family, Diagram& diagram, int k, std::vector<OrbitBranch>& branches) {
  Event& event = diagram.events[static_cast<std::size_t>(k)];
  event.born->reason += "; the orbit found beside it does not shrink onto the focus (not born there)";
  event.born->kind = "unconfirmed";
  if (!born_on_branch(family, diagram, k, branches)) note_unconfirmed(diagram, event);
}

/// The Hopf event k, left unconfirmed by the searches beside it (confirm_hopf_events, which noted
/// that in the certificate: e.g. a search that did not settle next to a fold of cycles): confirmed
/// after all, and the note taken back, when a branch ends on its focus (born_on_branch).
void confirm_on_branch(const ParameterFamily& family, Diagram& diagram, int k, std::vector<OrbitBranch>& branches) {
  Event& event = diagram.events[static_cast<std::size_t>(k)];
  const std::string noted = event.born->reason;
  if (born_on_branch(family, diagram, k, branches)) retract_unconfirmed(diagram, event, noted);
  else event.born->reason = noted;  // unchanged, as noted
}

}  // namespace

void continue_orbit_branches(const ParameterFamily& family, Diagram& diagram, const OrbitContinuationOptions& opt) {
  std::vector<OrbitBranch> branches;
  std::vector<int> not_born;     // events whose search found an orbit that was not born there
  std::vector<int> unconfirmed;  // events whose searches left the orbits born there unconfirmed
  for (std::size_t k = 0; k < diagram.events.size(); ++k) {
    const Event& e = diagram.events[k];
    if (!(e.kind == EventKind::hopf && e.born && !e.directions.empty())) continue;
    if (e.born->kind == "unconfirmed") {
      unconfirmed.push_back(static_cast<int>(k));
      continue;
    }
    bool other = false;
    branches.push_back(hopf_branch(family, diagram, static_cast<int>(k), opt, other));
    if (other) not_born.push_back(static_cast<int>(k));
  }
  const System system = family.system(diagram.from);
  const double F = family.force(diagram.from);
  // Only the search's orbits are continued, so the limit set is not proven here (a proof at one
  // load takes seconds for a quadrature model, friction/contact_model.hpp); the search runs.
  SolverOptions searching;
  searching.prove = false;
  const LimitSet start = find_limit_directions(system, F, searching);
  for (const ClosedOrbit& orbit : start.closed_orbits) {
    if (held(branches, diagram.from, orbit)) continue;
    const OrbitContinuation c = continue_orbit(family, diagram.from, orbit, diagram.to, diagram.to - diagram.from, opt);
    OrbitBranch b;
    b.points = c.points;
    b.ends[0] = {"range-end", diagram.from, 0, std::nullopt, "the orbit of the search at the range's start"};
    b.ends[1] = c.end;
    b.reason = fmt::format("from the orbit of the search at {} = {:.9g} (its closed orbits: {}); natural "
                           "continuation, Newton on the return map: checked",
                           diagram.parameter, diagram.from, start.certificate.closed_orbits);
    branches.push_back(std::move(b));
  }
  turn_at_folds(family, diagram, opt, branches);
  for (const int k : not_born) reclassify_hopf(family, diagram, k, branches);
  for (const int k : unconfirmed) confirm_on_branch(family, diagram, k, branches);
  for (std::size_t i = 0; i < branches.size(); ++i) {
    branches[i].id = static_cast<int>(i);
    for (const OrbitEnd& end : branches[i].ends)
      if (end.kind == "lost") {
        branches[i].level = Level::incomplete;
        branches[i].reason += "; it ends lost: " + end.reason;
      }
  }
  diagram.orbit_branches = std::move(branches);
}

}  // namespace limitdir
