// sweep-force PROBLEM --from F0 --to F1 [--parameter NAME --force F] [--model M] [--degree N]
//             [--pressure P] [--rho RHO] [--checks K] [--h-max H] [--enclose-events] [--no-proof]
// Traces the branches of limit directions of (125) over a parameter range (the load F by
// default) by pseudo-arclength continuation, locates the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024]
// (tangency, fold, pitchfork, branch point, Hopf), lists the regions of the paper's Cases 1-4
// and prints the bifurcation diagram (docs/manual.md section 5, schema "limitdir.diagram/1"; Figs 13-14
// and 17-18). Exit code 0 when the diagram's certificate is complete; otherwise the diagram is
// still printed, its reason goes to stderr and the exit code is 3, as for find-limits.
#include <string>

#include "job_app.hpp"
#include "limitdir/report/text_report.hpp"

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "sweep-force",
      "PROBLEM --from F0 --to F1 [--parameter NAME --force F] [--model M] [--degree N] [--pressure P] [--rho RHO] "
      "[--checks K] [--h-max H] [--enclose-events] [--no-proof] [--max-chord TOL] [--require LEVEL] "
      "[--format json|text|csv|tsv]",
      "Follows every branch of limit directions w (the zeros of V*(w), (122)) while a parameter p\n"
      "goes from F0 to F1 (pseudo-arclength continuation of (125)), locates the tangency, fold,\n"
      "pitchfork, branch and Hopf points on the branches, and lists the regions of p with the same\n"
      "number and types of limit directions (the Cases 1-4 of Sect. 7.4). The parameter is the\n"
      "load F unless --parameter names another (then --force or the problem file gives the load).\n"
      "Every branch is re-checked against find-limits at both ends, at every event and at --checks\n"
      "interior values and at an interior point of every region. Prints one JSON object (schema\n"
      "\"limitdir.diagram/1\") whose certificate has a level: proven, checked or incomplete, the\n"
      "weakest of its claims (branches, events, regions; invariant-circle where it applies), each\n"
      "with its own level. When it is incomplete, or below --require, the diagram is printed all the\n"
      "same, the reason goes to standard error and the exit code is 3. --format text prints the same\n"
      "diagram as a compact summary: events and regions, labelled with the paper's Cases 1-4 where\n"
      "they are defined, and the claims one line each."};

  // The options, the computation and the report are the library's job (lib/src/jobs/sweep_force.cpp),
  // the same code that `scan --job sweep-force` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    return limitdir::cli::print_report(report, limitdir::cli::output_format(vm, {true, true}),
                                      [](const nlohmann::json& r) { return limitdir::diagram_text(r); });
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::sweep_force, /*formats=*/{true, true}, argc, argv, print);
}
