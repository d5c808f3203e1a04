// The job sweep-force (jobs/job.hpp, docs/manual.md sections 5 and 14): the bifurcation diagram
// of the limit directions over a parameter range, as the app prints it.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "limitdir/jobs/sweep_force_options.hpp"

#include "limitdir/continuation/branch_chords.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

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
       "--enclose-events; it then stays checked; saves a few ms)")
      ("max-chord", po::value<std::string>()->value_name("TOL"),
       "refine every branch until each chord lies within TOL of the branch, in the scaled (w, (p - F0)/(F1 - "
       "F0)) (w on the unit sphere, the parameter as a fraction of the range), TOL > 0 (default: none, the "
       "continuation's steps up to --h-max). Unit: dimensionless.");
  options::add_problem_overrides(options, /*with_force=*/true);
  options::add_require_option(options);
  return options;
}

namespace {

constexpr int max_checks = 10000;  // the re-checks of --checks

bool positive_tolerance(double tol) { return tol > 0; }  // --max-chord (finite: real_value)

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

/// The same of options given as values: the fields that differ from their defaults (--from and
/// --to always), by the app's option names, the numbers as the shortest JSON text that reads
/// back to them (as_json_number), the switches as true; --set is not among them, as it is not
/// among the text's (its keys are set in the embedded problem).
json given_options(const SweepForceOptions& o) {
  const SweepForceOptions defaults;
  const auto number = [](double x) { return as_json_number(x).dump(); };
  json out = {{"from", number(o.from)}, {"to", number(o.to)}};
  if (o.parameter != defaults.parameter) out["parameter"] = o.parameter;
  if (o.checks != defaults.checks) out["checks"] = std::to_string(o.checks);
  if (o.h_max != defaults.h_max) out["h-max"] = number(o.h_max);
  if (o.enclose_events) out["enclose-events"] = true;
  if (o.no_proof) out["no-proof"] = true;
  if (o.max_chord) out["max-chord"] = number(*o.max_chord);
  const ProblemOverrides& p = o.problem;
  if (p.model) out["model"] = *p.model;
  if (p.degree) out["degree"] = std::to_string(*p.degree);
  if (p.pressure) out["pressure"] = *p.pressure;
  if (p.rho) out["rho"] = *p.rho;
  if (p.force) out["force"] = number(*p.force);
  return out;
}

/// "> 1e-09, the smallest step": the range of --h-max beyond ContinuationOptions::h_min.
std::string above_smallest_step() {
  std::ostringstream what;
  what << "> " << ContinuationOptions().h_min << ", the smallest step";
  return what.str();
}

/// The continuation's settings of the options (the first step no longer than h_max).
ContinuationOptions continuation_options(const SweepForceOptions& o) {
  ContinuationOptions c;
  c.checks = o.checks;
  c.h_max = o.h_max;
  c.h_initial = std::min(c.h_initial, o.h_max);
  c.enclose_events = o.enclose_events;
  c.prove = !o.no_proof;
  return c;
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

SweepForceOptions sweep_force_from_text(const po::variables_map& vm) {
  const auto required_real = [&](const char* name) {
    if (!vm.count(name)) throw InputError(std::string("--") + name + ": required; see --help");
    return options::parse_real(vm[name].as<std::string>(), std::string("--") + name);
  };
  SweepForceOptions o;
  o.from = required_real("from");
  o.to = required_real("to");
  if (!(o.from < o.to))
    throw InputError("--to: must be greater than --from (got --from " + vm["from"].as<std::string>() + " --to " +
                     vm["to"].as<std::string>() + ")");
  if (vm.count("parameter")) o.parameter = vm["parameter"].as<std::string>();
  if (o.parameter == "force" && vm.count("force"))
    throw InputError("--force: the load is the swept parameter; give its range with --from and --to "
                     "(--force fixes the load when --parameter names another parameter)");
  o.checks = static_cast<int>(options::integer_option(vm, "checks", o.checks, 0, max_checks));
  if (vm.count("h-max")) {
    const std::string text = vm["h-max"].as<std::string>();
    o.h_max = options::parse_real(text, "--h-max");
    if (!(o.h_max > ContinuationOptions().h_min))
      throw InputError("--h-max: must be a number " + above_smallest_step() + " (got \"" + text + "\")");
  }
  o.enclose_events = vm.count("enclose-events") && vm["enclose-events"].as<bool>();
  o.no_proof = vm.count("no-proof") && vm["no-proof"].as<bool>();
  o.max_chord = real_value(vm, "max-chord", "> 0", positive_tolerance);
  o.problem = options::problem_overrides(vm);
  o.require = options::required_level(vm);
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_sweep_force(const po::variables_map& vm) { return sweep_force_from_text(vm); }

JobRun run_sweep_force(const JobOptions& given, const json& document, const JobContext& context) {
  const SweepForceOptions o = values_of(given, sweep_force_from_text);
  Problem problem = problem_from_document(document, context.source);
  apply_overrides(problem, o.problem);
  if (o.parameter != "force") require_force(problem);  // the fixed load of a sweep of another parameter
  ContinuationOptions continuation = continuation_options(o);
  // progress once the sweep has run for a second (docs/manual.md section 5)
  continuation.progress = [&context](const std::string& note) { context.progress(note); };
  const ParameterFamily family = parameter_family(problem, o.parameter);
  Diagram diagram = sweep(family, o.from, o.to, continuation);
  if (o.max_chord) refine_branch_chords(family, diagram, *o.max_chord, continuation);  // docs/manual.md section 5
  {
    const ProgressScope scope(continuation.progress);  // the orbit stages note their progress too
    confirm_hopf_events(family, diagram);               // the orbits born at its Hopf points
    continue_orbit_branches(family, diagram);           // and their branches (docs/manual.md section 9)
  }
  // the embedded problem is the one at the sweep's start (the swept parameter at --from), so
  // that it and "options" regenerate the diagram (the text as typed, when there is one)
  JobRun run;
  run.report = diagram_report(family.problem(o.from), diagram);
  run.report["options"] = given.vm ? given_options(*given.vm) : given_options(o);
  run.summary = diagram_summary(run.report);
  certify(run, diagram.certificate, o.require);
  return run;
}

}  // namespace detail

void SweepForceOptions::validate() const {
  const std::string owner = "SweepForceOptions::";
  if (!std::isfinite(from)) detail::bad_value(owner + "from", "a finite number", from);
  if (!std::isfinite(to) || !(from < to)) detail::bad_value(owner + "to", "a finite number greater than from", to);
  if (parameter.empty()) detail::bad_value(owner + "parameter", "a parameter's name", parameter);
  if (checks < 0 || checks > detail::max_checks)
    detail::bad_value(owner + "checks", "in 0..10000", static_cast<long long>(checks));
  if (!std::isfinite(h_max) || !(h_max > ContinuationOptions().h_min))
    detail::bad_value(owner + "h_max", "a finite number " + detail::above_smallest_step(), h_max);
  detail::check_range(owner + "max_chord", max_chord, "finite and > 0", detail::positive_tolerance);
  check_overrides(problem, owner + "problem");
  if (parameter == "force" && problem.force)
    detail::bad_value(owner + "problem.force", "empty when parameter is \"force\" (the load is swept)", *problem.force);
  check_key_settings(set, owner + "set");
  detail::check_require(require, owner + "require");
}

Job make_job(const SweepForceOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::sweep_force, options);
}

}  // namespace limitdir
