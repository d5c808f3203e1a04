// The job simulate (jobs/job.hpp, docs/manual.md sections 5 and 14): one trajectory of the slip
// dynamics up to stick (--x0: its final record; the kept points go to JobHooks::point) or a
// survey of trajectories from points of the unit sphere (--survey N), as the app prints them.
#include <cmath>
#include <set>
#include <string>

#include "limitdir/jobs/simulate_options.hpp"

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/report/numbers.hpp"
#include "limitdir/report/report.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/system/system.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

using json = nlohmann::json;

po::options_description simulate_table() {
  po::options_description options("Options", options::help_line_length);
  options.add_options()
      ("x0", po::value<std::string>()->value_name("U_X,U_Y,RHO_OMEGA"),
       "the initial slip x_o(0) = (u_x, u_y, rho omega_z), not zero. Unit: sqrt(mu g R) (a slip velocity, "
       "docs/manual.md section 1).")
      ("survey", po::value<std::string>()->value_name("N"),
       "run N trajectories (1 <= N <= 20000) from the unit sphere instead. Unit: count.")
      ("every", po::value<std::string>()->value_name("K"),
       "keep every K-th step of the trajectory (default 1; 0: none). Unit: count.")
      ("backward", po::bool_switch(), "integrate backward in time (departures from stick)")
      ("max-steps", po::value<std::string>()->value_name("S"),
       "give up (exit 3) after S accepted steps per trajectory (default 2000000). Unit: count.");
  options::add_problem_overrides(options, /*with_force=*/true);
  return options;
}

