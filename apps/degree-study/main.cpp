// degree-study PROBLEM --degrees LIST --from A --to B [--parameter NAME --force F] [--pressure P]
//              [--rho RHO] [--checks K] [--require LEVEL]
// The comparison of Figs 17-18 [Nonlinear Dyn. 2024]: the bifurcation diagram of the harmonic
// friction model (82)-(96) of each degree N of LIST and of the exact model over one parameter
// range, every event of each degree matched with the nearest exact event of its kind, and the
// error of the event's parameter value against N (continuation/degree_study.hpp). Prints one
// JSON document, schema "limitdir.degree-study/1" (docs/manual.md section 5).
#include <chrono>
#include <string>
#include <vector>

#include "cli.hpp"
#include "progress.hpp"
#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/degree_study_io.hpp"
#include "limitdir/system/problem_input.hpp"

namespace po = limitdir::cli::po;

namespace {

/// The largest degree of the harmonic model a problem accepts (docs/manual.md section 3).
constexpr long long max_degree = 400;

/// "1..8" (every degree from 1 to 8) or "1,2,4,8"; InputError naming --degrees otherwise.
std::vector<int> parse_degrees(const std::string& text) {
  std::vector<int> degrees;
  const std::size_t dots = text.find("..");
  if (dots != std::string::npos) {
    const long long a = limitdir::cli::parse_integer(text.substr(0, dots), "--degrees", 1, max_degree);
    const long long b = limitdir::cli::parse_integer(text.substr(dots + 2), "--degrees", 1, max_degree);
    if (b < a) throw limitdir::InputError("--degrees: the range A..B needs A <= B (got \"" + text + "\")");
    for (long long n = a; n <= b; ++n) degrees.push_back(static_cast<int>(n));
    return degrees;
  }
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const int n = static_cast<int>(limitdir::cli::parse_integer(item, "--degrees", 1, max_degree));
    for (const int m : degrees)
      if (m == n) throw limitdir::InputError("--degrees: degree " + item + " is given twice (got \"" + text + "\")");
    degrees.push_back(n);
    if (comma == std::string::npos) return degrees;
    start = comma + 1;
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "degree-study",
      "PROBLEM --degrees LIST --from A --to B [--parameter NAME --force F] [--pressure P] [--rho RHO] "
      "[--checks K] [--require LEVEL] [--format json|csv|tsv]",
      "Compares the harmonic friction model of several degrees N with the exact model, as Figs 17-18\n"
      "of the core paper: traces the bifurcation diagram (as sweep-force) of the harmonic model of\n"
      "every degree in LIST (\"1..8\" or \"1,2,4,8\") and of the exact model over [A, B], matches every\n"
      "event of each degree with the nearest exact event of the same kind and gives the error of its\n"
      "parameter value, and per event kind the largest error against N. Prints one JSON document\n"
      "(schema \"limitdir.degree-study/1\") embedding every diagram; plot draws it. The model of\n"
      "PROBLEM is replaced (its pressure and rho are kept). When a diagram's certificate is\n"
      "incomplete, or below --require, the document is printed all the same, the reason goes to\n"
      "standard error and the exit code is 3. A run over a second notes each sweep on standard error."};

  po::options_description options("Options", limitdir::options::help_line_length);
  const std::string parameters =
      "the parameter swept (default force), one of:" + limitdir::entry_help(limitdir::sweep_parameter_registry());
  options.add_options()
      ("degrees", po::value<std::string>()->value_name("LIST"),
       "the degrees N of the harmonic model: A..B (every degree from A to B) or N1,N2,... (required; "
       "1 <= N <= 400). Unit: dimensionless (as friction.degree).")
      ("from", po::value<std::string>()->value_name("A"),
       "first value of the parameter (required). Unit: the swept parameter's (see --parameter).")
      ("to", po::value<std::string>()->value_name("B"),
       "last value of the parameter, B > A (required). Unit: the swept parameter's (see --parameter).")
      ("parameter", po::value<std::string>()->value_name("NAME"), parameters.c_str())
      ("checks", po::value<std::string>()->value_name("K"),
       "find-limits re-checks at K equally spaced interior values of each sweep, 0 <= K <= 10000 (default 16). "
       "Unit: count.");
  // the overrides of docs/manual.md section 4 but --model and --degree: the study sets the model
  options.add_options()
      ("pressure", po::value<std::string>()->value_name("P"),
       "contact pressure (overrides contact.pressure): uniform, hertz, galin, ring, power:ALPHA with "
       "ALPHA > -1 (the exponent of (1 - xi^2/R^2)^ALPHA, dimensionless) or ring:XI0 with 0 < XI0 <= 1 (the "
       "thin ring of radius XI0 R; ring = ring:1)")
      ("rho", po::value<std::string>()->value_name("RHO"),
       "rho of the slip x_o = (u_x, u_y, rho omega_z) (overrides rho): kappa, R or a number > 0. "
       "Unit: R (the contact radius).")
      ("force", po::value<std::string>()->value_name("F"),
       "the fixed load F when --parameter is not force (overrides force). Unit: mu m g.");
  limitdir::cli::add_set_option(options);
  limitdir::cli::add_require_option(options);
  limitdir::cli::add_format_option(options, {false, true});

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    const auto required = [&](const char* name) {
      if (!vm.count(name)) throw limitdir::InputError(std::string("--") + name + ": required; see --help");
      return vm[name].as<std::string>();
    };
    const auto format = limitdir::cli::output_format(vm, {false, true});
    const std::vector<int> degrees = parse_degrees(required("degrees"));
    const double from = limitdir::cli::parse_real(required("from"), "--from");
    const double to = limitdir::cli::parse_real(required("to"), "--to");
    if (!(from < to))
      throw limitdir::InputError("--to: must be greater than --from (got --from " + vm["from"].as<std::string>() +
                                 " --to " + vm["to"].as<std::string>() + ")");
    const std::string parameter = vm.count("parameter") ? vm["parameter"].as<std::string>() : "force";
    if (parameter == "force" && vm.count("force"))
      throw limitdir::InputError("--force: the load is the swept parameter; give its range with --from and --to");
    limitdir::ContinuationOptions continuation;
    continuation.checks =
        static_cast<int>(limitdir::cli::integer_option(vm, "checks", continuation.checks, 0, 10000));
    const limitdir::Level require = limitdir::cli::required_level(vm);

    limitdir::Problem problem = limitdir::cli::load_problem(limitdir::cli::problem_path(vm), vm);
    limitdir::cli::apply_problem_overrides(problem, vm);
    if (parameter != "force") limitdir::require_force(problem);  // the fixed load
    // progress on stderr once the study has run for a second (docs/manual.md section 5)
    const auto start = std::chrono::steady_clock::now();
    const limitdir::ProgressHook notes = limitdir::cli::progress_hook();
    const limitdir::StudyProgress progress = [&](const std::string& note) {
      if (notes && std::chrono::steady_clock::now() - start >= limitdir::progress_interval) notes(note);
    };
    const limitdir::DegreeStudy study =
        limitdir::degree_study(problem, parameter, degrees, from, to, continuation, progress);
    return limitdir::cli::certified(limitdir::cli::print_report(limitdir::degree_study_report(problem, study), format),
                                    study.certificate,
                                    require);
  });
}
