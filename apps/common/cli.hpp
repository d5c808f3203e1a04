#pragma once
// The command-line shell shared by every app (docs/manual.md section 5): --help and --version,
// option parsing with boost::program_options, the positional PROBLEM, the problem-file
// overrides of docs/manual.md section 4, strict numeric options, and the exit codes
//   0 success, 2 bad input, 3 a numerical failure the tool detected, 4 an I/O error (reading
//   an opened input or writing the output failed), 5 an internal error (a bug: please report).
// An app's body returns its complete output; it is written to stdout only on success, so a
// failure never leaves partial output, and every failure is one line "<app>: error: <message>"
// on stderr. A body may also return a result together with exit code 3 (e.g. find-limits when
// its certificate is not complete): then the output is printed and the one-line message too.
// An app that answers a yes/no question (diagram-diff: do two diagrams differ?) may return its
// result with exit code 1 for "no"; that is not a failure and writes nothing on stderr.
#include <functional>
#include <optional>
#include <string>

#include <Eigen/Core>
#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "limitdir/analysis/find_limits.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir::cli {

namespace po = boost::program_options;

// The strict conversions of option text, the problem overrides and --require: the library's
// (jobs/option_tables.hpp), shared with the jobs of `scan`.
using options::add_problem_overrides;
using options::add_require_option;
using options::add_set_option;
using options::apply_set_options;
using options::apply_problem_overrides;
using options::check_angle;
using options::integer_option;
using options::parse_integer;
using options::parse_range;
using options::parse_real;
using options::parse_vector3;
using options::real_option;
using options::required_level;
using options::shorten;

enum ExitCode : int {
  exit_success = 0,
  exit_negative = 1,
  exit_bad_input = 2,
  exit_numerical_failure = 3,
  exit_io_error = 4,
  exit_internal_error = 5
};

/// What --help and --version say about an app.
struct AppInfo {
  std::string name;         // "friction-model"
  std::string synopsis;     // "PROBLEM [options]"
  std::string description;  // one paragraph
  bool takes_problem = true;  // the positional PROBLEM (a problem file, "-" for stdin)
  bool problem_optional = false;  // PROBLEM may be omitted (the body decides what that means)
  /// Instead of PROBLEM: the name of an option that collects every positional argument (as a
  /// std::vector<std::string>; the body checks how many), e.g. "files" for diagram-diff A B.
  std::string operands{};
  /// What exit code 1 means, for --help (e.g. "the diagrams differ"); empty when the app
  /// never returns exit_negative.
  std::string exit_negative_meaning{};
  /// The schema of the PROBLEM file, for --help.
  std::string problem_schema = "limitdir.problem/1";
  /// The name of the PROBLEM operand and what it is, for --help and the message when it is
  /// missing (fit: "FIT_FILE", "a fit file").
  std::string problem_name = "PROBLEM";
  std::string problem_is = "a problem file";
};

/// What a body produced: the complete standard output and the exit code. A body returning a
/// plain string succeeds (exit 0). With exit_numerical_failure, `output` is still printed and
/// `message` (one line, required) says on stderr what went wrong, so that a result in doubt
/// is never passed on silently (docs/manual.md section 5). With exit_negative, `output` is printed and
/// `message` (optional) goes to stderr as "<app>: <message>". With exit_bad_input, exit_io_error or
/// exit_internal_error (a job's status, apps/common/job_app.hpp) `output` must be empty and
/// `message` (required) is the failure's one line, as if the matching exception had been thrown.
struct Output {
  Output(std::string text) : output(std::move(text)) {}  // NOLINT: implicit on purpose
  Output(std::string text, int exit_code, std::string why)
      : output(std::move(text)), code(exit_code), message(std::move(why)) {}
  std::string output;
  int code = 0;
  std::string message;
};

/// Computes the app's complete standard output (and possibly a failure code) from the options.
using Body = std::function<Output(const po::variables_map&)>;

/// Parses argv against `options` (plus --help, --version and PROBLEM), runs `body`, prints its
/// result, and returns the exit code. InputError and option errors give 2; NumericalError and
/// the std::runtime_errors of the numerical libraries (Boost.Math, Boost.Odeint) 3; IoError
/// and a failed write of the output 4; anything else (a std::logic_error, a JSON type error of
/// the app's own report, an unknown exception) 5. A body's own Output code is returned after
/// printing its output.
int run(const AppInfo& info, const po::options_description& options, int argc, const char* const argv[],
        const Body& body);

/// The input file an app reads, the same way in every app (docs/manual.md section 5): the
/// operand when one was given ("-" is standard input), else standard input when it is not a
/// terminal, else InputError "missing <what> (standard input is a terminal); usage: <app> <synopsis>"
/// (exit 2). run() applies it to PROBLEM; apps with operands of their own (plot, classify
/// --regions) call it.
std::string input_path(const std::optional<std::string>& operand, const AppInfo& info, const std::string& what);

/// The PROBLEM argument (present whenever body runs, info.takes_problem and not
/// info.problem_optional: input_path made it "-" when it was not given).
std::string problem_path(const po::variables_map& vm);
/// The PROBLEM argument if it was given.
std::optional<std::string> optional_problem_path(const po::variables_map& vm);

/// All of standard input parsed as one JSON document; InputError "<stdin>: ..." when it is
/// empty or malformed (`expected` says what should have been there).
nlohmann::json read_stdin_json(const std::string& expected);
/// The file `path` parsed as one JSON document ("-" is standard input, as read_stdin_json);
/// InputError "<path>: ..." when it cannot be read, is empty or is malformed.
nlohmann::json read_json_file(const std::string& path, const std::string& expected);

/// The problem of the file `path` ("-": standard input; a problem file or a report embedding
/// one, problem_from_document) with the --set options of `vm` applied to the document first
/// (options::apply_set_options), named `path` in messages as load_problem_input names it.
Problem load_problem(const std::string& path, const po::variables_map& vm);

/// A report with a certificate: exit 0 when its level is at least `required`, else the report
/// all the same with exit 3 and the reason on stderr, prefixed by `what` (e.g. "index sum 2").
Output certified(std::string text, const Certificate& certificate, Level required, const std::string& what = "");

/// The output formats of --format (docs/manual.md section 5): json (the default, the report's
/// schema), text (a compact table for people, report/text_report.hpp), csv and tsv (the
/// report's table for spreadsheets, report/table.hpp).
enum class Format { json, text, csv, tsv };

/// Which formats besides json an app offers.
struct Formats {
  bool text = false;   // a text printer (find-limits, sweep-force)
  bool table = false;  // the report is a table (report_table)
};

/// Declares --format FORMAT with the formats `offered`.
void add_format_option(po::options_description& options, Formats offered = {true, false});
/// The --format given (json when none); InputError for a format the app does not offer.
Format output_format(const po::variables_map& vm, Formats offered = {true, false});
/// True when --format text was given; InputError for a format other than json or text.
bool text_format(const po::variables_map& vm);
/// The report printed in `format`: json as report.dump(indent) and a newline, text by `text`,
/// csv and tsv by report_table.
std::string print_report(const nlohmann::json& report, Format format,
                         const std::function<std::string(const nlohmann::json&)>& text = nullptr, int indent = 2);

}  // namespace limitdir::cli
