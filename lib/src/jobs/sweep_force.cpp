// The job sweep-force (jobs/job.hpp, docs/manual.md sections 5 and 14): the bifurcation diagram
// of the limit directions over a parameter range, as the app prints it.
#include <algorithm>
#include <sstream>
#include <string>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir::detail {

using json = nlohmann::json;

po::options_description sweep_force_table() {
  po::options_description options("Options", options::help_line_length);
  const std::string parameters = "the parameter swept (default force), one of:" + entry_help(sweep_parameter_registry());
  options.add_options()
      ("from", po::value<std::string>()->value_name("F0"),
       "first value of the parameter (required). Unit: the swept parameter's (see --parameter).")
      ("to", po::value<std::string>()->value_name("F1"),
       "last value of the parameter, F1 > F0 (required). Unit: the swept parameter's (see --parameter).")
      ("parameter", po::value<std::string>()->value_name("NAME"), parameters.c_str())
      ("checks", po::value<std::string>()->value_name("K"),
       "find-limits re-checks at K equally spaced interior values, 0 <= K <= 10000 (default 16). Unit: count.")
      ("h-max", po::value<std::string>()->value_name("H"),
       "largest arclength step in (w, rdot, p), a number > 0 (default 0.05). Unit: mixed (the Euclidean "
       "length of a step in w, dimensionless, rdot in mu g and p in the swept parameter's unit, taken as numbers).")
      ("enclose-events", po::bool_switch(),
       "load sweeps off the invariant circle: also cover the sphere x [F0, F1] in interval arithmetic, so "
       "that no fold, branch point, tangency or Hopf point can lie outside the windows it leaves, and "
       "require a located event in every window (slower: ~0.1-1 s). For the linear and harmonic models "
       "every event in a window is then enclosed and proven simple (Krawczyk on the fold, tangency or "
       "Hopf system, with second derivatives of q), and the claims events and regions are proven when "
       "each is the located one and every region is proven, and the branches (and so the diagram) when "
       "every segment drawn is enclosed on one curve of zeros; a branch point or pitchfork (a singular "
       "zero) leaves the events checked, saying why")
      ("no-proof", po::bool_switch(),
       "do not attempt the proof of a load diagram (on the invariant circle of a harmonic model or "
       "of the exact model with uniform or Hertz pressure, or of the events and regions with "
       "--enclose-events; it then stays checked; saves a few ms)");
  options::add_problem_overrides(options, /*with_force=*/true);
  options::add_require_option(options);
  return options;
}

namespace {

/// The options that shaped the diagram, as given (docs/manual.md section 5): every option given
/// except PROBLEM, --format and --require (they shape the printing and the exit code, not the
/// diagram); text as typed, switches as true.
json given_options(const po::variables_map& vm) {
  json out = json::object();
  for (const auto& [name, value] : vm) {
    if (value.defaulted() || value.empty() || name == "problem" || name == "format" || name == "require") continue;
    if (const auto* text = boost::any_cast<std::string>(&value.value())) out[name] = *text;
    else if (const auto* on = boost::any_cast<bool>(&value.value())) out[name] = *on;
  }
  return out;
}

/// What the options fix: the range, the parameter and the continuation's settings.
struct SweepSettings {
  double from = 0, to = 0;
  std::string parameter = "force";
  ContinuationOptions continuation;
};

SweepSettings sweep_settings(const po::variables_map& vm) {
  const auto required_real = [&](const char* name) {
    if (!vm.count(name)) throw InputError(std::string("--") + name + ": required; see --help");
    return options::parse_real(vm[name].as<std::string>(), std::string("--") + name);
  };
  SweepSettings s;
  s.from = required_real("from");
  s.to = required_real("to");
  if (!(s.from < s.to))
    throw InputError("--to: must be greater than --from (got --from " + vm["from"].as<std::string>() + " --to " +
                     vm["to"].as<std::string>() + ")");
  if (vm.count("parameter")) s.parameter = vm["parameter"].as<std::string>();
  if (s.parameter == "force" && vm.count("force"))
    throw InputError("--force: the load is the swept parameter; give its range with --from and --to "
                     "(--force fixes the load when --parameter names another parameter)");
  ContinuationOptions& c = s.continuation;
  c.checks = static_cast<int>(options::integer_option(vm, "checks", c.checks, 0, 10000));
  if (vm.count("h-max")) {
    const std::string text = vm["h-max"].as<std::string>();
    const double h_max = options::parse_real(text, "--h-max");
    if (!(h_max > c.h_min)) {
      std::ostringstream what;
      what << "--h-max: must be a number > " << c.h_min << ", the smallest step (got \"" << text << "\")";
      throw InputError(what.str());
    }
    c.h_max = h_max;
    c.h_initial = std::min(c.h_initial, h_max);  // the first step too
  }
  c.enclose_events = vm.count("enclose-events") && vm["enclose-events"].as<bool>();
  c.prove = !(vm.count("no-proof") && vm["no-proof"].as<bool>());
  return s;
}

/// The summary's own numbers of a diagram report (docs/manual.md section 14): its events
/// {type, value} in order, the count of regions and the class, the regions' labels in order.
json diagram_summary(const json& report) {
  const std::string parameter = report.at("parameter").get<std::string>();
  json events = json::array();
  for (const json& e : report.at("bifurcations"))
    events.push_back({{"type", e.at("kind")}, {"value", e.value(parameter, e.value("force", json()))}});
  std::string text;
  for (const json& r : report.at("regions")) text += (text.empty() ? "" : " | ") + region_label(r);
  return {{"events", events}, {"regions", report.at("regions").size()}, {"class", text.empty() ? "no region" : text}};
}

}  // namespace

JobValues check_sweep_force(const po::variables_map& vm) {
  options::check_problem_overrides(vm);
  (void)sweep_settings(vm);
  (void)options::required_level(vm);
  return {};
}

JobRun run_sweep_force(const JobOptions& given, const json& document, const JobContext& context) {
  const po::variables_map& vm = text_of(given);
  SweepSettings s = sweep_settings(vm);
  Problem problem = problem_from_document(document, context.source);
  options::apply_problem_overrides(problem, vm);
  if (s.parameter != "force") require_force(problem);  // the fixed load of a sweep of another parameter
  // progress once the sweep has run for a second (docs/manual.md section 5)
  s.continuation.progress = [&context](const std::string& note) { context.progress(note); };
  const ParameterFamily family = parameter_family(problem, s.parameter);
  Diagram diagram = sweep(family, s.from, s.to, s.continuation);
  confirm_hopf_events(family, diagram);  // the orbits born at its Hopf points
  // the embedded problem is the one at the sweep's start (the swept parameter at --from), so
  // that it and "options" regenerate the diagram
  JobRun run;
  run.report = diagram_report(family.problem(s.from), diagram);
  run.report["options"] = given_options(vm);
  run.summary = diagram_summary(run.report);
  certify(run, diagram.certificate, options::required_level(vm));
  return run;
}

}  // namespace limitdir::detail
