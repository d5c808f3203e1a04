// Two-parameter maps (maps/curves.hpp, maps/map.hpp; docs/manual.md section 13) against the
// closed forms of the harmonic model N = 2 on the invariant circle: with C(u), S(u) linear in
// u = w3^2 (Chebyshev series of degree 1 in y = 2u - 1), (132) [Nonlinear Dyn. 2024] reads
// c1 = w1 A(u), A = m1 C - m3 (kappa/rho) S = a0 + a1 u (m1, m3 the diagonal of M^-1), so
//   fold:       H(u) = A^2 (1 - u) extremal: 2 a1 (1 - u) = A, u* = (2 a1 - a0)/(3 a1), F = |A(u*)| sqrt(1 - u*),
//   fold-pole:  u* = 1 (a0 = -a1), the fold reaches F = 0 at the pole,
//   pitchfork:  u = 0 (the equator w = (+-1, 0, 0)), F = |a0|,
//   degenerate pitchfork: u* = 0 (a0 = 2 a1), where the fold curve leaves the pitchfork curve,
//   tangency of w = (1, 0, 0): rdot = c1 - m1 C(0) = 0,
// with m3 = 45 pi^2/(512 lambda^2) for the ball in lambda (139) and m3 = (4/9)/j for the disc
// in j (126) (docs/manual.md section 2), and c1 = F for both.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/system/problem.hpp"
#include "maps/closed_forms.hpp"

namespace test_maps {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using namespace limitdir::test;

namespace {

// Points of a curve are corrected to ~1e-11 in the scaled unknowns (curve_walk.cpp): on the
// parameters of these rectangles (sides up to 25) that is ~1e-9 absolute at worst.
constexpr double kOnCurve = 1e-9;
// A codimension-2 point is located to ~1e-10 (bisection, or the Richardson extrapolation of a
// degenerate pitchfork, O(e^6) ~ 1e-14, then corrected onto its curve).
constexpr double kPoint = 1e-8;

/// A point of a curve of `kind` satisfies its closed form (p the second parameter, F the load).
void check_on_closed_form(const CircleN2& c, CurveKind kind, double F, double p, const Eigen::Vector3d& w) {
  CAPTURE(F);
  CAPTURE(p);
  switch (kind) {
    case CurveKind::fold:
      CHECK(std::abs(F - c.fold_F(p)) <= kOnCurve);
      CHECK(std::abs(w.z() * w.z() - c.fold_u(p)) <= kOnCurve);
      break;
    case CurveKind::pitchfork:
      CHECK(std::abs(F - std::abs(c.a0(p))) <= kOnCurve);
      CHECK(w.z() == 0.0);
      break;
    case CurveKind::tangency: CHECK(std::abs(F - c.m1 * (c.alpha0 - c.alpha1)) <= kOnCurve); break;
    case CurveKind::hopf: FAIL("no Hopf point on the invariant circle of N = 2 (J_T is diagonal there)"); break;
    case CurveKind::kink: FAIL("the harmonic model is smooth: no kink set"); break;
  }
}

}  // namespace

TEST_CASE("(132), N = 2: the ball's fold curve in (lambda, F) is u* = (2 a1 - a0)/(3 a1), F = |A(u*)| sqrt(1 - u*), to its fold-pole") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  const TwoParameterFamily f = two_parameter_family(problem, {"force", 0, 4}, {"lambda", 0.2, 8});
  const double lambda = 0.4, u = c.fold_u(lambda), F = c.fold_F(lambda);
  const Eigen::Vector3d w(F / (c.a0(lambda) + c.a1(lambda) * u), 0, std::sqrt(u));  // c1 = w1 A(u)
  const TracedCurve t = follow_curve(f, {CurveKind::fold, {F, lambda, w, f.system(F, lambda).radial(w, F)}});
  REQUIRE(t.curve.points.size() > 100);
  for (const MapPoint& q : t.curve.points) check_on_closed_form(c, CurveKind::fold, q.x, q.y, q.w);
  // one end leaves through F = 4, the other is the fold-pole a0 = -a1 (m3 from m1 (alpha0 + alpha1) = m3 k (beta0 + beta1))
  const double m3 = c.m1 * (c.alpha0 + c.alpha1) / (c.kappa_over_rho * (c.beta0 + c.beta1));
  const double lambda_pole = std::sqrt(45 * 3.14159265358979323846 * 3.14159265358979323846 / (512 * m3));
  const bool forward = t.curve.ends[1] == CurveEnd::load_zero;
  CHECK(t.curve.ends[forward ? 0 : 1] == CurveEnd::boundary);
  CHECK((forward ? t.curve.points.front() : t.curve.points.back()).x == doctest::Approx(4.0).epsilon(1e-12));
  REQUIRE(t.points.size() == 1);
  CHECK(t.points[0].kind == PointKind::fold_pole);
  CHECK(std::abs(t.points[0].at.y - lambda_pole) <= kPoint);
  CHECK(std::abs(t.points[0].at.w.z()) == doctest::Approx(1.0).epsilon(1e-9));
}