namespace {

/// ~0.2-1 ms per trajectory (bench_simulate): 20000 keep a survey within ~5-20 s.
constexpr long long max_survey = 20000;

constexpr long long max_every = 1000000000, max_max_steps = 1000000000000LL;  // --every, --max-steps

/// The integrator's options of `o` (dynamics/simulate.hpp): direction, step budget, kept steps.
SimulationOptions simulation_options(const SimulateOptions& o) {
  SimulationOptions options;
  options.backward = o.backward;
  options.max_steps = o.max_steps;
  options.every = o.every.value_or(1);
  return options;
}

/// -0 and subnormals as 0 (report/numbers.hpp, docs/manual.md section 5).
json vec(const Eigen::Vector3d& v) {
  const Eigen::Vector3d x = report_vector(v);
  return json::array({x[0], x[1], x[2]});
}

/// epsilon = (rho/R) |cot theta| (35) of a direction; null on the equator (+infinity).
json epsilon_of(const Eigen::Vector3d& w, double rho_over_R) {
  if (w[2] == 0) return nullptr;
  return rho_over_R * std::hypot(w[0], w[1]) / std::abs(w[2]);
}

std::string outcome_name(SimulationResult::Outcome o) {
  switch (o) {
    case SimulationResult::Outcome::stick: return "stick";
    case SimulationResult::Outcome::never_sticks: return "never-sticks";
    default: return "failed";
  }
}

json survey_entry(const SurveyEntry& e, int trajectories, double rho_over_R) {
  json j = {{"radial", e.radial}, {"sphere_type", e.sphere_type}, {"count", e.count},
            {"fraction", static_cast<double>(e.count) / trajectories}};
  if (e.circle) {
    j["circle"] = true;
    j["theta"] = e.theta;
    j["epsilon"] = epsilon_of(Eigen::Vector3d(std::cos(e.theta), 0, std::sin(e.theta)), rho_over_R);
  } else {
    j["circle"] = false;
    j["w"] = vec(e.w);
    j["epsilon"] = epsilon_of(e.w, rho_over_R);
  }
  return j;
}

/// The survey (schema limitdir.survey/1) and its summary: the counts, and the class, the types
/// reached ("survey: attracting stable-node"; docs/manual.md section 14).
JobRun run_survey(const Problem& problem, const System& system, const SimulateOptions& o) {
  const SimulationOptions options = simulation_options(o);
  const Survey survey_result = survey(system, problem.force, *o.survey, options.backward, options);
  json entries = json::array();
  std::set<std::string> reached;
  for (const SurveyEntry& e : survey_result.entries) {
    entries.push_back(survey_entry(e, survey_result.trajectories, problem.rho_over_R()));
    if (e.count > 0) reached.insert(e.radial + " " + e.sphere_type);
  }
  JobRun run;
  run.report = {{"schema", "limitdir.survey/1"},
                {"limitdir_version", version},
                {"problem", problem_to_json(problem)},
                {"force", problem.force},
                {"backward", options.backward},
                {"trajectories", survey_result.trajectories},
                {"stick", survey_result.stick},
                {"never_stick", survey_result.never_stick},
                {"failed", survey_result.failed},
                {"unmatched", survey_result.unmatched},
                {"entries", entries}};
  std::string text;
  for (const std::string& type : reached) text += (text.empty() ? "" : ", ") + type;
  run.summary = {{"trajectories", survey_result.trajectories}, {"stick", survey_result.stick},
                 {"never_stick", survey_result.never_stick}, {"failed", survey_result.failed},
                 {"unmatched", survey_result.unmatched}, {"class", "survey: " + (text.empty() ? "none" : text)}};
  if (survey_result.failed > 0) {
    run.status = 3;
    run.message = std::to_string(survey_result.failed) + " of " + std::to_string(survey_result.trajectories) +
                  " integrations failed";
  }
  return run;
}

/// The final record's match: the limit direction, the circle, or null.
void put_match(json& fin, const SimulationResult& r, double rho_over_R, json& summary) {
  if (r.matched) {
    fin["limit_direction"] = classification_to_json(*r.matched, rho_over_R, false);
    summary["type"] = fin["limit_direction"]["radial"].get<std::string>() + " " +
                      fin["limit_direction"]["sphere"]["type"].get<std::string>();
  } else if (r.matched_circle) {
    fin["circle"] = circle_to_json(*r.matched_circle);
    summary["type"] = fin["circle"]["radial"].get<std::string>() + " " + fin["circle"]["sphere_type"].get<std::string>();
  } else {
    fin["limit_direction"] = nullptr;
  }
  fin["match_distance"] = r.match_distance;
}

/// One trajectory: its final record (schema limitdir.simulation/1) and its summary: the outcome,
/// the stop direction and its type, the class "<outcome> <type>" (docs/manual.md section 14).
JobRun run_trajectory(const Problem& problem, const System& system, const SimulateOptions& o,
                      const JobContext& context) {
  SimulationOptions options = simulation_options(o);
  // the kept points go to the hook as they are computed, or nowhere (never held in memory)
  options.on_point = [&context](const TrajectoryPoint& p) {
    if (context.hooks.point) context.hooks.point(json{{"t", p.t}, {"tau", p.tau}, {"r", p.r}, {"w", vec(p.w)}});
  };
  options.progress = [&context](const std::string& note) { context.progress(note); };  // notes after a second
  const Eigen::Vector3d& x0 = *o.x0;
  const SimulationResult r = simulate(system, problem.force, x0, options);
  const double rho_over_R = problem.rho_over_R();
  json fin = {{"schema", "limitdir.simulation/1"}, {"limitdir_version", version},
              {"problem", problem_to_json(problem)}, {"force", problem.force},
              {"x0", vec(x0)}, {"backward", options.backward},
              {"outcome", outcome_name(r.outcome)}, {"steps", r.steps},
              {"tau_end", r.tau_end}, {"r_end", r.r_end}};
  const bool finite_arrival = r.arrival.allFinite();
  fin["arrival"] = finite_arrival ? vec(r.arrival) : json(nullptr);
  fin["epsilon"] = finite_arrival ? epsilon_of(r.arrival, rho_over_R) : json(nullptr);
  JobRun run;
  run.summary = {{"outcome", fin["outcome"]}, {"stop_direction", fin["arrival"]}, {"type", nullptr},
                 {"steps", r.steps}};
  if (r.outcome == SimulationResult::Outcome::stick) {
    fin["stick_time"] = r.stick_time;
    put_match(fin, r, rho_over_R, run.summary);
  } else {
    fin["stick_time"] = nullptr;
    fin["reason"] = r.reason;
  }
  run.summary["stick_time"] = fin["stick_time"];
  const std::string type = run.summary["type"].is_string() ? run.summary["type"].get<std::string>() : "";
  run.summary["class"] = outcome_name(r.outcome) + (type.empty() ? "" : " " + type);
  run.report = std::move(fin);
  if (r.outcome == SimulationResult::Outcome::failed) {
    run.status = 3;
    run.message = "integration failed: " + r.reason;
  } else if (r.outcome == SimulationResult::Outcome::stick && !r.matched && !r.matched_circle) {
    run.status = 3;
    run.message = "stick reached along no limit direction (nearest at distance " + std::to_string(r.match_distance) + ")";
  }
  return run;
}

}  // namespace

