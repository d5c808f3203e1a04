// Limit-direction benchmarks (issue 3 targets): the disc at one F per model, <= 20 us for the
// polynomial axisymmetric models and <= 2 ms for the exact model by the global method.
#include <benchmark/benchmark.h>

#include "limitdir/limits.hpp"

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

void run(benchmark::State& state, const Problem& p, const std::string& method, double F) {
  const System s = make_system(p);
  SolverOptions o;
  o.method = method;
  for (auto _ : state) {
    LimitSet L = find_limit_directions(s, F, o);
    if (!L.certificate.complete()) state.SkipWithError(L.certificate.reason.c_str());
    benchmark::DoNotOptimize(L);
  }
}
}  // namespace

// Case 3 of the paper (F = 0.3: four limit directions for N >= 2).
BENCHMARK_CAPTURE(run, linear_fit_auto, disc("linear-fit", 0), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic1_auto, disc("harmonic", 1), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_auto, disc("harmonic", 2), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic8_auto, disc("harmonic", 8), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, exact_auto, disc("exact", 0), "auto", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_global, disc("harmonic", 2), "global", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic8_global, disc("harmonic", 8), "global", 0.3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, exact_global, disc("exact", 0), "global", 0.3)->Unit(benchmark::kMicrosecond);
// Case 4 (F = 0.02 for N = 2: eight limit directions) and the load-free circles.
BENCHMARK_CAPTURE(run, harmonic2_case4, disc("harmonic", 2), "auto", 0.02)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, harmonic2_F0_circles, disc("harmonic", 2), "auto", 0.0)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
