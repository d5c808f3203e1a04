// The checks and the proof of a load sweep on the invariant circle: see
// continuation/circle_checks.hpp.
#include "continuation/circle_checks.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "continuation/branch_tracer.hpp"
#include "continuation/continuum.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_log.hpp"
#include "continuation/interior_checks.hpp"
#include "continuation/region_proof.hpp"
#include "limitdir/analysis/find_limits.hpp"

namespace limitdir::detail {

namespace {

// (132) does not tell the branch points of the circle from pitchforks: both are its pitchforks.
EventKind circle_kind(EventKind k) { return k == EventKind::branch_point ? EventKind::pitchfork : k; }

}  // namespace

void CircleChecks::cross_check(const std::optional<std::vector<PredictedEvent>>& predicted) {
  if (!predicted) return;
  // located to p_tol = 1e-11, predicted from polynomial roots to ~1e-14: 1e-8 is ample and
  // far below the distance between distinct events
  constexpr double same_load = 1e-8;
  const auto near = [&](double p, double q) { return std::abs(p - q) <= same_load * (1 + std::abs(p)); };
  const double margin = event_check_offset * range_.width();  // events at the ends are not traced across
  int matched = 0;
  for (const PredictedEvent& e : *predicted) {
    if (e.F <= range_.lo + margin || e.F >= range_.to - margin) continue;
    const bool found = std::any_of(log_.events().begin(), log_.events().end(),
                                   [&](const Event& f) { return circle_kind(f.kind) == e.kind && near(f.p, e.F); });
    if (found) ++matched;
    else
      findings_.doubts.push_back(fmt::format("(132) has a {} at {} = {:.12g} that the continuation did not locate",
                                             to_string(e.kind), fam_.name, e.F));
  }
  for (const Event& f : log_.events()) {
    if (has_continuum(tr_.field(), f.p)) continue;  // where c1 = 0 the branches meet the circles of Figs 15-16
    const bool predicted_here = std::any_of(predicted->begin(), predicted->end(), [&](const PredictedEvent& e) {
      return e.kind == circle_kind(f.kind) && near(f.p, e.F);
    });
    if (!predicted_here)
      findings_.doubts.push_back(fmt::format("the {} located at {} = {:.12g} is not a root of the event conditions of (132)",
                                             to_string(f.kind), fam_.name, f.p));
  }
  findings_.notes.push_back(fmt::format("the {} event load(s) of (132) on the invariant circle were all located", matched));
}

// Only a load sweep whose checks all agreed is worth a proof.
// (The caller asks only when no piece of the sweep is in doubt.)
DiagramProof CircleChecks::proof(const Diagram& diagram) {
  if (!tr_.options().prove || !fam_.load_sweep || !findings_.doubts.empty()) return {};
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(range_.from);
  const auto ev = enclose_circle_events(*sys, range_.lo, range_.to);
  if (!ev) return {};
  const std::string why = !ev->proven ? ev->reason : proof_gap(*sys, *ev, diagram);
  if (!why.empty()) {
    findings_.notes.push_back("no proof: " + why);
    return {};
  }
  return {fmt::format("the {} event load(s) of (132) enclosed and isolated in interval arithmetic, each holding its "
                      "located event",
                      ev->events.size()),
          fmt::format("the structure of each of the {} region(s) proven at an interior load", diagram.regions.size()),
          "every branch segment enclosed on a graph F(u) of (132)",
          "c1 != 0 puts every limit direction on w2 = 0, rows 1-2 of (125)"};
}

// What stops the proof of a circle diagram (empty: nothing).
std::string CircleChecks::proof_gap(const System& sys, const CircleEvents& ev, const Diagram& diagram) {
  const double p_tol = tr_.options().p_tol;
  const auto holds = [&](const EventEnclosure& e, const Event& f) {
    const double slack = f.p_error + p_tol;
    return circle_kind(f.kind) == e.kind && f.p >= e.F.lower() - slack && f.p <= e.F.upper() + slack;
  };
  for (const EventEnclosure& e : ev.events)
    if (std::count_if(log_.events().begin(), log_.events().end(), [&](const Event& f) { return holds(e, f); }) != 1)
      return fmt::format("the {} enclosed at F = {:.12g} holds no single located event", to_string(e.kind), mid_of(e.F));
  for (const Event& f : log_.events())
    if (f.kind != EventKind::continuum && !has_continuum(tr_.field(), f.p) &&
        std::none_of(ev.events.begin(), ev.events.end(), [&](const auto& e) { return holds(e, f); }))
      return fmt::format("the {} located at F = {:.12g} is in no enclosure", to_string(f.kind), f.p);
  // the load of the continuum (c1 = 0), where the limit directions fill circles: a region
  // across it is proven on both of its sides
  const Eigen::Vector3d d = sys.M_inv() * sys.load_direction(), e = sys.M_inv() * sys.load_offset();
  const double F_c = -e.x() / d.x();
  for (const Region& r : diagram.regions) {
    const std::string why = region_gap(sys, r, F_c);
    if (!why.empty()) return why;
  }
  std::string why;
  if (!enclose_circle_branches(sys, diagram.branches, why)) return why;
  return "";
}

// What stops the proof of region r (empty: nothing): find-limits proves its structure at its
// interior load, or at one on each side of the continuum's load F_c when r spans it.
std::string CircleChecks::region_gap(const System& sys, const Region& r, double F_c) {
  std::vector<double> loads{0.5 * (r.from + r.to)};
  if (F_c > r.from && F_c < r.to) loads = {0.5 * (r.from + F_c), 0.5 * (F_c + r.to)};
  return region_gap_at(tr_, sys, r, loads);
}

}  // namespace limitdir::detail