TEST_CASE("(132), N = 2: the disc's pitchfork and tangency curves in (j, F) are F = |a0(j)| and F = m1 C(0)") {
  const Problem problem = bundled("disc.json");
  const CircleN2 c = closed_form(problem, false);
  const TwoParameterFamily f = two_parameter_family(problem, {"force", 0, 1.5}, {"j", 0.1, 2});
  CHECK(f.mirrors == std::vector<int>{1, 2});  // w2 -> -w2 (the invariant circle) and w3 -> -w3
  const double j = 1.0, F = std::abs(c.a0(j));
  const Eigen::Vector3d w(c.a0(j) > 0 ? 1 : -1, 0, 0);
  const TracedCurve pitchfork = follow_curve(f, {CurveKind::pitchfork, {F, j, w, f.system(F, j).radial(w, F)}});
  REQUIRE(pitchfork.curve.points.size() > 20);
  CHECK(pitchfork.curve.mirrors == std::vector<int>{1, 2});
  for (const MapPoint& q : pitchfork.curve.points) check_on_closed_form(c, CurveKind::pitchfork, q.x, q.y, q.w);
  const double Ft = c.m1 * (c.alpha0 - c.alpha1);
  const Eigen::Vector3d e1(1, 0, 0);
  const TracedCurve tangency = follow_curve(f, {CurveKind::tangency, {Ft, j, e1, f.system(Ft, j).radial(e1, Ft)}});
  for (const MapPoint& q : tangency.curve.points) check_on_closed_form(c, CurveKind::tangency, q.x, q.y, q.w);
  CHECK(tangency.curve.ends[0] == CurveEnd::boundary);
  CHECK(tangency.curve.ends[1] == CurveEnd::boundary);
}

