// Rigorous enclosures of the exact model of an ellipse with uniform or Hertz pressure (friction/
// contact_enclose.hpp, docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse"),
// against independent truth (each for both pressures, sigma0 = (1 - rhat^2)^alpha, alpha = 0, 1/2):
//  * the brute-force 2-D quadrature of (8) [Kudra & Awrejcewicz 2013] (tests/contact_reference.hpp:
//    nested tanh-sinh in elliptic polar coordinates about the centre, nothing of the library),
//  * its central differences for the Jacobian,
//  * the circle's closed forms (57)-(63) [Nonlinear Dyn. 2024] (friction/exact.hpp, elliptic
//    integrals; (62)-(63) for Hertz) for a = b,
//  * q = (0, 0, -kappa/rho) at pure spin and q = (-u/|u|, 0) at pure sliding (central symmetry),
//  * libm's atan for the arctangent of the Hertz chord (friction/contact_hertz_chord.hpp).
// Compiled with -frounding-math (tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "contact_reference.hpp"
#include "friction/contact_enclose.hpp"
#include "friction/contact_hertz_chord.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/contact/pressure.hpp"
#include "direction_boxes.hpp"
#include "sphere_directions.hpp"

namespace test_contact_enclosure {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::Contact;
using limitdir::Interval;
using limitdir::IVec3;
using limitdir::NominalPressure;
using Vec = Eigen::Vector3d;
using sphere_directions::random_directions;
using sphere_directions::unit;

// The pressures with an enclosure: uniform (alpha = 0) and Hertz (alpha = 1/2).
constexpr std::array<double, 2> kAlphas{0.0, 0.5};
NominalPressure pressure_of(double alpha) { return alpha == 0.0 ? NominalPressure::uniform() : NominalPressure::hertz(); }
limitdir::Pressure circle_pressure_of(double alpha) {
  return alpha == 0.0 ? limitdir::Pressure::uniform() : limitdir::Pressure::hertz();
}

// A point enclosure (a degenerate box) is useful to a proof only when narrow: the polar cells
// stop at a remainder of 1e-12 per unit of t/(2 pi) on each channel (an outer ICR is integrated
// in phi, without tangent rays; the widest seen was 3e-10 when it went down to them in t), and
// q3 carries 1/(pi rho) <= 0.71 (3/2 of it for Hertz: N = 2 pi a b/3) on up to ~400 cells: 1e-9.
// (Seen at a/b = 2: uniform up to 1.7e-13, Hertz up to 2.7e-13 away from the rim.)
constexpr double kTolPointWidth = 1e-9;
// Central differences of the reference with step h: truncation h^2 |q'''|/6 (|q'''| <= ~1e2
// away from the rim) plus the reference's error 1e-13/h: 1e-8 + 1e-8 at h = 1e-5.
constexpr double kFdStep = 1e-5;
constexpr double kTolJacobianFd = 1e-7;
// The reference is asked for 1e-14 relative and accepted when its estimate is below this.
constexpr double kTolReferenceError = 1e-12;
// The reference's own rounding, outside its estimate: sums of O(1) terms in double, seen up to
// 6e-17 at pure sliding; a few hundred units of the last place.
constexpr double kTolReferenceRounding = 1e-15;
// The circle's closed forms in double: a few units of the last place of q ~ 1.
constexpr double kTolClosedForm = 1e-13;

std::optional<limitdir::QEnclosure> enclose(const limitdir::ContactExactModel& m, const IVec3& x) {
  return limitdir::detail::contact_enclose::enclose(m.contact(), m.rho(), x);
}

IVec3 point_box(const Vec& w) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = Interval(w(i));
  return x;
}

/// The direction whose ICR has pre-image polar coordinates (rhat, t): C = rho (-w2, w1)/w3.
Vec with_icr(const Contact& c, double rho, double rhat, double t) {
  const double Cx = c.a() * rhat * std::cos(t), Cy = c.b() * rhat * std::sin(t);
  return Vec(Cy, -Cx, rho).normalized();
}

