// The equations of motion (1)-(3) [Awrejcewicz & Kudra, Celtic stone] of the Celtic stone,
// the normal force from the differentiated constraint, and their integration with
// Boost.Odeint (docs/manual.md section 12).
#include <array>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

#include <Eigen/LU>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_dense_output.hpp>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace odeint = boost::numeric::odeint;

namespace {

// The fixed point N = G(N) with the Hertz size a_hat(N) ~ N^(1/3): stop when two iterates
// agree to 1e-13 relative (~500 ulp: the law's own rounding is ~1e-15). G is a contraction of
// factor ~ mu (arm/|rho|) dlog(a_hat)/dlog(N) ~ 0.01 (measured: 6.4 iterations per evaluation
// along share/problems/celt.json), so 60 iterations are ample.
constexpr double kNormalTol = 1e-13;
constexpr int kNormalIterations = 60;
// A trial step that meets a NumericalError is quartered down to this fraction of max(t, 1 s):
// 1e-14 is ~50 ulp of t, below which t + h no longer moves t by a resolvable amount.
constexpr double kMinStepFraction = 1e-14;
// Sign changes of the vertical spin are sought at 4 sub-intervals of each accepted step (a
// step resolves omega to the tolerance, so two reversals inside one quarter of a step would
// be below its resolution), each located to rounding of t by at most 60 bisections (2^-60 of
// a step is below the ulp of t).
constexpr int kReversalProbes = 4;
constexpr int kReversalBisections = 60;

/// The contact's forces per unit N (body frame) at a given contact size.
struct UnitWrench {
  Eigen::Vector3d force, spin, rolling;
};

UnitWrench unit_wrench(const CeltContact& contact, const CeltGeometry& geo, const Eigen::Vector3d& slip,
                       const Eigen::Vector3d& omega, const Eigen::Vector3d& rho_dot, double a_hat, double b) {
  const Eigen::Vector3d v(slip.dot(geo.e_x) / a_hat, slip.dot(geo.e_y) / a_hat, omega.dot(geo.n));  // (21)
  const Eigen::Vector2d vr(rho_dot.dot(geo.e_x) / a_hat, rho_dot.dot(geo.e_y) / a_hat);
  const CeltLaw law = celt_law(contact, b, v, vr);  // (19)
  UnitWrench u;
  u.force = contact.mu * (law.force[0] * geo.e_x + law.force[1] * geo.e_y);
  u.spin = contact.mu * a_hat * law.spin_torque * geo.n;
  u.rolling = a_hat * (law.rolling[0] * geo.e_x + law.rolling[1] * geo.e_y);
  return u;
}

}  // namespace

CeltRates celt_rates(const CeltBody& body, const CeltContact& contact, const CeltState& state) {
  CeltRates s;
  const Eigen::Matrix3d R = state.q.normalized().toRotationMatrix();
  const Eigen::Vector3d& w = state.omega;
  s.geo = celt_geometry(body, R.transpose() * Eigen::Vector3d::UnitZ());
  const CeltGeometry& geo = s.geo;
  const Eigen::Vector3d& n = geo.n;
  s.rho_dot = geo.dr_dnu * w.cross(n);  // nu' = -n' = omega x n (body frame)
  s.v = Eigen::Vector3d(state.V.x(), state.V.y(), w.cross(n).dot(geo.rho));  // (3)
  s.slip = R.transpose() * s.v + w.cross(geo.rho);
  const Eigen::Matrix3d Binv = body.B.inverse();
  const Eigen::Vector3d rn = geo.rho.cross(n);
  // gap acceleration = J_n M^-1 Q + h_n with J_n = [e_z, rho x n] on (v_world, omega_body)
  const double h_n = n.dot(w.cross(w.cross(geo.rho) + s.rho_dot));
  const Eigen::Vector3d torque0 = -w.cross(body.B * w);
  const double free = -body.g + rn.dot(Binv * torque0) + h_n;
  double N = body.m * body.g;
  UnitWrench u{};
  for (int it = 0;; ++it) {
    if (contact.a_hat) {
      s.a_hat = *contact.a_hat, s.b = *contact.b;
    } else {
      const HertzSize h = celt_hertz_size(geo.kappa1, geo.kappa2, N, contact.E_star);
      s.a_hat = h.a_hat, s.b = h.b;
    }
    u = unit_wrench(contact, geo, s.slip, w, s.rho_dot, s.a_hat, s.b);
    const Eigen::Vector3d fz = R * (n + u.force);
    const double den = fz.z() / body.m + rn.dot(Binv * (geo.rho.cross(n + u.force) + u.spin + u.rolling));
    if (!(den > 0.0))
      throw NumericalError(fmt::format("celt: the normal force has no solution (coefficient {} <= 0)", den));
    const double N_new = -free / den;
    if (!(N_new > 0.0)) throw NumericalError(fmt::format("celt: the stone leaves the plane (N = {} N)", N_new));
    const bool done = contact.a_hat.has_value() || std::abs(N_new - N) <= kNormalTol * N_new;
    N = N_new;
    if (done) break;
    if (it == kNormalIterations)
      throw NumericalError("celt: the normal force with the Hertz size (12) did not converge");
  }
  s.N = N;
  s.friction = N * u.force, s.spin_torque = N * u.spin, s.rolling_torque = N * u.rolling;
  s.vdot = (R * (N * n + s.friction)) / body.m - body.g * Eigen::Vector3d::UnitZ();
  s.omega_dot = Binv * (geo.rho.cross(N * n + s.friction) + s.spin_torque + s.rolling_torque + torque0);
  s.energy = 0.5 * body.m * s.v.squaredNorm() + 0.5 * w.dot(body.B * w) + body.m * body.g * geo.height;
  s.L_z = n.dot(body.B * w);
  s.power = s.friction.dot(s.slip) + (s.spin_torque + s.rolling_torque).dot(w);
  return s;
}

