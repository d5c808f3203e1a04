// The exact integral model (8) [Kudra & Awrejcewicz 2013] of a circular or elliptic contact
// (contact/shape.hpp, friction/contact_model.hpp) against values obtained independently of it:
//  * contact_reference.hpp: brute-force 2-D quadrature of (8) in the elliptic polar
//    coordinates (21) (no library code);
//  * the circle's exact model of [Nonlinear Dyn. 2024] (make_exact_model: elliptic-integral closed forms
//    and a ring quadrature, a different algorithm);
//  * closed forms: Table 1 / (11) [Kudra & Awrejcewicz 2013] at pure spin and pure sliding,
//    (22) the centre of pressure, the pure-spin lateral force of the shift (2)/(6) [Kireenkov];
//  * identities: oddness, the mirror symmetries of the ellipse, the swap of the axes,
//    Euler's relation for the Jacobian, central differences of q.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "contact_reference.hpp"
#include "limitdir/contact/shape.hpp"
#include "sphere_directions.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/contact/pressure.hpp"

namespace test_contact {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::Contact;
using limitdir::InputError;
using limitdir::NominalPressure;
using Vec = Eigen::Vector3d;
constexpr double kPi = 3.14159265358979323846;

// The reference asks each quadrature for 1e-14 of its L1 norm and reports its error estimate;
// the brief's accuracy target for the model is 1e-11 absolute (q is O(1)).
constexpr double kTolReference = 1e-11;
// Two algorithms of ~1e-15 accuracy each (the circle's exact model claims ~1e-15 |q|); 1e-12
// leaves three orders for the rounding of the different formulas.
constexpr double kTolTwoAlgorithms = 1e-12;
// Their Jacobians: the dual-number quadrature is accepted at an estimated 1e-11 per entry, the
// circle's closed forms are exact; entries are O(1)..O(10) on the tested directions.
constexpr double kTolJacobianAlgorithms = 1e-9;
// Identities that hold exactly for the integrals: only the quadrature errors (estimated
// <= 1e-14, see the doubling tolerances of friction/contact_model.cpp) separate the two sides.
constexpr double kTolIdentity = 1e-12;
// Central differences with step 1e-6: truncation O(h^2 |q'''|) ~ 1e-12 |q'''|, rounding
// O(1e-16/h) ~ 1e-10; the brief's 1e-7 leaves margin for |q'''| up to ~1e4 (not near the
// contact boundary, where q is only C^1: the tested directions keep away from it).
constexpr double kFdStep = 1e-6;
constexpr double kTolJacobianFd = 1e-7;
// Closed forms evaluated with std::comp_ellint_1/2 vs the model: rounding only.
constexpr double kTolClosedForm = 1e-13;
// Galin's pressure just inside the rim: the derivatives are taken on the rim where their
// quadrature does not converge (1 - rhat^2 < 1e-8, friction/contact_model.cpp); from the inside the
// Jacobian is Lipschitz there, with a constant O(10) on the tested directions, so the change is
// below 10 x 1e-13 for the points tested at 1 - rhat = 1e-13; 1e-9 is the two-algorithm bound.
constexpr double kTolJacobianRim = 1e-9;

using sphere_directions::random_directions;
using sphere_directions::unit;

// A direction whose ICR has pre-image radius rhat (at pre-image angle t) for rho.
Vec with_icr(const Contact& c, double rho, double rhat, double t) {
  // C = rho (-w2, w1)/w3 = (a rhat cos t, b rhat sin t)
  const double cx = c.a() * rhat * std::cos(t), cy = c.b() * rhat * std::sin(t);
  return unit(cy / rho, -cx / rho, 1.0);
}

// The sigma0 moments I_i of (23) [Kudra & Awrejcewicz 2013] (normalised: 2 pi I_1 = 1) of
// (1 - r^2)^alpha: I_i = M_i/(2 pi M_1), M_i = B((i+1)/2, alpha+1)/2 (std::beta, C++17).
double I(int i, double alpha) {
  const double M1 = 0.5 * std::beta(1.0, alpha + 1.0), Mi = 0.5 * std::beta(0.5 * (i + 1), alpha + 1.0);
  return Mi / (2.0 * kPi * M1);
}

struct Case {
  std::string name;
  Contact contact;
  Eigen::Vector2d l;  // the linear factor's gradient, computed here from (15)/(16)
};

std::vector<Case> reference_cases() {
  const double g = 1.0, d = 0.8;
  return {
      {"circle R = 1.3, uniform", Contact::circle(1.3, NominalPressure::uniform()), Eigen::Vector2d::Zero()},
      {"ellipse 1 x 0.5, Hertz", Contact::ellipse(1.0, 0.5, NominalPressure::hertz()), Eigen::Vector2d::Zero()},
      {"ellipse 0.7 x 1.4, uniform", Contact::ellipse(0.7, 1.4, NominalPressure::uniform()), Eigen::Vector2d::Zero()},
      {"ellipse 1 x 0.25, power 1.5", Contact::ellipse(1.0, 0.25, NominalPressure::power(1.5)),
       Eigen::Vector2d::Zero()},
      {"ellipse 2 x 1.2, power 0.2", Contact::ellipse(2.0, 1.2, NominalPressure::power(0.2)), Eigen::Vector2d::Zero()},
      {"ellipse 1 x 0.1, uniform", Contact::ellipse(1.0, 0.1, NominalPressure::uniform()), Eigen::Vector2d::Zero()},
      // (16): sigma0 (1 + d x cos g'/a + d y sin g'/b) in the user's lengths
      {"ellipse 1 x 0.5, Hertz, distortion (15) d = 0.8, gamma' = 1",
       Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).with_distortion(d, g),
       Eigen::Vector2d(d * std::cos(g) / 1.0, d * std::sin(g) / 0.5)},
  };
}

