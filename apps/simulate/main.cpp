// simulate PROBLEM --force F --x0 u_x,u_y,rho_omega [--every K] [--backward] [overrides]
// simulate PROBLEM --force F --survey N [--backward] [overrides]
// Integrates the slip dynamics x' = B(w) w + c ((97)/(101) of [Nonlinear Dyn. 2024]) up to stick in the
// spherical form (109) with the time rescaling (114), and matches the arrival direction to the
// limit directions (Theorems 1-2). The trajectory is printed as JSON Lines, one
// {"t", "tau", "r", "w"} per kept step, then one final record of schema
// "limitdir.simulation/1". --survey N instead runs N trajectories from Fibonacci points of the
// unit sphere and prints one object of schema "limitdir.survey/1" with the counts per limit
// direction. Exit 2 for bad input, 3 when the integration fails (the reason on stderr).
#include <string>

#include "job_app.hpp"
#include "limitdir/report/table.hpp"
#include "jobs/option_tables.hpp"

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "simulate",
      "PROBLEM --force F (--x0 U_X,U_Y,RHO_OMEGA [--every K] | --survey N) [--backward] [--model M] [--degree N] "
      "[--pressure P] [--rho RHO] [--format json|csv|tsv]",
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

  // The options, the computation and the report are the library's job (lib/src/jobs/simulate.cpp),
  // the same code that `scan --job simulate` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    // the survey as one indented object (or its table); the final record of a trajectory as one
    // line of JSON Lines, or after the rows of a table (streamed by run_job_app) an empty row and
    // the record as a table of its own (docs/manual.md section 5, "Tables")
    using limitdir::cli::Format;
    const auto format = limitdir::cli::output_format(vm, {false, true});
    if (vm.count("survey")) return limitdir::cli::print_report(report, format);
    if (format == Format::json) return report.dump() + "\n";
    const bool rows = limitdir::options::integer_option(vm, "every", 1, 0, 1000000000) != 0;
    const std::string empty_row = !rows ? "" : format == Format::csv ? "\r\n" : "\n";
    return empty_row + limitdir::simulation_record_table(report, format == Format::csv ? limitdir::TableFormat::csv
                                                                                     : limitdir::TableFormat::tsv);
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::simulate, /*formats=*/{false, true}, argc, argv, print);
}
