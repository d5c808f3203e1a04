// The sphere rolling on a plane, Sect. 6.1 [Acary & Bourrier 2021]: one Moreau-Jean run of
// Fig. 3b at the paper's h = 1e-4 (60000 steps) and the default Fig. 2 map of the roll app
// (15 x 15 points of roll-fig2.json, h = 1e-3, each run until rest).
#include <benchmark/benchmark.h>

#include <cmath>

#include "limitdir/rolling/sphere.hpp"
#include "limitdir/rolling/sphere_io.hpp"

using namespace limitdir;

namespace {

RollProblem fig3b(double h, double t_end) {
  RollProblem p;
  p.sphere.radius = 0.5;
  p.sphere.mass = 2500.0 * 4.0 / 3.0 * M_PI * 0.125;
  p.sphere.mu = 0.2;
  p.sphere.mu_r = 0.04;
  p.initial.position << 0.0, 0.0, 0.5;
  p.initial.velocity << 2.5, 0.0, 0.0;
  p.initial.omega << 0.0, 2.5, 0.0;
  p.stepping.h = h;
  p.stepping.t_end = t_end;
  p.stepping.every = 60;
  return p;
}

void BM_roll_fig3b_h1e4(benchmark::State& state) {
  const RollProblem p = fig3b(1e-4, 6.0);
  for (auto _ : state) benchmark::DoNotOptimize(simulate_rolling_sphere(p.sphere, p.initial, p.stepping).X_max);
}
BENCHMARK(BM_roll_fig3b_h1e4)->Unit(benchmark::kMillisecond);

void BM_roll_map_15x15_h1e3(benchmark::State& state) {
  RollProblem p = fig3b(1e-3, 60.0);
  p.initial.omega[1] = 5.0;  // slip-free start of Fig. 2
  for (auto _ : state) benchmark::DoNotOptimize(roll_map(p, Grid{0.01, 0.3, 15}, Grid{0.004, 0.032, 15}));
}
BENCHMARK(BM_roll_map_15x15_h1e3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
