// Bifurcation diagrams of limit directions (Sect. 7.2.8 and 7.4 [Nonlinear Dyn. 2024]): the
// parameter families, and the sweep, a driver over its pieces, in the order it runs them:
//   seeds from find-limits at the start      continuation/seeding.hpp
//   the continua (docs/manual.md section 5)  continuation/continuum.hpp
//   tracing, each branch once                continuation/branch_merge.hpp, continuation/branch_walk.hpp
//   events on the branches                   continuation/event_location.hpp, continuation/event_log.hpp
//   the global searches for missed branches  continuation/seeding.hpp (limit curve), continuation/event_search.hpp
//   checks against find-limits               continuation/interior_checks.hpp, continuation/diagram_verifier.hpp
//   the invariant circle's events and proof  continuation/circle_checks.hpp
//   the certificate                          continuation/certificate.hpp
#include "limitdir/continuation/continuation.hpp"

#include "limitdir/friction/contact_model.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <boost/math/constants/constants.hpp>
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
#include "continuation/seeding.hpp"
#include "continuation/sweep_scope.hpp"
#include "limitdir/core/errors.hpp"
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

using detail::Findings;
using detail::Node;

class Sweeper {
 public:
  Sweeper(const ParameterFamily& fam, double from, double to, const ContinuationOptions& opt)
      : range_{from, to, from},
        tr_(fam, opt),
        verifier_(tr_, fam.name),
        fam_(fam),
        continua_(from, to),
        events_(tr_, log_, range_, [this](const Node& at, const Node& prev) { seeder_.switch_branches(at, prev.t); }),
        walker_(tr_, events_, range_, budget_, findings_, fam.name),
        branches_(tr_, walker_, diagram_.branches, range_, continua_, budget_, findings_, fam.name),
        seeder_(tr_, branches_, range_, fam, findings_),
        search_(tr_, log_, seeder_, continua_, range_, fam, findings_),
        checks_(verifier_, log_, continua_, seeder_, branches_, findings_),
        circle_(tr_, log_, range_, fam, findings_) {
    diagram_.parameter = fam.name;
    diagram_.from = from;
    diagram_.to = to;
    diagram_.force = fam.force(from);
  }

  Diagram run() {
    seeder_.seed_at(range_.from);
    if (fam_.load_sweep) continua_.find(tr_.field(), verifier_, range_.from, range_.to);
    branches_.drain();
    // on the invariant circle of a harmonic model the closed-form events of (132) are the
    // global search (CircleChecks::cross_check); elsewhere the limit curve
    std::optional<std::vector<detail::PredictedEvent>> predicted;
    if (fam_.load_sweep) predicted = detail::circle_event_loads(*tr_.field().system_ptr(range_.from), range_.lo, range_.to);
    const std::string curve_note = predicted ? "" : seeder_.seed_from_limit_curve();
    search_.seed(predicted.has_value());
    checks_.run(diagram_.branches, fam_, tr_.options(), range_.from, range_.to);
    circle_.cross_check(predicted);
    search_.check();
    continua_.add_events(log_, diagram_.branches, verifier_, fam_.name, findings_);
    diagram_.events = log_.sorted();
    diagram_.regions = verifier_.regions(diagram_.branches, diagram_.events, range_.from, range_.to, findings_.doubts);
    const std::string proof = circle_.proof(diagram_);
    colour_points();
    detail::write_certificate(diagram_.certificate, {findings_.doubts, findings_.notes, proof, curve_note,
                                                     diagram_.branches.size(), diagram_.events.size(),
                                                     verifier_.checks_done()});
    return diagram_;
  }

 private:
  // The Fig. 11 colour of every point, from classify (colour_of: only on the invariant circle).
  void colour_points() {
    for (Branch& b : diagram_.branches)
      for (BranchPoint& pt : b.points) {
        const std::shared_ptr<const System> sys = tr_.field().system_ptr(pt.p);
        if (sys->has_invariant_circle())
          pt.colour = classify(*sys, tr_.field().force(pt.p), pt.w, tr_.options().solver.classify).colour;
      }
  }

  detail::SweepRange range_;
  detail::BranchTracer tr_;
  detail::EventLog log_;
  detail::DiagramVerifier verifier_;
  const ParameterFamily& fam_;
  Diagram diagram_;
  Findings findings_;
  detail::WorkBudget budget_;
  detail::Continua continua_;
  detail::EventLocator events_;
  detail::BranchWalker walker_;
  detail::BranchCollector branches_;
  detail::Seeder seeder_;
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
