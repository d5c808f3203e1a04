// Rigorous enclosures of the exact model on the invariant circle w2 = 0 as functions of
// u = w3^2 (ExactModel::enclose_circle, friction/exact_circle.cpp; uniform (57)-(60) and Hertz
// (61)-(63) pressure [Nonlinear Dyn. 2024]): C, S and their first and second u-derivatives over
// intervals of u contain the model's double C, S (RegionModel::meridian, no Arb, no interval
// code) and their central differences in u, near both ends u = 0 (equator), u = 1 (pole) and on
// both sides of the rim eps = 1; across the rim the second derivatives are the whole line (not
// enclosed there) and the first stay finite. The thin ring at the rim likewise, whose first
// derivatives are unbounded across the rim.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <tuple>

#include "limitdir/friction/exact.hpp"

namespace test_exact_circle {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The double C, S carry a few ulps of their terms (|C|, |S| <= ~3): 1e-13 absolute bounds that.
constexpr double kValue = 1e-13;
// Central difference of step d = 1e-6 in u: truncation C''' d^2/6 <= ~1e-10 (|C'''| <= ~1e2
// away from the rim) plus rounding 1e-13/d = 1e-7.
constexpr double kFirst = 3e-7;
constexpr double kStepFirst = 1e-6;
// Second difference of step d = 1e-4: truncation C'''' d^2/12 <= ~1e-6 plus rounding
// 4e-13/d^2 = 4e-5.
constexpr double kSecond = 1e-4;
constexpr double kStepSecond = 1e-4;
// Points this far from the rim u_r keep the differences on one side of it.
constexpr double kRimGap = 1e-3;

struct CS {
  double C, S;
};

CS at(const ExactModel& m, double u) {
  const MeridianValue v = m.meridian(std::sqrt(1.0 - u), std::sqrt(u));
  return {v.C, v.S};
}

bool inside(double v, const Interval& I, double slack) { return I.lower() - slack <= v && v <= I.upper() + slack; }

/// At 10 random u of [lo, hi]: C, S in E, their central differences in u in E's derivatives where
/// the steps stay `first_gap` resp. `second_gap` away from the rim u_r.
void check_points(const ExactModel& m, const CircleEnclosure& E, double lo, double hi, double u_r, double first_gap,
                  double second_gap, std::mt19937_64& g) {
  std::uniform_real_distribution<double> pick(lo, hi);
  for (int s = 0; s < 10; ++s) {
    const double u = pick(g);
    const CS v = at(m, u);
    CHECK(inside(v.C, E.C, kValue));
    CHECK(inside(v.S, E.S, kValue));
    if (std::abs(u - u_r) < first_gap + kStepFirst) continue;
    const CS p = at(m, u + kStepFirst), q = at(m, u - kStepFirst);
    CHECK(inside((p.C - q.C) / (2 * kStepFirst), E.dC, kFirst));
    CHECK(inside((p.S - q.S) / (2 * kStepFirst), E.dS, kFirst));
    if (std::abs(u - u_r) < second_gap + kStepSecond) continue;
    const CS P = at(m, u + kStepSecond), Q = at(m, u - kStepSecond);
    const double d2 = kStepSecond * kStepSecond;
    CHECK(inside((P.C - 2 * v.C + Q.C) / d2, E.ddC, kSecond));
    CHECK(inside((P.S - 2 * v.S + Q.S) / d2, E.ddS, kSecond));
  }
}

}  // namespace

TEST_CASE("(131) on the circle w2 = 0: the exact model's C and S with their u-derivatives are enclosed over intervals of u") {
  // The thin ring's laws are only continuous at the rim (C' ~ log|u - u_r|): their third and
  // fourth u-derivatives grow like 1/gap^2 and 1/gap^3 with the gap from the rim, so its
  // differences are held to the tolerances above 1e-2 away (first: 1e4 d^2/6 ~ 2e-9) and 5e-2 away
  // (second: 8e3 d^2/12 ~ 7e-6); C' of the others is continuous there (a negative gap: always
  // checked), C'' is not (kRimGap).
  constexpr double kRingFirstGap = 1e-2, kRingSecondGap = 5e-2;
  std::mt19937_64 g(20261126);
  for (const auto& [name, pressure, c] : {std::tuple{"uniform", Pressure::uniform(), 2.0 / 3.0},
                                          std::tuple{"hertz", Pressure::hertz(), 3.0 * M_PI / 16.0},
                                          std::tuple{"hertz", Pressure::hertz(), 2.5},
                                          std::tuple{"ring", Pressure::ring(), 1.0},
                                          std::tuple{"ring", Pressure::ring(), 0.5},
                                          std::tuple{"ring", Pressure::ring(), 2.0}}) {
    const bool ring = pressure.kind() == Pressure::Kind::ring;
    const double first_gap = ring ? kRingFirstGap : -kStepFirst, second_gap = ring ? kRingSecondGap : kRimGap;
    const std::unique_ptr<ExactModel> m = make_exact_model(pressure, c);
    const double u_r = c * c / (1.0 + c * c);  // eps = 1
    for (double u0 : {1e-3, 0.05, 0.2, u_r - 0.01, u_r + 0.01, 0.5, 0.8, 0.97, 0.999}) {
      for (double h : {1e-2, 1e-4, 1e-8}) {
        const double lo = std::max(u0 - h, kStepSecond), hi = std::min(u0 + h, 1.0 - kStepSecond);
        const auto E = m->enclose_circle(Interval(lo, hi));
        CAPTURE(name);
        CAPTURE(c);
        CAPTURE(u0);
        CAPTURE(h);
        REQUIRE(E);
        check_points(*m, *E, lo, hi, u_r, first_gap, second_gap, g);
        // not vacuous: a thin interval is enclosed to about the rounding
        if (h == 1e-8 && std::abs(u0 - u_r) > second_gap) {
          CHECK(width_of(E->C) < 1e-6);
          CHECK(width_of(E->ddS) < 1e-3);
        }
      }
    }
    // the ends: the equator u = 0 and the pole u = 1 are ordinary points
    for (double u : {0.0, 1.0}) {
      const auto E = m->enclose_circle(Interval(u));
      REQUIRE(E);
      const CS v = at(*m, u);
      CHECK(inside(v.C, E->C, kValue));
      CHECK(inside(v.S, E->S, kValue));
      CHECK(std::isfinite(width_of(E->ddC)));
    }
    // across the rim: C finite, C' finite (unbounded for the ring: the centre of rotation on the
    // ring), C'' the whole line
    const auto R = m->enclose_circle(Interval(u_r - 1e-6, u_r + 1e-6));
    REQUIRE(R);
    CHECK(std::isfinite(width_of(R->C)));
    CHECK(std::isfinite(width_of(R->dC)) == !ring);
    CHECK(!std::isfinite(width_of(R->ddC)));
  }
}

}  // namespace test_exact_circle
