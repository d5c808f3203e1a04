// The job pile (jobs/job.hpp, docs/manual.md sections 14 and 15): the spheres pile of
// [Acary & Bourrier 2021] Sect. 6.2 as the app prints it.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "limitdir/jobs/pile_options.hpp"

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pile_run.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "limitdir/granular/vtk.hpp"
#include "limitdir/granular/worker_pool.hpp"
#include "jobs/job_detail.hpp"
#include "jobs/option_tables.hpp"

namespace limitdir {
namespace detail {

using json = nlohmann::json;

po::options_description pile_table() {
  po::options_description options("Options", options::help_line_length);
  options.add_options()
      ("every", po::value<std::string>()->value_name("K"),
       "keep every K-th step in the history and the VTK frames (0: the first and last only; default "
       "steps/1000; at most 200000 rows). Unit: count.")
      ("vtk", po::value<std::string>()->value_name("DIR"),
       "write the kept steps as VTK XML PolyData files DIR/pile_NNNNNNN.vtp and their index DIR/pile.pvd "
       "(ParaView)")
      ("jobs", po::value<std::string>()->value_name("K"),
       "threads of the run (1 to 256; default 1): >= 2 sweeps the contacts in colour order, those of one "
       "colour on K threads at once (the same report for every K >= 2). Not in a scan (its --jobs runs "
       "points at once). Unit: count.")
      ("scene", po::bool_switch(), "print the scene (the spheres' births, schema \"limitdir.pile-scene/1\") and stop");
  options::add_set_option(options);
  return options;
}

PileOptions pile_from_text(const po::variables_map& vm) {
  PileOptions o;
  if (vm.count("every")) o.every = options::parse_integer(vm["every"].as<std::string>(), "--every", 0,
                                                          static_cast<long long>(max_pile_steps));
  if (vm.count("vtk")) {
    o.vtk = vm["vtk"].as<std::string>();
    if (o.vtk->empty()) throw InputError("--vtk: must name a directory (got \"\")");
  }
  if (vm.count("jobs"))
    o.jobs = static_cast<int>(options::parse_integer(vm["jobs"].as<std::string>(), "--jobs", 1, max_granular_threads));
  o.scene = vm.count("scene") && vm["scene"].as<bool>();
  if (o.scene && (o.every || o.vtk)) throw InputError("--scene: not with --every or --vtk (nothing runs)");
  return o;  // o.set stays empty: run_job applies the text of --set
}

JobValues check_pile(const po::variables_map& vm) { return pile_from_text(vm); }

namespace {

/// The summary (docs/manual.md section 14): the pile's measures and the solver's record; the
/// class "pile", "pile: unconverged steps" when a step ended above the tolerance, or "pile:
/// reached the drop height" when the run stopped there (the measures then those of that moment).
json pile_summary(const json& report) {
  const json& s = report.at("summary");
  json out;
  for (const char* key : {"H_over_d", "base_radius_over_d", "angle_of_repose_deg", "spheres_on_plane", "spheres_lost",
                          "spheres_present", "converged", "unconverged_steps", "mean_sweeps", "max_error",
                          "max_penetration_over_d"})
    out[key] = s.at(key);
  out["injected_energy"] = s.at("energy").at("injected");
  out["reached_drop_height"] = !s.at("reached_drop_height").is_null();
  out["class"] = out["reached_drop_height"].get<bool>() ? "pile: reached the drop height"
                 : s.at("converged").get<bool>()        ? "pile"
                                                        : "pile: unconverged steps";
  return out;
}

}  // namespace

JobRun run_pile(const JobOptions& given, const json& document, const JobContext& context) {
  const PileProblem problem = parse_pile_problem(document, context.source);
  const PileOptions o = values_of(given, pile_from_text);
  const std::vector<SphereBirth> births = pluviate(problem);
  JobRun run;
  if (o.scene) {
    run.report = pile_scene_to_json(problem, births);
    run.summary = {{"spheres", births.size()}, {"class", "scene"}};
    return run;
  }
  const long long steps = step_count(problem.stepping);
  PileRunOptions options;
  options.every = o.every.value_or(std::max(1LL, steps / 1000));
  if (options.every > 0 && steps / options.every > max_pile_rows)
    throw InputError("--every: at most " + std::to_string(max_pile_rows) + " history rows (got " +
                     std::to_string(steps / options.every) + " = steps / K); use a larger K");
  options.threads = o.jobs;
  options.progress = [&context](const std::string& note) { context.progress(note); };
  std::unique_ptr<VtkSeriesWriter> vtk;
  if (o.vtk) {
    vtk = std::make_unique<VtkSeriesWriter>(*o.vtk);
    options.frame = [&vtk](const SphereFrame& f) { vtk->write(f); };
  }
  const PileOutcome outcome = run_pile(problem, births, options);
  if (vtk) vtk->finish();
  run.report = pile_report(problem, outcome);
  run.summary = pile_summary(run.report);
  if (outcome.reached_drop_height) {  // the report is that of the moment it stopped: exit 3
    run.status = 3;
    run.message = drop_height_message(*outcome.reached_drop_height);
  }
  return run;
}

}  // namespace detail

void PileOptions::validate() const {
  const std::string owner = "PileOptions::";
  if (every && *every < 0) detail::bad_value(owner + "every", ">= 0", *every);
  if (jobs < 1 || jobs > max_granular_threads)
    detail::bad_value(owner + "jobs", "in [1, " + std::to_string(max_granular_threads) + "]", static_cast<long long>(jobs));
  if (vtk && vtk->empty()) detail::bad_value(owner + "vtk", "a directory name", std::string("\"\""));
  if (scene && (every || vtk)) throw InputError(owner + "scene: not with every or vtk (nothing runs)");
  check_key_settings(set, owner + "set");
}

Job make_job(const PileOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::pile, options);
}

}  // namespace limitdir
