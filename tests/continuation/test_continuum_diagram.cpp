// What a bifurcation diagram says at a continuum, in its points and in its regions (issue 11,
// docs/manual.md section 5), against values obtained here independently of continuation/continuation.cpp:
//  * the circles of limit directions at F = 0 of the disc (Sect. 7.4.4, Figs 15-16
//    [Nonlinear Dyn. 2024]) from the roots of K(z) = C(z) - (8/9) S(z) in z = w3^2 and the
//    closed forms of their rdot and transverse eigenvalue (as in limits/test_limits.cpp);
//  * the equator of the elliptic plate at c = 0 as zeros of V* = (I - w w^T) M^-1 q(w),
//    assembled here (limits_reference.hpp);
//  * the green and brown saddles of Fig. 14 from the sign of the eigenvalue along the invariant
//    circle w2 = 0, a central difference of the tangential component of V* along it;
//  * the Cases 1-4 of Sect. 7.4 between the closed-form events F_F (137)-(138), F_P = k1 (133)
//    and F_T = C1 (130).
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"
#include "limits_reference.hpp"

namespace test_continuum_diagram {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using json = nlohmann::json;

namespace {

const double kDiscRow3 = 8.0 / 9.0;  // (126): third row of M^-1 for the disc, rho = kappa, j = 1/2

/// share/problems/disc.json: j = 1/2, uniform pressure, rho = kappa, the harmonic model N = 2.
Problem disc_n2() {
  return parse_problem(json::parse(R"({"system": {"preset": "disc", "j": 0.5}, "contact": {"pressure": "uniform"},
      "friction": {"model": "harmonic", "degree": 2}, "rho": "kappa"})"),
                       "disc");
}

std::vector<const Event*> events_of(const Diagram& d, EventKind kind) {
  std::vector<const Event*> out;
  for (const Event& e : d.events)
    if (e.kind == kind) out.push_back(&e);
  return out;
}

/// The circle of latitude theta about e3, or nullptr.
const LimitCircle* circle_at(const Event& e, double theta, double tol) {
  for (const LimitCircle& c : e.circles)
    if (std::abs(c.theta - theta) <= tol && (c.axis - Eigen::Vector3d::UnitZ()).norm() <= tol) return &c;
  return nullptr;
}

}  // namespace

