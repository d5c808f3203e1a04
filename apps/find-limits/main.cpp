// find-limits PROBLEM [--force F] [--model M] [--degree N] [--pressure P] [--rho RHO]
//             [--method auto|linear-eigen|invariant-circle|global] [--mesh-level L]
// Prints every limit direction of the problem at one load F with its classification and the
// Poincare-Hopf certificate (docs/manual.md section 5, schema "limitdir.limits/1"). Exit code 0 when
// the certificate is complete; otherwise the report is still printed, its reason goes to stderr
// and the exit code is 3 (a result in doubt is never passed on silently).
#include <string>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/system/system.hpp"
#include "limitdir/report/text_report.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "find-limits",
      "PROBLEM [--force F] [--model M] [--degree N] [--pressure P] [--rho RHO] [--method METHOD] [--mesh-level L] "
      "[--require LEVEL] [--format json|text]",
      "Finds all limit directions w of the slip near stick at the load F, the zeros of the spherical\n"
      "part V*(w) of x' = B(w) w + c (122), classifies each one radially (attracting, repelling,\n"
      "tangent) and on the sphere (node, saddle, focus), and checks the Poincare-Hopf index sum.\n"
      "Closed orbits of the flow w' = V*(w) are excluded by symmetry (disc, ball) or by a proof on a\n"
      "cover of the sphere (a combinatorial flow), else searched for and listed (docs/manual.md\n"
      "section 9); certificate.closed_orbits says which.\n"
      "Prints one JSON object (schema \"limitdir.limits/1\"). Its certificate has a level: proven (a\n"
      "computer-assisted proof), checked (every consistency check passed) or incomplete, the weakest\n"
      "of its claims (limit-directions, types, closed-orbits), each with its own level. When it is\n"
      "incomplete, or below --require, the report is printed all the same, the reason goes to standard\n"
      "error and the exit code is 3. --format text prints the same report as a compact table."};

  po::options_description options("Options");
  options.add_options()
      ("method", po::value<std::string>()->value_name("METHOD"),
       "solver: auto (default: the most specific exact method that applies), linear-eigen (constant B), "
       "invariant-circle (axisymmetric, load in the symmetry plane) or global (mesh search of the sphere)")
      ("mesh-level", po::value<std::string>()->value_name("L"),
       "icosphere level of the global search, 1 <= L <= 7 (default 4: 2562 vertices)");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/true);
  limitdir::cli::add_require_option(options);
  limitdir::cli::add_format_option(options);

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    limitdir::Problem problem = limitdir::load_problem_input(limitdir::cli::problem_path(vm));
    limitdir::cli::apply_problem_overrides(problem, vm);
    const bool text_output = limitdir::cli::text_format(vm);  // a bad --format is bad input before any work

    limitdir::SolverOptions solver;
    if (vm.count("method")) {
      solver.method = vm["method"].as<std::string>();
      if (solver.method != "auto" && solver.method != "linear-eigen" && solver.method != "invariant-circle" &&
          solver.method != "global")
        throw limitdir::InputError("--method: must be auto, linear-eigen, invariant-circle or global (got \"" +
                                   solver.method + "\")");
    }
    solver.mesh_level = static_cast<int>(limitdir::cli::integer_option(vm, "mesh-level", solver.mesh_level, 1, 7));

    const limitdir::System system = limitdir::make_system(problem);
    const limitdir::LimitSet limits = limitdir::find_limit_directions(system, problem.force, solver);
    const nlohmann::json report = limitdir::limits_report(problem, system, limits);
    std::string text = text_output ? limitdir::limits_text(report) : report.dump(2) + "\n";
    // A result in doubt (or short of --require) is printed, but with exit code 3 and the reason
    // on stderr (shortened there: the whole reason is in certificate.reason).
    return limitdir::cli::certified(std::move(text), limits.certificate, limitdir::cli::required_level(vm),
                                    "index sum " + std::to_string(limits.certificate.index_sum));
  });
}
