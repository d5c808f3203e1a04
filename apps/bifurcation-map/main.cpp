// bifurcation-map PROBLEM --y NAME --y-range A:B [--x NAME] [--x-range A:B] [--lines N]
//                 [--max-chord TOL] [--model M] [--degree N] [--pressure P] [--rho RHO] [--force F] [--require LEVEL]
//                 [--format json|text|csv|tsv]
// The two-parameter bifurcation map of the limit directions (docs/manual.md section 13, schema
// "limitdir.map/1"): the fold, pitchfork, tangency and Hopf curves over a rectangle of two
// parameters, the codimension-2 points on them and the regions between them. Exit code 0 when
// the map's certificate is complete; otherwise the map is still printed, its reason goes to
// stderr and the exit code is 3, as for sweep-force.
#include <string>

#include "job_app.hpp"
#include "limitdir/report/text_report.hpp"

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "bifurcation-map",
      "PROBLEM --y NAME --y-range A:B [--x NAME] [--x-range A:B] [--lines N] [--max-chord TOL] [--model M] "
      "[--degree N] "
      "[--pressure P] [--rho RHO] [--force F] [--require LEVEL] [--format json|text|csv|tsv]",
      "Maps the limit directions over a rectangle of two parameters (the load and any parameter that\n"
      "sweep-force --parameter takes: lambda, j, alpha, rho, a/b, d, gamma, k): sweeps along the four\n"
      "edges and --lines interior lines each way seed the fold, pitchfork, tangency, Hopf and kink\n"
      "curves (where a branch meets the friction model's kink set at the equator),\n"
      "each continued by pseudo-arclength on its defining system in (w, rdot, x, y) to the edges,\n"
      "the load 0, a closed loop or a codimension-2 point (cusp, degenerate pitchfork, fold-pole,\n"
      "fold-, pitchfork- and kink-tangency, Bogdanov-Takens), which are located on the way. The regions\n"
      "between the curves are classified by find-limits at an interior point and checked against\n"
      "every seeding sweep. On the invariant circle of the disc or the ball (the load against lambda\n"
      "or j, a harmonic or linear model) the curves are known exactly: they are computed from their\n"
      "closed forms and the map is proven, with no sweep (the sweeps run only if the proof fails).\n"
      "--max-chord TOL refines every curve until each chord's middle lies within TOL of the curve\n"
      "(in fractions of the rectangle's sides).\n"
      "Prints one JSON object (schema \"limitdir.map/1\"); its certificate's level is the weakest of\n"
      "its claims (curves, codimension-2 points, regions), each with its own level; a certificate\n"
      "that is incomplete, or below --require, gives exit code 3 with the reason on standard error.\n"
      "--format text prints a summary (curves, codimension-2 points, regions, claims); csv and tsv\n"
      "print the curves point by point (curve id and kind, the two parameters by name, w, rdot)."};

  // The options, the computation and the report are the library's job (lib/src/jobs/bifurcation_map.cpp),
  // the same code that `scan --job bifurcation-map` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    return limitdir::cli::print_report(report, limitdir::cli::output_format(vm, {true, true}),
                                      [](const nlohmann::json& r) { return limitdir::map_text(r); });
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::bifurcation_map, /*formats=*/{true, true}, argc, argv,
                                    print);
}
