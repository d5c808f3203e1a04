// Continuation benchmarks: the whole disc diagram on F in [0, 1.5] with every event located:
// <= 5 ms for harmonic N = 2, <= 200 ms for the exact model; the proven disc diagram (N = 2)
// on [-1.5, 1.5], through the continuum at F = 0: <= 50 ms; the proven sweeps off the
// invariant circle with --enclose-events (every event proven unique in its window): general.json
// at N = 2 on [0.05, 1.5] and general-hopf.json on [0.3, 1.2] (target <= 1 s); the proven exact
// disc (uniform and Hertz pressure) on [0.01, 1.5], with and without its proof; the turned disc
// across its symmetry-breaking pitchfork (the Z2-symmetric reduction) at N = 2, 6 and 12.
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"

using namespace limitdir;

namespace {
void sweep_disc(benchmark::State& state, const std::string& model, int degree, double from, double to, Level least,
                bool prove = true, const Pressure& pressure = Pressure::uniform()) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = pressure;
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
/// The exact disc on [0.01, 1.5] (share/problems/disc-exact.json, uniform or Hertz pressure):
/// proven on the invariant circle (continuation/circle_law.hpp), and its checked path alone.
void proven_exact(benchmark::State& state, const Pressure& pressure, bool prove) {
  sweep_disc(state, "exact", 0, 0.01, 1.5, prove ? Level::proven : Level::checked, prove, pressure);
}

/// A general system (share/problems/general.json, general-hopf.json) swept with enclose_events.
void proven_events(benchmark::State& state, const std::vector<std::vector<double>>& mass, double offset3,
                   int degree, double rho, double from, double to,
                   const std::vector<double>& direction = {1.0, 0.0, 0.0}) {
  nlohmann::json j{{"system",
                    {{"preset", "general"},
                     {"mass", mass},
                     {"load", {{"direction", direction}, {"offset", {0.0, 0.0, offset3}}}}}},
                   {"contact", {{"pressure", "uniform"}}},
                   {"friction", {{"model", "harmonic"}, {"degree", degree}}},
                   {"rho", "kappa"}};
  if (rho > 0) j["rho"] = rho;
  const Problem p = parse_problem(j, "bench");
  const ParameterFamily family = parameter_family(p, "force");
  ContinuationOptions options;
  options.enclose_events = true;
  for (auto _ : state) {
    Diagram d = sweep(family, from, to, options);
    if (d.certificate.level != Level::proven) state.SkipWithError(d.certificate.reason.c_str());
    benchmark::DoNotOptimize(d);
  }
}
void general_N2(benchmark::State& state) {
  proven_events(state, {{2.0, 0.3, 0.0}, {0.3, 1.5, 0.2}, {0.0, 0.2, 0.8}}, 0.1, 2, 0.0, 0.05, 1.5);
}
void general_hopf(benchmark::State& state) {
  proven_events(state, {{1.0, 0.5, 0.5}, {0.5, 1.0, 0.5}, {0.5, 0.5, 1.0}}, 0.75, 1, 3.0, 0.3, 1.2);
}
/// The disc (harmonic N = state.range(0): 2, 6, 12) with its load turned by 0.3 rad about e3 on
/// [0.1, 0.6] (tests/cli/sweep_force.sh): its pitchfork proven by the Z2-symmetric reduction
/// (limits/pitchfork.hpp).
void turned_disc(benchmark::State& state) {
  proven_events(state, {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.125}}, 0.0,
                static_cast<int>(state.range(0)), 0.0, 0.1, 0.6,
                {std::cos(0.3), std::sin(0.3), 0.0});
}
}  // namespace

BENCHMARK_CAPTURE(run, disc_harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_harmonic4, "harmonic", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_linear_fit, "linear-fit", 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_exact, "exact", 0)->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(checked, disc_harmonic2, "harmonic", 2)->Unit(benchmark::kMillisecond);
BENCHMARK(proven)->Name("proven/disc_harmonic2_through_0")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(proven_exact, disc_exact_uniform, Pressure::uniform(), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(proven_exact, disc_exact_hertz, Pressure::hertz(), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(proven_exact, disc_exact_uniform_no_proof, Pressure::uniform(), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(proven_exact, disc_exact_hertz_no_proof, Pressure::hertz(), false)->Unit(benchmark::kMillisecond);
BENCHMARK(general_N2)->Name("proven_events/general_harmonic2")->Unit(benchmark::kMillisecond);
BENCHMARK(general_hopf)->Name("proven_events/general_hopf")->Unit(benchmark::kMillisecond);
BENCHMARK(turned_disc)->Name("proven_events/turned_disc_pitchfork")->Arg(2)->Arg(6)->Arg(12)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
