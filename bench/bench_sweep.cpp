// Continuation benchmarks: the whole disc diagram on F in [0, 1.5] with every event located:
// <= 5 ms for harmonic N = 2, <= 200 ms for the exact model; the proven disc diagram (N = 2)
// on [-1.5, 1.5], through the continuum at F = 0: <= 50 ms.
#include <benchmark/benchmark.h>

#include "limitdir/continuation/continuation.hpp"

using namespace limitdir;

namespace {
void sweep_disc(benchmark::State& state, const std::string& model, int degree, double from, double to, Level least,
                bool prove = true) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = model;
  p.friction.degree = degree;
  const ParameterFamily family = parameter_family(p, "force");
  ContinuationOptions options;
  options.prove = prove;
  for (auto _ : state) {
    Diagram d = sweep(family, from, to, options);
    if (d.certificate.level < least) state.SkipWithError(d.certificate.reason.c_str());
    benchmark::DoNotOptimize(d);
  }
}
void run(benchmark::State& state, const std::string& model, int degree) {
  sweep_disc(state, model, degree, 0.0, 1.5, Level::checked);
}
/// The checked path alone (--no-proof): the same diagram without its proof.
void checked(benchmark::State& state, const std::string& model, int degree) {
  sweep_disc(state, model, degree, 0.0, 1.5, Level::checked, false);
}
void proven(benchmark::State& state) { sweep_disc(state, "harmonic", 2, -1.5, 1.5, Level::proven); }
}  // namespace

BENCHMARK_CAPTURE(run, disc_harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_harmonic4, "harmonic", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_linear_fit, "linear-fit", 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_exact, "exact", 0)->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(checked, disc_harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK(proven)->Name("proven/disc_harmonic2_through_0")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