// Directions: random, both poles, the equator, the ICR near/on the boundary, far away, and on
// both sides of the switch to the tensor rule (6 max(a, b)).
std::vector<Vec> test_directions(const Contact& c, double rho) {
  std::vector<Vec> ws = random_directions(8, 7);
  for (Vec w : {unit(0, 0, 1), unit(0, 0, -1), unit(1, 0, 0), unit(0.6, -0.8, 0), unit(0, 1, 1e-9)}) ws.push_back(w);
  const double big = std::max(c.a(), c.b());
  for (double rhat : {0.3, 0.99, 1.0 - 1e-8, 1.0, 1.0 + 1e-10, 1.01, 1.5, 5.0})
    ws.push_back(with_icr(c, rho, rhat, 0.7));
  for (double f : {6.0 * (1.0 - 1e-9), 6.0 * (1.0 + 1e-9)}) ws.push_back(unit(f * big / rho, 0.0, 1.0));
  ws.push_back(-with_icr(c, rho, 0.8, 2.0));
  return ws;
}

}  // namespace

// q of `model` at each of ws against the brute-force reference (ten times better than the
// tolerance by its own estimate).
void check_against_reference(const Case& cs, const reference::EllipseContact& ref,
                             const limitdir::ContactExactModel& model, const std::vector<Vec>& ws) {
  for (const Vec& w : ws) {
    const reference::ReferenceResult r = reference::brute_force_q(ref, w, model.rho());
    CAPTURE(cs.name);
    CAPTURE(w.transpose());
    REQUIRE(r.error <= 0.1 * kTolReference);
    CHECK((model.q(w) - r.q).cwiseAbs().maxCoeff() <= kTolReference);
  }
}

TEST_CASE("K&A (8) Sect. 2: exact model against brute-force 2-D quadrature - circle and ellipses with uniform/Hertz/power pressure and distortion (15)") {
  for (const Case& cs : reference_cases()) {
    const auto model = limitdir::make_contact_exact_model(cs.contact);
    const reference::EllipseContact ref{cs.contact.a(), cs.contact.b(), cs.contact.alpha(), cs.l};
    check_against_reference(cs, ref, *model, test_directions(cs.contact, model->rho()));
  }
}

TEST_CASE("Kireenkov (2) and (6): pressure shifted along the sliding direction against brute-force quadrature") {
  const double k = 0.6, rho = 0.9;
  const Contact c = Contact::ellipse(1.0, 0.6, NominalPressure::uniform()).with_shift(k);
  const auto model = limitdir::make_contact_exact_model(c, rho);
  for (const Vec& w : test_directions(c, rho)) {
    const double w12 = std::hypot(w.x(), w.y());
    Eigen::Vector2d l = Eigen::Vector2d::Zero();  // (2): k x_par/R, R = the major semi-axis
    if (w12 > 0.0) l = k * Eigen::Vector2d(w.x(), w.y()) / w12 / 1.0;
    const reference::ReferenceResult r = reference::brute_force_q({1.0, 0.6, 0.0, l}, w, rho);
    CAPTURE(w.transpose());
    REQUIRE(r.error <= 0.1 * kTolReference);  // the reference ten times better than the tolerance
    CHECK((model->q(w) - r.q).cwiseAbs().maxCoeff() <= kTolReference);
  }
}

