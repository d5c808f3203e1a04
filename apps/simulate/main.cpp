// simulate PROBLEM --force F --x0 u_x,u_y,rho_omega [--every K] [--backward] [overrides]
// simulate PROBLEM --force F --survey N [--backward] [overrides]
// Integrates the slip dynamics x' = B(w) w + c ((97)/(101) of [Nonlinear Dyn. 2024]) up to stick in the
// spherical form (109) with the time rescaling (114), and matches the arrival direction to the
// limit directions (Theorems 1-2). The trajectory is printed as JSON Lines, one
// {"t", "tau", "r", "w"} per kept step, then one final record of schema
// "limitdir.simulation/1". --survey N instead runs N trajectories from Fibonacci points of the
// unit sphere and prints one object of schema "limitdir.survey/1" with the counts per limit
// direction. Exit 2 for bad input, 3 when the integration fails (the reason on stderr).
#include <cmath>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/report/numbers.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/system/system.hpp"
#include "limitdir/core/version.hpp"

namespace po = limitdir::cli::po;
using json = nlohmann::json;

namespace {

/// -0 and subnormals as 0 (report/numbers.hpp, docs/manual.md section 5).
json vec(const Eigen::Vector3d& v) {
  const Eigen::Vector3d x = limitdir::report_vector(v);
  return json::array({x[0], x[1], x[2]});
}

/// Writes one line of the trajectory at once (the output is streamed, docs/manual.md section 5);
/// a failed write is an I/O error (exit 4).
void write_line(const std::string& line) {
  std::cout << line << '\n';
  if (!std::cout) throw limitdir::IoError("cannot write to standard output");
}


/// epsilon = (rho/R) |cot theta| (35) of a direction; null on the equator (+infinity).
json epsilon_of(const Eigen::Vector3d& w, double rho_over_R) {
  if (w[2] == 0) return nullptr;
  return rho_over_R * std::hypot(w[0], w[1]) / std::abs(w[2]);
}

std::string outcome_name(limitdir::SimulationResult::Outcome o) {
  switch (o) {
    case limitdir::SimulationResult::Outcome::stick: return "stick";
    case limitdir::SimulationResult::Outcome::never_sticks: return "never-sticks";
    default: return "failed";
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "simulate",
      "PROBLEM --force F (--x0 U_X,U_Y,RHO_OMEGA [--every K] | --survey N) [--backward] [--model M] [--degree N] "
      "[--pressure P] [--rho RHO]",
      "Integrates the slip dynamics x' = B(w) w + c near stick (Boost.Odeint, Dormand-Prince with dense\n"
      "output) in the form r' = r R*(w), w' = V*(w), t' = r of the rescaled time tau, until stick\n"
      "(r -> 0) or until the slip grows without stopping, and matches the arrival direction to the\n"
      "limit directions at F. With --x0 it prints the trajectory as JSON Lines {\"t\", \"tau\", \"r\", \"w\"}\n"
      "(every K-th step with --every K, none with K = 0) and a final record (schema\n"
      "\"limitdir.simulation/1\"). With --survey N it runs N trajectories from points spread over the\n"
      "unit sphere and prints the counts per limit direction (schema \"limitdir.survey/1\").\n"
      "--backward integrates backward in time: departures from stick. Exit 3 when an integration fails.\n\n"
      "The trajectory is streamed: each line is written as it is computed. A complete output ends\n"
      "with the final record (schema \"limitdir.simulation/1\"); when the integration fails (e.g. the\n"
      "time stops advancing: 10 steps in a row below the resolution of tau, at an extreme load) the\n"
      "final record has \"outcome\": \"failed\" and its \"reason\", and the exit code is 3 with one\n"
      "line on stderr naming the time; output without a final record is incomplete (exit 3, 4 or 5).\n"
      "A survey is bounded by a work budget of 4e7 integrator steps over all its trajectories;\n"
      "beyond it, exit 3 saying after how many trajectories it ran out."};

  po::options_description options("Options");
  options.add_options()
      ("x0", po::value<std::string>()->value_name("U_X,U_Y,RHO_OMEGA"), "the initial slip x_o(0), not zero")
      ("survey", po::value<std::string>()->value_name("N"), "run N trajectories (1 <= N <= 20000) from the unit sphere instead")
      ("every", po::value<std::string>()->value_name("K"), "keep every K-th step of the trajectory (default 1; 0: none)")
      ("backward", po::bool_switch(), "integrate backward in time (departures from stick)")
      ("max-steps", po::value<std::string>()->value_name("S"), "give up (exit 3) after S accepted steps per trajectory (default 2000000)");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/true);

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    limitdir::Problem problem = limitdir::load_problem_input(limitdir::cli::problem_path(vm));
    limitdir::cli::apply_problem_overrides(problem, vm);
    const bool backward = vm["backward"].as<bool>();
    const bool has_x0 = vm.count("x0") > 0, has_survey = vm.count("survey") > 0;
    if (has_x0 == has_survey) throw limitdir::InputError("give exactly one of --x0 and --survey");
    if (has_survey && vm.count("every")) throw limitdir::InputError("--every: only with --x0");

