// Sect. 4 [Acary & Bourrier 2021]: De Saxce's bipotential of the rolling friction law (55),
// Prop. 4.2 - its two convexities, the inequality (56), the solutions of (33) extremal (50), and an
// extremal couple a solution of (33) - against the disjunctive form of the law (rolling_reference,
// not the cone) and the natural-map residual (61).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "limitdir/rolling/bipotential.hpp"
#include "rolling_reference.hpp"

namespace test_rolling_bipotential {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::RollingCone;
using limitdir::Vector5;
using rolling_reference::Mode;

namespace {

// Unit-scale entries: a sum of a few products of numbers <= ~2 rounds to within ~8 ulps of 4.
constexpr double kUnitScaleEps = 64 * std::numeric_limits<double>::epsilon();
// A couple is "not a solution" when its natural-map residual is 1e6 times the rounding level.
constexpr double kClearlyNotSolution = 1e6 * kUnitScaleEps;

// A random velocity with u_N >= 0 (the domain of (55)), unit-scale entries.
Vector5 random_velocity(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Vector5 y;
  for (int i = 0; i < 5; ++i) y[i] = u(rng);
  y[0] = std::abs(y[0]);
  return y;
}

// A random reaction in K_r (20): inside, or on the sliding or rolling facet, or on their edge.
Vector5 random_reaction(const RollingCone& c, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0), ang(0.0, 2.0 * M_PI);
  std::uniform_int_distribution<int> face(0, 3);
  const int f = face(rng);
  const double rN = u(rng);
  const double sT = (f & 1) ? 1.0 : u(rng), sR = (f & 2) ? 1.0 : u(rng);
  const double aT = ang(rng), aR = ang(rng);
  Vector5 p;
  p << rN, sT * c.mu * rN * std::cos(aT), sT * c.mu * rN * std::sin(aT), sR * c.mu_r * rN * std::cos(aR),
      sR * c.mu_r * rN * std::sin(aR);
  return p;
}

// The relative pull of a reaction's tangential and rolling parts inside K_r: 1e4 ulps, far above the
// rounding of |r_T| = mu r_N (a few ulps), so the pulled point is in the exact cone.
constexpr double kPullInside = 1e-12;
// The random reaction pulled strictly inside K_r, so that rounding keeps it in the exact cone.
Vector5 inside(Vector5 p) {
  p.tail<4>() *= 1.0 - kPullInside;
  return p;
}

// What the pull inside adds to the gap of a solution: the sliding and rolling terms of (56) grow by
// kPullInside (mu r_N |u_T| + mu_r r_N |w_R|), the dissipation (43) times kPullInside.
double pull_allowance(const Vector5& y, const Vector5& p, const RollingCone& c) {
  return kPullInside * p[0] * (c.mu * y.segment<2>(1).norm() + c.mu_r * y.segment<2>(3).norm()) + kUnitScaleEps;
}

}  // namespace

TEST_CASE("Prop. 4.2 (56): b(-y, p) >= -y^T p for every couple, +infinity off the domain") {
  std::mt19937_64 rng(42);
  const RollingCone c{0.4, 0.15};
  int attained = 0;
  for (int k = 0; k < 20000; ++k) {
    const Vector5 y = random_velocity(rng), p = inside(random_reaction(c, rng));
    const double b = limitdir::rolling_bipotential(y, p, c);
    REQUIRE(std::isfinite(b));
    // (56) from b itself, and the gap of its three terms equal to b + y^T p up to rounding
    CHECK(b >= -y.dot(p) - kUnitScaleEps);
    const double gap = limitdir::bipotential_gap(y, p, c);
    CHECK(gap >= -kUnitScaleEps);
    CHECK(std::abs(gap - (b + y.dot(p))) <= kUnitScaleEps);
    if (gap < 1e-3) ++attained;
  }
  CHECK(attained < 200);  // random couples are rarely near the law: (56) is not an identity
  // the indicators: u_N < 0, r_N < 0, |r_T| > mu r_N, |m_R| > mu_r r_N
  Vector5 y = Vector5::Zero(), p;
  p << 1.0, 0.0, 0.0, 0.0, 0.0;
  y[0] = -1e-300;
  CHECK(limitdir::rolling_bipotential(y, p, c) == std::numeric_limits<double>::infinity());
  y[0] = 0.0;
  CHECK(limitdir::rolling_bipotential(y, p, c) == 0.0);
  for (int i : {0, 1, 3}) {
    Vector5 q = p;
    q[i] = i == 0 ? -1.0 : (i == 1 ? c.mu : c.mu_r) * 1.000001;
    CHECK(limitdir::bipotential_gap(y, q, c) == std::numeric_limits<double>::infinity());
  }
}

