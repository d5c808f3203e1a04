// The command line of `scan` (docs/manual.md section 14); see scan/scan_command.hpp.
#include "limitdir/scan/scan_command.hpp"

#include <cctype>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

/// An option: "-" then a letter or "-" ("-" alone is standard input, "-0.5" a number).
bool is_option(const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-') return false;
  return !(std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.');
}

/// The member of `command` holding scan's option `name` that takes one value, or nullptr.
std::optional<std::string>* valued_option(ScanCommand& command, const std::string& name) {
  if (name == "--job") return &command.job;
  if (name == "--points") return &command.points;
  if (name == "--random") return &command.random;
  if (name == "--seed") return &command.seed;
  if (name == "--shard") return &command.shard;
  if (name == "--resume") return &command.resume;
  if (name == "--jobs") return &command.jobs;
  if (name == "--summary") return &command.summary;
  return nullptr;
}

/// A flag of scan (no value), or nullptr.
bool* flag_option(ScanCommand& command, const std::string& name) {
  if (name == "--help" || name == "-h") return &command.help;
  if (name == "--version") return &command.version;
  if (name == "--full") return &command.full;
  if (name == "--quiet" || name == "-q") return &command.quiet;
  if (name == "--progress") return &command.progress;
  return nullptr;
}

/// The value of option `name` at args[i] ("--name=V", or V the next argument: i advances).
std::string option_value(const std::vector<std::string>& args, std::size_t& i, const std::string& name,
                         const std::optional<std::string>& inline_value) {
  if (inline_value) return *inline_value;
  if (i + 1 >= args.size() || is_option(args[i + 1])) throw InputError(name + ": needs a value; see --help");
  return args[++i];
}

/// --merge FILE...: the files that follow args[i] (i advances past them).
std::vector<std::string> merge_files(const std::vector<std::string>& args, std::size_t& i) {
  std::vector<std::string> files;
  while (i + 1 < args.size() && !is_option(args[i + 1])) files.push_back(args[++i]);
  if (files.empty()) throw InputError("--merge: needs the files to merge (--merge FILE...)");
  return files;
}

/// Standard input can be read once: InputError when more than one input of `command` names it.
/// `problem_omitted`: PROBLEM is "-" because it was omitted (the message says so).
void check_one_stdin(const ScanCommand& command, bool problem_omitted) {
  std::vector<std::string> readers;
  const auto add = [&readers](const std::optional<std::string>& path, const std::string& what) {
    if (path == "-") readers.push_back(what);
  };
  add(command.problem, "PROBLEM");
  add(command.points, "--points");
  add(command.resume, "--resume");
  add(command.summary, "--summary");
  if (command.merge)
    for (const std::string& file : *command.merge) add(file, "--merge");
  if (readers.size() > 1)
    throw InputError("standard input (-) can be read once, but " + readers[0] + " and " + readers[1] + " both name it" +
                     (problem_omitted ? " (PROBLEM, omitted, is standard input when that is not a terminal)" : ""));
}

}  // namespace

ScanCommand parse_scan_command(const std::vector<std::string>& args, bool stdin_is_input) {
  ScanCommand command;
  bool in_job_option = false;  // the last option was the job's: the values that follow are its
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!is_option(arg)) {
      if (in_job_option) {
        command.job_args.push_back(arg);
      } else if (!command.problem) {
        command.problem = arg;
      } else {
        throw InputError("unexpected argument \"" + arg + "\" (PROBLEM is \"" + *command.problem +
                         "\"; a job option's values follow the option)");
      }
      continue;
    }
    in_job_option = false;
    const std::size_t equals = arg.find('=');
    const std::string name = arg.substr(0, equals);
    const std::optional<std::string> inline_value =
        equals == std::string::npos ? std::nullopt : std::optional<std::string>(arg.substr(equals + 1));
    if (bool* flag = flag_option(command, name)) {
      if (inline_value) throw InputError(name + ": takes no value (got \"" + arg + "\")");
      *flag = true;
    } else if (name == "--merge") {
      if (inline_value) throw InputError("--merge: takes the files that follow it (--merge FILE...)");
      if (command.merge) throw InputError("--merge: given twice");
      command.merge = merge_files(args, i);
    } else if (name == "--grid") {
      command.grid.push_back(option_value(args, i, name, inline_value));
    } else if (std::optional<std::string>* target = valued_option(command, name)) {
      if (*target) throw InputError(name + ": given twice");
      *target = option_value(args, i, name, inline_value);
      if (name == "--summary") command.summary_at = command.job_args.size();
    } else {  // the job's option, as typed
      command.job_args.push_back(arg);
      in_job_option = true;
    }
  }
  const bool problem_omitted = !command.problem && stdin_is_input && !command.help && !command.version;
  if (problem_omitted) command.problem = "-";
  check_one_stdin(command, problem_omitted);
  return command;
}

