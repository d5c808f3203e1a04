// The uniform disc with its pressure shifted along the sliding direction (2) [Kireenkov], constant
// k, in closed form (friction/exact_shift.hpp, docs/manual.md section 7 "The shifted uniform disc"),
// against values obtained independently of its formulas:
//  * the contact model of friction/contact_model.hpp: a two-dimensional quadrature in polar
//    coordinates about the instantaneous centre of rotation with the shifted density itself
//    (no ring decomposition, no elliptic integrals);
//  * the limits of the lateral force (6)-(7) [Kireenkov]: k pi I_2 = k/3 at pure spin and
//    k pi I_3/eps = k/(4 eps) at pure sliding (I_k = M_k/(2 pi M_1), uniform M_k = 1/(k + 1));
//  * its two forms (about the poles and about the equator) meeting at eps = 1, and the series
//    meeting the closed forms at t = 1/4;
//  * central differences of the values for the slopes;
//  * for the interval enclosures (the proofs' q, friction/exact_enclose.cpp), the contact
//    quadrature at points of each box, and the unshifted disc's quadrature for the continuous part
//    about a pole.
// Units: R = 1, mu = 1, q = (Q_x, Q_y, T_z/rho)/(mu N) (docs/manual.md section 1).
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <vector>

#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/exact_shift.hpp"
#include "limitdir/numerics/interval.hpp"
#include "direction_boxes.hpp"
#include "sphere_directions.hpp"

namespace test_exact_disc_shift {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::Contact;
using limitdir::NominalPressure;
using Vec = Eigen::Vector3d;
constexpr double kPi = 3.14159265358979323846;

// As tests/contact/test_contact.cpp: two algorithms of ~1e-15 accuracy each (the contact
// quadrature doubles its nodes to an estimated 1e-14; the closed forms are E, B within 0.7 ulp
// times O(1) coefficients), 1e-12 leaving three orders for rounding; the dual-number quadrature's
// Jacobian is accepted at an estimated 1e-11 per entry, entries O(1)..O(10): 1e-9.
constexpr double kTolTwoAlgorithms = 1e-12;
constexpr double kTolJacobianAlgorithms = 1e-9;
// Forms that are equal in exact arithmetic: E, B within 0.7 ulp, coefficients O(10) and the
// closed forms' 1/t (1/t^2 for H's slope) at most 16 at t = 1/4: 1e-14.
constexpr double kTolForms = 1e-14;
// Central differences with step 1e-5 in t: truncation h^2 |f'''|/6 ~ 2e-11 |f'''| and rounding
// 1e-16/h = 1e-11, with |f'''| = O(10) away from t = 1 (where the slope has a log term): 1e-9.
constexpr double kFdStep = 1e-5;
constexpr double kTolFd = 1e-9;

// An enclosure holds the exact value; the contact quadrature is within its ~1e-14 of it, so an
// enclosure must hold the quadrature's value to kTolTwoAlgorithms (its Jacobian to
// kTolJacobianAlgorithms). A point box's enclosure is useful to a proof only when narrow: E, B
// in 64-bit Arb balls, the laws' Horner sums and ~30 outward-rounded operations, with the
// factors 1/w12 of n: 1e-12.
constexpr double kTolPointWidth = 1e-12;

using limitdir::Interval;

bool holds(const Interval& I, double v, double slack) { return I.lower() - slack <= v && v <= I.upper() + slack; }

using direction_boxes::box_about;
using direction_boxes::corner;

// The slip direction at eps = v/(|omega| R) along e1 with omega of sign `spin` (rho/R = r):
// w = (eps/r, 0, spin).
Vec at_eps(double eps, double r, double spin = 1.0) { return Vec(eps / r, 0.0, spin); }

}  // namespace

TEST_CASE("(2) [Kireenkov] uniform disc, constant shift: the closed form against the contact quadrature") {
  std::vector<Vec> directions = sphere_directions::random_directions(60, 7);
  for (double r : {2.0 / 3.0, 1.0, 0.3})
    for (double eps : {1e-6, 0.2, 0.5, 0.999, 1.0, 1.001, 2.0, 40.0})
      for (double spin : {1.0, -1.0}) directions.push_back(at_eps(eps, r, spin));
  directions.push_back(Vec(0.3, -0.8, 0.0));  // pure sliding
  directions.push_back(Vec(0.0, 0.0, -1.0));  // pure spin: both drop the shift
  double worst_q = 0.0, worst_J = 0.0;
  for (double r : {2.0 / 3.0, 1.0, 0.3})
    for (double k : {0.5, -1.0, 1.0}) {
      const auto closed = limitdir::make_shifted_disc_exact_model(r, k);
      const auto quadrature =
          limitdir::make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()).with_shift(k), r);
      CHECK(closed->kappa_over_rho() == doctest::Approx(quadrature->kappa_over_rho()).epsilon(1e-15));
      for (const Vec& w0 : directions) {
        const Vec w = w0 / w0.norm() * (w0.x() == 0.0 ? 1.0 : 2.5);  // a non-unit x: degree-0 extension
        const limitdir::FrictionJacobian a = closed->jacobian(w), b = quadrature->jacobian(w);
        const double dq = (a.q - b.q).cwiseAbs().maxCoeff(), dJ = (a.dq_dw - b.dq_dw).cwiseAbs().maxCoeff();
        CHECK_MESSAGE(dq <= kTolTwoAlgorithms, "rho ", r, " k ", k, " w ", w.transpose(), ": ", dq);
        CHECK((closed->q(w) - a.q).cwiseAbs().maxCoeff() <= kTolTwoAlgorithms);
        CHECK(a.differentiable == b.differentiable);
        if (a.differentiable) CHECK_MESSAGE(dJ <= kTolJacobianAlgorithms, "rho ", r, " k ", k, " w ", w.transpose(), ": ", dJ);
        worst_q = std::max(worst_q, dq);
        if (a.differentiable) worst_J = std::max(worst_J, dJ);
      }
    }
  MESSAGE("largest difference to the contact quadrature: q ", worst_q, ", dq/dw ", worst_J);
}

