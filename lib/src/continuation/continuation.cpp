// Bifurcation diagrams of limit directions (Sect. 7.2.8 and 7.4 [Nonlinear Dyn. 2024]): the
// sweep (its families: continuation/parameter_family.cpp), a driver over its pieces, in the
// order it runs them:
//   seeds from find-limits at the start      continuation/seeding.hpp
//   the continua (docs/manual.md section 5)  continuation/continuum.hpp
//   tracing, each branch once                continuation/branch_merge.hpp, continuation/branch_walk.hpp
//   events on the branches                   continuation/event_location.hpp, continuation/event_log.hpp
//   branches that meet a kink of the model   continuation/kink_crossing.hpp
//   the global searches for missed branches  continuation/seeding.hpp (limit curve), continuation/event_search.hpp
//   checks against find-limits               continuation/interior_checks.hpp, continuation/diagram_verifier.hpp
//   the invariant circle's events and proof  continuation/circle_checks.hpp
//   the certificate                          continuation/certificate.hpp
#include "limitdir/continuation/continuation.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>

#include "continuation/branch_merge.hpp"
#include "continuation/branch_tracer.hpp"
#include "continuation/branch_walk.hpp"
#include "continuation/certificate.hpp"
#include "continuation/circle_checks.hpp"
#include "continuation/continuum.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_location.hpp"
#include "continuation/event_log.hpp"
#include "continuation/event_search.hpp"
#include "continuation/interior_checks.hpp"
#include "continuation/jump_sets.hpp"
#include "continuation/kink_crossing.hpp"
#include "continuation/seeding.hpp"
#include "continuation/sweep_scope.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/analysis/find_limits.hpp"

namespace limitdir {

std::string to_string(EventKind k) {
  switch (k) {
    case EventKind::tangency: return "tangency";
    case EventKind::fold: return "fold";
    case EventKind::pitchfork: return "pitchfork";
    case EventKind::branch_point: return "branch-point";
    case EventKind::hopf: return "hopf";
    case EventKind::continuum: return "continuum";
    case EventKind::kink: return "kink";
    case EventKind::jump: return "jump";
  }
  return "?";
}

// ----- the sweep ----------------------------------------------------------------------------

namespace {

using detail::Findings;
using detail::Node;

class Sweeper {
 public:
  Sweeper(const Sweeper&) = delete;  // its pieces hold references to its members
  Sweeper& operator=(const Sweeper&) = delete;
  Sweeper(const ParameterFamily& fam, double from, double to, const ContinuationOptions& opt)
      : range_{from, to, from},
        tr_(fam, opt),
        verifier_(tr_, fam.name),
        fam_(fam),
        continua_(from, to),
        events_(tr_, log_, range_, [this](const Node& at, const Node& prev) { seeder_.switch_branches(at, prev.t); }),
        walker_(tr_, events_, range_, budget_, findings_.branches, fam.name,
                [this](const Node& cur, int branch) { return kinks_.end_at_kink(cur, branch); },
                [this](const Node& a, const Node& b, double h, int branch) { kinks_.crossed(a, b, h, branch); }),
        branches_(tr_, walker_, diagram_.branches, range_, continua_, budget_, findings_.branches, fam.name),
        seeder_(tr_, branches_, range_, fam, findings_.branches),
        kinks_(tr_, log_, seeder_, range_, findings_.branches, fam.name),
        jumps_(tr_, log_, range_, findings_.branches, fam.name),
        search_(tr_, log_, seeder_, continua_, range_, fam, findings_.events),
        checks_(verifier_, log_, continua_, seeder_, branches_, findings_.branches),
        circle_(tr_, log_, range_, fam, findings_.events) {
    diagram_.parameter = fam.name;
    diagram_.from = from;
    diagram_.to = to;
    diagram_.force = fam.force(from);
    kinks_.on_jump([this](double p, const std::string& set, const Eigen::Vector3d& w, int branch) {
      return jumps_.end_at_jump(p, set, w, branch);
    });
  }

