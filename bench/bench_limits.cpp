// Limit-direction benchmarks: the disc at one F per model. The checked path (no proof):
// <= 20 us for the polynomial axisymmetric models, <= 2 ms for the exact model by the global
// method. The proven path (find-limits' default): <= 1 ms for the disc with N = 2 (the
// general-system proof is in bench_proof).
#include <benchmark/benchmark.h>

#include "limitdir/analysis/find_limits.hpp"

using namespace limitdir;

namespace {
Problem disc(const std::string& model, int degree) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = model;
  p.friction.degree = degree;
  p.friction.order = model == "pade" ? 2 : 0;
  return p;
}

void solve(benchmark::State& state, const Problem& p, const std::string& method, double F, bool prove) {
  const System s = make_system(p);
  SolverOptions o;
  o.method = method;
  o.prove = prove;
  for (auto _ : state) {
    LimitSet L = find_limit_directions(s, F, o);
    if (!L.certificate.complete()) state.SkipWithError(L.certificate.reason.c_str());
    if (prove && L.certificate.level != Level::proven) state.SkipWithError(L.certificate.reason.c_str());
    benchmark::DoNotOptimize(L);
  }
}
void run(benchmark::State& state, const Problem& p, const std::string& method, double F) {
  solve(state, p, method, F, false);
}
/// One call on a new system each time: the circle samples not yet remembered
/// (System::circle_Bw), as for a single find-limits from the command line.
void cold(benchmark::State& state, const Problem& p, double F) {
  const System s = make_system(p);
  SolverOptions o;
  o.prove = false;
  for (auto _ : state) {
    const System fresh(s.M(), s.load_direction(), s.load_offset(), s.friction_ptr());
    LimitSet L = find_limit_directions(fresh, F, o);
    if (!L.certificate.complete()) state.SkipWithError(L.certificate.reason.c_str());
    benchmark::DoNotOptimize(L);
  }
}
void proven(benchmark::State& state, const Problem& p, double F) { solve(state, p, "auto", F, true); }
}  // namespace

// Case 3 of the paper (F = 0.3: four limit directions for N >= 2).
BENCHMARK_CAPTURE(run, linear_fit_auto, disc("linear-fit", 0), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic1_auto, disc("harmonic", 1), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_auto, disc("harmonic", 2), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic8_auto, disc("harmonic", 8), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, exact_auto, disc("exact", 0), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(cold, exact_auto_new_system, disc("exact", 0), 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_global, disc("harmonic", 2), "global", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic8_global, disc("harmonic", 8), "global", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, exact_global, disc("exact", 0), "global", 0.3)->Unit(benchmark::kMicrosecond);
// Case 4 (F = 0.02 for N = 2: eight limit directions) and the load-free circles.
BENCHMARK_CAPTURE(run, harmonic2_case4, disc("harmonic", 2), "auto", 0.02)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_F0_circles, disc("harmonic", 2), "auto", 0.0)->Unit(benchmark::kMicrosecond);

// The proven path: Cases 3 and 4 of the disc, the linear-fit model (cube cover of the sphere).
BENCHMARK_CAPTURE(proven, harmonic2_proven, disc("harmonic", 2), 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(proven, harmonic2_case4_proven, disc("harmonic", 2), 0.02)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(proven, harmonic8_proven, disc("harmonic", 8), 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(proven, linear_fit_proven, disc("linear-fit", 0), 0.3)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