TEST_CASE("(6)-(7) [Kireenkov] the lateral force of the shift: k pi I_2 at pure spin, k pi I_3/eps at pure sliding") {
  // I_k = M_k/(2 pi M_1) with M_k = 1/(k + 1): pi I_2 = 1/3, pi I_3 = 1/4
  CHECK(limitdir::disc_shift_lateral_pole(0.0).value == doctest::Approx(1.0 / 3.0).epsilon(1e-15));
  CHECK(limitdir::disc_shift_lateral_equator(0.0).value == doctest::Approx(0.25).epsilon(1e-15));
  const double r = 2.0 / 3.0, k = 0.5;
  const auto shifted = limitdir::make_shifted_disc_exact_model(r, k);
  const auto plain = limitdir::make_shifted_disc_exact_model(r, 0.0);
  // omega > 0, s = e1: n = e2, the force -sgn(omega) k Lambda n
  const Vec spin = at_eps(1e-9, r), slide = at_eps(1e9, r);
  CHECK((shifted->q(spin) - plain->q(spin)).y() == doctest::Approx(-k / 3.0).epsilon(1e-8));
  CHECK((shifted->q(slide) - plain->q(slide)).y() * 1e9 == doctest::Approx(-k / 4.0).epsilon(1e-8));
  // the lateral force is the only change: along s and in the torque nothing
  for (double eps : {0.1, 0.7, 1.0, 3.0}) {
    const Vec d = shifted->q(at_eps(eps, r)) - plain->q(at_eps(eps, r));
    CHECK(std::abs(d.x()) == 0.0);
    CHECK(std::abs(d.z()) == 0.0);
  }
}

TEST_CASE("The shifted disc's two forms meet at eps = 1 with their slopes (C^1 across the rim circle)") {
  // Lambda(eps) = Lp(eps^2) for eps <= 1 and H(1/eps^2)/eps for eps >= 1: at eps = 1 both give
  // 32/(45 pi), and dLambda/deps = 2 Lp'(1) = -(H(1) + 2 H'(1)) = -8/(15 pi)
  const limitdir::ValueSlope p = limitdir::disc_shift_lateral_pole(1.0), e = limitdir::disc_shift_lateral_equator(1.0);
  CHECK(p.value == doctest::Approx(32.0 / (45.0 * kPi)).epsilon(kTolForms));
  CHECK(e.value == doctest::Approx(32.0 / (45.0 * kPi)).epsilon(kTolForms));
  CHECK(2.0 * p.slope == doctest::Approx(-8.0 / (15.0 * kPi)).epsilon(kTolForms));
  CHECK(-(e.value + 2.0 * e.slope) == doctest::Approx(-8.0 / (15.0 * kPi)).epsilon(kTolForms));
}

TEST_CASE("The shifted disc's series and closed forms agree at t = 1/4, and the slopes are the values' derivatives") {
  for (auto f : {&limitdir::disc_shift_lateral_pole, &limitdir::disc_shift_lateral_equator}) {
    const limitdir::ValueSlope below = f(std::nextafter(0.25, 0.0)), at = f(0.25);
    CHECK(below.value == doctest::Approx(at.value).epsilon(kTolForms));
    CHECK(below.slope == doctest::Approx(at.slope).epsilon(kTolForms));
    for (double t : {0.01, 0.1, 0.2, 0.3, 0.5, 0.8, 0.95}) {
      const double fd = (f(t + kFdStep).value - f(t - kFdStep).value) / (2.0 * kFdStep);
      CHECK_MESSAGE(std::abs(f(t).slope - fd) <= kTolFd, "t ", t, ": ", f(t).slope, " against ", fd);
    }
  }
}