TEST_CASE("Two-parameter map of the ball N = 2 on lambda in [0.1, 1], F in [0, 25]: curves, degenerate pitchfork and fold-pole in closed form, regions counted independently") {
  const Problem problem = bundled("ball.json");
  const CircleN2 c = closed_form(problem, true);
  const BifurcationMap m = bifurcation_map(problem, {"lambda", 0.1, 1}, {"force", 0, 25});
  CHECK(m.certificate.level == Level::proven);  // on the invariant circle (maps/map_proof.hpp)
  // every point of every curve on its closed form
  int folds = 0, pitchforks = 0;
  for (const MapCurve& curve : m.curves) {
    folds += curve.kind == CurveKind::fold;
    pitchforks += curve.kind == CurveKind::pitchfork;
    for (const MapPoint& q : curve.points) check_on_closed_form(c, curve.kind, q.y, q.x, q.w);
  }
  CHECK(folds == 1);       // one fold curve (its mirror image w3 -> -w3 is the same curve in the plane)
  CHECK(pitchforks == 2);  // F = |a0|: a0 > 0 (w = (1, 0, 0)) and a0 < 0 (w = (-1, 0, 0)), meeting at F = 0
  // the degenerate pitchfork: a0 = 2 a1, i.e. m1 (alpha0 - 5 alpha1) = m3 k (beta0 - 5 beta1)
  const double pi = 3.14159265358979323846;
  const double m3_dp = c.m1 * (c.alpha0 - 5 * c.alpha1) / (c.kappa_over_rho * (c.beta0 - 5 * c.beta1));
  const double lambda_dp = std::sqrt(45 * pi * pi / (512 * m3_dp));
  const double m3_pole = c.m1 * (c.alpha0 + c.alpha1) / (c.kappa_over_rho * (c.beta0 + c.beta1));
  const double lambda_pole = std::sqrt(45 * pi * pi / (512 * m3_pole));
  int found = 0;
  for (const CodimTwoPoint& p : m.points) {
    CAPTURE(to_string(p.kind));
    if (p.kind == PointKind::degenerate_pitchfork) {
      ++found;
      CHECK(std::abs(p.at.x - lambda_dp) <= kPoint);
      CHECK(std::abs(p.at.y - std::abs(c.a0(lambda_dp))) <= kPoint * 25);
      REQUIRE(p.curves.size() == 2);  // the fold curve ends there, on the pitchfork curve
      CHECK(m.curves[p.curves[0]].kind != m.curves[p.curves[1]].kind);
    } else if (p.kind == PointKind::fold_pole) {
      ++found;
      CHECK(std::abs(p.at.x - lambda_pole) <= kPoint);
    }
  }
  CHECK(found == 2);
  CHECK(m.points.size() == 2);  // N = 2 has no cusp, Bogdanov-Takens or tangency crossing of one direction here
  // each region's count is the number of roots of (132) at its point, counted here
  REQUIRE(m.regions.size() >= 6);
  for (const MapRegion& r : m.regions) {
    CAPTURE(r.x);
    CAPTURE(r.y);
    CHECK(r.count == c.count(r.x, r.y));
  }
}

namespace {

/// A linear model q = Pi w (64) with Pi = diag(-1, -2, -4), M = I and c = (x, 0, y): a family
/// whose curves are known in closed form and closed in the plane (docs/manual.md section 13).
/// In the mirror w2 = 0, w = (cos psi, 0, sin psi), the limit directions solve c = (rdot I - B) w;
/// the envelope of these lines over psi (the folds) has rdot = b1 sin^2 psi + b3 cos^2 psi, so
///   fold:      (x, y) = ((b3 - b1) cos^3 psi, (b1 - b3) sin^3 psi): an astroid with four cusps
///              at (+-3, 0) and (0, +-3);
///   pitchfork: the directions off the mirror have rdot = b2, w1 = x/(b2 - b1), w3 = y/(b2 - b3),
///              born where w1^2 + w3^2 = 1: the ellipse x^2 + y^2/4 = 1;
///   tangency:  rdot = 0, c = -B w: the ellipse x^2 + y^2/16 = 1.
TwoParameterFamily astroid_family(const MapAxis& x, const MapAxis& y) {
  const Eigen::Vector3d b(-1, -2, -4);
  auto model = std::make_shared<const LinearModel>(Eigen::Matrix3d(b.asDiagonal()), 1.0, 1.0, "Pi = diag(-1, -2, -4)");
  TwoParameterFamily f;
  f.x = x, f.y = y;
  f.system = [model](double, double yv) {
    return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitX(), Eigen::Vector3d(0, 0, yv), model);
  };
  f.force = [](double xv, double) { return xv; };
  f.mirrors = {1};  // B diagonal and c2 = 0: w2 -> -w2 (w3 -> -w3 is broken by c3 = y)
  return f;
}

/// The first point and end of a traced curve and its codimension-2 points of `kind`.
std::vector<MapPoint> points_of(const TracedCurve& t, PointKind kind) {
  std::vector<MapPoint> out;
  for (const CodimTwoPoint& p : t.points)
    if (p.kind == kind) out.push_back(p.at);
  return out;
}

}  // namespace