using direction_boxes::box_about;
using direction_boxes::corner;

bool contains(const Interval& I, double v, double slack) { return I.lower() - slack <= v && v <= I.upper() + slack; }

std::vector<Vec> directions(const Contact& c, double rho) {
  std::vector<Vec> ws = random_directions(6, 5);
  for (Vec w : {unit(0, 0, 1), unit(0, 0, -1), unit(1, 0, 0), unit(0.6, -0.8, 0), unit(1, 0, 1e-7),
                unit(0.3, 0.2, -2e-4), unit(1e-7, 0, 1), unit(-2e-5, 1e-5, -1)})
    ws.push_back(w);
  for (double rhat : {0.3, 0.99, 1.0, 1.01, 1.5, 3.0, 6.0}) ws.push_back(with_icr(c, rho, rhat, 0.7));
  ws.push_back(-with_icr(c, rho, 0.8, 2.0));
  return ws;
}

}  // namespace

TEST_CASE("K&A (8): the enclosures of q of a uniform or Hertz ellipse contain the brute-force 2-D quadrature") {
  for (const double alpha : kAlphas) {
    for (const auto& [a, b, rho] : {std::array<double, 3>{1.0, 0.5, 1.0}, std::array<double, 3>{0.7, 1.0, 0.45}}) {
      const Contact c = Contact::ellipse(a, b, pressure_of(alpha));
      const auto model = limitdir::make_contact_exact_model(c, rho);
      const reference::EllipseContact ref{a, b, alpha};
      for (const Vec& w : directions(c, rho)) {
        CAPTURE(alpha);
        CAPTURE(a);
        CAPTURE(w.transpose());
        const auto e = enclose(*model, point_box(w));
        REQUIRE(e);
        const reference::ReferenceResult r = reference::brute_force_q(ref, w, rho);
        REQUIRE(r.error <= kTolReferenceError);
        for (int i = 0; i < 3; ++i) {
          CAPTURE(i);
          CHECK(contains(e->q(i), r.q(i), r.error + kTolReferenceRounding));
          // on the rim itself (rhat = 1 to rounding) the chord has a kink at the tangent rays and
          // the cells' budget is spent there: that point's enclosure is wide (a proof splits it)
          if (std::abs(model->icr_rhat(w) - 1.0) > 1e-12) CHECK(limitdir::width_of(e->q(i)) <= kTolPointWidth);
        }
      }
    }
  }
}

TEST_CASE("K&A (8): the enclosures of dq/dw of a uniform or Hertz ellipse contain central differences of the brute-force quadrature") {
  const double a = 1.0, b = 0.5, rho = 1.0;
  for (const double alpha : kAlphas) {
    const Contact c = Contact::ellipse(a, b, pressure_of(alpha));
    const auto model = limitdir::make_contact_exact_model(c, rho);
    const reference::EllipseContact ref{a, b, alpha};
    for (const Vec& w : {unit(1, 0, 0), unit(0.4, -0.3, 0.05), unit(0.1, 0.2, 1), with_icr(c, rho, 0.5, 1.0),
                         with_icr(c, rho, 2.0, -0.4), with_icr(c, rho, 0.95, 2.5), with_icr(c, rho, 1.1, 0.2)}) {
      CAPTURE(alpha);
      CAPTURE(w.transpose());
      const auto e = enclose(*model, point_box(w));
      REQUIRE(e);
      for (int j = 0; j < 3; ++j) {
        Vec wp = w, wm = w;
        wp(j) += kFdStep;
        wm(j) -= kFdStep;
        const reference::ReferenceResult rp = reference::brute_force_q(ref, wp, rho), rm = reference::brute_force_q(ref, wm, rho);
        const Vec fd = (rp.q - rm.q) / (2.0 * kFdStep);
        for (int i = 0; i < 3; ++i) {
          CAPTURE(i);
          CAPTURE(j);
          CHECK(contains(e->dq_dw(i, j), fd(i), kTolJacobianFd));
        }
      }
    }
  }
}

