// Bifurcation diagrams of limit directions (Sect. 7.2.8 and 7.4 [Nonlinear Dyn. 2024]): the
// sweep seeds branches from find-limits, traces them (continuation/branch_tracer.hpp), records each event
// once (continuation/event_log.hpp) and checks the result against find-limits (continuation/diagram_verifier.hpp).
// Events between consecutive nodes are sign changes of the test functions of
// continuation/branch_tracer.hpp, located by bisection in arclength; steps are halved until each holds at
// most one change:
//   tangency      rdot changes sign (Sect. 7.2.8, errata: R* = 0);
//   fold          t_p changes sign;
//   branch point  det [G_X; t^T] changes sign (a pitchfork when its direction is fixed by a
//                 reflection of the field); where t_p changes in the same minimal step it is the
//                 turning branch of a pitchfork, not a fold;
//   Hopf          trace J_T changes sign where det J_T > 0.
#include "limitdir/continuation/continuation.hpp"

#include "limitdir/friction/contact_model.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <boost/math/constants/constants.hpp>
#include <limits>
#include <map>

#include "continuation/branch_tracer.hpp"
#include "continuation/circle_events.hpp"
#include "continuation/circle_proof.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_log.hpp"
#include "continuation/event_windows.hpp"
#include "continuation/limit_curve.hpp"
#include "core/vector_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/limits/proof.hpp"