CeltState celt_initial_state(const CeltBody& body, const CeltInitial& initial) {
  CeltState s;
  s.q = Eigen::Quaterniond(Eigen::AngleAxisd(initial.tilt_x, Eigen::Vector3d::UnitX()) *
                           Eigen::AngleAxisd(initial.tilt_y, Eigen::Vector3d::UnitY()));
  s.omega = initial.omega;
  const Eigen::Matrix3d R = s.q.toRotationMatrix();
  const CeltGeometry geo = celt_geometry(body, R.transpose() * Eigen::Vector3d::UnitZ());
  s.V = -(R * s.omega.cross(geo.rho)).head<2>();  // the slip of the contact point is zero
  return s;
}

namespace {

using OdeState = std::array<double, 11>;

OdeState pack(const CeltState& s) {
  return {s.q.w(), s.q.x(), s.q.y(), s.q.z(), s.omega.x(), s.omega.y(), s.omega.z(), s.X.x(), s.X.y(), s.V.x(), s.V.y()};
}

CeltState unpack(const OdeState& y) {
  CeltState s;
  s.q = Eigen::Quaterniond(y[0], y[1], y[2], y[3]);
  s.omega = {y[4], y[5], y[6]};
  s.X = {y[7], y[8]};
  s.V = {y[9], y[10]};
  return s;
}

CeltSample sample_of(const CeltBody& body, const CeltContact& contact, double t, const OdeState& y) {
  CeltSample p;
  p.t = t;
  p.state = unpack(y);
  p.state.q.normalize();
  const CeltRates r = celt_rates(body, contact, p.state);
  p.omega_world = p.state.q.toRotationMatrix() * p.state.omega;
  p.N = r.N, p.a_hat = r.a_hat, p.b = r.b, p.energy = r.energy, p.L_z = r.L_z, p.power = r.power;
  p.height = r.geo.height;
  p.slip_speed = r.slip.norm();
  return p;
}

}  // namespace

