#pragma once
// The jobs a scan runs at its points (docs/manual.md section 14): the computations of the apps
// find-limits, sweep-force, bifurcation-map, simulate, roll and celt as library calls on a
// problem document, with the options their apps take. The apps and `scan` run the same code.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace limitdir {

enum class JobKind { find_limits, sweep_force, bifurcation_map, simulate, roll, celt, pile };

/// "find-limits", "sweep-force", "bifurcation-map", "simulate", "roll", "celt", "pile" (the app's name);
/// InputError "--job: must be one of ... (got "NAME")" for any other name.
JobKind parse_job_kind(const std::string& name);
std::string job_name(JobKind kind);

struct JobOptions;  // the parsed options (lib/src/scan/), opaque here

/// A job and its options, checked once before any point runs.
struct Job {
  JobKind kind = JobKind::find_limits;
  /// The job's options as given, e.g. {"--from", "0", "--to", "1.5"} (they enter the scan's hash).
  std::vector<std::string> args;
  std::shared_ptr<const JobOptions> options;
};

/// Parses `args` exactly as the app `kind` parses its options (the same option table and the same
/// one-line errors), without PROBLEM (the scan gives it: no positional argument is taken) and
/// without --format (a scan writes records; --require is taken and sets the level below which a
/// point's status is 3, as in the app). InputError on bad options.
Job make_job(JobKind kind, const std::vector<std::string>& args);

/// The help text of the options of a job (for `scan --help`).
std::string job_options_help(JobKind kind);

/// What a job did at one point.
/// JobResult::status of a job ended by JobHooks::cancelled (128 + SIGINT, as a shell reports a
/// process ended by Ctrl-C); the apps set no predicate and never see it.
inline constexpr int cancelled_status = 130;

struct JobResult {
  int status = 0;         // the app's exit code for this problem (docs/manual.md section 5: 0, 2, 3, 4, 5;
                          // cancelled_status when JobHooks::cancelled ended it)
  std::string message;    // the app's one-line message on stderr when status != 0, after "<app>: error: " (else empty)
  /// The app's JSON output (null when it printed none, e.g. on bad input); for simulate --x0 its
  /// final record (the trajectory's points go to JobHooks::point).
  nlohmann::json report;
  /// The job's summary for the scan's record: always the keys
  ///   "seconds" (wall time of the job), "level" ("proven", "checked", "incomplete" or null: no
  ///   certificate), "reason" (the certificate's reason, or the message when status != 0, or null),
  ///   "class" (a short text naming the qualitative outcome, the category that `scan --summary`
  ///   counts and `plot` colours, or null when status is 2, 4 or 5),
  /// and the job's own numbers (e.g. "limit_directions", "types", "events", "X_max"),
  /// listed in docs/manual.md section 14.
  nlohmann::json summary;
  double seconds = 0.0;
};

/// Hooks of a run: `progress` gets the app's progress notes (what the app prints on stderr after
/// a second); none is called after run_job returns.
struct JobHooks {
  std::function<void(const std::string&)> progress;
  /// simulate --x0 only: each kept point of the trajectory {"t", "tau", "r", "w"} as it is
  /// computed (the app streams them to stdout; JobResult::report holds only the final record).
  /// Not called when absent; an exception it throws ends the job with that exception's status
  /// (e.g. IoError: 4).
  std::function<void(const nlohmann::json&)> point;
  /// Polled by the job's long loops (core/cancellation.hpp), from the calling thread and from the
  /// worker threads the job starts (so thread-safe); once it returns true the job unwinds and
  /// run_job returns status cancelled_status, message "cancelled", no report. Absent: the
  /// calling thread's current predicate (a CancellationScope around run_job) applies.
  std::function<bool()> cancelled;
};

/// Runs `job` on the problem file `document` (a point's problem: limitdir.problem/1 or a report
/// embedding one, limitdir.roll/1 for roll, limitdir.celt/1 for celt, limitdir.pile/1 for pile). Every failure becomes a
/// status, as the app maps it to an exit code (InputError 2, NumericalError and the numerical
/// libraries' errors 3, IoError 4, anything else 5), with its one-line message: run_job does not
/// throw. Re-entrant: several threads may run jobs at once (tests/scan, ThreadSanitizer).
JobResult run_job(const Job& job, const nlohmann::json& document, const JobHooks& hooks = {});
/// The same, naming the document `source` in messages as the apps name their PROBLEM file
/// (the form above names it "<problem>"; a scan may name the point, e.g. "ball.json at point 12").
JobResult run_job(const Job& job, const nlohmann::json& document, const std::string& source,
                  const JobHooks& hooks = {});

}  // namespace limitdir
