#pragma once
// The options of the job bifurcation-map as plain values (docs/manual.md sections 13 and 14):
// what the app's options say, for programs that run the job without its command line.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/maps/curves.hpp"

namespace limitdir {

/// bifurcation-map: the bifurcation curves, codimension-2 points and regions over the rectangle
/// x.from..x.to by y.from..y.to of two parameters, with its certificate. The defaults are the
/// app's; the ranges and y's name are required (no default).
struct BifurcationMapOptions {
  /// The first parameter (--x, default "force") and its range (--x-range A:B): `name` one of
  /// sweep_parameter_registry (continuation/continuation.hpp), checked against the problem when
  /// the job runs; from < to, finite. Unit: the parameter's.
  MapAxis x{"force", 0.0, 0.0};
  /// The second parameter (--y, required: a name of the same registry as x's) and its range
  /// (--y-range A:B), from < to, finite. Unit: the parameter's.
  MapAxis y;
  /// Interior seeding lines in each direction (--lines), 1 <= lines <= 200. Unit: count.
  int lines = 9;
  /// --max-chord TOL: every curve refined until each chord's middle lies within TOL of the curve
  /// in the scaled (x, y) (fractions of the rectangle's sides; docs/manual.md section 13,
  /// "Chords"), finite and > 0; empty: the continuation's steps alone. Unit: 1.
  std::optional<double> max_chord;
  /// --orbits: continue the closed orbits of every seeding sweep and draw their cycle-fold, snic
  /// and homoclinic events as the map's orbit curves (docs/manual.md section 13, "Orbit curves";
  /// claim "orbit curves", checked at best).
  bool orbits = false;
  /// --model, --degree, --pressure, --rho, --force; problem.force fixes the load of a map of two
  /// other parameters and must be empty when x or y is "force".
  ProblemOverrides problem;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;
  /// The least certificate level of status 0 (--require): Level::checked or Level::proven; a
  /// report below it has status 3 (docs/manual.md section 5).
  Level require = Level::checked;

  /// InputError "BifurcationMapOptions::<field>: must be ... (got ...)" for the first field out
  /// of its range.
  void validate() const;
};

/// The job of `options` (validated: InputError as BifurcationMapOptions::validate); Job::args is
/// empty (no text was given).
Job make_job(const BifurcationMapOptions& options);

}  // namespace limitdir
