// The job roll (jobs/job.hpp, docs/manual.md sections 10 and 14): a Moreau-Jean run of the sphere
// rolling on a plane with rolling resistance, or with --map the X_max(mu, mu_r) map, as the app
// prints them.
#include <algorithm>
#include <sstream>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "jobs/option_tables.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir::detail {

using json = nlohmann::json;

po::options_description roll_table() {
  po::options_description options("Options", options::help_line_length);
  options.add_options()
      ("mu", po::value<std::string>()->value_name("MU"),
       "friction coefficient mu >= 0 (overrides friction.mu). Unit: dimensionless.")
      ("mu-r", po::value<std::string>()->value_name("MU_R"),
       "rolling friction coefficient mu_r >= 0, a length (overrides friction.mu_r). Unit: m.")
      ("h", po::value<std::string>()->value_name("H"), "time step h > 0 (overrides time.h). Unit: s.")
      ("t-end", po::value<std::string>()->value_name("T"), "final time t_end > 0 (overrides time.t_end). Unit: s.")
      ("theta", po::value<std::string>()->value_name("THETA"),
       "theta of the scheme in [0, 1] (overrides time.theta). Unit: dimensionless.")
      ("method", po::value<std::string>()->value_name("M"),
       "solver: pgs, pfp or extragradient (overrides solver.method)")
      ("tol", po::value<std::string>()->value_name("TOL"),
       "solver tolerance in (0, 1) (overrides solver.tol). Unit: dimensionless.")
      ("velocity", po::value<std::string>()->value_name("UX,UY,UZ"),
       "initial velocity of the centre (overrides initial.velocity). Unit: m/s.")
      ("omega", po::value<std::string>()->value_name("WX,WY,WZ"),
       "initial angular velocity (overrides initial.omega). Unit: rad/s.")
      ("every", po::value<std::string>()->value_name("K"),
       "keep every K-th step in the history (0: t = 0 and the last step only; at most 200000 rows). Unit: count.")
      ("map", po::bool_switch(), "print the X_max(mu, mu_r) map of Fig. 2 instead of one run")
      ("mu-grid", po::value<std::string>()->value_name("LO,HI,N"),
       "the mu axis of --map: N values from LO to HI (default 0.01,0.3,15). Units: LO dimensionless, HI "
       "dimensionless, N count.")
      ("mu-r-grid", po::value<std::string>()->value_name("LO,HI,N"),
       "the mu_r axis of --map: N values from LO to HI (default 0.004,0.032,15). Units: LO m, HI m, N count.");
  options::add_set_option(options);
  return options;
}