TEST_CASE("Linear model (64), c = (x, 0, y): the fold curve is an astroid, an isola with four cusps at (+-3, 0), (0, +-3)") {
  const TwoParameterFamily f = astroid_family({"c1", -4, 4}, {"c3", -4, 4});
  const double psi = 0.7, rdot = -std::sin(psi) * std::sin(psi) - 4 * std::cos(psi) * std::cos(psi);
  const MapPoint seed{-3 * std::pow(std::cos(psi), 3), 3 * std::pow(std::sin(psi), 3),
                      Eigen::Vector3d(std::cos(psi), 0, std::sin(psi)), rdot};
  const TracedCurve t = follow_curve(f, {CurveKind::fold, seed});
  CHECK(t.curve.ends[0] == CurveEnd::closed);
  CHECK(t.curve.ends[1] == CurveEnd::closed);
  CHECK(t.curve.mirrors == std::vector<int>{1});
  for (const MapPoint& p : t.curve.points) {
    const double a = std::atan2(p.w.z(), p.w.x());
    CHECK(std::abs(p.x + 3 * std::pow(std::cos(a), 3)) <= kOnCurve);
    CHECK(std::abs(p.y - 3 * std::pow(std::sin(a), 3)) <= kOnCurve);
  }
  const std::vector<MapPoint> cusps = points_of(t, PointKind::cusp);
  REQUIRE(cusps.size() == 4);
  for (const Eigen::Vector2d& corner : {Eigen::Vector2d(3, 0), Eigen::Vector2d(-3, 0), Eigen::Vector2d(0, 3),
                                       Eigen::Vector2d(0, -3)}) {
    CAPTURE(corner.transpose());
    CHECK(std::any_of(cusps.begin(), cusps.end(), [&](const MapPoint& c) {
      return (Eigen::Vector2d(c.x, c.y) - corner).norm() <= kPoint;
    }));
  }
}

TEST_CASE("Linear model (64), c = (x, 0, y): the pitchfork and tangency curves are the ellipses x^2 + y^2/4 = 1 and x^2 + y^2/16 = 1") {
  const TwoParameterFamily f = astroid_family({"c1", -4, 4}, {"c3", -4, 4});
  // pitchfork at psi: w1 = x/(b2 - b1) = -x, w3 = y/(b2 - b3) = y/2 on the unit circle, rdot = b2
  const double psi = 0.4;
  const MapPoint pf{-std::cos(psi), 2 * std::sin(psi), Eigen::Vector3d(std::cos(psi), 0, std::sin(psi)), -2};
  const TracedCurve p = follow_curve(f, {CurveKind::pitchfork, pf});
  CHECK(p.curve.ends[0] == CurveEnd::closed);
  CHECK(p.curve.mirror == 1);
  for (const MapPoint& q : p.curve.points) CHECK(std::abs(q.x * q.x + q.y * q.y / 4 - 1) <= kOnCurve);
  // tangency at psi: c = -B w = (cos psi, 0, 4 sin psi)
  const MapPoint tg{std::cos(psi), 4 * std::sin(psi), Eigen::Vector3d(std::cos(psi), 0, std::sin(psi)), 0};
  const TracedCurve t = follow_curve(f, {CurveKind::tangency, tg});
  CHECK(t.curve.ends[0] == CurveEnd::closed);
  for (const MapPoint& q : t.curve.points) CHECK(std::abs(q.x * q.x + q.y * q.y / 16 - 1) <= kOnCurve);
}

TEST_CASE("A curve that enters and leaves through one side: the astroid cut by y >= -2 is one curve from the bottom side to the bottom side") {
  const TwoParameterFamily f = astroid_family({"c1", -4, 4}, {"c3", -2, 4});
  const double psi = 2.0, rdot = -std::sin(psi) * std::sin(psi) - 4 * std::cos(psi) * std::cos(psi);
  const MapPoint seed{-3 * std::pow(std::cos(psi), 3), 3 * std::pow(std::sin(psi), 3),
                      Eigen::Vector3d(std::cos(psi), 0, std::sin(psi)), rdot};
  const TracedCurve t = follow_curve(f, {CurveKind::fold, seed});
  CHECK(t.curve.ends[0] == CurveEnd::boundary);
  CHECK(t.curve.ends[1] == CurveEnd::boundary);
  CHECK(t.curve.points.front().y == doctest::Approx(-2).epsilon(1e-12));
  CHECK(t.curve.points.back().y == doctest::Approx(-2).epsilon(1e-12));
  // both ends on the astroid at y = -2: x = +-3 cos^3 psi with sin^3 psi = -2/3
  const double s = -std::cbrt(2.0 / 3.0), x_end = 3 * std::pow(std::sqrt(1 - s * s), 3);
  CHECK(std::abs(std::abs(t.curve.points.front().x) - x_end) <= kOnCurve);
  CHECK(std::abs(std::abs(t.curve.points.back().x) - x_end) <= kOnCurve);
  CHECK(t.curve.points.front().x * t.curve.points.back().x < 0);  // one end each side of the cusp cut off
  CHECK(points_of(t, PointKind::cusp).size() == 3);               // (+-3, 0) and (0, 3) remain
}

