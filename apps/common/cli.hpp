#pragma once
// The command-line shell shared by every app (SPEC.md section 5): --help and --version,
// option parsing with boost::program_options, the positional PROBLEM, the problem-file
// overrides of SPEC.md section 4, strict numeric options, and the exit codes
//   0 success, 2 bad input, 3 a numerical failure the tool detected.
// An app's body returns its complete output; it is written to stdout only on success, so a
// failure never leaves partial output, and every failure is one line "<app>: error: <message>"
// on stderr.
#include <functional>
#include <string>

#include <boost/program_options.hpp>

#include "limitdir/problem.hpp"

namespace limitdir::cli {

namespace po = boost::program_options;

enum ExitCode : int { exit_success = 0, exit_bad_input = 2, exit_numerical_failure = 3 };

/// What --help and --version say about an app.
struct AppInfo {
  std::string name;         // "friction-model"
  std::string synopsis;     // "PROBLEM [options]"
  std::string description;  // one paragraph
  bool takes_problem = true;  // the positional PROBLEM (a problem file, "-" for stdin)
};

/// Computes the app's complete standard output from the parsed options.
using Body = std::function<std::string(const po::variables_map&)>;

/// Parses argv against `options` (plus --help, --version and PROBLEM), runs `body`, prints its
/// result, and returns the exit code. InputError and option errors give 2, NumericalError and
/// any other exception 3.
int run(const AppInfo& info, const po::options_description& options, int argc, const char* const argv[],
        const Body& body);

/// The PROBLEM argument (present whenever body runs and info.takes_problem).
std::string problem_path(const po::variables_map& vm);

/// Strict conversions of option text: the whole text must be a number (no "3x"), finite, and
/// within [min, max]; otherwise InputError "<option>: <what> (got <text>)".
long long parse_integer(const std::string& text, const std::string& option, long long min, long long max);
double parse_real(const std::string& text, const std::string& option);

/// An integer option's value, or `fallback` when it was not given.
long long integer_option(const po::variables_map& vm, const std::string& name, long long fallback, long long min,
                         long long max);

/// Declares the overrides of SPEC.md section 4: --model, --degree, --pressure, --rho and, if
/// `with_force`, --force. All take text, converted strictly by apply_problem_overrides.
void add_problem_overrides(po::options_description& options, bool with_force);
/// Applies those of them that were given (limitdir::apply_overrides).
void apply_problem_overrides(Problem& problem, const po::variables_map& vm);

}  // namespace limitdir::cli