  Diagram run() {
    // the sweep notes its stages and steps; the loops of its many find-limits calls at most
    // once a second, after the stage (core/progress.hpp)
    const ProgressScope inner(throttled_progress(tr_.options().progress, &stage_));
    stage("seeding: the limit directions at the start");
    seeder_.seed_at(range_.from);
    if (fam_.load_sweep) continua_.find(tr_.field(), verifier_, range_.from, range_.to);
    stage("tracing the branches");
    jumps_.trace(diagram_.branches);
    branches_.drain();
    // on the invariant circle of a harmonic model the closed-form events of (132) are the
    // global search (CircleChecks::cross_check); elsewhere the limit curve
    std::optional<std::vector<detail::PredictedEvent>> predicted;
    std::string undecided;
    if (fam_.load_sweep)
      predicted = detail::circle_event_loads(*tr_.field().system_ptr(range_.from), range_.lo, range_.to, &undecided);
    // (132) applies but a root of its conditions could not be decided: the events it would
    // have checked are unchecked, whatever the limit curve finds
    if (!undecided.empty())
      findings_.events.doubts.push_back(fmt::format("the event loads of (132) on the invariant circle could not be decided "
                                             "({}): the events were searched with the limit curve instead, without "
                                             "the closed-form cross-check",
                                             undecided));
    stage(predicted ? "the events of (132)" : "the limit curve: seeds of the branches not yet traced");
    const std::string curve_note = predicted ? "" : seeder_.seed_from_limit_curve();
    search_.seed(predicted.has_value());
    stage("checks: find-limits at loads between the events");
    checks_.run(diagram_.branches, range_.from, range_.to, tr_.options().checks, fam_.name);
    circle_.cross_check(predicted);
    search_.check();
    continua_.add_events(log_, diagram_.branches, verifier_, fam_.name, findings_.events);
    diagram_.events = log_.sorted();
    continua_.place_kinks(diagram_.events);
    drop_undrawn_branches();
    jumps_.check_events(diagram_.events, diagram_.branches);
    stage("regions");
    diagram_.regions =
        verifier_.regions(diagram_.branches, diagram_.events, range_.from, range_.to, findings_.regions.doubts);
    // only a sweep whose checks all agreed is worth a proof: on the invariant circle, or off it
    // with --enclose-events
    stage("the proof of the diagram");
    detail::DiagramProof proof = findings_.any_doubt() ? detail::DiagramProof{} : circle_.proof(diagram_);
    if (proof.empty() && !findings_.any_doubt()) proof = search_.proof(diagram_);
    colour_points();
    detail::write_certificate(diagram_.certificate, {findings_, proof, curve_note, diagram_.branches.size(),
                                                     diagram_.events.size(), diagram_.regions.size(),
                                                     verifier_.checks_done()});
    return diagram_;
  }

 private:
  /// A note naming the stage the sweep is in (docs/manual.md section 5: progress).
  void stage(const char* what) {
    stage_ = std::string("sweep: ") + what + "; ";
    if (tr_.options().progress) tr_.options().progress(std::string("sweep: ") + what);
  }
  // A branch traced onto a circle of a continuum is not drawn (BranchCollector), but its events
  // were logged under its id, and the continuum's event absorbs them: the ids of branches that
  // are not in the diagram are dropped from the events.
  void drop_undrawn_branches() {
    std::vector<int> drawn;
    for (const Branch& b : diagram_.branches) drawn.push_back(b.id);
    for (Event& e : diagram_.events)
      e.branches.erase(std::remove_if(e.branches.begin(), e.branches.end(),
                                      [&](int id) { return std::find(drawn.begin(), drawn.end(), id) == drawn.end(); }),
                       e.branches.end());
  }

  // The Fig. 11 colour of every point, from classify (colour_of: only on the invariant circle).
  void colour_points() {
    for (Branch& b : diagram_.branches)
      for (BranchPoint& pt : b.points) {
        if (b.jump_set) continue;  // a Filippov limit direction: classify does not apply
        const std::shared_ptr<const System> sys = tr_.field().system_ptr(pt.p);
        if (sys->has_invariant_circle())
          pt.colour = classify(*sys, tr_.field().force(pt.p), pt.w, tr_.options().solver.classify).colour;
      }
  }