namespace {

// ----- the states of the two integrators ------------------------------------------------------
// Dormand-Prince steps OdeState; Boost.Odeint's Rosenbrock stepper needs uBLAS vectors.
namespace ublas = boost::numeric::ublas;
using StiffState = ublas::vector<double>;
using StiffMatrix = ublas::matrix<double>;

const OdeState& as_array(const OdeState& y) { return y; }
OdeState as_array(const StiffState& x) {
  OdeState y;
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = x[i];
  return y;
}
StiffState as_stiff(const OdeState& y) {
  StiffState x(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) x[i] = y[i];
  return x;
}

/// The stepper's dense output at t, as OdeState.
template <class Dense>
OdeState state_at(Dense& stepper, double t) {  // not const: rosenbrock4_dense_output::calc_state is not
  auto z = stepper.current_state();  // a state of the stepper's own type and size
  stepper.calc_state(t, z);
  return as_array(z);
}

/// The vertical spin omega . n = (R omega)_z of a packed state (the quaternion normalised).
double vertical_spin(const OdeState& y) {
  const CeltState s = unpack(y);
  return (s.q.normalized().toRotationMatrix() * s.omega).z();
}

bool sign_changes(double a, double b) { return (a > 0.0 && b <= 0.0) || (a < 0.0 && b >= 0.0); }

/// The zero of the vertical spin in the step [t0, t1] (a sign change between its ends) on the
/// stepper's dense output, by bisection down to rounding of t.
template <class Dense>
double locate_reversal(Dense& stepper, double t0, double s0, double t1) {
  for (int i = 0; i < kReversalBisections && t1 - t0 > 4.0 * DBL_EPSILON * std::abs(t1); ++i) {
    const double tm = 0.5 * (t0 + t1);
    const double sm = vertical_spin(state_at(stepper, tm));
    if (sign_changes(s0, sm)) {
      t1 = tm;
    } else {
      t0 = tm, s0 = sm;
    }
  }
  return 0.5 * (t0 + t1);
}

/// The reversals in the accepted step [t0, t1]: the sign changes of the vertical spin between
/// kReversalProbes + 1 points of the dense output, each located by bisection.
template <class Dense>
void add_reversals(Dense& stepper, double t0, double t1, std::vector<double>& out) {
  double ta = t0, sa = vertical_spin(state_at(stepper, t0));
  for (int k = 1; k <= kReversalProbes; ++k) {
    const double tb = k == kReversalProbes ? t1 : t0 + (t1 - t0) * k / kReversalProbes;
    const double sb = vertical_spin(state_at(stepper, tb));
    if (sign_changes(sa, sb)) out.push_back(locate_reversal(stepper, ta, sa, tb));
    ta = tb, sa = sb;
  }
}

/// One accepted step of the dense-output stepper. A NumericalError of the right-hand side at a
/// trial stage (the normal force of a stage far off the trajectory has no solution) rejects
/// the trial: the step is retried from the same state with a quarter of its size, until it is
/// below kMinStepFraction of t (then the error is the trajectory's own and is rethrown).
template <class Dense, class Rhs>
std::pair<double, double> accepted_step(Dense& stepper, Rhs& rhs) {
  for (;;) {
    const auto y = stepper.current_state();
    poll_cancellation();  // core/cancellation.hpp: once per step attempt
    const double t = stepper.current_time(), h = stepper.current_time_step();
    try {
      return stepper.do_step(rhs);
    } catch (const NumericalError&) {
      if (h <= kMinStepFraction * std::max(t, 1.0)) throw;
      stepper.initialize(y, t, 0.25 * h);
    }
  }
}

}  // namespace

namespace {

/// The step of the central difference for column j of the Jacobian. The stiff part of the
/// equations varies on the slip regularisation's scale a_hat sqrt(epsilon) ~ 4e-6 m/s (model O,
/// a_hat = 1.2 mm, epsilon = 1e-5), so a step relative to |y| (~1) would misjudge it: 1e-9 of
/// max(|y_j|, 1) keeps the central difference's truncation ~(1e-9/4e-6)^2 ~ 6e-8 of the stiff
/// entries, and its rounding ~eps |f|/1e-9 ~ 1e-6 1/s, far below them (~6e5 1/s). A Rosenbrock
/// method needs this accuracy: with a forward difference (error ~2.5e-4 of the entries) its steps
/// shrank as if of order ~1 (3.6e6 steps for 1 s of model O at tolerance 1e-10).
double jacobian_step(double y) { return 1e-9 * std::max(std::abs(y), 1.0); }

/// Integrates from `y` to t_end with `stepper` (dense output), sampling every dt, counting steps
/// and locating the spin reversals; `rhs` is the stepper's system.
template <class Dense, class System>
void integrate(CeltRun& run, Dense& stepper, System& system, const CeltBody& body, const CeltContact& contact,
               const CeltStepping& stepping, std::chrono::steady_clock::time_point start) {
  const long long n = static_cast<long long>(std::floor(stepping.t_end / stepping.dt + 1e-9));
  auto last_note = start;
  for (long long i = 1; i <= n; ++i) {
    const double t = static_cast<double>(i) * stepping.dt;
    while (stepper.current_time() < t) {
      if (run.steps == celt_max_steps)
        throw NumericalError(fmt::format("celt: incomplete: the work budget of {} integrator steps is spent at t = "
                                         "{:.6g} s of {:.6g} s (step {:.3g} s: a stiff contact; time.method "
                                         "\"rosenbrock4\" is for those, docs/manual.md section 12)", celt_max_steps, stepper.current_time(), stepping.t_end,
                                         stepper.current_time_step()));
      const std::pair<double, double> step = accepted_step(stepper, system);
      ++run.steps;
      add_reversals(stepper, step.first, step.second, run.reversals);
    }
    const OdeState z = state_at(stepper, t);
    for (double x : z)
      if (!std::isfinite(x)) throw NumericalError(fmt::format("celt: the state became non-finite at t = {:.6g} s", t));
    run.samples.push_back(sample_of(body, contact, t, z));
    const CeltSample &a = run.samples[run.samples.size() - 2], &b = run.samples.back();
    run.max_energy_increase = std::max(run.max_energy_increase, b.energy - a.energy);
    const auto now = std::chrono::steady_clock::now();
    if (stepping.progress && now - last_note >= std::chrono::seconds(1)) {
      last_note = now;
      stepping.progress(fmt::format("t = {:.4g} s of {:.4g} s, {} steps", t, stepping.t_end, run.steps));
    }
  }
}

}  // namespace

