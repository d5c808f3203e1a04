#pragma once
// The options of the job simulate as plain values (docs/manual.md sections 5 and 14): what the
// app's options say, for programs that run the job without its command line.
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"

namespace limitdir {

/// simulate: one trajectory of the slip dynamics up to stick (x0; its kept points go to
/// JobHooks::point as they are computed), or a survey of trajectories from points of the unit
/// sphere (survey). Exactly one of x0 and survey is given. The defaults are the app's.
struct SimulateOptions {
  /// The initial slip x_o(0) = (u_x, u_y, rho omega_z) (--x0), finite and not zero. Unit:
  /// sqrt(mu g R) (a slip velocity, docs/manual.md section 1).
  std::optional<Eigen::Vector3d> x0;
  /// Run N trajectories from the unit sphere instead (--survey N), 1 <= N <= 20000. Unit: count.
  std::optional<int> survey;
  /// Keep every K-th step of the trajectory (--every K; only with x0), 0 <= K <= 1000000000
  /// (0: none); empty: 1. Unit: count.
  std::optional<int> every;
  /// Integrate backward in time (--backward: departures from stick).
  bool backward = false;
  /// Give up (status 3) after this many accepted steps per trajectory (--max-steps),
  /// 1 <= max_steps <= 10^12. Unit: count.
  long long max_steps = 2000000;
  /// --model, --degree, --pressure, --rho, --force.
  ProblemOverrides problem;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;

  /// InputError "SimulateOptions::<field>: must be ... (got ...)" for the first field out of
  /// its range, or naming the fields that go together badly (x0 and survey, every and survey).
  void validate() const;
};

/// The job of `options` (validated: InputError as SimulateOptions::validate); Job::args is
/// empty (no text was given).
Job make_job(const SimulateOptions& options);

}  // namespace limitdir
