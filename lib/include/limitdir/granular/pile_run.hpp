#pragma once
// A spheres pile run (docs/manual.md section 15): the births of granular/pluviation.hpp, the
// Moreau-Jean stepping of granular/moreau_jean.hpp on the bounded plane of the problem, the
// spheres that fall off removed, the history and the pile's measures (height, base radius,
// angle of repose), and the energy balance.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/core/progress.hpp"
#include "limitdir/granular/bodies.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "limitdir/granular/vtk.hpp"

namespace limitdir {

struct PileRunOptions {
  /// Keep every K-th step in the history and the frames (the last step always); 0: the first
  /// and the last only.
  long long every = 1000;
  ProgressHook progress;  ///< notes about once a second (docs/manual.md section 5)
  /// Called with the spheres at t = 0 and at every kept step (e.g. a VtkSeriesWriter's write).
  std::function<void(const SphereFrame&)> frame;
  /// Threads of the run's solver (BlockPgsOptions::threads, docs/manual.md section 15,
  /// "Threads"): 1 sweeps the contacts in their order, >= 2 in colour order on that many threads.
  int threads = 1;
};

/// One kept step: the counts and the solver's work of that step, and the energies so far (J):
/// E = kinetic + potential (m g z) of the spheres present; born and lost the energy brought in by
/// births and taken out by removals; the works of the contacts and of the scheme summed over the
/// steps (granular/moreau_jean.hpp); balance = E - (born - lost + works), an identity of the
/// scheme (rounding only).
struct PileSample {
  long long step = 0;
  double t = 0.0;
  int spheres = 0, contacts = 0, sweeps = 0;
  double error = 0.0, max_penetration = 0.0;
  double kinetic = 0.0, potential = 0.0, born = 0.0, lost = 0.0;
  double work_normal = 0.0, work_sliding = 0.0, work_rolling = 0.0, work_theta = 0.0;
  double dissipated_sliding = 0.0, dissipated_rolling = 0.0;
  double balance = 0.0;
};

/// A step whose solver ended above the tolerance (block_pgs.hpp: the sweep cap, stagnating
/// sweeps, then the global Newton method).
struct UnconvergedStep {
  long long step;
  double t, error;
  double consistent_error;  ///< 0 when stepping.consistent_tol is 0
};

/// Why a run stopped before t_end: sphere `sphere` was to be born at t_birth overlapping sphere
/// `overlapping` by -gap (m) - the pile had reached the drop height (docs/manual.md section 15,
/// "A pile that reaches the drop height"). The run ends at the step before that birth.
struct DropHeightReached {
  long long sphere = 0, overlapping = 0;
  double t_birth = 0.0, gap = 0.0;
};

struct PileOutcome {
  std::vector<PileSample> history;
  /// Set when the pile reached the drop height: the run stopped there (history, spheres and the
  /// measures are those of that moment), and the job's exit status is 3.
  std::optional<DropHeightReached> reached_drop_height;
  SphereBodies spheres;                ///< at the end, the spheres present
  std::vector<char> on_plane;          ///< per sphere: in contact with the plane at the last step
  std::vector<char> in_contact;        ///< per sphere: in a contact (the plane or a sphere) at the last step
  std::vector<long long> lost;         ///< ids of the spheres that fell off the plane, in order
  long long steps = 0;
  long long total_sweeps = 0;
  double max_error = 0.0;              ///< over the steps with contacts
  double max_penetration = 0.0;        ///< over the steps, m
  double max_balance = 0.0;            ///< max |balance| over the steps, J
  long long unconverged_count = 0;
  std::vector<UnconvergedStep> unconverged;  ///< the first max_named_unconverged of them
  /// GranularStepStats::injected summed over the steps, its largest value in one step and that
  /// step (0 when none injected), J.
  double injected = 0.0, max_step_injected = 0.0;
  long long max_step_injected_step = 0;
  /// GranularStepStats::slack_sliding and slack_rolling summed over the steps (J): the history's
  /// dissipated_sliding >= -slack_sliding and dissipated_rolling >= -slack_rolling at the end.
  double slack_sliding = 0.0, slack_rolling = 0.0;
};

/// The most unconverged steps a report names one by one (the others are counted).
inline constexpr std::size_t max_named_unconverged = 100;
/// A step whose relative error is above this is meaningless (the reactions are off by their own
/// size): the run stops with a NumericalError (exit 3) naming the step and the error.
inline constexpr double max_step_error = 1.0;
/// The most energy the contact reactions may put in against the law over a run (the sum of
/// GranularStepStats::injected), as a fraction of the energy the births brought in so far. A
/// solution of the law puts in none (docs/manual.md section 15, "What the tolerance allows"), so
/// the mechanical energy of a run never exceeds what its births brought in; reactions that have
/// put in more than all of it have made a run whose energy is more the solver's than the
/// problem's. It happens where Siconos' relative error, divided by the largest of |q|, |p| and
/// |W p + q|, is met by reactions that make the velocities they are divided by large ("A
/// runaway step"): the run stops with a NumericalError (exit 3) naming the step and its error.
inline constexpr double max_injected_over_born = 1.0;
/// A sphere whose centre is more than this many largest diameters below the plane has fallen off
/// for good (it can no longer touch the plane or a sphere on it) and is removed.
inline constexpr double lost_depth_diameters = 2.0;

/// The number of steps of a run: t_end/h rounded up, an integer ratio within 1e-9 counted as
/// exact (20 / 1e-3 is 20000 steps, not 20001).
long long step_count(const PileStepping& stepping);

/// Runs the pile of `problem` from `births` (pluviate(problem)). When a sphere would be born
/// overlapping the pile (the pile reached the drop height) the run stops there with
/// outcome.reached_drop_height set. Throws InputError for invalid input, NumericalError (exit 3)
/// when spheres born at t = 0 overlap, a step's error exceeds max_step_error, the reactions have
/// put in more than max_injected_over_born of the energy born or the state stops being finite.
PileOutcome run_pile(const PileProblem& problem, const std::vector<SphereBirth>& births,
                     const PileRunOptions& options = {});

/// The pile's measures at the end (docs/manual.md section 15), over the spheres in contact at
/// the last step (the pile; a sphere still falling is not part of it): H the height of the
/// highest point above the plane; the base radius, the mean horizontal distance of the spheres on the plane to
/// their centroid; the angle of repose, the slope of the line fitted (least squares) to the
/// upper envelope of the pile (the highest top z + r in rings of width d about the base's centroid),
/// from the ring of the top to the outermost ring with a sphere above the first layer; NaN when
/// fewer than 3 rings qualify.
struct PileMeasures {
  double H = 0.0;
  double base_radius = 0.0;
  int on_plane = 0;
  int in_flight = 0;  ///< spheres present in no contact
  double angle_of_repose_deg = 0.0;
  int rings_fitted = 0;
};
PileMeasures pile_measures(const PileOutcome& outcome, double d);

/// The one-line message of a run that reached the drop height.
std::string drop_height_message(const DropHeightReached& reached);

/// The report (schema "limitdir.pile-report/1", docs/manual.md section 15).
nlohmann::json pile_report(const PileProblem& problem, const PileOutcome& outcome);

}  // namespace limitdir
