// Two-parameter maps (issue 20.5, docs/manual.md section 13): the ball's (lambda, F) map on
// [0.2, 8] x [0, 4], harmonic N = 2 and the exact model, every curve traced, every region
// classified and checked against the seeding sweeps (target: the whole map in less wall time
// than AUTO-07p's single fold-curve run, ~0.3 s).
#include <benchmark/benchmark.h>

#include "limitdir/maps/map.hpp"

using namespace limitdir;

namespace {
void ball_map(benchmark::State& state, const std::string& model, int degree) {
  Problem p;
  p.system.preset = "ball";
  p.pressure = Pressure::hertz();
  p.friction.model = model;
  p.friction.degree = degree;
  for (auto _ : state) {
    const BifurcationMap m = bifurcation_map(p, {"lambda", 0.2, 8}, {"force", 0, 4});
    if (!m.certificate.complete()) state.SkipWithError(m.certificate.reason.c_str());
    benchmark::DoNotOptimize(m);
  }
}
}  // namespace

BENCHMARK_CAPTURE(ball_map, harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ball_map, exact, "exact", 0)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
