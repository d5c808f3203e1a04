// Newton on the return map of a fixed section (dynamics/orbit_section.hpp, docs/manual.md
// section 9 "Continuation of orbits"): the search's return map and Newton step
// (dynamics/return_map.cpp: the slope P' = exp(D) (V*(w0) . v)/(V*(w1) . v) (1 + s1^2)/(1 + s0^2)
// of Liouville's formula, the multiplier exp(D) at a fixed point) on a section the caller keeps
// fixed while a parameter moves, without the search's seed budget.
#include "limitdir/dynamics/orbit_section.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "dynamics/orbit_search.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

using namespace detail::orbits;

namespace {

// As dynamics/return_map.cpp: |P(s) - s| <= 1e-9 at a fixed point (the global error of P at the
// integrator tolerance newton_tol = 1e-12 over ~1e2-1e3 steps is ~1e-10), at most 12 Newton
// iterations with steps of at most 0.1, and no isolated fixed point where |P' - 1| <= 1e-12.
constexpr double fixed_point_tol = 1e-9;
constexpr int newton_iterations = 12;
constexpr double newton_max_step = 0.1;
constexpr double neutral_slope = 1e-12;
// The returns of the secant method (without D, so their steps control w's error alone) at a tenth
// of newton_tol: their fixed point then lies within the full return's own error of the full map's.
constexpr double plain_tol = 1e-13;
// The mean of R* is the trapezoid rule on 8 samples per polyline point (as the search's
// orbits, dynamics/closed_orbits.cpp): spectrally accurate for a smooth periodic integrand.
constexpr int dense_factor = 8;

struct Return {
  double s, tau, D;
  Eigen::Vector3d w;
};

// P(s) in the time direction sign: from w(s) to the next crossing of `plane` (v = sign times the
// section's normal: upward for the flow sign V*) within section_radius of p after the trajectory
// has been below it once, with D = the integral of sign div V*.
std::optional<Return> section_return(const System& system, double F, const Section& plane, double s, double sign,
                                     double tau_max, bool divergence = true) {
  long long evaluations = 0;
  const Flow f{&system, F, sign, divergence, &evaluations};
  const Eigen::Vector3d w0 = (plane.p + s * plane.e).normalized();
  const double dt = first_step / std::max(system.field(w0, F).norm(), std::numeric_limits<double>::min());
  Stepper stepper(f, {w0[0], w0[1], w0[2], 0.0}, divergence ? newton_tol : plain_tol, dt, false);
  const auto c = next_crossing(stepper, plane, tau_max, orbit_seed_max_steps, [] { return true; });
  if (!c) return std::nullopt;
  const Eigen::Vector3d w1 = w_of(c->first);
  return Return{plane.coordinate(w1), c->second, c->first[3], w1};
}

// The polyline at equal steps of tau and the mean of R* (121) over one period.
void sample_orbit(const System& system, double F, ClosedOrbit& o, int polyline_points) {
  long long evaluations = 0;
  const Flow f{&system, F, 1.0, false, &evaluations};
  const double dt = first_step / std::max(system.field(o.w, F).norm(), std::numeric_limits<double>::min());
  Stepper stepper(f, {o.w[0], o.w[1], o.w[2], 0.0}, newton_tol, dt, false);
  const int n = polyline_points * dense_factor;
  double rdot = 0;
  o.polyline.clear();
  for (int i = 0, step = 0; i < n && step < orbit_seed_max_steps; ++step) {
    const double t1 = stepper.do_step().second;
    for (; i < n && i * o.period / n <= t1; ++i) {
      State y;
      stepper.calc_state(i * o.period / n, y);
      const Eigen::Vector3d w = w_of(y);
      rdot += system.radial(w, F);
      if (i % dense_factor == 0) o.polyline.push_back(w);
    }
  }
  o.rdot_mean = rdot / n;
}

}  // namespace

OrbitSection OrbitSection::at(const System& system, double F, const Eigen::Vector3d& w) {
  const Eigen::Vector3d p = w.normalized();
  const Eigen::Vector3d V = system.spherical(p, F);
  if (!(V.norm() > 0)) throw InputError("orbit section: V* vanishes at the section's point");
  const Section s = section_at(p, V);
  return {s.p, s.v, s.e};
}

std::optional<SectionReturn> section_return_map(const System& system, double F, const OrbitSection& sec, double s,
                                                double tau_max, double sign) {
  if (sign != 1 && sign != -1) throw InputError("section_return_map: the time direction must be +1 or -1");
  const Section plane{sec.p, sign * sec.v, sec.e};
  const std::optional<Return> r = section_return(system, F, plane, s, sign, tau_max);
  if (!r) return std::nullopt;
  const double flux0 = sign * system.spherical(sec.point(s), F).dot(plane.v);
  const double flux1 = sign * system.spherical(r->w, F).dot(plane.v);
  if (!(flux0 > 0 && flux1 > 0)) return std::nullopt;
  // D integrates sign div: the slope in the time direction sign is exp(D) times the fluxes' ratio
  return SectionReturn{r->s, r->tau, std::exp(r->D) * flux0 / flux1 * (1 + r->s * r->s) / (1 + s * s), r->D};
}

