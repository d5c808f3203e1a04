#pragma once
// The options of the job pile as plain values (docs/manual.md sections 14 and 15): what the app's
// options say, for programs that run the job without its command line.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"

namespace limitdir {

/// pile: the spheres pile of [Acary & Bourrier 2021] Sect. 6.2 (granular/pile_run.hpp). The
/// problem's values (spheres.count, law.mu, law.mu_r, law.e, seed, stepping.h, stepping.t_end,
/// ...) change through `set`. The defaults are the app's.
struct PileOptions {
  /// Keep every K-th step in the history and the VTK frames (--every K), K >= 0 (0: the first
  /// and last steps only); at most max_pile_rows rows (checked with the problem). Empty:
  /// max(1, steps / 1000). Unit: count.
  std::optional<long long> every;
  /// Write the kept steps as VTK XML PolyData files and a .pvd index into this directory
  /// (--vtk DIR; granular/vtk.hpp). Empty: none.
  std::optional<std::string> vtk;
  /// Threads of the run (--jobs K), in [1, max_granular_threads] (granular/worker_pool.hpp): 1
  /// sweeps the contacts in their order; >= 2 in colour order, one colour's contacts on K threads
  /// at once, the report the same for every K >= 2 (docs/manual.md section 15, "Threads").
  int jobs = 1;
  /// Print the scene (schema "limitdir.pile-scene/1": the births) instead of running (--scene).
  bool scene = false;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;

  /// InputError "PileOptions::<field>: must be ... (got ...)" for the first field out of range.
  void validate() const;
};

/// The most history rows of a run (~400 bytes of JSON each: 80 MB).
inline constexpr long long max_pile_rows = 200000;

/// The job of `options` (validated); Job::args is empty.
Job make_job(const PileOptions& options);

}  // namespace limitdir
