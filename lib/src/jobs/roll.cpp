// The job roll (jobs/job.hpp, docs/manual.md sections 10 and 14): a Moreau-Jean run of the sphere
// rolling on a plane with rolling resistance, or with --map the X_max(mu, mu_r) map, as the app
// prints them.
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include "limitdir/jobs/roll_options.hpp"

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "jobs/option_tables.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

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

/// The ranges of the overrides (the problem file's, rolling/sphere_io.hpp), each with its text.
bool non_negative(double x) { return x >= 0.0; }
bool positive(double x) { return x > 0.0; }
bool unit_closed(double x) { return x >= 0.0 && x <= 1.0; }
bool unit_open(double x) { return x > 0.0 && x < 1.0; }

/// The default axes of --map (Fig. 2; the option table's "0.01,0.3,15" and "0.004,0.032,15").
const Grid default_mu_grid{0.01, 0.3, 15}, default_mu_r_grid{0.004, 0.032, 15};

/// The overrides of `o` on `p`; the one check that needs the problem: --method not with
/// spin_friction.
void apply_option_values(RollProblem& p, const RollOptions& o) {
  if (o.mu) p.sphere.mu = *o.mu;
  if (o.mu_r) p.sphere.mu_r = *o.mu_r;
  if (o.h) p.stepping.h = *o.h;
  if (o.t_end) p.stepping.t_end = *o.t_end;
  if (o.theta) p.stepping.theta = *o.theta;
  if (o.tol) p.stepping.solver.tol = *o.tol;
  if (o.method && p.spin.contact_radius > 0.0)
    throw InputError("--method: not with spin_friction (its steps use an accelerated projected gradient)");
  if (o.method) p.stepping.method = *o.method;
  if (o.velocity) p.initial.velocity = *o.velocity;
  if (o.omega) p.initial.omega = *o.omega;
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

RollOptions roll_from_text(const po::variables_map& vm) {
  RollOptions o;
  o.mu = real_value(vm, "mu", ">= 0", non_negative);
  o.mu_r = real_value(vm, "mu-r", ">= 0", non_negative);
  o.h = real_value(vm, "h", "> 0", positive);
  o.t_end = real_value(vm, "t-end", "> 0", positive);
  o.theta = real_value(vm, "theta", "in [0, 1]", unit_closed);
  o.tol = real_value(vm, "tol", "in (0, 1)", unit_open);
  if (vm.count("method")) o.method = rolling_method_from_name(vm["method"].as<std::string>(), "--method");
  if (vm.count("velocity")) o.velocity = options::parse_vector3(vm["velocity"].as<std::string>(), "--velocity");
  if (vm.count("omega")) o.omega = options::parse_vector3(vm["omega"].as<std::string>(), "--omega");
  // the options among themselves, and the map's grids
  o.map = vm.count("map") && vm["map"].as<bool>();
  if (!o.map && (vm.count("mu-grid") || vm.count("mu-r-grid"))) throw InputError("--mu-grid, --mu-r-grid: only with --map");
  if (o.map && vm.count("every")) throw InputError("--every: not with --map");
  if (vm.count("mu-grid")) o.mu_grid = parse_grid(vm["mu-grid"].as<std::string>(), "--mu-grid");
  if (vm.count("mu-r-grid")) o.mu_r_grid = parse_grid(vm["mu-r-grid"].as<std::string>(), "--mu-r-grid");
  if (vm.count("every"))
    o.every = static_cast<int>(options::parse_integer(vm["every"].as<std::string>(), "--every", 0, max_sphere_steps));
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_roll(const po::variables_map& vm) { return roll_from_text(vm); }

JobRun run_roll(const JobOptions& given, const json& document, const JobContext& context) {
  RollProblem problem = parse_roll_problem(document, context.source);
  const RollOptions o = values_of(given, roll_from_text);
  apply_option_values(problem, o);
  validate(problem);
  // the solver's notes about once a second (docs/manual.md section 5), through the job's hooks
  problem.stepping.progress = [&context](const std::string& note) { context.progress(note); };
  JobRun run;
  if (o.map) {
    run.report = roll_map(problem, o.mu_grid.value_or(default_mu_grid), o.mu_r_grid.value_or(default_mu_r_grid));
    run.summary = map_summary(run.report);
    return run;
  }
  const long long steps = static_cast<long long>(problem.stepping.t_end / problem.stepping.h) + 1;
  problem.stepping.every = o.every.value_or(static_cast<int>(std::max(1LL, steps / 1000)));
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

}  // namespace detail

namespace {

/// InputError unless `grid` (the field `field`) is a grid of the map: finite 0 <= lo <= hi,
/// 1 <= n <= max_map_axis (validate_map, rolling/sphere_io.hpp).
void check_grid(const std::string& field, const Grid& grid) {
  if (!(std::isfinite(grid.lo) && grid.lo >= 0.0)) detail::bad_value(field + ".lo", "finite and >= 0", grid.lo);
  if (!(std::isfinite(grid.hi) && grid.hi >= grid.lo)) detail::bad_value(field + ".hi", "finite and >= lo", grid.hi);
  if (grid.n < 1 || grid.n > max_map_axis)
    detail::bad_value(field + ".n", "in 1.." + std::to_string(max_map_axis), static_cast<long long>(grid.n));
}

}  // namespace

void RollOptions::validate() const {
  const std::string owner = "RollOptions::";
  detail::check_range(owner + "mu", mu, "finite and >= 0", detail::non_negative);
  detail::check_range(owner + "mu_r", mu_r, "finite and >= 0", detail::non_negative);
  detail::check_range(owner + "h", h, "finite and > 0", detail::positive);
  detail::check_range(owner + "t_end", t_end, "finite and > 0", detail::positive);
  detail::check_range(owner + "theta", theta, "in [0, 1]", detail::unit_closed);
  detail::check_range(owner + "tol", tol, "in (0, 1)", detail::unit_open);
  if (velocity) detail::check_finite(owner + "velocity", *velocity);
  if (omega) detail::check_finite(owner + "omega", *omega);
  if (!map && (mu_grid || mu_r_grid)) throw InputError(owner + (mu_grid ? "mu_grid" : "mu_r_grid") + ": only with map");
  if (map && every) throw InputError(owner + "every: not with map");
  if (every && (*every < 0 || *every > max_sphere_steps))
    detail::bad_value(owner + "every", "in 0.." + std::to_string(max_sphere_steps), static_cast<long long>(*every));
  if (mu_grid) check_grid(owner + "mu_grid", *mu_grid);
  if (mu_r_grid) check_grid(owner + "mu_r_grid", *mu_r_grid);
  check_key_settings(set, owner + "set");
}

Job make_job(const RollOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::roll, options);
}

}  // namespace limitdir
