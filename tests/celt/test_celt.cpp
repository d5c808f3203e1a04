// The Celtic stone of [Awrejcewicz & Kudra, Celtic stone] (celt/celt.hpp, docs/manual.md section
// 12): its data against independently computed values, the invariants of (1)-(3) without
// friction, the constraint (3) against finite differences of the support function, the
// dissipation of (19)-(21), the spin reversal, the rattleback of [Kane & Levinson 1982], and
// the slip system near stick against the rigid-body Delassus operator in closed form and a
// finite difference of the dynamics.
#include <doctest/doctest.h>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/ellint_2.hpp>
#include <cmath>
#include <filesystem>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "limitdir/celt/celt.hpp"
#include "limitdir/contact/integrals.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_celt {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// Runs are integrated with the relative and absolute tolerance 1e-11 per step; over the ~1e3
// to 1e4 steps of a test run the global error of a conserved quantity stays below
// 1e4 * 1e-11 = 1e-7 of its scale.
constexpr double kRunTol = 1e-11;
constexpr double kConservedTol = 1e-7;

CeltBody paper_body() { return celt_paper_body(); }

CeltContact frictionless() {
  CeltContact c = celt_paper_contact(CeltModel::W1);
  c.mu = 0.0;
  c.k_r = 0.0;
  return c;
}

// The initial conditions of docs/manual.md section 12: pitch 0.05 rad, spin +-3 rad/s.
CeltState reversal_start(double spin) {
  CeltInitial in;
  in.tilt_y = 0.05;
  in.omega = {0.0, 0.0, spin};
  return celt_initial_state(paper_body(), in);
}

// [Kane & Levinson 1982]: a = 20 cm, b = 3 cm, c = 2 cm, h = 1 cm, m = 1 kg, (A, B, C, D) =
// (2, 16, 17, -0.2) kg cm^2 with their x3 axis pointing into the contact; in our frame (x3 up,
// a rotation by pi about x1e) the product of inertia changes sign: B12 = +0.2 kg cm^2.
CeltBody kane_levinson() {
  CeltBody body;
  body.m = 1.0;
  body.g = 9.81;
  body.axes = {0.20, 0.03, 0.02};
  body.B << 2e-4, 2e-5, 0.0, 2e-5, 1.6e-3, 0.0, 0.0, 0.0, 1.7e-3;
  body.k = {0.0, 0.0, -0.01};
  return body;
}

// Near rolling without sliding: the point contact of (18) with a large mu and a small fixed
// contact (0.5 mm), no rolling resistance.
CeltContact kane_levinson_contact() {
  CeltContact c = celt_paper_contact(CeltModel::P1);
  c.mu = 0.3;
  c.a_hat = 0.5e-3;
  c.b = 1.0;
  return c;
}

CeltStepping stepping(double t_end, double dt) {
  CeltStepping s;
  s.t_end = t_end;
  s.dt = dt;
  s.tolerance = kRunTol;
  return s;
}

}  // namespace

TEST_CASE("Sect. 4: principal moments 0.00106881, 0.00023119 kg m^2 and the chirality angle -16.66 deg") {
  const CeltPrincipal p = celt_principal(paper_body());
  // the values of the implementation notes, printed to 6 significant digits / 0.01 deg
  CHECK(std::abs(p.larger - 0.00106881) <= 5e-9);
  CHECK(std::abs(p.smaller - 0.00023119) <= 5e-9);
  CHECK(std::abs(p.angle * 180.0 / M_PI - (-16.66)) <= 0.005);
  // and against Eigen's symmetric eigensolver (another algorithm) to rounding (1e-15 relative)
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> es(paper_body().B.topLeftCorner<2, 2>());
  CHECK(std::abs(es.eigenvalues()[0] - p.smaller) <= 1e-15 * p.larger);
  CHECK(std::abs(es.eigenvalues()[1] - p.larger) <= 1e-15 * p.larger);
  const Eigen::Vector2d v = es.eigenvectors().col(0);
  CHECK(std::abs(std::abs(v.dot(Eigen::Vector2d(std::cos(p.angle), std::sin(p.angle)))) - 1.0) <= 1e-14);
}

