// Filippov sliding on the equator in the closed-orbit search (docs/manual.md section 9, "Search",
// and section 5 "Jump sets"): for a model whose q jumps on the equator, a trajectory that reaches
// the equator where it attracts in that time direction goes on along it with Filippov's sliding
// field, dphi/dtau = g(phi) (the equivalent control of limits/jump_zeros.hpp equator_sliding),
// until it is within match_tol of a listed limit direction on the equator (a Filippov limit
// direction of the sliding field, as a zero of V* after Newton) or the set stops attracting (the
// end of the sliding set, bisected to crossing_rel_tol in tau as the equator crossing is);
// equator_sliding_flow is that sliding integration by itself (dynamics/closed_orbits.hpp).
#include "dynamics/orbit_search.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/limits/jump_zeros.hpp"

namespace limitdir::detail::orbits {

namespace {

// The Filippov sliding flow on the equator, dphi/dtau = sign g(phi) (limits/jump_zeros.hpp
// equator_sliding), integrated by Dormand-Prince 5(4) with dense output.
using Angle = std::array<double, 1>;
struct SlidingFlow {
  const System* system;
  double F, sign;
  long long* evaluations;
  void operator()(const Angle& y, Angle& dy, double /*tau*/) const {
    ++*evaluations;
    dy[0] = sign * equator_sliding(*system, F, y[0]).g;
  }
};
using SlidingStepper = decltype(odeint::make_dense_output(1.0, 1.0, odeint::runge_kutta_dopri5<Angle>()));

}  // namespace

// Sliding holds at phi in the time direction sign: the set attracts in that direction.
bool slides(const System& system, double F, double phi, double sign) {
  const EquatorSliding e = equator_sliding(system, F, phi);
  return e.sliding && e.attracting == (sign > 0);
}

Eigen::Vector3d on_equator(double phi) { return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0); }

// Where w3(tau) = 0 between t0 and t1 on the dense output: bisection to rounding.
State locate_equator(Stepper& stepper, double t0, double t1) {
  State y;
  stepper.calc_state(t0, y);
  const bool below0 = y[2] < 0;
  for (int i = 0; i < 200 && t1 - t0 > crossing_rel_tol * std::max(1.0, std::abs(t1)); ++i) {
    const double m = 0.5 * (t0 + t1);
    stepper.calc_state(m, y);
    ((y[2] < 0) == below0 ? t0 : t1) = m;
  }
  stepper.calc_state(t1, y);
  return y;
}

// Filippov sliding on the equator from phi (docs/manual.md section 9): dphi/dtau = sign g(phi)
// until the trajectory is within match_tol of a listed limit direction on the equator that
// attracts in this direction (the fate), or the set stops attracting (none; phi is then where it
// left, located on the dense output to rounding). The steps count against the seed's.
std::optional<Search::Fate> Search::slide(double& phi, double sign, int& step) {
  SlidingStepper stepper = odeint::make_dense_output(search_tol, search_tol, odeint::runge_kutta_dopri5<Angle>());
  const SlidingFlow flow{&system_, F_, sign, &result_.evaluations};
  // a sliding equator that is a listed circle of limit directions (g = 0 on all of it, c = 0 with
  // rotational symmetry): reaching it is the fate, there is nothing to slide along
  const MatchResult start = match_limit_direction(limits_, on_equator(phi), match_tol);
  if (start.circle && circle_attracts(*start.circle, sign)) return Fate::limit_direction;
  stepper.initialize(Angle{phi}, 0.0, first_step / scale_);
  for (; step < opt_.max_steps_per_seed && budget_left(); ++step) {
    poll_cancellation();  // core/cancellation.hpp: once per step of a sliding trajectory
    const auto [t0, t1] = stepper.do_step(flow);
    const double now = stepper.current_state()[0];
    if (!std::isfinite(now)) break;  // g = 0 on a stretch the steps outgrow: no limit direction reached
    if (!slides(system_, F_, now, sign)) {
      double a = t0, b = t1;
      Angle y;
      for (int i = 0; i < 200 && b - a > crossing_rel_tol * std::max(1.0, std::abs(b)); ++i) {
        const double m = 0.5 * (a + b);
        stepper.calc_state(m, y);
        (slides(system_, F_, y[0], sign) ? a : b) = m;
      }
      stepper.calc_state(b, y);
      phi = y[0];
      return std::nullopt;
    }
    const MatchResult m = match_limit_direction(limits_, on_equator(now), match_tol);
    if (m.direction && m.direction->jump_set && attracts(m, sign)) return Fate::limit_direction;
  }
  phi = stepper.current_state()[0];
  doubt(fmt::format("a trajectory sliding on the equator did not reach a limit direction by phi = {:.9g} ({})", phi,
                    sign > 0 ? "forward" : "backward"));
  return Fate::unresolved;
}

}  // namespace limitdir::detail::orbits

namespace limitdir {

using namespace detail;  // the sliding flow (above) and the search's constants (dynamics/orbit_search.hpp)
using namespace detail::orbits;

double equator_sliding_flow(const System& system, double F, double phi0, double tau, double tol, int max_steps) {
  if (!(tau >= 0 && std::isfinite(tau)) || !(tol > 0) || !std::isfinite(phi0))
    throw InputError("sliding flow: tau must be >= 0, the tolerance > 0 and phi0 finite");
  if (system.friction().kink_sets().equator != Smoothness::jump)
    throw InputError("sliding flow: the friction model's q does not jump on the equator");
  long long evaluations = 0;
  const SlidingFlow flow{&system, F, 1.0, &evaluations};
  SlidingStepper stepper = odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<Angle>());
  const double scale = std::max(std::abs(equator_sliding(system, F, phi0).g), std::numeric_limits<double>::min());
  stepper.initialize(Angle{phi0}, 0.0, first_step / scale);
  Angle y{phi0};
  if (tau > 0) {
    for (int n = 0; stepper.current_time() < tau; ++n) {
      if (n >= max_steps) throw NumericalError(fmt::format("sliding flow: more than {} steps to tau = {}", max_steps, tau));
      if (!slides(system, F, stepper.current_state()[0], 1.0))
        throw NumericalError(fmt::format("sliding flow: the equator stops attracting at phi = {:.9g}", stepper.current_state()[0]));
      stepper.do_step(flow);
    }
    stepper.calc_state(tau, y);
  }
  return y[0];
}

}  // namespace limitdir
