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
#include "limitdir/scan/job.hpp"
#include "limitdir/scan/job_options.hpp"
#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_run.hpp"
#include "limitdir/scan/summary_command.hpp"

namespace {

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

int fail(const std::string& message, int code) {
  std::cerr << "scan: error: " << one_line(message) << std::endl;
  return code;
}

void note(const std::string& text) { std::cerr << "scan: " << one_line(text) << std::endl; }

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
  if (command.summary) {
    std::cout << limitdir::scan_summary_output(command, note) << std::flush;
    return 0;
  }
  if (command.merge) {
    const std::string missing = limitdir::merge_scan_command(command, STDOUT_FILENO, note);
    return missing.empty() ? 0 : fail(missing, 3);
  }
  const limitdir::ScanOutcome outcome = limitdir::run_scan_command(command, STDOUT_FILENO, note);
  if (outcome.not_ok != 0)  // recorded with their status: the scan itself succeeded (section 14)
    note(std::to_string(outcome.not_ok) + " of " + std::to_string(outcome.points) +
         " points recorded with a status other than 0 (first: " + outcome.first_not_ok + ")");
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    return run(limitdir::parse_scan_command(std::vector<std::string>(argv + 1, argv + argc)));
  } catch (...) {  // the apps' mapping of failures to exit codes (docs/manual.md section 5)
    const auto [code, message] = limitdir::options::current_failure();
    return fail(message, code);
  }
}