SimulateOptions simulate_from_text(const po::variables_map& vm) {
  SimulateOptions o;
  o.problem = options::problem_overrides(vm);
  // the options among themselves: one of --x0 and --survey, --every only with --x0
  const bool has_x0 = vm.count("x0") > 0, has_survey = vm.count("survey") > 0;
  if (has_x0 == has_survey) throw InputError("give exactly one of --x0 and --survey");
  if (has_survey && vm.count("every")) throw InputError("--every: only with --x0");
  o.backward = vm.count("backward") && vm["backward"].as<bool>();
  o.max_steps = options::integer_option(vm, "max-steps", o.max_steps, 1, max_max_steps);
  if (has_survey) {
    o.survey = static_cast<int>(options::parse_integer(vm["survey"].as<std::string>(), "--survey", 1, max_survey));
    return o;
  }
  o.x0 = options::parse_vector3(vm["x0"].as<std::string>(), "--x0");
  if (o.x0->isZero(0.0))
    throw InputError("--x0: must not be zero (x0 = 0 is already stick) (got " + vm["x0"].as<std::string>() + ")");
  if (vm.count("every")) o.every = static_cast<int>(options::integer_option(vm, "every", 1, 0, max_every));
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_simulate(const po::variables_map& vm) { return simulate_from_text(vm); }

JobRun run_simulate(const JobOptions& given, const json& document, const JobContext& context) {
  // the app's order: the problem (and its mass matrix) before the options
  Problem problem = problem_from_document(document, context.source);
  const SimulateOptions o = values_of(given, simulate_from_text);
  apply_overrides(problem, o.problem);
  require_force(problem);
  const System system = make_system(problem);
  return o.survey ? run_survey(problem, system, o) : run_trajectory(problem, system, o, context);
}

}  // namespace detail

void SimulateOptions::validate() const {
  const std::string owner = "SimulateOptions::";
  if (x0.has_value() == survey.has_value()) throw InputError(owner + "x0, survey: give exactly one of them");
  if (survey && every) throw InputError(owner + "every: only with x0 (not with survey)");
  if (x0) detail::check_finite(owner + "x0", *x0);
  if (x0 && x0->isZero(0.0)) detail::bad_value(owner + "x0", "not zero (x0 = 0 is already stick)", "0,0,0");
  if (survey && (*survey < 1 || *survey > detail::max_survey))
    detail::bad_value(owner + "survey", "in 1..20000", static_cast<long long>(*survey));
  if (every && (*every < 0 || *every > detail::max_every))
    detail::bad_value(owner + "every", "in 0..1000000000", static_cast<long long>(*every));
  if (max_steps < 1 || max_steps > detail::max_max_steps)
    detail::bad_value(owner + "max_steps", "in 1..1000000000000", max_steps);
  check_overrides(problem, owner + "problem");
  check_key_settings(set, owner + "set");
}

Job make_job(const SimulateOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::simulate, options);
}

}  // namespace limitdir