TEST_CASE("The shifted disc: |k| > 1 turns the pressure negative (InputError)") {
  CHECK_THROWS_AS(limitdir::make_shifted_disc_exact_model(1.0, 1.01), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::make_shifted_disc_exact_model(1.0, std::nan("")), limitdir::InputError);
  CHECK_NOTHROW(limitdir::make_shifted_disc_exact_model(1.0, -1.0));
}

TEST_CASE("(2) [Kireenkov] shifted disc: the interval enclosures of q and dq/dw contain the contact quadrature") {
  std::vector<Vec> directions = sphere_directions::random_directions(24, 11);
  for (double eps : {1e-3, 0.3, 0.9, 1.0, 1.2, 5.0})
    for (double spin : {1.0, -1.0}) directions.push_back(at_eps(eps, 2.0 / 3.0, spin).normalized());
  directions.push_back(Vec(0.6, -0.8, 0.0));  // pure sliding (the equator: sgn(w3) Lambda -> 0)
  double widest_point = 0.0;
  for (const auto& [r, k] : {std::array<double, 2>{2.0 / 3.0, 0.5}, std::array<double, 2>{0.3, -1.0}}) {
    const auto closed = limitdir::make_shifted_disc_exact_model(r, k);
    const auto quadrature =
        limitdir::make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()).with_shift(k), r);
    for (const Vec& w : directions)
      for (double half : {0.0, 1e-6, 1e-3}) {
        CAPTURE(w.transpose());
        CAPTURE(half);
        const std::optional<limitdir::QEnclosure> e = closed->enclose(box_about(w, half));
        REQUIRE(e);
        for (int c = 0; c <= 8; ++c) {
          const Vec p = corner(w, half, c);
          const limitdir::FrictionJacobian J = quadrature->jacobian(p);
          for (int i = 0; i < 3; ++i) {
            CHECK_MESSAGE(holds(e->q(i), J.q(i), kTolTwoAlgorithms), "q", i, " ", J.q(i));
            for (int j = 0; j < 3; ++j) CHECK(holds(e->dq_dw(i, j), J.dq_dw(i, j), kTolJacobianAlgorithms));
          }
        }
        if (half == 0.0)
          for (int i = 0; i < 3; ++i) widest_point = std::max(widest_point, limitdir::width_of(e->q(i)));
      }
    // a box that meets a pole has none: n jumps there
    CHECK_FALSE(closed->enclose(box_about(Vec(1e-4, 0.0, 1.0), 1e-3)));
    CHECK_FALSE(closed->enclose(box_about(Vec(0.0, 0.0, -1.0), 0.0)));
  }
  CHECK(widest_point <= kTolPointWidth);
  MESSAGE("widest enclosure of q at a point: ", widest_point);
}

TEST_CASE("(2), (6) [Kireenkov] shifted disc about a pole: q = q_0 + a n, a = -sgn(w3) k Lambda, k/3 at pure spin") {
  const double r = 2.0 / 3.0;
  for (double k : {0.5, -1.0}) {
    const auto closed = limitdir::make_shifted_disc_exact_model(r, k);
    const auto shifted =
        limitdir::make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()).with_shift(k), r);
    const auto unshifted = limitdir::make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()), r);
    for (double w3 : {1.0, -1.0}) {
      // at the pole itself: pi I_2 = 1/3 (6) [Kireenkov]
      const auto at_pole = closed->enclose_pole_jump(box_about(Vec(0.0, 0.0, w3), 0.0));
      REQUIRE(at_pole);
      CHECK(holds(at_pole->a, -w3 * k / 3.0, kTolTwoAlgorithms));
      CHECK(limitdir::width_of(at_pole->a) <= kTolPointWidth);
      // boxes about the pole and beside it: the quadratures at their points
      for (const Vec& centre : {Vec(0.0, 0.0, w3), Vec(0.05, -0.03, w3), Vec(-0.2, 0.1, w3)}) {
        const double half = 0.02;
        const auto J = closed->enclose_pole_jump(box_about(centre, half));
        REQUIRE(J);
        for (int c = 0; c <= 8; ++c) {
          const Vec p = corner(centre, half, c);
          if (p.x() == 0.0 && p.y() == 0.0) continue;  // the pole: n is not defined
          const Vec q0 = unshifted->q(p), lateral = shifted->q(p) - q0;
          const Vec n = Vec(-p.y(), p.x(), 0.0).normalized();
          for (int i = 0; i < 3; ++i) CHECK(holds(J->q_c(i), q0(i), kTolTwoAlgorithms));
          CHECK(holds(J->a, lateral.dot(n), kTolTwoAlgorithms));
          CHECK((lateral - lateral.dot(n) * n).norm() <= kTolTwoAlgorithms);  // along n only
        }
      }
    }
    // beyond the pole halves (eps > 1 somewhere in the box) and across the equator: none
    CHECK_FALSE(closed->enclose_pole_jump(box_about(at_eps(1.5, r).normalized(), 1e-3)));
    CHECK_FALSE(closed->enclose_pole_jump(box_about(Vec(1.0, 0.0, 0.0), 1e-3)));
  }
}

}  // namespace test_exact_disc_shift
