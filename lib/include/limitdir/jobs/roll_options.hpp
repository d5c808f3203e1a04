#pragma once
// The options of the job roll as plain values (docs/manual.md sections 10 and 14): what the
// app's options say, for programs that run the job without its command line.
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/rolling/sphere.hpp"
#include "limitdir/rolling/sphere_io.hpp"

namespace limitdir {

/// roll: a Moreau-Jean run of the sphere rolling on a plane with rolling resistance, or with
/// `map` the X_max(mu, mu_r) map of Fig. 2. Each override is empty by default: the problem
/// file's value is kept. The defaults are the app's.
struct RollOptions {
  /// Friction coefficient mu >= 0 (--mu; overrides friction.mu). Unit: dimensionless.
  std::optional<double> mu;
  /// Rolling friction coefficient mu_r >= 0, a length (--mu-r; overrides friction.mu_r). Unit: m.
  std::optional<double> mu_r;
  /// Time step h > 0 (--h; overrides time.h). Unit: s.
  std::optional<double> h;
  /// Final time t_end > 0 (--t-end; overrides time.t_end). Unit: s.
  std::optional<double> t_end;
  /// Theta of the scheme in [0, 1] (--theta; overrides time.theta). Unit: dimensionless.
  std::optional<double> theta;
  /// Solver: pgs, pfp or extragradient (--method; overrides solver.method); not with a problem
  /// with spin_friction (checked with the problem, by run_job).
  std::optional<RollingMethod> method;
  /// Solver tolerance in (0, 1) (--tol; overrides solver.tol). Unit: dimensionless.
  std::optional<double> tol;
  /// Initial velocity of the centre (--velocity; overrides initial.velocity), finite. Unit: m/s.
  std::optional<Eigen::Vector3d> velocity;
  /// Initial angular velocity (--omega; overrides initial.omega), finite. Unit: rad/s.
  std::optional<Eigen::Vector3d> omega;
  /// Keep every K-th step in the history (--every K; not with map), 0 <= K <= max_sphere_steps
  /// (0: t = 0 and the last step only); at most 200000 rows (checked with the problem). Empty:
  /// max(1, steps / 1000) with steps = floor(t_end / h) + 1 of the problem. Unit: count.
  std::optional<int> every;
  /// Print the X_max(mu, mu_r) map of Fig. 2 instead of one run (--map).
  bool map = false;
  /// The mu axis of the map (--mu-grid LO,HI,N; only with map): N values from LO to HI, finite,
  /// 0 <= LO <= HI, 1 <= N <= max_map_axis; empty: 0.01, 0.3, 15. Units: LO, HI dimensionless,
  /// N count.
  std::optional<Grid> mu_grid;
  /// The mu_r axis of the map (--mu-r-grid LO,HI,N; only with map), as mu_grid, HI below the
  /// sphere's radius (checked with the problem); empty: 0.004, 0.032, 15. Units: LO m, HI m,
  /// N count.
  std::optional<Grid> mu_r_grid;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;

  /// InputError "RollOptions::<field>: must be ... (got ...)" for the first field out of its
  /// range, or naming the fields that go together badly (mu_grid or mu_r_grid without map,
  /// every with map).
  void validate() const;
};

/// The job of `options` (validated: InputError as RollOptions::validate); Job::args is empty
/// (no text was given).
Job make_job(const RollOptions& options);

}  // namespace limitdir
