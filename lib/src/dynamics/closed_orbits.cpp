// Closed orbits of the flow dw/dtau = V*(w) on the sphere (115)/(122) [Nonlinear Dyn. 2024];
// dynamics/closed_orbits.hpp and docs/manual.md section 9 ("Search"). This file holds the search
// itself (find_closed_orbits) and the orbits it keeps:
//  * seeds: the vertices of a geodesic icosphere (deterministic, nearly uniform);
//  * each seed is integrated (Boost.Odeint, Dormand-Prince 5(4) with dense output,
//    dynamics/orbit_flow.cpp) forward and, optionally, backward in tau until its fate is known:
//    a zero of V* (|V*| small, then Newton, matched against the limit set), a singular point
//    (dynamics/capture_discs.cpp), a limit direction reached by sliding on the equator
//    (dynamics/filippov_sliding.cpp), the neighbourhood of an orbit already found that attracts
//    in this time direction, or a closed orbit found by recurrence;
//  * recurrence: a Poincare section is anchored at a point p of the trajectory and re-anchored
//    after growing time windows, so that a trajectory still in its transient gets a section on
//    its limit cycle eventually. Once two returns are close Newton is tried on the return map
//    (dynamics/return_map.cpp), and a new orbit is sampled and kept.
// The pieces these files share are in dynamics/orbit_search.hpp.
#include "dynamics/orbit_search.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "core/constants.hpp"
#include "core/vector_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/limits/jump_zeros.hpp"
#include "numerics/icosphere.hpp"

