// Proof benchmarks (prove_limit_directions): the disc with harmonic N = 2 by the invariant
// circle (target <= 1 ms) and a general system with harmonic N = 2 by the cube cover
// (target <= 20 ms); the exact model (uniform pressure (57)-(60), Hertz (62)-(63), enclosed with
// Arb) on the disc, the ball and the general system (target a few ms), and find-limits with its
// proven certificate for the exact disc, the exact elliptic plates (quadrature enclosures) and
// the tabulated profile.
#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/limits/proof.hpp"
#include "limitdir/system/problem.hpp"

using namespace limitdir;

namespace {
Problem disc_harmonic2() {
  return parse_problem({{"system", {{"preset", "disc"}}}, {"friction", {{"model", "harmonic"}, {"degree", 2}}}},
                       "bench");
}

/// M = diag(1, 1, 9/8), d = e1, e = (-0.5, 0.0489, 0): at F = 0.5, c = (0, 0.0489, 0) and 8
/// limit directions (the disc turned by 90 degrees below its fold (138)).
System general_harmonic2() {
  const System disc = make_system(disc_harmonic2());
  return System(disc.M(), Eigen::Vector3d::UnitX(), Eigen::Vector3d(-0.5, 0.0489, 0), disc.friction_ptr());
}

void run(benchmark::State& state, const System& s, double F, std::size_t count) {
  for (auto _ : state) {
    Proof proof = prove_limit_directions(s, F);
    if (!proof.proven || proof.directions.size() != count) state.SkipWithError(proof.reason.c_str());
    benchmark::DoNotOptimize(proof);
  }
}

/// share/problems/disc-exact.json, ball.json with the exact model, general.json with the exact model.
Problem exact_problem(const std::string& preset, const std::string& pressure) {
  nlohmann::json system{{"preset", preset}};
  if (preset == "ball") system["j"] = 0.4;
  if (preset == "general") {
    system["mass"] = {{2.0, 0.3, 0.0}, {0.3, 1.5, 0.2}, {0.0, 0.2, 0.8}};
    system["load"] = {{"direction", {1.0, 0.0, 0.0}}, {"offset", {0.0, 0.0, 0.1}}};
  }
  return parse_problem(
      {{"system", system}, {"contact", {{"pressure", pressure}}}, {"friction", {{"model", "exact"}}}}, "bench");
}

void exact_disc(benchmark::State& state) { run(state, make_system(exact_problem("disc", "uniform")), 0.3, 4); }
void exact_ball(benchmark::State& state) { run(state, make_system(exact_problem("ball", "hertz")), 0.6, 4); }
void exact_general(benchmark::State& state) { run(state, make_system(exact_problem("general", "uniform")), 0.3, 4); }

/// find-limits (numerical set, classification and proof) on `s` at F, proven in every claim.
void find_limits_proven(benchmark::State& state, const System& s, double F) {
  for (auto _ : state) {
    LimitSet set = find_limit_directions(s, F);
    if (set.certificate.level != Level::proven) state.SkipWithError(set.certificate.reason.c_str());
    benchmark::DoNotOptimize(set);
  }
}

/// find-limits on disc-exact.json at F = 0.3.
void exact_disc_find_limits(benchmark::State& state) {
  find_limits_proven(state, make_system(exact_problem("disc", "uniform")), 0.3);
}

/// find-limits on the uniform plate b/a = 1/2 (share/problems/ellipse.json) at F = 0.4 and the
/// Hertz plate a/b = 0.7 (ellipse-hertz.json) at F = 0.3: the quadrature enclosure of
/// docs/manual.md section 6, proven in every claim (target: within 10x of the 0.3 s checked run).
void plate_find_limits(benchmark::State& state, double a, double b, const char* pressure, const char* rho, double F) {
  const System s = make_system(parse_problem({{"system", {{"preset", "plate"}, {"load_angle", 0.0}}},
                                              {"contact", {{"shape", {{"ellipse", {a, b}}}}, {"pressure", pressure}}},
                                              {"friction", {{"model", "exact"}}},
                                              {"rho", rho}},
                                             "bench"));
  find_limits_proven(state, s, F);
}

/// find-limits on the tabulated truncated cone p = 1 - xi/2 (share/problems/disc-profile.json):
/// at F = 0.4 the cheap first-order rule decides every cell, at F = 0.1 two limit directions lie
/// near the poles and their boxes take the sharp rule (docs/manual.md section 6).
void profile_find_limits(benchmark::State& state, double F) {
  const nlohmann::json profile{{0.0, 1.0}, {0.25, 0.875}, {0.5, 0.75}, {0.75, 0.625}, {1.0, 0.5}};
  const System s = make_system(parse_problem({{"system", {{"preset", "disc"}, {"j", 0.5}}},
                                              {"contact", {{"pressure", {{"profile", profile}}}}},
                                              {"friction", {{"model", "exact"}}},
                                              {"rho", "kappa"}},
                                             "bench"));
  find_limits_proven(state, s, F);
}

void disc_case3(benchmark::State& state) { run(state, make_system(disc_harmonic2()), 0.3, 4); }
void disc_case4(benchmark::State& state) { run(state, make_system(disc_harmonic2()), 0.02, 8); }
void general_isolas(benchmark::State& state) { run(state, general_harmonic2(), 0.5, 8); }

/// enclose_events on the disc with its load turned by 0.3 rad about e3 over [0.025, 0.22]:
/// the two fold points at F_F = 0.049 (138).
void events_fold(benchmark::State& state) {
  const System disc = make_system(disc_harmonic2());
  const System turned(disc.M(), Eigen::Vector3d(std::cos(0.3), std::sin(0.3), 0), Eigen::Vector3d::Zero(),
                      disc.friction_ptr());
  for (auto _ : state) {
    EventBoxes events = enclose_events(turned, 0.025, 0.22);
    if (!events.complete) state.SkipWithError(events.reason.c_str());
    benchmark::DoNotOptimize(events);
  }
}

/// prove_event_unique on the two fold windows of events_fold (the hulls of its fold boxes with
/// w3 > 0 and w3 < 0): each holds exactly one simple fold.
void events_fold_unique(benchmark::State& state) {
  const System disc = make_system(disc_harmonic2());
  const System turned(disc.M(), Eigen::Vector3d(std::cos(0.3), std::sin(0.3), 0), Eigen::Vector3d::Zero(),
                      disc.friction_ptr());
  const EventBoxes events = enclose_events(turned, 0.025, 0.22);
  std::vector<EventBox> windows;  // the hulls, one per sign of w3
  for (double sign : {1.0, -1.0}) {
    std::optional<EventBox> W;
    for (const EventBox& b : events.boxes) {
      if (b.kind != EventBoxKind::fold || sign * mid_of(b.w(2)) < 0) continue;
      if (!W) W = b;
      for (int i = 0; i < 3; ++i) W->w(i) = hull(W->w(i), b.w(i));
      W->F = hull(W->F, b.F);
    }
    if (W) windows.push_back(*W);
  }
  if (windows.size() != 2) state.SkipWithError("want two fold windows");
  for (auto _ : state)
    for (const EventBox& W : windows) {
      EventUniqueness u = prove_event_unique(turned, W.kind, W.w, W.F, 0.025, 0.22);
      if (!u.proven) state.SkipWithError(u.reason.c_str());
      benchmark::DoNotOptimize(u);
    }
}
}  // namespace

// Case 3 (F = 0.3, 4 directions) and Case 4 (F = 0.02 below the fold, 8 directions).
BENCHMARK(disc_case3)->Unit(benchmark::kMicrosecond);
BENCHMARK(disc_case4)->Unit(benchmark::kMicrosecond);
BENCHMARK(general_isolas)->Unit(benchmark::kMillisecond);
BENCHMARK(events_fold)->Unit(benchmark::kMillisecond);
BENCHMARK(events_fold_unique)->Unit(benchmark::kMillisecond);
BENCHMARK(exact_disc)->Unit(benchmark::kMillisecond);
BENCHMARK(exact_ball)->Unit(benchmark::kMillisecond);
BENCHMARK(exact_general)->Unit(benchmark::kMillisecond);
BENCHMARK(exact_disc_find_limits)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(plate_find_limits, uniform_plate_F0_4, 1.0, 0.5, "uniform", "R", 0.4)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(plate_find_limits, hertz_plate_F0_3, 0.7, 1.0, "hertz", "kappa", 0.3)->Unit(benchmark::kSecond)->Iterations(1);

BENCHMARK_CAPTURE(profile_find_limits, cone_F0_4, 0.4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(profile_find_limits, cone_F0_1, 0.1)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();
