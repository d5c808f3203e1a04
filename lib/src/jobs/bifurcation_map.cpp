// The job bifurcation-map (jobs/job.hpp, docs/manual.md sections 13 and 14): the bifurcation
// curves, codimension-2 points and regions over a rectangle of two parameters, as the app prints them.
#include <string>
#include <utility>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/report/map_io.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir::detail {

using json = nlohmann::json;

po::options_description bifurcation_map_table() {
  po::options_description options("Options", options::help_line_length);
  const std::string parameters =
      "the first parameter (default force); it and --y are each one of:" + entry_help(sweep_parameter_registry());
  options.add_options()
      ("x", po::value<std::string>()->value_name("NAME"), parameters.c_str())
      ("x-range", po::value<std::string>()->value_name("A:B"),
       "its range, A < B (required; A,B is accepted too). Unit: the x parameter's (see --x).")
      ("y", po::value<std::string>()->value_name("NAME"), "the second parameter, one of those of --x (required)")
      ("y-range", po::value<std::string>()->value_name("A:B"),
       "its range, A < B (required; A,B is accepted too). Unit: the y parameter's (see --x).")
      ("lines", po::value<std::string>()->value_name("N"),
       "interior seeding lines in each direction, 1 <= N <= 200 (default 9). Unit: count.");
  options::add_problem_overrides(options, /*with_force=*/true);
  options::add_require_option(options);
  return options;
}

namespace {

/// The required range --x-range or --y-range (options::parse_range: A:B or A,B, finite, A < B).
std::pair<double, double> parse_range(const po::variables_map& vm, const std::string& name) {
  if (!vm.count(name)) throw InputError("--" + name + ": required; see --help");
  return options::parse_range(vm[name].as<std::string>(), "--" + name);
}

struct MapSettings {
  MapAxis x, y;
  MapOptions options;
  Level require = Level::checked;
};

MapSettings map_settings(const po::variables_map& vm) {
  if (!vm.count("y")) throw InputError("--y: required; see --help");
  MapSettings s;
  const std::string x_name = vm.count("x") ? vm["x"].as<std::string>() : "force";
  const std::string y_name = vm["y"].as<std::string>();
  const auto [x0, x1] = parse_range(vm, "x-range");
  const auto [y0, y1] = parse_range(vm, "y-range");
  if ((x_name == "force" || y_name == "force") && vm.count("force"))
    throw InputError("--force: the load is one of the map's parameters; give its range instead");
  s.x = {x_name, x0, x1};
  s.y = {y_name, y0, y1};
  s.options.lines = static_cast<int>(options::integer_option(vm, "lines", s.options.lines, 1, 200));
  s.require = options::required_level(vm);
  return s;
}

/// The summary's own numbers of a map report (docs/manual.md section 14): the counts of its
/// curves, codimension-2 points and regions, and the class, the regions' labels in order.
json map_summary(const json& report) {
  std::string text;
  for (const json& r : report.at("regions")) text += (text.empty() ? "" : " | ") + region_label(r);
  return {{"curves", report.at("curves").size()},
          {"codimension_2_points", report.at("points").size()},
          {"regions", report.at("regions").size()},
          {"class", text.empty() ? "no region" : text}};
}

}  // namespace

JobValues check_bifurcation_map(const po::variables_map& vm) {
  options::check_problem_overrides(vm);
  (void)map_settings(vm);
  return {};
}

JobRun run_bifurcation_map(const JobOptions& given, const json& document, const JobContext& context) {
  const po::variables_map& vm = text_of(given);
  const MapSettings s = map_settings(vm);
  Problem problem = problem_from_document(document, context.source);
  options::apply_problem_overrides(problem, vm);
  if (s.x.name != "force" && s.y.name != "force") require_force(problem);  // the fixed load
  // progress once the map has run for a second (docs/manual.md section 5)
  const BifurcationMap map =
      bifurcation_map(problem, s.x, s.y, s.options, [&context](const std::string& note) { context.progress(note); });
  JobRun run;
  run.report = map_report(problem, map);
  run.summary = map_summary(run.report);
  certify(run, map.certificate, s.require);
  return run;
}

}  // namespace limitdir::detail
