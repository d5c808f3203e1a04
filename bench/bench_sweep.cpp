// Continuation benchmarks (issue 4 targets): the whole disc diagram on F in [0, 1.5] with every
// event located: <= 5 ms for harmonic N = 2, <= 200 ms for the exact model.
#include <benchmark/benchmark.h>

#include "limitdir/continuation.hpp"

using namespace limitdir;

namespace {
void run(benchmark::State& state, const std::string& model, int degree) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = model;
  p.friction.degree = degree;
  const ParameterFamily family = parameter_family(p, "force");
  for (auto _ : state) {
    Diagram d = sweep(family, 0.0, 1.5);
    if (!d.certificate.complete()) state.SkipWithError(d.certificate.reason.c_str());
    benchmark::DoNotOptimize(d);
  }
}
}  // namespace

BENCHMARK_CAPTURE(run, disc_harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_harmonic4, "harmonic", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_linear_fit, "linear-fit", 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_exact, "exact", 0)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
