// Slip dynamics up to stick ([Nonlinear Dyn. 2024], (97)/(101) in the spherical form (109) with the time
// rescaling (114)); see dynamics/simulate.hpp.
//
// State in the rescaled time tau (dt = r dtau): y = (s, w1, w2, w3, t) with s = ln(r / |x0|),
//   s' = R*(w),  w' = V*(w),  t' = r = |x0| e^s.
// s' = R* is r' = r R* written for ln r: near stick r decays like e^{R* tau}, and ln r keeps the
// whole approach resolved to any depth (r = 1e-300 |x0| is s = -690) without underflow. The
// direction w is renormalised to |w| = 1 after each accepted step. Backward time flips the
// signs of all three right-hand sides (t decreases).
//
// The integration ends
//  * at stick: once r <= r_stop |x0| and the direction has settled (|V*(w)| <= direction_tol, so
//    that the arrival direction is the limit of w as r -> 0, to about direction_tol / |lambda|
//    with lambda the transverse eigenvalue of the limit direction); the stick time is
//    t + r / |R*(w)| (the remaining time at r' = R* near stick);
//  * with slip that never stops: r >= r_max |x0| (located on the dense output) or |t| >= t_max;
//  * as failed: an exception of the stepper, a non-finite state, max_steps, or a stall: kStallSteps
//    steps in a row that leave tau unchanged (the step fell below the resolution of tau, e.g. at
//    a load so large that the field's time scale is below the ulp of tau).
#include "limitdir/dynamics/simulate.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <boost/numeric/odeint.hpp>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

using State = std::array<double, 5>;  // s = ln(r/|x0|), w1, w2, w3, t
namespace odeint = boost::numeric::odeint;