namespace limitdir {

std::string to_string(EventKind k) {
  switch (k) {
    case EventKind::tangency: return "tangency";
    case EventKind::fold: return "fold";
    case EventKind::pitchfork: return "pitchfork";
    case EventKind::branch_point: return "branch-point";
    case EventKind::hopf: return "hopf";
    case EventKind::continuum: return "continuum";
  }
  return "?";
}

// ----- parameter families ---------------------------------------------------------------------

namespace {

/// The contact's parameters (docs/manual.md section 6): the aspect ratio a/b of the ellipse (b
/// kept; a circle becomes the ellipse [a/b, 1]), the distortion's d and gamma (15)-(16)
/// [Kudra & Awrejcewicz 2013] and the shift's k (2) [Kireenkov]. Each must already be part of
/// the problem except a/b, d (a distortion in the direction gamma = 0 when absent) and k.
std::function<void(Problem&, double)> contact_parameter(const Problem& problem, const std::string& parameter) {
  if (parameter == "a/b") {
    return [](Problem& q, double p) {
      q.contact.shape = ContactSpec::Shape::ellipse;
      q.contact.a = p * q.contact.b;
    };
  }
  if (parameter == "d") {
    return [](Problem& q, double p) {
      ContactSpec::Distortion distortion = q.contact.distortion.value_or(ContactSpec::Distortion{});
      distortion.d = p;
      q.contact.distortion = distortion;
    };
  }
  if (parameter == "gamma") {
    if (!problem.contact.distortion) throw InputError("parameter gamma: needs a contact.distortion");
    return [](Problem& q, double p) { q.contact.distortion->gamma = p; };
  }
  if (problem.contact.load_dependent())
    throw InputError("parameter k: the problem's shift is given by its height h (k follows the load)");
  return [](Problem& q, double p) { q.contact.shift = ContactSpec::Shift{ContactSpec::Shift::Kind::k, p}; };
}

/// The systems along a contact parameter: the exact contact model is rebuilt from one base
/// model's quadrature rules (ContactExactModel::with_contact), the other models from scratch.
std::function<System(double)> contact_family(const Problem& problem, std::function<void(Problem&, double)> set) {
  std::shared_ptr<const ContactExactModel> base;
  if (problem.friction.model == "exact") {
    try {
      base = make_contact_exact_model(make_contact(problem), problem.rho_over_R());
    } catch (const InputError&) {
      // a pressure outside the contact family (Galin, a profile): every system from scratch
    }
  }
  return [problem, set, base](double p) {
    Problem q = problem;
    set(q, p);
    if (!base || q.contact.axisymmetric()) return make_system(q);
    return make_system(q, std::shared_ptr<const FrictionModel>(base->with_contact(make_contact(q), q.rho_over_R())));
  };
}

}  // namespace

ParameterFamily parameter_family(const Problem& problem, const std::string& parameter) {
  ParameterFamily f;
  f.name = parameter;
  const auto problem_with = [problem](std::function<void(Problem&, double)> set) {
    return [problem, set](double p) {
      Problem q = problem;
      set(q, p);
      return q;
    };
  };
  if (parameter == "force") {
    const auto set = [](Problem& q, double p) { q.force = p; };
    f.force = [](double p) { return p; };
    f.problem = problem_with(set);
    if (!problem.contact.load_dependent()) {
      f.load_sweep = true;
      auto system = std::make_shared<System>(make_system(problem));
      f.system = [system](double) { return *system; };
      return f;
    }
    // a shift from the load's tipping moment (shift.h): the friction model changes with F, only
    // through k (M, rho and the exact model's quadrature rules do not); other models are rebuilt
    const System base = make_system(problem);
    const auto model = std::dynamic_pointer_cast<const ContactExactModel>(base.friction_ptr());
    if (model) {
      f.system = [problem, base, model](double p) {
        return System(base.M(), base.load_direction(), base.load_offset(),
                      std::shared_ptr<const FrictionModel>(model->with_shift(contact_shift(problem, p))));
      };
    } else {
      f.system = [problem, set](double p) {
        Problem q = problem;
        set(q, p);
        return make_system(q);
      };
    }
    return f;
  }
  const auto with = [problem](std::function<void(Problem&, double)> set) {
    return [problem, set](double p) {
      Problem q = problem;
      set(q, p);
      return make_system(q);
    };
  };
  // lambda and j change only the mass matrix: the friction model is built once.
  const auto with_friction = [problem](std::function<void(Problem&, double)> set) {
    std::shared_ptr<const FrictionModel> friction(make_friction_model(problem));
    return [problem, set, friction](double p) {
      Problem q = problem;
      set(q, p);
      return make_system(q, friction);
    };
  };
  if (parameter == "lambda") {
    if (problem.system.preset != "ball") throw InputError("parameter lambda: needs the ball preset");
    const auto set = [](Problem& q, double p) { q.system.lambda = p; };
    f.system = with_friction(set);
    f.problem = problem_with(set);
  } else if (parameter == "j") {
    if (problem.system.preset != "disc" && problem.system.preset != "ball")
      throw InputError("parameter j: needs the disc or ball preset");
    const auto set = [](Problem& q, double p) { q.system.j = p; };
    f.system = with_friction(set);
    f.problem = problem_with(set);
  } else if (parameter == "alpha") {
    if (problem.pressure.kind() == Pressure::Kind::profile)
      throw InputError("parameter alpha: needs a pressure of the family (1 - xi^2)^alpha");
    const auto set = [](Problem& q, double p) { q.pressure = Pressure::power(p); };
    f.system = with(set);
    f.problem = problem_with(set);
  } else if (parameter == "rho") {
    const auto set = [](Problem& q, double p) {
      q.rho.kind = RhoSpec::Kind::value;
      q.rho.value = p;
    };
    f.system = with(set);
    f.problem = problem_with(set);
  } else if (parameter == "a/b" || parameter == "d" || parameter == "gamma" || parameter == "k") {
    const auto set = contact_parameter(problem, parameter);
    f.problem = problem_with(set);
    if (parameter == "d") {
      // the tracer steps just past d = 0: sigma0 (1 + d u.r') with d < 0 is the distortion
      // |d| in the opposite direction gamma + pi, the same pressure
      f.system = contact_family(problem, [set](Problem& q, double p) {
        // the sweep reaches an end d = 1 up to the rounding of its arithmetic (~1e-15)
        constexpr double end_rounding = 1e-12;
        set(q, std::abs(p) > 1.0 && std::abs(p) <= 1.0 + end_rounding ? 1.0 : std::abs(p));
        if (p < 0) q.contact.distortion->gamma += boost::math::constants::pi<double>();
      });
    } else {
      f.system = contact_family(problem, set);
    }
  } else {
    throw InputError("parameter: unknown '" + parameter + "' (valid: force, lambda, alpha, j, rho, a/b, d, gamma, k)");
  }
  const double F = problem.force;
  f.force = [F](double) { return F; };
  return f;
}

// ----- the sweep ----------------------------------------------------------------------------

namespace {

using detail::BranchTracer;
using detail::make_x;
using detail::Mat45;
using detail::Node;
using detail::Tests;
using detail::X;

// A step may not turn the tangent by more than ~0.3 rad (cos 0.3 = 0.955): a larger turn is a
// jump to another branch, or a loop traced with too few points to see its closure.
constexpr double min_tangent_cos = 0.95;
// Steps are halved until at most one test function changes sign in each, so that events in
// one step are located one by one; below 64 h_min the changes coincide to ~1e-7 in arclength
// (a pitchfork, where t_p and the branch-point test change together on the turning branch).
constexpr double separation_steps_of_h_min = 64;
// A branch is a loop when a step passes its start within 0.1 h (the chord sagitta of a step h
// on a curve of radius >= h is below h/8), heading the same way (tangents within ~25 deg).
constexpr double closure_gap_fraction = 0.1;
constexpr double closure_tangent_cos = 0.9;
// A fold needs |t_p| to reach 1e-9 at one end: a branch lying at constant p (a circle of a
// continuum) has t_p = 0 to rounding and no fold.
constexpr double fold_tp_floor = 1e-9;
// The steps of one branch: at h_max = 0.05 this is an arclength of 1000, hundreds of times the
// longest branch on S^2 x [F0, F1] of a bounded range; reaching it is reported, never silent.
constexpr int max_steps_per_branch = 20000;
// The steps of a whole sweep: 5 branches at the cap, ~1e5 points (~20 MB of JSON, ~0.5 s);
// beyond, the sweep ends with its diagram so far and says the budget is spent.
constexpr int max_steps_total = 100000;
// Re-check rounds: a round that finds directions on no branch traces them and checks again.
constexpr int max_check_rounds = 3;
// Check values next to an event: 1e-5 of the range (far from the event's location accuracy,
// near enough that no other event lies between).
constexpr double event_check_offset = 1e-5;
// Continua (c1 = 0 with axisymmetry) are left at 1e-6 of the range before tracing.
constexpr double continuum_offset = 1e-6;
// c = M^-1 (F d + e) vanishes at F = -e.d/|d|^2 when e is parallel to d: to a few roundings of
// the products, relative to |e| + |F d|.
constexpr double c_zero_relative = 1e-14;
// A direction of an event lies on a circle {w : w . axis = sin theta} of a continuum: an event
// within the continuum margin of its load lies within ~|dw/dp| 1e-6 of the circle; 1e-5 keeps
// clear of the isolated directions, whose distance from the circles is of order one.
constexpr double on_continuum_circle = 1e-5;
// A window of the event search that holds no located event is covered again with cells of
// this width (chart coordinates and load, relative to the window): 1e-2 of the first pass's
// 2e-3, i.e. ~1e-5 rad, and the window's load width over 100.
constexpr double window_refine_width = 2e-5;

struct Pending {
  X x;
  X t;                // initial direction (t_p may be 0)
  bool both = true;   // trace both ways (false: only along t, e.g. away from a continuum)
  std::optional<double> end_at;  // with !both: also end the branch at this p behind the seed
};

struct Crossings {
  bool tangency, fold, branch_point, trace;
  int count() const { return int(tangency) + int(fold) + int(branch_point) + int(trace); }
};

Crossings crossings_between(const Tests& a, const Tests& b) {
  const auto changes = [](double u, double v) { return (u < 0) != (v < 0); };
  // trace J_T = 0 is a Hopf point only where det J_T > 0: a saddle's trace crosses 0 freely.
  // det J_T is smooth along the branch; negative at both ends by more than its change over
  // the step, it stays negative within the step (to first order, with a factor 2 for the rest).
  const bool saddle_throughout = a.jdet < 0 && b.jdet < 0 && std::max(a.jdet, b.jdet) < -2 * std::abs(a.jdet - b.jdet);
  return {changes(a.rdot, b.rdot),
          changes(a.tp, b.tp) && std::max(std::abs(a.tp), std::abs(b.tp)) > fold_tp_floor,
          changes(a.det, b.det), changes(a.trace, b.trace) && !saddle_throughout};
}

class Sweeper {
 public:
  Sweeper(const ParameterFamily& fam, double from, double to, const ContinuationOptions& opt)
      : tr_(fam, opt), verifier_(tr_, fam.name), fam_(fam), opt_(opt), from_(from), to_(to), lo_(from) {
    diagram_.parameter = fam.name;
    diagram_.from = from;
    diagram_.to = to;
    diagram_.force = fam.force(from);
  }