ClosedOrbit orbit_through(const System& system, double F, const OrbitSection& sec, double s, double period,
                          double multiplier, double residual, int polyline_points) {
  ClosedOrbit o = fixed_point_orbit(sec.point(s), period, multiplier, residual);
  sample_orbit(system, F, o, polyline_points);
  return o;
}

namespace {

// The orbit through s, where |P(s) - s| <= fixed_point_tol, after one more Newton step when it
// lowers the residual: s lies up to |P(s) - s|/|P' - 1| from the fixed point (6e-9 at P' = 1/1.2
// near a Hopf point), and the return time's slope there made the period err by up to 6.7e-7
// (general-hopf.json at rho = 6, F = 0.7582461: 45.5532018950 where AUTO-07p's collocation gives
// 45.5532012230 and the proof encloses [45.5532011640, 45.5532012810]; docs/manual.md section 9,
// tests/cli/auto_orbit_oracle.sh); after the step the residual is the return map's own error.
// D integrates sign div: the forward multiplier is exp(sign D).
ClosedOrbit converged_orbit(const System& system, double F, const OrbitSection& sec, double s, SectionReturn r,
                            double tau_max, double sign, int polyline_points) {
  double residual = std::abs(r.s - s);
  if (std::abs(r.slope - 1) > neutral_slope) {
    const double s1 = s - (r.s - s) / (r.slope - 1);
    const std::optional<SectionReturn> r1 = section_return_map(system, F, sec, s1, tau_max, sign);
    if (r1 && std::abs(r1->s - s1) < residual) {
      s = s1;
      r = *r1;
      residual = std::abs(r.s - s);
    }
  }
  return orbit_through(system, F, sec, s, r.tau, std::exp(sign * r.D), residual, polyline_points);
}

}  // namespace

namespace {

// closed_orbit_on_section with a slope guess: the secant method on g(s) = P(s) - s, its returns
// without the divergence integral.
std::optional<ClosedOrbit> secant_on_section(const System& system, double F, const OrbitSection& sec, double s0,
                                             double tau_max, int polyline_points, double sign, double slope) {
  const Section plane{sec.p, sign * sec.v, sec.e};
  double s = s0, s_prev = 0, g_prev = 0;
  for (int it = 0; it < newton_iterations; ++it) {
    const std::optional<Return> r = section_return(system, F, plane, s, sign, tau_max, false);
    if (!r) return std::nullopt;
    const double g = r->s - s;
    if (it > 0 && s != s_prev) slope = 1 + (g - g_prev) / (s - s_prev);
    if (std::abs(g) <= fixed_point_tol) {
      // one more secant step, its full return (with D, the multiplier) kept when within the
      // test; else the full return at s and converged_orbit's Newton step
      if (std::abs(slope - 1) > neutral_slope) {
        const double s1 = s - g / (slope - 1);
        const std::optional<SectionReturn> r1 = section_return_map(system, F, sec, s1, tau_max, sign);
        if (r1 && std::abs(r1->s - s1) <= fixed_point_tol)
          return orbit_through(system, F, sec, s1, r1->tau, std::exp(sign * r1->D), std::abs(r1->s - s1), polyline_points);
      }
      const std::optional<SectionReturn> full = section_return_map(system, F, sec, s, tau_max, sign);
      if (!full) return std::nullopt;
      return converged_orbit(system, F, sec, s, *full, tau_max, sign, polyline_points);
    }
    if (!(std::abs(slope - 1) > neutral_slope)) return std::nullopt;
    double ds = -g / (slope - 1);
    if (std::abs(ds) > newton_max_step) ds *= newton_max_step / std::abs(ds);
    s_prev = s;
    g_prev = g;
    s += ds;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ClosedOrbit> closed_orbit_on_section(const System& system, double F, const OrbitSection& sec,
                                                   double s0, double tau_max, int polyline_points, double sign,
                                                   std::optional<double> slope_guess) {
  if (sign != 1 && sign != -1) throw InputError("closed_orbit_on_section: the time direction must be +1 or -1");
  if (slope_guess && std::isfinite(*slope_guess))
    return secant_on_section(system, F, sec, s0, tau_max, polyline_points, sign, *slope_guess);
  double s = s0;
  for (int it = 0; it < newton_iterations; ++it) {
    const std::optional<SectionReturn> r = section_return_map(system, F, sec, s, tau_max, sign);
    if (!r) return std::nullopt;
    const double g = r->s - s;
    if (std::abs(g) <= fixed_point_tol) return converged_orbit(system, F, sec, s, *r, tau_max, sign, polyline_points);
    if (!(std::abs(r->slope - 1) > neutral_slope)) return std::nullopt;
    double ds = -g / (r->slope - 1);
    if (std::abs(ds) > newton_max_step) ds *= newton_max_step / std::abs(ds);
    s += ds;
  }
  return std::nullopt;
}

}  // namespace limitdir