TEST_CASE("(23) [Nonlinear Dyn. 2024]: a circular contact equals the circle's exact model (rho = kappa)") {
  struct P {
    NominalPressure contact;
    limitdir::Pressure circle;
  };
  const std::vector<P> pressures{{NominalPressure::uniform(), limitdir::Pressure::uniform()},
                                 {NominalPressure::hertz(), limitdir::Pressure::hertz()},
                                 {NominalPressure::power(0.25), limitdir::Pressure::power(0.25)},
                                 {NominalPressure::power(2.5), limitdir::Pressure::power(2.5)},
                                 {NominalPressure::galin(), limitdir::Pressure::galin()},
                                 {NominalPressure::power(-0.5), limitdir::Pressure::power(-0.5)},
                                 {NominalPressure::profile({0.0, 0.3, 0.7, 1.0}, {1.0, 0.9, 0.5, 0.2}),
                                  limitdir::Pressure::profile({0.0, 0.3, 0.7, 1.0}, {1.0, 0.9, 0.5, 0.2})},
                                 {NominalPressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0}),
                                  limitdir::Pressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0})}};
  const double R = 1.7;
  for (const P& p : pressures) {
    const Contact c = Contact::circle(R, p.contact);
    // kappa of (39): M2/M1 R; the contact computes it from E(0) = pi/2
    CHECK(c.kappa() == doctest::Approx(p.circle.kappa() * R).epsilon(kTolClosedForm));
    const auto model = limitdir::make_contact_exact_model(c);
    const auto circle = limitdir::make_exact_model(p.circle, c.kappa() / R);
    std::vector<Vec> ws = random_directions(300, 11);
    for (double rhat : {0.5, 0.99, 1.0, 1.01, 3.0, 5.9, 6.1, 40.0}) ws.push_back(with_icr(c, c.kappa(), rhat, 0.3));
    for (const Vec& w : ws) {
      CAPTURE(p.circle.name());
      CAPTURE(w.transpose());
      const limitdir::FrictionJacobian a = model->jacobian(w), b = circle->jacobian(w);
      CHECK((a.q - b.q).cwiseAbs().maxCoeff() <= kTolTwoAlgorithms);
      CHECK((model->q(w) - b.q).cwiseAbs().maxCoeff() <= kTolTwoAlgorithms);
      if (std::abs(model->icr_rhat(w) - 1.0) > 1e-3)  // q is only C^1 on the rim
        CHECK((a.dq_dw - b.dq_dw).cwiseAbs().maxCoeff() <= kTolJacobianAlgorithms);
    }
  }
}

TEST_CASE("K&A (11) and Table 1: pure spin and pure sliding") {
  for (double bb : {1.0, 0.5, 0.25}) {
    for (const NominalPressure& p : {NominalPressure::uniform(), NominalPressure::hertz()}) {
      const double e2 = 1.0 - bb * bb, e = std::sqrt(e2);
      const double K = std::comp_ellint_1(e), E = std::comp_ellint_2(e);
      const double G = e2 > 0 ? (K - E) / e2 : kPi / 4, H = e2 > 0 ? (E - (1 - e2) * K) / e2 : kPi / 4;
      const double I2 = I(2, p.alpha), I3 = I(3, p.alpha);
      const double kappa_e = 4.0 * E * I2;  // c_{0,0,-1}, a = 1
      CAPTURE(bb);
      CAPTURE(p.name());
      const Contact plain = Contact::ellipse(1.0, bb, p);
      CHECK(plain.kappa() == doctest::Approx(kappa_e).epsilon(kTolClosedForm));
      const double d = 0.7, g = 0.4;
      const Contact c = plain.with_distortion(d, g);
      const double dc = d * std::cos(g), ds = d * std::sin(g);
      const auto model = limitdir::make_contact_exact_model(c);
      const double rho = model->rho();
      // (11), v_s = 0: T_sx = -c011 sgn, T_sy = c101 sgn, M_s = c00-1 sgn, and q = -(T_sx, T_sy, M_s/rho)
      const double c011 = 4.0 * bb * G * I2 * ds, c101 = 4.0 * H * I2 * dc;
      for (double s : {1.0, -1.0}) {
        const Vec q = model->q(Vec(0, 0, s));
        CHECK(std::abs(q.x() - s * c011) <= kTolIdentity);
        CHECK(std::abs(q.y() + s * c101) <= kTolIdentity);
        CHECK(std::abs(q.z() + s * kappa_e / rho) <= kTolIdentity);
      }
      CHECK(std::abs(model->q(Vec(0, 0, 1)).z() + 1.0) <= kTolIdentity);  // rho = kappa: |q3| = 1
      // (11), omega_s = 0: T = (c_phi, s_phi), M_s = c100 s_phi - c010 c_phi, (22): c100 = pi I3 d_c, c010 = pi b I3 d_s
      for (double phi : {0.0, 0.5 * kPi, 2.2, -1.0}) {
        const Vec q = model->q(Vec(std::cos(phi), std::sin(phi), 0));
        const double Ms = kPi * I3 * dc * std::sin(phi) - kPi * bb * I3 * ds * std::cos(phi);
        CHECK(std::abs(q.x() + std::cos(phi)) <= kTolIdentity);
        CHECK(std::abs(q.y() + std::sin(phi)) <= kTolIdentity);
        CHECK(std::abs(q.z() + Ms / rho) <= kTolIdentity);
      }
      // (22): the centre of pressure
      const Eigen::Vector2d S = c.centre_of_pressure(Vec(1, 0, 0));
      CHECK(std::abs(S.x() - kPi * I3 * dc) <= kTolClosedForm);
      CHECK(std::abs(S.y() - kPi * bb * I3 * ds) <= kTolClosedForm);
    }
  }
}

