// Rigorous enclosures of the exact model on the invariant circle w2 = 0 as functions of
// u = w3^2 (ExactModel::enclose_circle, friction/exact_circle.cpp; uniform (57)-(60) and Hertz
// (61)-(63) pressure [Nonlinear Dyn. 2024]): C, S and their first and second u-derivatives over
// intervals of u contain the model's double C, S (RegionModel::meridian, no Arb, no interval
// code) and their central differences in u, near both ends u = 0 (equator), u = 1 (pole) and on
// both sides of the rim eps = 1; across the rim the second derivatives are the whole line (not
// enclosed there) and the first stay finite.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <tuple>

#include "limitdir/friction/exact.hpp"

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

}  // namespace

TEST_CASE("(131) on the circle w2 = 0: the exact model's C and S with their u-derivatives are enclosed over intervals of u") {
  std::mt19937_64 g(20261126);
  for (const auto& [name, pressure, c] : {std::tuple{"uniform", Pressure::uniform(), 2.0 / 3.0},
                                          std::tuple{"hertz", Pressure::hertz(), 3.0 * M_PI / 16.0},
                                          std::tuple{"hertz", Pressure::hertz(), 2.5}}) {
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
        std::uniform_real_distribution<double> pick(lo, hi);
        for (int s = 0; s < 10; ++s) {
          const double u = pick(g);
          const CS v = at(*m, u);
          CHECK(inside(v.C, E->C, kValue));
          CHECK(inside(v.S, E->S, kValue));
          const CS p = at(*m, u + kStepFirst), q = at(*m, u - kStepFirst);
          CHECK(inside((p.C - q.C) / (2 * kStepFirst), E->dC, kFirst));
          CHECK(inside((p.S - q.S) / (2 * kStepFirst), E->dS, kFirst));
          if (std::abs(u - u_r) < kRimGap + kStepSecond) continue;
          const CS P = at(*m, u + kStepSecond), Q = at(*m, u - kStepSecond);
          const double d2 = kStepSecond * kStepSecond;
          CHECK(inside((P.C - 2 * v.C + Q.C) / d2, E->ddC, kSecond));
          CHECK(inside((P.S - 2 * v.S + Q.S) / d2, E->ddS, kSecond));
        }
        // not vacuous: a thin interval is enclosed to about the rounding
        if (h == 1e-8 && std::abs(u0 - u_r) > kRimGap) {
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
    // across the rim: C' finite, C'' the whole line
    const auto R = m->enclose_circle(Interval(u_r - 1e-6, u_r + 1e-6));
    REQUIRE(R);
    CHECK(std::isfinite(width_of(R->dC)));
    CHECK(!std::isfinite(width_of(R->ddC)));
  }
}
