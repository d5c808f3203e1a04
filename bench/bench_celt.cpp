// The Celtic stone (docs/manual.md section 12), the cost comparison of Sect. 4 [Awrejcewicz &
// Kudra, Celtic stone]: one right-hand side of (1)-(3) per contact model at a rolling, spinning
// state, and a 1 s run of each model from the reversing start of share/problems/celt.json
// (pitch 0.05 rad, omega_3 = +3 rad/s, tolerance 1e-10) with its counters (steps, right-hand
// sides) and the mean-square deviation of omega from the W1 run (the paper's objective).
#include <benchmark/benchmark.h>

#include <cmath>

#include "limitdir/celt/celt.hpp"

using namespace limitdir;

namespace {

CeltState start() {
  CeltInitial in;
  in.tilt_y = 0.05;
  in.omega = {0.0, 0.0, 3.0};
  return celt_initial_state(celt_paper_body(), in);
}

CeltStepping one_second() {
  CeltStepping s;
  s.t_end = 1.0;
  s.dt = 0.01;
  s.tolerance = 1e-10;
  return s;
}

void BM_celt_rhs(benchmark::State& state) {
  const CeltModel model = static_cast<CeltModel>(state.range(0));
  const CeltBody body = celt_paper_body();
  const CeltContact contact = celt_paper_contact(model);
  CeltState s = start();
  s.V += Eigen::Vector2d(1e-3, -2e-3);  // sliding a little
  for (auto _ : state) benchmark::DoNotOptimize(celt_rates(body, contact, s).N);
  state.SetLabel(celt_model_name(model));
}
BENCHMARK(BM_celt_rhs)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

void BM_celt_run_1s(benchmark::State& state) {
  const CeltModel model = static_cast<CeltModel>(state.range(0));
  const CeltBody body = celt_paper_body();
  const CeltRun reference = celt_simulate(body, celt_paper_contact(CeltModel::W1), start(), one_second());
  CeltRun run;
  for (auto _ : state) run = celt_simulate(body, celt_paper_contact(model), start(), one_second());
  state.counters["steps"] = static_cast<double>(run.steps);
  state.counters["rhs"] = static_cast<double>(run.rhs_evaluations);
  state.counters["msd_rad2"] = celt_mean_square_deviation(run, reference);
  state.SetLabel(celt_model_name(model));
}
BENCHMARK(BM_celt_run_1s)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

// A stiff contact (docs/manual.md section 12, "Stiff contacts"): model O over 1 s with each
// integrator at tolerances 1e-8 and 1e-10 (arguments: method 0 dopri5, 1 rosenbrock4; -log10 tol).
void BM_celt_stiff_O(benchmark::State& state) {
  CeltStepping stepping = one_second();
  stepping.method = state.range(0) == 0 ? CeltMethod::dopri5 : CeltMethod::rosenbrock4;
  stepping.tolerance = std::pow(10.0, -static_cast<double>(state.range(1)));
  const CeltBody body = celt_paper_body();
  CeltRun run;
  for (auto _ : state) run = celt_simulate(body, celt_paper_contact(CeltModel::O), start(), stepping);
  state.counters["steps"] = static_cast<double>(run.steps);
  state.counters["rhs"] = static_cast<double>(run.rhs_evaluations);
  state.SetLabel(state.range(0) == 0 ? "dopri5" : "rosenbrock4");
}
BENCHMARK(BM_celt_stiff_O)->ArgsProduct({{0, 1}, {8, 10}})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
