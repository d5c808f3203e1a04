// The proof of a two-parameter map on the invariant circle (maps/circle_map.hpp,
// maps/map_proof.hpp; docs/manual.md section 13, "Proof"): the exact curves against the closed
// forms of the harmonic model N = 2 (tests/maps/closed_forms.hpp), the families that do not
// qualify, and the comparison refusing a map with a curve, a vertex, a point or a region wrong.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/maps/map.hpp"
#include "maps/closed_forms.hpp"
#include "maps/map_proof.hpp"

namespace test_map_proof {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using namespace limitdir::test;

namespace {

// The enclosures of the exact curves at a point are a few ulps wide; the closed forms of
// closed_forms.hpp are evaluated in double with a few roundings: 1e-12 relative.
constexpr double kClosedForm = 1e-12;

bool within(const Interval& I, double v, double tol) {
  return v >= I.lower() - tol * (1 + std::abs(v)) && v <= I.upper() + tol * (1 + std::abs(v));
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The invariant circle of the ball with the harmonic model of any degree, from the model's
/// Chebyshev series in y = 2u - 1 (u = w3^2; (84)-(85), the model's definition) and (132): off the
/// equator rows 1 and 3 of (125) give c1 = w1 A(u) with A = m1 C - m3 (kappa/rho) S and c1 = F for
/// the ball (c = M^-1 Q_e, docs/manual.md section 2), so h(u) = A(u)^2 (1 - u) = F^2, independent
/// of the map's code (closed_forms.hpp for N = 2).
struct CircleN {
  double m1, kappa_over_rho;
  std::vector<double> alpha, beta;
  static double m3(double lambda) {
    const double pi = 3.14159265358979323846;
    return 45 * pi * pi / (512 * lambda * lambda);  // (139)
  }
  /// sum c_j T_j(2u - 1) and its u-derivative 2 sum c_j T_j'(y) (T' by its own recurrence)
  static std::pair<double, double> series(const std::vector<double>& c, double u) {
    const double y = 2 * u - 1;
    double T0 = 1, T1 = y, dT0 = 0, dT1 = 1, value = c[0], slope = 0;
    for (std::size_t j = 1; j < c.size(); ++j) {
      value += c[j] * T1;
      slope += c[j] * dT1;
      const double T2 = 2 * y * T1 - T0, dT2 = 2 * T1 + 2 * y * dT1 - dT0;
      T0 = T1, T1 = T2, dT0 = dT1, dT1 = dT2;
    }
    return {value, 2 * slope};
  }
  std::pair<double, double> A(double lambda, double u) const {
    const auto [C, dC] = series(alpha, u);
    const auto [S, dS] = series(beta, u);
    const double k = m3(lambda) * kappa_over_rho;
    return {m1 * C - k * S, m1 * dC - k * dS};
  }
  /// Limit directions at (lambda, F > 0): the equator's two and two per root u in (0, 1) of
  /// h(u) = F^2, counted by sign changes on a fine grid (the roots simple off the curves).
  int count(double lambda, double F) const {
    constexpr int n = 200000;
    const auto g = [&](double u) { return std::pow(A(lambda, u).first, 2) * (1 - u) - F * F; };
    int roots = 0;
    for (int i = 0; i < n; ++i) roots += (g(double(i) / n) > 0) != (g(double(i + 1) / n) > 0);
    return 2 + 2 * roots;
  }
  /// The degenerate pitchforks in (lambda_lo, lambda_hi) x (0, F_hi): the fold meets the pitchfork
  /// F = |A(0)| at u = 0 where h'(0) = A(0) (2 A'(0) - A(0)) = 0 with A(0) != 0; the lambda of
  /// each sign change of 2 A'(0) - A(0) on a fine grid.
  std::vector<double> degenerate_pitchforks(double lambda_lo, double lambda_hi, double F_hi) const {
    constexpr int n = 100000;
    const auto g = [&](double lambda) {
      const auto [A0, dA0] = A(lambda, 0.0);
      return 2 * dA0 - A0;
    };
    std::vector<double> found;
    for (int i = 0; i < n; ++i) {
      const double a = lambda_lo + (lambda_hi - lambda_lo) * i / n, b = lambda_lo + (lambda_hi - lambda_lo) * (i + 1) / n;
      if ((g(a) > 0) != (g(b) > 0) && std::abs(A(0.5 * (a + b), 0.0).first) < F_hi) found.push_back(0.5 * (a + b));
    }
    return found;
  }
};

CircleN circle_of(const Problem& p) {
  const System s = make_system(p);
  const auto* h = dynamic_cast<const HarmonicModel*>(&s.friction());
  REQUIRE(h);
  return {s.M_inv()(0, 0), h->kappa_over_rho(), h->chebyshev_C(), h->chebyshev_S()};
}

}  // namespace

TEST_CASE("(132), N = 2: the exact fold set of the ball in (lambda, F) is u* = (2 a1 - a0)/(3 a1), F = |A(u*)| sqrt(1 - u*), with its degenerate pitchfork a0 = 2 a1 and fold-pole a0 = -a1") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  std::string why;
  const auto exact = detail::circle_map_of(problem, {"lambda", 0.1, 1}, {"force", 0, 25}, why);
  REQUIRE(exact);
  for (double lambda : {0.18, 0.25, 0.4, 0.5, 0.58}) {
    CAPTURE(lambda);
    Interval P(0.0), F(0.0);
    REQUIRE(exact->fold_at(Interval(c.fold_u(lambda)), P, F));
    CHECK(within(P, lambda, kClosedForm));
    CHECK(within(F, c.fold_F(lambda), kClosedForm));
  }
  // the codimension-2 points: a0 = 2 a1 at u = 0 and a0 = -a1 at u = 1, i.e. m1 (alpha0 - 5 alpha1) =
  // m3 k (beta0 - 5 beta1) and m1 (alpha0 + alpha1) = m3 k (beta0 + beta1), m3 = 45 pi^2/(512 lambda^2)
  const double pi = 3.14159265358979323846;
  const auto lambda_of_m3 = [&](double m3) { return std::sqrt(45 * pi * pi / (512 * m3)); };
  const double lambda_dp = lambda_of_m3(c.m1 * (c.alpha0 - 5 * c.alpha1) / (c.kappa_over_rho * (c.beta0 - 5 * c.beta1)));
  const double lambda_pole = lambda_of_m3(c.m1 * (c.alpha0 + c.alpha1) / (c.kappa_over_rho * (c.beta0 + c.beta1)));
  int inside = 0;
  for (const detail::ExactPoint& p : exact->points()) {
    CAPTURE(to_string(p.kind));
    CHECK(p.kind != PointKind::cusp);  // R'(u) = E/(k B_S^2) with E constant for N = 2
    if (p.kind == PointKind::degenerate_pitchfork) CHECK(within(p.P, lambda_dp, kClosedForm));
    if (p.kind == PointKind::degenerate_pitchfork) CHECK(within(p.F, std::abs(c.a0(lambda_dp)), kClosedForm));
    if (p.kind == PointKind::fold_pole) CHECK(within(p.P, lambda_pole, kClosedForm));
    inside += p.inside;
  }
  CHECK(inside == 2);
  // the pitchfork F = |a0| and the tangency F = m1 C(0) over lambda
  for (const detail::ExactCurve& curve : exact->curves()) {
    if (curve.over_u) continue;
    const double F = curve.at(Interval(0.3)).F.lower();
    CHECK(std::abs(F - (curve.kind == CurveKind::pitchfork ? std::abs(c.a0(0.3)) : c.m1 * (c.alpha0 - c.alpha1))) <=
          kClosedForm * (1 + F));
  }
}

TEST_CASE("A map is proven only for the load against lambda or j (entering M^-1 alone) of a harmonic or linear model, at loads >= 0") {
  const Problem ball = bundled("ball.json"), disc = bundled("disc.json");
  std::string why;
  CHECK(detail::circle_map_of(disc, {"j", 0.1, 2}, {"force", 0, 1.5}, why));
  CHECK(detail::circle_map_of(ball, {"force", 0, 4}, {"j", 0.1, 2}, why));
  CHECK_FALSE(detail::circle_map_of(disc, {"rho", 0.5, 1}, {"force", 0, 1.5}, why));
  CHECK(mentions(why, "changes more than M^-1"));
  CHECK_FALSE(detail::circle_map_of(disc, {"alpha", 0.5, 1}, {"force", 0, 1.5}, why));
  CHECK_FALSE(detail::circle_map_of(ball, {"lambda", 0.2, 8}, {"j", 0.1, 2}, why));
  CHECK(mentions(why, "load is not one of the axes"));
  CHECK_FALSE(detail::circle_map_of(ball, {"lambda", 0.2, 8}, {"force", -1, 4}, why));
  CHECK(mentions(why, "below 0"));
  Problem exact = ball;
  exact.friction.model = "exact";
  exact.friction.degree = 0;
  CHECK_FALSE(detail::circle_map_of(exact, {"lambda", 0.2, 8}, {"force", 0, 4}, why));
  CHECK(mentions(why, "neither a harmonic model"));
}

TEST_CASE("The proof refuses the ball's N = 2 map with a curve dropped, a vertex moved, a point dropped or added, or a region not proven") {
  const Problem problem = bundled("ball.json");
  const MapAxis x{"lambda", 0.2, 8}, y{"force", 0, 4};
  const BifurcationMap m = bifurcation_map(problem, x, y);
  REQUIRE(m.certificate.level == Level::proven);
  std::string why;
  const auto exact = detail::circle_map_of(problem, x, y, why);
  REQUIRE(exact);
  CHECK(detail::compare_with_circle_map(*exact, false, m).proven);
  for (std::size_t i = 0; i < m.curves.size(); ++i) {  // each curve is needed
    BifurcationMap dropped = m;
    dropped.curves.erase(dropped.curves.begin() + static_cast<long>(i));
    const detail::MapProof proof = detail::compare_with_circle_map(*exact, false, dropped);
    CAPTURE(proof.reason);
    CHECK_FALSE(proof.proven);
  }
  BifurcationMap moved = m;
  MapCurve& fold = *std::find_if(moved.curves.begin(), moved.curves.end(),
                                 [](const MapCurve& c) { return c.kind == CurveKind::fold; });
  fold.points[fold.points.size() / 2].y += 1e-6;  // 2.5e-7 of the rectangle
  CHECK(mentions(detail::compare_with_circle_map(*exact, false, moved).reason, "is not on the fold set"));
  BifurcationMap no_point = m;
  no_point.points.clear();
  CHECK(mentions(detail::compare_with_circle_map(*exact, false, no_point).reason, "fold-pole"));
  BifurcationMap extra = m;
  extra.points.push_back(extra.points.front());
  extra.points.back().kind = PointKind::cusp;
  CHECK(mentions(detail::compare_with_circle_map(*exact, false, extra).reason, "none of the codimension-2 points"));
  BifurcationMap unproven = m;
  unproven.regions.front().level = Level::checked;
  CHECK(mentions(detail::compare_with_circle_map(*exact, false, unproven).reason, "not proven"));
}

TEST_CASE("The ball's N = 4 map: a piece of fold curve between the load 0 and a cusp, below every seeding line, is found from the exact curves and proven") {
  Problem problem = bundled("ball.json");
  problem.friction.degree = 4;
  const BifurcationMap m = bifurcation_map(problem, {"lambda", 0.2, 8}, {"force", 0, 4});
  CHECK(m.certificate.level == Level::proven);
  const auto cusp = std::find_if(m.points.begin(), m.points.end(), [](const CodimTwoPoint& p) { return p.kind == PointKind::cusp; });
  REQUIRE(cusp != m.points.end());
  // independently: a load sweep just below the cusp's lambda meets the two folds of the piece,
  // one just above it none (continuation/, branch tracing in F)
  const auto folds = [&](double lambda) {
    const ParameterFamily family = parameter_family(parameter_family(problem, "lambda").problem(lambda), "force");
    const Diagram d = sweep(family, 1e-3, 2 * cusp->at.y);
    return std::count_if(d.events.begin(), d.events.end(), [](const Event& e) { return e.kind == EventKind::fold; });
  };
  CHECK(folds(cusp->at.x - 1e-3) == folds(cusp->at.x + 1e-3) + 2);
}

TEST_CASE("The ball's N = 2 map traced by continuation from seeds on the exact curves (exact_curves = false) is proven too: the defining systems' curves are the closed forms'") {
  const Problem problem = bundled("ball.json");
  MapOptions options;
  options.exact_curves = false;
  const BifurcationMap traced = bifurcation_map(problem, {"lambda", 0.2, 8}, {"force", 0, 4}, options);
  CHECK(traced.certificate.level == Level::proven);
  const BifurcationMap exact = bifurcation_map(problem, {"lambda", 0.2, 8}, {"force", 0, 4});
  CHECK(exact.certificate.level == Level::proven);
  CHECK(traced.curves.size() == exact.curves.size());
  REQUIRE(traced.regions.size() == exact.regions.size());
  for (std::size_t i = 0; i < exact.regions.size(); ++i) CHECK(traced.regions[i].count == exact.regions[i].count);
}

TEST_CASE("The ball's N = 6 map: the fold born tangent to the pitchfork curve at the degenerate pitchfork cuts no sliver out of the regions") {
  Problem problem = bundled("ball.json");
  problem.friction.degree = 6;
  const BifurcationMap m = bifurcation_map(problem, {"lambda", 0.2, 8}, {"force", 0, 4});
  CHECK(m.certificate.level == Level::proven);
  // independently: the roots of h'(0) = 0 in lambda by sign changes of the model's series
  const CircleN circle = circle_of(problem);
  REQUIRE(circle.alpha.size() == 6);  // N = 6: the series T_0 ... T_5 of (84)-(85)
  const std::vector<double> expected = circle.degenerate_pitchforks(0.2, 8, 4);
  std::vector<double> located;
  for (const CodimTwoPoint& p : m.points)
    if (p.kind == PointKind::degenerate_pitchfork) located.push_back(p.at.x);
  REQUIRE(located.size() == expected.size());
  CHECK(expected.size() == 1);
  // the grid step (7.8e-5 in lambda) bounds the sampled root's error
  for (std::size_t i = 0; i < located.size(); ++i) CHECK(std::abs(located[i] - expected[i]) <= 7.8e-5);
  // a sliver between two chords crossing near the point would be far below 1e-6 of the rectangle,
  // and every region's count is the circle's (sign changes of h - F^2)
  for (const MapRegion& r : m.regions) {
    CAPTURE(r.x);
    CAPTURE(r.y);
    CHECK(r.area > 1e-6);
    CHECK(r.count == circle.count(r.x, r.y));
  }
}

TEST_CASE("The disc's (j, F) map with the linear model (64), q = Pi w: proven, no fold at F > 0 (h' = -A^2), the pitchfork F = |Pi33 (4/9)/j - Pi11| and the tangency F = -Pi11") {
  Problem problem = bundled("disc.json");
  problem.friction.model = "linear-fit";
  problem.friction.degree = 0;
  const System s = make_system(problem);
  const auto* linear = dynamic_cast<const LinearModel*>(&s.friction());
  REQUIRE(linear);
  const double Pi11 = linear->Pi()(0, 0), Pi33 = linear->Pi()(2, 2);
  const BifurcationMap m = bifurcation_map(problem, {"j", 0.1, 2}, {"force", 0, 1.5});
  CHECK(m.certificate.level == Level::proven);
  // M^-1 = diag(1, 1, (4/9)/j) for rho = kappa = 2/3 (126); on w = e1, R* = Pi11 + F (128), and the
  // eigenvalue across w3 = 0 is (4/9)/j Pi33 - Pi11 - F w1 (the branches off the equator are born there)
  constexpr double kOnCurve = 1e-9;
  for (const MapCurve& c : m.curves) {
    CAPTURE(to_string(c.kind));
    CHECK(c.kind != CurveKind::fold);
    for (const MapPoint& q : c.points) {
      if (c.kind == CurveKind::tangency) CHECK(std::abs(q.y + Pi11) <= kOnCurve);
      if (c.kind == CurveKind::pitchfork) CHECK(std::abs(q.y - std::abs(Pi33 * (4.0 / 9.0) / q.x - Pi11)) <= kOnCurve);
    }
  }
  CHECK(m.points.empty());
}

TEST_CASE("A codimension-2 point on a side of the rectangle is not decided: the ball's fold-pole at the end of the lambda range leaves the map unproven") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  const double pi = 3.14159265358979323846;
  const double lambda_pole =
      std::sqrt(45 * pi * pi / (512 * c.m1 * (c.alpha0 + c.alpha1) / (c.kappa_over_rho * (c.beta0 + c.beta1))));
  // the range ends inside the fold-pole's enclosure (~1e-15 wide around the closed form)
  const double end = 0.591000288405026;
  REQUIRE(std::abs(end - lambda_pole) <= 1e-14);
  std::string why;
  const auto exact = detail::circle_map_of(problem, {"lambda", 0.2, end}, {"force", 0, 4}, why);
  REQUIRE(exact);
  const auto pole = std::find_if(exact->points().begin(), exact->points().end(),
                                 [](const detail::ExactPoint& p) { return p.kind == PointKind::fold_pole; });
  REQUIRE(pole != exact->points().end());
  CHECK_FALSE(pole->inside);
  CHECK_FALSE(pole->outside);
  CHECK(bifurcation_map(problem, {"lambda", 0.2, end}, {"force", 0, 4}).certificate.level != Level::proven);
}

}  // namespace test_map_proof
