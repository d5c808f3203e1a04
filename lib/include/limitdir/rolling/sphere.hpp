#pragma once
// The sphere rolling on a horizontal plane, Sect. 6.1 [Acary & Bourrier 2021]: a rigid sphere
// (mass m, radius R, moment of inertia J = j m R^2, j = 2/5) under gravity on the plane z = 0,
// one contact at the lowest point governed by Coulomb friction with rolling resistance, the
// rolling friction cone K_r (20) (rolling/cone.hpp), solved by the library's solvers
// (rolling/solvers.hpp). docs/manual.md section 10 derives everything below.
//
// Coordinates: X, Y horizontal, Z up; the centre is at height Z (Z = R on the plane).
// Velocities v = (U_X, U_Y, U_Z, Omega_X, Omega_Y, Omega_Z). Contact variables (19):
//   u_N = U_Z, u_T = (U_X - R Omega_Y, U_Y + R Omega_X), w_R = (Omega_X, Omega_Y),
// the reaction on the sphere p = (r_N, r_T, m_R): normal force, tangential force at the contact
// point, rolling resistance moment about the horizontal axes. Inside the cone problem the
// rolling entries are made dimensionless with the reference length l = R (rolling/cone.hpp):
// R w_R, m_R/R and mu_r/R.
//
// Time stepping (Moreau-Jean, theta-method, impulse formulation), with f = (0, 0, -m g, 0, 0, 0):
//   M (v+ - v) = h f + H^T P,   y+ = H v+ = W P + H (v + h M^-1 f),  W = H M^-1 H^T,
//   P solves the cone complementarity problem (63) at y+ when the contact is active
//   (the free step would end inside the plane: Z - R + h (U_Z - g h) <= 0), else P = 0;
//   x+ = x + h ((1 - theta) v + theta v+).
// For constant f the velocity update does not involve theta; theta enters the positions only.
#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "limitdir/rolling/solvers.hpp"