TEST_CASE("Two-parameter map of the ball with the exact model: its fold and pitchfork curves are the events of load sweeps at their lambda") {
  // the exact model has no closed form: every fourth vertex of each fold and pitchfork curve
  // (lambda_k, F_k) is compared with the events of an independent load sweep at lambda_k
  // (branch tracing and event location in F, continuation/), to the accuracy of both: curve
  // points ~1e-11 scaled (4e-11 in F), events located to p_tol = 1e-11, conditioning margin 100
  constexpr double kEventAgreement = 1e-8;
  Problem problem = bundled("ball.json");
  problem.friction.model = "exact";
  problem.friction.degree = 0;
  const BifurcationMap m = bifurcation_map(problem, {"lambda", 0.2, 1.2}, {"force", 0, 4});
  CHECK(m.certificate.level == Level::checked);  // no closed form: the reason says why no proof applies
  CHECK(m.certificate.reason.find("Not proven: no proof applies: the system is neither a harmonic model") !=
        std::string::npos);
  int compared = 0;
  for (const MapCurve& c : m.curves) {
    if (c.kind != CurveKind::fold && c.kind != CurveKind::pitchfork) continue;
    for (std::size_t k = 2; k + 2 < c.points.size(); k += c.points.size() / 4) {
      const MapPoint& p = c.points[k];
      if (p.y < 0.05) continue;  // near the load 0 the directions approach the continuum of circles
      CAPTURE(to_string(c.kind));
      CAPTURE(p.x);
      CAPTURE(p.y);
      const ParameterFamily family = parameter_family(parameter_family(problem, "lambda").problem(p.x), "force");
      const Diagram d = sweep(family, 0.0, 4.0);
      const EventKind kind = c.kind == CurveKind::fold ? EventKind::fold : EventKind::pitchfork;
      double nearest = 1e9;
      for (const Event& e : d.events)
        if (e.kind == kind || (kind == EventKind::pitchfork && e.kind == EventKind::branch_point))
          nearest = std::min(nearest, std::abs(e.p - p.y));
      CHECK(nearest <= kEventAgreement);
      ++compared;
    }
  }
  CHECK(compared >= 8);
}

namespace {

/// The load where a branch of the invariant circle w2 = 0 meets the equator point e1, from the
/// model's q alone (as tests/continuation/test_kinks.cpp): on w = (cos t, 0, sin t) the zeros of
/// V* are those of g(t, F) = e_t . (M^-1 q(w) + c(F)), e_t = (-sin t, 0, cos t), affine in F, so a
/// branch is F(t) = -e_t . (M^-1 q + c(0)) / e_t . (c(1) - c(0)), and where it meets the equator
/// with a corner F(t) = F* + b |t| + O(t^2): F* by Richardson from t = 1e-6 and 2e-6.
double kink_load(const System& s) {
  const Eigen::Vector3d c0 = s.c(0.0), c1 = s.c(1.0) - c0;
  const auto load = [&](double t) {
    const Eigen::Vector3d w(std::cos(t), 0.0, std::sin(t)), e(-std::sin(t), 0.0, std::cos(t));
    return -e.dot(s.M_inv() * s.friction().q(w) + c0) / e.dot(c1);
  };
  constexpr double h = 1e-6;
  return 2 * load(h) - load(2 * h);
}

}  // namespace