TEST_CASE("K&A Table 1 (b = 0.5 and 0.25): kappa_e = c_00-1 = 4 E(e) I_2") {
  // 4 E(e) I_2 (Table 1 with a = 1) to 15 digits, computed outside limitdir (E by the AGM);
  // tests/reference/ellipse_kappa.py re-derives them from the definition of kappa by quadrature
  CHECK(Contact::ellipse(1.0, 0.5, NominalPressure::uniform()).kappa() == doctest::Approx(0.513988141730013).epsilon(1e-14));
  CHECK(Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).kappa() == doctest::Approx(0.454146010338172).epsilon(1e-14));
  CHECK(Contact::ellipse(1.0, 0.25, NominalPressure::uniform()).kappa() == doctest::Approx(0.455099409814454).epsilon(1e-14));
  CHECK(Contact::ellipse(1.0, 0.25, NominalPressure::hertz()).kappa() == doctest::Approx(0.402113520710477).epsilon(1e-14));
  // N = pi a b/(alpha + 1): the integral of (1 - rhat^2)^alpha over the ellipse
  CHECK(Contact::ellipse(2.0, 0.5, NominalPressure::hertz()).N() == doctest::Approx(kPi * 2.0 * 0.5 / 1.5).epsilon(1e-15));
}

TEST_CASE("K&A (8): symmetries - oddness and the mirror images and swapped axes of the ellipse") {
  const Contact c = Contact::ellipse(1.0, 0.4, NominalPressure::hertz());
  const Contact swapped = Contact::ellipse(0.4, 1.0, NominalPressure::hertz());
  const auto m = limitdir::make_contact_exact_model(c, 0.6);
  const auto ms = limitdir::make_contact_exact_model(swapped, 0.6);
  std::vector<Vec> ws = random_directions(60, 5);
  for (double rhat : {0.9999, 1.0001, 2.0, 7.0}) ws.push_back(with_icr(c, 0.6, rhat, 0.4));
  for (const Vec& w : ws) {
    CAPTURE(w.transpose());
    const Vec q = m->q(w);
    // oddness: v(r) changes sign with w for a centrally symmetric pressure
    CHECK((m->q(-w) + q).cwiseAbs().maxCoeff() <= kTolIdentity);
    // y -> -y: w -> (w1, -w2, -w3), q -> (q1, -q2, -q3)
    CHECK((m->q(Vec(w.x(), -w.y(), -w.z())) - Vec(q.x(), -q.y(), -q.z())).cwiseAbs().maxCoeff() <= kTolIdentity);
    // x -> -x: w -> (-w1, w2, -w3), q -> (-q1, q2, -q3)
    CHECK((m->q(Vec(-w.x(), w.y(), -w.z())) - Vec(-q.x(), q.y(), -q.z())).cwiseAbs().maxCoeff() <= kTolIdentity);
    // rotation by 90 degrees maps the ellipse a x b onto b x a: q_swapped(R w) = R q(w)
    const Vec qs = ms->q(Vec(-w.y(), w.x(), w.z()));
    CHECK((qs - Vec(-q.y(), q.x(), q.z())).cwiseAbs().maxCoeff() <= kTolIdentity);
  }
}