TEST_CASE("(18): the Zhuravlev-Klimov constant 8/(3 pi) = 0.848826363156775 = 1/(pi I_0) of the Hertz circle") {
  CeltContact c = celt_paper_contact(CeltModel::P1);
  c.epsilon = 0.0;  // the unregularised law: T_sx = v_s/(v_s + a |omega_s|)
  const CeltLaw law = celt_law(c, 1.0, Eigen::Vector3d(1.0, 0.0, 1.0), Eigen::Vector2d::Zero());
  const double a = -1.0 / law.force[0] - 1.0;
  CHECK(std::abs(a - 0.848826363156775) <= 1e-15);                             // the paper's constant
  CHECK(std::abs(a - 1.0 / (M_PI * radial_moment(0.5, 0.0))) <= 1e-15);        // 1/Q'(0) of the Hertz circle
  CHECK(law.spin_torque == 0.0);
  CHECK(law.rolling.norm() == 0.0);  // S3 = 0: no rolling resistance
}

TEST_CASE("(9): the c_ijk from S_0, S_2, S_3 equal K&A's quadrature (30) for the Hertz moments") {
  const double b = 0.3, d = 0.7, gamma = 0.4;
  const KudraFrame frame{1.0, b, false, d * std::cos(gamma), d * std::sin(gamma), 0.5};
  const CharacteristicIntegrals c = celt_fitted_integrals(b, radial_moment(0.5, 0.0), radial_moment(0.5, 2.0),
                                                          radial_moment(0.5, 3.0), frame.d_c, frame.d_s);
  // (30) sums the angular integral by the trapezoid rule to 1e-15; (9) uses K, E: 1e-14 absolute
  constexpr double tol = 1e-13;
  CHECK(std::abs(c.c100 - characteristic_integral(frame, 1, 0, 0)) <= tol);
  CHECK(std::abs(c.c010 - characteristic_integral(frame, 0, 1, 0)) <= tol);
  CHECK(std::abs(c.c011 - characteristic_integral(frame, 0, 1, 1)) <= tol);
  CHECK(std::abs(c.c101 - characteristic_integral(frame, 1, 0, 1)) <= tol);
  CHECK(std::abs(c.c203 - characteristic_integral(frame, 2, 0, 3)) <= tol);
  CHECK(std::abs(c.c023 - characteristic_integral(frame, 0, 2, 3)) <= tol);
  CHECK(std::abs(c.c200 - characteristic_integral(frame, 2, 0, 0)) <= tol);
  CHECK(std::abs(c.c020 - characteristic_integral(frame, 0, 2, 0)) <= tol);
  CHECK(std::abs(c.c00m1 - characteristic_integral(frame, 0, 0, -1)) <= tol);
}

TEST_CASE("(12): F(e) against Boost's complete elliptic integrals, F(0) = 1 and the sphere's Hertz radius") {
  for (double e : {0.3, 0.9, 0.99}) {
    const double K = boost::math::ellint_1(e), E = boost::math::ellint_2(e);  // modulus k = e
    const double direct = std::cbrt(4.0 / (M_PI * e * e)) * std::pow((E / (1.0 - e * e) - K) * (K - E), 1.0 / 6.0);
    // the direct form cancels K - E ~ e^2: ~1e-15/e^2 relative, 2e-14 at e = 0.3
    CHECK(std::abs(celt_hertz_F(e) - direct) <= 2e-14 * direct);
  }
  CHECK(std::abs(celt_hertz_F(0.0) - 1.0) <= 1e-15);
  // the sphere (kappa1 = kappa2 = 1/R): a = (3 N R/(4 E*))^(1/3), b = 1
  const double R = 0.02, N = 3.0, Es = 1e8;
  const HertzSize h = celt_hertz_size(1.0 / R, 1.0 / R, N, Es);
  CHECK(h.b == 1.0);
  CHECK(std::abs(h.a_hat - std::cbrt(3.0 * N * R / (4.0 * Es))) <= 1e-15 * h.a_hat);
}

TEST_CASE("(11)-(12) at the stone's rest point: kappa1 = a3/a1^2, kappa2 = 1/a2, b = 0.1387, a = 3.244 mm") {
  const CeltBody body = paper_body();
  const CeltGeometry g = celt_geometry(body, Eigen::Vector3d::UnitZ());
  CHECK((g.r - Eigen::Vector3d(0.0, 0.0, -0.025)).norm() <= 1e-17);
  CHECK(std::abs(g.height - 0.020) <= 1e-17);
  CHECK(std::abs(g.kappa1 - 0.025 / (0.11 * 0.11)) <= 1e-13);
  CHECK(std::abs(g.kappa2 - 1.0 / 0.025) <= 1e-13);
  const HertzSize h = celt_hertz_size(g.kappa1, g.kappa2, body.m * body.g, 1e8);
  // the implementation notes' values (4 digits)
  CHECK(std::abs(h.b - 0.13870) <= 5e-6);
  CHECK(std::abs(h.a_hat - 3.244e-3) <= 5e-7);
}

