// Chords at the accuracy asked for (MapOptions::max_chord, bifurcation-map --max-chord;
// docs/manual.md section 13, "Chords"): the ball's (lambda, F) map with the harmonic model N = 2,
// whose curves are known in closed form (tests/maps/closed_forms.hpp, (132) [Nonlinear Dyn. 2024]):
//   fold       over u = w3^2: a1 (3u - 2) + a0 = 0, i.e. m3(u) = m1 (2 alpha1 (3u - 2) + alpha0 - alpha1) /
//              (k (2 beta1 (3u - 2) + beta0 - beta1)), lambda = sqrt(45 pi^2/(512 m3)) (139), F = |A(u)| sqrt(1 - u);
//   pitchfork  F = |a0(lambda)|;   tangency  F = m1 C(0) = m1 (alpha0 - alpha1).
// The middle of every chord of the refined map is measured against these: its distance from the
// nearest point of the closed form between the chord's ends, found by golden-section search.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "maps/closed_forms.hpp"

namespace test_max_chord {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using namespace limitdir::test;

namespace {

constexpr double kPi = 3.14159265358979323846;
// The tolerance asked for.
constexpr double kMaxChord = 1e-8;
// The vertices are on the closed forms to ~1e-14 of the rectangle (docs/manual.md section 13,
// "Proof": 2e-15 measured), so a middle within kMaxChord of the curve's point in the middle of
// the chord is within kMaxChord + 1e-13 of the closed form.
constexpr double kMiddleOnCurve = kMaxChord + 1e-13;

struct Rectangle {
  double l0, l1, F0, F1;
  double X(double lambda) const { return (lambda - l0) / (l1 - l0); }
  double Y(double F) const { return (F - F0) / (F1 - F0); }
};

/// The fold's (lambda, F) at u, in closed form (see above).
void fold_at(const CircleN2& c, double u, double& lambda, double& F) {
  const double m3 = c.m1 * (2 * c.alpha1 * (3 * u - 2) + c.alpha0 - c.alpha1) /
                    (c.kappa_over_rho * (2 * c.beta1 * (3 * u - 2) + c.beta0 - c.beta1));
  lambda = std::sqrt(45 * kPi * kPi / (512 * m3));
  F = std::abs(c.a0(lambda) + c.a1(lambda) * u) * std::sqrt(1 - u);
}

/// The least scaled distance from (X, Y) to curve(s), s in [s0, s1], by golden-section search
/// (the squared distance is unimodal over the short arc between a chord's ends).
double distance_to(const Rectangle& r, double lambda, double F, double s0, double s1,
                   const std::function<void(double, double&, double&)>& curve) {
  const auto d2 = [&](double s) {
    double l = 0, f = 0;
    curve(s, l, f);
    return std::pow(r.X(l) - r.X(lambda), 2) + std::pow(r.Y(f) - r.Y(F), 2);
  };
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = std::min(s0, s1), b = std::max(s0, s1);
  for (int i = 0; i < 200 && b - a > 0; ++i) {
    const double p = b - g * (b - a), q = a + g * (b - a);
    (d2(p) <= d2(q) ? b : a) = d2(p) <= d2(q) ? q : p;
  }
  return std::sqrt(std::min({d2(a), d2(b), d2(0.5 * (a + b))}));
}

/// The largest distance of a chord's middle from the closed form, over every chord of the map.
double worst_middle(const CircleN2& c, const Rectangle& r, const BifurcationMap& m) {
  double worst = 0;
  for (const MapCurve& curve : m.curves)
    for (std::size_t i = 0; i + 1 < curve.points.size(); ++i) {
      const MapPoint &a = curve.points[i], &b = curve.points[i + 1];
      const double lambda = 0.5 * (a.x + b.x), F = 0.5 * (a.y + b.y);
      double d = 0;
      if (curve.kind == CurveKind::fold)
        d = distance_to(r, lambda, F, a.w.z() * a.w.z(), b.w.z() * b.w.z(),
                        [&](double u, double& l, double& f) { fold_at(c, u, l, f); });
      else if (curve.kind == CurveKind::pitchfork)
        d = distance_to(r, lambda, F, a.x, b.x, [&](double l, double& ll, double& f) { ll = l, f = std::abs(c.a0(l)); });
      else  // the tangency of the equator, F = m1 C(0)
        d = std::abs(r.Y(F) - r.Y(c.m1 * (c.alpha0 - c.alpha1)));
      worst = std::max(worst, d);
    }
  return worst;
}

}  // namespace

TEST_CASE("(132), N = 2: the ball's (lambda, F) map at max_chord 1e-8 has every chord's middle on the closed form to 1e-8, and stays proven") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  const Rectangle r{0.1, 1, 0, 25};
  const BifurcationMap plain = bifurcation_map(problem, {"lambda", r.l0, r.l1}, {"force", r.F0, r.F1});
  MapOptions options;
  options.max_chord = kMaxChord;
  const BifurcationMap fine = bifurcation_map(problem, {"lambda", r.l0, r.l1}, {"force", r.F0, r.F1}, options);
  CHECK(fine.max_chord == kMaxChord);
  CHECK(fine.certificate.level == Level::proven);  // every refined vertex through the same proof
  // without refinement the middles are far off (chords up to 0.02 long); refined, within 1e-8
  const double before = worst_middle(c, r, plain), after = worst_middle(c, r, fine);
  CAPTURE(before);
  CAPTURE(after);
  CHECK(before > 100 * kMaxChord);
  CHECK(after <= kMiddleOnCurve);
  // the same curves and points, the same regions, each counted independently
  REQUIRE(fine.curves.size() == plain.curves.size());
  std::size_t vertices = 0, refined = 0;
  for (std::size_t k = 0; k < fine.curves.size(); ++k) {
    CHECK(fine.curves[k].kind == plain.curves[k].kind);
    vertices += plain.curves[k].points.size();
    refined += fine.curves[k].points.size();
  }
  CHECK(refined > vertices);
  CHECK(fine.points.size() == plain.points.size());
  REQUIRE(fine.regions.size() == plain.regions.size());
  for (const MapRegion& region : fine.regions) CHECK(region.count == c.count(region.x, region.y));
}

