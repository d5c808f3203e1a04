// Closed orbits (docs/manual.md section 9): the orbit search on the shifted disc (2) [Kireenkov]
// at F = 0 (exact model, uniform pressure, rho = kappa, j = 1/2, k = 0.5; forward, as in
// dynamics/test_closed_orbits.cpp), and find-limits with and without the closed-orbit handling: the
// disc (the symmetry exclusion, free) and share/problems/general.json (harmonic N = 3); the
// combinatorial-flow proof (limits/orbit_exclusion.hpp) alone and in find-limits on general.json
// with harmonic N = 2 and N = 3 (target: find-limits proven in < 50 ms); the proof of one orbit
// (limits/orbit_proof.hpp) of share/problems/general-hopf.json at rho = 6, F = 0.7582 (target:
// well under 1 s; measured 0.38 s CPU); the continuation of its orbit branch from the Hopf point
// over [0.7575, 0.759] (continuation/orbit_branches.hpp; AUTO-07p's periodic continuation of the
// same branch is timed in tests/cli/auto_orbit_oracle.sh, docs/manual.md section 13); the orbit
// branch of disc-shift.json from F = 0 to its saddle-node on an invariant circle.
#include <benchmark/benchmark.h>

#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/limits/orbit_exclusion.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/system/problem.hpp"

using namespace limitdir;

namespace {

System shifted_disc() {
  const double rho = 2.0 / 3.0, j = 0.5;
  const auto model = std::shared_ptr<const FrictionModel>(
      make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()).with_shift(0.5)));
  const Eigen::Matrix3d M = Eigen::Vector3d(1.0, 1.0, j / (rho * rho)).asDiagonal();
  return System(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), model);
}

void BM_search_shifted_disc(benchmark::State& state) {
  const System s = shifted_disc();
  OrbitSearchOptions opt;
  opt.seed_level = static_cast<int>(state.range(0));
  opt.backward = false;
  const LimitSet none;
  for (auto _ : state) {
    const OrbitSearch r = find_closed_orbits(s, 0.0, none, opt);
    if (r.orbits.size() != 2 || r.forward.unresolved != 0) state.SkipWithError(r.summary().c_str());
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_search_shifted_disc)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

Problem problem(const std::string& preset, int degree = 0) {
  Problem p;
  p.system.preset = preset;
  p.pressure = Pressure::uniform();
  p.friction.model = "harmonic";
  p.friction.degree = degree > 0 ? degree : preset == "disc" ? 2 : 3;
  if (preset == "general") {  // share/problems/general.json
    p.system.mass << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;
    p.system.load_direction = Eigen::Vector3d::UnitX();
    p.system.load_offset = Eigen::Vector3d(0.0, 0.0, 0.1);
  }
  return p;
}

// find-limits' default path (with the proof), closed orbits handled (1) or not (0)
void BM_find_limits(benchmark::State& state, const std::string& preset, double F) {
  const System s = make_system(problem(preset));
  SolverOptions opt;
  opt.closed_orbits = state.range(0) != 0;
  for (auto _ : state) {
    LimitSet L = find_limit_directions(s, F, opt);
    if (!L.certificate.complete()) state.SkipWithError(L.certificate.reason.c_str());
    benchmark::DoNotOptimize(L);
  }
}
BENCHMARK_CAPTURE(BM_find_limits, disc_F0.3, std::string("disc"), 0.3)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_find_limits, general_F0.5, std::string("general"), 0.5)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// find-limits on general.json with harmonic N = range(0): proven, closed orbits excluded
void BM_find_limits_proven(benchmark::State& state) {
  const System s = make_system(problem("general", static_cast<int>(state.range(0))));
  for (auto _ : state) {
    LimitSet L = find_limit_directions(s, 0.5);
    if (L.certificate.level != Level::proven || L.certificate.closed_orbits != "excluded")
      state.SkipWithError(L.certificate.reason.c_str());
    benchmark::DoNotOptimize(L);
  }
}
BENCHMARK(BM_find_limits_proven)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

// the exclusion alone on the same systems; counters: the cells of the final cover
void BM_orbit_exclusion(benchmark::State& state) {
  const System s = make_system(problem("general", static_cast<int>(state.range(0))));
  int cells = 0;
  for (auto _ : state) {
    const OrbitExclusion e = exclude_closed_orbits(s, 0.5);
    if (!e.proven) state.SkipWithError(e.reason.c_str());
    cells = e.cells;
    benchmark::DoNotOptimize(e);
  }
  state.counters["cells"] = cells;
}
BENCHMARK(BM_orbit_exclusion)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