TEST_CASE("(1)-(3) without friction: energy, vertical angular momentum about C and horizontal momentum conserved") {
  const CeltBody body = paper_body();
  CeltInitial in;
  in.tilt_x = 0.04, in.tilt_y = 0.03;
  in.omega = {0.5, -0.3, 4.0};
  const CeltRun run = celt_simulate(body, frictionless(), celt_initial_state(body, in), stepping(1.0, 0.01));
  const CeltSample& s0 = run.samples.front();
  for (const CeltSample& s : run.samples) {
    CHECK(std::abs(s.energy - s0.energy) <= kConservedTol * s0.energy);
    CHECK(std::abs(s.L_z - s0.L_z) <= kConservedTol * std::abs(s0.L_z));
    CHECK((s.state.V - s0.state.V).norm() <= kConservedTol * 0.1);  // |V| ~ 0.1 m/s: omega 4/s x arm 0.025 m
  }
}

TEST_CASE("(3): the vertical velocity of C is the derivative of the support function h(n(t))") {
  const CeltBody body = paper_body();
  CeltInitial in;
  in.tilt_x = 0.1, in.tilt_y = -0.2;
  in.omega = {1.5, -2.0, 3.0};
  const CeltState s = celt_initial_state(body, in);
  const CeltRates r = celt_rates(body, frictionless(), s);
  // n(t) in the body frame turns as exp(-[omega] t) n: central difference of h over +-delta,
  // error delta^2 h''' / 6 ~ 1e-10 * |omega|^3 * 0.1 m ~ 3e-10 m/s
  const double delta = 1e-5;
  const auto h = [&](double t) {
    const Eigen::Vector3d n = Eigen::AngleAxisd(-s.omega.norm() * t, s.omega.normalized()) * r.geo.n;
    return celt_geometry(body, n).height;
  };
  CHECK(std::abs((h(delta) - h(-delta)) / (2.0 * delta) - r.v.z()) <= 1e-9);
  // the contact point stays on the plane and does not slip: n . v_A = 0
  // n . v_A = 0 to rounding: a few ulp of the velocities (|V| ~ 0.1 m/s)
  CHECK(std::abs(r.slip.dot(r.geo.n)) <= 1e-16);
}

TEST_CASE("(1)-(3): m z_C'' = N - m g along a frictionless run (second differences of the support function)") {
  const CeltBody body = paper_body();
  CeltInitial in;
  in.tilt_x = 0.1, in.tilt_y = 0.1;
  in.omega = {2.0, 1.0, 3.0};
  const double dt = 2e-4;
  const CeltRun run = celt_simulate(body, frictionless(), celt_initial_state(body, in), stepping(0.2, dt));
  const auto z = [&](std::size_t i) { return run.samples[i].height; };
  for (std::size_t i = 2; i + 2 < run.samples.size(); i += 20) {
    // Richardson-extrapolated second difference: truncation O(dt^4 z^(6)) ~ 1e-7 m/s^2; the
    // dense output's error (1e-11 x 0.02 m) amplified by ~5/dt^2 gives ~3e-5 m/s^2
    const double d1 = (z(i + 1) - 2.0 * z(i) + z(i - 1)) / (dt * dt);
    const double d2 = (z(i + 2) - 2.0 * z(i) + z(i - 2)) / (4.0 * dt * dt);
    const double zdd = (4.0 * d1 - d2) / 3.0;
    CHECK(std::abs(zdd - (run.samples[i].N / body.m - body.g)) <= 5e-5);
  }
}

TEST_CASE("Sect. 4 (W1, our initial conditions): the spin reverses for omega_3 = +3 rad/s, not for -3, energy never increases") {
  const CeltBody body = paper_body();
  const CeltContact w1 = celt_paper_contact(CeltModel::W1);
  const CeltRun plus = celt_simulate(body, w1, reversal_start(3.0), stepping(1.5, 0.01));
  REQUIRE(plus.reversals.size() >= 1);
  CHECK(plus.reversals.front() > 0.5);
  CHECK(plus.reversals.front() < 1.0);
  CHECK(plus.samples.back().omega_world.z() < -1.0);  // spinning the other way at > 1 rad/s
  const CeltRun minus = celt_simulate(body, w1, reversal_start(-3.0), stepping(1.5, 0.01));
  CHECK(minus.reversals.empty());
  // dissipation: E non-increasing up to the integrator's error on E (1e-11 x 0.07 J = 7e-13 J)
  for (const CeltRun* run : {&plus, &minus}) {
    CHECK(run->max_energy_increase <= 1e-12);
    for (const CeltSample& s : run->samples) CHECK(s.power <= 1e-12);
  }
}