TEST_CASE("MapOptions::max_chord: a negative or non-finite tolerance is bad input") {
  const Problem problem = bundled("ball.json");
  for (double tol : {-1e-8, std::nan(""), double(INFINITY)}) {
    MapOptions options;
    options.max_chord = tol;
    CHECK_THROWS_AS(bifurcation_map(problem, {"lambda", 0.1, 1}, {"force", 0, 25}, options), InputError);
  }
}

namespace {

/// The roots of g on [a, b]: sign changes on 2000 cells, each bisected to the resolution of double.
std::vector<double> roots_of(const std::function<double(double)>& g, double a, double b) {
  std::vector<double> out;
  constexpr int n = 2000;
  for (int i = 0; i < n; ++i) {
    double lo = a + (b - a) * i / n, hi = a + (b - a) * (i + 1) / n;
    if ((g(lo) > 0) == (g(hi) > 0)) continue;
    for (int k = 0; k < 200 && lo < 0.5 * (lo + hi) && 0.5 * (lo + hi) < hi; ++k)
      ((g(0.5 * (lo + hi)) > 0) == (g(lo) > 0) ? lo : hi) = 0.5 * (lo + hi);
    out.push_back(0.5 * (lo + hi));
  }
  return out;
}

}  // namespace

TEST_CASE("(132), N = 2: the crossings of the ball's curves on different directions are those of the closed forms") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  const BifurcationMap m = bifurcation_map(problem, {"lambda", 0.1, 1}, {"force", 0, 25});
  // the tangency of (1, 0, 0) is F = T = m1 C(0); the pitchforks F = |a0| on (sign a0, 0, 0); the
  // fold over lambda from its degenerate pitchfork (a0 = 2 a1) to its fold-pole (a0 = -a1)
  const double T = c.m1 * (c.alpha0 - c.alpha1);
  const auto lambda_of_m3 = [](double m3) { return std::sqrt(45 * kPi * kPi / (512 * m3)); };
  const double dp = lambda_of_m3(c.m1 * (c.alpha0 - 5 * c.alpha1) / (c.kappa_over_rho * (c.beta0 - 5 * c.beta1)));
  const double pole = lambda_of_m3(c.m1 * (c.alpha0 + c.alpha1) / (c.kappa_over_rho * (c.beta0 + c.beta1)));
  struct Expected {
    CurveKind a, b;
    double lambda, F;
  };
  std::vector<Expected> expected;
  // the pitchfork on (-1, 0, 0) (a0 = -T) crosses the tangency of (1, 0, 0); a0 = +T would be a
  // pitchfork-tangency of one direction, which needs S(0) = 0
  for (double l : roots_of([&](double l) { return c.a0(l) + T; }, 0.1, 1)) expected.push_back({CurveKind::pitchfork, CurveKind::tangency, l, T});
  const double lo = std::min(dp, pole), hi = std::max(dp, pole);
  for (double l : roots_of([&](double l) { return c.fold_F(l) - T; }, lo, hi)) expected.push_back({CurveKind::fold, CurveKind::tangency, l, T});
  // away from the degenerate pitchfork, where the fold touches the pitchfork (a double root)
  for (double l : roots_of([&](double l) { return c.fold_F(l) - std::abs(c.a0(l)); }, lo, hi))
    if (std::abs(l - dp) > 1e-3) expected.push_back({CurveKind::fold, CurveKind::pitchfork, l, std::abs(c.a0(l))});
  REQUIRE(!expected.empty());
  CHECK(m.crossings.size() == expected.size());
  // located by Newton to ~1e-12 of the rectangle; the roots above by bisection to the rounding
  constexpr double kCrossing = 1e-9;
  for (const Expected& e : expected) {
    CAPTURE(e.lambda);
    CAPTURE(e.F);
    const bool found = std::any_of(m.crossings.begin(), m.crossings.end(), [&](const MapCrossing& x) {
      const CurveKind ka = m.curves[x.curves[0]].kind, kb = m.curves[x.curves[1]].kind;
      const bool kinds = (ka == e.a && kb == e.b) || (ka == e.b && kb == e.a);
      return kinds && x.located && std::abs(x.x - e.lambda) <= kCrossing && std::abs(x.y - e.F) <= kCrossing * 25;
    });
    CHECK(found);
  }
}

}  // namespace test_max_chord
