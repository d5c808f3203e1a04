// roll PROBLEM [--mu MU] [--mu-r MU_R] [--h H] [--t-end T] [--theta THETA] [--method M] [--tol TOL]
//      [--velocity UX,UY,UZ] [--omega WX,WY,WZ] [--every K]
// roll PROBLEM --map [--mu-grid LO,HI,N] [--mu-r-grid LO,HI,N] [overrides]
// The sphere rolling on a plane with rolling resistance, Sect. 6.1 [Acary & Bourrier 2021]
// (docs/manual.md section 10): a Moreau-Jean run with the time histories of Fig. 3 and the closed
// form (schema "limitdir.roll-report/1"), or with --map the X_max(mu, mu_r) map of Fig. 2
// ("limitdir.roll-map/1"). Exit 2 for bad input, 3 when a solve misses its tolerance.
#include <iostream>
#include <sstream>
#include <string>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/sphere_io.hpp"

namespace po = limitdir::cli::po;

namespace {

/// "LO,HI,N" for --mu-grid and --mu-r-grid.
limitdir::Grid parse_grid(const std::string& text, const std::string& option) {
  const auto first = text.find(','), second = text.find(',', first == std::string::npos ? first : first + 1);
  if (first == std::string::npos || second == std::string::npos)
    throw limitdir::InputError(option + ": must be LO,HI,N (got \"" + text + "\")");
  limitdir::Grid g;
  g.lo = limitdir::cli::parse_real(text.substr(0, first), option);
  g.hi = limitdir::cli::parse_real(text.substr(first + 1, second - first - 1), option);
  g.n = static_cast<int>(limitdir::cli::parse_integer(text.substr(second + 1), option, 1, limitdir::max_map_axis));
  return g;
}

void apply_overrides(limitdir::RollProblem& p, const po::variables_map& vm) {
  // Each given number must pass `ok`; `range` says what that means in the message.
  const auto real = [&](const char* name, double& target, const char* range, bool (*ok)(double)) {
    if (!vm.count(name)) return;
    const std::string text = vm[name].as<std::string>(), option = std::string("--") + name;
    const double x = limitdir::cli::parse_real(text, option);
    if (!ok(x)) throw limitdir::InputError(option + ": must be " + range + " (got \"" + text + "\")");
    target = x;
  };
  const auto nonnegative = [](double x) { return x >= 0.0; };
  const auto positive = [](double x) { return x > 0.0; };
  real("mu", p.sphere.mu, ">= 0", nonnegative);
  real("mu-r", p.sphere.mu_r, ">= 0", nonnegative);
  real("h", p.stepping.h, "> 0", positive);
  real("t-end", p.stepping.t_end, "> 0", positive);
  real("theta", p.stepping.theta, "in [0, 1]", [](double x) { return x >= 0.0 && x <= 1.0; });
  real("tol", p.stepping.solver.tol, "in (0, 1)", [](double x) { return x > 0.0 && x < 1.0; });
  if (vm.count("method") && p.spin.contact_radius > 0.0)
    throw limitdir::InputError("--method: not with spin_friction (its steps use an accelerated projected gradient)");
  if (vm.count("method")) p.stepping.method = limitdir::rolling_method_from_name(vm["method"].as<std::string>(), "--method");
  if (vm.count("velocity")) p.initial.velocity = limitdir::cli::parse_vector3(vm["velocity"].as<std::string>(), "--velocity");
  if (vm.count("omega")) p.initial.omega = limitdir::cli::parse_vector3(vm["omega"].as<std::string>(), "--omega");
  limitdir::validate(p);
}

}  // namespace

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "roll",
      "PROBLEM [--mu MU] [--mu-r MU_R] [--h H] [--t-end T] [--theta THETA] [--method M] [--tol TOL] "
      "[--velocity UX,UY,UZ] [--omega WX,WY,WZ] [--every K] [--map [--mu-grid LO,HI,N] [--mu-r-grid LO,HI,N]]",
      "A sphere rolling on a horizontal plane with Coulomb friction and rolling resistance (the\n"
      "rolling friction cone), integrated by the Moreau-Jean scheme (share/problems/roll-*.json).\n"
      "Prints the run (schema \"limitdir.roll-report/1\"): X_max, the stop time, the contact modes,\n"
      "the exact solution (closed form) for planar starts, and the histories of X, U, Omega and\n"
      "the mean reactions r_T, m_T per step (every K-th step, default about 1000 rows). With\n"
      "--map: X_max over a grid of (mu, mu_r), time stepping and closed form (\"limitdir.roll-map/1\").\n"
      "Exit 3 when a solve misses its tolerance."};
  info.problem_schema = "limitdir.roll/1";
  po::options_description options("Options");
  options.add_options()
      ("mu", po::value<std::string>()->value_name("MU"), "friction coefficient mu >= 0 (overrides friction.mu)")
      ("mu-r", po::value<std::string>()->value_name("MU_R"), "rolling friction coefficient >= 0, a length in m (overrides friction.mu_r)")
      ("h", po::value<std::string>()->value_name("H"), "time step in s (overrides time.h)")
      ("t-end", po::value<std::string>()->value_name("T"), "final time in s (overrides time.t_end)")
      ("theta", po::value<std::string>()->value_name("THETA"), "theta of the scheme in [0, 1] (overrides time.theta)")
      ("method", po::value<std::string>()->value_name("M"), "solver: pgs, pfp or extragradient (overrides solver.method)")
      ("tol", po::value<std::string>()->value_name("TOL"), "solver tolerance in (0, 1) (overrides solver.tol)")
      ("velocity", po::value<std::string>()->value_name("UX,UY,UZ"), "initial velocity in m/s (overrides initial.velocity)")
      ("omega", po::value<std::string>()->value_name("WX,WY,WZ"), "initial angular velocity in rad/s (overrides initial.omega)")
      ("every", po::value<std::string>()->value_name("K"), "keep every K-th step in the history (0: t = 0 and the last step only; at most 200000 rows)")
      ("map", po::bool_switch(), "print the X_max(mu, mu_r) map of Fig. 2 instead of one run")
      ("mu-grid", po::value<std::string>()->value_name("LO,HI,N"), "mu grid of --map (default 0.01,0.3,15)")
      ("mu-r-grid", po::value<std::string>()->value_name("LO,HI,N"), "mu_r grid of --map in m (default 0.004,0.032,15)");

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    limitdir::RollProblem problem = limitdir::load_roll_problem(limitdir::cli::problem_path(vm));
    apply_overrides(problem, vm);
    problem.stepping.progress = [](const std::string& note) { std::cerr << "roll: " << note << std::endl; };
    const bool map = vm["map"].as<bool>();
    if (!map && (vm.count("mu-grid") || vm.count("mu-r-grid"))) throw limitdir::InputError("--mu-grid, --mu-r-grid: only with --map");
    if (map) {
      if (vm.count("every")) throw limitdir::InputError("--every: not with --map");
      const auto grid = [&](const char* name, const char* fallback) {
        return parse_grid(vm.count(name) ? vm[name].as<std::string>() : std::string(fallback), std::string("--") + name);
      };
      return limitdir::roll_map(problem, grid("mu-grid", "0.01,0.3,15"), grid("mu-r-grid", "0.004,0.032,15")).dump() + "\n";
    }
    const long long steps = static_cast<long long>(problem.stepping.t_end / problem.stepping.h) + 1;
    problem.stepping.every = static_cast<int>(
        limitdir::cli::integer_option(vm, "every", std::max(1LL, steps / 1000), 0, limitdir::max_sphere_steps));
    // ~300 bytes of JSON per row: 2e5 rows are ~60 MB, far more than a figure needs.
    constexpr long long max_rows = 200000;
    if (problem.stepping.every > 0 && steps / problem.stepping.every > max_rows)
      throw limitdir::InputError("--every: at most " + std::to_string(max_rows) + " history rows (got " +
                                 std::to_string(steps / problem.stepping.every) + " = steps / K); use a larger K");
    const limitdir::SphereRun run = limitdir::run_problem(problem, problem.sphere, problem.stepping);
    std::string text = limitdir::roll_report(problem, run).dump() + "\n";
    if (!run.converged) {
      std::ostringstream why;  // %g-style, so a tolerance like 1e-20 is not printed as 0.000000
      why << "a solve missed the tolerance " << problem.stepping.solver.tol << " (max error " << run.max_error
          << "); raise solver.max_iter or the tolerance";
      return {std::move(text), limitdir::cli::exit_numerical_failure, why.str()};
    }
    return text;
  });
}
