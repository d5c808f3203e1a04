// Two-parameter maps (issue 20.5, docs/manual.md section 13): the ball's (lambda, F) map on
// [0.2, 8] x [0, 4], harmonic N = 2 proven (maps/map_proof.hpp: its curves from their exact
// parametrisation, or traced by continuation from seeds on them) and the exact model checked
// (every curve traced from the seeding sweeps' events, every region classified and compared with
// the sweeps). Target: the whole map, proven, in less wall time than AUTO-07p's single
// fold-curve run (tests/auto; 0.07 s wall).
#include <benchmark/benchmark.h>

#include "limitdir/maps/map.hpp"
#include "limitdir/system/problem.hpp"

using namespace limitdir;

namespace {
void ball_map(benchmark::State& state, const std::string& model, int degree, Level required, bool exact_curves) {
  Problem p;
  p.system.preset = "ball";
  p.pressure = Pressure::hertz();
  p.friction.model = model;
  p.friction.degree = degree;
  for (auto _ : state) {
    MapOptions options;
    options.exact_curves = exact_curves;  // on the invariant circle: from the closed forms, or by continuation
    const BifurcationMap m = bifurcation_map(p, {"lambda", 0.2, 8}, {"force", 0, 4}, options);
    if (m.certificate.level < required) state.SkipWithError(m.certificate.reason.c_str());
    benchmark::DoNotOptimize(m);
  }
}
// The slow maps off the proven path of issue 34.6, one iteration each (tens of seconds of CPU).
// Maps over alpha rebuild the friction model at every alpha a sweep or a curve visits (~2000 per
// sweep along alpha: each continuation step corrects in alpha and differences it centrally), and
// each build integrates the harmonic coefficients (83) over rings of elliptic integrals (~3 ms),
// or, for the contact model of the ellipse, each evaluation sums rays whose J_0 is an incomplete
// Beta function. The ellipse's (F, rho) map built 6 Gauss-Jacobi rules per system by full
// eigenvectors (77 s, now numerics/gauss_jacobi.hpp). Figures in the commit messages.
void bundled_map(benchmark::State& state, const std::string& file, const MapAxis& x, const MapAxis& y, int lines) {
  const Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
  for (auto _ : state) {
    MapOptions options;
    options.lines = lines;
    const BifurcationMap m = bifurcation_map(p, x, y, options);
    benchmark::DoNotOptimize(m);
  }
}
}  // namespace

BENCHMARK_CAPTURE(bundled_map, ellipse_force_rho, "ellipse.json", MapAxis{"force", 0.05, 1}, MapAxis{"rho", 0.5, 1.5}, 1)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(bundled_map, disc_force_alpha, "disc.json", MapAxis{"force", 0.05, 1}, MapAxis{"alpha", 0, 2}, 9)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(bundled_map, ball_force_alpha, "ball.json", MapAxis{"force", 0.05, 1}, MapAxis{"alpha", 0, 2}, 9)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(bundled_map, general_force_alpha, "general.json", MapAxis{"force", 0.05, 1}, MapAxis{"alpha", 0, 2}, 9)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(bundled_map, ellipse_force_alpha, "ellipse.json", MapAxis{"force", 0.05, 1}, MapAxis{"alpha", 0, 2}, 9)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(bundled_map, disc_shift_force_alpha, "disc-shift.json", MapAxis{"force", 0.05, 1}, MapAxis{"alpha", 0, 2},
                  9)
    ->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(ball_map, harmonic2_proven, "harmonic", 2, Level::proven, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ball_map, harmonic2_proven_traced, "harmonic", 2, Level::proven, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ball_map, exact_checked, "exact", 0, Level::checked, true)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