namespace limitdir::detail::orbits {

namespace {

// A trajectory is near a zero of V* when |V*| <= 1e-4 |F| (the scale of the field): Newton
// (refine_limit_direction) converges from there in a few steps; the zero is the trajectory's
// fate when it attracts in the current time direction (otherwise the trajectory passes by).
constexpr double zero_near = 1e-4;
// Orbits are kept as dense polylines of polyline_points * 8 samples (equal steps of tau) for
// the distance tests: a chord of a curve of radius r_c spanning 2 pi r_c/1024 deviates from it
// by (2 pi/1024)^2 r_c/8 < 5e-6 (uniform speed; a speed ratio of 4 along the orbit: < 1e-4).
constexpr int dense_factor = 8;
// A point within 1e-3 (chordal) of an orbit that attracts in the current time direction is in
// its basin: the orbit is hyperbolic (multiplier 1 -/+ >= 1e-6) and 1e-3 is 10x the polyline's
// deviation from it.
constexpr double orbit_capture = 1e-3;
// Two orbits are the same when a point of one lies within 2e-4 of the other's dense polyline
// (2x its deviation bound above; distinct orbits of a hyperbolic flow are farther apart than
// the 1e-9 of Newton's fixed point, and closer ones are beyond what the search resolves).
constexpr double same_orbit = 2e-4;
// A return to the section within 0.05 of an orbit that attracts: the trajectory is on its way
// there, no Newton (it is captured within a few periods).
constexpr double orbit_approach = 0.05;
// A "closed orbit" along which |V*| drops below 1e-6 |F| is a zero seen by the return map (a
// focus on the section): rejected.
constexpr double orbit_min_speed = 1e-6;
// More orbits than this: a continuum (a family of neutral orbits) is likely.
constexpr int max_orbits = 16;
// At most 8 attempts of Newton on the return map per trajectory; a return map gives up after 3x
// the return time that triggered it (the orbit's period is close to it).
constexpr int newton_attempts = 8;
constexpr double return_time_factor = 3.0;
// A section is anchored only where |V*| > 1e-3 |F| (its normal, the flow direction, is then
// defined to ~1e-13/1e-3 = 1e-10 rad); the first window is 8 time units of the field (8/|F|,
// about one turn at the rates of |F|), growing by 1.5 per re-anchoring so that any period is
// eventually covered within the step cap.
constexpr double anchor_min_speed = 1e-3;
constexpr double first_window = 8.0;
constexpr double window_growth = 1.5;
// Sliding on the equator (docs/manual.md section 9, Filippov, dynamics/filippov_sliding.cpp): a
// trajectory leaving the sliding set restarts 1e-9 off the equator (jump_zeros.cpp takes the
// one-sided values there).
constexpr double leave_offset = 1e-9;

double distance_to_polyline(const Eigen::Vector3d& w, const KnownOrbit& o) {
  // every sample lies within o.radius of o.centre: beyond 2 orbit_approach (the largest radius
  // any caller tests) that lower bound of the distance decides
  const double lower = (w - o.centre).norm() - o.radius;
  if (lower > 2 * orbit_approach) return lower;
  double best = std::numeric_limits<double>::infinity();
  const std::vector<Eigen::Vector3d>& line = o.dense;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Eigen::Vector3d& a = line[i];
    const Eigen::Vector3d ab = line[(i + 1) % line.size()] - a;
    const double t = ab.squaredNorm() > 0 ? std::clamp((w - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
    best = std::min(best, (w - (a + t * ab)).norm());
  }
  return best;
}

}  // namespace

bool attracts(OrbitStability s, double sign) {
  return sign > 0 ? s == OrbitStability::attracting : s == OrbitStability::repelling;
}

// A zero of V* attracts in the time direction `sign` (or cannot be told apart: not hyperbolic,
// not differentiable); circles of limit directions likewise by their transverse type.
bool attracts(const MatchResult& m, double sign) {
  if (m.circle) return circle_attracts(*m.circle, sign);
  const Classification& c = *m.direction;
  if (c.type == SphereType::non_hyperbolic || !c.differentiable) return true;
  return sign > 0 ? (c.type == SphereType::stable_node || c.type == SphereType::stable_focus)
                  : (c.type == SphereType::unstable_node || c.type == SphereType::unstable_focus);
}

Stepper Search::make_stepper(const State& y, double tol, double sign, bool divergence) {
  return Stepper(flow(sign, divergence), y, tol, first_step / scale_, stiff_);
}

void Search::doubt(const std::string& text) {
  if (result_.doubts.size() < 3) result_.doubts.push_back(text);
}

// Near a zero of V* (|V*| small at w): Newton decides which; it is the fate when it attracts in
// this time direction and is listed (unlisted: unresolved); none when the trajectory passes by.
std::optional<Search::Fate> Search::at_zero(const Eigen::Vector3d& w, double sign) {
  const Refined r = refine_limit_direction(system_, F_, w);
  if (!r.converged) return std::nullopt;
  const MatchResult m = match_limit_direction(limits_, r.w, match_tol);
  if (m.direction || m.circle) {
    if (attracts(m, sign)) return Fate::limit_direction;
    return std::nullopt;
  }
  const Classification c = classify(system_, F_, r.w);
  if (!attracts(MatchResult{c, std::nullopt, 0.0}, sign)) return std::nullopt;
  doubt(fmt::format("a trajectory ended at the zero w = {} of V*, which the limit set does not list", vec(r.w)));
  return Fate::unresolved;
}

// Within `radius` of an orbit attracting in this time direction.
bool Search::captured(const Eigen::Vector3d& w, double sign, double radius) const {
  for (const KnownOrbit& o : known_)
    if (attracts(o.stability, sign) && distance_to_polyline(w, o) <= radius) return true;
  return false;
}

// The dense polyline (equal steps of tau over one period), the reported one (every
// dense_factor-th point) and the mean of R* over the period (the trapezoid rule on a periodic
// function). None when |V*| is not bounded away from 0 along it (a zero, not an orbit).
std::optional<KnownOrbit> Search::sample(ClosedOrbit& o, double sign) {
  Stepper stepper = make_stepper({o.w[0], o.w[1], o.w[2], 0.0}, newton_tol, sign, false);
  const int n = opt_.polyline_points * dense_factor;
  KnownOrbit k{{o.w}, Eigen::Vector3d::Zero(), 0.0, o.stability};
  while (static_cast<int>(k.dense.size()) < n) {
    if (!budget_left()) return std::nullopt;
    const auto [t0, t1] = stepper.do_step();
    (void)t0;
    for (int i = static_cast<int>(k.dense.size()); i < n && i * o.period / n <= t1; ++i) {
      State y;
      stepper.calc_state(i * o.period / n, y);
      k.dense.push_back(w_of(y));
    }
  }
  double rdot = 0;
  o.polyline.clear();
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d& w = k.dense[i];
    if (system_.spherical(w, F_).norm() < orbit_min_speed * scale_) return std::nullopt;
    rdot += system_.radial(w, F_);
    k.centre += w;
    if (i % dense_factor == 0) o.polyline.push_back(w);
  }
  o.rdot_mean = rdot / n;
  k.centre /= n;
  for (const Eigen::Vector3d& w : k.dense) k.radius = std::max(k.radius, (w - k.centre).norm());
  return k;
}

// At a return wc to the section: Newton on the return map; a new orbit is kept. The fate when
// the orbit attracts in this time direction (or is neutral: the trajectory is then periodic).
std::optional<Search::Fate> Search::try_orbit(const Section& sec, const Eigen::Vector3d& wc, double sign,
                                              double return_time) {
  std::optional<ClosedOrbit> o = newton(sec, sec.coordinate(wc), sign, return_time_factor * return_time);
  if (!o) return std::nullopt;
  for (std::size_t i = 0; i < known_.size(); ++i)
    if (distance_to_polyline(o->w, known_[i]) <= same_orbit) {
      if (attracts(known_[i].stability, sign)) return Fate::closed_orbit;
      return std::nullopt;
    }
  const std::optional<KnownOrbit> k = sample(*o, sign);
  if (!k) return std::nullopt;
  known_.push_back(*k);
  result_.orbits.push_back(*o);
  if (o->stability == OrbitStability::neutral || attracts(o->stability, sign)) return Fate::closed_orbit;
  return std::nullopt;  // an orbit that repels in this direction: follow on
}

Search::Fate Search::follow(const Eigen::Vector3d& seed, double sign) {
  std::optional<Stepper> stepper;  // re-made where a trajectory leaves the equator's sliding set
  stepper.emplace(make_stepper({seed[0], seed[1], seed[2], 0.0}, search_tol, sign, false));
  std::optional<Section> sec;
  double anchored_at = 0, window = first_window / scale_;
  int attempts = 0;
  bool near_zero = false;  // refine once per visit to a small |V*|
  bool has_last = false;  // a return to the current section, at `last`
  Eigen::Vector3d last = Eigen::Vector3d::Zero();
  double last_at = 0;
  for (int step = 0; step < opt_.max_steps_per_seed; ++step) {
    if (!budget_left()) return Fate::unresolved;
    const auto [t0, t1] = stepper->do_step();
    const Eigen::Vector3d w = w_of(stepper->current_state());
    if (!w.allFinite()) break;
    const Eigen::Vector3d V = system_.spherical(w, F_);
    const bool small = V.norm() <= zero_near * scale_;
    if (small && !near_zero)
      if (const std::optional<Fate> z = at_zero(w, sign)) return *z;
    near_zero = small;
    if (at_singular_point(w, sign)) return Fate::limit_direction;  // counted with the limit set's points
    if (captured(w, sign, orbit_capture)) return Fate::closed_orbit;
    State y0{};  // set below before use (value-initialised: GCC 12 cannot see it across slide and try_orbit)
    if (equator_jumps_) {
      // the equator reached: the step crossed it, or the trajectory is within singular_capture
      // of it (an explicit step that would cross the jump of V* fails its error test, so the
      // steps shrink towards the equator without crossing it)
      stepper->calc_state(t0, y0);
      const bool crossed = (w_of(y0).z() < 0) != (w.z() < 0);
      if (crossed || std::abs(w.z()) <= singular_capture) {
        const Eigen::Vector3d wc = crossed ? w_of(locate_equator(*stepper, t0, t1)) : w;
        double phi = std::atan2(wc.y(), wc.x());
        const EquatorSliding e = equator_sliding(system_, F_, phi);
        double side = 0;  // where the trajectory goes on: 0 where the integrator goes on by itself
        if (slides(system_, F_, phi, sign)) {
          if (const std::optional<Fate> fate = slide(phi, sign, step)) return *fate;
          // it left the sliding set at phi: on towards the side both one-sided values point to
          side = sign * equator_sliding(system_, F_, phi).f_up.z() > 0 ? 1.0 : -1.0;
        } else if (!crossed && (sign * e.f_up.z() < 0) == (w.z() > 0) && (sign * e.f_down.z() < 0) == (w.z() > 0))
          side = w.z() > 0 ? -1.0 : 1.0;  // V* crosses the equator here: on from the other side
        if (side != 0) {
          const Eigen::Vector3d w1 = (on_equator(phi) + leave_offset * side * Eigen::Vector3d::UnitZ()).normalized();
          stepper.emplace(make_stepper({w1[0], w1[1], w1[2], 0.0}, search_tol, sign, false));
          sec.reset();
          anchored_at = 0;
          has_last = false;
          continue;
        }
      }
    }
    if (!sec || t1 - anchored_at > window) {  // (re-)anchor the section here
      if (V.norm() > anchor_min_speed * scale_) {
        sec = section_at(w, sign * V);
        anchored_at = last_at = t1;
        has_last = false;
        window *= window_growth;
      }
      continue;
    }
    if (!equator_jumps_) stepper->calc_state(t0, y0);  // the step's start (taken above otherwise)
    if (!(sec->g(w_of(y0)) < 0 && sec->g(w) >= 0 && sec->near(w))) continue;
    double at = t1;
    const Eigen::Vector3d wc = w_of(locate_crossing(*stepper, *sec, t0, t1, at));
    // Newton once two returns are close (the trajectory is near a cycle), not on the way to a
    // known attracting orbit, and not too often
    const bool recurrent = has_last && (wc - last).norm() <= orbit_approach;
    last = wc;
    has_last = true;
    const double return_time = at - last_at;
    last_at = anchored_at = at;  // the window runs from the last return
    if (!recurrent || attempts >= newton_attempts || captured(wc, sign, orbit_approach)) continue;
    ++attempts;
    if (const std::optional<Fate> fate = try_orbit(*sec, wc, sign, return_time)) return *fate;
    sec.reset();
    has_last = false;
  }
  doubt(fmt::format("a trajectory from w = {} did not settle in {} steps ({})", vec(seed), opt_.max_steps_per_seed,
                    sign > 0 ? "forward" : "backward"));
  return Fate::unresolved;
}

OrbitSearch Search::run() {
  const std::vector<Eigen::Vector3d>& seeds = detail::icosphere(opt_.seed_level).vertices;
  double sum = 0;
  for (const Eigen::Vector3d& w : seeds) sum += system_.field(w, F_).norm();
  scale_ = std::max(sum / static_cast<double>(seeds.size()), std::numeric_limits<double>::min());
  result_.integrator = opt_.integrator;
  ProgressCounter counter(current_progress(), "closed-orbit search: seeds followed",
                          seeds.size() * (opt_.backward ? 2 : 1));
  for (const double sign : {1.0, -1.0}) {
    if (sign < 0 && !opt_.backward) break;
    SeedFates& fates = sign > 0 ? result_.forward : result_.backward;
    for (const Eigen::Vector3d& seed : seeds) {
      counter.step(result_.forward.seeds + result_.backward.seeds);
      ++fates.seeds;
      if (!budget_left() || static_cast<int>(result_.orbits.size()) > max_orbits) {
        ++fates.unresolved;  // not followed: the budget is spent or the orbits form a continuum
        continue;
      }
      switch (follow(seed, sign)) {
        case Fate::limit_direction: ++fates.limit_direction; break;
        case Fate::closed_orbit: ++fates.closed_orbit; break;
        case Fate::unresolved: ++fates.unresolved; break;
      }
    }
  }
  // the reasons that concern the whole search come first
  if (static_cast<int>(result_.orbits.size()) > max_orbits)
    result_.doubts.insert(result_.doubts.begin(),
                          fmt::format("more than {} closed orbits: a continuum of orbits is likely (the search "
                                      "stopped there)",
                                      max_orbits));
  if (!budget_left()) {
    result_.budget_spent = true;
    result_.doubts.insert(result_.doubts.begin(), fmt::format("the work budget of the orbit search ({} evaluations "
                                                              "of V*) is spent",
                                                              opt_.max_evaluations));
  }
  for (const ClosedOrbit& o : result_.orbits)
    if (o.stability == OrbitStability::neutral)
      doubt(fmt::format("the orbit through w = {} is neutral (multiplier {:.9g}): a continuum of orbits is likely",
                        vec(o.w), o.multiplier));
  return result_;
}

}  // namespace limitdir::detail::orbits