TEST_CASE("Figs 15-16, Sect. 7.4.4: a load sweep through F = 0 of the disc (N = 2) has one continuum event at F = 0 "
          "exactly, with the circles where C(w3) = (8/9) S(w3), and no region across it") {
  // latitudes: roots of a quadratic (to ~1e-15) against find-limits' root finding (~1e-12)
  constexpr double theta_tol = 1e-10;
  // rdot = -C(w3) and the transverse eigenvalue 2 z (1 - z) K'(z): polynomials evaluated at
  // the root, against find-limits' classification by a Jacobian (rounding ~1e-12, as test_limits)
  constexpr double value_tol = 1e-8;
  const Problem p = disc_n2();
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  std::vector<double> k(2);  // K(z) = C - 8/9 S in z = w3^2
  for (int i = 0; i < 2; ++i) k[i] = h.C()[i] - kDiscRow3 * h.S()[i];
  const double z = -k[0] / k[1];  // Sect. 7.4.4, N = 2
  REQUIRE(z > 0);
  REQUIRE(z < 1);
  for (const auto& [from, to] : {std::pair{-0.5, 0.5}, std::pair{0.0, 0.5}}) {
    CAPTURE(from);
    const Diagram d = sweep(parameter_family(p, "force"), from, to);
    CHECK(d.certificate.complete());
    INFO(d.certificate.reason);
    CHECK(events_of(d, EventKind::branch_point).empty());  // the degenerate branch points are the continuum
    const auto continua = events_of(d, EventKind::continuum);
    REQUIRE(continua.size() == 1);
    const Event& e = *continua.front();
    CHECK(e.p == 0.0);
    CHECK(e.level == Level::checked);  // find-limits at F = 0: Poincare-Hopf does not apply to continua
    for (const Event& f : d.events)
      if (&f != &e) CHECK(std::abs(f.p) > 1e-3);  // nothing else at the continuum
    // the equator: rdot = -C(0) = -C1, transverse K(0) = k1 > 0 (unstable, Fig. 16)
    REQUIRE(e.circles.size() == 3);
    const LimitCircle* eq = circle_at(e, 0.0, theta_tol);
    REQUIRE(eq != nullptr);
    CHECK(std::abs(eq->rdot + h.C()[0]) <= value_tol);
    CHECK(std::abs(eq->transverse_eigenvalue.value() - k[0]) <= value_tol);
    CHECK(eq->sphere_type == "unstable-circle");
    for (double sign : {1.0, -1.0}) {
      const LimitCircle* c = circle_at(e, sign * std::asin(std::sqrt(z)), theta_tol);
      REQUIRE(c != nullptr);
      CHECK(std::abs(c->rdot + ref::poly_z(h.C(), z)) <= value_tol);
      const double transverse = 2 * z * (1 - z) * ref::dpoly_z(k, z);
      CHECK(std::abs(c->transverse_eigenvalue.value() - transverse) <= value_tol);
      CHECK(c->sphere_type == (transverse < 0 ? "stable-circle" : "unstable-circle"));
    }
    // the isolated limit directions at F = 0 are the poles
    CHECK(ref::set_distance(e.directions, {Eigen::Vector3d::UnitZ(), -Eigen::Vector3d::UnitZ()}) <= 1e-12);
    CHECK(!e.branches.empty());
    // no region is given across F = 0: they end there from each side (also as classify --regions
    // recomputes them from the branches)
    for (const Region& r : d.regions) CHECK((r.to <= 0.0 || r.from >= 0.0));
    for (const Region& r : regions_of(d)) CHECK((r.to <= 0.0 || r.from >= 0.0));
    if (from < 0) {
      int ending = 0, starting = 0;
      for (const Region& r : d.regions) {
        ending += r.to == 0.0;
        starting += r.from == 0.0;
        // next to F = 0: Case 4, 8 limit directions (Sect. 7.4.4)
        if (r.to == 0.0 || r.from == 0.0) CHECK(r.count == 8);
      }
      CHECK(ending == 1);
      CHECK(starting == 1);
    }
  }
}

TEST_CASE("Sect. 7.4.4 for a contact without axisymmetry: the elliptic plate swept through F = 0 has one continuum "
          "event there, its equator, a circle of zeros of V*") {
  // V* of the exact model at the circle's points: its quadrature's rounding (~1e-13) at unit
  // scale, with room for the circle's latitude (~1e-12)
  constexpr double vstar_zero = 1e-9;
  const Problem p = parse_problem(json::parse(R"({"system": {"preset": "plate", "load_angle": 0.0},
      "contact": {"shape": {"ellipse": [1.0, 0.5]}, "pressure": "uniform"}, "friction": {"model": "exact"},
      "rho": "R"})"),
                                  "ellipse");
  const Diagram d = sweep(parameter_family(p, "force"), -0.05, 0.05);
  CHECK(d.certificate.complete());
  INFO(d.certificate.reason);
  const auto continua = events_of(d, EventKind::continuum);
  REQUIRE(continua.size() == 1);
  const Event& e = *continua.front();
  CHECK(e.p == 0.0);
  REQUIRE(!e.circles.empty());
  const System sys = make_system(p);
  const auto model = make_friction_model(p);
  const ref::Field field(sys.M(), Eigen::Vector3d::Zero(), *model);  // c = 0 at F = 0 (no offset)
  for (const LimitCircle& c : e.circles) {
    const Eigen::Vector3d a = c.axis.normalized();
    const Eigen::Vector3d u = a.unitOrthogonal(), v = a.cross(u);
    for (double phi : {0.0, 0.7, 2.0, 3.5, 5.1}) {
      const Eigen::Vector3d w = std::cos(c.theta) * (std::cos(phi) * u + std::sin(phi) * v) + std::sin(c.theta) * a;
      CAPTURE(phi);
      CHECK(field.vstar(w).norm() <= vstar_zero);
    }
  }
  for (const Region& r : d.regions) CHECK((r.to <= 0.0 || r.from >= 0.0));
  for (const Event& f : d.events)
    if (&f != &e) CHECK(std::abs(f.p) > 1e-3);
}

