// The harmonic model at high degree (issue 19.5): find-limits at one load, proven, on
// share/problems/disc.json and ball.json at F = 0.3 for N = 2, 8, 32, 100, 400 (target: N = 400
// well under 50 ms, the time growing no faster than ~N), with the system built once
// (find_limits) and with the model's construction included (with_model: the quadrature of (83),
// what one find-limits call pays besides start-up); and the proven disc diagram of sweep-force
// on F in [0.001, 1.5] for N = 2, 8, 32, 100.
#include <benchmark/benchmark.h>

#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

using namespace limitdir;

namespace {
constexpr double kLoad = 0.3;

Problem problem(const std::string& file, int degree) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
  apply_overrides(p, std::nullopt, degree, std::nullopt, std::nullopt, kLoad);
  return p;
}

void find_limits(benchmark::State& state, const std::string& file) {
  const System s = make_system(problem(file, static_cast<int>(state.range(0))));
  for (auto _ : state) {
    LimitSet set = find_limit_directions(s, kLoad);
    if (set.certificate.level != Level::proven) state.SkipWithError(set.certificate.reason.c_str());
    benchmark::DoNotOptimize(set);
  }
}

void with_model(benchmark::State& state, const std::string& file) {
  const Problem p = problem(file, static_cast<int>(state.range(0)));
  for (auto _ : state) {
    LimitSet set = find_limit_directions(make_system(p), kLoad);
    if (set.certificate.level != Level::proven) state.SkipWithError(set.certificate.reason.c_str());
    benchmark::DoNotOptimize(set);
  }
}

/// sweep-force share/problems/disc.json --degree N --from 0.001 --to 1.5, proven.
void disc_diagram(benchmark::State& state) {
  const ParameterFamily family = parameter_family(problem("disc.json", static_cast<int>(state.range(0))), "force");
  for (auto _ : state) {
    Diagram d = sweep(family, 0.001, 1.5, ContinuationOptions{});
    if (d.certificate.level != Level::proven) state.SkipWithError(d.certificate.reason.c_str());
    benchmark::DoNotOptimize(d);
  }
}
}  // namespace

BENCHMARK_CAPTURE(find_limits, disc, "disc.json")->Arg(2)->Arg(8)->Arg(32)->Arg(100)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(find_limits, ball, "ball.json")->Arg(2)->Arg(8)->Arg(32)->Arg(100)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(with_model, disc, "disc.json")->Arg(2)->Arg(8)->Arg(32)->Arg(100)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK(disc_diagram)->Arg(2)->Arg(8)->Arg(32)->Arg(100)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
