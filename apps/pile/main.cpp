// pile PROBLEM [--every K] [--vtk DIR] [--jobs K] [--scene] [--set KEY=VALUE ...]
// The spheres pile of [Acary & Bourrier 2021] Sect. 6.2 (docs/manual.md section 15): spheres
// dropped one at a time onto a square plane, Coulomb friction and rolling resistance at every
// contact, Moreau-Jean time stepping; the report (schema "limitdir.pile-report/1"): the final
// pile, its height, base radius and angle of repose, the energy balance and the solver's record.
// Exit 2 for bad input, 3 when a step's contact problem is meaningless (error above 1) or a
// sphere is born inside the pile, 4 for I/O errors (--vtk).
#include "job_app.hpp"

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "pile",
      "PROBLEM [--every K] [--vtk DIR] [--jobs K] [--scene] [--set KEY=VALUE ...]",
      "Drops spheres one at a time onto a square plane (share/problems/pile*.json: the pile of\n"
      "[Acary & Bourrier 2021] Sect. 6.2 and the Siconos tutorial's), with Coulomb friction and\n"
      "rolling resistance (the rolling friction cone) at every contact, and integrates them by the\n"
      "Moreau-Jean scheme. Prints the run (schema \"limitdir.pile-report/1\"): the final state of\n"
      "every sphere, H/d, the base radius/d, the angle of repose, the spheres on the plane and\n"
      "those lost off it, the energies and works over time, and per kept step the contacts, the\n"
      "Gauss-Seidel sweeps, the residual and the largest penetration; steps whose solver ended\n"
      "above the tolerance are counted and named (the run is then not \"converged\"). --set changes a problem\n"
      "key (spheres.count, law.mu, law.mu_r, law.e, seed, stepping.h, stepping.t_end, ...)."};
  info.problem_schema = "limitdir.pile/1";
  // The options, the computation and the report are the library's job (lib/src/jobs/pile.cpp),
  // the same code that `scan --job pile` runs.
  // JSON only: the report is not one table (report/table.hpp), so --format csv would be refused
  // only after the whole run
  const auto print = [](const nlohmann::json& report, const limitdir::cli::po::variables_map&) {
    return limitdir::cli::print_report(report, limitdir::cli::Format::json, nullptr, -1);
  };
  return limitdir::cli::run_job_app(info, limitdir::JobKind::pile, /*formats=*/{false, false}, argc, argv, print);
}
