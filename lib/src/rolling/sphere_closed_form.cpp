// The exact planar motion of the sphere rolling on a plane (Sect. 6.1 [Acary & Bourrier 2021]):
// constant-deceleration phases chosen by the disjunctive law (21), docs/manual.md section 10.
// Per unit mass, with r_N = m g, J = j m R^2, slip s = U - R Omega, sigma = sgn s, tau = sgn Omega:
//   slide and roll:  U' = -mu g sigma,            Omega' = g (mu R sigma - mu_r tau)/(j R^2)
//   roll (s = 0):    U' = R Omega' = -mu_r g tau/((1 + j) R),  admissible iff mu_r <= (1 + j) mu R
//   slide (Omega=0): U' = -mu g sgn U,            Omega' = 0,  admissible iff mu_r >= mu R
//   rest:            U = Omega = 0.
// No cone, no projection and no time step is used here: this is the independent reference of
// the time stepping.
#include <cmath>
#include <limits>

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/sphere.hpp"

namespace limitdir {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Every motion ends after at most four phases (docs/manual.md section 10: slide and roll, then
// slide and roll with the other sign, slide, rest); more means the phase logic is broken.
constexpr int kMaxPhases = 8;

double sgn(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

/// The phase that starts at (t0, X0, U0, Omega0): its mode and accelerations (t1 not yet set).
RollingPhase start_phase(const RollingSphere& s, double t0, double X0, double U0, double Omega0) {
  const double g = s.gravity, R = s.radius, m = s.mass;
  const double slip = U0 - R * Omega0;
  RollingPhase p{ContactMode::rest, t0, kInf, X0, U0, Omega0, 0.0, 0.0, 0.0, 0.0};
  double sigma = sgn(slip), tau = sgn(Omega0);
  if (slip == 0.0 && Omega0 == 0.0) return p;  // U = 0 too: rest
  if (slip == 0.0) {
    if (s.mu_r <= (1.0 + s.j) * s.mu * R) {  // rolling without slip is admissible
      p.mode = ContactMode::roll;
      p.r_T = -s.mu_r * m * g * tau / ((1.0 + s.j) * R);
      p.m_R = -s.mu_r * m * g * tau;
      p.a_U = p.r_T / m;
      p.a_Omega = p.a_U / R;
      return p;
    }
    sigma = tau;  // the slip starts in the direction of the rolling (docs section 10)
  } else if (Omega0 == 0.0) {
    if (s.mu_r >= s.mu * R) {  // the rolling moment holds Omega = 0
      p.mode = ContactMode::slide;
      p.r_T = -s.mu * m * g * sigma;
      p.m_R = R * p.r_T;
      p.a_U = p.r_T / m;
      return p;
    }
    tau = sigma;  // the rotation starts in the direction of the slip
  }
  p.mode = ContactMode::slide_and_roll;
  p.r_T = -s.mu * m * g * sigma;
  p.m_R = -s.mu_r * m * g * tau;
  p.a_U = p.r_T / m;
  p.a_Omega = (-R * p.r_T + p.m_R) / (s.j * m * R * R);
  return p;
}

/// Time from t0 until x0 + a t reaches 0 when it moves towards 0, else +infinity.
double time_to_zero(double x0, double a) { return (x0 != 0.0 && x0 * a < 0.0) ? -x0 / a : kInf; }

/// X(t) = X0 + U0 d + a d^2/2 in the phase, d = t - t0.
double phase_X(const RollingPhase& p, double d) { return p.X0 + p.U0 * d + 0.5 * p.a_U * d * d; }

/// Updates (X_max, t_X_max) with the largest X over the phase.
void update_X_max(const RollingPhase& p, double& X_max, double& t_X_max) {
  const auto consider = [&](double d) {
    const double X = std::isinf(d) ? kInf : phase_X(p, d);
    if (X > X_max) {
      X_max = X;
      t_X_max = p.t0 + d;
    }
  };
  consider(0.0);
  const double length = p.t1 - p.t0;
  const double d_turn = time_to_zero(p.U0, p.a_U);  // U = 0 inside the phase: a maximum of X
  if (d_turn < length) consider(d_turn);
  if (std::isfinite(length)) consider(length);
  else if (p.a_U > 0.0 || (p.a_U == 0.0 && p.U0 > 0.0)) consider(kInf);
}

}  // namespace

RollingClosedForm rolling_sphere_closed_form(const RollingSphere& sphere, double U0, double Omega0) {
  validate(sphere);
  require_finite(U0, "closed form: U0");
  require_finite(Omega0, "closed form: Omega0");
  const double R = sphere.radius;
  RollingClosedForm cf;
  cf.X_max = 0.0;
  double t = 0.0, X = 0.0, U = U0, Omega = Omega0;
  for (int k = 0; k < kMaxPhases; ++k) {
    RollingPhase p = start_phase(sphere, t, X, U, Omega);
    if (p.mode == ContactMode::rest) {
      cf.phases.push_back(p);
      cf.stops = true;
      cf.t_stop = t;
      update_X_max(p, cf.X_max, cf.t_X_max);
      return cf;
    }
    // Events: the slip or Omega reaches 0 (slide and roll), U = R Omega reaches 0 (roll), U
    // reaches 0 (slide).
    const double d_slip = time_to_zero(U - R * Omega, p.a_U - R * p.a_Omega);
    const double d_omega = time_to_zero(Omega, p.a_Omega);
    const double d = p.mode == ContactMode::slide_and_roll ? std::min(d_slip, d_omega) : time_to_zero(U, p.a_U);
    p.t1 = t + d;
    cf.phases.push_back(p);
    update_X_max(p, cf.X_max, cf.t_X_max);
    if (std::isinf(d)) return cf;  // the phase never ends: the sphere never stops
    t = p.t1;
    X = phase_X(p, d);
    U = p.U0 + p.a_U * d;
    Omega = p.Omega0 + p.a_Omega * d;
    // Land exactly on the event (the next phase's mode depends on exact zeros).
    if (p.mode != ContactMode::slide_and_roll) U = Omega = 0.0;
    if (p.mode == ContactMode::slide_and_roll && d == d_omega) Omega = 0.0;
    if (p.mode == ContactMode::slide_and_roll && d == d_slip) U = R * Omega;
  }
  throw NumericalError("rolling sphere closed form: more than " + std::to_string(kMaxPhases) + " phases");
}

Eigen::Vector3d closed_form_state(const RollingClosedForm& cf, double t) {
  for (const RollingPhase& p : cf.phases) {
    if (t < p.t1 || &p == &cf.phases.back()) {
      if (p.mode == ContactMode::rest) return {0.0, 0.0, p.X0};
      const double d = t - p.t0;
      return {p.U0 + p.a_U * d, p.Omega0 + p.a_Omega * d, phase_X(p, d)};
    }
  }
  return Eigen::Vector3d::Zero();  // no phases: cannot happen for a closed form that was computed
}

}  // namespace limitdir
