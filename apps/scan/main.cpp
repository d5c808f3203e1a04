// scan PROBLEM --job NAME [job options] GRID [--shard I/N] [--resume FILE] [--jobs K] [--full]
// scan PROBLEM GRID [--job NAME [job options]] --merge FILE...
// scan PROBLEM GRID --summary FILE [--x KEY] [--y KEY] [--field NAME]
// Runs a job at every point of a grid of a problem file's keys and writes one JSON line per point
// (docs/manual.md section 14, schema "limitdir.scan-record/1"); shards, resumes and merges. The
// work is in the library (scan/scan_run.hpp); this shell parses, prints and maps the exit codes
// of docs/manual.md section 5.
#include <algorithm>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

#include "limitdir/core/version.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/jobs/job.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_run.hpp"
#include "limitdir/scan/summary_command.hpp"
#include "progress.hpp"

namespace {


int fail(const std::string& message, int code) {
  limitdir::cli::end_progress();  // the error starts on a line of its own
  std::cerr << "scan: error: " << limitdir::printable_line(message) << std::endl;
  return code;
}

/// A note on the data (points not ok, a cut line): printed whatever the progress mode (--quiet
/// silences the progress only; docs/manual.md section 14, "Progress").
void note(const std::string& text) {
  limitdir::cli::end_progress();
  std::cerr << "scan: " << limitdir::printable_line(text) << std::endl;
}

/// The progress notes rendered as every app renders them (apps/common/progress.hpp): in place
/// on a terminal, one line each with --progress, none with --quiet or when stderr is not a
/// terminal. The records go to standard output by write(2) from the library, so on the
/// terminal of the notes (output_shares_terminal) a note drawn in place would be written over:
/// there the notes are one line each instead.
limitdir::ScanNote start_scan_progress(const limitdir::ScanCommand& command) {
  using limitdir::cli::ProgressMode;
  ProgressMode mode = limitdir::cli::progress_mode(command.quiet, command.progress, isatty(STDERR_FILENO) != 0);
  if (mode == ProgressMode::in_place && !command.summary && limitdir::cli::output_shares_terminal())
    mode = ProgressMode::lines;
  limitdir::cli::start_progress("scan", mode);
  const limitdir::ProgressHook hook = limitdir::cli::progress_hook();
  if (!hook) return {};
  return [hook](const std::string& text) { hook(limitdir::printable_line(text)); };
}

/// The command's work; its exit code (0, or 3 for an incomplete merge).
int run(const limitdir::ScanCommand& command) {
  if (command.help) {
    if (command.job)  // the job's options, as its app lists them (without PROBLEM and --format)
      std::cout << "Usage: scan PROBLEM --job " << *command.job << " [the options below] GRID ... (see scan --help)\n\n"
                << limitdir::job_options_help(limitdir::parse_job_kind(*command.job));
    else
      std::cout << limitdir::scan_help_text();
    return 0;
  }
  if (command.version) {
    std::cout << "scan (limitdir) " << limitdir::version << "\n";
    return 0;
  }
  const limitdir::ScanNote progress = start_scan_progress(command);
  if (command.summary) {
    const std::string output = limitdir::scan_summary_output(command, note, progress);
    limitdir::cli::end_progress();
    std::cout << output << std::flush;
    return 0;
  }
  if (command.merge) {
    const std::string missing = limitdir::merge_scan_command(command, STDOUT_FILENO, note, progress);
    limitdir::cli::end_progress();
    return missing.empty() ? 0 : fail(missing, 3);
  }
  const limitdir::ScanOutcome outcome = limitdir::run_scan_command(command, STDOUT_FILENO, note, progress);
  limitdir::cli::end_progress();
  if (outcome.not_ok != 0)  // recorded with their status: the scan itself succeeded (section 14)
    note(std::to_string(outcome.not_ok) + " of " + std::to_string(outcome.points) +
         " points recorded with a status other than 0 (first: " + outcome.first_not_ok + ")");
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    // PROBLEM omitted: standard input unless it is a terminal, as in every app (docs/manual.md section 5)
    return run(limitdir::parse_scan_command(std::vector<std::string>(argv + 1, argv + argc), isatty(STDIN_FILENO) == 0));
  } catch (...) {  // the apps' mapping of failures to exit codes (docs/manual.md section 5)
    const auto [code, message] = limitdir::options::current_failure();
    return fail(message, code);
  }
}
