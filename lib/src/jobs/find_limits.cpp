// The job find-limits (jobs/job.hpp, docs/manual.md sections 5 and 14): every limit direction of
// the problem at one load with its classification and the certificate, as the app prints them.
#include <map>
#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/report.hpp"
#include "jobs/job_options.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/system/system.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir::detail {

using json = nlohmann::json;

po::options_description find_limits_table() {
  po::options_description options("Options", options::help_line_length);
  options.add_options()
      ("method", po::value<std::string>()->value_name("METHOD"),
       "solver: auto (default: the most specific exact method that applies), linear-eigen (constant B), "
       "invariant-circle (axisymmetric, load in the symmetry plane) or global (mesh search of the sphere)")
      ("mesh-level", po::value<std::string>()->value_name("L"),
       "icosphere level of the global search, 1 <= L <= 7 (default 4: 2562 vertices). Unit: count (of refinements).");
  options::add_problem_overrides(options, /*with_force=*/true);
  options::add_require_option(options);
  return options;
}

namespace {

SolverOptions solver_options(const po::variables_map& vm) {
  SolverOptions solver;
  if (vm.count("method")) {
    solver.method = vm["method"].as<std::string>();
    if (solver.method != "auto" && solver.method != "linear-eigen" && solver.method != "invariant-circle" &&
        solver.method != "global")
      throw InputError("--method: must be auto, linear-eigen, invariant-circle or global (got \"" + solver.method +
                       "\")");
  }
  solver.mesh_level = static_cast<int>(options::integer_option(vm, "mesh-level", solver.mesh_level, 1, 7));
  return solver;
}

/// The summary's own numbers of a limits report (docs/manual.md section 14): the count of limit
/// directions, their types "<radial> <sphere type>" counted, the circles, singular points and
/// closed orbits, and the class: the types as the text report writes a region's.
json limits_summary(const json& report) {
  json types = json::object();
  for (const json& d : report.at("limit_directions")) {
    const std::string type = d.at("radial").get<std::string>() + " " + d.at("sphere").at("type").get<std::string>();
    types[type] = types.value(type, 0) + 1;
  }
  json summary = {{"limit_directions", report.at("limit_directions").size()},
                  {"types", types},
                  {"circles", report.at("circles").size()},
                  {"singular_points", report.at("singular_points").size()},
                  {"closed_orbits", report.at("closed_orbits").size()}};
  std::string text = types_text(types);
  if (!report.at("circles").empty())
    text += (text.empty() ? "" : ", ") + std::to_string(report.at("circles").size()) + " circle(s)";
  summary["class"] = text.empty() ? "no limit direction" : text;
  return summary;
}

}  // namespace

void check_find_limits(const po::variables_map& vm) {
  options::check_problem_overrides(vm);
  (void)solver_options(vm);
  (void)options::required_level(vm);
}

JobRun run_find_limits(const po::variables_map& vm, const json& document, const JobContext& context) {
  Problem problem = problem_from_document(document, context.source);
  options::apply_problem_overrides(problem, vm);
  require_force(problem);
  const SolverOptions solver = solver_options(vm);
  const System system = make_system(problem);
  const LimitSet limits = find_limit_directions(system, problem.force, solver);
  JobRun run;
  run.report = limits_report(problem, system, limits);
  run.summary = limits_summary(run.report);
  // A result in doubt (or short of --require) keeps its report, with status 3 and the reason.
  certify(run, limits.certificate, options::required_level(vm),
          "index sum " + std::to_string(limits.certificate.index_sum));
  return run;
}

}  // namespace limitdir::detail