TEST_CASE("K&A Sect. 4.3: f(theta_s + pi) = -f(theta_s) also with the distortion (15) - but not with the shift (2)") {
  // Any fixed pressure: v(r) is linear in w, so q(-w) = -q(w) (K&A Figs 8-12 rely on it, d = 1).
  const auto md = limitdir::make_contact_exact_model(
      Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).with_distortion(1.0, 1.0));
  // Kireenkov's shift turns with the sliding direction: sigma(r; -w) = sigma(-r; w), and the
  // point reflection r -> -r of the ellipse gives q(-w) = diag(-1, -1, 1) q(w1, w2, -w3) instead.
  const auto ms = limitdir::make_contact_exact_model(Contact::ellipse(1.0, 0.6, NominalPressure::uniform()).with_shift(0.5));
  for (const Vec& w : random_directions(30, 21)) {
    CAPTURE(w.transpose());
    CHECK((md->q(-w) + md->q(w)).cwiseAbs().maxCoeff() <= kTolIdentity);
    const Vec qr = ms->q(Vec(w.x(), w.y(), -w.z()));
    CHECK((ms->q(-w) - Vec(-qr.x(), -qr.y(), qr.z())).cwiseAbs().maxCoeff() <= kTolIdentity);
  }
  CHECK((ms->q(unit(0.3, 0.4, 0.5)) + ms->q(unit(-0.3, -0.4, -0.5))).norm() > 0.1);  // not odd
}

TEST_CASE("K&A (57): the Hertz moments I_0 = 3/8 and I_2 = 3/32 and I_3 = 1/(5 pi) and I_5 = 4/(35 pi)") {
  CHECK(I(0, 0.5) == doctest::Approx(3.0 / 8.0).epsilon(kTolClosedForm));
  CHECK(I(2, 0.5) == doctest::Approx(3.0 / 32.0).epsilon(kTolClosedForm));
  CHECK(I(3, 0.5) == doctest::Approx(1.0 / (5.0 * kPi)).epsilon(kTolClosedForm));
  CHECK(I(5, 0.5) == doctest::Approx(4.0 / (35.0 * kPi)).epsilon(kTolClosedForm));
}

TEST_CASE("Kireenkov (6)-(7): the shift adds only a lateral force with the pure-spin limit k pi I_2") {
  const double k = 0.5;
  for (const NominalPressure& p : {NominalPressure::uniform(), NominalPressure::hertz()}) {
    const Contact base = Contact::circle(1.0, p);
    const auto m0 = limitdir::make_contact_exact_model(base);
    const auto mk = limitdir::make_contact_exact_model(base.with_shift(k));
    for (const Vec& w : random_directions(40, 9)) {
      const Vec dq = mk->q(w) - m0->q(w);
      const Eigen::Vector2d s = Eigen::Vector2d(w.x(), w.y()).normalized();
      CHECK(std::abs(dq.x() * s.x() + dq.y() * s.y()) <= kTolIdentity);  // F_par unchanged
      CHECK(std::abs(dq.z()) <= kTolIdentity);                             // M_C unchanged
    }
    // near pure spin: q_xy -> -k pi I2 sgn(w3) n, n = e_z x s (Kireenkov's F_perp at v = 0)
    const double phi = 0.8, lim = k * kPi * I(2, p.alpha);
    for (double s3 : {1.0, -1.0}) {
      const Vec q = mk->q(Vec(1e-10 * std::cos(phi), 1e-10 * std::sin(phi), s3));
      CHECK(std::abs(q.x() - lim * s3 * std::sin(phi)) <= 1e-9);  // O(eps) = 1e-10 away from the limit
      CHECK(std::abs(q.y() + lim * s3 * std::cos(phi)) <= 1e-9);
    }
    const limitdir::FrictionJacobian J = mk->jacobian(Vec(0, 0, 1));  // the shift is dropped at pure spin
    CHECK_FALSE(J.differentiable);
    CHECK(std::abs(J.q.x()) <= kTolIdentity);
    CHECK(std::abs(J.q.y()) <= kTolIdentity);
  }
}

TEST_CASE("Kireenkov (3)-(5): the shift s of the centre of pressure gives k = 5Fh/(NR) (Hertz) and 3Fh/(NR) (Galin)") {
  // Fh = N s (3) with the printed k: s = F h/N = k R/5 (Hertz), k R/3 (Galin), along the sliding direction
  const double R = 1.6, k = 0.4;
  const Vec w = unit(0.6, -0.8, 0.3);
  const Eigen::Vector2d s_hat(0.6, -0.8);
  for (const auto& [p, denominator] : {std::pair{NominalPressure::hertz(), 5.0}, std::pair{NominalPressure::power(-0.5), 3.0}}) {
    const Eigen::Vector2d S = Contact::circle(R, p).with_shift(k).centre_of_pressure(w);
    CHECK((S - k * R / denominator * s_hat).cwiseAbs().maxCoeff() <= kTolClosedForm);
  }
}

