// Slip dynamics benchmarks (issue 5): one trajectory of the force-free disc from
// x0 = (1, 0.3, 0.5) to stick (direction settled to |V*| <= 1e-11, tolerance 1e-12), with the
// harmonic N = 2 model and with the exact model (uniform and Galin pressure). The limit
// directions are found once outside the loop (survey() does the same); "with_limits" includes
// find_limit_directions. Counters: accepted steps per trajectory.
#include <benchmark/benchmark.h>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/system/system.hpp"

using namespace limitdir;

namespace {
System disc_system(const std::string& model, int degree, const Pressure& pressure) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = pressure;
  p.friction.model = model;
  p.friction.degree = degree;
  return make_system(p);
}

void run(benchmark::State& state, const std::string& model, int degree, const Pressure& pressure, bool with_limits) {
  const System system = disc_system(model, degree, pressure);
  const LimitSet limits = find_limit_directions(system, 0.0);
  SimulationOptions opt;
  opt.every = 0;
  const Eigen::Vector3d x0(1.0, 0.3, 0.5);
  long long steps = 0;
  for (auto _ : state) {
    SimulationResult r = with_limits ? simulate(system, 0.0, x0, opt) : simulate(system, 0.0, x0, opt, &limits);
    if (r.outcome != SimulationResult::Outcome::stick || !r.matched_circle)
      state.SkipWithError("the trajectory did not stick on a circle");
    steps = r.steps;
    benchmark::DoNotOptimize(r);
  }
  state.counters["steps"] = static_cast<double>(steps);
}
}  // namespace

BENCHMARK_CAPTURE(run, disc_harmonic2, "harmonic", 2, Pressure::uniform(), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_harmonic2_with_limits, "harmonic", 2, Pressure::uniform(), true)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_exact_uniform, "exact", 0, Pressure::uniform(), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run, disc_exact_galin, "exact", 0, Pressure::galin(), false)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