namespace limitdir {

/// The sphere and its contact. mu dimensionless, mu_r a length (the paper's rolling coefficient
/// (16), in the unit of R), gravity g > 0, j = J/(m R^2) (2/5 for a solid sphere).
struct RollingSphere {
  double mass = 1.0;
  double radius = 1.0;
  double gravity = 9.81;
  double mu = 0.0;
  double mu_r = 0.0;
  double j = 0.4;
};

/// Throws InputError (one line, naming the quantity) unless mass, radius, gravity, j are finite
/// and > 0 and mu, mu_r finite and >= 0.
void validate(const RollingSphere& sphere);

struct SphereState {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< (X, Y, Z) of the centre
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();  ///< (U_X, U_Y, U_Z)
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();     ///< (Omega_X, Omega_Y, Omega_Z)
};

enum class RollingMethod { pgs, pfp, extragradient };
const char* rolling_method_name(RollingMethod method);
/// "pgs" | "pfp" | "extragradient"; InputError naming `where` otherwise.
RollingMethod rolling_method_from_name(const std::string& name, const std::string& where);

struct SphereSteppingOptions {
  double h = 1e-4;        ///< time step > 0
  double t_end = 1.0;     ///< final time > 0; ceil(t_end/h) steps, at most max_steps
  double theta = 0.5;     ///< in [0, 1]
  RollingMethod method = RollingMethod::pgs;
  RollingSolverOptions solver;
  bool stop_at_rest = false;  ///< end the run at the first step at rest (for maps)
  int every = 1;              ///< keep every k-th step in the history (the last step always); 0: none
  /// When set: a progress note about once a second after the first second (docs/manual.md section 5).
  std::function<void(const std::string&)> progress;
};

/// The most steps of one run: 1e7 steps of ~1 us; a bigger t_end/h is bad input.
inline constexpr long long max_sphere_steps = 10000000;

/// The work budget of a run after k steps: kReserve + k kPerStep inner solver iterations, with
/// kReserve = 1e7 (about a second: ~100 ns an iteration) for the hard solves of impacts and
/// kPerStep = 1000, 100 times the ~10 a step of the converging runs of share/problems (Fig. 3b:
/// 6e4 steps, 2.6e4 sweeps). A run whose solves keep hitting max_iter (e.g. j = 1e-6: cond(W) ~
/// 4/j, beyond what the projected iterations reach in 1e6 iterations) ends incomplete (exit 3)
/// instead of running ~1e7 iterations a step.
inline double sphere_work_budget(long long k) { return 1e7 + 1000.0 * static_cast<double>(k); }

/// Throws InputError unless h, t_end > 0 are finite with h <= t_end (the last step is cut to end
/// at t_end when t_end/h is not an integer) and ceil(t_end/h) <= max_sphere_steps,
/// theta in [0, 1], every >= 0, tol in [1e-15, 1) (below, the error is under the rounding of W p + q), max_iter and local_max_iter >= 1.
void validate(const SphereSteppingOptions& options);

/// What the contact does over a step, from the velocities at its end (21): "free" (no
/// contact), "slide and roll", "roll" (stick, rolling), "slide" (slide, no rolling), "rest".
enum class ContactMode { free, slide_and_roll, roll, slide, rest };
const char* contact_mode_name(ContactMode mode);

/// One step's end: time, state, the mean reaction over the step P/h (forces in N, moments in
/// N m: r_N, r_T = (r_T_X, r_T_Y), m_R = (m_R_X, m_R_Y)), the contact velocity y+ (u_N, u_T, w_R,
/// with w_R in rad/s), the solver's error and iterations, and the mode.
struct SphereSample {
  double t = 0.0;
  SphereState state;
  double r_N = 0.0;
  Eigen::Vector2d r_T = Eigen::Vector2d::Zero();
  Eigen::Vector2d m_R = Eigen::Vector2d::Zero();
  double m_Z = 0.0;  ///< spin moment about the normal (rolling/sphere_spin.hpp; 0 for K_r)
  Vector5 y = Vector5::Zero();
  double error = 0.0;
  int iterations = 0;
  ContactMode mode = ContactMode::free;
};

/// A change of mode: the first step (its end time) with the new mode.
struct ModeChange {
  double t;
  ContactMode mode;
};

struct SphereRun {
  std::vector<SphereSample> history;  ///< t = 0 (iterations 0), then every k-th step and the last
  std::vector<ModeChange> modes;      ///< the mode of step 1, then every change
  long long steps = 0;
  double X_max = 0.0;                 ///< max of X over the steps
  double t_X_max = 0.0;
  bool at_rest = false;               ///< at rest at the last step
  double t_rest = 0.0;                ///< start of the final rest (first step of it), if at_rest
  double max_error = 0.0;             ///< over the steps with contact
  long long total_iterations = 0;
  bool converged = true;              ///< every solve reached the tolerance
  double max_energy_increase = 0.0;   ///< max over steps of E_{k+1} - E_k (<= 0 up to rounding)
  SphereState final_state;
};

/// The velocity below which the contact is said not to slide (|u_T|) or not to roll (R|w_R|),
/// and the sphere to be at rest (both): 10 cond(W) tol times the run's speed scale
/// max(|U| + R|Omega| at t = 0, g h); the solves leave velocity errors of about cond(W) tol of
/// that scale (cond(W) = 12.3 for a solid sphere).
double rest_speed(const RollingSphere& sphere, const SphereState& initial, const SphereSteppingOptions& options);

/// Total energy m |U|^2/2 + J |Omega|^2/2 + m g Z.
double sphere_energy(const RollingSphere& sphere, const SphereState& state);

/// Runs the Moreau-Jean scheme above from `initial` (Z >= R: no initial penetration). Throws
/// InputError for invalid input, NumericalError when the state stops being finite.
SphereRun simulate_rolling_sphere(const RollingSphere& sphere, const SphereState& initial,
                                  const SphereSteppingOptions& options);

// ----- the closed form (docs/manual.md section 10) ------------------------------------------------

/// One phase of the planar motion (U_Y = Omega_X = Omega_Z = 0, on the plane): constant
/// accelerations from t0 to t1 (t1 = +infinity for a phase that never ends).
struct RollingPhase {
  ContactMode mode;   ///< slide_and_roll, roll, slide or rest
  double t0, t1;
  double X0, U0, Omega0;   ///< state at t0
  double a_U, a_Omega;     ///< dU/dt, dOmega/dt in the phase
  double r_T, m_R;         ///< the reaction in the phase (r_T along X, m_R about Y)
};

struct RollingClosedForm {
  std::vector<RollingPhase> phases;  ///< ends with a rest phase when the sphere stops
  bool stops = false;
  double t_stop = 0.0;     ///< if stops
  double X_max = 0.0;      ///< sup of X(t) (+infinity when X grows without bound)
  double t_X_max = 0.0;
};

/// The exact solution of the planar motion from X = 0, U_X = U0, Omega_Y = Omega0: a sequence
/// of at most four constant-deceleration phases. sphere must be valid; U0, Omega0 finite.
RollingClosedForm rolling_sphere_closed_form(const RollingSphere& sphere, double U0, double Omega0);

/// (U_X, Omega_Y, X) of the closed form at time t >= 0.
Eigen::Vector3d closed_form_state(const RollingClosedForm& cf, double t);

}  // namespace limitdir