TEST_CASE("(1)-(21) are covariant under the mirror y -> -y: B12 -> -B12 and omega_3 -> -omega_3 mirror the run") {
  // the reflection maps omega to (-w1, w2, -w3) and keeps a pitch about x2e; P'3 (a fast model
  // with every term of (17) and the rolling resistance) from the reversing start, 1 s
  CeltBody body = paper_body(), mirror = paper_body();
  mirror.B(0, 1) = mirror.B(1, 0) = -body.B(0, 1);
  const CeltContact p3 = celt_paper_contact(CeltModel::P3_prime);
  const CeltRun run = celt_simulate(body, p3, reversal_start(3.0), stepping(1.0, 0.01));
  CeltInitial in;
  in.tilt_y = 0.05;
  in.omega = {0.0, 0.0, -3.0};
  const CeltRun image = celt_simulate(mirror, p3, celt_initial_state(mirror, in), stepping(1.0, 0.01));
  // the step control sees mirrored errors of equal norm, so both runs take the same steps and
  // differ by rounding only (amplified along 1 s of a chaotic-looking flow): 1e-8 is ample
  REQUIRE(run.reversals.size() == image.reversals.size());
  for (std::size_t i = 0; i < run.reversals.size(); ++i)
    CHECK(std::abs(run.reversals[i] - image.reversals[i]) <= 1e-8);
  const Eigen::Vector3d w = run.samples.back().state.omega, m = image.samples.back().state.omega;
  CHECK((Eigen::Vector3d(-w[0], w[1], -w[2]) - m).norm() <= 1e-8 * 3.0);  // |omega| ~ 3 rad/s
}

TEST_CASE("[Kane & Levinson 1982] rattleback: the spin reverses in one direction only") {
  const CeltBody body = kane_levinson();
  const auto run = [&](double spin) {
    CeltInitial in;
    in.tilt_y = 0.02;
    in.omega = {0.0, 0.0, spin};
    return celt_simulate(body, kane_levinson_contact(), celt_initial_state(body, in), stepping(4.0, 0.01));
  };
  const CeltRun plus = run(5.0), minus = run(-5.0);
  CHECK(plus.reversals.size() == 1);
  CHECK(plus.samples.back().omega_world.z() < 0.0);
  CHECK(minus.reversals.empty());
  CHECK(minus.samples.back().omega_world.z() < 0.0);
}

TEST_CASE("Slip system at rest: no normal coupling, W = the rigid-body Delassus operator in closed form, c = 0") {
  const CeltBody body = paper_body();
  const CeltContact w1 = celt_paper_contact(CeltModel::W1);
  const CeltSlipSystem s = celt_slip_system(body, w1, CeltState{}, 0.0);
  CHECK(s.exact);
  CHECK(s.g.norm() == 0.0);  // rho = (0, 0, -h) is parallel to n: rho x n = 0 exactly
  CHECK(s.c.norm() == 0.0);
  CHECK(std::abs(s.N0 - body.m * body.g) <= 1e-15 * body.m * body.g);
  // closed form: force e_x at A gives the torque (0, -h, 0), e_y gives (h, 0, 0); 2 x 2 inverse by hand
  const double h = 0.02, B11 = body.B(0, 0), B12 = body.B(0, 1), B22 = body.B(1, 1), det = B11 * B22 - B12 * B12;
  const double i11 = B22 / det, i12 = -B12 / det, i22 = B11 / det, a = s.a_hat;
  Eigen::Matrix3d W;
  W << (1.0 / body.m + h * h * i22) / a, -h * h * i12 / a, 0.0, -h * h * i12 / a, (1.0 / body.m + h * h * i11) / a, 0.0,
      0.0, 0.0, a / body.B(2, 2);
  CHECK((s.W - W).norm() <= 1e-14 * W.norm());
  // the exported problem is the decoupled system, exact here: limitdir's B(w) w + c of it
  // (M^-1 (q + F d)) equals the stone's slip law at any direction
  const Problem p = parse_problem(celt_slip_problem(s), "slip");
  const System system = make_system(p);
  const auto model = make_friction_model(p);
  for (const Eigen::Vector3d& w : {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0.3, -0.5, 0.8), Eigen::Vector3d(0, 0, -1)}) {
    const CeltSlipField f = celt_slip_field(s, *model, w);
    CHECK((system.field(w.normalized(), p.force) - f.exact).norm() <= 1e-12 * f.exact.norm());
  }
}