std::string format_double(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

bool finite_state(const State& y) {
  for (double v : y)
    if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace

MatchResult match_limit_direction(const LimitSet& limits, const Eigen::Vector3d& w, double tol) {
  MatchResult m;
  const Eigen::Vector3d u = w.normalized();
  double best = std::numeric_limits<double>::infinity();
  for (const Classification& c : limits.directions) {
    const double d = (c.w.normalized() - u).norm();
    if (d < best) {
      best = d;
      if (d <= tol) m.direction = c;
    }
  }
  for (const LimitCircle& c : limits.circles) {
    const double latitude = std::asin(std::clamp(u.dot(c.axis.normalized()), -1.0, 1.0));
    const double d = std::abs(latitude - c.theta);
    if (d <= tol && d < best) {
      best = d;
      m.direction.reset();
      m.circle = c;
    }
  }
  if (m.direction) m.circle.reset();
  m.distance = best;
  return m;
}

SimulationResult simulate(const System& system, double F, const Eigen::Vector3d& x0, const SimulationOptions& options,
                          const LimitSet* limits) {
  if (!x0.allFinite()) throw InputError("x0: must be finite");
  const double r0 = x0.stableNorm();  // no overflow or underflow for |x0| near the ends of the doubles
  if (!(r0 > 0)) throw InputError("x0: must not be zero (x0 = 0 is already stick)");
  if (!std::isfinite(F)) throw InputError("force: must be finite");
  if (!(options.r_stop > 0 && options.r_stop < 1) || !(options.r_max > 1) || !(options.t_max > 0) ||
      !(options.tolerance > 0) || options.every < 0 || !(options.direction_tol > 0) || options.max_steps < 1)
    throw InputError("simulation options out of range");

  const double sign = options.backward ? -1.0 : 1.0;
  const double s_stop = std::log(options.r_stop);
  const double s_max = std::log(options.r_max);

  SimulationResult result;
  auto rhs = [&](const State& y, State& dy, double /*tau*/) {
    Eigen::Vector3d w(y[1], y[2], y[3]);
    const double n = w.norm();
    if (!(n > 0) || !std::isfinite(n)) {
      dy.fill(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    w /= n;
    const Eigen::Vector3d f = system.field(w, F);
    const double R = w.dot(f);
    const Eigen::Vector3d V = f - R * w;
    dy[0] = sign * R;
    dy[1] = sign * V[0];
    dy[2] = sign * V[1];
    dy[3] = sign * V[2];
    dy[4] = sign * r0 * std::exp(y[0]);
  };

  const Eigen::Vector3d w0 = x0 / r0;
  State y{0.0, w0[0], w0[1], w0[2], 0.0};
  double tau = 0;
  auto keep = [&](const State& z, double at) {
    const TrajectoryPoint point{z[4], at, r0 * std::exp(z[0]), Eigen::Vector3d(z[1], z[2], z[3])};
    if (options.on_point) options.on_point(point);
    else result.trajectory.push_back(point);
  };
  if (options.every > 0) keep(y, tau);

  auto stepper = odeint::make_dense_output(options.tolerance, options.tolerance, odeint::runge_kutta_dopri5<State>());
  // the first step: small against the time scale 1/|F(w)| of the field
  const double scale = std::max(1.0, system.field(w0, F).norm());
  stepper.initialize(y, tau, 1e-3 / scale);

  long long steps = 0;
  int stalled = 0;  // steps in a row that left tau unchanged
  bool kept_last = true;
  auto finish = [&](const State& z, double at) {
    if (options.every > 0 && !kept_last) keep(z, at);
    result.arrival = Eigen::Vector3d(z[1], z[2], z[3]).normalized();
    result.tau_end = at;
    result.r_end = r0 * std::exp(z[0]);
    result.steps = steps;
  };

  try {
    while (true) {
      if (steps >= options.max_steps) {
        result.outcome = SimulationResult::Outcome::failed;
        result.reason = "no stick and no escape after " + std::to_string(options.max_steps) + " steps (r = " +
                        format_double(r0 * std::exp(y[0])) + ", tau = " + format_double(tau) + ")";
        finish(y, tau);
        return result;
      }
      stepper.do_step(rhs);
      ++steps;
      State z = stepper.current_state();
      const double at = stepper.current_time();
      if (!finite_state(z)) {
        result.outcome = SimulationResult::Outcome::failed;
        result.reason = "the state became non-finite at tau = " + format_double(at);
        finish(y, tau);
        return result;
      }
      stalled = at == tau ? stalled + 1 : 0;
      if (stalled >= kStallSteps) {
        result.outcome = SimulationResult::Outcome::failed;
        result.reason = "time stopped advancing at t = " + format_double(y[4]) + ", tau = " + format_double(tau) +
                        ": " + std::to_string(kStallSteps) + " steps in a row fell below the resolution of tau";
        finish(y, tau);
        return result;
      }
      // r_max crossing: located on the dense output of the step by bisection
      if (z[0] >= s_max) {
        double lo = tau, hi = at;
        State mid = z;
        for (int k = 0; k < 200 && hi - lo > 1e-14 * std::max(1.0, std::abs(hi)); ++k) {
          const double m = 0.5 * (lo + hi);
          stepper.calc_state(m, mid);
          if (mid[0] >= s_max) hi = m; else lo = m;
        }
        stepper.calc_state(hi, mid);
        Eigen::Vector3d wm(mid[1], mid[2], mid[3]);
        wm.normalize();
        y = {mid[0], wm[0], wm[1], wm[2], mid[4]};
        tau = hi;
        kept_last = false;
        result.outcome = SimulationResult::Outcome::never_sticks;
        result.reason = "r grew beyond r_max |x0| = " + format_double(options.r_max * r0) + " at t = " +
                        format_double(y[4]);
        finish(y, tau);
        return result;
      }
      // renormalise w (the flow keeps |w| = 1; the integrator only to its tolerance)
      Eigen::Vector3d w(z[1], z[2], z[3]);
      w.normalize();
      z[1] = w[0];
      z[2] = w[1];
      z[3] = w[2];
      stepper.initialize(z, at, stepper.current_time_step());

      y = z;
      tau = at;
      kept_last = false;
      if (options.every > 0 && steps % options.every == 0) {
        keep(y, tau);
        kept_last = true;
      }
      if (std::abs(y[4]) >= options.t_max) {
        result.outcome = SimulationResult::Outcome::never_sticks;
        result.reason = "no stick before |t| = t_max = " + format_double(options.t_max);
        finish(y, tau);
        return result;
      }
      if (y[0] <= s_stop) {
        const Eigen::Vector3d wn(y[1], y[2], y[3]);
        if (system.spherical(wn, F).norm() <= options.direction_tol) {
          const double R = sign * system.radial(wn, F);  // r' = R near stick, in the direction of integration
          if (!(R < 0)) {
            result.outcome = SimulationResult::Outcome::failed;
            result.reason = "r is below r_stop but R* = " + format_double(sign * R) + " does not bring it to zero";
            finish(y, tau);
            return result;
          }
          result.outcome = SimulationResult::Outcome::stick;
          const double r = r0 * std::exp(y[0]);
          result.stick_time = y[4] + sign * r / (-R);
          finish(y, tau);
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    result.outcome = SimulationResult::Outcome::failed;
    result.reason = std::string("integrator failure: ") + e.what();
    finish(y, tau);
    return result;
  }

  // the limit direction arrived along
  LimitSet own;
  if (!limits) {
    own = solve_limit_directions(system, F);
    limits = &own;
  }
  const MatchResult m = match_limit_direction(*limits, result.arrival, options.match_tol);
  result.matched = m.direction;
  result.matched_circle = m.circle;
  result.match_distance = m.distance;
  return result;
}

std::vector<Eigen::Vector3d> fibonacci_sphere(int n) {
  std::vector<Eigen::Vector3d> points;
  points.reserve(static_cast<std::size_t>(std::max(n, 0)));
  const double golden = 3.14159265358979323846 * (3.0 - std::sqrt(5.0));
  for (int k = 0; k < n; ++k) {
    const double z = 1.0 - (2.0 * k + 1.0) / n;
    const double rho = std::sqrt(std::max(0.0, 1.0 - z * z));
    const double phi = golden * k;
    points.emplace_back(rho * std::cos(phi), rho * std::sin(phi), z);
  }
  return points;
}

Survey survey(const System& system, double F, int n, bool backward, const SimulationOptions& options,
              long long max_total_steps) {
  if (n < 1) throw InputError("survey: the number of trajectories must be >= 1 (got " + std::to_string(n) + ")");
  SimulationOptions opt = options;
  opt.backward = backward;
  opt.every = 0;
  const LimitSet limits = solve_limit_directions(system, F);
  Survey out;
  out.limits = limits;
  for (const Classification& c : limits.directions)
    out.entries.push_back({c.w, to_string(c.radial), to_string(c.type), false, 0});
  for (const LimitCircle& c : limits.circles) {
    // a point of the circle: the axis turned by theta towards a perpendicular
    const Eigen::Vector3d a = c.axis.normalized();
    Eigen::Vector3d p = a.unitOrthogonal();
    out.entries.push_back({std::sin(c.theta) * a + std::cos(c.theta) * p, to_string(c.radial), c.sphere_type, true, 0,
                           c.theta});
  }
  const auto out_of_budget = [&] {
    return NumericalError("survey: the work budget of " + std::to_string(max_total_steps) +
                          " integrator steps ran out after " + std::to_string(out.trajectories) + " of " +
                          std::to_string(n) + " trajectories; ask for fewer");
  };
  long long used = 0;
  for (const Eigen::Vector3d& x0 : fibonacci_sphere(n)) {
    const long long left = max_total_steps - used;
    if (left <= 0) throw out_of_budget();
    opt.max_steps = std::min(options.max_steps, left);
    const SimulationResult r = simulate(system, F, x0, opt, &limits);
    used += r.steps;
    // cut short by the budget rather than by its own max_steps
    if (r.outcome == SimulationResult::Outcome::failed && r.steps >= left && left < options.max_steps)
      throw out_of_budget();
    ++out.trajectories;
    if (r.outcome == SimulationResult::Outcome::never_sticks) {
      ++out.never_stick;
      continue;
    }
    if (r.outcome == SimulationResult::Outcome::failed) {
      ++out.failed;
      ++out.unmatched;
      continue;
    }
    ++out.stick;
    bool found = false;
    if (r.matched) {
      for (std::size_t i = 0; i < limits.directions.size(); ++i)
        if ((limits.directions[i].w - r.matched->w).norm() == 0) {
          ++out.entries[i].count;
          found = true;
          break;
        }
    } else if (r.matched_circle) {
      for (std::size_t i = 0; i < limits.circles.size(); ++i)
        if (limits.circles[i].theta == r.matched_circle->theta &&
            limits.circles[i].axis == r.matched_circle->axis) {
          ++out.entries[limits.directions.size() + i].count;
          found = true;
          break;
        }
    }
    if (!found) ++out.unmatched;
  }
  return out;
}

}  // namespace limitdir
