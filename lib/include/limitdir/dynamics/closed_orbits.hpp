#pragma once
// Closed (periodic) orbits of the flow on the sphere dw/dtau = V*(w) = (I - w w^T)(B(w) w + c),
// (115)/(122) [Nonlinear Dyn. 2024], docs/manual.md section 9. Without symmetry this flow can
// have closed orbits that the Poincare-Hopf index sum of the limit directions does not see (an
// orbit has no index); e.g. the disc with the pressure shifted along the sliding direction (2)
// [Kireenkov] at F = 0, whose circles of limit directions become orbits traversed at constant
// speed.
//
//  * closed_orbit_exclusion: the systems for which a closed orbit is impossible (a proof, no
//    computation), with the argument in one line;
//  * find_closed_orbits: a bounded numerical search (forward and backward trajectories from a
//    dense deterministic seed set, recurrence on Poincare sections, Newton on the return map)
//    and the fate of every seed;
//  * orbits_around, orbits_encircling: the orbits near a point, or around it (a focus: the
//    orbits born at a Hopf point, continuation/hopf.hpp).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/limits/closed_orbit.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

struct LimitSet;  // limits/limits.hpp

/// The fates of the seeds in one time direction.
struct SeedFates {
  int seeds = 0;
  int limit_direction = 0;  // ended at a listed limit direction, circle or singular point (a
                            // discontinuity of V*: within 1e-6, or in its capture disc)
  int closed_orbit = 0;     // approached an orbit found (attracting in this time direction)
  int unresolved = 0;       // anything else (an unlisted zero, no convergence, the budget)
};

/// Work budget of the search: V* evaluations in all (each integrator step costs 6). The exact
/// model costs ~10-50 us per evaluation: 4e6 bound a search to ~1-3 min at worst; the
/// harmonic and linear models are ~100x cheaper. A trajectory that has not settled after
/// orbit_seed_max_steps steps (~100 revolutions of a typical orbit at ~200 steps each) is
/// unresolved.
inline constexpr long long orbit_max_evaluations = 4000000;
inline constexpr int orbit_seed_max_steps = 20000;

/// How the search integrates the flow (docs/manual.md section 9): Dormand-Prince 5(4), explicit
/// (Boost.Odeint runge_kutta_dopri5, dense output), or Rosenbrock 4, linearly implicit and
/// L-stable (Boost.Odeint rosenbrock4 with the Jacobian of V* from dq/dw, dense output), for a
/// stiff field, where an explicit method's step is bounded by stability (|h lambda| <~ 3.3 on
/// the negative real axis) rather than by accuracy.
enum class OrbitIntegrator { dormand_prince5, rosenbrock4 };
/// "Dormand-Prince 5(4)" | "Rosenbrock 4 with the Jacobian of V*"
std::string to_string(OrbitIntegrator integrator);

struct OrbitSearchOptions {
  /// Icosphere level of the seeds (10 4^L + 2 points, in [0, 4]): 42 at level 1, 162 at 2.
  int seed_level = 2;
  bool backward = true;  // also integrate backward (the repelling orbits)
  long long max_evaluations = orbit_max_evaluations;
  int max_steps_per_seed = orbit_seed_max_steps;
  int polyline_points = 128;
  OrbitIntegrator integrator = OrbitIntegrator::dormand_prince5;
};

struct OrbitSearch {
  std::vector<ClosedOrbit> orbits;
  SeedFates forward, backward;
  long long evaluations = 0;
  bool budget_spent = false;
  OrbitIntegrator integrator = OrbitIntegrator::dormand_prince5;  // what integrated the trajectories
  /// Why seeds are unresolved (at most a few lines, each with a count).
  std::vector<std::string> doubts;
  /// Every seed's fate resolved in both directions searched, within the budget.
  bool complete() const;
  /// One sentence: what was checked (counts per fate, the integrator), the orbits found or the
  /// doubts.
  std::string summary() const;
};

/// The search of docs/manual.md section 9 at load F; `limits` are the limit directions of the
/// same system and load (find_limit_directions). InputError for options out of range.
OrbitSearch find_closed_orbits(const System& system, double F, const LimitSet& limits,
                               const OrbitSearchOptions& options = {});

/// The flow map of the search's integrators: w(tau) from w0 (normalised) under dw/dtau = V*(w)
/// at load F (tau >= 0), integrated by `integrator` at the per-step tolerance tol (absolute and
/// relative) with dense output, as the search integrates its trajectories; `steps` receives the
/// number of steps taken. InputError for tau < 0, tol <= 0 or more than max_steps steps.
Eigen::Vector3d orbit_flow(const System& system, double F, const Eigen::Vector3d& w0, double tau,
                           OrbitIntegrator integrator, double tol, int max_steps = orbit_seed_max_steps,
                           int* steps = nullptr);

/// The search's Filippov sliding flow on the equator (docs/manual.md section 9): phi(tau) from
/// phi0 under dphi/dtau = g(phi), the sliding field of limits/jump_zeros.hpp equator_sliding on
/// w = (cos phi, sin phi, 0), integrated as the search slides (Dormand-Prince 5(4), per-step
/// tolerance tol). InputError for tau < 0, tol <= 0 or a model whose q does not jump on the
/// equator; NumericalError when the equator stops attracting (sliding ends) or after max_steps.
double equator_sliding_flow(const System& system, double F, double phi0, double tau, double tol,
                            int max_steps = orbit_seed_max_steps);

/// The orbit search on both sides of a Hopf event (continuation/hopf.hpp), at p - dp and p + dp.
struct HopfOrbits {
  double p_below = 0, p_above = 0;
  /// The orbits within `radius` (chordal) of the focus on each side.
  std::vector<ClosedOrbit> below, above;
  /// "supercritical": an attracting orbit on the one side where the focus is unstable;
  /// "subcritical": a repelling orbit on the one side where it is stable; "unconfirmed":
  /// anything else (no orbit, orbits on both sides, a search that did not settle every seed).
  std::string kind = "unconfirmed";
  std::string reason;  // the two searches' summaries
};

/// The proof that V* has no closed orbit, or none. It applies when the great circle w2 = 0 is
/// invariant by symmetry (System::has_invariant_circle: axisymmetric model, M = diag(m1, m1,
/// m3), load without a y component; or a linear model with Pi = diag(p, p, p3) and that M and
/// load):
///  * c1 != 0: every zero of V* lies on that circle ((125) rows 1-2) and there is one (the
///    index sum is 2): a closed orbit disjoint from the circle lies in an open hemisphere and
///    would enclose a zero there; one meeting it would be the circle, which carries a zero;
///  * c1 = 0: V* has no longitude component (q_xy is parallel to w_xy, (44), and c = c3 e3):
///    the longitude is constant on every orbit, a meridian flow has no closed orbit.
/// The string is that argument, for the certificate.
std::optional<std::string> closed_orbit_exclusion(const System& system, double F);

/// The orbits of `search` that lie within `radius` (chordal distance) of the point w, e.g. of a
/// focus just beyond a Hopf point: the orbits born there.
std::vector<ClosedOrbit> orbits_around(const OrbitSearch& search, const Eigen::Vector3d& w, double radius);

/// The orbits of `search` that go once around the point w inside the open hemisphere about it
/// (winding number +-1 of the polyline in the gnomonic chart at w): the orbits born at a Hopf
/// point of the focus w, whatever their size (they grow like sqrt(dp) from it).
std::vector<ClosedOrbit> orbits_encircling(const OrbitSearch& search, const Eigen::Vector3d& w);

}  // namespace limitdir