TEST_CASE("K&A (8): box enclosures of a uniform or Hertz ellipse contain the brute-force q at points of the box") {
  const double a = 1.0, b = 0.5, rho = 1.0, r = 2e-3;
  for (const double alpha : kAlphas) {
    const Contact c = Contact::ellipse(a, b, pressure_of(alpha));
    const auto model = limitdir::make_contact_exact_model(c, rho);
    const reference::EllipseContact ref{a, b, alpha};
    // a box across pure sliding, one across the rim (rhat = 1), one about an inner and an outer ICR
    for (const Vec& w : {unit(1, 0.1, 0), with_icr(c, rho, 1.0, 0.3), with_icr(c, rho, 0.4, 2.0), with_icr(c, rho, 2.5, 1.0)}) {
      const auto e = enclose(*model, box_about(w, r));
      REQUIRE(e);
      for (int k = 0; k < 9; ++k) {
        const Vec p = corner(w, r, k);
        const reference::ReferenceResult q = reference::brute_force_q(ref, p, rho);
        CAPTURE(alpha);
        CAPTURE(w.transpose());
        CAPTURE(p.transpose());
        for (int i = 0; i < 3; ++i) CHECK(contains(e->q(i), q.q(i), q.error + kTolReferenceRounding));
      }
    }
  }
}

// The path for a proof: the tolerance follows the box's relative width (contact_enclose::
// box_tolerance, up to coarse_tolerance), and a narrow box of an outer ICR is
// integrated in phi (p = sin phi) instead of the ray angle. Degenerate boxes at coarse_tolerance,
// narrow ones (half-width 1e-5 and 3e-4: in phi) and wide ones (1e-2: in t) about outer ICRs
// near the rim and far from it, one on the rim (boxes across it), an inner ICR, pure sliding and random directions must contain the
// brute-force quadrature at their centre and two opposite corners.
TEST_CASE("K&A (8): enclosures at the tolerance of the box contain the brute-force 2-D quadrature") {
  const double a = 1.0, b = 0.5, rho = 1.0;
  for (const double alpha : kAlphas) {
    const Contact c = Contact::ellipse(a, b, pressure_of(alpha));
    const reference::EllipseContact ref{a, b, alpha};
    std::vector<Vec> ws = random_directions(2, 11);
    for (double rhat : {0.5, 1.0, 1.05, 1.5, 3.0}) ws.push_back(with_icr(c, rho, rhat, 0.9));
    ws.push_back(-with_icr(c, rho, 2.0, -2.5));
    ws.push_back(unit(0.8, 0.6, 0.0));
    for (const Vec& w : ws)
      for (double r : {0.0, 1e-5, 3e-4, 1e-2}) {
        const IVec3 X = box_about(w, r);
        const double tol = r == 0.0 ? limitdir::detail::contact_enclose::coarse_tolerance
                                    : limitdir::detail::contact_enclose::box_tolerance(X);
        const auto e = limitdir::detail::contact_enclose::enclose(c, rho, X, tol);
        REQUIRE(e);
        for (int k : {8, 0, 7}) {  // the centre, then two opposite corners
          if (r == 0.0 && k != 8) continue;
          const Vec p = corner(w, r, k);
          const reference::ReferenceResult q = reference::brute_force_q(ref, p, rho);
          CAPTURE(alpha);
          CAPTURE(w.transpose());
          CAPTURE(r);
          CAPTURE(p.transpose());
          for (int i = 0; i < 3; ++i) CHECK(contains(e->q(i), q.q(i), q.error + kTolReferenceRounding));
        }
      }
  }
}