TEST_CASE("Slip system off rest: c equals the finite-difference slip acceleration of the frictionless stone") {
  const CeltBody body = paper_body();
  CeltInitial in;
  in.tilt_x = 0.15, in.tilt_y = -0.1;
  in.omega = {1.0, 2.0, 0.5};  // rolling and spinning; the stick state removes the spin
  const CeltContact c = frictionless();
  const CeltSlipSystem s = celt_slip_system(body, c, celt_initial_state(body, in), 0.0);
  const CeltState s0 = s.stick;  // the spin removed: slip and spin zero
  // the contact point is not below C: N couples to the friction (g in N per N, ~ |rho x n|/h)
  CHECK(s.g.norm() > 0.1);
  const double dt = 1e-4;
  const CeltRun run = celt_simulate(body, c, s0, stepping(2 * dt, dt));
  // x(t) in the contact frame at t = 0 (x(0) = 0, so the frame's own turning is second order)
  const CeltRates r0 = celt_rates(body, c, s0);
  const auto x = [&](const CeltSample& p) {
    const CeltRates r = celt_rates(body, c, p.state);
    return Eigen::Vector3d(r.slip.dot(r.geo.e_x) / s.a_hat, r.slip.dot(r.geo.e_y) / s.a_hat,
                           p.state.omega.dot(r.geo.n));
  };
  CHECK(x(run.samples[0]).norm() <= 1e-12);
  CHECK(std::abs(r0.N - s.N0) <= 1e-12 * s.N0);
  // one-sided second-order difference: error dt^2 x'''/3 ~ 1e-8 * (c |omega|^2 ~ 1e3) ~ 1e-5
  const Eigen::Vector3d xdot = (4.0 * x(run.samples[1]) - x(run.samples[2])) / (2.0 * dt);
  CHECK((xdot - s.c).norm() <= 1e-4 * s.c.norm());
}

TEST_CASE("Slip system off rest: with a fixed contact size and no rolling resistance N = N0/(1 - mu g.q) in closed form") {
  // then the scalar equation of N is linear: the fixed point must reproduce the closed form
  // mu N0 W_hat q/(1 - mu g.q) + c (another route through the same rigid-body operators)
  const CeltBody body = paper_body();
  CeltContact c = celt_paper_contact(CeltModel::W1);
  c.k_r = 0.0;
  CeltInitial in;
  in.tilt_x = 0.15, in.tilt_y = -0.1;
  in.omega = {1.0, 2.0, 0.5};
  const CeltState state = celt_initial_state(body, in);
  const CeltSlipSystem hertz = celt_slip_system(body, c, state, 0.0);
  c.a_hat = hertz.a_hat, c.b = hertz.b;
  const CeltSlipSystem s = celt_slip_system(body, c, state, 0.0);
  REQUIRE_FALSE(s.hertz);
  CHECK(s.coupling > 1e-3);
  CHECK_FALSE(s.exact);
  const Problem p = parse_problem(celt_slip_problem(s), "slip");
  const auto model = make_friction_model(p);
  for (const Eigen::Vector3d& w : {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0.3, -0.5, 0.8), Eigen::Vector3d(-0.6, 0.6, 0.5)}) {
    const CeltSlipField f = celt_slip_field(s, *model, w);
    const double d = 1.0 - s.mu * s.g.dot(f.q);
    const Eigen::Vector3d closed = s.mu * s.N0 * s.W_hat * f.q / d + s.c;
    CHECK(std::abs(f.N - s.N0 / d) <= 1e-13 * s.N0);  // the fixed point's tolerance 1e-14, 10x
    CHECK((f.exact - closed).norm() <= 1e-12 * closed.norm());
    CHECK((f.exact - f.decoupled).norm() > 1e-6 * closed.norm());  // the coupling matters here
  }
  // with the Hertz size the torque arms grow as (N/N0)^(1/3): the field differs from the closed form
  const CeltSlipField fh = celt_slip_field(hertz, *model, Eigen::Vector3d(0.3, -0.5, 0.8));
  CHECK(std::abs(fh.N - hertz.N0) > 1e-6 * hertz.N0);
}

