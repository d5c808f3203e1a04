// The physics of a pile's result, Sect. 6.2 [Acary & Bourrier 2021] (granular/pile_run.hpp):
// piles of 80 spheres of the paper's set-up (share/problems/pile.json) with three mu_r. No heap
// on a rigid floor as mu_r -> 0 (H/d -> 1), a heap growing with mu_r, the volume of a cone of
// packed spheres, the penetration bound of the activation rule, and the energy balance.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <map>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/pile_run.hpp"
#include "pile_files.hpp"

namespace test_pile_physics {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

constexpr int kSpheres = 80;

/// The paper's pile with 80 spheres, run until 1.2 s after the last birth (the last sphere
/// lands within 0.2 s of its birth and the pile comes to rest), at rolling resistance mu_r (m).
const limitdir::PileOutcome& pile(double mu_r) {
  static std::map<double, limitdir::PileOutcome> cache;
  auto it = cache.find(mu_r);
  if (it != cache.end()) return it->second;
  const limitdir::PileProblem p = pile_test::resting_pile(kSpheres, mu_r);
  limitdir::PileRunOptions o;
  o.every = 100;
  return cache.emplace(mu_r, limitdir::run_pile(p, limitdir::pluviate(p), o)).first->second;
}

constexpr double d = 0.02;

}  // namespace

TEST_CASE("Sect. 6.2 piles: no heap on a rigid floor as mu_r -> 0, a heap growing with mu_r (Fig. 5)") {
  // mu_r = 1e-5 m (mu_r/R = 1e-3): the spheres roll apart into one layer, H = d up to the
  // penetration; many roll off the 60 d plane.
  const auto flat = limitdir::pile_measures(pile(1e-5), d);
  CHECK(flat.H / d <= 1.0 + 1e-3);
  CHECK(flat.H / d >= 1.0 - 0.05);
  CHECK(pile(1e-5).lost.size() > 10);
  // mu_r = 1e-3 and 2e-3 m (mu_r/R = 0.1, 0.2): heaps, the higher one with the larger mu_r.
  const auto low = limitdir::pile_measures(pile(1e-3), d);
  const auto high = limitdir::pile_measures(pile(2e-3), d);
  CHECK(low.H / d > 1.5);
  CHECK(high.H / d > low.H / d);
  CHECK(pile(1e-3).lost.empty());
  CHECK(pile(2e-3).lost.empty());
  CHECK(std::isfinite(high.angle_of_repose_deg));
  CHECK(high.angle_of_repose_deg > 5.0);
  CHECK(high.angle_of_repose_deg < 60.0);
}

TEST_CASE("Sect. 6.2 piles: the volume of a cone of N spheres at packing phi, (R_b/d)^2 (H/d) ~ N/(2 phi)") {
  // A cone of base radius R_b and height H holds phi pi R_b^2 H/3 of N pi d^3/6 of spheres:
  // (R_b/d)^2 (H/d) = N/(2 phi). The report's base radius is the mean distance of the base's
  // spheres to their centroid, 2 R_b/3 for a uniformly covered disc: R_b = 3/2 of it. Random
  // packings have phi in [0.55, 0.64]; the pile is a rounded cone on a base of d/2 of half-filled
  // layer, so its volume is within a factor 1.5 of the cone's.
  constexpr double kConeShape = 1.5;
  for (double mu_r : {1e-3, 2e-3}) {
    CAPTURE(mu_r);
    const auto m = limitdir::pile_measures(pile(mu_r), d);
    const double Rb = 1.5 * m.base_radius / d;
    const double volume = Rb * Rb * m.H / d;
    CHECK(volume >= kSpheres / (2 * 0.64) / kConeShape);
    CHECK(volume <= kSpheres / (2 * 0.55) * kConeShape);
  }
}

