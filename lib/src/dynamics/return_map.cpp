// The return map of the closed-orbit search and Newton on it (docs/manual.md section 9,
// "Search": a new orbit). A Poincare section is anchored at a point p of a trajectory: the great
// circle {w : w . v = 0} through p normal to the flow direction v at p, crossed upwards near p;
// the return map is s -> P(s) in the chart w(s) = (p + s e)/|p + s e|, e = p x v. The slope of P
// comes from Liouville's formula: along a trajectory the flux through a transversal changes by
// the integral of the divergence of V* on the sphere, div V* = trace P^T (DF - R* I) P (the trace
// of the tangent Jacobian of limits/classify.hpp at any point), so
// P'(s) = exp(D) (V*(w0) . v)/(V*(w1) . v) (1 + s1^2)/(1 + s0^2) with the chart's metric
// factors; at a fixed point the flux and chart factors cancel and the Floquet multiplier is
// exp(D).
#include "dynamics/orbit_search.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace limitdir::detail::orbits {

namespace {

// |P(s) - s| at a fixed point: the global error of P at newton_tol over a period of ~1e2
// steps is ~1e-10; 1e-9 leaves a factor 10.
constexpr double fixed_point_tol = 1e-9;
// Newton on the return map: at most 12 iterations (quadratic convergence from ~1e-2) and steps
// of at most 0.1 in the chart coordinate.
constexpr int newton_iterations = 12;
constexpr double newton_max_step = 0.1;
// Newton's slope P' = 1 to 1e-12 (rounding of exp(D) and the flux ratio is ~1e-14): a neutral
// family without an isolated fixed point.
constexpr double neutral_slope = 1e-12;

}  // namespace

ClosedOrbit fixed_point_orbit(const Eigen::Vector3d& w, double period, double multiplier, double residual) {
  ClosedOrbit o;
  o.w = w;
  o.period = period;
  o.multiplier = multiplier;
  o.stability = multiplier < 1 - orbit_neutral_tol   ? OrbitStability::attracting
                : multiplier > 1 + orbit_neutral_tol ? OrbitStability::repelling
                                                     : OrbitStability::neutral;
  o.residual = residual;
  return o;
}

Section section_at(const Eigen::Vector3d& p, const Eigen::Vector3d& flow) {
  const Eigen::Vector3d v = flow.normalized();
  return {p, v, p.cross(v).normalized()};
}

// Where g(w(tau)) = 0 between t0 (g < 0) and t1 (g >= 0) on the dense output: bisection to
// rounding (the dense output costs no evaluation of V*).
State locate_crossing(Stepper& stepper, const Section& sec, double t0, double t1, double& at) {
  State y;
  for (int i = 0; i < 200 && t1 - t0 > crossing_rel_tol * std::max(1.0, std::abs(t1)); ++i) {
    const double m = 0.5 * (t0 + t1);
    stepper.calc_state(m, y);
    (sec.g(w_of(y)) < 0 ? t0 : t1) = m;
  }
  stepper.calc_state(t1, y);
  at = t1;
  return y;
}

// The next upward crossing of sec (g = 0 with g < 0 just before) within section_radius of p,
// after the trajectory has been below the section once: the state and its time; none when
// tau_max, max_steps or `more` (the search's budget) runs out first.
std::optional<std::pair<State, double>> next_crossing(Stepper& stepper, const Section& sec, double tau_max,
                                                      int max_steps, const std::function<bool()>& more) {
  bool below = false;
  for (int step = 0; step < max_steps && more(); ++step) {
    const auto [t0, t1] = stepper.do_step();
    if (t0 > tau_max) break;
    const Eigen::Vector3d w = w_of(stepper.current_state());
    const double g = sec.g(w);
    if (g < 0) below = true;
    if (!below || g < 0 || !sec.near(w)) continue;
    State y;
    stepper.calc_state(t0, y);
    if (sec.g(w_of(y)) >= 0) continue;  // the upward crossing is not in this step
    double at = t1;
    y = locate_crossing(stepper, sec, t0, t1, at);
    return std::make_pair(y, at);
  }
  return std::nullopt;
}

// P(s): from the section point w(s) to the next upward crossing near p, after the trajectory
// has been below the section (g < 0) once. None when it does not come back by tau_max.
std::optional<Search::Return> Search::return_map(const Section& sec, double s, double sign, bool divergence,
                                                 double tau_max, double tol) {
  const Eigen::Vector3d w0 = sec.point(s);
  Stepper stepper =
      make_stepper({w0[0], w0[1], w0[2], 0.0}, tol > 0 ? tol : divergence ? newton_tol : search_tol, sign, divergence);
  const auto c = next_crossing(stepper, sec, tau_max, opt_.max_steps_per_seed, [this] { return budget_left(); });
  if (!c) return std::nullopt;
  const Eigen::Vector3d w1 = w_of(c->first);
  return Return{sec.coordinate(w1), c->second, c->first[3], w1};
}

// P'(s) from Liouville's formula (top of the file) at the return r of s; none where the flow
// does not cross the section upwards at both ends.
std::optional<double> Search::slope(const Section& sec, double s, const Return& r, double sign) const {
  const double flux0 = sign * system_.spherical(sec.point(s), F_).dot(sec.v);
  const double flux1 = sign * system_.spherical(r.w, F_).dot(sec.v);
  if (!(flux0 > 0 && flux1 > 0)) return std::nullopt;
  return std::exp(r.D) * flux0 / flux1 * (1 + r.s * r.s) / (1 + s * s);
}

// Newton on P(s) - s from s. Once |P(s) - s| <= fixed_point_tol, one more Newton step (kept when
// it lowers the residual): s may lie |P(s) - s|/|P' - 1| from the fixed point, and the return
// time's slope turns that into an error of the period (as dynamics/orbit_section.cpp
// converged_orbit; docs/manual.md section 9 "Continuation of orbits"); after the step the
// period and multiplier are those of the return map at its own accuracy.
std::optional<ClosedOrbit> Search::newton(const Section& sec, double s, double sign, double tau_max) {
  for (int it = 0; it < newton_iterations; ++it) {
    std::optional<Return> r = return_map(sec, s, sign, true, tau_max);
    if (!r) return std::nullopt;
    const double g = r->s - s;
    const std::optional<double> P1 = slope(sec, s, *r, sign);
    if (std::abs(g) <= fixed_point_tol) {
      if (P1 && std::abs(*P1 - 1) > neutral_slope) {
        const double s1 = s - g / (*P1 - 1);
        const std::optional<Return> r1 = return_map(sec, s1, sign, true, tau_max);
        if (r1 && std::abs(r1->s - s1) < std::abs(g)) {
          s = s1;
          r = r1;
        }
      }
      // D integrates sign * div: the forward multiplier is exp(sign D)
      return fixed_point_orbit(sec.point(s), r->tau, std::exp(sign * r->D), std::abs(r->s - s));
    }
    if (!P1 || !(std::abs(*P1 - 1) > neutral_slope)) return std::nullopt;  // no isolated fixed point
    double ds = -g / (*P1 - 1);
    if (std::abs(ds) > newton_max_step) ds *= newton_max_step / std::abs(ds);
    s += ds;
  }
  return std::nullopt;
}

}  // namespace limitdir::detail::orbits
