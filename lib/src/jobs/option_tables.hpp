#pragma once
// The option tables of the jobs (docs/manual.md section 14, "Jobs and their summaries") and the
// strict conversions of option text they use, shared by the apps find-limits, sweep-force,
// bifurcation-map, simulate, roll, celt (apps/common/cli.hpp re-exports them), the Python module
// and `scan --job`, so that an app and a scan parse the same options with the same one-line
// errors (docs/manual.md section 5). A private header of the library (not installed): the tables
// are Boost.Program_options descriptions that the apps extend (--format) and print (--help), and
// Boost.Program_options is no dependency of the library's public headers (docs/architecture.md,
// "jobs"). The apps and the Python module reach it through the CMake target
// limitdir_job_tables.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "limitdir/limits/limits.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

namespace options {

namespace po = boost::program_options;

/// The width of --help: 100 columns, so that the tables of named choices (core/registry.hpp:
/// models, parameters) fit one entry a line in every app's option table.
inline constexpr unsigned help_line_length = 100;

/// Strict conversions of option text: the whole text must be a number (no "3x"), finite, and
/// within [min, max]; otherwise InputError "<option>: <what> (got <text>)".
long long parse_integer(const std::string& text, const std::string& option, long long min, long long max);
double parse_real(const std::string& text, const std::string& option);

/// Sets `target` from the real option `name` when it was given (parse_real), after checking it
/// with `ok`; InputError "--<name>: must be <range> (got <text>)" otherwise.
void real_option(const po::variables_map& vm, const std::string& name, double& target, const std::string& range,
                 bool (*ok)(double));

/// An integer option's value, or `fallback` when it was not given.
long long integer_option(const po::variables_map& vm, const std::string& name, long long fallback, long long min,
                         long long max);

/// A comma-separated 3-vector "w1,w2,w3" of finite numbers; InputError naming `option` otherwise.
Eigen::Vector3d parse_vector3(const std::string& text, const std::string& option);

/// An angle option's value in radians (docs/manual.md section 4, "Angles are in radians"): beyond
/// one full turn, |x| > 2 pi, it is almost surely degrees: InputError "<option>: looks like
/// degrees; give radians (an angle, |angle| <= 2 pi) (got <text>)".
void check_angle(double x, const std::string& option, const std::string& text);

/// The range of --x-range / --y-range (plot, bifurcation-map; docs/manual.md section 5): "A:B",
/// the canonical form, or "A,B" (bifurcation-map's older form, still accepted), two finite
/// numbers with A < B; InputError "<option>: must be A:B (or A,B) ... (got <text>)" otherwise.
std::pair<double, double> parse_range(const std::string& text, const std::string& option);

/// `text` cut to at most about `max_length` characters (at a "; " if there is one) for a
/// one-line message, ending "... (the whole text is in <where>)" when it was cut.
std::string shorten(const std::string& text, std::size_t max_length, const std::string& where);

/// Declares the overrides of docs/manual.md section 4: --model, --degree, --pressure, --rho and, if
/// `with_force`, --force. All take text, converted strictly by apply_problem_overrides.
void add_problem_overrides(po::options_description& options, bool with_force);
/// The overrides given (--model, --degree, --pressure, --rho, --force) as values: the numbers
/// converted strictly (--degree an integer, --force a finite number; InputError naming the
/// option), the names as given (checked with the problem by apply_overrides).
ProblemOverrides problem_overrides(const po::variables_map& vm);
/// Checks the text of the numbers among them (--degree an integer, --force a finite number);
/// the names (--model, --pressure, --rho) are checked with the problem, by apply_problem_overrides.
void check_problem_overrides(const po::variables_map& vm);
/// Applies those of them that were given (limitdir::apply_overrides).
void apply_problem_overrides(Problem& problem, const po::variables_map& vm);

/// Declares --set KEY=VALUE (repeatable): a numeric key of the problem file by its dotted path,
/// with the syntax and checks of scan's keys (jobs/problem_keys.hpp; docs/manual.md section 5).
/// add_problem_overrides declares it too.
void add_set_option(po::options_description& options);
/// Applies the --set options given to `document` in the order given, each read and then applied
/// (apply_key_settings, jobs/problem_overrides.hpp). InputError "--set: must be KEY=VALUE ..." or
/// "<source>: KEY: ..." (bad key) or "--set KEY: must be a finite number ..." (bad value).
void apply_set_options(nlohmann::json& document, const po::variables_map& vm, const std::string& source);

/// Declares --require LEVEL: the least certificate level that exits 0 (checked by default;
/// proven for users who want proofs).
void add_require_option(po::options_description& options);
/// The level --require asks for (Level::checked when not given); InputError otherwise.
Level required_level(const po::variables_map& vm);

/// The one-line message of a certificate below `required` (docs/manual.md section 5: the report
/// is printed all the same and the exit code is 3), prefixed by `what` (e.g. "index sum 2");
/// nullopt when the certificate is at least `required`.
std::optional<std::string> certificate_shortfall(const Certificate& certificate, Level required,
                                                 const std::string& what = "");

/// The exit status and one-line message of the exception being handled (docs/manual.md section 5):
/// a Boost.Program_options error or InputError 2, NumericalError 3 (and, as "numerical failure:
/// ...", the std::runtime_errors of the numerical libraries: Boost.Math, Boost.Odeint), IoError
/// and std::system_error 4 ("I/O error: ..."), anything else 5 ("internal error: ..."). Call only
/// inside a catch block; run_job and the apps (apps/common/cli.cpp) map failures with it.
std::pair<int, std::string> current_failure();

}  // namespace options

/// The option table of the job `kind` ("Options" in its app's --help): the app's options
/// without PROBLEM, --help, --version and --format.
boost::program_options::options_description job_option_table(JobKind kind);

/// The job of already parsed options (the app's variables map, which may also hold PROBLEM,
/// --help, --version and --format: they are ignored). With `check_now`, the checks of make_job
/// that depend only on the text of the options run here (InputError naming the option; make_job
/// parses its arguments with job_option_table and calls this); run_job makes them again in any
/// case, in the order the app always made them (e.g. simulate reads the problem first), which is
/// what the apps use (check_now = false), so that a run with several errors names the same one.
Job job_from_options(JobKind kind, const boost::program_options::variables_map& vm, std::vector<std::string> args,
                     bool check_now = true);

}  // namespace limitdir
