// celt PROBLEM [--model M] [--mu MU] [--k-r KR] [--t-end T] [--dt DT] [--tol TOL] [--tilt TX,TY]
//      [--omega W1,W2,W3] [--every K]
// celt PROBLEM --compare                       the model comparison of Sect. 4
// celt PROBLEM --slip-system T [--w W1,W2,W3]... [--export-problem]
// The Celtic stone of [Awrejcewicz & Kudra, Celtic stone] (docs/manual.md section 12): one run
// (schema "limitdir.celt-report/1", kind "run"), the comparison of the models O, P'1, P'3, P1
// with W1 (kind "comparison"), or the slip system near stick at time T (kind "slip-system"; with
// --export-problem only its limitdir problem file, for find-limits and sweep-force).
#include <string>

#include "job_app.hpp"

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

  // The options, the computation and the report are the library's job (lib/src/jobs/celt.cpp),
  // the same code that `scan --job celt` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    // the exported problem file indented, as a problem file is written; the reports as one line
    const int indent = vm.count("slip-system") && vm["export-problem"].as<bool>() ? 2 : -1;
    return limitdir::cli::print_report(report, limitdir::cli::output_format(vm, {false, true}), nullptr, indent);
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::celt, /*formats=*/{false, true}, argc, argv, print);
}