// the proof of the repelling orbit of general-hopf.json at rho = 6 below its Hopf point (the
// search once, outside the loop); counter: the steps of the two integrations
void BM_orbit_proof(benchmark::State& state) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/general-hopf.json");
  p.rho = RhoSpec{RhoSpec::Kind::value, 6.0};
  const System s = make_system(p);
  const double F = 0.7582;
  SolverOptions opt;
  opt.closed_orbits = false;
  const OrbitSearch search = find_closed_orbits(s, F, find_limit_directions(s, F, opt));
  if (search.orbits.size() != 1) {
    state.SkipWithError("the search does not find the one orbit");
    return;
  }
  for (auto _ : state) {
    const OrbitProof proof = prove_closed_orbit(s, F, search.orbits.front());
    if (!proof.proven) state.SkipWithError(proof.reason.c_str());
    benchmark::DoNotOptimize(proof);
  }
}
BENCHMARK(BM_orbit_proof)->Unit(benchmark::kMillisecond);

// the proof of one of the two attracting orbits of share/problems/disc-shift.json (the exact
// disc's tape, limits/chart_disc.hpp) at F = Arg/100 (the search once, outside the loop)
void BM_orbit_proof_disc_shift(benchmark::State& state) {
  const System s = make_system(load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json"));
  const double F = static_cast<double>(state.range(0)) / 100.0;
  SolverOptions opt;
  opt.closed_orbits = false;
  const OrbitSearch search = find_closed_orbits(s, F, find_limit_directions(s, F, opt));
  if (search.orbits.empty()) {
    state.SkipWithError("the search finds no orbit");
    return;
  }
  for (auto _ : state) {
    const OrbitProof proof = prove_closed_orbit(s, F, search.orbits.front());
    if (!proof.proven) state.SkipWithError(proof.reason.c_str());
    benchmark::DoNotOptimize(proof);
  }
}
BENCHMARK(BM_orbit_proof_disc_shift)->Arg(0)->Arg(10)->Unit(benchmark::kMillisecond);

// the orbit branch of general-hopf.json at rho = 6 from its Hopf point to the period blow-up (the
// sweep and the Hopf event's orbit searches once, outside the loop); counter: the branch's points
void BM_orbit_branch(benchmark::State& state) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/general-hopf.json");
  p.rho = RhoSpec{RhoSpec::Kind::value, 6.0};
  const ParameterFamily family = parameter_family(p, "force");
  Diagram diagram = sweep(family, 0.7575, 0.759);
  confirm_hopf_events(family, diagram);
  std::size_t points = 0;
  for (auto _ : state) {
    Diagram d = diagram;
    continue_orbit_branches(family, d);
    if (d.orbit_branches.size() != 1) state.SkipWithError("not one orbit branch");
    points = d.orbit_branches.empty() ? 0 : d.orbit_branches.front().points.size();
    benchmark::DoNotOptimize(d);
  }
  state.counters["points"] = static_cast<double>(points);
}
BENCHMARK(BM_orbit_branch)->Unit(benchmark::kMillisecond);

// the orbit branch of share/problems/disc-shift.json (the exact contact model) from one of its two
// orbits at F = 0 to the saddle-node on an invariant circle at F* = 0.14049 (docs/manual.md
// section 9; find-limits at F = 0 once, outside the loop); counters: the branch's points and its
// last period
void BM_orbit_branch_disc_shift(benchmark::State& state) {
  const ParameterFamily family =
      parameter_family(load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json"), "force");
  const double from = 0.0, to = 0.15;
  const LimitSet set = find_limit_directions(family.system(from), from);
  if (set.closed_orbits.size() != 2) {
    state.SkipWithError("find-limits at F = 0 does not find the two orbits");
    return;
  }
  OrbitContinuation c;
  for (auto _ : state) {
    c = continue_orbit(family, from, set.closed_orbits.front(), to, to - from);
    if (c.end.kind != "snic") state.SkipWithError(c.end.reason.c_str());
    benchmark::DoNotOptimize(c);
  }
  state.counters["points"] = static_cast<double>(c.points.size());
  state.counters["last_period"] = c.points.empty() ? 0.0 : c.points.back().period;
}
BENCHMARK(BM_orbit_branch_disc_shift)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
