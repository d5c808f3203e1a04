// The rolling friction cone [Acary & Bourrier 2021]: our closed-form projection (Prop. 5.2) and
// one-contact solve (67) against Siconos' (issue 10 target: at least as fast as Siconos).
// Siconos parts are built when Siconos numerics is found (cmake/SiconosOracle.cmake).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/one_contact_newton.hpp"
#include "limitdir/rolling/solvers.hpp"
#include "rolling_reference.hpp"
#ifdef LIMITDIR_HAVE_SICONOS
#include "siconos_oracle.hpp"
#endif

using namespace limitdir;

namespace {

// Random points (every case of Prop. 5.2 occurs) for three cones, cycled through.
struct Sample {
  Vector5 pbar;
  RollingCone cone;
};
const std::vector<Sample>& samples() {
  static const std::vector<Sample> s = [] {
    std::mt19937_64 rng(2021);
    std::normal_distribution<double> g;
    const RollingCone cones[3] = {{0.3, 0.05}, {0.7, 0.2}, {1.0, 1.0}};
    std::vector<Sample> v;
    for (int i = 0; i < 1024; ++i) v.push_back({Vector5(g(rng), g(rng), g(rng), g(rng), g(rng)), cones[i % 3]});
    return v;
  }();
  return s;
}

void BM_project_ours(benchmark::State& state) {
  const auto& s = samples();
  std::size_t i = 0;
  for (auto _ : state) {
    const Sample& x = s[i++ & 1023];
    benchmark::DoNotOptimize(project_rolling_cone(x.pbar, x.cone));
  }
}
BENCHMARK(BM_project_ours);

// The one-contact problems: the Sect. 6.1 sphere at its first step, (a) stick and rolling,
// (b) slide and roll (units of the paper, l = 1 m), and a random SPD W with unit-scale q.
RollingProblem one_contact(int which) {
  if (which == 0) return rolling_reference::sphere_first_step(0.2, 0.04, 2.5, 5.0, 1.0).problem;
  if (which == 1) return rolling_reference::sphere_first_step(0.2, 0.04, 2.5, 2.5, 1.0).problem;
  std::mt19937_64 rng(67);
  RollingProblem pb;
  pb.W = rolling_reference::random_spd(5, 0.1, 3.0, rng);
  pb.q = Eigen::VectorXd(5);
  pb.q << -0.7, 0.4, -0.3, 0.5, 0.2;
  pb.cones = {RollingCone{0.3, 0.1}};
  return pb;
}
constexpr double kTol = 1e-12;  // the paper's Gauss-Seidel tolerance of Sect. 6.1

// The hot path: the fixed-size adaptive projected fixed point from p = 0, rho = 1, to the error
// tolerance range(1) * 1e-16 (1e-12: as asked of Siconos below; Siconos' NSGS ends tighter, so
// 3e-16 gives an error as small as Siconos' on the sphere problems).
void BM_one_contact_ours(benchmark::State& state) {
  const RollingProblem pb = one_contact(static_cast<int>(state.range(0)));
  const double tol = static_cast<double>(state.range(1)) * 1e-16;
  const Matrix5 W = pb.W;
  const Vector5 q = pb.q;
  OneContactOutcome o{};
  for (auto _ : state) {
    Vector5 p = Vector5::Zero();
    double rho = 1.0;
    o = solve_one_contact(W, q, pb.cones[0], p, rho, tol, 10000);
    benchmark::DoNotOptimize(p);
  }
  state.counters["iterations"] = o.iterations;
  state.counters["error"] = o.error;
}
BENCHMARK(BM_one_contact_ours)->ArgsProduct({{0, 1, 2}, {10000, 3}});

// The semismooth Newton of rolling/one_contact_newton.hpp on the same problems and tolerances
// (rho = 1/max W_ii, as block PGS takes it).
void BM_one_contact_newton(benchmark::State& state) {
  const RollingProblem pb = one_contact(static_cast<int>(state.range(0)));
  const double tol = static_cast<double>(state.range(1)) * 1e-16;
  const Matrix5 W = pb.W;
  const Vector5 q = pb.q;
  const double rho = 1.0 / W.diagonal().maxCoeff();
  OneContactOutcome o{};
  for (auto _ : state) {
    Vector5 p = Vector5::Zero();
    o = solve_one_contact_newton(W, q, pb.cones[0], p, rho, tol, 50);
    benchmark::DoNotOptimize(p);
  }
  state.counters["iterations"] = o.iterations;
  state.counters["error"] = o.error;
}
BENCHMARK(BM_one_contact_newton)->ArgsProduct({{0, 1, 2}, {10000, 3}});

// The full API (validation, dynamic sizes): projected Gauss-Seidel on one contact.
void BM_one_contact_ours_pgs(benchmark::State& state) {
  const RollingProblem pb = one_contact(static_cast<int>(state.range(0)));
  RollingSolverOptions options;
  options.tol = kTol;
  RollingResult r;
  for (auto _ : state) {
    r = solve_projected_gauss_seidel(pb, options);
    benchmark::DoNotOptimize(r.p.data());
  }
  state.counters["iterations"] = static_cast<double>(r.local_iterations);
  state.counters["error"] = r.error;
}
BENCHMARK(BM_one_contact_ours_pgs)->DenseRange(0, 2);

#ifdef LIMITDIR_HAVE_SICONOS
void BM_project_siconos(benchmark::State& state) {
  const auto& s = samples();
  std::size_t i = 0;
  Vector5 out;
  for (auto _ : state) {
    const Sample& x = s[i++ & 1023];
    benchmark::DoNotOptimize(siconos_oracle::project(x.pbar, x.cone, out));
  }
}
BENCHMARK(BM_project_siconos);

// Siconos' rolling friction NSGS (its one-contact local solver: projection on the cone with local
// iteration) on the same problems; problem and options are built once, outside the timing.
void BM_one_contact_siconos(benchmark::State& state) {
  const RollingProblem pb = one_contact(static_cast<int>(state.range(0)));
  siconos_oracle::Problem sp(pb);
  siconos_oracle::Solver solver(kTol, 1000);
  siconos_oracle::Solution s{};
  for (auto _ : state) {
    s = solver.solve(sp, 5);
    benchmark::DoNotOptimize(s.p.data());
  }
  state.counters["error_ours_def"] = complementarity_error(pb, s.p);
  state.counters["converged"] = s.converged;
}
BENCHMARK(BM_one_contact_siconos)->DenseRange(0, 2);
#endif

}  // namespace

BENCHMARK_MAIN();
