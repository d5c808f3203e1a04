// friction-model PROBLEM [--degree N] [--samples K] [--model M] [--pressure P] [--rho R]
// Prints the friction-model report of SPEC.md section 5 (schema "limitdir.friction/1").
#include <string>

#include "cli.hpp"
#include "limitdir/report.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "friction-model", "PROBLEM [--degree N] [--samples K] [--model M] [--pressure P] [--rho RHO]",
      "Tabulates the friction laws Q(theta), T(theta) of the problem's friction model and of the exact\n"
      "model at K latitudes from 0 (pure sliding) to pi/2 (pure spin), with the model's coefficients\n"
      "and the largest differences, as one JSON object (schema \"limitdir.friction/1\")."};

  po::options_description options("Options");
  options.add_options()("samples", po::value<std::string>()->value_name("K"),
                        "number of latitudes in the table, 2 <= K <= 100000 (default 91)");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/false);

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) {
    limitdir::Problem problem = limitdir::load_problem(limitdir::cli::problem_path(vm));
    limitdir::cli::apply_problem_overrides(problem, vm);
    const auto samples = static_cast<int>(limitdir::cli::integer_option(vm, "samples", 91, 2, 100000));
    return limitdir::friction_report(problem, samples).dump(2) + "\n";
  });
}
