// The job find-limits (jobs/job.hpp, docs/manual.md sections 5 and 14): every limit direction of
// the problem at one load with its classification and the certificate, as the app prints them.
#include <map>
#include <string>

#include "limitdir/jobs/find_limits_options.hpp"

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/report.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/system/system.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

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

/// The solvers of --method (analysis/find_limits.hpp).
bool known_method(const std::string& method) {
  return method == "auto" || method == "linear-eigen" || method == "invariant-circle" || method == "global";
}

constexpr int min_mesh_level = 1, max_mesh_level = 7;  // the icosphere levels of --mesh-level

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

FindLimitsOptions find_limits_from_text(const po::variables_map& vm) {
  FindLimitsOptions o;
  o.problem = options::problem_overrides(vm);
  if (vm.count("method")) {
    o.method = vm["method"].as<std::string>();
    if (!known_method(o.method))
      throw InputError("--method: must be auto, linear-eigen, invariant-circle or global (got \"" + o.method + "\")");
  }
  o.mesh_level = static_cast<int>(options::integer_option(vm, "mesh-level", o.mesh_level, min_mesh_level, max_mesh_level));
  o.require = options::required_level(vm);
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_find_limits(const po::variables_map& vm) { return find_limits_from_text(vm); }

JobRun run_find_limits(const JobOptions& given, const json& document, const JobContext& context) {
  Problem problem = problem_from_document(document, context.source);
  const FindLimitsOptions o = values_of(given, find_limits_from_text);
  apply_overrides(problem, o.problem);
  require_force(problem);
  SolverOptions solver;
  solver.method = o.method;
  solver.mesh_level = o.mesh_level;
  const System system = make_system(problem);
  const LimitSet limits = find_limit_directions(system, problem.force, solver);
  JobRun run;
  run.report = limits_report(problem, system, limits);
  run.summary = limits_summary(run.report);
  // A result in doubt (or short of --require) keeps its report, with status 3 and the reason.
  certify(run, limits.certificate, o.require, "index sum " + std::to_string(limits.certificate.index_sum));
  return run;
}

}  // namespace detail

void FindLimitsOptions::validate() const {
  const std::string owner = "FindLimitsOptions::";
  if (!detail::known_method(method))
    detail::bad_value(owner + "method", "auto, linear-eigen, invariant-circle or global", method);
  if (mesh_level < detail::min_mesh_level || mesh_level > detail::max_mesh_level)
    detail::bad_value(owner + "mesh_level", "in 1..7", static_cast<long long>(mesh_level));
  check_overrides(problem, owner + "problem");
  check_key_settings(set, owner + "set");
  detail::check_require(require, owner + "require");
}

Job make_job(const FindLimitsOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::find_limits, options);
}

}  // namespace limitdir