namespace limitdir {

using namespace detail;  // the search (dynamics/orbit_search.hpp) and vec (core/vector_text.hpp)
using namespace detail::orbits;

std::string to_string(OrbitIntegrator integrator) {
  return integrator == OrbitIntegrator::rosenbrock4 ? "Rosenbrock 4 with the Jacobian of V*" : "Dormand-Prince 5(4)";
}

bool OrbitSearch::complete() const {
  return !budget_spent && doubts.empty() && forward.unresolved == 0 && backward.unresolved == 0 &&
         forward.seeds + backward.seeds > 0;
}

std::string OrbitSearch::summary() const {
  const auto fates = [](const SeedFates& f, const char* dir) {
    return fmt::format("{} {} trajectories: {} to a limit direction, {} to a closed orbit, {} unresolved", f.seeds, dir,
                       f.limit_direction, f.closed_orbit, f.unresolved);
  };
  std::string text = fates(forward, "forward");
  text.insert(text.find(" trajectories") + 13, " (" + to_string(integrator) + ")");
  if (backward.seeds > 0) text += "; " + fates(backward, "backward");
  text += fmt::format("; {} closed orbit(s)", orbits.size());
  constexpr std::size_t listed = 4;  // the reason stays one readable line
  for (std::size_t i = 0; i < std::min(orbits.size(), listed); ++i)
    text += fmt::format(" [{} through w = {}, period {:.6g}]", to_string(orbits[i].stability), vec(orbits[i].w),
                        orbits[i].period);
  if (orbits.size() > listed) text += fmt::format(" and {} more", orbits.size() - listed);
  for (const std::string& d : doubts) text += "; " + d;
  return text;
}

OrbitSearch find_closed_orbits(const System& system, double F, const LimitSet& limits, const OrbitSearchOptions& opt) {
  if (!std::isfinite(F)) throw InputError(fmt::format("force: must be a finite number (got {})", F));
  if (opt.seed_level < 0 || opt.seed_level > 4)
    throw InputError(fmt::format("orbit search: seed level must be in [0, 4] (got {})", opt.seed_level));
  if (opt.max_evaluations < 1 || opt.max_steps_per_seed < 1 || opt.polyline_points < 8)
    throw InputError("orbit search: the budget must be positive and the polyline have at least 8 points");
  return Search(system, F, limits, opt).run();
}

std::vector<ClosedOrbit> orbits_around(const OrbitSearch& search, const Eigen::Vector3d& w, double radius) {
  std::vector<ClosedOrbit> out;
  const Eigen::Vector3d u = w.normalized();
  for (const ClosedOrbit& o : search.orbits) {
    double far = 0;
    for (const Eigen::Vector3d& p : o.polyline) far = std::max(far, (p - u).norm());
    if (far <= radius) out.push_back(o);
  }
  return out;
}

std::vector<ClosedOrbit> orbits_encircling(const OrbitSearch& search, const Eigen::Vector3d& w) {
  std::vector<ClosedOrbit> out;
  const Eigen::Vector3d u = w.normalized(), e1 = u.unitOrthogonal(), e2 = u.cross(e1);
  for (const ClosedOrbit& o : search.orbits) {
    // the winding of the polyline about u in the gnomonic chart of the hemisphere w . u > 0
    // (the polyline's chords turn by far less than pi: 128+ samples of a smooth closed curve);
    // the chart's angle of a point is atan2(w . e2, w . e1), the same for w and w/(w . u)
    const bool inside = !o.polyline.empty() && std::all_of(o.polyline.begin(), o.polyline.end(),
                                                           [&](const Eigen::Vector3d& x) { return x.dot(u) > 0; });
    if (!inside) continue;
    std::vector<double> angle;
    for (const Eigen::Vector3d& x : o.polyline) angle.push_back(std::atan2(x.dot(e2), x.dot(e1)));
    double turn = 0;
    for (std::size_t i = 0; i < angle.size(); ++i) {
      const double d = angle[(i + 1) % angle.size()] - angle[i];
      turn += d - 2 * pi * std::round(d / (2 * pi));
    }
    if (std::abs(std::lround(turn / (2 * pi))) == 1) out.push_back(o);
  }
  return out;
}

}  // namespace limitdir
