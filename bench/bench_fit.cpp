// fit (docs/manual.md section 16), issue 37's target: a fit of 10^5 measured points in under a
// second. Four kudra-pade parameters [Kudra & Awrejcewicz 2013] from data generated at known
// values with noise 0.01; and the CSV reading of the same 10^5 rows.
#include <benchmark/benchmark.h>

#include <random>
#include <sstream>

#include "limitdir/fit/least_squares.hpp"
#include "limitdir/system/problem.hpp"

namespace {

using namespace limitdir;

FitSpec spec() {
  FitSpec s;
  s.source = "bench";
  s.problem = nlohmann::json::parse(R"({"schema": "limitdir.problem/1", "system": {"preset": "disc", "j": 0.5},
    "contact": {"pressure": "hertz", "distortion": {"d": 0.3, "gamma": 0.5}},
    "friction": {"model": "kudra-pade", "b_T": 1.0, "b_M": 1.0, "m_T": 1.0, "m_M": 1.0}, "rho": "kappa", "force": 0})");
  s.problem_source = "bench";
  for (const char* key : {"friction.b_T", "friction.b_M", "friction.m_T", "friction.m_M"})
    s.parameters.push_back({key, 1.0, 0.1, 3.0});
  return s;
}

SlipData data(std::size_t n) {
  const FitSpec s = spec();
  const auto model = make_friction_model(parse_problem(problem_with(s, {0.8, 1.3, 1.1, 0.9}), "truth"));
  std::mt19937_64 engine(1);
  std::normal_distribution<double> g;
  SlipData d;
  while (d.size() < n) {
    const Eigen::Vector3d v(g(engine), g(engine), g(engine));
    if (v.norm() < 1e-3) continue;
    d.s.push_back(v.normalized());
    d.f.push_back(model->q(v) + 0.01 * Eigen::Vector3d(g(engine), g(engine), g(engine)));
    d.weight.push_back(1.0);
  }
  return d;
}

void BM_FitKudraPade(benchmark::State& state) {
  const FitSpec s = spec();
  const SlipData d = data(static_cast<std::size_t>(state.range(0)));
  int iterations = 0;
  for (auto _ : state) {
    const FitResult r = fit_slip_data(s, d);
    iterations = r.starts[0].iterations;
    benchmark::DoNotOptimize(r.best);
  }
  state.counters["ceres_iterations"] = iterations;
}
BENCHMARK(BM_FitKudraPade)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ReadSlipCsv(benchmark::State& state) {
  const SlipData d = data(static_cast<std::size_t>(state.range(0)));
  std::ostringstream text;
  text.precision(17);
  text << "w1,w2,w3,q1,q2,q3\n";
  for (std::size_t i = 0; i < d.size(); ++i)
    text << d.s[i][0] << ',' << d.s[i][1] << ',' << d.s[i][2] << ',' << d.f[i][0] << ',' << d.f[i][1] << ','
         << d.f[i][2] << '\n';
  const std::string csv = text.str();
  for (auto _ : state) benchmark::DoNotOptimize(parse_slip_csv(csv, "bench").size());
}
BENCHMARK(BM_ReadSlipCsv)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
