// celt PROBLEM [--model M] [--mu MU] [--k-r KR] [--t-end T] [--dt DT] [--tol TOL] [--tilt TX,TY]
//      [--omega W1,W2,W3] [--every K]
// celt PROBLEM --compare                       the model comparison of Sect. 4
// celt PROBLEM --slip-system T [--w W1,W2,W3]... [--export-problem]
// The Celtic stone of [Awrejcewicz & Kudra, Celtic stone] (docs/manual.md section 12): one run
// (schema "limitdir.celt-report/1", kind "run"), the comparison of the models O, P'1, P'3, P1
// with W1 (kind "comparison"), or the slip system near stick at time T (kind "slip-system"; with
// --export-problem only its limitdir problem file, for find-limits and sweep-force).
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"

namespace po = limitdir::cli::po;

namespace {

void apply_overrides(limitdir::CeltProblem& p, const po::variables_map& vm) {
  using limitdir::cli::real_option;
  const auto tilt = [](double x) { return std::abs(x) < M_PI / 2; };
  if (vm.count("model"))
    p.contact = limitdir::celt_paper_contact(limitdir::celt_model_from_name(vm["model"].as<std::string>(), "--model"));
  real_option(vm, "mu", p.contact.mu, ">= 0", [](double x) { return x >= 0.0; });
  real_option(vm, "k-r", p.contact.k_r, "in [0, 1]", [](double x) { return x >= 0.0 && x <= 1.0; });
  real_option(vm, "t-end", p.stepping.t_end, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "dt", p.stepping.dt, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "tol", p.stepping.tolerance, "in (0, 1e-3]", [](double x) { return x > 0.0 && x <= 1e-3; });
  if (vm.count("omega")) p.initial.omega = limitdir::cli::parse_vector3(vm["omega"].as<std::string>(), "--omega");
  if (vm.count("tilt")) {
    const std::string text = vm["tilt"].as<std::string>();
    const auto comma = text.find(',');
    if (comma == std::string::npos) throw limitdir::InputError("--tilt: must be TX,TY (got \"" + text + "\")");
    p.initial.tilt_x = limitdir::cli::parse_real(text.substr(0, comma), "--tilt");
    p.initial.tilt_y = limitdir::cli::parse_real(text.substr(comma + 1), "--tilt");
    if (!tilt(p.initial.tilt_x) || !tilt(p.initial.tilt_y))
      throw limitdir::InputError("--tilt: each angle must be in (-pi/2, pi/2) (got \"" + text + "\")");
  }
  limitdir::celt_validate(p);
}

std::string slip_system(const limitdir::CeltProblem& p, const po::variables_map& vm) {
  if (p.contact.model != limitdir::CeltModel::W1 && p.contact.model != limitdir::CeltModel::P1)
    throw limitdir::InputError("--slip-system: only with the models W1 and P1 (the others have no friction law of "
                               "limitdir on the slip system's contact; docs/manual.md section 12)");
  const double T = limitdir::cli::parse_real(vm["slip-system"].as<std::string>(), "--slip-system");
  if (!(T >= 0.0) || T > p.stepping.t_end)
    throw limitdir::InputError("--slip-system: T must be in [0, time.t_end]");
  limitdir::CeltStepping s = p.stepping;
  s.t_end = T;
  limitdir::CeltState state = limitdir::celt_initial_state(p.body, p.initial);
  if (T > 0.0) {
    s.dt = T;  // one sample at T
    state = limitdir::celt_simulate(p.body, p.contact, state, s).samples.back().state;
  }
  const limitdir::CeltSlipSystem sys = limitdir::celt_slip_system(p.body, p.contact, state, T);
  if (vm["export-problem"].as<bool>()) return limitdir::celt_slip_problem(sys).dump(2) + "\n";
  std::vector<Eigen::Vector3d> directions;
  if (vm.count("w"))
    for (const std::string& w : vm["w"].as<std::vector<std::string>>())
      directions.push_back(limitdir::cli::parse_vector3(w, "--w"));
  return limitdir::celt_slip_report(sys, directions).dump() + "\n";
}

}  // namespace

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "celt",
      "PROBLEM [--model M] [--mu MU] [--k-r KR] [--t-end T] [--dt DT] [--tol TOL] [--tilt TX,TY] [--omega W1,W2,W3] "
      "[--every K] [--compare] [--slip-system T [--w W1,W2,W3]... [--export-problem]]",
      "The Celtic stone (rattleback): a rigid semi-ellipsoid on a plane with the regularised friction\n"
      "and rolling-resistance models W1, O, P1', P3', P1 of its elliptic Hertz contact, integrated\n"
      "by Boost.Odeint (share/problems/celt*.json, schema \"limitdir.celt/1\"). Prints the run\n"
      "(schema \"limitdir.celt-report/1\"): cost, spin reversals and the histories; with --compare\n"
      "the paper's models from the same start, their cost and mean-square deviation of omega from\n"
      "W1; with --slip-system T the slip system near stick at time T (Delassus operator W, normal\n"
      "coupling g, c, and B(w) w + c at the --w directions), with --export-problem only its\n"
      "limitdir problem file. Exit 3 when the stone leaves the plane or N has no solution."};
  info.problem_schema = "limitdir.celt/1";
  po::options_description options("Options");
  options.add_options()
      ("model", po::value<std::string>()->value_name("M"), "contact model W1, O, P1', P3' or P1 with the paper's parameters (replaces contact)")
      ("mu", po::value<std::string>()->value_name("MU"), "friction coefficient >= 0 (overrides contact.mu)")
      ("k-r", po::value<std::string>()->value_name("KR"), "rolling-resistance parameter k_r in [0, 1] (overrides contact.k_r)")
      ("t-end", po::value<std::string>()->value_name("T"), "final time in s (overrides time.t_end)")
      ("dt", po::value<std::string>()->value_name("DT"), "output interval in s (overrides time.dt)")
      ("tol", po::value<std::string>()->value_name("TOL"), "integrator tolerance in (0, 1e-3] (overrides time.tolerance)")
      ("tilt", po::value<std::string>()->value_name("TX,TY"), "initial tilt in rad about x1e, then x2e (overrides initial.tilt)")
      ("omega", po::value<std::string>()->value_name("W1,W2,W3"), "initial body angular velocity in rad/s (overrides initial.omega)")
      ("every", po::value<std::string>()->value_name("K"), "keep every K-th sample in the history (0: first and last only; default 1)")
      ("compare", po::bool_switch(), "compare the models O, P1', P3', P1 with W1 (Sect. 4) instead of one run")
      ("slip-system", po::value<std::string>()->value_name("T"), "the slip system near stick at time T (models W1, P1)")
      ("w", po::value<std::vector<std::string>>()->value_name("W1,W2,W3")->composing(), "with --slip-system: a slip direction where B(w) w + c is printed (repeatable)")
      ("export-problem", po::bool_switch(), "with --slip-system: print only the limitdir problem file of the slip system");

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    limitdir::CeltProblem problem = limitdir::load_celt_problem(limitdir::cli::problem_path(vm));
    apply_overrides(problem, vm);
    problem.stepping.progress = [](const std::string& note) { std::cerr << "celt: " << note << std::endl; };
    const bool compare = vm["compare"].as<bool>(), slip = vm.count("slip-system") > 0;
    if (compare && slip) throw limitdir::InputError("--compare: not with --slip-system");
    if (!slip && (vm.count("w") || vm["export-problem"].as<bool>()))
      throw limitdir::InputError("--w, --export-problem: only with --slip-system");
    if (slip) return slip_system(problem, vm);
    if (compare) {
      if (vm.count("every")) throw limitdir::InputError("--every: not with --compare");
      return limitdir::celt_comparison(problem).dump() + "\n";
    }
    const int every = static_cast<int>(limitdir::cli::integer_option(vm, "every", 1, 0, 1000000000));
    const limitdir::CeltState start = limitdir::celt_initial_state(problem.body, problem.initial);
    const limitdir::CeltRun run = limitdir::celt_simulate(problem.body, problem.contact, start, problem.stepping);
    return limitdir::celt_report(problem, run, every).dump() + "\n";
  });
}
