// The sections of the friction surface q(S^2) by the coordinate planes, found by solving (31)
// [Kudra & Awrejcewicz 2013] (friction/surface_section.hpp), against values obtained without it:
//  * the end values (11): with a centrally symmetric pressure (d = 0) M_s = 0 at pure sliding
//    with |T| = 1, so the section q3 = 0 is the unit circle of pure sliding, for any b (the
//    paper's remark under Fig. 7);
//  * the circle's closed forms (62)-(63), (77) [Nonlinear Dyn. 2024] (friction/exact.hpp, a
//    different algorithm from the contact model's quadrature about the ICR): the section q1 = 0
//    of the Hertz circle is the meridian curve (Q, T), reaching q3 = kappa/rho = 3 pi/16 at pure spin.
#include <doctest/doctest.h>

#include <cmath>

#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/surface_section.hpp"
#include "limitdir/contact/pressure.hpp"

namespace test_surface_section {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {
constexpr double pi = 3.14159265358979323846;
// the contact model's quadrature agrees with brute force to 1e-11 (tests/contact/test_contact.cpp,
// kTolReference); the closed forms are exact to rounding
constexpr double kTolModel = 1e-11;
}  // namespace

TEST_CASE("K&A (31), (11): with d = 0 the section M_s = 0 is the unit circle of pure sliding for any b") {
  for (const double b : {1.0, 0.5, 0.3}) {
    const limitdir::ContactExactModel model(limitdir::Contact::ellipse(1.0, b, limitdir::NominalPressure::hertz()), 1.0);
    const limitdir::SurfaceSection s = limitdir::surface_section(model, 2, 24);
    REQUIRE(s.points.size() == 24);
    CHECK(s.i == 0);
    CHECK(s.j == 1);
    for (const limitdir::SectionPoint& p : s.points) {
      CHECK(p.residual <= limitdir::kSectionResidual);
      CHECK(std::abs(p.w[2]) < kTolModel);  // pure sliding, v_s != 0, omega_s = 0
      CHECK(std::abs(std::hypot(p.q[0], p.q[1]) - 1.0) < kTolModel);
      CHECK(std::abs(std::remainder(std::atan2(p.q[1], p.q[0]) - p.phi_x, 2.0 * pi)) < kTolModel);  // on the ray phi_x
    }
  }
}

TEST_CASE("K&A (31) on the Hertz circle: the section T_sx = 0 is the meridian curve of (62)-(63), (77)") {
  const limitdir::ContactExactModel model(limitdir::Contact::circle(1.0, limitdir::NominalPressure::hertz()), 1.0);
  const auto closed = limitdir::make_exact_model(limitdir::Pressure::hertz(), 1.0);
  const limitdir::SurfaceSection s = limitdir::surface_section(model, 0, 36);
  for (const limitdir::SectionPoint& p : s.points) {
    CHECK(p.residual <= limitdir::kSectionResidual);
    CHECK(std::abs(p.w[0]) < kTolModel);  // the meridian plane w1 = 0
    CHECK((p.q - closed->q(p.w)).norm() < kTolModel);
  }
  // phi_x = pi/2 (m = 9 of 36): pure spin, q = (0, 0, kappa/rho) with kappa = 3 pi/16 R (77)
  CHECK(std::abs(s.points[9].q[2] - 3.0 * pi / 16.0) < kTolModel);
  CHECK(std::abs(s.points[9].q[1]) < kTolModel);
  // phi_x = 0: pure sliding, q = (0, 1, 0)
  CHECK(std::abs(s.points[0].q[1] - 1.0) < kTolModel);
}

TEST_CASE("K&A (31): a distorted ellipse's sections solve (31) and lie on the surface's rays") {
  const limitdir::ContactExactModel model(
      limitdir::Contact::ellipse(1.0, 0.3, limitdir::NominalPressure::hertz()).with_distortion(1.0, pi / 2.0), 1.0);
  for (int k = 0; k < 3; ++k) {
    const limitdir::SurfaceSection s = limitdir::surface_section(model, k, 40);
    for (const limitdir::SectionPoint& p : s.points) {
      const Eigen::Vector3d q = model.q(p.w);  // recomputed, not the solver's copy
      CHECK(std::abs(q[k]) <= limitdir::kSectionResidual);
      CHECK(std::abs(-std::sin(p.phi_x) * q[s.i] + std::cos(p.phi_x) * q[s.j]) <= limitdir::kSectionResidual);
      CHECK(std::cos(p.phi_x) * q[s.i] + std::sin(p.phi_x) * q[s.j] > 0.0);
    }
  }
  CHECK_THROWS_AS(limitdir::surface_section(model, 3, 10), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::surface_section(model, 0, 2), limitdir::InputError);
}

}  // namespace test_surface_section
