// roll PROBLEM [--mu MU] [--mu-r MU_R] [--h H] [--t-end T] [--theta THETA] [--method M] [--tol TOL]
//      [--velocity UX,UY,UZ] [--omega WX,WY,WZ] [--every K]
// roll PROBLEM --map [--mu-grid LO,HI,N] [--mu-r-grid LO,HI,N] [overrides]
// The sphere rolling on a plane with rolling resistance, Sect. 6.1 [Acary & Bourrier 2021]
// (docs/manual.md section 10): a Moreau-Jean run with the time histories of Fig. 3 and the closed
// form (schema "limitdir.roll-report/1"), or with --map the X_max(mu, mu_r) map of Fig. 2
// ("limitdir.roll-map/1"). Exit 2 for bad input, 3 when a solve misses its tolerance.
#include <string>

#include "job_app.hpp"

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

  // The options, the computation and the report are the library's job (lib/src/jobs/roll.cpp),
  // the same code that `scan --job roll` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    return limitdir::cli::print_report(report, limitdir::cli::output_format(vm, {false, true}), nullptr, -1);
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::roll, /*formats=*/{false, true}, argc, argv, print);
}
