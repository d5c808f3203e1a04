#pragma once
// The command line of `scan` (docs/manual.md section 14, "The scan command"): scan's own options
// and the job's options, which scan passes on to make_job as typed.
#include <optional>
#include <string>
#include <vector>

namespace limitdir {

/// What `scan` was asked, before any file is read: the texts of its options.
struct ScanCommand {
  bool help = false, version = false, full = false;
  /// --quiet (-q) and --progress: the progress notes' rule of every app (docs/manual.md section 5,
  /// "Progress"); the app renders them (apps/common/progress.hpp), the library only reports.
  bool quiet = false, progress = false;
  std::optional<std::string> problem;  // PROBLEM: the first operand ("-": standard input)
  std::optional<std::string> job;      // --job NAME
  /// Every argument scan does not know, in order and as typed ({"--from", "0", "--to=1.5"}): the
  /// job's options (make_job parses them; they enter the scan's hash).
  std::vector<std::string> job_args;
  std::vector<std::string> grid;  // each --grid SPEC
  std::optional<std::string> points, random, seed, shard, resume, jobs;
  std::optional<std::vector<std::string>> merge;  // --merge FILE...: the files
  std::optional<std::string> summary;             // --summary FILE (scan/summary_command.hpp)
  /// The number of job_args met before --summary: with --job, job_args[0, summary_at) are the
  /// job's options (those of the scan that wrote the records) and the rest the summary's.
  std::size_t summary_at = 0;
};

/// Splits the arguments (argv without the program name). Scan's options: --job, --grid, --points,
/// --random, --seed, --shard, --resume, --jobs (each with a value, as "--opt V" or "--opt=V"),
/// --full, --quiet (-q), --progress, --help (-h), --version, and --merge followed by its files
/// (every argument up to the next one that starts with "-"). A "-" alone, or a "-" followed by a
/// digit or ".", is a value, not an option (a negative number). Any other option is the job's: it
/// goes to job_args with the values that follow it (every argument up to the next option), except
/// that the first value met before any job option is PROBLEM. Without PROBLEM, `stdin_is_input`
/// (the app's decision: standard input is not a terminal; docs/manual.md section 5, "Standard
/// input") makes it "-", as every app reads its input (not for --help or --version). InputError
/// (one line) on an option of scan given twice (but --grid) or without its value, --merge without
/// files, a second operand before the job's options, or standard input ("-") named by more than
/// one of PROBLEM, --points, --resume, --summary and the --merge files (it can be read once).
ScanCommand parse_scan_command(const std::vector<std::string>& args, bool stdin_is_input = false);

/// scan's --help: the synopsis, its options, the jobs, records and exit codes.
std::string scan_help_text();

}  // namespace limitdir