TEST_CASE("Kink curve: the disc with Kireenkov's Pade model (9) in (j, F): the branches off the equator meet w = e1 at F*(j), the limit of the circle's branch") {
  // Richardson from |t| = 1e-6: truncation O(t^2) ~ 1e-12, rounding 3e-16/1e-6 ~ 3e-10 (as
  // test_kinks.cpp); curve points ~1e-11 scaled on sides < 2: 1e-9 leaves a factor of 3.
  constexpr double kKinkLoad = 1e-9;
  Problem problem = bundled("disc.json");
  problem.friction.model = "kireenkov-pade";
  problem.friction.degree = 0;
  problem.friction.order = 1;
  const BifurcationMap m = bifurcation_map(problem, {"force", 0.3, 1.5}, {"j", 0.3, 2});
  CHECK_MESSAGE(m.certificate.level == Level::checked, m.certificate.reason);
  const ParameterFamily along_j = parameter_family(problem, "j");
  int kinks = 0;
  for (const MapCurve& c : m.curves) {
    if (c.kind != CurveKind::kink) continue;
    ++kinks;
    CHECK(c.mirrors == std::vector<int>{1, 2});
    for (const MapPoint& p : c.points) {
      CAPTURE(p.y);
      CHECK(std::abs(p.x - kink_load(along_j.system(p.y))) <= kKinkLoad);
      CHECK(p.w == Eigen::Vector3d::UnitX());
    }
  }
  CHECK(kinks == 1);
}

TEST_CASE("Kink curve: general.json with the modified Pade model (47) in (F, rho): a branch crosses the equator where F d + e = s + rdot M s") {
  // On the equator q = -s, s = (cos phi, sin phi, 0) (the end values (11) [Kudra & Awrejcewicz
  // 2013] at pure sliding, whatever rho), so V* = 0 there is F d - rdot M s = s - e: solvable iff
  // det[d, M s, s - e] = 0, a 1-D equation in phi (bisection on a grid), then F and rdot from it.
  // The curve is the line F = F* for every rho.
  constexpr double kOnCurve = 1e-9;   // as above: curve points ~1e-11 scaled
  constexpr double kEndValue = 1e-14;  // q(s) = -s to rounding
  Problem problem = bundled("general.json");
  problem.friction.model = "kudra-pade";
  problem.friction.degree = 0;
  problem.friction.order = 1;
  const System s0 = make_system(problem);
  const Eigen::Matrix3d M = s0.M();
  const Eigen::Vector3d d = s0.load_direction(), e = s0.load_offset();
  const auto s_of = [](double phi) { return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0); };
  for (double phi : {0.3, 2.0, -1.2}) CHECK((s0.friction().q(s_of(phi)) + s_of(phi)).norm() <= kEndValue);
  const auto det = [&](double phi) {
    Eigen::Matrix3d A;
    A << d, M * s_of(phi), s_of(phi) - e;
    return A.determinant();
  };
  std::vector<std::pair<double, double>> crossings;  // (phi, F)
  constexpr int n = 100000;
  for (int i = 0; i < n; ++i) {
    double a = -M_PI + 2 * M_PI * (i + 0.5) / n, b = a + 2 * M_PI / n;
    if ((det(a) < 0) == (det(b) < 0)) continue;
    for (int k = 0; k < 100 && b - a > 1e-15; ++k) ((det(0.5 * (a + b)) < 0) == (det(a) < 0) ? a : b) = 0.5 * (a + b);
    const double phi = 0.5 * (a + b);
    Eigen::Matrix<double, 3, 2> A;
    A << d, -(M * s_of(phi));
    const Eigen::Vector2d F_rdot = A.colPivHouseholderQr().solve(s_of(phi) - e);
    crossings.emplace_back(phi, F_rdot[0]);
  }
  const BifurcationMap m = bifurcation_map(problem, {"force", 0.1, 1.2}, {"rho", 0.5, 0.9});
  CHECK_MESSAGE(m.certificate.level == Level::checked, m.certificate.reason);
  int kinks = 0;
  for (const MapCurve& c : m.curves) {
    if (c.kind != CurveKind::kink) continue;
    ++kinks;
    for (const MapPoint& p : c.points) {
      CAPTURE(p.y);
      CHECK(p.w.z() == 0.0);
      double best = INFINITY;
      for (const auto& [phi, F] : crossings)
        if ((s_of(phi) - p.w).norm() <= 1e-6) best = std::abs(F - p.x);
      CHECK(best <= kOnCurve);
    }
  }
  CHECK(kinks == 1);
}

}  // namespace test_maps
