// The sphere-harmonic model (friction/sphere_harmonic.hpp, docs/manual.md section 8): the
// one-time cost of its coefficients (reference evaluations of the exact contact model) and
// the evaluation of q and its Jacobian (O(N^2) polynomial terms) for N = 4, 8, 12.
#include <benchmark/benchmark.h>

#include "bench_directions.hpp"

#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/sphere_harmonic.hpp"

using namespace limitdir;

namespace {

const Contact hertz_ellipse = Contact::ellipse(1.0, 0.5, NominalPressure::hertz());
const Contact distorted = hertz_ellipse.with_distortion(0.5, 0.0);

void construct(benchmark::State& state, const Contact& c) {
  const auto exact = make_contact_exact_model(c);
  const int N = static_cast<int>(state.range(0));
  long evaluations = 0;
  for (auto _ : state) {
    const SphereHarmonicModel m(*exact, N);
    evaluations = m.evaluations();
    benchmark::DoNotOptimize(m);
  }
  state.counters["reference_evaluations"] = static_cast<double>(evaluations);
}

void evaluate(benchmark::State& state, bool jacobian) {
  static const auto exact = make_contact_exact_model(hertz_ellipse);
  static const SphereHarmonicModel full(*exact, 12);
  const SphereHarmonicModel m = full.truncated(static_cast<int>(state.range(0)));
  run_directions(state, m, jacobian);
}
}  // namespace

BENCHMARK_CAPTURE(construct, hertz_ellipse, hertz_ellipse)->Arg(4)->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(construct, distorted_hertz_ellipse, distorted)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate, q, false)->Arg(4)->Arg(8)->Arg(12)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(evaluate, q_and_jacobian, true)->Arg(4)->Arg(8)->Arg(12)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
