// Rectangles thinner than the proof's resolution (docs/manual.md section 13, "Proof"): the cells
// of a curve's parameter at a side are 1e-9 of its range, so in a strip of the load one float
// step wide a curve crossing it never has a cell inside. The map must then either draw the
// curve and prove it, or not claim a proof. Each map is held against the number of limit
// directions of the closed form N = 2 (tests/maps/closed_forms.hpp) and of find-limits at points
// inside it, on both sides of the pitchfork F_P(j) = |a0(j)| ((132) at u = 0).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/maps/map.hpp"
#include "maps/closed_forms.hpp"

namespace test_thin_rectangles {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using namespace limitdir::test;

namespace {

// The map's curve points are corrected to ~1e-11 of the scaled rectangle (maps/curve_walk.cpp),
// and the pitchfork's slope dF/dj is ~1 here: 1e-9 in j.
constexpr double kOnPitchfork = 1e-9;

/// The j at which the disc's pitchfork of the equator reaches the load F: |a0(j)| = F, a0
/// increasing in j (m3 = (4/9)/j), by bisection on [lo, hi].
double pitchfork_j(const CircleN2& c, double F, double lo, double hi) {
  const auto g = [&](double j) { return std::abs(c.a0(j)) - F; };
  for (int i = 0; i < 200 && hi - lo > 0; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    ((g(mid) < 0) == (g(lo) < 0) ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

/// The map's count at (j, F) against the closed form and find-limits there.
void check_point(const Problem& problem, const BifurcationMap& m, const RegionLocator& regions, const CircleN2& c,
                 double j, double F) {
  CAPTURE(j);
  const bool force_is_x = m.x.name == "force";
  const int face = force_is_x ? regions.face_at(F, j) : regions.face_at(j, F);
  REQUIRE(face >= 0);
  const int expected = c.count(j, F);
  LimitOptions options;
  options.prove = true;
  const LimitSet found =
      solve_limit_directions(make_system(problem_with_parameter(problem, "j", j)), F, options);
  CHECK(static_cast<int>(found.directions.size()) == expected);
  CHECK(m.regions[static_cast<std::size_t>(face)].count == expected);
}

}  // namespace

TEST_CASE("Section 13, Proof: a strip of the load thinner than the proof's cells is proven with the pitchfork F_P(j) across it, or not proven") {
  const Problem disc = bundled("disc.json");
  const CircleN2 c = closed_form(disc, false);
  constexpr double F = 0.5;
  const double j_star = pitchfork_j(c, F, 0.3, 1.0);
  REQUIRE(j_star > 0.35);  // inside the rectangle, away from the sample points 0.31 and 0.99
  REQUIRE(j_star < 0.95);
  MapOptions options;
  options.lines = 2;
  for (const double width : {F * std::numeric_limits<double>::epsilon(), 1e-12, 1e-10}) {
    for (const bool force_is_x : {false, true}) {
      CAPTURE(width);
      CAPTURE(force_is_x);
      const MapAxis j{"j", 0.3, 1.0}, load{"force", F, F + width};
      const BifurcationMap m =
          force_is_x ? bifurcation_map(disc, load, j, options) : bifurcation_map(disc, j, load, options);
      CAPTURE(m.certificate.reason);
      // "proven with the right curves, or not proven": all of these strips are proven today
      // (the curve traced from the seeding sweeps covers its cells at the sides)
      CHECK(m.certificate.level == Level::proven);
      if (m.certificate.level != Level::proven) continue;
      // proven: the pitchfork crosses the strip at j*, each region's count is right at its own
      // point, and at points on both sides of j* where the strip has a float inside it
      int pitchforks = 0;
      for (const MapCurve& curve : m.curves) {
        if (curve.kind != CurveKind::pitchfork) continue;
        ++pitchforks;
        for (const MapPoint& q : curve.points) CHECK(std::abs((force_is_x ? q.y : q.x) - j_star) <= kOnPitchfork);
      }
      CHECK(pitchforks == 1);
      for (const MapRegion& r : m.regions) {
        const double rj = force_is_x ? r.y : r.x, rF = force_is_x ? r.x : r.y;
        CHECK(r.count == c.count(rj, rF));
      }
      const double middle = F + 0.5 * width;
      if (middle == F || middle == F + width) continue;  // one float step: no point strictly inside
      const RegionLocator regions(m.x, m.y, m.curves);
      for (const double at : {0.31, 0.35, j_star - 1e-3, j_star + 1e-3, 0.7, 0.99})
        check_point(disc, m, regions, c, at, middle);
    }
  }
}

TEST_CASE("Section 13, Proof: a strip of j or lambda one float step wide ends at once, its curves on the closed forms N = 2 and its regions' counts right") {
  // the exact curves' pieces are sampled at least one float step apart (maps/circle_curves.cpp),
  // and a cell of one float step is at the resolution of its parameter (maps/circle_map.cpp)
  // The closed forms in double against enclosures a few ulps wide: 1e-12 relative (as
  // test_map_proof.cpp), and the fold's load F* = |A(u*)| sqrt(1 - u*) likewise.
  constexpr double kClosedForm = 1e-12;
  struct Strip {
    const char* problem;
    const char* parameter;
    double p, F1;
    bool ball;
  };
  for (const Strip& s : {Strip{"disc.json", "j", 0.5, 1.5, false}, Strip{"disc.json", "j", 1.0, 1.5, false},
                         Strip{"ball.json", "lambda", 0.5, 4, true}, Strip{"ball.json", "lambda", 0.3, 4, true}}) {
    for (const bool force_is_x : {false, true}) {
      CAPTURE(s.problem);
      CAPTURE(s.p);
      CAPTURE(force_is_x);
      const Problem problem = bundled(s.problem);
      const CircleN2 c = closed_form(problem, s.ball);
      const MapAxis p{s.parameter, s.p, std::nextafter(s.p, 2 * s.p)}, load{"force", 0, s.F1};
      MapOptions options;
      options.lines = 2;
      const BifurcationMap m = force_is_x ? bifurcation_map(problem, load, p, options) : bifurcation_map(problem, p, load, options);
      CAPTURE(m.certificate.reason);
      CHECK(m.certificate.level == Level::proven);  // as the strips of the load above
      if (m.certificate.level != Level::proven) continue;
      for (const MapCurve& curve : m.curves)
        for (const MapPoint& q : curve.points) {
          const double at = force_is_x ? q.y : q.x, F = force_is_x ? q.x : q.y;
          const double expected = curve.kind == CurveKind::pitchfork  ? std::abs(c.a0(at))
                                  : curve.kind == CurveKind::tangency ? c.m1 * (c.alpha0 - c.alpha1)
                                                                      : c.fold_F(at);
          CHECK(std::abs(F - expected) <= kClosedForm * (1 + expected));
        }
      for (const MapRegion& r : m.regions) {
        const double at = force_is_x ? r.y : r.x, F = force_is_x ? r.x : r.y;
        CAPTURE(F);
        CHECK(r.count == c.count(at, F));
        const LimitSet found = solve_limit_directions(make_system(problem_with_parameter(problem, s.parameter, at)), F);
        CHECK(static_cast<int>(found.directions.size()) == r.count);
      }
    }
  }
}

}  // namespace test_thin_rectangles