TEST_CASE("Jacobian of the exact contact model: central differences and Euler's relation") {
  std::vector<Contact> contacts{Contact::ellipse(1.0, 0.5, NominalPressure::hertz()),
                                Contact::ellipse(1.0, 0.3, NominalPressure::uniform()).with_distortion(0.9, 2.0),
                                Contact::ellipse(0.8, 1.0, NominalPressure::power(1.5)).with_shift(0.7),
                                Contact::circle(1.0, NominalPressure::power(3.0)),
                                Contact::ellipse(1.0, 0.5, NominalPressure::galin()),
                                Contact::ellipse(1.0, 0.4, NominalPressure::galin()).with_distortion(0.7, 0.5),
                                Contact::ellipse(1.0, 0.6, NominalPressure::profile({0.0, 0.3, 0.7, 1.0},
                                                                                    {1.0, 0.9, 0.5, 0.2})),
                                Contact::ellipse(0.7, 1.2, NominalPressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0}))
                                    .with_shift(0.5)};
  for (const Contact& c : contacts) {
    const auto m = limitdir::make_contact_exact_model(c);
    std::vector<Vec> ws = random_directions(40, 13);
    for (double rhat : {0.0, 0.5, 0.97, 1.05, 3.0, 20.0}) ws.push_back(with_icr(c, m->rho(), rhat, 1.1));
    ws.push_back(unit(0.3, 0.4, 0.0));
    for (const Vec& w : ws) {
      if (std::abs(m->icr_rhat(w) - 1.0) < 0.02) continue;  // q''' grows like 1/|rhat - 1| near the rim
      if (c.has_shift() && std::hypot(w.x(), w.y()) < 0.05) continue;  // the shift jumps at pure spin
      CAPTURE(c.description());
      CAPTURE(w.transpose());
      const limitdir::FrictionJacobian J = m->jacobian(w);
      Eigen::Matrix3d fd;
      for (int j = 0; j < 3; ++j) {
        Vec e = Vec::Zero();
        e[j] = kFdStep;
        fd.col(j) = (m->q(w + e) - m->q(w - e)) / (2.0 * kFdStep);
      }
      CHECK((J.dq_dw - fd).cwiseAbs().maxCoeff() <= kTolJacobianFd);
      CHECK((J.dq_dw * w).cwiseAbs().maxCoeff() <= kTolIdentity);  // degree-0 homogeneity
      CHECK((J.q - m->q(w)).cwiseAbs().maxCoeff() <= kTolIdentity);
    }
  }
}

TEST_CASE("Contact and model input validation: bad input throws InputError") {
  const NominalPressure h = NominalPressure::hertz();
  CHECK_THROWS_AS(Contact::circle(0.0, h), InputError);
  CHECK_THROWS_AS(Contact::ellipse(1.0, -0.5, h), InputError);
  CHECK_THROWS_AS(Contact::ellipse(std::nan(""), 0.5, h), InputError);
  CHECK_THROWS_AS(Contact::ellipse(1.0, 0.5, NominalPressure::power(-1.0)), InputError);
  CHECK_THROWS_AS(Contact::ellipse(1.0, 0.5, NominalPressure::power(INFINITY)), InputError);
  CHECK_THROWS_AS(Contact::circle(1.0, NominalPressure{NominalPressure::Kind::hertz, 0.3, {}, {}}), InputError);
  const Contact c = Contact::ellipse(1.0, 0.5, h);
  CHECK_THROWS_AS(c.with_distortion(1.2, 0.0), InputError);   // (15): 0 <= d <= 1
  CHECK_THROWS_AS(c.with_distortion(-0.1, 0.0), InputError);
  CHECK_THROWS_AS(c.with_distortion(0.5, std::nan("")), InputError);
  CHECK_THROWS_AS(c.with_shift(1.5), InputError);             // 1 - 1.5 x_par/a < 0 at x = a
  CHECK_THROWS_AS(c.with_shift(-1.01), InputError);
  // combined: |d u + k (cos phi, 0.5 sin phi)| reaches 0.6 + 0.5 > 1 along x
  CHECK_THROWS_AS(c.with_distortion(0.6, 0.0).with_shift(0.5), InputError);
  CHECK_NOTHROW(c.with_distortion(1.0, 0.3));                 // the paper's upper limit
  CHECK_NOTHROW(c.with_shift(1.0));
  CHECK_NOTHROW(c.with_distortion(0.6, 0.5 * kPi).with_shift(0.5));  // max |.|^2 = 0.73 at sin phi = 0.8
  CHECK_THROWS_AS(limitdir::make_contact_exact_model(c, 0.0), InputError);
  // edge-singular pressures: a valid contact; the exact model takes alpha >= -1/2
  CHECK_NOTHROW(Contact::ellipse(1.0, 0.5, NominalPressure::power(-0.5)));
  CHECK_NOTHROW(limitdir::make_contact_exact_model(Contact::ellipse(1.0, 0.5, NominalPressure::galin())));
  CHECK_THROWS_AS(Contact::ellipse(1.0, 0.5, NominalPressure{NominalPressure::Kind::galin, -0.4, {}, {}}), InputError);
  // below -1/2 the Jacobian is not Lipschitz at the rim: not for the exact model
  CHECK_THROWS_AS(limitdir::make_contact_exact_model(Contact::ellipse(1.0, 0.5, NominalPressure::power(-0.6))), InputError);
  CHECK_THROWS_AS(limitdir::make_contact_exact_model(c, -1.0), InputError);
  try {
    c.with_distortion(2.0, 0.0);
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
  }
}

