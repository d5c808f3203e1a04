#pragma once
// The options of the job find-limits as plain values (docs/manual.md sections 5 and 14): what the
// app's options say, for programs that run the job without its command line.
#include <string>
#include <vector>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/limits/limits.hpp"

namespace limitdir {

/// find-limits: every limit direction of the problem at one load, classified, with its
/// certificate. The defaults are the app's.
struct FindLimitsOptions {
  /// The solver (--method): "auto" (the most specific exact method that applies),
  /// "linear-eigen" (constant B), "invariant-circle" (axisymmetric, load in the symmetry plane)
  /// or "global" (mesh search of the sphere).
  std::string method = "auto";
  /// The icosphere level of the global search (--mesh-level), 1 <= mesh_level <= 7 (4: 2562
  /// vertices). Unit: count (of refinements).
  int mesh_level = 4;
  /// --model, --degree, --pressure, --rho, --force.
  ProblemOverrides problem;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;
  /// The least certificate level of status 0 (--require): Level::checked or Level::proven; a
  /// report below it has status 3 (docs/manual.md section 5).
  Level require = Level::checked;

  /// InputError "FindLimitsOptions::<field>: must be ... (got ...)" for the first field out of
  /// its range.
  void validate() const;
};

/// The job of `options` (validated: InputError as FindLimitsOptions::validate); Job::args is
/// empty (no text was given).
Job make_job(const FindLimitsOptions& options);

}  // namespace limitdir