CeltRun celt_simulate(const CeltBody& body, const CeltContact& contact, const CeltState& initial,
                      const CeltStepping& stepping) {
  CeltRun run;
  const auto start = std::chrono::steady_clock::now();
  auto rhs = [&](const OdeState& y, OdeState& dy, double t) {
    ++run.rhs_evaluations;
    const CeltState s = unpack(y);
    CeltRates r;
    try {
      r = celt_rates(body, contact, s);
    } catch (const NumericalError& e) {
      throw NumericalError(fmt::format("at t = {:.6g} s: {}", t, e.what()));
    }
    const Eigen::Quaterniond qd = s.q * Eigen::Quaterniond(0.0, s.omega.x(), s.omega.y(), s.omega.z());
    dy = {0.5 * qd.w(), 0.5 * qd.x(), 0.5 * qd.y(), 0.5 * qd.z(), r.omega_dot.x(), r.omega_dot.y(), r.omega_dot.z(),
          s.V.x(), s.V.y(), r.vdot.x(), r.vdot.y()};
  };
  const OdeState y = pack(initial);
  run.samples.push_back(sample_of(body, contact, 0.0, y));
  const double h0 = std::min(stepping.dt, 1e-4);
  if (stepping.method == CeltMethod::dopri5) {
    auto stepper = odeint::make_dense_output(stepping.tolerance, stepping.tolerance, odeint::runge_kutta_dopri5<OdeState>());
    stepper.initialize(y, 0.0, h0);
    integrate(run, stepper, rhs, body, contact, stepping, start);
  } else {
    // The system and its Jacobian by forward differences (the equations are autonomous: df/dt = 0).
    const auto f = [&](const StiffState& x, StiffState& dx, double t) {
      OdeState dy;
      rhs(as_array(x), dy, t);
      dx = as_stiff(dy);
    };
    const auto jacobian = [&](const StiffState& x, StiffMatrix& J, double t, StiffState& dfdt) {
      const OdeState y0 = as_array(x);
      OdeState fp, fm;
      J.resize(y0.size(), y0.size());
      for (std::size_t j = 0; j < y0.size(); ++j) {
        OdeState yp = y0, ym = y0;
        yp[j] += jacobian_step(y0[j]);
        ym[j] -= jacobian_step(y0[j]);
        rhs(yp, fp, t);
        rhs(ym, fm, t);
        for (std::size_t i = 0; i < y0.size(); ++i) J(i, j) = (fp[i] - fm[i]) / (yp[j] - ym[j]);
      }
      dfdt = StiffState(y0.size(), 0.0);
    };
    auto system = std::make_pair(f, jacobian);
    auto stepper = odeint::make_dense_output(stepping.tolerance, stepping.tolerance, odeint::rosenbrock4<double>());
    stepper.initialize(as_stiff(y), 0.0, h0);
    integrate(run, stepper, system, body, contact, stepping, start);
  }
  run.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

double celt_mean_square_deviation(const CeltRun& run, const CeltRun& reference) {
  if (run.samples.size() != reference.samples.size() || run.samples.empty())
    throw InputError("celt: the runs compared must have the same sample times");
  double sum = 0.0;
  for (std::size_t i = 0; i < run.samples.size(); ++i)
    sum += (run.samples[i].state.omega - reference.samples[i].state.omega).squaredNorm();
  return sum / static_cast<double>(run.samples.size());
}

}  // namespace limitdir
