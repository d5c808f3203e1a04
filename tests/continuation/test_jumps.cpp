// Sweeps through the sets where the friction model's q jumps (limits/jump_zeros.hpp,
// continuation/jump_sets.hpp, docs/manual.md sections 5 and 7), and the torque-free
// zhuravlev-klimov model, whose spin decouples (System::spin_decoupled). Every reference is
// computed here from M, the load and the models' formulas, independently of the solvers:
//  * point-spin (33) [Kudra & Awrejcewicz 2013] on the disc: q = -(s, sgn(w3)) (rho = kappa_e),
//    so at a pole V* takes the values (F, 0) - u, |u| <= 1 (M_xy = I): 0 is in their hull iff
//    |F| <= 1, with rdot = -b3 sgn(w3) there; on the equator q3 jumps between -1 and 1 and the
//    sliding field (q3 = 0) is g(phi) = -F sin phi: limit directions e1 (rdot = F - 1) and -e1
//    (rdot = -F - 1) for every F != 0. The ordinary ones (w1 > 0) are (1 - F, 0, +-b3)/n for F < 1.
//  * coulomb-point (75) on general.json: at a pole V* takes the values (M^-1 (-u, 0) + c)_xy, so
//    the pole is a Filippov limit direction while sigma*(F) = (M^-1)_xy^-1 c_xy(F) has |sigma*| <= 1;
//    the jump load solves |sigma*(F)| = 1 (bisection here).
//  * zhuravlev-klimov (18) [Awrejcewicz & Kudra, Celtic stone] on the disc: no torque, so
//    f3 = 0 and a limit direction off the equator is a zero of f = B(w) w + c: on w2 = 0,
//    F (cos t + a |sin t|) = cos t with a = (8/(3 pi)) R/rho, found by bisection in t; rdot = 0
//    there exactly, and the two branches meet e1 at F = 1 (t -> 0).
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <string>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

using namespace limitdir;

namespace {

// Event loads located to p_tol = 1e-11 by bisection; the closed forms are exact to rounding.
constexpr double event_load_tol = 1e-9;
// find-limits' directions converge to |V*| <= 1e-13; the closed forms to rounding.
constexpr double direction_tol = 1e-9;

Problem bundled(const std::string& file, const std::string& model) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
  p.friction.model = model;
  p.friction.degree = 0;
  return p;
}

bool has_direction(const LimitSet& L, const Eigen::Vector3d& w) {
  for (const Classification& c : L.directions)
    if ((c.w - w).norm() <= direction_tol) return true;
  return false;
}

int count_events(const Diagram& d, EventKind kind, double p) {
  int n = 0;
  for (const Event& e : d.events)
    if (e.kind == kind && std::abs(e.p - p) <= event_load_tol) ++n;
  return n;
}

}  // namespace

TEST_CASE("(33) point-spin on the disc: the poles and e1, -e1 are Filippov limit directions, jump event at F = 1") {
  const Problem p = bundled("disc.json", "point-spin");
  const System s = make_system(p);
  const double b3 = s.M_inv()(2, 2);
  for (double F : {0.3, 0.7, 1.5, 2.5}) {
    CAPTURE(F);
    const LimitSet L = find_limit_directions(s, F);
    // the ordinary ones: (1 - F, 0, +-b3)/n for F < 1, (-(1 + F), 0, +-b3)/n for F > -1
    std::vector<Eigen::Vector3d> ref{Eigen::Vector3d(-(1 + F), 0, b3).normalized(), Eigen::Vector3d(-(1 + F), 0, -b3).normalized(),
                                     Eigen::Vector3d::UnitX(), -Eigen::Vector3d::UnitX()};
    if (F < 1) {
      ref.push_back(Eigen::Vector3d(1 - F, 0, b3).normalized());
      ref.push_back(Eigen::Vector3d(1 - F, 0, -b3).normalized());
      ref.push_back(Eigen::Vector3d::UnitZ());
      ref.push_back(-Eigen::Vector3d::UnitZ());
    }
    CHECK(L.directions.size() == ref.size());
    for (const Eigen::Vector3d& w : ref) CHECK_MESSAGE(has_direction(L, w), w.transpose());
    CHECK(L.certificate.index_sum == 2);
    for (const Classification& c : L.directions) {
      if (!c.jump_set) continue;
      if (*c.jump_set == "pole") CHECK(std::abs(c.rdot + b3) <= 1e-12);  // (M^-1 q*)_3 = -b3 sgn(w3) w3
      if (*c.jump_set == "equator") CHECK(std::abs(c.rdot - (c.w.x() > 0 ? F - 1 : -F - 1)) <= 1e-12);
    }
  }
  const Diagram d = sweep(parameter_family(p, "force"), 0.001, 3.0);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  CHECK(count_events(d, EventKind::jump, 1.0) == 1);       // both poles, one event (mirror images)
  CHECK(count_events(d, EventKind::tangency, 1.0) == 1);   // rdot = F - 1 of e1 on the equator
  int on_sets = 0;
  for (const Branch& b : d.branches) on_sets += b.jump_set ? 1 : 0;
  CHECK(on_sets == 4);
}

