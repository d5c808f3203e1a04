// The job bifurcation-map (jobs/job.hpp, docs/manual.md sections 13 and 14): the bifurcation
// curves, codimension-2 points and regions over a rectangle of two parameters, as the app prints them.
#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include "limitdir/jobs/bifurcation_map_options.hpp"

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/report/map_io.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

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
       "interior seeding lines in each direction, 1 <= N <= 200 (default 9). Unit: count.")
      ("max-chord", po::value<std::string>()->value_name("TOL"),
       "refine every curve until the middle of each chord lies within TOL of the curve, in the scaled "
       "(x, y) (fractions of the rectangle's sides), TOL > 0 (default: none, chords up to 0.02). Unit: dimensionless.")
      ("orbits", po::bool_switch(),
       "continue the closed orbits of every seeding sweep (as sweep-force does) and join their cycle-fold, snic "
       "and homoclinic events into orbit curves: met on the lines only, from numerical continuation, so checked "
       "at best (claim \"orbit curves\"); default: not continued (orbit_curves null).");
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

constexpr int min_lines = 1, max_lines = 200;  // the seeding lines of --lines

bool positive_chord(double tol) { return tol > 0; }  // --max-chord (finite: real_value)

/// BifurcationMapOptions::validate for one axis ("x" or "y"): a name, a finite range from < to.
void check_axis(const MapAxis& axis, const std::string& field) {
  if (axis.name.empty()) bad_value(field + ".name", "a parameter's name", axis.name);
  if (!std::isfinite(axis.from)) bad_value(field + ".from", "a finite number", axis.from);
  if (!std::isfinite(axis.to) || !(axis.from < axis.to))
    bad_value(field + ".to", "a finite number greater than from", axis.to);
}

/// The summary's own numbers of a map report (docs/manual.md section 14): the counts of its
/// curves, codimension-2 points and regions, and the class, the regions' labels in order.
json map_summary(const json& report) {
  std::string text;
  for (const json& r : report.at("regions")) text += (text.empty() ? "" : " | ") + region_label(r);
  return {{"curves", report.at("curves").size()},
          {"codimension_2_points", report.at("points").size()},
          {"crossings", report.at("crossings").size()},
          {"regions", report.at("regions").size()},
          {"class", text.empty() ? "no region" : text}};
}

}  // namespace

BifurcationMapOptions bifurcation_map_from_text(const po::variables_map& vm) {
  if (!vm.count("y")) throw InputError("--y: required; see --help");
  BifurcationMapOptions o;
  o.x.name = vm.count("x") ? vm["x"].as<std::string>() : "force";
  o.y.name = vm["y"].as<std::string>();
  std::tie(o.x.from, o.x.to) = parse_range(vm, "x-range");
  std::tie(o.y.from, o.y.to) = parse_range(vm, "y-range");
  if ((o.x.name == "force" || o.y.name == "force") && vm.count("force"))
    throw InputError("--force: the load is one of the map's parameters; give its range instead");
  o.lines = static_cast<int>(options::integer_option(vm, "lines", o.lines, min_lines, max_lines));
  o.max_chord = real_value(vm, "max-chord", "> 0", positive_chord);
  o.orbits = vm.count("orbits") && vm["orbits"].as<bool>();
  o.require = options::required_level(vm);
  o.problem = options::problem_overrides(vm);
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_bifurcation_map(const po::variables_map& vm) { return bifurcation_map_from_text(vm); }

JobRun run_bifurcation_map(const JobOptions& given, const json& document, const JobContext& context) {
  const BifurcationMapOptions o = values_of(given, bifurcation_map_from_text);
  Problem problem = problem_from_document(document, context.source);
  apply_overrides(problem, o.problem);
  if (o.x.name != "force" && o.y.name != "force") require_force(problem);  // the fixed load
  MapOptions map_options;
  map_options.lines = o.lines;
  map_options.max_chord = o.max_chord.value_or(0.0);
  map_options.orbits = o.orbits;
  // progress once the map has run for a second (docs/manual.md section 5)
  const BifurcationMap map =
      bifurcation_map(problem, o.x, o.y, map_options, [&context](const std::string& note) { context.progress(note); });
  JobRun run;
  run.report = map_report(problem, map);
  run.summary = map_summary(run.report);
  certify(run, map.certificate, o.require);
  return run;
}

}  // namespace detail

void BifurcationMapOptions::validate() const {
  const std::string owner = "BifurcationMapOptions::";
  detail::check_axis(x, owner + "x");
  detail::check_axis(y, owner + "y");
  if (lines < detail::min_lines || lines > detail::max_lines)
    detail::bad_value(owner + "lines", "in 1..200", static_cast<long long>(lines));
  detail::check_range(owner + "max_chord", max_chord, "finite and > 0", detail::positive_chord);
  check_overrides(problem, owner + "problem");
  if ((x.name == "force" || y.name == "force") && problem.force)
    detail::bad_value(owner + "problem.force", "empty when x or y is \"force\" (the load is mapped)", *problem.force);
  check_key_settings(set, owner + "set");
  detail::check_require(require, owner + "require");
}

Job make_job(const BifurcationMapOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::bifurcation_map, options);
}

}  // namespace limitdir
