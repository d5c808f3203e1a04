// find-limits PROBLEM [--force F] [--model M] [--degree N] [--pressure P] [--rho RHO]
//             [--method auto|linear-eigen|invariant-circle|global] [--mesh-level L]
// Prints every limit direction of the problem at one load F with its classification and the
// Poincare-Hopf certificate (docs/manual.md section 5, schema "limitdir.limits/1"). Exit code 0 when
// the certificate is complete; otherwise the report is still printed, its reason goes to stderr
// and the exit code is 3 (a result in doubt is never passed on silently).
#include <string>

#include "job_app.hpp"
#include "limitdir/report/text_report.hpp"

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "find-limits",
      "PROBLEM [--force F] [--model M] [--degree N] [--pressure P] [--rho RHO] [--method METHOD] [--mesh-level L] "
      "[--require LEVEL] [--format json|text|csv|tsv]",
      "Finds all limit directions w of the slip near stick at the load F, the zeros of the spherical\n"
      "part V*(w) of x' = B(w) w + c (122), classifies each one radially (attracting, repelling,\n"
      "tangent) and on the sphere (node, saddle, focus), and checks the Poincare-Hopf index sum.\n"
      "Closed orbits of the flow w' = V*(w) are excluded by symmetry (disc, ball; an ellipse aligned\n"
      "with the load by the reflection w2 -> -w2) or by a proof on a cover of the sphere (a\n"
      "combinatorial flow), else searched for and listed (docs/manual.md section 9);\n"
      "certificate.closed_orbits says which. The proof for the exact model of an ellipse integrates\n"
      "the contact rigorously and takes seconds (progress on standard error; section 6). Each orbit\n"
      "listed is then proven to exist (the only one through a section arc, with enclosures of its\n"
      "period and multiplier) where the validated integrator applies, else checked:\n"
      "closed_orbits[].proof says which and why.\n"
      "Prints one JSON object (schema \"limitdir.limits/1\"). Its certificate has a level: proven (a\n"
      "computer-assisted proof), checked (every consistency check passed) or incomplete, the weakest\n"
      "of its claims (limit-directions, types, closed-orbits), each with its own level. When it is\n"
      "incomplete, or below --require, the report is printed all the same, the reason goes to standard\n"
      "error and the exit code is 3. --format text prints the same report as a compact table."};

  // The options, the computation and the report are the library's job (lib/src/jobs/find_limits.cpp),
  // the same code that `scan --job find-limits` runs.
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map& vm) {
    return limitdir::cli::print_report(report, limitdir::cli::output_format(vm, {true, true}),
                                      [](const nlohmann::json& r) { return limitdir::limits_text(r); });
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::find_limits, /*formats=*/{true, true}, argc, argv, print);
}