TEST_CASE("(75) coulomb-point on general.json: the poles' Filippov branches end where |sigma*(F)| = 1") {
  const Problem p = bundled("general.json", "coulomb-point");
  const System s = make_system(p);
  const Eigen::Matrix2d Mxy = s.M_inv().topLeftCorner<2, 2>();
  const auto sigma = [&](double F) { return (Mxy.inverse() * s.c(F).head<2>()).norm(); };
  double lo = 0.001, hi = 3.0;  // sigma grows with F here: < 1 at 0.001, > 1 at 3 (checked)
  REQUIRE(sigma(lo) < 1);
  REQUIRE(sigma(hi) > 1);
  for (int it = 0; it < 200 && hi - lo > 1e-15; ++it) (sigma(0.5 * (lo + hi)) < 1 ? lo : hi) = 0.5 * (lo + hi);
  const double F_jump = 0.5 * (lo + hi);
  const Diagram d = sweep(parameter_family(p, "force"), 0.001, 3.0);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  CHECK(count_events(d, EventKind::jump, F_jump) == 1);
  for (double F : {0.5 * F_jump, 0.5 * (F_jump + 3.0)}) {
    const LimitSet L = find_limit_directions(s, F);
    CHECK(has_direction(L, Eigen::Vector3d::UnitZ()) == (F < F_jump));
    CHECK(has_direction(L, -Eigen::Vector3d::UnitZ()) == (F < F_jump));
  }
}

TEST_CASE("(18) zhuravlev-klimov on the disc: zeros of f off the equator, rdot = 0 exactly, no tangency but at F = 1") {
  const Problem p = bundled("disc.json", "zhuravlev-klimov");
  const System s = make_system(p);
  REQUIRE(s.spin_decoupled());
  const double a = 8 / (3 * M_PI) / p.rho_over_R();
  for (double F : {0.2, 0.5, 0.9}) {
    CAPTURE(F);
    // h(t) = F (cos t + a sin t) - cos t on (0, pi/2): h(0) = F - 1 < 0 < h(pi/2) = F a; bisection
    const auto h = [&](double t) { return F * (std::cos(t) + a * std::sin(t)) - std::cos(t); };
    double lo = 0, hi = 0.5 * M_PI;
    for (int it = 0; it < 200 && hi - lo > 1e-16; ++it) (h(0.5 * (lo + hi)) < 0 ? lo : hi) = 0.5 * (lo + hi);
    const double t = 0.5 * (lo + hi);
    const LimitSet L = find_limit_directions(s, F);
    CHECK_MESSAGE(L.certificate.complete(), L.certificate.reason);
    for (double sgn : {1.0, -1.0}) {
      const Eigen::Vector3d w(std::cos(t), 0, sgn * std::sin(t));
      bool found = false;
      for (const Classification& c : L.directions)
        if ((c.w - w).norm() <= direction_tol) {
          found = true;
          CHECK(c.rdot == 0);
          CHECK(c.radial == Radial::tangent);
        }
      CHECK_MESSAGE(found, w.transpose());
    }
  }
  const Diagram d = sweep(parameter_family(p, "force"), 0.001, 3.0);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  for (const Event& e : d.events) {
    CAPTURE(to_string(e.kind));
    CHECK(std::abs(e.p - 1.0) <= 1e-9 + e.p_error);  // every event is the kink at e1, F = 1
  }
}

TEST_CASE("(75) coulomb-point on the disc: at F = 1 the zeros fill the half meridian through the poles, an exact doubt") {
  // f = (F - s1, -s2, 0) with s = (w1, w2)/w12: at F = 1 every w = (cos t, 0, sin t), |t| < pi/2,
  // has f = 0, a zero of V* with rdot = 0, and the poles end their Filippov branches (|sigma*| = F)
  const Problem p = bundled("disc.json", "coulomb-point");
  const System s = make_system(p);
  for (double t : {-1.2, -0.4, 0.3, 1.1})
    CHECK(s.spherical(Eigen::Vector3d(std::cos(t), 0, std::sin(t)), 1.0).norm() <= 1e-15);
  const Diagram d = sweep(parameter_family(p, "force"), 0.001, 3.0);
  CHECK_FALSE(d.certificate.complete());
  CHECK(d.certificate.reason.find("at force = 1 the limit directions fill a curve through the model's jump set") !=
        std::string::npos);
  CHECK(count_events(d, EventKind::jump, 1.0) == 1);
}