  std::string stage_;  // "sweep: <stage>; ", the prefix of the inner notes (stage())
  detail::SweepRange range_;
  detail::BranchTracer tr_;
  detail::EventLog log_;
  detail::DiagramVerifier verifier_;
  const ParameterFamily& fam_;
  Diagram diagram_;
  detail::SweepFindings findings_;  // by claim (docs/manual.md section 5, "Claims")
  detail::WorkBudget budget_;
  detail::Continua continua_;
  detail::EventLocator events_;
  detail::BranchWalker walker_;
  detail::BranchCollector branches_;
  detail::Seeder seeder_;
  detail::KinkCrossing kinks_;
  detail::JumpSets jumps_;
  detail::EventSearch search_;
  detail::InteriorChecks checks_;
  detail::CircleChecks circle_;
};

}  // namespace


Diagram sweep(const ParameterFamily& family, double from, double to, const ContinuationOptions& options) {
  if (!std::isfinite(from) || !std::isfinite(to) || !(from < to))
    throw InputError(fmt::format("sweep: need finite from < to (got {} and {})", from, to));
  // The problem at both ends must be one a problem file may hold (j > 0, lambda > 0,
  // alpha > -1, rho > 0, |F| <= 1e12: each range an interval, so the ends decide).
  if (family.problem)
    for (const auto& [p, end] : {std::pair{from, "--from"}, std::pair{to, "--to"}}) {
      try {
        (void)parse_problem(problem_to_json(family.problem(p)), end);
      } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {} = {} is outside the valid range ({})", end, family.name, p, e.what()));
      }
    }
  // The many find-limits checks of a sweep are not proofs (the proof of a diagram, where there
  // is one, proves its regions itself).
  ContinuationOptions opt = options;
  opt.solver.prove = false;
  opt.solver.closed_orbits = false;  // orbits are not branches of limit directions (docs/manual.md section 9)
  Sweeper s(family, from, to, opt);
  return s.run();
}

// The structure between consecutive events: the branches crossing the midpoint.
std::vector<Region> regions_of(const Diagram& d) {
  constexpr double same_cut = 1e-9;  // events closer than this bound no region (region_min_width of the verifier)
  std::vector<double> cuts{d.from};
  for (const Event& e : d.events)
    if (e.p > d.from && e.p < d.to) cuts.push_back(e.p);
  cuts.push_back(d.to);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end(), [](double a, double b) { return std::abs(a - b) < same_cut; }), cuts.end());
  std::vector<Region> out;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double pm = 0.5 * (cuts[k] + cuts[k + 1]);
    std::map<std::string, int> types;
    int count = 0;
    for (const Branch& b : d.branches)
      for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
        const auto &u = b.points[i], &v = b.points[i + 1];
        if ((u.p - pm) * (v.p - pm) > 0 || u.p == v.p) continue;
        // each half of the type from the nearer end where it is defined: an end at an event
        // (tangent, or non-hyperbolic) does not have the region's type in that half
        const bool u_nearer = std::abs(u.p - pm) < std::abs(v.p - pm);
        const auto& near = u_nearer ? u : v;
        const auto& far = u_nearer ? v : u;
        const Radial radial = near.radial != Radial::tangent ? near.radial : far.radial;
        const SphereType type = near.type != SphereType::non_hyperbolic ? near.type : far.type;
        ++count;
        ++types[to_string(radial) + " " + to_string(type)];
      }
    Region r{cuts[k], cuts[k + 1], count, {types.begin(), types.end()}};
    // a continuum ends the regions on both sides: its own count is not finite
    const bool at_continuum = std::any_of(d.events.begin(), d.events.end(), [&](const Event& e) {
      return e.kind == EventKind::continuum && std::abs(e.p - cuts[k]) < same_cut;
    });
    if (!out.empty() && !at_continuum && out.back().count == r.count && out.back().types == r.types)
      out.back().to = r.to;  // same structure on both sides of an event that changes nothing here
    else
      out.push_back(r);
  }
  return out;
}

}  // namespace limitdir