    const limitdir::System system = limitdir::make_system(problem);
    const double F = problem.force;
    const double rho_over_R = problem.rho_over_R();
    limitdir::SimulationOptions opt;
    opt.backward = backward;
    opt.max_steps = limitdir::cli::integer_option(vm, "max-steps", opt.max_steps, 1, 1000000000000LL);

    if (has_survey) {
      // ~0.2-1 ms per trajectory (bench_simulate): 20000 keep a survey within ~5-20 s
      constexpr long long max_survey = 20000;
      const int n =
          static_cast<int>(limitdir::cli::parse_integer(vm["survey"].as<std::string>(), "--survey", 1, max_survey));
      const limitdir::Survey s = limitdir::survey(system, F, n, backward, opt);
      json entries = json::array();
      for (const limitdir::SurveyEntry& e : s.entries) {
        json j = {{"radial", e.radial}, {"sphere_type", e.sphere_type}, {"count", e.count},
                  {"fraction", static_cast<double>(e.count) / s.trajectories}};
        if (e.circle) {
          j["circle"] = true;
          j["theta"] = e.theta;
          j["epsilon"] = epsilon_of(Eigen::Vector3d(std::cos(e.theta), 0, std::sin(e.theta)), rho_over_R);
        } else {
          j["circle"] = false;
          j["w"] = vec(e.w);
          j["epsilon"] = epsilon_of(e.w, rho_over_R);
        }
        entries.push_back(j);
      }
      const json out = {{"schema", "limitdir.survey/1"},
                        {"limitdir_version", limitdir::version},
                        {"problem", limitdir::problem_to_json(problem)},
                        {"force", F},
                        {"backward", backward},
                        {"trajectories", s.trajectories},
                        {"stick", s.stick},
                        {"never_stick", s.never_stick},
                        {"failed", s.failed},
                        {"unmatched", s.unmatched},
                        {"entries", entries}};
      std::string text = out.dump(2) + "\n";
      if (s.failed > 0)
        return {std::move(text), limitdir::cli::exit_numerical_failure,
                std::to_string(s.failed) + " of " + std::to_string(s.trajectories) + " integrations failed"};
      return text;
    }

    const Eigen::Vector3d x0 = limitdir::cli::parse_vector3(vm["x0"].as<std::string>(), "--x0");
    if (x0.isZero(0.0)) throw limitdir::InputError("--x0: must not be zero (x0 = 0 is already stick) (got " +
                                                   vm["x0"].as<std::string>() + ")");
    opt.every = static_cast<int>(limitdir::cli::integer_option(vm, "every", 1, 0, 1000000000));
    // Streamed: each kept point is written as it is computed; the final record (always last,
    // its "outcome" saying whether the integration failed) is what run() prints.
    opt.on_point = [](const limitdir::TrajectoryPoint& p) {
      write_line(json{{"t", p.t}, {"tau", p.tau}, {"r", p.r}, {"w", vec(p.w)}}.dump());
    };
    const limitdir::SimulationResult r = limitdir::simulate(system, F, x0, opt);

    std::string text;
    json fin = {{"schema", "limitdir.simulation/1"},
                {"limitdir_version", limitdir::version},
                {"problem", limitdir::problem_to_json(problem)},
                {"force", F},
                {"x0", vec(x0)},
                {"backward", backward},
                {"outcome", outcome_name(r.outcome)},
                {"steps", r.steps},
                {"tau_end", r.tau_end},
                {"r_end", r.r_end}};
    const bool finite_arrival = r.arrival.allFinite();
    fin["arrival"] = finite_arrival ? vec(r.arrival) : json(nullptr);
    fin["epsilon"] = finite_arrival ? epsilon_of(r.arrival, rho_over_R) : json(nullptr);
    if (r.outcome == limitdir::SimulationResult::Outcome::stick) {
      fin["stick_time"] = r.stick_time;
      if (r.matched) fin["limit_direction"] = limitdir::classification_to_json(*r.matched, rho_over_R, false);
      else if (r.matched_circle) fin["circle"] = limitdir::circle_to_json(*r.matched_circle);
      else fin["limit_direction"] = nullptr;
      fin["match_distance"] = r.match_distance;
    } else {
      fin["stick_time"] = nullptr;
      fin["reason"] = r.reason;
    }
    text += fin.dump() + "\n";
    if (r.outcome == limitdir::SimulationResult::Outcome::failed)
      return {std::move(text), limitdir::cli::exit_numerical_failure, "integration failed: " + r.reason};
    if (r.outcome == limitdir::SimulationResult::Outcome::stick && !r.matched && !r.matched_circle)
      return {std::move(text), limitdir::cli::exit_numerical_failure,
              "stick reached along no limit direction (nearest at distance " + std::to_string(r.match_distance) +
                  ")"};
    return text;
  });
}