TEST_CASE("A tabulated pressure on an ellipse: (8) [Kudra & Awrejcewicz 2013] against brute-force quadrature, "
          "N and kappa from the profile's moments") {
  // sigma0 linear in rhat between nodes: one nonzero at the rim, one rising then falling to 0;
  // the reference splits its radial integrals at the nodes (contact_reference.hpp). ICRs on a
  // node circle (rhat = 0.3, 0.5, 0.7) and either side of the rim test the closed-form chord
  // pieces where they start and end.
  const double d = 0.6, g = 0.4;
  const NominalPressure falling = NominalPressure::profile({0.0, 0.3, 0.7, 1.0}, {1.0, 0.9, 0.5, 0.2});
  const NominalPressure ring = NominalPressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0});
  const std::vector<std::pair<Case, NominalPressure>> cases{
      {{"ellipse 1 x 0.6, falling profile", Contact::ellipse(1.0, 0.6, falling), Eigen::Vector2d::Zero()}, falling},
      {{"ellipse 0.7 x 1.2, ring profile, distortion (15)", Contact::ellipse(0.7, 1.2, ring).with_distortion(d, g),
        Eigen::Vector2d(d * std::cos(g) / 0.7, d * std::sin(g) / 1.2)},
       ring}};
  for (const auto& [cs, sigma0] : cases) {
    const auto model = limitdir::make_contact_exact_model(cs.contact);
    reference::EllipseContact ref{cs.contact.a(), cs.contact.b(), 0.0, cs.l, sigma0.xi, sigma0.p};
    // N: the reference's own segment integrals
    CHECK(cs.contact.N() == doctest::Approx(reference::normal_force(ref)).epsilon(kTolClosedForm));
    std::vector<Vec> ws = random_directions(6, 19);
    for (double rhat : {0.0, 0.3, 0.45, 0.5, 0.7, 0.99, 1.0 - 1e-6, 1.0 + 1e-6, 1.02, 3.0, 5.9, 6.1})
      ws.push_back(with_icr(cs.contact, model->rho(), rhat, 0.7));
    ws.push_back(unit(1.0, -0.3, 0.0));
    ws.push_back(unit(0.0, 0.0, 1.0));
    check_against_reference(cs, ref, *model, ws);
  }
  // kappa = -q3 at pure spin times rho (its definition (1/N) int sigma |r| dA, contact/shape.hpp)
  const Contact c = Contact::ellipse(1.0, 0.6, falling);
  const auto model = limitdir::make_contact_exact_model(c);
  CHECK(-model->q(unit(0.0, 0.0, 1.0)).z() * model->rho() == doctest::Approx(c.kappa()).epsilon(kTolReference));
  // approximate models built from (1 - rhat^2)^alpha moments refuse a profile
  CHECK_THROWS_AS(limitdir::make_contact_approx_model("kudra-pade", c, model->rho(), {}), InputError);
}

