// Pitchforks refined on their own defining system (continuation/pitchfork_refine.hpp): the
// elliptic plate of share/problems/ellipse.json with a/b = 1.55927 (a seeding line of
// `bifurcation-map ellipse.json --x force --y a/b`), exact model. The plate commutes with both
// reflections w2 -> -w2 and w3 -> -w3, so on the invariant circle w = (cos t, 0, sin t) its
// pitchforks of w2 -> -w2 at t and -t are at one load; the bisection of the branch-point test
// had put them 1.5e-8 apart, leaving a spurious region between them (8 limit directions by the
// branches, 6 by find-limits). References, from the model's q alone (no Jacobian, no solver):
//  * on the circle V* = 0 is g(t, F) = e_t . (M^-1 q(w) + c(F)) = 0 with e_t = (-sin t, 0, cos t),
//    affine in F: the branch is F(t) = -e_t . (M^-1 q + c(0)) / e_t . (c(1) - c(0));
//  * the pitchfork of w2 -> -w2 is where the eigenvalue across the circle, dF_2/dw_2 - rdot with
//    rdot = w . F(w), vanishes: dF_2/dw_2 by a central difference of q in w2 (h = 1e-5: truncation
//    h^2 ~ 1e-10 of the third derivative's size, rounding 1e-16/h ~ 1e-11), its zero in t by
//    bisection, F* = F(t*);
//  * the pitchfork of w = e1 across w3 -> -w3 is the limit t -> 0 of the circle's branch,
//    F(t) = F* - a t^2 + O(t^4): Richardson from t = 1e-3 and 2e-3 (error ~ t^4 ~ 1e-12).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_pitchfork_refine {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// Events are located to p_tol = 1e-11; the references above to ~1e-11; 1e-10 leaves a factor of 5.
constexpr double kEventLoad = 1e-10;

struct Circle {
  const System& s;
  Eigen::Vector3d c0, c1;
  explicit Circle(const System& sys) : s(sys), c0(sys.c(0.0)), c1(sys.c(1.0) - sys.c(0.0)) {}
  static Eigen::Vector3d w(double t) { return {std::cos(t), 0.0, std::sin(t)}; }
  double load(double t) const {
    const Eigen::Vector3d e(-std::sin(t), 0.0, std::cos(t));
    return -e.dot(s.M_inv() * s.friction().q(w(t)) + c0) / e.dot(c1);
  }
  /// dF_2/dw_2 - rdot on the circle's branch at t.
  double across(double t) const {
    constexpr double h = 1e-5;
    const double F = load(t);
    const Eigen::Vector3d u = w(t), e2 = Eigen::Vector3d::UnitY();
    const double dF2 = (s.field(u + h * e2, F)[1] - s.field(u - h * e2, F)[1]) / (2 * h);
    return dF2 - u.dot(s.field(u, F));
  }
};

}  // namespace

TEST_CASE("Pitchforks of the elliptic plate (a/b = 1.55927, exact model) on the defining system: the mirror pair at one load, e1's at the circle's limit") {
  Problem problem = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/ellipse.json");
  problem.contact.a = 1.55927 * problem.contact.b;
  const System s = make_system(problem);
  const Circle circle(s);
  // the pitchfork of w2 -> -w2 near t = -1.0402 (and its image at +1.0402): bisection of across(t)
  double lo = -1.05, hi = -1.03;
  REQUIRE((circle.across(lo) < 0) != (circle.across(hi) < 0));
  for (int i = 0; i < 80 && hi - lo > 1e-14; ++i) {
    const double mid = 0.5 * (lo + hi);
    ((circle.across(mid) < 0) == (circle.across(lo) < 0) ? lo : hi) = mid;
  }
  const double F_pair = circle.load(0.5 * (lo + hi));
  const double F_e1 = (4 * circle.load(1e-3) - circle.load(2e-3)) / 3;

  const Diagram d = sweep(parameter_family(problem, "force"), 0.0, 1.5);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  int pair = 0, at_e1 = 0;
  for (const Event& e : d.events) {
    if (e.kind != EventKind::pitchfork) continue;
    CAPTURE(e.p);
    if (std::abs(e.directions.front().x() - 1) < 1e-9) {
      ++at_e1;
      CHECK(std::abs(e.p - F_e1) <= kEventLoad);
    } else {
      ++pair;
      CHECK(e.directions.size() == 2);  // the mirror images, one event
      CHECK(std::abs(e.p - F_pair) <= kEventLoad);
      for (const Eigen::Vector3d& w : e.directions) CHECK(w.y() == 0.0);
    }
  }
  CHECK(pair == 1);
  CHECK(at_e1 == 1);
}

}  // namespace test_pitchfork_refine
