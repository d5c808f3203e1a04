// The spheres pile of [Acary & Bourrier 2021] Sect. 6.2 (granular/pile_run.hpp): issue 36's
// targets: the paper's 250-sphere pile over 20 s (2e4 steps) in under 60 s on one core; the
// Siconos tutorial's scene with 50 spheres at least 50x faster than Siconos (bench/pile_siconos.py
// times Siconos on the same scene document); the cost per step close to linear in the contacts.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pile_run.hpp"
#include "limitdir/granular/pluviation.hpp"

namespace {

limitdir::PileProblem problem(const char* file) {
  return limitdir::load_pile_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
}

void run(benchmark::State& state, limitdir::PileProblem p) {
  const auto births = limitdir::pluviate(p);
  limitdir::PileRunOptions o;
  o.every = 0;
  for (auto _ : state) {
    const auto outcome = limitdir::run_pile(p, births, o);
    benchmark::DoNotOptimize(outcome.total_sweeps);
    state.counters["steps"] = static_cast<double>(outcome.steps);
    state.counters["mean_sweeps"] = static_cast<double>(outcome.total_sweeps) / static_cast<double>(outcome.steps);
  }
}

// The tutorial's scene with 50 spheres (share/problems/pile-siconos.json), over its horizon
// T = 1.1 N sqrt(2 d/g) = 3.512 s.
void BM_PileSiconosScene50(benchmark::State& state) {
  auto p = problem("pile-siconos.json");
  p.spheres.count = 50;
  p.stepping.t_end = 1.1 * 50 * p.drop.interval;
  run(state, p);
}
BENCHMARK(BM_PileSiconosScene50)->Unit(benchmark::kMillisecond);

// The paper's pile (share/problems/pile.json): 250 spheres, 20 s, 2e4 steps (target < 60 s).
void BM_PilePaper250(benchmark::State& state) { run(state, problem("pile.json")); }
BENCHMARK(BM_PilePaper250)->Unit(benchmark::kSecond)->Iterations(1);

// The cost of a step against the number of contacts: a square layer of n x n spheres resting on
// the plane, each touching its four neighbours (about 3 n^2 contacts), stepped 20 times.
// threads: BlockPgsOptions::threads (1: the contact order; >= 2 the colour order on that many
// threads, granular/block_pgs.hpp). Real time, so that the threads' work counts once.
void resting_layer(benchmark::State& state, int n, int threads) {
  const double R = 0.01, m = 1300.0 * 4.0 / 3.0 * M_PI * R * R * R;
  limitdir::SphereBodies s;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) s.add(i * n + j, Eigen::Vector3d(2 * R * i, 2 * R * j, R), R, m);
  limitdir::GranularStepping st;
  st.cone = {0.3, 1e-3};
  st.solver.threads = threads;
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  for (int k = 0; k < 5; ++k) stepper.step(s);  // settled: warm starts in place
  long contacts = 0, sweeps = 0, steps = 0;
  for (auto _ : state) {
    const auto r = stepper.step(s);
    contacts = r.contacts;
    sweeps += r.sweeps;
    ++steps;
  }
  state.counters["contacts"] = static_cast<double>(contacts);
  state.counters["mean_sweeps"] = static_cast<double>(sweeps) / static_cast<double>(std::max(1L, steps));
  state.counters["us_per_contact"] =
      benchmark::Counter(static_cast<double>(contacts) * 1e-6, benchmark::Counter::kIsIterationInvariantRate |
                                                                    benchmark::Counter::kInvert);
}
void BM_RestingLayerStep(benchmark::State& state) { resting_layer(state, static_cast<int>(state.range(0)), 1); }
BENCHMARK(BM_RestingLayerStep)->Arg(16)->Arg(32)->Arg(64)->Arg(100)->Unit(benchmark::kMillisecond);

// pile --jobs K on the 10^4-sphere layer: (n, threads) = (100, 1), (100, 2); the parallel
// efficiency of K = 2 is T(1) / (2 T(2)) (docs/manual.md section 15, "Threads"), with the same
// mean sweeps in both (else the orders did different work).
void BM_RestingLayerStepThreads(benchmark::State& state) {
  resting_layer(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
}
BENCHMARK(BM_RestingLayerStepThreads)->Args({100, 1})->Args({100, 2})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
