#pragma once
// The roll problem file (schema "limitdir.roll/1") and the reports of the roll app
// ("limitdir.roll-report/1", "limitdir.roll-map/1"), docs/manual.md section 10.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/rolling/sphere.hpp"
#include "limitdir/rolling/sphere_spin.hpp"

namespace limitdir {

struct RollProblem {
  std::string source = "<roll problem>";  ///< file name, for messages
  std::string name;
  double density = 0.0;  ///< kg/m^3 when the file gave the density (then mass follows), else 0
  RollingSphere sphere;
  SphereState initial;
  SphereSteppingOptions stepping;
  /// "spin_friction": {"contact_radius": a, "pressure": "hertz" | "uniform"}: the coupled
  /// slide/spin model of rolling/sphere_spin.hpp instead of the Coulomb disk (a > 0); absent: 0.
  SpinFriction spin;
};

/// Parses and validates a roll problem; every error is an InputError naming the source and the
/// key path, e.g. "roll.json: friction.mu: must be a finite number >= 0 (got -0.1)". Unknown and
/// missing required keys are errors.
RollProblem parse_roll_problem(const nlohmann::json& document, const std::string& source);
/// Reads the file ("-": standard input) and parses it.
RollProblem load_roll_problem(const std::string& path);
/// The problem file of a problem (every default written out); parse_roll_problem rebuilds it.
nlohmann::json roll_problem_to_json(const RollProblem& problem);
/// Validates a problem after command-line overrides (the same checks as the file).
void validate(const RollProblem& problem);

/// The planar start the closed form covers: on the plane (Z = R, U_Z = 0) with U_Y = 0 and
/// Omega_X = 0 (Omega_Z is not resisted by K_r and does not couple; with spin_friction it must
/// be 0, where the exact model's moment vanishes by symmetry).
bool is_planar(const RollProblem& problem);
/// The run the problem asks for: simulate_rolling_sphere, or simulate_spinning_sphere with
/// spin_friction.
SphereRun run_problem(const RollProblem& problem, const RollingSphere& sphere, const SphereSteppingOptions& options);

/// The report of one run (schema "limitdir.roll-report/1"): the problem, the run's summary, the
/// mode changes, the closed form (null unless is_planar) and the history of the kept steps.
nlohmann::json roll_report(const RollProblem& problem, const SphereRun& run);

/// A grid lo, lo + (hi - lo)/(n - 1), ..., hi of n >= 1 points (n = 1: lo).
struct Grid {
  double lo = 0.0, hi = 0.0;
  int n = 1;
  std::vector<double> points() const;
};
/// The most points per axis of a map, and the most time steps of all its runs together
/// (~0.6 us per step: ~30 s).
inline constexpr int max_map_axis = 100;
inline constexpr double max_map_steps = 5e7;
/// Throws InputError unless 0 <= lo <= hi are finite, 1 <= n <= max_map_axis, and the map's
/// runs take at most max_map_steps steps in all.
void validate_map(const RollProblem& problem, const Grid& mu, const Grid& mu_r);
/// Fig. 2: X_max over the grid of (mu, mu_r) (the problem's other data), each run stopped at
/// rest, with the closed form's X_max and stop time (schema "limitdir.roll-map/1").
nlohmann::json roll_map(const RollProblem& problem, const Grid& mu, const Grid& mu_r);

}  // namespace limitdir
