#pragma once
// Slip dynamics up to stick, [Nonlinear Dyn. 2024]: x_o' = B(w) w + c (97)/(101) integrated in the
// spherical form (109), r' = R*(w), w' = V*(w)/r, with the time rescaling (114) d/dt = r d/dtau
// near r = 0 so that the approach to stick (r -> 0 in finite time t, infinite tau) is resolved.
// Theorems 1-2: trajectories reach stick along attracting limit directions.
// Internally ln r is integrated (s' = R*, equivalent to r' = r R* in tau), so that the
// approach to stick can be followed until the direction w has settled on its limit.
#include <Eigen/Core>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/core/progress.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

struct TrajectoryPoint {
  double t;    // physical time
  double tau;  // rescaled time (114)
  double r;
  Eigen::Vector3d w;
};

struct SimulationOptions {
  double r_stop = 1e-12;     // relative to the initial |x_o|: stick is declared below r_stop |x0|
  double r_max = 1e6;        // relative: slip never stops above r_max |x0|
  double t_max = 1e6;        // physical time limit
  double tolerance = 1e-12;  // relative and absolute error per step of the integrator
  int every = 1;             // keep every k-th accepted step in the trajectory (0: none)
  bool backward = false;     // integrate backward in time (departures from stick, Theorem 2)
  /// Stick is declared once r <= r_stop |x0| and |V*(w)| <= direction_tol: the arrival
  /// direction is then the limit of w within about direction_tol / |transverse eigenvalue|.
  double direction_tol = 1e-11;
  double match_tol = 1e-6;   // arrival vs limit direction: |w - w_k| (or latitude for circles)
  long long max_steps = 2000000;  // accepted steps; beyond them the simulation failed
  /// When set, each kept point (every-th step) is passed to it as soon as it is computed instead
  /// of being stored in SimulationResult::trajectory (simulate streams its output this way).
  std::function<void(const TrajectoryPoint&)> on_point;
  /// When set, the accepted steps are counted to it ("trajectory: steps k/max_steps",
  /// core/progress.hpp): a single trajectory may run for seconds (docs/manual.md section 5). A
  /// survey leaves it empty and counts its trajectories instead.
  ProgressHook progress;
};

/// Steps in a row that leave the rescaled time tau unchanged before the integration is given
/// up as stalled: such a step is below half an ulp of tau and the step-size controller only
/// shrinks it further, so the state can no longer change; 10 rules out a single rounding
/// accident of the dense output (dynamics/simulate.cpp).
inline constexpr int kStallSteps = 10;

struct SimulationResult {
  std::vector<TrajectoryPoint> trajectory;
  enum class Outcome { stick, never_sticks, failed } outcome = Outcome::failed;
  std::string reason;                // for never_sticks and failed
  double stick_time = 0;             // t at which r reaches 0 (extrapolated: r/|R*| at the end)
  Eigen::Vector3d arrival;           // w at the end
  std::optional<Classification> matched;  // the limit direction arrived along (if any)
  std::optional<LimitCircle> matched_circle;  // or the circle of limit directions (F = 0)
  double match_distance = 0;  // |arrival - matched w|, or the latitude difference for a circle
  double tau_end = 0;         // rescaled time at the end
  double r_end = 0;           // r at the end
  long long steps = 0;        // accepted integrator steps
};

/// The limit direction (within tol in |w - w_k|) or circle (within tol in latitude) nearest to w.
struct MatchResult {
  std::optional<Classification> direction;
  std::optional<LimitCircle> circle;
  double distance = 0;  // to the nearest direction or circle (even beyond tol)
};
MatchResult match_limit_direction(const LimitSet& limits, const Eigen::Vector3d& w, double tol);

/// n nearly uniform points on the unit sphere (the Fibonacci lattice).
std::vector<Eigen::Vector3d> fibonacci_sphere(int n);

/// Integrates from x_o(0) = x0 at load F (Boost.Odeint, adaptive Runge-Kutta with dense output).
/// `limits` (solve_limit_directions(system, F)) is computed when not given. Throws InputError
/// for x0 zero or non-finite and options out of range; an integrator failure is an outcome.
SimulationResult simulate(const System& system, double F, const Eigen::Vector3d& x0,
                          const SimulationOptions& options = {}, const LimitSet* limits = nullptr);

/// Theorems 1-2 checked statistically: `n` initial conditions on a small sphere around stick
/// (Fibonacci points on |x0| = 1; the dynamics is homogeneous, so the
/// radius does not matter, except with the speed law (1) [Kireenkov], whose trajectories start
/// at slip speed 1 in units sqrt(mu g R)); counts of arrivals per limit direction (forward) or of
/// departures (backward).
struct SurveyEntry {
  Eigen::Vector3d w;       // the limit direction (or a point of the circle)
  std::string radial;      // "attracting" | "repelling" | "tangent"
  std::string sphere_type;
  bool circle = false;     // a circle of limit directions (then theta is its latitude)
  int count = 0;
  double theta = 0;
};
struct Survey {
  int trajectories = 0;
  std::vector<SurveyEntry> entries;  // the directions of `limits`, then its circles
  int stick = 0;        // reached stick (forward) / came from stick (backward)
  int unmatched = 0;    // ended at no limit direction (failed, or stuck along no known one)
  int never_stick = 0;
  int failed = 0;
  LimitSet limits;
};
/// The work budget of a survey, in accepted integrator steps over all its trajectories: a
/// trajectory of the disc (N = 2) takes 250-750 steps at F = 0-1.2 (measured) at ~0.5 us per
/// step, so 4e7 steps hold the largest survey (20000 trajectories) at 2000 steps each, ~20 s,
/// and bound one whose trajectories stall or crawl to max_steps.
inline constexpr long long kSurveyStepBudget = 40000000;
/// Runs the survey within `max_total_steps` accepted steps (each trajectory gets at most
/// min(options.max_steps, what is left)); a NumericalError saying after how many of the n
/// trajectories the budget ran out when it does.
Survey survey(const System& system, double F, int n, bool backward, const SimulationOptions& options = {},
              long long max_total_steps = kSurveyStepBudget);

}  // namespace limitdir
