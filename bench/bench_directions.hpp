#pragma once
// A fixed set of 1024 random directions on the sphere, cycled through by the friction-model
// benchmarks (the same set for every model, so that their figures compare).
#include <Eigen/Core>
#include <benchmark/benchmark.h>
#include <random>
#include <vector>

inline const std::vector<Eigen::Vector3d>& bench_directions() {
  static const std::vector<Eigen::Vector3d> w = [] {
    std::mt19937_64 rng(12345);
    std::normal_distribution<double> n;
    std::vector<Eigen::Vector3d> v;
    for (int i = 0; i < 1024; ++i) v.push_back(Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized());
    return v;
  }();
  return w;
}

/// Times q (or q with its Jacobian) of a friction model over the directions above.
template <class Model>
void run_directions(benchmark::State& state, const Model& m, bool jacobian) {
  const auto& w = bench_directions();
  std::size_t i = 0;
  for (auto _ : state) {
    if (jacobian)
      benchmark::DoNotOptimize(m.jacobian(w[i++ & 1023]));
    else
      benchmark::DoNotOptimize(m.q(w[i++ & 1023]));
  }
}
