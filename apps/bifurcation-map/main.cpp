// bifurcation-map PROBLEM --y NAME --y-range A,B [--x NAME] [--x-range A,B] [--lines N]
//                 [--model M] [--degree N] [--pressure P] [--rho RHO] [--force F] [--require LEVEL]
// The two-parameter bifurcation map of the limit directions (docs/manual.md section 13, schema
// "limitdir.map/1"): the fold, pitchfork, tangency and Hopf curves over a rectangle of two
// parameters, the codimension-2 points on them and the regions between them. Exit code 0 when
// the map's certificate is complete; otherwise the map is still printed, its reason goes to
// stderr and the exit code is 3, as for sweep-force.
#include <chrono>
#include <iostream>
#include <string>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/report/map_io.hpp"
#include "limitdir/system/problem_input.hpp"

namespace po = limitdir::cli::po;

namespace {

/// "A,B" with A < B, both finite.
std::pair<double, double> parse_range(const po::variables_map& vm, const std::string& name) {
  if (!vm.count(name)) throw limitdir::InputError("--" + name + ": required; see --help");
  const std::string text = vm[name].as<std::string>();
  const auto comma = text.find(',');
  if (comma == std::string::npos) throw limitdir::InputError("--" + name + ": must be A,B (got \"" + text + "\")");
  const double a = limitdir::cli::parse_real(text.substr(0, comma), "--" + name);
  const double b = limitdir::cli::parse_real(text.substr(comma + 1), "--" + name);
  if (!(a < b)) throw limitdir::InputError("--" + name + ": must be A,B with A < B (got \"" + text + "\")");
  return {a, b};
}

}  // namespace

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "bifurcation-map",
      "PROBLEM --y NAME --y-range A,B [--x NAME] [--x-range A,B] [--lines N] [--model M] [--degree N] "
      "[--pressure P] [--rho RHO] [--force F] [--require LEVEL]",
      "Maps the limit directions over a rectangle of two parameters (the load and any parameter that\n"
      "sweep-force --parameter takes: lambda, j, alpha, rho, a/b, d, gamma, k): sweeps along the four\n"
      "edges and --lines interior lines each way seed the fold, pitchfork, tangency, Hopf and kink\n"
      "curves (where a branch meets the friction model's kink set at the equator),\n"
      "each continued by pseudo-arclength on its defining system in (w, rdot, x, y) to the edges,\n"
      "the load 0, a closed loop or a codimension-2 point (cusp, degenerate pitchfork, fold-pole,\n"
      "fold-, pitchfork- and kink-tangency, Bogdanov-Takens), which are located on the way. The regions\n"
      "between the curves are classified by find-limits at an interior point and checked against\n"
      "every seeding sweep. On the invariant circle of the disc or the ball (the load against lambda\n"
      "or j, a harmonic or linear model) the curves are known exactly: they are computed from their\n"
      "closed forms and the map is proven, with no sweep (the sweeps run only if the proof fails).\n"
      "Prints one JSON object (schema \"limitdir.map/1\"); its certificate's level is the weakest of\n"
      "its claims (curves, codimension-2 points, regions), each with its own level; a certificate\n"
      "that is incomplete, or below --require, gives exit code 3 with the reason on standard error."};

  po::options_description options("Options");
  options.add_options()
      ("x", po::value<std::string>()->value_name("NAME"), "the first parameter (default force)")
      ("x-range", po::value<std::string>()->value_name("A,B"), "its range, A < B (required)")
      ("y", po::value<std::string>()->value_name("NAME"), "the second parameter (required)")
      ("y-range", po::value<std::string>()->value_name("A,B"), "its range, A < B (required)")
      ("lines", po::value<std::string>()->value_name("N"),
       "interior seeding lines in each direction, 1 <= N <= 200 (default 9)");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/true);
  limitdir::cli::add_require_option(options);

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    if (!vm.count("y")) throw limitdir::InputError("--y: required; see --help");
    const std::string x_name = vm.count("x") ? vm["x"].as<std::string>() : "force";
    const std::string y_name = vm["y"].as<std::string>();
    const auto [x0, x1] = parse_range(vm, "x-range");
    const auto [y0, y1] = parse_range(vm, "y-range");
    if ((x_name == "force" || y_name == "force") && vm.count("force"))
      throw limitdir::InputError("--force: the load is one of the map's parameters; give its range instead");
    limitdir::MapOptions options;
    options.lines = static_cast<int>(limitdir::cli::integer_option(vm, "lines", options.lines, 1, 200));
    const limitdir::Level require = limitdir::cli::required_level(vm);

    limitdir::Problem problem = limitdir::load_problem_input(limitdir::cli::problem_path(vm));
    limitdir::cli::apply_problem_overrides(problem, vm);
    // progress on stderr once the map has run for a second (docs/manual.md section 5)
    const auto start = std::chrono::steady_clock::now();
    const auto progress = [&](const std::string& note) {
      if (std::chrono::steady_clock::now() - start >= std::chrono::seconds(1))
        std::cerr << "bifurcation-map: " << note << std::endl;
    };
    const limitdir::BifurcationMap map =
        limitdir::bifurcation_map(problem, {x_name, x0, x1}, {y_name, y0, y1}, options, progress);
    return limitdir::cli::certified(limitdir::map_report(problem, map).dump(2) + "\n", map.certificate, require);
  });
}