namespace {

/// ~300 bytes of JSON per row: 2e5 rows are ~60 MB, far more than a figure needs.
constexpr long long max_rows = 200000;

/// "LO,HI,N" for --mu-grid and --mu-r-grid.
Grid parse_grid(const std::string& text, const std::string& option) {
  const auto first = text.find(','), second = text.find(',', first == std::string::npos ? first : first + 1);
  if (first == std::string::npos || second == std::string::npos)
    throw InputError(option + ": must be LO,HI,N (got \"" + text + "\")");
  Grid g;
  g.lo = options::parse_real(text.substr(0, first), option);
  g.hi = options::parse_real(text.substr(first + 1, second - first - 1), option);
  g.n = static_cast<int>(options::parse_integer(text.substr(second + 1), option, 1, max_map_axis));
  return g;
}

bool map_mode(const po::variables_map& vm) { return vm.count("map") && vm["map"].as<bool>(); }

/// The overrides of the options on `p` (without the checks that need the whole problem).
void apply_option_values(RollProblem& p, const po::variables_map& vm) {
  using options::real_option;
  real_option(vm, "mu", p.sphere.mu, ">= 0", [](double x) { return x >= 0.0; });
  real_option(vm, "mu-r", p.sphere.mu_r, ">= 0", [](double x) { return x >= 0.0; });
  real_option(vm, "h", p.stepping.h, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "t-end", p.stepping.t_end, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "theta", p.stepping.theta, "in [0, 1]", [](double x) { return x >= 0.0 && x <= 1.0; });
  real_option(vm, "tol", p.stepping.solver.tol, "in (0, 1)", [](double x) { return x > 0.0 && x < 1.0; });
  if (vm.count("method") && p.spin.contact_radius > 0.0)
    throw InputError("--method: not with spin_friction (its steps use an accelerated projected gradient)");
  if (vm.count("method")) p.stepping.method = rolling_method_from_name(vm["method"].as<std::string>(), "--method");
  if (vm.count("velocity")) p.initial.velocity = options::parse_vector3(vm["velocity"].as<std::string>(), "--velocity");
  if (vm.count("omega")) p.initial.omega = options::parse_vector3(vm["omega"].as<std::string>(), "--omega");
}

/// The checks of the options among themselves, and the map's grids.
std::pair<Grid, Grid> mode_checks(const po::variables_map& vm) {
  const bool map = map_mode(vm);
  if (!map && (vm.count("mu-grid") || vm.count("mu-r-grid"))) throw InputError("--mu-grid, --mu-r-grid: only with --map");
  if (map && vm.count("every")) throw InputError("--every: not with --map");
  const auto grid = [&](const char* name, const char* fallback) {
    return parse_grid(vm.count(name) ? vm[name].as<std::string>() : std::string(fallback), std::string("--") + name);
  };
  return {grid("mu-grid", "0.01,0.3,15"), grid("mu-r-grid", "0.004,0.032,15")};
}

/// The summary of a run (docs/manual.md section 14): X_max, the stop time, the final contact
/// mode, and the class: the final mode ("rest", ...), or "moving" when the run ends unstopped.
json run_summary(const json& report) {
  const json& modes = report.at("modes");
  const json final_mode = modes.empty() ? json(nullptr) : modes.back().at("mode");
  return {{"X_max", report.at("X_max")},
          {"t_stop", report.value("t_stop", json())},
          {"at_rest", report.at("at_rest")},
          {"final_mode", final_mode},
          {"class", final_mode.is_string() ? final_mode : json("no contact mode")}};
}

/// The summary of a map: its points, how many stopped, the largest difference from the closed
/// form; the class "map".
json map_summary(const json& report) {
  std::size_t points = 0, stopped = 0;
  for (const json& row : report.at("stopped"))
    for (const json& s : row) points += 1, stopped += s.get<bool>() ? 1 : 0;
  return {{"points", points},
          {"stopped", stopped},
          {"max_abs_difference", report.at("max_abs_difference")},
          {"class", "map: " + std::to_string(stopped) + " of " + std::to_string(points) + " stopped"}};
}

}  // namespace

JobValues check_roll(const po::variables_map& vm) {
  RollProblem p;
  apply_option_values(p, vm);
  (void)mode_checks(vm);
  if (vm.count("every")) (void)options::parse_integer(vm["every"].as<std::string>(), "--every", 0, max_sphere_steps);
  return {};
}

JobRun run_roll(const JobOptions& given, const json& document, const JobContext& context) {
  const po::variables_map& vm = text_of(given);
  RollProblem problem = parse_roll_problem(document, context.source);
  apply_option_values(problem, vm);
  validate(problem);
  // the solver's notes about once a second (docs/manual.md section 5), through the job's hooks
  problem.stepping.progress = [&context](const std::string& note) { context.progress(note); };
  const auto [mu_grid, mu_r_grid] = mode_checks(vm);
  JobRun run;
  if (map_mode(vm)) {
    run.report = roll_map(problem, mu_grid, mu_r_grid);
    run.summary = map_summary(run.report);
    return run;
  }
  const long long steps = static_cast<long long>(problem.stepping.t_end / problem.stepping.h) + 1;
  problem.stepping.every =
      static_cast<int>(options::integer_option(vm, "every", std::max(1LL, steps / 1000), 0, max_sphere_steps));
  if (problem.stepping.every > 0 && steps / problem.stepping.every > max_rows)
    throw InputError("--every: at most " + std::to_string(max_rows) + " history rows (got " +
                     std::to_string(steps / problem.stepping.every) + " = steps / K); use a larger K");
  const SphereRun sphere_run = run_problem(problem, problem.sphere, problem.stepping);
  run.report = roll_report(problem, sphere_run);
  run.summary = run_summary(run.report);
  if (!sphere_run.converged) {
    std::ostringstream why;  // %g-style, so a tolerance like 1e-20 is not printed as 0.000000
    why << "a solve missed the tolerance " << problem.stepping.solver.tol << " (max error " << sphere_run.max_error
        << "); raise solver.max_iter or the tolerance";
    run.status = 3;
    run.message = why.str();
  }
  return run;
}

}  // namespace limitdir::detail
