// Friction-model benchmarks (issue 2 targets): exact uniform and Hertz <= 1 us per
// evaluation, harmonic N <= 8 <= 50 ns, harmonic coefficients up to N = 16 <= 20 ms.
#include <benchmark/benchmark.h>

#include "bench_directions.hpp"

#include <random>
#include <vector>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/coulomb_point.hpp"

using namespace limitdir;

namespace {

std::unique_ptr<FrictionModel> model(const std::string& kind, const Pressure& p, int N) {
  auto exact = make_exact_model(p, p.kappa());
  if (kind == "exact") return exact;
  if (kind == "harmonic") return std::make_unique<HarmonicModel>(*exact, N);
  if (kind == "pade") return std::make_unique<PadeModel>(*exact, N);
  if (kind == "linear-fit") return LinearModel::fit(*exact);
  return make_coulomb_point_model(p.kappa(), 1.0);
}

void run_q(benchmark::State& state, const std::string& kind, const Pressure& p, int N, bool jacobian) {
  const auto m = model(kind, p, N);
  run_directions(state, *m, jacobian);
}
}  // namespace

static void BM_q_exact_uniform(benchmark::State& s) { run_q(s, "exact", Pressure::uniform(), 0, false); }
static void BM_jac_exact_uniform(benchmark::State& s) { run_q(s, "exact", Pressure::uniform(), 0, true); }
static void BM_q_exact_hertz(benchmark::State& s) { run_q(s, "exact", Pressure::hertz(), 0, false); }
static void BM_jac_exact_hertz(benchmark::State& s) { run_q(s, "exact", Pressure::hertz(), 0, true); }
static void BM_q_exact_galin(benchmark::State& s) { run_q(s, "exact", Pressure::galin(), 0, false); }
static void BM_q_harmonic(benchmark::State& s) { run_q(s, "harmonic", Pressure::uniform(), int(s.range(0)), false); }
static void BM_jac_harmonic(benchmark::State& s) { run_q(s, "harmonic", Pressure::uniform(), int(s.range(0)), true); }
static void BM_q_pade2(benchmark::State& s) { run_q(s, "pade", Pressure::uniform(), 2, false); }
static void BM_jac_pade2(benchmark::State& s) { run_q(s, "pade", Pressure::uniform(), 2, true); }
static void BM_q_linear_fit(benchmark::State& s) { run_q(s, "linear-fit", Pressure::uniform(), 0, false); }
static void BM_jac_linear_fit(benchmark::State& s) { run_q(s, "linear-fit", Pressure::uniform(), 0, true); }
static void BM_q_coulomb_point(benchmark::State& s) { run_q(s, "coulomb-point", Pressure::uniform(), 0, false); }

static void BM_harmonic_coefficients(benchmark::State& state, const Pressure& p) {
  const auto exact = make_exact_model(p, p.kappa());
  const int N = static_cast<int>(state.range(0));
  std::vector<double> c, s;
  for (auto _ : state) {
    harmonic_coefficients(*exact, N, c, s);
    benchmark::DoNotOptimize(c.data());
  }
}

BENCHMARK(BM_q_exact_uniform);
BENCHMARK(BM_jac_exact_uniform);
BENCHMARK(BM_q_exact_hertz);
BENCHMARK(BM_jac_exact_hertz);
BENCHMARK(BM_q_exact_galin)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_q_harmonic)->DenseRange(1, 8)->Arg(16);
BENCHMARK(BM_jac_harmonic)->DenseRange(1, 8)->Arg(16);
BENCHMARK(BM_q_pade2);
BENCHMARK(BM_jac_pade2);
BENCHMARK(BM_q_linear_fit);
BENCHMARK(BM_jac_linear_fit);
BENCHMARK(BM_q_coulomb_point);
BENCHMARK_CAPTURE(BM_harmonic_coefficients, uniform, Pressure::uniform())->DenseRange(1, 16)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_harmonic_coefficients, hertz, Pressure::hertz())->Arg(16)->Unit(benchmark::kMillisecond);
// a generic power pressure: the ring quadrature of elliptic integrals, once per alpha of a map or
// a sweep over alpha (issue 34.6: 7.7 ms at N = 2 before the values-only kernels and the AGM)
BENCHMARK_CAPTURE(BM_harmonic_coefficients, power_0_7, Pressure::power(0.7))->Arg(2)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_harmonic_coefficients, power_minus_0_5, Pressure::power(-0.5))->Arg(2)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
