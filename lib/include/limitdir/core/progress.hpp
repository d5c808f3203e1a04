#pragma once
// Progress of a long computation (docs/manual.md section 5, "Progress"): the library says how
// far a loop has gone through a hook; the apps render the notes (a counter redrawn in place on
// a terminal, one line per note with --progress, nothing with --quiet: apps/common/progress.hpp).
// No terminal handling here.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace limitdir {

/// Gets one short progress note, e.g. "mesh level 4: 1200/2562 vertices (46 %)".
using ProgressHook = std::function<void(const std::string&)>;

/// The clock the notes are throttled by: steady_clock::now, or a test's clock that it moves
/// itself (tests/core/test_progress.cpp), so that no check depends on the machine's speed.
using ProgressClock = std::chrono::steady_clock::time_point (*)();

/// The progress of a counted loop: a note "<what> 0/<total> (0 %)" when it starts (so that a
/// long run says which stage it is in, however short the stage), then step(done) passes
/// "<what> <done>/<total> (<p> %)" to the hook at most once per progress_interval. A total of 0
/// means unknown (an adaptive search): the notes are "<what> <done>". Without a hook step() costs
/// one branch; with one, a clock read (~25 ns). The apps drop the notes of a run's first second.
class ProgressCounter {
 public:
  ProgressCounter(ProgressHook hook, std::string what, std::uint64_t total,
                  ProgressClock clock = &std::chrono::steady_clock::now);
  void step(std::uint64_t done) {
    if (hook_) maybe_note(done);
  }

 private:
  void maybe_note(std::uint64_t done);
  ProgressHook hook_;
  std::string what_;
  std::uint64_t total_;
  ProgressClock clock_;
  std::chrono::steady_clock::time_point last_;
};

/// The progress hook of the run on this thread: what a ProgressScope set (empty when none). The
/// long loops that take no hook of their own (find-limits' mesh, proof and closed-orbit stages,
/// simulate's survey, friction-model's grid) report to it, so that a hook reaches them without a
/// field in every options struct on the way. It is thread_local: runs on other threads (scan
/// --jobs, bifurcation-map's sweeps) have their own, empty unless they set one.
const ProgressHook& current_progress();

/// Sets current_progress() to `hook` for its lifetime (the previous one is restored after); an
/// empty hook silences the loops below it (a sweep's many find-limits calls).
class ProgressScope {
 public:
  explicit ProgressScope(ProgressHook hook);
  ~ProgressScope();
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;

 private:
  ProgressHook previous_;
};

/// A hook that passes the notes it gets on to `hook`, each after the text `*prefix` has then (a
/// caller's current stage, e.g. "sweep: seeding; "), at most once per progress_interval: for the
/// loops of the many find-limits calls of a sweep. Empty when `hook` is.
ProgressHook throttled_progress(ProgressHook hook, const std::string* prefix,
                                ProgressClock clock = &std::chrono::steady_clock::now);

/// "<what> <done>/<total> (<p> %)", the percentage rounded down (100 only when done >= total);
/// "<what> <done>" when total is 0 (unknown).
std::string progress_count_text(const std::string& what, std::uint64_t done, std::uint64_t total);

/// The interval between two notes of a loop, and the run time before an app shows the first: a
/// second (docs/manual.md section 5: a run that takes over a second notes its progress).
inline constexpr std::chrono::seconds progress_interval{1};

}  // namespace limitdir