TEST_CASE("Galin's pressure on an ellipse: (8) [Kudra & Awrejcewicz 2013] against brute-force quadrature, "
          "continuity across the rim, and the Jacobian of the circle just inside its rim") {
  // (1 - rhat^2)^(-1/2), with and without the distortion (15); the reference integrates the
  // edge singularity by tanh-sinh (contact_reference.hpp). Directions off the rim: with the ICR
  // exactly on an edge-singular rim the reference stalls (its own estimate is then wrong).
  const double d = 0.6, g = 0.4;
  const std::vector<Case> cases{
      {"ellipse 1 x 0.5, Galin", Contact::ellipse(1.0, 0.5, NominalPressure::galin()), Eigen::Vector2d::Zero()},
      {"ellipse 0.6 x 1.5, Galin, distortion (15)", Contact::ellipse(0.6, 1.5, NominalPressure::galin()).with_distortion(d, g),
       Eigen::Vector2d(d * std::cos(g) / 0.6, d * std::sin(g) / 1.5)}};
  for (const Case& cs : cases) {
    const auto model = limitdir::make_contact_exact_model(cs.contact);
    const reference::EllipseContact ref{cs.contact.a(), cs.contact.b(), cs.contact.alpha(), cs.l};
    std::vector<Vec> ws = random_directions(6, 17);
    for (double rhat : {0.0, 0.4, 0.99, 1.0 - 1e-6, 1.0 + 1e-6, 1.02, 3.0}) ws.push_back(with_icr(cs.contact, model->rho(), rhat, 0.7));
    ws.push_back(unit(1.0, -0.3, 0.0));
    check_against_reference(cs, ref, *model, ws);
    // q is continuous across the rim (C^1 from the inside): on the rim and 1e-12 to either side
    // it changes by at most |J| 1e-12 (|J| < 10 here).
    for (double t : {0.3, 2.0, 4.4}) {
      const Vec on = with_icr(cs.contact, model->rho(), 1.0, t);
      for (double rhat : {1.0 - 1e-12, 1.0 + 1e-12}) {
        CAPTURE(t);
        CHECK((model->q(with_icr(cs.contact, model->rho(), rhat, t)) - model->q(on)).cwiseAbs().maxCoeff() <= 1e-10);
      }
    }
  }
  // The circle: just inside the rim the derivatives fall back to the rim; the circle's exact
  // model of [Nonlinear Dyn. 2024] (ring quadrature) is the independent value.
  const Contact c = Contact::circle(1.0, NominalPressure::galin());
  const auto model = limitdir::make_contact_exact_model(c);
  const auto circle = limitdir::make_exact_model(limitdir::Pressure::galin(), c.kappa());
  for (double t : {0.3, 1.3, 2.9})
    for (double rhat : {1.0 - 1e-13, 1.0 - 3e-14, 1.0 - 1e-10}) {
      const Vec w = with_icr(c, c.kappa(), rhat, t);
      const limitdir::FrictionJacobian a = model->jacobian(w), b = circle->jacobian(w);
      CAPTURE(t);
      CAPTURE(rhat);
      CHECK((a.q - b.q).cwiseAbs().maxCoeff() <= kTolTwoAlgorithms);
      CHECK((a.dq_dw - b.dq_dw).cwiseAbs().maxCoeff() <= kTolJacobianRim);
    }
}

TEST_CASE("Exact contact models built on several threads at once (a map's sweeps along alpha) are those built on one") {
  // Each model takes 7 Gauss-Jacobi rules of its alpha from a memo of 256 (numerics/gauss_jacobi.hpp),
  // which another thread clears when it fills: a model must hold its rules, not refer into the
  // memo (it did: a use after free that crashed the ellipse's (F, alpha) map). 4 threads x 48 alphas
  // fill the memo 5 times; each model's q at a fixed direction must equal that of the same model
  // built alone (an ASan build reports any read of a freed rule).
  constexpr int kThreads = 4, kAlphas = 48;
  const auto alpha_of = [](int t, int k) { return 0.05 + 0.013 * (kThreads * k + t); };
  const Vec w = Vec(0.6, -0.3, 0.5).normalized();
  std::vector<std::vector<Vec>> concurrent(kThreads, std::vector<Vec>(kAlphas));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < kAlphas; ++k) {
        const auto model = limitdir::make_contact_exact_model(Contact::ellipse(1.0, 0.5, NominalPressure::power(alpha_of(t, k))));
        concurrent[t][k] = model->q(w);
      }
    });
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t)
    for (int k = 0; k < kAlphas; k += 7) {
      CAPTURE(alpha_of(t, k));
      const auto alone = limitdir::make_contact_exact_model(Contact::ellipse(1.0, 0.5, NominalPressure::power(alpha_of(t, k))));
      CHECK(alone->q(w) == concurrent[t][k]);
    }
}

}  // namespace test_contact
