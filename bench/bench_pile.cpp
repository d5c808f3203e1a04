// The spheres pile of [Acary & Bourrier 2021] Sect. 6.2 (granular/pile_run.hpp): issue 36's
// targets: the paper's 250-sphere pile over 20 s (2e4 steps) in under 60 s on one core; the
// Siconos tutorial's scene with 50 spheres at least 50x faster than Siconos (bench/pile_siconos.py
// times Siconos on the same scene document); the cost per step close to linear in the contacts.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "limitdir/granular/block_pgs.hpp"
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
    state.counters["unconverged_steps"] = static_cast<double>(outcome.unconverged_count);
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

// The paper's pile at the Fig. 5 study's mu = 0.3, mu_r = 2.64e-2 m (2.64 radii), 80 spheres over
// 6 s: the sweeps creep along loops of rolling moments (docs/manual.md section 15, "When the
// sweeps creep"), the case of Aitken's extrapolation.
void BM_PileRolling80(benchmark::State& state) {
  auto p = problem("pile.json");
  p.spheres.count = 80;
  p.law.mu_r = 0.026366508987303583;
  p.stepping.t_end = 6.0;
  run(state, p);
}
BENCHMARK(BM_PileRolling80)->Unit(benchmark::kSecond)->Iterations(1);

// The same pile stopped on the consistent error too (stepping.consistent_tol = 1e-4, docs/manual.md
// section 15, "What the tolerance allows"), at the study's mu_r = 2.64e-2 m and at 1e-3 m: the
// cost of reactions that obey the law (the manual's table: 52.7 s and 3.55 s on one core, against
// 9.9 s and 0.83 s on Siconos' error alone).
void BM_PileRolling80Consistent(benchmark::State& state) {
  auto p = problem("pile.json");
  p.spheres.count = 80;
  p.law.mu_r = state.range(0) == 0 ? 1e-3 : 0.026366508987303583;
  p.stepping.t_end = 6.0;
  p.stepping.consistent_tol = 1e-4;
  run(state, p);
}
BENCHMARK(BM_PileRolling80Consistent)->Arg(0)->Arg(1)->Unit(benchmark::kSecond)->Iterations(1);

struct StepCounts {
  long contacts = 0;  ///< at the last step
  double mean_sweeps = 0.0;
};

// Five steps (loaded, warm starts in place), then the timed steps; their counts in counters.
StepCounts timed_steps(benchmark::State& state, limitdir::MoreauJeanStepper& stepper, limitdir::SphereBodies& s) {
  for (int k = 0; k < 5; ++k) stepper.step(s);
  long sweeps = 0, steps = 0;
  StepCounts n;
  for (auto _ : state) {
    const auto r = stepper.step(s);
    n.contacts = r.contacts;
    sweeps += r.sweeps;
    ++steps;
  }
  n.mean_sweeps = static_cast<double>(sweeps) / static_cast<double>(std::max(1L, steps));
  state.counters["contacts"] = static_cast<double>(n.contacts);
  state.counters["mean_sweeps"] = n.mean_sweeps;
  return n;
}

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
  const StepCounts counts = timed_steps(state, stepper, s);
  state.counters["us_per_contact"] =
      benchmark::Counter(static_cast<double>(counts.contacts) * 1e-6, benchmark::Counter::kIsIterationInvariantRate |
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

// A 10^4-sphere pile at rest: a square pyramid of k layers (k^2, (k-1)^2, ..., 1 spheres; k = 31:
// 10 416), each sphere in the hollow of four below it (layer L at height R (1 + sqrt(2) L),
// offset (L R, L R)), touching its four neighbours in its layer, four below and four above:
// ~5e4 contacts, the contact graph of a deep pile (the sweeps to the tolerance grow with the
// depth, unlike the one-layer case above). (k, threads). Timed: its first three steps from the
// built pyramid, so that one thread and two start from the same state (later steps differ: the
// pyramid slumps differently in the two sweep orders); the cost per contact and sweep is the
// time over the sum of contacts x sweeps of the three steps.
void pyramid(benchmark::State& state, int k, int threads) {
  const double R = 0.01, m = 1300.0 * 4.0 / 3.0 * M_PI * R * R * R;
  limitdir::SphereBodies built;
  int id = 0;
  for (int L = 0; L < k; ++L)
    for (int i = 0; i < k - L; ++i)
      for (int j = 0; j < k - L; ++j)
        built.add(id++, Eigen::Vector3d(R * (2 * i + L), R * (2 * j + L), R * (1.0 + std::sqrt(2.0) * L)), R, m);
  limitdir::GranularStepping st;
  st.cone = {0.5, 1e-3};
  st.solver.threads = threads;
  double contact_sweeps = 0.0, sweeps = 0.0, contacts = 0.0, colours = 0.0;
  for (auto _ : state) {
    state.PauseTiming();
    limitdir::SphereBodies s = built;
    limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
    state.ResumeTiming();
    for (int step = 0; step < 3; ++step) {
      const auto r = stepper.step(s);
      contact_sweeps += static_cast<double>(r.contacts) * r.sweeps;
      sweeps += r.sweeps;
      contacts = r.contacts;
    }
    state.PauseTiming();
    const std::vector<int> c = limitdir::contact_colours(stepper.local_problem());
    colours = c.empty() ? 0.0 : 1.0 + *std::max_element(c.begin(), c.end());
    state.ResumeTiming();
  }
  const double runs = static_cast<double>(state.iterations());
  state.counters["colours"] = colours;
  state.counters["spheres"] = static_cast<double>(id);
  state.counters["contacts"] = contacts;
  state.counters["mean_sweeps"] = sweeps / (3.0 * runs);
  state.counters["us_per_contact_sweep"] = benchmark::Counter(
      contact_sweeps / runs * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
// The cost per step from 285 to 10^4 spheres (k = 9, 15, 21, 31), one thread.
void BM_PyramidStep(benchmark::State& state) { pyramid(state, static_cast<int>(state.range(0)), 1); }
BENCHMARK(BM_PyramidStep)->Arg(9)->Arg(15)->Arg(21)->Arg(31)->Unit(benchmark::kMillisecond)->UseRealTime();
// pile --jobs K on the 10^4-sphere pyramid: efficiency T(1) / (2 T(2)).
void BM_PyramidStepThreads(benchmark::State& state) {
  pyramid(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
}
BENCHMARK(BM_PyramidStepThreads)->Args({31, 1})->Args({31, 2})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