TEST_CASE("(57)-(63) [Nonlinear Dyn. 2024]: the enclosures of a uniform or Hertz circle contain the disc's closed forms") {
  for (const double alpha : kAlphas) {
    CAPTURE(alpha);
    const Contact c = Contact::circle(1.0, pressure_of(alpha));
    const auto model = limitdir::make_contact_exact_model(c);
    const auto disc = limitdir::make_exact_model(circle_pressure_of(alpha), c.kappa());
    std::vector<Vec> ws = random_directions(20, 3);
    for (double rhat : {0.5, 0.999, 1.0, 1.001, 2.0, 3.0, 4.0}) ws.push_back(with_icr(c, c.kappa(), rhat, 0.3));
    for (const Vec& w : ws) {
      CAPTURE(w.transpose());
      const auto e = enclose(*model, point_box(w));
      REQUIRE(e);
      const limitdir::FrictionJacobian J = disc->jacobian(w);
      for (int i = 0; i < 3; ++i) {
        CHECK(contains(e->q(i), J.q(i), kTolClosedForm));
        if (std::abs(model->icr_rhat(w) - 1.0) > 1e-3)  // the closed forms' Jacobian is only C^0 on the rim
          for (int j = 0; j < 3; ++j) CHECK(contains(e->dq_dw(i, j), J.dq_dw(i, j), 1e-9));
      }
    }
  }
}

TEST_CASE("K&A (8): pure spin and pure sliding of a uniform or Hertz ellipse in closed form") {
  for (const double alpha : kAlphas) {
    CAPTURE(alpha);
    const Contact c = Contact::ellipse(1.0, 0.5, pressure_of(alpha));
    const double rho = 0.8;
    const auto model = limitdir::make_contact_exact_model(c, rho);
    const auto spin = enclose(*model, point_box(Vec(0, 0, 1)));
    REQUIRE(spin);
    CHECK(contains(spin->q(0), 0.0, 0.0));
    CHECK(contains(spin->q(1), 0.0, 0.0));
    CHECK(contains(spin->q(2), -c.kappa() / rho, kTolClosedForm));  // kappa of contact/shape.hpp (E(e))
    const Vec u = unit(0.6, -0.8, 0);
    const auto slide = enclose(*model, point_box(u));
    REQUIRE(slide);
    for (int i = 0; i < 3; ++i) CHECK(contains(slide->q(i), -u(i), 0.0));
  }
}

// friction/contact_hertz_chord.hpp: atan enclosed at points from 1e-300 to 1e300 of both signs and
// at infinity contains libm's (within 1 ulp for atan in glibc), and the enclosure is a few
// units of the last place wide; A = pi/2 + atan(m/sigma) is pi or 0 at sigma = 0.
TEST_CASE("A&S 4.4.42: the Hertz chord's arctangent encloses libm's") {
  const limitdir::UpwardRounding upward;
  using limitdir::detail::contact_enclose::atan_enclosure;
  using limitdir::detail::contact_enclose::hertz_angle;
  // libm's atan within 1 ulp (glibc's documented bound), plus our interval's own width
  constexpr double kTolUlp = 4e-16;
  // the enclosure's width: a few units of the last place of atan y (|y| < 0.2) from the series'
  // roundings, times 4 for the two halvings of the angle: 16 ulp of 1 = 3.6e-15
  constexpr double kTolAtanWidth = 4e-15;
  for (double x : {0.0, 1e-300, 1e-8, 0.1, 0.19, 0.5, 0.99, 1.0, 1.01, 2.0, 7.5, 1e4, 1e300}) {
    for (const double sx : {x, -x}) {
      CAPTURE(sx);
      const Interval e = atan_enclosure(Interval(sx));
      CHECK(contains(e, std::atan(sx), kTolUlp * std::abs(std::atan(sx))));
      CHECK(limitdir::width_of(e) <= kTolAtanWidth * std::max(1.0, std::abs(std::atan(sx))));
    }
  }
  constexpr double inf = std::numeric_limits<double>::infinity();
  CHECK(contains(atan_enclosure(Interval(inf)), std::atan(inf), kTolUlp));
  CHECK(contains(hertz_angle(Interval(0.3), Interval(0.0)), M_PI, kTolUlp));
  CHECK(contains(hertz_angle(Interval(-0.3), Interval(0.0)), 0.0, 0.0));
  CHECK(contains(hertz_angle(Interval(0.3), Interval(0.4)), M_PI / 2 + std::atan(0.75), kTolUlp));
}

}  // namespace test_contact_enclosure