TEST_CASE("(18) P1 slip system of [Kane & Levinson 1982]: the exported problem's field is the stone's regularised law far from stick") {
  // The exported problem (zhuravlev-klimov, limitdir's friction/ code) against celt_law (the
  // stone's own regularised (18)-(20) in celt/contact.cpp) scaled far from stick: v = s w with
  // s = 1e3 and |(v_x, v_y)| >= 0.3 s, where the regularisation epsilon = 1e-5 changes v_s by
  // a factor 1 + epsilon/(2 v_s^2) <= 1 + 6e-11; 1e-10 of |B w + c| covers it and the rounding.
  constexpr double kScale = 1e3;
  constexpr double kRegularisationTol = 1e-10;
  const CeltBody body = kane_levinson();
  const CeltContact contact = kane_levinson_contact();
  CeltInitial in;
  in.tilt_y = 0.02;
  in.omega = {0.0, 0.0, 5.0};
  const CeltState state = celt_simulate(body, contact, celt_initial_state(body, in), stepping(0.5, 0.5)).samples.back().state;
  const CeltSlipSystem s = celt_slip_system(body, contact, state, 0.5);
  REQUIRE_FALSE(s.hertz);
  const Problem p = parse_problem(celt_slip_problem(s), "slip");
  CHECK(p.friction.model == "zhuravlev-klimov");
  const System system = make_system(p);
  for (const Eigen::Vector3d& w : {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0.3, -0.5, 0.8), Eigen::Vector3d(-0.6, 0.6, -0.5)}) {
    const Eigen::Vector3d u = w.normalized();
    const CeltLaw law = celt_law(contact, s.b, kScale * u, Eigen::Vector2d::Zero());
    const Eigen::Vector3d lambda(law.force.x(), law.force.y(), law.spin_torque);
    CHECK(law.spin_torque == 0.0);  // (18): no torque
    const Eigen::Vector3d expected = s.mu * s.N0 * s.W * lambda + s.c;
    CHECK((system.field(u, p.force) - expected).norm() <= kRegularisationTol * expected.norm());
  }
}

TEST_CASE("The slip system's problem: only W1 and P1 have a friction law of limitdir on the exported contact") {
  const CeltBody body = paper_body();
  for (const CeltModel m : {CeltModel::O, CeltModel::P1_prime, CeltModel::P3_prime}) {
    const CeltSlipSystem s = celt_slip_system(body, celt_paper_contact(m), CeltState{}, 0.0);
    CHECK_THROWS_AS(celt_slip_problem(s), InputError);
  }
}

TEST_CASE("limitdir.celt/1: the bundled problems round-trip through celt_problem_to_json") {
  const auto dir = std::filesystem::path(LIMITDIR_SHARE_DIR) / "problems";
  for (const char* name : {"celt.json", "celt-kane-levinson.json"}) {
    CAPTURE(name);
    const CeltProblem p = load_celt_problem((dir / name).string());
    const nlohmann::json once = celt_problem_to_json(p);
    CHECK(celt_problem_to_json(parse_celt_problem(once, name)) == once);
  }
  // the W1 stone of the paper and its data (Sect. 4) as the bundled file gives them
  const CeltProblem stone = load_celt_problem((dir / "celt.json").string());
  CHECK(stone.body.B == celt_paper_body().B);
  CHECK(stone.contact.mu == 0.25);
  CHECK(stone.contact.k_r == 0.8);
}

