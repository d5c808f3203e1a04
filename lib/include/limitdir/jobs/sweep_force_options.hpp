#pragma once
// The options of the job sweep-force as plain values (docs/manual.md sections 5 and 14): what the
// app's options say, for programs that run the job without its command line.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/limits/limits.hpp"

namespace limitdir {

/// sweep-force: the bifurcation diagram of the limit directions over [from, to] of a parameter,
/// with its certificate. The defaults are the app's; from and to are required (no default).
struct SweepForceOptions {
  /// The first value of the parameter (--from), a finite number. Unit: the swept parameter's.
  double from = 0.0;
  /// The last value of the parameter (--to), a finite number > from. Unit: the swept parameter's.
  double to = 0.0;
  /// The parameter swept (--parameter): "force" or another name of sweep_parameter_registry
  /// (continuation/continuation.hpp: "lambda", "alpha", "j", "rho", "a/b", "d", "gamma", "k" or
  /// a dotted key of the problem file), checked against the problem when the job runs.
  std::string parameter = "force";
  /// find-limits re-checks at `checks` equally spaced interior values (--checks),
  /// 0 <= checks <= 10000. Unit: count.
  int checks = 16;
  /// The largest arclength step in (w, rdot, p) (--h-max), a finite number > 1e-9 (the smallest
  /// step, ContinuationOptions::h_min). Unit: mixed (the Euclidean length of a step in w,
  /// dimensionless, rdot in mu g and p in the swept parameter's unit, taken as numbers).
  double h_max = 0.05;
  /// Load sweeps off the invariant circle: also cover the sphere x [from, to] in interval
  /// arithmetic and require a located event in every window (--enclose-events; slower: ~0.1-1 s).
  bool enclose_events = false;
  /// Do not attempt the proof of a load diagram (--no-proof): it then stays checked.
  bool no_proof = false;
  /// --max-chord TOL: every branch refined until each chord lies within TOL of the branch in the
  /// scaled (w, (p - from)/(to - from)) (continuation/branch_chords.hpp; docs/manual.md section 5,
  /// "Chords"), finite and > 0; empty: the continuation's steps alone. Unit: 1.
  std::optional<double> max_chord;
  /// --model, --degree, --pressure, --rho, --force; problem.force fixes the load of a sweep of
  /// another parameter and must be empty when parameter is "force".
  ProblemOverrides problem;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;
  /// The least certificate level of status 0 (--require): Level::checked or Level::proven; a
  /// report below it has status 3 (docs/manual.md section 5).
  Level require = Level::checked;

  /// InputError "SweepForceOptions::<field>: must be ... (got ...)" for the first field out of
  /// its range.
  void validate() const;
};

/// The job of `options` (validated: InputError as SweepForceOptions::validate); Job::args is
/// empty (no text was given). Its report's "options" are the fields that differ from their
/// defaults (from and to always) by the app's option names, the numbers as the shortest JSON
/// text that reads back to them, the switches as true: as the app writes the options typed.
Job make_job(const SweepForceOptions& options);

}  // namespace limitdir