TEST_CASE("Prop. 4.2: b(-y, p) is convex in -y and in p (midpoints of random couples)") {
  std::mt19937_64 rng(7);
  const RollingCone c{0.6, 0.05};
  for (int k = 0; k < 5000; ++k) {
    const Vector5 y1 = random_velocity(rng), y2 = random_velocity(rng);
    const Vector5 p1 = inside(random_reaction(c, rng)), p2 = inside(random_reaction(c, rng));
    // -y -> b(-y, p1) at the midpoint of y1, y2 (the domain u_N >= 0 is convex)
    const double by = limitdir::rolling_bipotential(0.5 * (y1 + y2), p1, c);
    CHECK(by <= 0.5 * (limitdir::rolling_bipotential(y1, p1, c) + limitdir::rolling_bipotential(y2, p1, c)) +
                    kUnitScaleEps);
    // p -> b(-y1, p) is linear in r_N on the convex K_r: equality at the midpoint
    const double bp = limitdir::rolling_bipotential(y1, 0.5 * (p1 + p2), c);
    CHECK(std::abs(bp - 0.5 * (limitdir::rolling_bipotential(y1, p1, c) + limitdir::rolling_bipotential(y1, p2, c))) <=
          kUnitScaleEps);
  }
}

TEST_CASE("Prop. 4.2 (50), (43): the solutions of (33) are extremal couples") {
  std::mt19937_64 rng(3);
  for (const RollingCone c : {RollingCone{0.4, 0.15}, RollingCone{1.0, 1e-3}, RollingCone{0.0, 0.3}}) {
    for (Mode mode : {Mode::take_off, Mode::stick, Mode::slide, Mode::stick_rolling, Mode::slide_and_roll}) {
      for (int k = 0; k < 200; ++k) {
        Vector5 p, y;
        rolling_reference::solution_pair(mode, c, rng, p, y);
        CAPTURE(static_cast<int>(mode));
        // the disjunctive form's pairs lie on the domain: p exactly on K_r or inside within rounding
        if (!limitdir::in_rolling_cone(p, c)) p = inside(p);
        REQUIRE(limitdir::in_rolling_cone(p, c));
        CHECK(std::abs(limitdir::bipotential_gap(y, p, c)) <= pull_allowance(y, p, c));
        // (43): b = -y^T p is the dissipated power (mu |u_T| + mu_r |w_R|) r_N
        CHECK(std::abs(limitdir::rolling_bipotential(y, p, c) + y.dot(p)) <= pull_allowance(y, p, c));
      }
    }
  }
}

TEST_CASE("Prop. 4.2, (46): an extremal couple solves (33) - the gap's minimisers over p are the law's reactions") {
  // For a velocity y with u_N = 0 and a normal reaction r_N, min over (r_T, m_R) in the disks of the
  // gap (53) is the maximum dissipation (46): r_T = -mu r_N u_T/|u_T|, m_R = -mu_r r_N w_R/|w_R|, with
  // gap 0; that couple solves (33) (natural map (61) zero), and every other reaction of K_r with
  // the same r_N has a gap > 0 and does not solve (33).
  std::mt19937_64 rng(11);
  const RollingCone c{0.5, 0.2};
  for (int k = 0; k < 2000; ++k) {
    Vector5 y = random_velocity(rng);
    y[0] = 0.0;
    const Vector5 other = inside(random_reaction(c, rng));
    const double rN = other[0];
    Vector5 p;
    p << rN, -c.mu * rN * y.segment<2>(1).normalized(), -c.mu_r * rN * y.segment<2>(3).normalized();
    p = inside(p);
    CHECK(std::abs(limitdir::bipotential_gap(y, p, c)) <= pull_allowance(y, p, c));
    // the natural map (61) moves the pulled reaction back onto its facets: at most kPullInside |p|
    CHECK(limitdir::complementarity_error(p, y, c, 1.0) <= kPullInside * p.norm() + kUnitScaleEps);
    const double other_gap = limitdir::bipotential_gap(y, other, c);
    if (limitdir::complementarity_error(other, y, c, 1.0) > kClearlyNotSolution) CHECK(other_gap > 0.0);
    CHECK(other_gap >= -kUnitScaleEps);
  }
  // u_N > 0: extremal only with r_N = 0 (take-off), which solves (33); any r_N > 0 leaves a gap u_N r_N
  Vector5 y;
  y << 0.3, 0.2, -0.1, 0.05, 0.4;
  CHECK(limitdir::bipotential_gap(y, Vector5::Zero(), c) == 0.0);
  CHECK(limitdir::complementarity_error(Vector5::Zero(), y, c, 1.0) == 0.0);
  Vector5 p;
  p << 0.5, -c.mu * 0.5 * y.segment<2>(1).normalized(), -c.mu_r * 0.5 * y.segment<2>(3).normalized();
  // the pull inside adds kPullInside of the sliding and rolling dissipation to the gap u_N r_N
  const double pulled = kPullInside * 0.5 * (c.mu * y.segment<2>(1).norm() + c.mu_r * y.segment<2>(3).norm());
  CHECK(std::abs(limitdir::bipotential_gap(y, inside(p), c) - 0.3 * 0.5) <= pulled + kUnitScaleEps);
}

}  // namespace test_rolling_bipotential