namespace {

// An independent integrator of the same equations (1)-(3): the classical fixed-step RK4 on
// (q, omega, X, V) with the right-hand side of celt_rates, no step control, no dense output.
CeltState rk4_state(const CeltBody& body, const CeltContact& contact, CeltState s, double t_end, double h) {
  using Vec = Eigen::Matrix<double, 11, 1>;
  const auto pack = [](const CeltState& x) {
    Vec y;
    y << x.q.w(), x.q.x(), x.q.y(), x.q.z(), x.omega, x.X, x.V;
    return y;
  };
  const auto unpack = [](const Vec& y) {
    CeltState x;
    x.q = Eigen::Quaterniond(y[0], y[1], y[2], y[3]);
    x.omega = y.segment<3>(4), x.X = y.segment<2>(7), x.V = y.segment<2>(9);
    return x;
  };
  const auto f = [&](const Vec& y) {
    const CeltState x = unpack(y);
    const CeltRates r = celt_rates(body, contact, x);  // throws if N has no solution here
    const Eigen::Quaterniond qd = x.q * Eigen::Quaterniond(0.0, x.omega.x(), x.omega.y(), x.omega.z());
    Vec d;
    d << 0.5 * qd.w(), 0.5 * qd.x(), 0.5 * qd.y(), 0.5 * qd.z(), r.omega_dot, x.V, r.vdot.head<2>();
    return d;
  };
  Vec y = pack(s);
  const long n = std::lround(t_end / h);
  for (long k = 0; k < n; ++k) {
    const Vec k1 = f(y), k2 = f(y + 0.5 * h * k1), k3 = f(y + 0.5 * h * k2), k4 = f(y + h * k3);
    y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  return unpack(y);
}

// The issue-23 reproducers: (18) with a large mu stops slipping within ~1e-4 s; the sliding
// friction then acts on slip speeds ~ a_hat sqrt(epsilon) (1e-7 m/s for P1's 0.028 mm), so the
// ODE is stiff there and a trial stage of a large step lands where N has no solution.
void check_against_rk4(const CeltBody& body, const CeltContact& contact, const CeltState& start) {
  // 0.01 s: ~100 times past the abort at 8e-5 s. RK4 at h = 1e-8 s is below the stable step
  // (Dormand-Prince's accepted steps are ~6e-8 s there). The run's global error is at most its
  // per-step tolerance 1e-11 times its ~1e4 steps times |omega| ~ 5: 5e-7 rad/s < 1e-6
  // (measured: 5e-12 against RK4).
  constexpr double t_end = 0.01, h_rk4 = 1e-8, kAgree = 1e-6;
  const CeltRun run = celt_simulate(body, contact, start, stepping(t_end, t_end));
  const CeltState reference = rk4_state(body, contact, start, t_end, h_rk4);
  CHECK((run.samples.back().state.omega - reference.omega).norm() <= kAgree);
  CHECK((run.samples.back().state.V - reference.V).norm() <= kAgree);
}

}  // namespace

TEST_CASE("Issue 23: a trial stage without a normal force rejects the step - P1 at mu = 10 agrees with RK4") {
  CeltContact contact = celt_paper_contact(CeltModel::P1);
  contact.mu = 10.0;
  check_against_rk4(paper_body(), contact, reversal_start(3.0));
}

TEST_CASE("Issue 23: [Kane & Levinson 1982] at mu = 30, spin -5 rad/s runs and agrees with RK4") {
  CeltContact contact = kane_levinson_contact();
  contact.mu = 30.0;
  CeltInitial in;
  in.tilt_y = 0.02;
  in.omega = {0.0, 0.0, -5.0};
  check_against_rk4(kane_levinson(), contact, celt_initial_state(kane_levinson(), in));
}

TEST_CASE("Stiff contacts (docs/manual.md section 12): Rosenbrock 4(3) and Dormand-Prince 5(4) agree on model O") {
  // Two integrators of different kinds (explicit; linearly implicit with a difference Jacobian)
  // on the stone of Sect. 4 with model O over 1 s, past its spin reversal at 0.64 s. Each keeps
  // a per-step error of 1e-10 (100x tighter than the O fit's, share/fits/celt-O.json); over the ~2.3e4 steps of the Rosenbrock run, at
  // |omega| <= 3 rad/s, their omega can part by at most ~1e-10 x 2.3e4 x 3 = 7e-6 rad/s
  // (measured 7e-9); a reversal time moves by that over |d omega_z/dt| ~ 1 rad/s^2.
  constexpr double kAgree = 1e-5;
  const CeltContact contact = celt_paper_contact(CeltModel::O);
  CeltStepping explicit_steps = stepping(1.0, 0.01);
  explicit_steps.tolerance = 1e-10;
  CeltStepping implicit_steps = explicit_steps;
  implicit_steps.method = CeltMethod::rosenbrock4;
  const CeltRun a = celt_simulate(paper_body(), contact, reversal_start(3.0), explicit_steps);
  const CeltRun b = celt_simulate(paper_body(), contact, reversal_start(3.0), implicit_steps);
  REQUIRE(a.samples.size() == b.samples.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.samples.size(); ++i)
    worst = std::max(worst, (a.samples[i].state.omega - b.samples[i].state.omega).lpNorm<Eigen::Infinity>());
  CHECK(worst <= kAgree);
  REQUIRE(a.reversals.size() == 1);
  REQUIRE(b.reversals.size() == 1);
  CHECK(std::abs(a.reversals[0] - b.reversals[0]) <= kAgree);
  // the explicit steps are held by stability in stick (~2.2e5 for 1 s), the implicit ones by
  // accuracy: a fifth of them at most (measured 23 040 against 221 425)
  CHECK(5 * b.steps <= a.steps);
}

TEST_CASE("Spin reversals on the dense output: two reversals within one sample interval both count") {
  // P1 on the stone pitched 0.05 rad with omega = (0, -5, 0.005) rad/s: the vertical spin
  // changes sign near 0.8 ms, 5.4 ms and 23 ms, two of them inside the first 10 ms sample.
  CeltInitial in;
  in.tilt_y = 0.05;
  in.omega = {0.0, -5.0, 0.005};
  const CeltState start = celt_initial_state(paper_body(), in);
  const CeltContact contact = celt_paper_contact(CeltModel::P1);
  const CeltRun coarse = celt_simulate(paper_body(), contact, start, stepping(0.03, 0.01));
  // independent: the sign changes of the spin sampled every 1 us, located by linear interpolation
  // (the spin's curvature over 1 us moves a zero by far less than 1e-7 s)
  const CeltRun fine = celt_simulate(paper_body(), contact, start, stepping(0.03, 1e-6));
  std::vector<double> sampled;
  for (std::size_t i = 1; i < fine.samples.size(); ++i) {
    const double a = fine.samples[i - 1].omega_world.z(), b = fine.samples[i].omega_world.z();
    if ((a > 0.0) != (b > 0.0)) sampled.push_back(fine.samples[i - 1].t + 1e-6 * a / (a - b));
  }
  REQUIRE(sampled.size() == 3);
  CHECK(sampled[1] < 0.01);  // two within the first sample interval of the coarse run
  REQUIRE(coarse.reversals.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) CHECK(std::abs(coarse.reversals[k] - sampled[k]) <= 1e-7);
}

TEST_CASE("Issue 23: the body checks - triangle inequality, m r_max^2, E* and the tolerance floor are InputErrors") {
  CeltProblem p;
  p.body = paper_body();
  p.contact = celt_paper_contact(CeltModel::W1);
  p.stepping = stepping(1.0, 0.01);
  CHECK_NOTHROW(celt_validate(p));
  const auto rejects = [&](auto change) {
    CeltProblem q = p;
    change(q);
    CHECK_THROWS_AS(celt_validate(q), InputError);
  };
  // I3 = 0.01 > I1 + I2 = 0.0013 kg m^2
  rejects([](CeltProblem& q) { q.body.B << 3e-4, 0, 0, 0, 1e-3, 0, 0, 0, 1e-2; });
  // 1000 kg m^2 for 0.3 kg within 0.115 m of C: m r_max^2 = 0.0040 kg m^2
  rejects([](CeltProblem& q) { q.body.B = 1000.0 * Eigen::Matrix3d::Identity(); });
  rejects([](CeltProblem& q) { q.body.m = 1e-300; });
  rejects([](CeltProblem& q) { q.contact.E_star = 1e300; });
  rejects([](CeltProblem& q) { q.stepping.tolerance = 1e-300; });
  // a thin disc meets the triangle inequality with equality: I3 = I1 + I2
  CeltProblem disc = p;
  disc.body.B << 1e-3, 0, 0, 0, 1e-3, 0, 0, 0, 2e-3;
  CHECK_NOTHROW(celt_validate(disc));
}

TEST_CASE("Issue 23: the slip system of a frictionless stone has no limitdir problem (mu N0 W is not invertible)") {
  CeltContact contact = celt_paper_contact(CeltModel::W1);
  contact.mu = 0.0;
  const CeltSlipSystem s = celt_slip_system(paper_body(), contact, reversal_start(3.0), 0.0);
  CHECK_THROWS_AS(celt_slip_problem(s), InputError);
  CHECK_THROWS_AS(celt_slip_report(s, {}), InputError);
}

TEST_CASE("Issue 23: a slip direction of 1e300 is the unit direction, not an overflow") {
  const CeltSlipSystem s = celt_slip_system(paper_body(), celt_paper_contact(CeltModel::W1), reversal_start(3.0), 0.0);
  const nlohmann::json huge = celt_slip_report(s, {Eigen::Vector3d(1e300, 0.0, 0.0)});
  const nlohmann::json unit = celt_slip_report(s, {Eigen::Vector3d(1.0, 0.0, 0.0)});
  CHECK(huge["fields"][0] == unit["fields"][0]);
  CHECK_THROWS_AS(celt_slip_report(s, {Eigen::Vector3d(0.0, 0.0, 0.0)}), InputError);
}

}  // namespace test_celt