TEST_CASE("Sect. 6.2 piles: penetration within the activation rule's bound, nothing below the plane") {
  // With activation on the predicted gap (granular/moreau_jean.hpp) an overlap comes only from
  // the impulses of the same step (a contact still open when the step starts): at most h times
  // the largest relative normal speed, 2 v_fall, v_fall = sqrt(2 g z_drop) the speed of a
  // sphere falling from the drop height (no energy enters otherwise).
  const limitdir::PileProblem p = pile_test::bundled_problem("pile.json");
  const double bound = 2.0 * p.stepping.h * std::sqrt(2.0 * p.gravity * p.drop.height);
  for (double mu_r : {1e-5, 1e-3, 2e-3}) {
    CAPTURE(mu_r);
    const auto& o = pile(mu_r);
    CHECK(o.max_penetration <= bound);
    for (std::size_t k = 0; k < o.spheres.size(); ++k)
      if (o.on_plane[k]) CHECK(o.spheres.x[k].z() - o.spheres.radius[k] >= -bound);
    CHECK(o.unconverged_count == 0);
  }
}

TEST_CASE("Sect. 6.2 piles: the energy balance closes and sliding and rolling dissipate (43) up to the residual's slack") {
  // born - lost + works = kinetic + potential is an identity of the scheme
  // (granular/moreau_jean.hpp): only rounding, ~1e3 eps of the energy brought in, remains. At a
  // solution of the contact law the rates (43) are >= 0; off one (Siconos' relative error of
  // 1e-4 lets much through, docs/manual.md section 15, "What the tolerance allows") they go below
  // 0 only by the slack that the projection's variational inequality bounds by the natural map's
  // residual, step by step (GranularStepStats::slack_sliding): their sums by the summed slack.
  for (double mu_r : {1e-5, 1e-3, 2e-3}) {
    CAPTURE(mu_r);
    const auto& o = pile(mu_r);
    const auto& last = o.history.back();
    CHECK(o.max_balance <= 1e3 * DBL_EPSILON * last.born);
    MESSAGE("dissipated " << last.dissipated_sliding << " J sliding (slack " << o.slack_sliding << " J), "
                          << last.dissipated_rolling << " J rolling (slack " << o.slack_rolling << " J)");
    CHECK(last.dissipated_sliding >= -o.slack_sliding);
    CHECK(last.dissipated_rolling >= -o.slack_rolling);
    // At rest at the end: the kinetic energy is a vanishing part of what came in.
    if (o.lost.empty()) CHECK(last.kinetic <= 1e-3 * last.born);
  }
}

TEST_CASE("Sect. 6.2 piles at mu_r = 100 radii: a runaway step stops the run (docs/manual.md section 15)") {
  // mu = 0.5, mu_r = 1 m, seed 2 (Fig. 5's last mu_r): with 21 spheres down, one step's
  // reactions meet Siconos' relative error 1e-4 while setting spheres spinning with far more
  // energy than the births brought in - the error divides by the velocities they make. No
  // solution of the law puts energy in, so the mechanical energy of a run up to then stays below
  // what its births brought in (an identity of the dissipative law, checked on the run that
  // stops before), and the run that goes on stops with a NumericalError at that step.
  limitdir::PileProblem p = pile_test::bundled_problem("pile.json");
  p.law.mu = 0.5;
  p.law.mu_r = 1.0;
  p.seed = 2;
  limitdir::PileRunOptions o;
  o.every = 0;
  constexpr double kBefore = 1.2;  // s: before the runaway
  p.stepping.t_end = kBefore;
  const limitdir::PileOutcome before = limitdir::run_pile(p, limitdir::pluviate(p), o);
  const auto& last = before.history.back();
  CHECK(last.kinetic + last.potential <= last.born);
  CHECK(before.injected <= limitdir::max_injected_over_born * last.born);
  p.stepping.t_end = 3.0;
  std::string message;
  try {
    limitdir::run_pile(p, limitdir::pluviate(p), o);
  } catch (const limitdir::NumericalError& e) {
    message = e.what();
  }
  REQUIRE_MESSAGE(message.find("runaway") != std::string::npos, message);
  const long long step = std::stoll(message.substr(message.find("step ") + 5));
  CHECK(step > std::llround(kBefore / p.stepping.h));
  CHECK(step <= std::llround(p.stepping.t_end / p.stepping.h));
}

}  // namespace test_pile_physics