  Diagram run() {
    seed_at(from_);
    find_continua();
    drain();
    // on the invariant circle of a harmonic model the closed-form events of (132) are the
    // global search (cross_check_circle_events); elsewhere the limit curve
    if (fam_.load_sweep) predicted_ = detail::circle_event_loads(*tr_.field().system_ptr(from_), lo_, to_);
    if (!predicted_) seed_from_limit_curve();
    seed_from_event_windows();
    verify();
    cross_check_circle_events();
    check_event_windows();
    add_continuum_events();
    diagram_.events = log_.sorted();
    diagram_.regions = verifier_.regions(diagram_.branches, diagram_.events, from_, to_, doubts_);
    try_circle_proof();
    colour_points();
    write_certificate();
    return diagram_;
  }

 private:
  // ----- seeding ---------------------------------------------------------------------------

  // ----- continua (docs/manual.md section 5) -------------------------------------------------

  struct Continuum {
    double p;
    LimitSet limits;  // find-limits at p: its circles and isolated directions
  };

  // The loads of [from, to] where the limit directions fill circles: c1 = 0 on the invariant
  // circle of an axisymmetric contact (Sect. 7.4.4, Figs 15-16 [Nonlinear Dyn. 2024]) and c = 0
  // (the equator of a contact symmetric under w -> -w); find-limits there decides. Load sweeps
  // only: c is affine in F there, c = M^-1 (F d + e) (100).
  void find_continua() {
    if (!fam_.load_sweep) return;
    const std::shared_ptr<const System> sys = tr_.field().system_ptr(from_);
    const Eigen::Vector3d d = sys->M_inv() * sys->load_direction(), e = sys->M_inv() * sys->load_offset();
    std::vector<double> loads;
    if (sys->has_invariant_circle() && d.x() != 0) loads.push_back(-e.x() / d.x() + 0.0);  // + 0.0: no -0
    if (d.squaredNorm() > 0) {
      const double F = -e.dot(d) / d.squaredNorm() + 0.0;
      if ((F * d + e).norm() <= c_zero_relative * (e.norm() + std::abs(F) * d.norm())) loads.push_back(F);
    }
    std::sort(loads.begin(), loads.end());
    loads.erase(std::unique(loads.begin(), loads.end()), loads.end());
    for (double F : loads) {
      if (F < from_ || F > to_) continue;
      const LimitSet& L = verifier_.limits_at(F);
      if (!L.circles.empty()) continua_.push_back({F, L});
    }
  }

  bool near_continuum_load(double p) const {
    const double window = continuum_offset * (to_ - from_);
    return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return std::abs(p - C.p) <= window; });
  }

