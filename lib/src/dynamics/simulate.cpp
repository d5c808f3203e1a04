// Slip dynamics up to stick ([Nonlinear Dyn. 2024], (97)/(101) in the spherical form (109) with the time
// rescaling (114)); see dynamics/simulate.hpp.
//
// State in the rescaled time tau (dt = r dtau): y = (s, w1, w2, w3, t) with s = ln(r / |x0|),
//   s' = R*(w),  w' = V*(w),  t' = r = |x0| e^s.
// With a friction law that depends on the slip's magnitude (the generalised Coulomb law (1)
// [Kireenkov], System::field_at) R* and V* are those of the field at x_o = r w; the form is the
// same (x_o' = f gives r' = w . f, w' = (I - w w^T) f/r), and near stick f tends to the field of
// the direction alone, so stick is still declared by the limit field's V*.
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
#include <string>
#include <utility>

#include <boost/numeric/odeint.hpp>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"

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

/// The right-hand side in the rescaled time tau (file comment): (s', w', t') = sign (R*(w), V*(w), r).
struct SlipField {
  const System& system;
  double F;
  double sign;
  double r0;

  void operator()(const State& y, State& dy, double /*tau*/) const {
    Eigen::Vector3d w(y[1], y[2], y[3]);
    const double n = w.norm();
    if (!(n > 0) || !std::isfinite(n)) {
      dy.fill(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    w /= n;
    // the speed part of the friction (1) [Kireenkov] sees r; zero for the laws of the direction
    const Eigen::Vector3d f = system.field_at(w, r0 * std::exp(y[0]), F);
    const double R = w.dot(f);
    const Eigen::Vector3d V = f - R * w;
    dy[0] = sign * R;
    dy[1] = sign * V[0];
    dy[2] = sign * V[1];
    dy[3] = sign * V[2];
    dy[4] = sign * r0 * std::exp(y[0]);
  }
};

/// The checks of simulate's input; |x0|.
double checked_radius(double F, const Eigen::Vector3d& x0, const SimulationOptions& options) {
  if (!x0.allFinite()) throw InputError("x0: must be finite");
  const double r0 = x0.stableNorm();  // no overflow or underflow for |x0| near the ends of the doubles
  if (!(r0 > 0)) throw InputError("x0: must not be zero (x0 = 0 is already stick)");
  if (!std::isfinite(F)) throw InputError("force: must be finite");
  if (!(options.r_stop > 0 && options.r_stop < 1) || !(options.r_max > 1) || !(options.t_max > 0) ||
      !(options.tolerance > 0) || options.every < 0 || !(options.direction_tol > 0) || options.max_steps < 1)
    throw InputError("simulation options out of range");
  return r0;
}

using Outcome = SimulationResult::Outcome;
using Stepper = odeint::result_of::make_dense_output<odeint::runge_kutta_dopri5<State>>::type;

/// What one integration records: the points of the trajectory (every options.every steps, to
/// options.on_point or the result) and the end of the result.
class Recorder {
 public:
  Recorder(double r0, const SimulationOptions& options) : r0_(r0), options_(options) {}

  /// The initial point.
  void start(const State& y, double tau) {
    if (options_.every > 0) keep(y, tau);
  }

  /// The state reached by step number `steps`, recorded every options.every steps.
  void step(const State& y, double tau, long long steps) {
    kept_last_ = false;
    if (options_.every > 0 && steps % options_.every == 0) {
      keep(y, tau);
      kept_last_ = true;
    }
  }

  /// The state moved without a recording (onto the r_max crossing).
  void moved() { kept_last_ = false; }

  /// The end state z at tau = at after `steps` steps, kept as the last point of the trajectory
  /// when it was not.
  void finish(const State& z, double at, long long steps) {
    if (options_.every > 0 && !kept_last_) keep(z, at);
    result_.arrival = Eigen::Vector3d(z[1], z[2], z[3]).normalized();
    result_.tau_end = at;
    result_.r_end = r0_ * std::exp(z[0]);
    result_.steps = steps;
  }

  SimulationResult& result() { return result_; }

 private:
  void keep(const State& z, double at) {
    const TrajectoryPoint point{z[4], at, r0_ * std::exp(z[0]), Eigen::Vector3d(z[1], z[2], z[3])};
    if (options_.on_point) options_.on_point(point);
    else result_.trajectory.push_back(point);
  }

  double r0_;
  const SimulationOptions& options_;
  SimulationResult result_;
  bool kept_last_ = true;
};

/// One integration of simulate() from x0 = r0 w0 to one of the ends of the file comment: the
/// state y at tau, the stepper and the counters of the loop.
class Integration {
 public:
  Integration(const System& system, double F, double r0, const SimulationOptions& options)
      : system_(system), F_(F), r0_(r0), options_(options), field_{system, F, options.backward ? -1.0 : 1.0, r0},
        s_stop_(std::log(options.r_stop)), s_max_(std::log(options.r_max)),
        stepper_(odeint::make_dense_output(options.tolerance, options.tolerance,
                                           odeint::runge_kutta_dopri5<State>())),
        record_(r0, options),
        counter_(options.progress, "trajectory: steps", static_cast<std::uint64_t>(options.max_steps)) {}

  /// Integrates from the direction w0 until an end; whether it is stick.
  bool run(const Eigen::Vector3d& w0) {
    y_ = {0.0, w0[0], w0[1], w0[2], 0.0};
    tau_ = 0;
    record_.start(y_, tau_);
    // the first step: small against the time scale 1/|F(w)| of the field
    const double scale = std::max(1.0, system_.field(w0, F_).norm());
    stepper_.initialize(y_, tau_, 1e-3 / scale);
    try {
      while (!step()) {
      }
    } catch (const std::exception& e) {
      end(Outcome::failed, std::string("integrator failure: ") + e.what());
      return false;
    }
    return result().outcome == Outcome::stick;
  }

  SimulationResult& result() { return record_.result(); }

 private:
  /// Ends the integration at (y, tau) with `outcome` and its reason; true.
  bool end(Outcome outcome, const std::string& reason);
  /// One step of the integrator and the ends it may reach; whether the integration ended.
  bool step();
  /// r_max crossing in the step to z at tau = at: located on the dense output of the step by
  /// bisection; ends the integration.
  bool escape(const State& z, double at);
  /// Takes the step to z at tau = at.
  void accept(State z, double at);
  /// The ends after an accepted step: |t| >= t_max, or stick (r <= r_stop |x0| with the direction
  /// settled); whether the integration ended.
  bool stopped();

  const System& system_;
  double F_;
  double r0_;
  const SimulationOptions& options_;
  SlipField field_;
  double s_stop_, s_max_;
  Stepper stepper_;
  Recorder record_;
  State y_{};
  double tau_ = 0;
  long long steps_ = 0;
  int stalled_ = 0;  // steps in a row that left tau unchanged
  ProgressCounter counter_;  // options.progress: the steps taken
};

bool Integration::end(Outcome outcome, const std::string& reason) {
  result().outcome = outcome;
  result().reason = reason;
  record_.finish(y_, tau_, steps_);
  return true;
}

bool Integration::step() {
  if (steps_ >= options_.max_steps)
    return end(Outcome::failed, "no stick and no escape after " + std::to_string(options_.max_steps) +
                                    " steps (r = " + format_double(r0_ * std::exp(y_[0])) +
                                    ", tau = " + format_double(tau_) + ")");
  stepper_.do_step(field_);
  ++steps_;
  poll_cancellation();  // core/cancellation.hpp: once per step
  counter_.step(static_cast<std::uint64_t>(steps_));
  State z = stepper_.current_state();
  const double at = stepper_.current_time();
  if (!finite_state(z)) return end(Outcome::failed, "the state became non-finite at tau = " + format_double(at));
  stalled_ = at == tau_ ? stalled_ + 1 : 0;
  if (stalled_ >= kStallSteps)
    return end(Outcome::failed, "time stopped advancing at t = " + format_double(y_[4]) + ", tau = " +
                                    format_double(tau_) + ": " + std::to_string(kStallSteps) +
                                    " steps in a row fell below the resolution of tau");
  if (z[0] >= s_max_) return escape(z, at);
  accept(z, at);
  return stopped();
}

bool Integration::escape(const State& z, double at) {
  double lo = tau_, hi = at;
  State mid = z;
  for (int k = 0; k < 200 && hi - lo > 1e-14 * std::max(1.0, std::abs(hi)); ++k) {
    const double m = 0.5 * (lo + hi);
    stepper_.calc_state(m, mid);
    if (mid[0] >= s_max_) hi = m; else lo = m;
  }
  stepper_.calc_state(hi, mid);
  Eigen::Vector3d wm(mid[1], mid[2], mid[3]);
  wm.normalize();
  y_ = {mid[0], wm[0], wm[1], wm[2], mid[4]};
  tau_ = hi;
  record_.moved();
  return end(Outcome::never_sticks,
             "r grew beyond r_max |x0| = " + format_double(options_.r_max * r0_) + " at t = " + format_double(y_[4]));
}

void Integration::accept(State z, double at) {
  // renormalise w (the flow keeps |w| = 1; the integrator only to its tolerance)
  Eigen::Vector3d w(z[1], z[2], z[3]);
  w.normalize();
  z[1] = w[0];
  z[2] = w[1];
  z[3] = w[2];
  stepper_.initialize(z, at, stepper_.current_time_step());

  y_ = z;
  tau_ = at;
  record_.step(y_, tau_, steps_);
}

bool Integration::stopped() {
  if (std::abs(y_[4]) >= options_.t_max)
    return end(Outcome::never_sticks, "no stick before |t| = t_max = " + format_double(options_.t_max));
  if (!(y_[0] <= s_stop_)) return false;
  const Eigen::Vector3d wn(y_[1], y_[2], y_[3]);
  if (!(system_.spherical(wn, F_).norm() <= options_.direction_tol)) return false;
  const double sign = field_.sign;
  const double R = sign * system_.radial(wn, F_);  // r' = R near stick, in the direction of integration
  if (!(R < 0))
    return end(Outcome::failed,
               "r is below r_stop but R* = " + format_double(sign * R) + " does not bring it to zero");
  result().outcome = Outcome::stick;
  const double r = r0_ * std::exp(y_[0]);
  result().stick_time = y_[4] + sign * r / (-R);
  record_.finish(y_, tau_, steps_);
  return true;
}

/// The limit direction (or circle) the trajectory arrived along: against `limits`, or the limit
/// set solved at F when there is none.
void match_arrival(const System& system, double F, const LimitSet* limits, double tol, SimulationResult& result) {
  LimitSet own;
  if (!limits) {
    own = solve_limit_directions(system, F);
    limits = &own;
  }
  const MatchResult m = match_limit_direction(*limits, result.arrival, tol);
  result.matched = m.direction;
  result.matched_circle = m.circle;
  result.match_distance = m.distance;
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
  const double r0 = checked_radius(F, x0, options);
  Integration integration(system, F, r0, options);
  const bool stick = integration.run(x0 / r0);
  SimulationResult result = std::move(integration.result());
  if (stick) match_arrival(system, F, limits, options.match_tol, result);
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
  ProgressCounter counter(current_progress(), "survey: trajectories", static_cast<std::uint64_t>(n));
  for (const Eigen::Vector3d& x0 : fibonacci_sphere(n)) {
    counter.step(static_cast<std::uint64_t>(out.trajectories));
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