std::string scan_help_text() {
  return R"(Usage: scan PROBLEM --job NAME [job options] GRID [--shard I/N] [--resume FILE] [--jobs K] [--full]
       scan PROBLEM GRID [--job NAME [job options]] --merge FILE...
       scan PROBLEM GRID [--job NAME [job options]] --summary FILE [--x KEY] [--y KEY] [--field NAME]
            [--format json|csv|tsv]
       scan --job NAME --help   (the options of the job NAME)
with GRID one of
       --grid KEY=FROM:TO:COUNT | --grid KEY=log:FROM:TO:COUNT | --grid KEY=v1,v2,...
                                                    (repeated: the product of the axes)
       --points FILE.jsonl                          (an explicit list of points)
       --random N --seed S --grid KEY=[log:]FROM:TO:COUNT...  (a Latin hypercube of N points)

Runs the job NAME (find-limits, sweep-force, bifurcation-map, simulate, roll, celt or pile: the app
of that name, with the options it takes, but no PROBLEM and no --format) at every point of a grid of
values of numeric keys of the problem file PROBLEM ("-", or omitted when standard input is not a
terminal: standard input; dotted paths: system.lambda, friction.degree,
contact.shape.ellipse.1, force, ...), and writes one JSON line per point on standard output
(schema "limitdir.scan-record/1"): index, key, grid and scan hashes, point, status (the job's exit
status) and the job's summary (with --full also its whole report). Each line is written whole as
soon as its point is done; with --jobs K > 1 the lines come in the order the points finish, not in
index order (scan --merge sorts them). docs/manual.md section 14.

Options:
  --job NAME         the job run at every point
  --grid SPEC        an axis: KEY=FROM:TO:COUNT (COUNT evenly spaced values, FROM and TO exact),
                     KEY=log:FROM:TO:COUNT (COUNT values evenly spaced in log,
                     FROM (TO/FROM)^(i/(COUNT-1)), each the double nearest it, FROM and TO exact;
                     FROM, TO > 0; with --random the points are uniform in log) or KEY=v1,v2,...
                     Units: FROM the key's, TO the key's, COUNT count, v1 the key's (and v2, ...).
  --points FILE      the points as JSON Lines, one object {KEY: number, ...} per line
  --random N         N points of a Latin hypercube over the --grid ranges (with --seed S). Unit: count.
  --seed S           the seed of --random (an integer >= 0). Unit: identifier.
  --shard I/N        run only the points whose index i has i mod N = I (default 0/1). Units: I index,
                     N count.
  --resume FILE      skip the points recorded in FILE (records of this scan); a partial last line
                     is cut off the file and its point redone:
                       scan ... --resume out.jsonl >> out.jsonl   continues one file
  --jobs K           run K points at once in K threads, 1 <= K <= 1024 (default 1). Unit: count.
  --full             add the job's whole report to each record ("report")
  -q, --quiet        no progress notes on standard error (the notes on the records stay)
  --progress         progress notes even when standard error is not a terminal, one line each
  --merge FILE...    check that every point of the grid is recorded exactly once in the FILEs
                     and write their records sorted by index
  --summary FILE     summarise a (merged) scan file as limitdir.scan-summary/1: counts per status,
                     level and class, the worst certificate, the slowest points and a table over
                     two axes (--x KEY, --y KEY: by default the first two) with --field NAME (a
                     number of the records' summary) per cell; plot draws it as a heat map;
                     --format csv|tsv prints the table's cells instead, one row per (x, y)
                     (with --job: the records must be of that job and options, given before
                     --summary; the summary's options come after FILE)
  -h, --help         print this help and exit
  --version          print the version and exit

Exit codes:
  0  every point of the shard is recorded (each record has the job's own status there; a note on
     standard error counts the points whose status is not 0); --merge: every point exactly once
  2  bad input: a one-line message on standard error (before any point runs)
  3  --merge: a point missing or recorded more than once (the merged records are still written)
  4  I/O error: writing a record or reading an opened file failed
  5  internal error (a bug in limitdir; please report the one-line message)
)";
}

}  // namespace limitdir
