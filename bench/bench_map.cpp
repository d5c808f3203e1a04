// Two-parameter maps (issue 20.5, docs/manual.md section 13): the ball's (lambda, F) map on
// [0.2, 8] x [0, 4], harmonic N = 2 proven (maps/map_proof.hpp: its curves from their exact
// parametrisation, or traced by continuation from seeds on them) and the exact model checked
// (every curve traced from the seeding sweeps' events, every region classified and compared with
// the sweeps). Target: the whole map, proven, in less wall time than AUTO-07p's single
// fold-curve run (tests/auto; 0.07 s wall).
#include <benchmark/benchmark.h>

#include "limitdir/maps/map.hpp"

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
}  // namespace

BENCHMARK_CAPTURE(ball_map, harmonic2_proven, "harmonic", 2, Level::proven, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ball_map, harmonic2_proven_traced, "harmonic", 2, Level::proven, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ball_map, exact_checked, "exact", 0, Level::checked, true)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