TEST_CASE("Fig. 14 colours: the green and brown saddles of the disc (N = 2) told apart by the eigenvalue along the "
          "invariant circle") {
  // the eigenvalue along the circle by a central difference of step 1e-5 (error ~1e-10 in its
  // value); points where it is below 1e-4 (next to an event) are not judged
  constexpr double step = 1e-5, decided = 1e-4;
  const Problem p = disc_n2();
  const Diagram d = sweep(parameter_family(p, "force"), 0.0, 1.5);
  const System sys = make_system(p);
  const auto model = make_friction_model(p);
  int green = 0, brown = 0;
  for (const Branch& b : d.branches)
    for (const BranchPoint& pt : b.points) {
      if (pt.type != SphereType::saddle || pt.radial != Radial::attracting || !pt.colour) continue;
      const ref::Field field(sys.M(), pt.p * sys.load_direction() + sys.load_offset(), *model);
      const double psi = std::atan2(pt.w.z(), pt.w.x());
      const auto along = [&](double s) {
        const Eigen::Vector3d w(std::cos(psi + s), 0.0, std::sin(psi + s));
        const Eigen::Vector3d tc(-w.z(), 0.0, w.x());
        return tc.dot(field.vstar(w));
      };
      const double lambda = (along(step) - along(-step)) / (2 * step);
      if (std::abs(lambda) < decided) continue;
      CAPTURE(pt.p);
      CHECK(*pt.colour == (lambda < 0 ? "green" : "brown"));  // green: the stable direction along the circle
      (lambda < 0 ? green : brown)++;
    }
  CHECK(green > 0);
  CHECK(brown > 0);
}

TEST_CASE("Sect. 7.4: the regions of the disc (N = 2) from F = 0 carry Cases 4, 3, 2, 1 between F_F, F_P = k1 and "
          "F_T = C1") {
  constexpr double load_tol = 1e-9;  // events located to p_tol = 1e-11, closed forms to rounding
  const Problem p = disc_n2();
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double k1 = h.C()[0] - kDiscRow3 * h.S()[0], k2 = h.C()[1] - kDiscRow3 * h.S()[1];
  const double FF = std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2)), FP = k1, FT = h.C()[0];
  const Diagram d = sweep(parameter_family(p, "force"), 0.0, 1.5);
  const json report = diagram_report(p, d);
  const json& regions = report.at("regions");
  REQUIRE(regions.size() == 4);
  const double bounds[] = {0.0, FF, FP, FT, 1.5};
  for (int i = 0; i < 4; ++i) {
    CAPTURE(i);
    CHECK(std::abs(regions[i].at("from").get<double>() - bounds[i]) <= load_tol);
    CHECK(std::abs(regions[i].at("to").get<double>() - bounds[i + 1]) <= load_tol);
    CHECK(regions[i].at("case") == 4 - i);
  }
  // another parameter: the paper defines no case
  Problem ball;
  ball.system.preset = "ball";
  ball.friction.model = "harmonic";
  ball.friction.degree = 2;
  ball.force = 0.5;
  const Diagram dl = sweep(parameter_family(ball, "lambda"), 2.0, 3.0);
  const json ball_report = diagram_report(ball, dl);  // kept: a range-for over .at() of a temporary dangles
  for (const json& r : ball_report.at("regions")) CHECK(r.at("case").is_null());
}

}  // namespace test_continuum_diagram
