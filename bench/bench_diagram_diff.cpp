// diagram_differences on a large synthetic diagram (synthetic_diagram.hpp): 3000 events on 30
// branches of 3001 points compared with itself (events reversed). The former all-pairs event
// matching took 20-30 s; the sweep over events sorted by parameter is near-linear.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "limitdir/report/diagram_io.hpp"
#include "synthetic_diagram.hpp"

namespace {
void diff_synthetic(benchmark::State& state) {
  const int n_events = static_cast<int>(state.range(0));
  const limitdir::Diagram a = limitdir::testing::synthetic_diagram(n_events, 30);
  limitdir::Diagram b = a;
  std::reverse(b.events.begin(), b.events.end());
  for (auto _ : state) {
    const auto differences = limitdir::diagram_differences(a, b);
    if (!differences.empty()) state.SkipWithError(differences.front().c_str());
    benchmark::DoNotOptimize(differences);
  }
  state.SetComplexityN(n_events);
}
}  // namespace

BENCHMARK(diff_synthetic)->Arg(300)->Arg(1000)->Arg(3000)->Complexity()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