  // A located event of the tracing that is the continuum itself: a branch meeting one of its
  // circles (a degenerate branch point, located a rounding off the load).
  static bool on_a_circle(const Continuum& C, const Eigen::Vector3d& w) {
    return std::any_of(C.limits.circles.begin(), C.limits.circles.end(), [&](const LimitCircle& c) {
      return std::abs(w.dot(c.axis) - std::sin(c.theta)) <= on_continuum_circle;
    });
  }
  bool part_of(const Continuum& C, const Event& e) const {
    return e.kind != EventKind::continuum && std::abs(e.p - C.p) <= continuum_offset * (to_ - from_) &&
           std::any_of(e.directions.begin(), e.directions.end(), [&](const Eigen::Vector3d& w) { return on_a_circle(C, w); });
  }
  bool part_of_a_continuum(const Event& e) const {
    return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return part_of(C, e); });
  }

  // One event of kind continuum per continuum, in place of the degenerate branch points where
  // the branches meet its circles, checked against find-limits there (the branches reach it on
  // its circles or at its isolated directions, and every isolated direction is on a branch).
  void add_continuum_events() {
    for (const Continuum& C : continua_) {
      Event e{EventKind::continuum, C.p, {}, {}, true, 0.0, C.limits.circles, C.limits.certificate.level};
      for (const Classification& c : C.limits.directions) e.directions.push_back(c.w);
      for (const Branch& b : diagram_.branches)
        if (meets(b, C.p)) e.branches.push_back(b.id);
      log_.absorb(e, [&](const Event& f) { return part_of(C, f); });
      if (!C.limits.certificate.complete())
        doubts_.push_back(fmt::format("find-limits at the continuum {} = {:.12g} is not certified: {}", fam_.name, C.p,
                                      C.limits.certificate.reason));
      const std::vector<std::string> doubts = verifier_.check_continuum(diagram_.branches, C.p);
      doubts_.insert(doubts_.end(), doubts.begin(), doubts.end());
      notes_.push_back(fmt::format("the continuum at {} = {:.12g} ({} circle(s) and {} isolated limit direction(s) "
                                   "from find-limits there, {}; no proof covers it) is met by the branches on its "
                                   "circles or at its isolated directions, each of which lies on a branch",
                                   fam_.name, C.p, C.limits.circles.size(), C.limits.directions.size(),
                                   to_string(C.limits.certificate.level)));
    }
  }

  bool meets(const Branch& b, double p) const {
    const double window = continuum_offset * (to_ - from_);
    for (std::size_t i = 0; i < b.points.size(); ++i) {
      if (std::abs(b.points[i].p - p) <= window) return true;
      if (i + 1 < b.points.size() && (b.points[i].p - p) * (b.points[i + 1].p - p) < 0) return true;
    }
    return false;
  }

  // The Fig. 11 colour of every point, from classify (colour_of: only on the invariant circle).
  void colour_points() {
    for (Branch& b : diagram_.branches)
      for (BranchPoint& pt : b.points) {
        const std::shared_ptr<const System> sys = tr_.field().system_ptr(pt.p);
        if (sys->has_invariant_circle()) pt.colour = classify(*sys, tr_.field().force(pt.p), pt.w, opt_.solver.classify).colour;
      }
  }

  // Seeds from find_limit_directions at the start (at a continuum, just inside the interval).
  void seed_at(double p) {
    LimitSet L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), opt_.solver);
    double q = p;
    if (!L.circles.empty() || !L.certificate.complete()) {
      q = p + continuum_offset * (to_ - from_);
      L = find_limit_directions(tr_.field().system(q), tr_.field().force(q), opt_.solver);
      if (!L.certificate.complete())
        doubts_.push_back(fmt::format("find-limits at {} = {} is not certified: {}", fam_.name, q, L.certificate.reason));
    }
    // Next to a continuum (the circles at F = 0) continuation is singular: trace away from it
    // only, and end the branch at p itself.
    const bool continuum = q != p;
    if (continuum) lo_ = q;  // the branches are traced on [q, to] and closed onto p
    for (const auto& c : L.directions) add_seed(c.w, c.rdot, q, continuum ? std::optional<double>(p) : std::nullopt);
  }

  void add_seed(const Eigen::Vector3d& w, double rdot, double p, std::optional<double> continuum_at = std::nullopt) {
    const X x = make_x(w, rdot, p);
    Eigen::Vector4d G;
    Mat45 J;
    tr_.field().eval(x, G, J);
    X t0 = X::Zero();
    t0[4] = continuum_at && *continuum_at > p ? -1 : 1;
    pending_.push_back({x, detail::tangent_of(J, t0), !continuum_at, continuum_at});
  }

  // Whether x lies on a traced branch: screened against the polylines, then confirmed by
  // correcting the nearest polyline point onto the branch within the hyperplane through x
  // normal to that segment (the chords of a coarse polyline miss by their sagitta: below a
  // quarter of the segment for turns under ~0.3 rad per step, plus 1e-6 for short segments).
  bool on_known_branch(const X& x, double tol = 1e-7) {
    constexpr double screen_fraction = 0.25, screen_floor = 1e-6;
    for (const Branch& b : diagram_.branches)
      for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
        const auto &a = b.points[i], &c = b.points[i + 1];
        // cheap screen in p first: the gap is at least the distance of x's p from [a.p, c.p],
        // and a quarter of the segment is at most a quarter of its 1-norm
        const double l1 = (a.w - c.w).lpNorm<1>() + std::abs(a.rdot - c.rdot) + std::abs(a.p - c.p);
        const double dp = std::max({x[4] - std::max(a.p, c.p), std::min(a.p, c.p) - x[4], 0.0});
        if (dp > tol && dp > screen_fraction * l1 + screen_floor) continue;
        const X pa = make_x(a.w, a.rdot, a.p), pc = make_x(c.w, c.rdot, c.p);
        const X d = pc - pa;
        const double l2 = d.squaredNorm();
        const double s = l2 > 0 ? std::clamp((x - pa).dot(d) / l2, 0.0, 1.0) : 0.0;
        const X q = pa + s * d;
        const double gap = (q - x).norm();
        if (gap <= tol) return true;
        if (gap > screen_fraction * std::sqrt(l2) + screen_floor || !(l2 > 0)) continue;
        X y = q;
        if (tr_.correct(y, d / std::sqrt(l2), x) && (y - x).norm() <= tol * 10) return true;
      }
    return false;
  }

  // A load sweep: every point of the limit curve in range lies on a branch; one that does not
  // is a branch no seed reached (an isola between the check values): traced from there.
  void seed_from_limit_curve() {
    if (!fam_.load_sweep || opt_.curve_level <= 0) {
      if (!opt_.enclose_events || !fam_.load_sweep)
        notes_.push_back(fmt::format("no global search for branches in {} ({}): a closed branch between the check "
                                     "values would not be seen",
                                     fam_.name,
                                     !fam_.load_sweep ? "the limit curve is for load sweeps with a fixed friction model"
                                                      : "curve_level 0"));
      return;
    }
    const std::shared_ptr<const System> sys = tr_.field().system_ptr(from_);
    const std::vector<detail::CurvePoint> points = detail::limit_curve_points(*sys, lo_, to_, opt_.curve_level);
    int seeds = 0;
    for (const detail::CurvePoint& c : points) {
      if (near_continuum(c.F)) continue;
      X x = make_x(c.w, c.w.dot(sys->field(c.w, c.F)), c.F);
      if (!tr_.correct_at_p(x, c.F) || on_known_branch(x)) continue;
      add_seed(x.head<3>().normalized(), x[3], c.F);
      ++seeds;
      drain();  // traced at once, so that the other points of its component are known
    }
    curve_note_ = fmt::format("the limit curve on a level-{} mesh ({} point(s) in range) lies on the branches{}",
                              opt_.curve_level, points.size(),
                              seeds ? fmt::format(" ({} branch(es) found from it alone)", seeds) : "");
  }

  // ----- the rigorous event search (load sweeps off the invariant circle) -------------------

  // Every window of enclose_events must hold a located event of its kind: a window that holds
  // none is seeded from (an isola between the check values has its folds there), then
  // refined (it may hold no event at all), then seeded from again.
  void seed_from_event_windows() {
    if (!opt_.enclose_events) return;
    if (!fam_.load_sweep || predicted_) {
      notes_.push_back(!fam_.load_sweep
                           ? "the rigorous event search is for load sweeps (c affine in F, the model fixed): not run"
                           : "on the invariant circle the event loads of (132) are the rigorous event search");
      return;
    }
    const std::shared_ptr<const System> sys = tr_.field().system_ptr(from_);
    const EventBoxes found = enclose_events(*sys, lo_, to_);
    if (!found.complete) {
      doubts_.push_back("the rigorous event search (--enclose-events) did not complete: " + found.reason);
      return;
    }
    event_cells_ = found.cells;
    for (const detail::EventWindow& W : detail::event_windows(found)) {
      if (!explained(W)) seed_from(W);
      if (explained(W)) {
        windows_.push_back(W);
        continue;
      }
      // no branch found there: look closer (a near-miss of the enclosures, or a tiny window)
      EventOptions closer;
      closer.min_width = window_refine_width;
      closer.within = W.w;
      const EventBoxes refined = enclose_events(*sys, std::max(lo_, W.F.lower()), std::min(to_, W.F.upper()), closer);
      event_cells_ += refined.cells;
      if (!refined.complete) {
        doubts_.push_back(fmt::format("the rigorous event search could not decide the {} window at F in [{:.9g}, {:.9g}]: {}",
                                      detail::to_string(W.kind), W.F.lower(), W.F.upper(), refined.reason));
        continue;
      }
      for (const detail::EventWindow& V : detail::event_windows(refined)) {
        if (!explained(V)) seed_from(V);
        windows_.push_back(V);
      }
    }
  }

  // After the checks: every window holds a located event and every located event a window.
  void check_event_windows() {
    if (!opt_.enclose_events || event_cells_ == 0) return;
    for (const detail::EventWindow& W : windows_)
      if (!explained(W))
        doubts_.push_back(fmt::format("interval arithmetic leaves a possible {} at F in [{:.9g}, {:.9g}] near w = {} "
                                      "where no event was located",
                                      detail::to_string(W.kind), W.F.lower(), W.F.upper(), detail::vec(W.centres.front(), 6)));
    for (const Event& e : log_.events()) {
      if (has_continuum(e.p) || part_of_a_continuum(e)) continue;
      if (std::none_of(windows_.begin(), windows_.end(), [&](const auto& W) { return detail::holds(W, e, opt_.p_tol); }))
        doubts_.push_back(fmt::format("the {} located at F = {:.12g} lies where interval arithmetic excludes events",
                                      to_string(e.kind), e.p));
    }
    notes_.push_back(fmt::format("interval arithmetic over the sphere x [{:.9g}, {:.9g}] ({} cells) excludes every fold, "
                                 "branch point, tangency and Hopf point outside {} window(s), each holding a located "
                                 "event (not proven unique in it: that needs second derivatives of q)",
                                 lo_, to_, event_cells_, windows_.size()));
  }

  bool explained(const detail::EventWindow& W) const {
    return std::any_of(log_.events().begin(), log_.events().end(),
                       [&](const Event& e) { return detail::holds(W, e, opt_.p_tol); });
  }

  // Continuation from the zeros near the boxes of W (at each box's load) that no branch holds.
  void seed_from(const detail::EventWindow& W) {
    constexpr std::size_t max_tries = 8;  // boxes tried, spread over the window
    const std::size_t n = W.centres.size(), stride = std::max<std::size_t>(1, n / max_tries);
    for (std::size_t k = 0; k < n && !explained(W); k += stride) {
      const double F = W.loads[k];
      const Eigen::Vector3d& w = W.centres[k];
      X x = make_x(w, w.dot(tr_.field().F(w, F)), F);
      if (!tr_.correct_at_p(x, F) || on_known_branch(x)) continue;
      add_seed(x.head<3>().normalized(), x[3], F);
      drain();
    }
  }

  // ----- tracing ---------------------------------------------------------------------------

  // Whether the work budget of the sweep is spent (said once among the doubts).
  bool budget_spent() {
    if (steps_total_ < max_steps_total) return false;
    if (!budget_said_)  // first among the doubts: the others follow from it
      doubts_.insert(doubts_.begin(),
                     fmt::format("work budget spent: {} continuation steps in all (raise --h-max or narrow the range)",
                                 max_steps_total));
    budget_said_ = true;
    return true;
  }

  void drain() {
    while (!pending_.empty()) {
      if (budget_spent()) {
        pending_.clear();
        return;
      }
      const Pending s = pending_.back();
      pending_.pop_back();
      if (s.x[4] < lo_ || on_known_branch(s.x)) continue;
      Branch br = trace_branch(s);
      if (br.points.size() < 2) continue;
      // a loop at one value of p is a circle of a continuum (c = 0), not a branch
      const auto [lo, hi] = std::minmax_element(br.points.begin(), br.points.end(),
                                                [](const BranchPoint& u, const BranchPoint& v) { return u.p < v.p; });
      if (br.closed && hi->p - lo->p <= 1e-9 * (1 + std::abs(lo->p))) {
        if (!near_continuum_load(lo->p))  // else the continuum event names it
          notes_.push_back(fmt::format("a circle of limit directions at {} = {:.12g} (a continuum) is not drawn as a branch",
                                     fam_.name, lo->p));
        continue;
      }
      diagram_.branches.push_back(std::move(br));
    }
  }

  Branch trace_branch(const Pending& s) {
    Branch br;
    br.id = static_cast<int>(diagram_.branches.size());
    if (s.both) {
      std::vector<BranchPoint> back = trace(s.x, -s.t, br);
      std::reverse(back.begin(), back.end());
      if (!br.closed) {
        std::vector<BranchPoint> fwd = trace(s.x, s.t, br);
        back.insert(back.end(), fwd.begin() + 1, fwd.end());
      }
      br.points = std::move(back);
      return br;
    }
    br.points = trace(s.x, s.t, br);
    X xe = s.x;
    if (s.end_at && tr_.correct_at_p(xe, *s.end_at))
      br.points.insert(br.points.begin(), tr_.point(tr_.node(xe, s.t)));
    return br;
  }

  // One accepted step from cur (h is halved as needed): it turns the tangent by less than
  // ~0.3 rad, unless h is down to its floor.
  std::optional<Node> step(const Node& cur, double& h) {
    for (;;) {
      std::optional<Node> next = tr_.at(cur, h);
      if (next && next->t.dot(cur.t) < 0) next->t = -next->t;
      const bool smooth = next && next->t.dot(cur.t) >= min_tangent_cos;
      if (smooth) return next;
      if (h <= opt_.h_min) return std::nullopt;
      h = std::max(0.5 * h, opt_.h_min);
    }
  }

  // The points from x0 along t0 until the branch leaves [lo, to] or closes; a branch that
  // leaves at lo > from (a continuum at from) is closed onto from by Newton at fixed p.
  std::vector<BranchPoint> trace(const X& x0, const X& t0, Branch& br) {
    std::vector<BranchPoint> pts;
    Node cur = tr_.node(x0, t0);
    pts.push_back(tr_.point(cur));
    const Node start = cur;
    double h = std::min(opt_.h_initial, opt_.h_max);
    for (int n = 0;; ++n) {
      if (budget_spent()) break;
      ++steps_total_;
      if (n == max_steps_per_branch) {
        doubts_.push_back(fmt::format("branch {} was cut after {} steps at {} = {:.9g}", br.id, n, fam_.name, cur.x[4]));
        break;
      }
      const std::optional<Node> next = step(cur, h);
      if (!next && end_at_valid_edge(cur, pts)) break;
      if (!next) {
        doubts_.push_back(fmt::format("branch {} stopped at {} = {}: the corrector failed", br.id, fam_.name, cur.x[4]));
        break;
      }
      if (n > 4 && passes(cur, *next, start, h)) {
        close_loop(cur, start, br, pts);
        break;
      }
      record_events(cur, *next, h, br.id, pts);
      const double p = next->x[4];
      if (p < lo_ || p > to_) {
        end_at_boundary(cur, *next, pts);
        break;
      }
      pts.push_back(tr_.point(*next));
      cur = *next;
      h = std::min(opt_.h_max, h * 1.3);
    }
    return pts;
  }

  // Whether the step cur -> next passes the branch's start, heading the same way.
  static bool passes(const Node& cur, const Node& next, const Node& start, double h) {
    const X d = next.x - cur.x;
    const double l2 = d.squaredNorm();
    const double s = l2 > 0 ? std::clamp((start.x - cur.x).dot(d) / l2, 0.0, 1.0) : 0.0;
    return (cur.x + s * d - start.x).norm() <= closure_gap_fraction * h && next.t.dot(start.t) > closure_tangent_cos;
  }

  // The last piece of a loop, from cur back to its start: its events, and the start again.
  void close_loop(const Node& cur, const Node& start, Branch& br, std::vector<BranchPoint>& pts) {
    record_events(cur, start, (start.x - cur.x).norm(), br.id, pts);
    pts.push_back(tr_.point(start));
    br.closed = true;
  }

  // A sweep that ends where its parameter's valid range ends (d = 1 of a distortion, docs/manual.md
  // section 6) cannot step past it: a branch whose steps fail within h_max of that end, heading
  // there, is closed onto it by Newton at fixed p.
  bool end_at_valid_edge(const Node& cur, std::vector<BranchPoint>& pts) {
    const double edge = cur.t[4] > 0 ? to_ : lo_;
    if (!(std::abs(edge - cur.x[4]) <= opt_.h_max)) return false;
    X xb = cur.x;
    if (!tr_.correct_at_p(xb, edge)) return false;
    pts.push_back(tr_.point(tr_.node(xb, cur.t)));
    return true;
  }

  // The branch ends exactly at the boundary it crosses between cur and next.
  void end_at_boundary(const Node& cur, const Node& next, std::vector<BranchPoint>& pts) {
    const double p = next.x[4], edge = p < lo_ ? lo_ : to_;
    X xb = cur.x + (next.x - cur.x) * (edge - cur.x[4]) / (p - cur.x[4]);
    if (!tr_.correct_at_p(xb, edge)) return;
    pts.push_back(tr_.point(tr_.node(xb, cur.t)));
    // past a continuum at from: close the branch onto from itself
    if (p < lo_ && lo_ > from_ && tr_.correct_at_p(xb, from_)) pts.push_back(tr_.point(tr_.node(xb, cur.t)));
  }

  // ----- events ----------------------------------------------------------------------------

  // Events are recorded on [lo, to]: below lo lies the margin of a continuum at from.
  bool inside(double p) const { return p >= lo_ && p <= to_; }

  // Locates the events between consecutive nodes and appends their nodes to the branch's
  // points, so that its polyline reaches folds and branch points exactly. A step in which
  // more than one test function changes sign is halved until each half holds one change (or
  // the halves reach the separation floor, where the changes coincide).
  void record_events(const Node& a, const Node& b, double h, int branch, std::vector<BranchPoint>& pts) {
    const Crossings c = crossings_between(a.tests, b.tests);
    if (c.count() == 0) return;
    if (c.count() > 1 && h > separation_steps_of_h_min * opt_.h_min) {
      if (std::optional<Node> m = tr_.at(a, 0.5 * h)) {
        if (m->t.dot(a.t) < 0) m->t = -m->t;
        record_events(a, *m, 0.5 * h, branch, pts);
        if (inside(m->x[4])) pts.push_back(tr_.point(*m));
        record_events(*m, b, (b.x - m->x).norm(), branch, pts);
        return;
      }
    }
    std::vector<Node> located;
    const auto locate = [&](EventKind kind, auto fn) {
      const BranchTracer::Located m = tr_.locate(a, b, h, fn);
      if (inside(m.node.x[4])) located.push_back(m.node);
      return std::make_pair(Event{kind, m.node.x[4], {m.node.x.head<3>().normalized()}, {branch}, m.located, m.p_error,
                                  {}, Level::checked},
                            m.node);
    };
    const auto add = [&](const Event& e) { return inside(e.p) && log_.add(e); };
    if (c.tangency) add(locate(EventKind::tangency, [](const Tests& t) { return t.rdot; }).first);
    // t_p and the branch-point test changing in one (minimal) step is a pitchfork met on its
    // turning branch: one branch point, not a fold
    if (c.fold && !c.branch_point) add(locate(EventKind::fold, [](const Tests& t) { return t.tp; }).first);
    if (c.trace) {
      // trace J_T = 0 is a Hopf point when det J_T > 0 there (eigenvalues +-i sqrt(det))
      const auto [e, m] = locate(EventKind::hopf, [](const Tests& t) { return t.trace; });
      if (m.tests.jdet > 0) add(e);
    }
    if (c.branch_point) branch_point(locate(EventKind::branch_point, [](const Tests& t) { return t.det; }), a.t);
    const auto sigma = [&](const Node& n) { return a.t.dot(n.x - a.x); };
    std::sort(located.begin(), located.end(), [&](const Node& u, const Node& v) { return sigma(u) < sigma(v); });
    for (const Node& m : located) pts.push_back(tr_.point(m));
  }

  void branch_point(std::pair<Event, Node> located, const X& t_current) {
    auto& [e, m] = located;
    // Where the limit directions fill circles (c = 0 with axisymmetry, as at F = 0) every
    // branch meets the continuum: a degenerate branch point, not switched along the circle.
    const bool continuum = has_continuum(e.p);
    if (!inside(e.p)) return;
    if (!continuum && fixed_by_symmetry(e.p, e.directions.front())) e.kind = EventKind::pitchfork;
    if (log_.add(e) && !continuum) switch_branches(m, t_current);  // the other branch once, when first met
  }

  // Axisymmetric with c1 = 0 (to the location accuracy): the limit directions fill circles
  // of latitude there (Sect. 7.4.4, Figs 15-16 [Nonlinear Dyn. 2024]).
  bool has_continuum(double p, double c1_zero = 1e-8) {  // |c1| at a located event: p_tol 1e-11 times |dc1/dp| with room
    const System& sys = tr_.field().system(p);
    const double F = tr_.field().force(p);
    const double scale = 1.0 + std::abs(F) * (sys.M_inv() * sys.load_direction()).norm();
    return sys.has_invariant_circle() && std::abs(sys.c(F).x()) <= c1_zero * scale;
  }
  // Within the continuum margin of a load with c1 = 0 (the curve there is the continuum's).
  bool near_continuum(double F) { return has_continuum(F, continuum_offset * (to_ - from_)); }

  // A branch point is a pitchfork when its direction is fixed by a reflection R (w2 -> -w2 or
  // w3 -> -w3) that the field commutes with, F(R w) = R F(w) (checked on sample directions):
  // then the symmetric branch goes through and the other branch is the symmetric pair.
  bool fixed_by_symmetry(double p, const Eigen::Vector3d& w) {
    constexpr double on_mirror = 1e-5;      // |w_axis| of a located direction on the mirror plane
    constexpr double commutes_tol = 1e-12;  // rounding of F at unit scale
    static const Eigen::Vector3d samples[] = {{0.3, 0.5, 0.81}, {-0.7, 0.2, 0.4}, {0.1, -0.9, 0.3},
                                              {-0.2, -0.3, -0.9}, {0.8, 0.1, -0.5}, {0.6, -0.6, 0.1}};
    for (int axis : {1, 2}) {
      if (std::abs(w[axis]) > on_mirror) continue;
      Eigen::Vector3d r = Eigen::Vector3d::Ones();
      r[axis] = -1;
      const bool symmetric = std::all_of(std::begin(samples), std::end(samples), [&](const Eigen::Vector3d& v) {
        const Eigen::Vector3d u = v.normalized();
        const Eigen::Vector3d a = tr_.field().F(r.asDiagonal() * u, p), b = r.asDiagonal() * tr_.field().F(u, p);
        return (a - b).norm() <= commutes_tol * (1 + b.norm());
      });
      if (symmetric) return true;
    }
    return false;
  }

  // At a simple branch point the kernel of G_X is 2-D: start the other branch both ways.
  void switch_branches(const Node& m, const X& t_current) {
    Eigen::Vector4d G;
    Mat45 J;
    tr_.field().eval(m.x, G, J);
    const Eigen::JacobiSVD<Mat45> svd(J, Eigen::ComputeFullV);
    const Eigen::Matrix<double, 5, 2> K = svd.matrixV().rightCols<2>();
    X other = K.col(0) - K.col(0).dot(t_current) * t_current;
    if (other.norm() < 0.1) other = K.col(1) - K.col(1).dot(t_current) * t_current;
    other.normalize();
    for (double sgn : {1.0, -1.0}) {
      const X xp = m.x + sgn * opt_.h_initial * other;
      X x = xp;
      if (tr_.correct(x, other, xp) && !on_known_branch(x)) pending_.push_back({x, sgn * other, true, std::nullopt});
    }
  }

  // ----- verification ----------------------------------------------------------------------

  // find-limits at the end, at interior values and on both sides of every event: a limit
  // direction on no branch starts a new branch and the round is repeated; the last round's
  // disagreements are the doubts.
  void verify() {
    for (int round = 0;; ++round) {
      std::vector<std::string> doubts;
      bool traced_more = false;
      for (double p : check_values()) {
        detail::CheckOutcome o = verifier_.check(diagram_.branches, p);
        doubts.insert(doubts.end(), o.doubts.begin(), o.doubts.end());
        for (const Classification& c : o.unexplained) {
          if (round + 1 < max_check_rounds) {
            add_seed(c.w, c.rdot, p);
            traced_more = true;
          } else {
            doubts.push_back(fmt::format("find-limits at {} = {:.12g} found w = ({:.6g}, {:.6g}, {:.6g}) on no branch",
                                         fam_.name, p, c.w.x(), c.w.y(), c.w.z()));
          }
        }
      }
      if (!traced_more) {
        doubts_.insert(doubts_.end(), doubts.begin(), doubts.end());
        return;
      }
      drain();
    }
  }

  // On the invariant circle of a harmonic model every event load is a root of a polynomial
  // ((132), continuation/circle_events.hpp): each must have been located, and nothing else.
  void cross_check_circle_events() {
    if (!predicted_) return;
    const auto& predicted = predicted_;
    // located to p_tol = 1e-11, predicted from polynomial roots to ~1e-14: 1e-8 is ample and
    // far below the distance between distinct events
    constexpr double same_load = 1e-8;
    const auto near = [&](double p, double q) { return std::abs(p - q) <= same_load * (1 + std::abs(p)); };
    const auto kind_of = [](EventKind k) { return k == EventKind::branch_point ? EventKind::pitchfork : k; };
    const double margin = event_check_offset * (to_ - from_);  // events at the ends are not traced across
    int matched = 0;
    for (const detail::PredictedEvent& e : *predicted) {
      if (e.F <= lo_ + margin || e.F >= to_ - margin) continue;
      const bool found = std::any_of(log_.events().begin(), log_.events().end(),
                                     [&](const Event& f) { return kind_of(f.kind) == e.kind && near(f.p, e.F); });
      if (found) ++matched;
      else
        doubts_.push_back(fmt::format("(132) has a {} at {} = {:.12g} that the continuation did not locate",
                                      to_string(e.kind), fam_.name, e.F));
    }
    for (const Event& f : log_.events()) {
      if (has_continuum(f.p)) continue;  // where c1 = 0 the branches meet the circles of Figs 15-16
      const bool predicted_here = std::any_of(predicted->begin(), predicted->end(), [&](const detail::PredictedEvent& e) {
        return e.kind == kind_of(f.kind) && near(f.p, e.F);
      });
      if (!predicted_here)
        doubts_.push_back(fmt::format("the {} located at {} = {:.12g} is not a root of the event conditions of (132)",
                                      to_string(f.kind), fam_.name, f.p));
    }
    notes_.push_back(fmt::format("the {} event load(s) of (132) on the invariant circle were all located", matched));
  }

  // A load sweep on the invariant circle of a harmonic model is proven when the rigorous
  // event enclosures of (132) each hold one located event (and nothing else was located), the
  // structure of every region is proven at an interior load, and every branch segment lies on
  // a graph of (132) (continuation/circle_proof.hpp); otherwise the diagram stays checked and says why.
  void try_circle_proof() {
    if (!opt_.prove || !fam_.load_sweep || !doubts_.empty()) return;
    const std::shared_ptr<const System> sys = tr_.field().system_ptr(from_);
    const auto ev = detail::enclose_circle_events(*sys, lo_, to_);
    if (!ev) return;
    const std::string why = !ev->proven ? ev->reason : circle_proof_gap(*sys, *ev);
    if (!why.empty()) {
      notes_.push_back("no proof: " + why);
      return;
    }
    proof_ = fmt::format("proven: the {} event load(s) of (132) enclosed and isolated in interval arithmetic, each "
                         "holding its located event; the structure of each of the {} region(s) proven at an interior "
                         "load; every branch segment enclosed on a graph F(u) of (132) (c1 != 0 puts every limit "
                         "direction on w2 = 0, rows 1-2 of (125))",
                         ev->events.size(), diagram_.regions.size());
  }

  // What stops the proof of a circle diagram (empty: nothing).
  std::string circle_proof_gap(const System& sys, const detail::CircleEvents& ev) {
    const auto kind_of = [](EventKind k) { return k == EventKind::branch_point ? EventKind::pitchfork : k; };
    const auto holds = [&](const detail::EventEnclosure& e, const Event& f) {
      const double slack = f.p_error + opt_.p_tol;
      return kind_of(f.kind) == e.kind && f.p >= e.F.lower() - slack && f.p <= e.F.upper() + slack;
    };
    for (const detail::EventEnclosure& e : ev.events)
      if (std::count_if(log_.events().begin(), log_.events().end(), [&](const Event& f) { return holds(e, f); }) != 1)
        return fmt::format("the {} enclosed at F = {:.12g} holds no single located event", to_string(e.kind), mid_of(e.F));
    for (const Event& f : log_.events())
      if (f.kind != EventKind::continuum && !has_continuum(f.p) && std::none_of(ev.events.begin(), ev.events.end(), [&](const auto& e) { return holds(e, f); }))
        return fmt::format("the {} located at F = {:.12g} is in no enclosure", to_string(f.kind), f.p);
    SolverOptions proving = opt_.solver;
    proving.prove = true;
    // the load of the continuum (c1 = 0), where the limit directions fill circles: a region
    // across it is proven on both of its sides
    const Eigen::Vector3d d = sys.M_inv() * sys.load_direction(), e = sys.M_inv() * sys.load_offset();
    const double F_c = -e.x() / d.x();
    for (const Region& r : diagram_.regions) {
      std::vector<double> loads{0.5 * (r.from + r.to)};
      if (F_c > r.from && F_c < r.to) loads = {0.5 * (r.from + F_c), 0.5 * (F_c + r.to)};
      for (double pm : loads) {
        const LimitSet L = find_limit_directions(sys, tr_.field().force(pm), proving);
        std::map<std::string, int> types;
        for (const Classification& c : L.directions) ++types[detail::type_key(c.radial, c.type)];
        if (L.certificate.level != Level::proven || static_cast<int>(L.directions.size()) != r.count ||
            std::vector<std::pair<std::string, int>>(types.begin(), types.end()) != r.types)
          return fmt::format("the region [{:.9g}, {:.9g}] is not proven at F = {:.9g}: {}", r.from, r.to, pm,
                             L.certificate.reason);
      }
    }
    std::string why;
    if (!detail::enclose_circle_branches(sys, diagram_.branches, why)) return why;
    return "";
  }

  std::vector<double> check_values() const {
    const double off = event_check_offset * (to_ - from_);
    std::vector<double> events;
    for (const Event& e : log_.events()) events.push_back(e.p);
    for (const Continuum& C : continua_) events.push_back(C.p);
    // an interior check value within `off` of an event would check the degenerate limit set at
    // the bifurcation itself (e.g. a branch point at F = 0.5 = 0.01 + 7 (1.2 - 0.01)/17): it is
    // left to the event's own checks at +-off
    const auto at_event = [&](double p) {
      return std::any_of(events.begin(), events.end(), [&](double e) { return std::abs(p - e) < off; });
    };
    std::vector<double> ps{to_};
    for (int k = 1; k <= opt_.checks; ++k) {
      const double p = from_ + (to_ - from_) * k / (opt_.checks + 1);
      if (!at_event(p)) ps.push_back(p);
    }
    for (double p : events) {
      if (p - off > from_) ps.push_back(p - off);
      if (p + off < to_) ps.push_back(p + off);
    }
    return ps;
  }

  void write_certificate() {
    Certificate& cert = diagram_.certificate;
    cert.index_sum = 0;
    cert.level = !doubts_.empty() ? Level::incomplete : proof_.empty() ? Level::checked : Level::proven;
    if (!cert.complete()) {
      cert.reason = doubts_.front();
      for (std::size_t i = 1; i < std::min<std::size_t>(doubts_.size(), 5); ++i) cert.reason += "; " + doubts_[i];
      if (doubts_.size() > 5) cert.reason += fmt::format("; and {} more", doubts_.size() - 5);
      return;
    }
    cert.reason = fmt::format("{}{} branch(es), {} event(s); every check against find-limits ({} values, including an "
                              "interior point of every region) agreed in count and types",
                              proof_.empty() ? "" : proof_ + "; ", diagram_.branches.size(), diagram_.events.size(),
                              verifier_.checks_done());
    std::sort(notes_.begin(), notes_.end());
    notes_.erase(std::unique(notes_.begin(), notes_.end()), notes_.end());
    for (const auto& n : notes_) cert.reason += "; " + n;
    if (!curve_note_.empty()) cert.reason += "; " + curve_note_;
  }

  BranchTracer tr_;
  detail::EventLog log_;
  detail::DiagramVerifier verifier_;
  const ParameterFamily& fam_;
  const ContinuationOptions& opt_;
  double from_, to_;
  double lo_;  // lower end of tracing (above from when a continuum sits at from)
  Diagram diagram_;
  std::vector<Pending> pending_;
  std::vector<std::string> doubts_, notes_;
  std::string curve_note_;
  std::string proof_;  // what the proof of a circle diagram showed (empty: no proof)
  std::vector<detail::EventWindow> windows_;  // of the rigorous event search
  int steps_total_ = 0;
  bool budget_said_ = false;
  int event_cells_ = 0;
  // load sweeps on the invariant circle of a harmonic model: the event loads of (132)
  std::optional<std::vector<detail::PredictedEvent>> predicted_;
  std::vector<Continuum> continua_;  // in [from, to], by load
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
