// The sphere rolling on a plane, Sect. 6.1 [Acary & Bourrier 2021], Figs 2-3: the Moreau-Jean
// time stepping (rolling/sphere.cpp, the cone problem solved by the library's solvers) against
// the exact piecewise-constant-deceleration solution (rolling/sphere_closed_form.cpp, no cone
// and no time step), whose phases are in turn checked against formulas derived by hand
// (docs/manual.md section 10) and the values of an independent Python computation.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/sphere.hpp"
#include "limitdir/rolling/sphere_spin.hpp"
#include "limitdir/friction/exact.hpp"

namespace test_rolling_sphere {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::ContactMode;
using limitdir::RollingSphere;
using limitdir::SphereState;

namespace {

constexpr double g = 9.81;
constexpr double R = 0.5;
constexpr double j = 0.4;
// Sect. 6.1: R = 0.5 m, density 2500 kg/m^3.
const double mass = 2500.0 * 4.0 / 3.0 * M_PI * R * R * R;

// Closed-form phase times and distances are a few roundings of O(1) quantities: 64 eps of the
// scale (seconds, metres) covers them.
constexpr double kFormulaTol = 64 * DBL_EPSILON;
// The independent Python values carry 10 significant digits (refs printed to 1e-9 m or s).
constexpr double kPrintedTol = 1e-9;
// The solves stop at a natural-map error 1e-12 relative to |q| (~ the speed scale 5 m/s); the
// velocities they leave differ from the exact ones by at most the error times cond(W) ~ 12
// (eigenvalues 0.45/m .. 5.55/m) of that scale, ~6e-11 m/s, and errors do not accumulate (each
// step lands on the exact velocity of its mode): 1e-10 m/s (measured: <= 8e-13).
constexpr double kSolverTol = 1e-12;
constexpr double kVelocityTol = 1e-10;
// A step's mean reaction P/h differs from the exact one by the impulse error of the solve,
// <= tol |q| / (lambda_min(W) h) ~ 1e-12 * 5 m / (0.45 * 1e-3) ~ 1e-8 m: 1e-7 m g (g ~ 10) leaves
// a factor ~100.
constexpr double kReactionTol = 1e-7;

struct Config {
  const char* name;
  double mu, mu_r, U0, Omega0;
};
// Fig. 3 (a) slip-free start, (b) sliding start, (c) slip-free start with small mu.
const std::vector<Config> fig3 = {
    {"Fig. 3a", 0.2, 0.04, 2.5, 5.0}, {"Fig. 3b", 0.2, 0.04, 2.5, 2.5}, {"Fig. 3c", 0.05, 0.04, 2.5, 5.0}};

RollingSphere sphere(double mu, double mu_r) {
  RollingSphere s;
  s.mass = mass;
  s.radius = R;
  s.gravity = g;
  s.mu = mu;
  s.mu_r = mu_r;
  s.j = j;
  return s;
}

SphereState start(double U0, double Omega0) {
  SphereState s;
  s.position << 0.0, 0.0, R;
  s.velocity << U0, 0.0, 0.0;
  s.omega << 0.0, Omega0, 0.0;
  return s;
}

limitdir::SphereSteppingOptions stepping(double h, double theta, double t_end, int every = 0) {
  limitdir::SphereSteppingOptions o;
  o.h = h;
  o.theta = theta;
  o.t_end = t_end;
  o.every = every;
  o.solver.tol = kSolverTol;
  return o;
}

/// Sum over the closed form's phase changes of |jump of dU/dt|: the trapezoidal positions of
/// the theta = 1/2 scheme miss X by at most |jump| h^2/8 at each kink of U(t) (docs section 10).
double kink_sum(const limitdir::RollingClosedForm& cf) {
  double sum = 0.0;
  for (std::size_t k = 1; k < cf.phases.size(); ++k) sum += std::abs(cf.phases[k].a_U - cf.phases[k - 1].a_U);
  return sum;
}

}  // namespace

TEST_CASE("Sect. 6.1 closed form: the phases of Fig. 3 (a), (b), (c) by hand") {
  // (a) mu_r = 0.04 <= (1 + j) mu R = 0.14: rolling without slip at U' = -mu_r g/((1 + j) R).
  {
    const auto cf = limitdir::rolling_sphere_closed_form(sphere(0.2, 0.04), 2.5, 5.0);
    const double a = 0.04 * g / (1.4 * R);
    REQUIRE(cf.phases.size() == 2);
    CHECK(cf.phases[0].mode == ContactMode::roll);
    CHECK(cf.phases[1].mode == ContactMode::rest);
    CHECK(cf.stops);
    CHECK(std::abs(cf.t_stop - 2.5 / a) <= kFormulaTol);
    CHECK(std::abs(cf.X_max - 2.5 * 2.5 / (2 * a)) <= kFormulaTol * 10);
    CHECK(std::abs(cf.phases[0].r_T - (-(5.0 / 7.0) * 0.04 / R * mass * g)) <= kFormulaTol * mass * g);
    CHECK(std::abs(cf.X_max - 5.574668705) <= kPrintedTol);
    CHECK(std::abs(cf.t_stop - 4.459734964) <= kPrintedTol);
  }
  // (b) slip s0 = U0 - R Omega0 = 1.25 > 0 decreases at s' = -mu g (1 + 1/j) + mu_r g/(j R) = -g/2
  // until s = 0 at t1 = 2.5/g, with U' = -mu g; then rolling as in (a) from U(t1) = 2.
  {
    const auto cf = limitdir::rolling_sphere_closed_form(sphere(0.2, 0.04), 2.5, 2.5);
    REQUIRE(cf.phases.size() == 3);
    CHECK(cf.phases[0].mode == ContactMode::slide_and_roll);
    CHECK(cf.phases[1].mode == ContactMode::roll);
    const double t1 = 1.25 / (0.5 * g);
    CHECK(std::abs(cf.phases[0].t1 - t1) <= kFormulaTol);
    CHECK(std::abs(cf.phases[1].U0 - 2.0) <= kFormulaTol * 10);
    CHECK(std::abs(cf.phases[1].Omega0 - 4.0) <= kFormulaTol * 10);
    const double a = 0.04 * g / (1.4 * R);
    CHECK(std::abs(cf.t_stop - (t1 + 2.0 / a)) <= kFormulaTol * 10);
    CHECK(std::abs(cf.X_max - ((2.5 + 2.0) / 2 * t1 + 4.0 / (2 * a))) <= kFormulaTol * 10);
    CHECK(std::abs(cf.X_max - 4.141182467) <= kPrintedTol);
    CHECK(std::abs(cf.t_stop - 3.822629969) <= kPrintedTol);
  }
  // (c) mu_r = 0.04 > (1 + j) mu R = 0.035: slide and roll, U' = -mu g, Omega' = g (mu R - mu_r)/(j R^2)
  // until Omega = 0 at t1 = Omega0 j R^2/(g (mu_r - mu R)); mu R <= mu_r holds Omega = 0; U stops
  // at U0/(mu g).
  {
    const auto cf = limitdir::rolling_sphere_closed_form(sphere(0.05, 0.04), 2.5, 5.0);
    REQUIRE(cf.phases.size() == 3);
    CHECK(cf.phases[0].mode == ContactMode::slide_and_roll);
    CHECK(cf.phases[1].mode == ContactMode::slide);
    CHECK(std::abs(cf.phases[0].t1 - 5.0 * j * R * R / (g * (0.04 - 0.05 * R))) <= kFormulaTol);
    CHECK(std::abs(cf.t_stop - 2.5 / (0.05 * g)) <= kFormulaTol * 10);
    CHECK(std::abs(cf.X_max - 2.5 * 2.5 / (2 * 0.05 * g)) <= kFormulaTol * 10);
    CHECK(std::abs(cf.phases[1].U0 - 0.8333333333) <= kPrintedTol);
    CHECK(std::abs(cf.X_max - 6.371049949) <= kPrintedTol);
  }
  // Degenerate: no rolling resistance keeps rolling without slip forever (the paper's remark on
  // Coulomb friction alone); mu = 0 keeps U forever.
  CHECK_FALSE(limitdir::rolling_sphere_closed_form(sphere(0.2, 0.0), 2.5, 5.0).stops);
  CHECK(std::isinf(limitdir::rolling_sphere_closed_form(sphere(0.0, 0.04), 2.5, 5.0).X_max));
  CHECK(limitdir::rolling_sphere_closed_form(sphere(0.2, 0.04), 0.0, 0.0).t_stop == 0.0);
  // Backspin with mu_r < mu R: Omega turns forward first (slide and roll, twice), then rolls.
  const auto spin = limitdir::rolling_sphere_closed_form(sphere(0.2, 0.04), 2.5, -2.0);
  REQUIRE(spin.phases.size() == 4);
  CHECK(spin.phases[1].mode == ContactMode::slide_and_roll);
  CHECK(spin.phases[1].Omega0 == 0.0);
  CHECK(std::abs(spin.phases[0].t1 - 2.0 * j * R * R / (g * (0.2 * R + 0.04))) <= kFormulaTol);
  CHECK(spin.phases[2].mode == ContactMode::roll);
  // Backward rolling is the mirror image.
  const auto back = limitdir::rolling_sphere_closed_form(sphere(0.05, 0.04), -2.5, -5.0);
  CHECK(back.X_max == 0.0);
  CHECK(std::abs(back.t_stop - 2.5 / (0.05 * g)) <= kFormulaTol * 10);
}

TEST_CASE("Sect. 6.1 Moreau-Jean velocities equal the closed form at every step (Fig. 3 U_X, Omega_Y)") {
  // With constant gravity the impulse of a step is that of the exact motion (docs section 10),
  // so U_X(t_k) and Omega_Y(t_k) are exact up to the solver's tolerance, for every theta.
  // Besides Fig. 3: over-spin (s0 < 0: U first accelerates) and a backward start.
  std::vector<Config> configs = fig3;
  configs.push_back({"over-spin", 0.2, 0.04, 1.0, 10.0});
  configs.push_back({"backward", 0.05, 0.04, -2.5, -5.0});
  for (const Config& c : configs) {
    for (double theta : {0.5, 1.0}) {
      CAPTURE(std::string(c.name));
      CAPTURE(theta);
      const auto s = sphere(c.mu, c.mu_r);
      const auto cf = limitdir::rolling_sphere_closed_form(s, c.U0, c.Omega0);
      const auto run = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(1e-3, theta, 6.0, 1));
      REQUIRE(run.history.size() == 6001);
      CHECK(run.modes.size() == cf.phases.size());
      double worst = 0.0;
      for (const auto& sample : run.history) {
        const Eigen::Vector3d exact = limitdir::closed_form_state(cf, sample.t);
        worst = std::max({worst, std::abs(sample.state.velocity[0] - exact[0]),
                          R * std::abs(sample.state.omega[1] - exact[1])});
      }
      CHECK(worst <= kVelocityTol);
      CHECK(run.converged);
    }
  }
}

TEST_CASE("Sect. 6.1 backspin: Omega reverses inside a step, an O(h) velocity error") {
  // U0 = 2.5, Omega0 = -2, mu_r < mu R: Omega turns forward (slide and roll twice), then rolls.
  // In the step where Omega changes sign the exact mean rolling moment is not on its circle,
  // so the scheme's impulse differs from it by at most that of one step's full reactions:
  // |dU| <= 2 mu g h and R |dOmega| <= 2 g h (mu R + mu_r)/(j R) (docs section 10); later
  // steps keep that difference until rolling to rest absorbs it.
  const auto s = sphere(0.2, 0.04);
  const auto cf = limitdir::rolling_sphere_closed_form(s, 2.5, -2.0);
  std::vector<double> errors;
  for (double h : {1e-3, 5e-4, 2.5e-4}) {
    CAPTURE(h);
    const auto run = limitdir::simulate_rolling_sphere(s, start(2.5, -2.0), stepping(h, 0.5, 4.0, 1));
    double dU = 0.0, dOmega = 0.0;
    for (const auto& sample : run.history) {
      const Eigen::Vector3d exact = limitdir::closed_form_state(cf, sample.t);
      dU = std::max(dU, std::abs(sample.state.velocity[0] - exact[0]));
      dOmega = std::max(dOmega, R * std::abs(sample.state.omega[1] - exact[1]));
    }
    CHECK(dU <= 2 * 0.2 * g * h + kVelocityTol);
    CHECK(dOmega <= 2 * g * h * (0.2 * R + 0.04) / (j * R) + kVelocityTol);
    CHECK(run.at_rest);
    CHECK(std::abs(run.t_rest - cf.t_stop) <= 2 * h);  // the error is absorbed: at rest on time
    errors.push_back(std::max(dU, dOmega));
  }
  CHECK(errors[1] < errors[0]);
  CHECK(errors[2] < errors[1]);
}

TEST_CASE("Sect. 6.1 X_max and stop time vs the closed form: error bounds in h") {
  // X_k = trapezoidal integral of the exact U plus h (theta - 1/2)(U_k - U_0) (docs section 10):
  //   theta = 1:   X_max error = -h U0/2 + kinks, O(h), halves with h;
  //   theta = 1/2: |X_max error| <= (sum of |jumps of U'|) h^2/8, O(h^2).
  // The stop (first step at rest) is in [t_stop, t_stop + h] up to v_rest/|U'| (rest_speed).
  for (const Config& c : fig3) {
    CAPTURE(std::string(c.name));
    const auto s = sphere(c.mu, c.mu_r);
    const auto cf = limitdir::rolling_sphere_closed_form(s, c.U0, c.Omega0);
    std::vector<double> first_order;
    for (double h : {2e-3, 1e-3, 5e-4}) {
      CAPTURE(h);
      const double kink = kink_sum(cf) * h * h / 8;
      const auto half = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(h, 0.5, 6.0));
      const auto full = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(h, 1.0, 6.0));
      const double slack = kVelocityTol * 6.0;  // velocity error integrated over 6 s
      CHECK(std::abs(half.X_max - cf.X_max) <= kink + slack);
      CHECK(std::abs(full.X_max - (cf.X_max - h * c.U0 / 2)) <= kink + slack);
      first_order.push_back(full.X_max - cf.X_max);
      const double late = limitdir::rest_speed(s, start(c.U0, c.Omega0), stepping(h, 0.5, 6.0)) /
                          std::abs(cf.phases[cf.phases.size() - 2].a_U);
      REQUIRE(half.at_rest);
      CHECK(half.t_rest >= cf.t_stop - late);
      CHECK(half.t_rest <= cf.t_stop + h + kFormulaTol);
    }
    // The theta = 1 error halves with h: ratios 2 within the kink terms (~1e-6 of the error).
    CHECK(first_order[0] / first_order[1] == doctest::Approx(2.0).epsilon(1e-3));
    CHECK(first_order[1] / first_order[2] == doctest::Approx(2.0).epsilon(1e-3));
  }
}

TEST_CASE("Fig. 3 phases: the modes of the time stepping change at the closed-form times") {
  // (a) roll -> rest; (b) slide and roll -> roll -> rest; (c) slide and roll -> slide -> rest.
  // A change shows at the first step that ends after it: t_num in [t_cf, t_cf + h].
  const double h = 1e-3;
  for (const Config& c : fig3) {
    CAPTURE(std::string(c.name));
    const auto s = sphere(c.mu, c.mu_r);
    const auto cf = limitdir::rolling_sphere_closed_form(s, c.U0, c.Omega0);
    const auto run = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(h, 0.5, 6.0, 1));
    REQUIRE(run.modes.size() == cf.phases.size());
    for (std::size_t k = 0; k < cf.phases.size(); ++k) {
      CAPTURE(k);
      CHECK(run.modes[k].mode == cf.phases[k].mode);
      if (k == 0) continue;
      CHECK(run.modes[k].t >= cf.phases[k].t0 - kVelocityTol);
      CHECK(run.modes[k].t <= cf.phases[k].t0 + h);
    }
    // The reactions of Fig. 3 in each phase (mean force of a step inside the phase).
    for (const auto& sample : run.history) {
      if (sample.t < h) continue;
      for (const auto& p : cf.phases) {
        if (!(sample.t - h > p.t0 && sample.t < p.t1)) continue;  // a step wholly inside the phase
        CHECK(std::abs(sample.r_T[0] - p.r_T) <= kReactionTol * mass * g);
        CHECK(std::abs(sample.m_R[1] - p.m_R) <= kReactionTol * mass * g * R);
        CHECK(std::abs(sample.r_N - mass * g) <= 1e-9 * mass * g);
      }
    }
  }
  // Sect. 6.1 text: in (b) |r_T| jumps from mu r_N to (5/7)(mu_r/R) r_N < mu r_N (not to 0 as
  // without rolling resistance); in (c) |m_T| jumps from mu_r r_N to mu R r_N when Omega stops.
  const auto b = limitdir::rolling_sphere_closed_form(sphere(0.2, 0.04), 2.5, 2.5);
  CHECK(std::abs(b.phases[0].r_T + 0.2 * mass * g) <= kFormulaTol * mass * g);
  CHECK(std::abs(b.phases[1].r_T + 5.0 / 7.0 * 0.04 / R * mass * g) <= kFormulaTol * mass * g);
  const auto c = limitdir::rolling_sphere_closed_form(sphere(0.05, 0.04), 2.5, 5.0);
  CHECK(std::abs(c.phases[0].m_R + 0.04 * mass * g) <= kFormulaTol * mass * g);
  CHECK(std::abs(c.phases[1].m_R + 0.05 * R * mass * g) <= kFormulaTol * mass * g);
}

TEST_CASE("Fig. 2 X_max(mu, mu_r) map points: U0^2/(2 g min(mu, mu_r/((1 + j) R)))") {
  // Slip-free start U0 = 2.5, Omega0 = 5: X_max by hand, and the independent Python values
  // 22.2987, 31.8552, 44.5973 m (printed to 1e-4 m) at three points.
  struct Point {
    double mu, mu_r, printed;
  };
  const std::vector<Point> points = {{0.1, 0.01, 22.2987}, {0.01, 0.01, 31.8552}, {0.3, 0.005, 44.5973},
                                     {0.15, 0.002, 0.0},   {0.05, 0.1, 0.0},     {0.3, 0.3, 0.0}};
  constexpr double kPrintedMetres = 1e-4;
  const double h = 1e-3;
  for (const Point& p : points) {
    CAPTURE(p.mu);
    CAPTURE(p.mu_r);
    const double by_hand = 2.5 * 2.5 / (2 * g * std::min(p.mu, p.mu_r / ((1 + j) * R)));
    const auto s = sphere(p.mu, p.mu_r);
    const auto cf = limitdir::rolling_sphere_closed_form(s, 2.5, 5.0);
    CHECK(std::abs(cf.X_max - by_hand) <= kFormulaTol * by_hand);
    if (p.printed > 0) CHECK(std::abs(cf.X_max - p.printed) <= kPrintedMetres);
    auto o = stepping(h, 0.5, cf.t_stop + 2 * h);
    o.stop_at_rest = true;
    const auto run = limitdir::simulate_rolling_sphere(s, start(2.5, 5.0), o);
    CHECK(run.at_rest);
    CHECK(std::abs(run.X_max - cf.X_max) <= kink_sum(cf) * h * h / 8 + kVelocityTol * cf.t_stop);
  }
}

TEST_CASE("Sect. 6.1 dissipation (43): the energy never increases") {
  // E_{k+1} - E_k = y+ . P - |v+ - v|_M^2/2 <= 0 on the plane (docs section 10); rounding of E
  // (three terms of size <= E_0) is a few eps E_0.
  for (const Config& c : fig3) {
    CAPTURE(std::string(c.name));
    const auto s = sphere(c.mu, c.mu_r);
    const auto run = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(1e-3, 0.5, 6.0, 1));
    const double E0 = limitdir::sphere_energy(s, start(c.U0, c.Omega0));
    double previous = E0;
    int increases = 0;
    for (const auto& sample : run.history) {
      const double E = limitdir::sphere_energy(s, sample.state);
      if (E > previous + 8 * DBL_EPSILON * E0) ++increases;
      previous = E;
    }
    CHECK(increases == 0);
    CHECK(run.max_energy_increase <= 8 * DBL_EPSILON * E0);
    // The kinetic energy lost equals the energy dissipated, (mu|u_T| + mu_r|w_R|) r_N integrated,
    // here the initial kinetic energy (the sphere stops on the plane): what is left is m g Z with
    // Z = R up to the normal velocity error of the solves integrated over the 6 s (kVelocityTol).
    CHECK(std::abs(previous - s.mass * g * R) <= s.mass * g * kVelocityTol * 6.0 + 8 * DBL_EPSILON * E0);
  }
}

TEST_CASE("(21), (33) the contact law at every step: complementarity error below the tolerance") {
  // Each step's reaction and velocity satisfy the law: r_N = m g, u_N = 0, p in K_r, and the
  // dissipation identity (43) -y.p = (mu|u_T| + mu_r|w_R|) r_N, directly from the samples.
  for (const Config& c : fig3) {
    CAPTURE(std::string(c.name));
    const auto s = sphere(c.mu, c.mu_r);
    const auto run = limitdir::simulate_rolling_sphere(s, start(c.U0, c.Omega0), stepping(1e-3, 0.5, 6.0, 1));
    CHECK(run.max_error <= kSolverTol);
    int checked = 0;
    for (const auto& x : run.history) {
      if (x.t == 0.0) continue;
      CHECK(x.error <= kSolverTol);
      const double rN = x.r_N, rT = x.r_T.norm(), mR = x.m_R.norm();
      const double uT = x.y.segment<2>(1).norm(), wR = x.y.tail<2>().norm();
      CHECK(std::abs(x.y[0]) <= kVelocityTol);
      CHECK(rT <= c.mu * rN * (1 + 1e-9));
      CHECK(mR <= c.mu_r * rN * (1 + 1e-9));
      const double power = x.r_T.dot(x.y.segment<2>(1)) + x.m_R.dot(x.y.tail<2>());
      CHECK(std::abs(-power - (c.mu * uT + c.mu_r * wR) * rN) <= kVelocityTol * mass * g);
      ++checked;
    }
    CHECK(checked == 6000);
  }
}

TEST_CASE("Sect. 6.1 a sphere dropped on the plane: inelastic landing impulse") {
  // Dropped from Z = R + 0.1 with U = R Omega: free fall, then one landing step with u_N+ = 0
  // (e = 0), so P_N = m (|U_Z| + g h) with U_Z before it; without slip the rolling moment
  // -mu_r P_N takes U down by (5/7)(mu_r/R) P_N/m in that step (the roll mode of (21) with
  // impulses, docs section 10); then rolling to rest.
  const auto s = sphere(0.2, 0.04);
  SphereState drop = start(2.5, 5.0);
  drop.position[2] = R + 0.1;
  const double h = 1e-3;
  const auto run = limitdir::simulate_rolling_sphere(s, drop, stepping(h, 0.5, 6.0, 1));
  CHECK(run.modes.front().mode == ContactMode::free);
  REQUIRE(run.modes.size() >= 2);
  std::size_t k = 1;
  while (k < run.history.size() && run.history[k].mode == ContactMode::free) ++k;
  REQUIRE(k < run.history.size());
  const auto& before = run.history[k - 1].state;
  const auto& landed = run.history[k];
  CHECK(landed.mode == ContactMode::roll);
  const double PN_over_m = -before.velocity[2] + g * h;
  CHECK(std::abs(landed.r_N * h / mass - PN_over_m) <= kVelocityTol);
  CHECK(std::abs(landed.state.velocity[2]) <= kVelocityTol);
  CHECK(std::abs(landed.state.velocity[0] - (before.velocity[0] - 5.0 / 7.0 * 0.04 / R * PN_over_m)) <= kVelocityTol);
  CHECK(run.at_rest);
  CHECK(std::abs(run.final_state.position[2] - R) <= 2 * g * h * h);
  CHECK(run.max_energy_increase <= 8 * DBL_EPSILON * limitdir::sphere_energy(s, drop));
}

TEST_CASE("Sect. 6.1 bad input: one-line InputError") {
  using limitdir::InputError;
  const auto o = stepping(1e-3, 0.5, 1.0);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(sphere(-0.1, 0.04), start(1, 2), o), InputError);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(sphere(0.1, -0.04), start(1, 2), o), InputError);
  RollingSphere zero = sphere(0.1, 0.04);
  zero.radius = 0.0;
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(zero, start(1, 2), o), InputError);
  SphereState inside = start(1, 2);
  inside.position[2] = 0.4;
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(sphere(0.1, 0.04), inside, o), InputError);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(sphere(0.1, 0.04), start(1, 2), stepping(1e-3, 1.5, 1.0)),
                  InputError);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(sphere(0.1, 0.04), start(1, 2), stepping(1e-9, 0.5, 1.0)),
                  InputError);
  CHECK_THROWS_AS(limitdir::rolling_sphere_closed_form(sphere(0.1, 0.04), std::nan(""), 1.0), InputError);
  CHECK_THROWS_AS(limitdir::rolling_method_from_name("newton", "solver.method"), InputError);
}

// ----- beyond the paper: spin about the normal with the exact slide/spin model ----------------

namespace {

/// n nearly uniform unit vectors (Fibonacci lattice), for brute-force checks over the sphere.
std::vector<Eigen::Vector3d> sphere_points(int n) {
  std::vector<Eigen::Vector3d> out;
  const double golden = M_PI * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < n; ++i) {
    const double z = 1.0 - (2.0 * i + 1.0) / n, r = std::sqrt(1.0 - z * z);
    out.emplace_back(r * std::cos(golden * i), r * std::sin(golden * i), z);
  }
  return out;
}

}  // namespace

TEST_CASE("Limit set of the exact slide/spin model: projection against brute force over the sphere") {
  // p = proj_{cL}(z) must lie in cL (p.u <= c d(u), d(u) = -q(u).u the support function, for
  // every u) and satisfy (z - p).(lambda - p) <= 0 for every lambda = c q(w) of the boundary
  // (the extreme points). Checked on 4000 lattice directions; a lattice of spacing ~0.056 rad
  // misses the supremum of a smooth function by O(spacing^2 |z|) ~ 3e-3 |z| at most, well above
  // rounding; points inside must come back unchanged. rho = 4 kappa a makes L far from a ball.
  const auto model = limitdir::make_exact_model(limitdir::Pressure::hertz(), 3.0 * M_PI / 16.0 * 4.0);
  const auto directions = sphere_points(4000);
  constexpr double kLattice = 3e-3;
  std::mt19937_64 rng(10);
  std::normal_distribution<double> normal;
  const double c = 2.0;
  int outside = 0, inside = 0;
  Eigen::Vector3d w = Eigen::Vector3d::UnitX();
  for (int k = 0; k < 200; ++k) {
    const Eigen::Vector3d z = Eigen::Vector3d(normal(rng), normal(rng), normal(rng)) * (k % 3 == 0 ? 0.6 : 3.0);
    const Eigen::Vector3d p = limitdir::project_on_limit_set(*model, c, z, w);
    CAPTURE(z.transpose());
    double membership = -INFINITY, vi = -INFINITY;
    for (const auto& u : directions) {
      membership = std::max(membership, p.dot(u) + c * model->q(u).dot(u));
      vi = std::max(vi, (z - p).dot(c * model->q(u) - p));
    }
    CHECK(membership <= 1e-12 * c);
    CHECK(vi <= kLattice * z.norm() * (z - p).norm() + 1e-12);
    if ((p - z).norm() == 0.0) ++inside;
    else ++outside;
  }
  CHECK(inside > 5);
  CHECK(outside > 5);
}

TEST_CASE("Spin on a Hertz contact disc: pure spin stops at J Omega0/(mu m g (3 pi/16) a)") {
  // No translation: the only reaction is the spin moment mu r_N kappa a of the exact model at
  // pure spin ((39) with kappa = 3 pi/16 for Hertz pressure), a constant deceleration; as for
  // the rolling modes the step impulse is the exact one, so the stop is within one step.
  const auto s = sphere(0.2, 0.04);
  limitdir::SpinFriction contact;
  contact.contact_radius = 0.05;
  SphereState spin = start(0.0, 0.0);
  spin.omega[2] = 10.0;
  const double h = 1e-3;
  auto o = stepping(h, 0.5, 20.0, 1);
  o.stop_at_rest = true;
  const auto run = limitdir::simulate_spinning_sphere(s, contact, spin, o);
  const double J = j * mass * R * R, M = 0.2 * mass * g * 3.0 * M_PI / 16.0 * contact.contact_radius;
  REQUIRE(run.at_rest);
  CHECK(run.t_rest >= J * 10.0 / M - kVelocityTol);
  CHECK(run.t_rest <= J * 10.0 / M + h);
  CHECK(run.converged);
  for (const auto& x : run.history) {
    if (x.t == 0.0 || x.t > J * 10.0 / M - h) continue;
    CHECK(std::abs(x.state.omega[2] - (10.0 - M / J * x.t)) <= kVelocityTol / R);
    CHECK(std::abs(x.m_Z + M) <= kReactionTol * mass * g * R);
    CHECK(x.r_T.norm() <= kReactionTol * mass * g);
  }
  CHECK(run.max_energy_increase <= 8 * DBL_EPSILON * limitdir::sphere_energy(s, spin));
  limitdir::SpinFriction bad = contact;
  bad.contact_radius = 0.0;
  CHECK_THROWS_AS(limitdir::simulate_spinning_sphere(s, bad, spin, o), limitdir::InputError);
}

TEST_CASE("Spin and the stop of Fig. 3b: a small contact disc tends to the Coulomb result") {
  // Fig. 3b with Omega_Z(0) = 20 rad/s. Spin lowers the sliding force (the coupled model), so
  // the slip phase lasts longer and X_max grows; as the contact radius a -> 0 the spin moment
  // and the coupling vanish and X_max tends to the closed form without spin, linearly in a:
  // the slip ends smeared over slip speeds ~ kappa a Omega_Z, i.e. over a time
  // ~ kappa a Omega_Z/|s'| (s' = -g/2), during which U ~ 2 m/s: |dX| ~ 4.8 a (measured 5.0 a).
  const auto s = sphere(0.2, 0.04);
  const auto cf = limitdir::rolling_sphere_closed_form(s, 2.5, 2.5);
  SphereState spinning = start(2.5, 2.5);
  spinning.omega[2] = 20.0;
  const double estimate = 2.0 * 3.0 * M_PI / 16.0 * 20.0 / (0.5 * g);  // dX/a ~ U kappa Omega_Z/|s'|
  std::vector<double> excess;
  for (double a : {1e-2, 1e-3, 1e-4}) {
    CAPTURE(a);
    limitdir::SpinFriction contact;
    contact.contact_radius = a;
    const auto run = limitdir::simulate_spinning_sphere(s, contact, spinning, stepping(1e-3, 0.5, 6.0));
    CHECK(run.converged);
    CHECK(run.X_max > cf.X_max);  // spin carries the sphere further
    CHECK(run.X_max - cf.X_max <= 2.0 * estimate * a + kink_sum(cf) * 1e-6 / 8);
    CHECK(run.final_state.omega[2] < 20.0);
    CHECK(run.max_energy_increase <= 8 * DBL_EPSILON * limitdir::sphere_energy(s, spinning));
    excess.push_back(run.X_max - cf.X_max);
  }
  // linear in a: a ten times smaller disc, a ten times smaller excess (within 20 %)
  CHECK(excess[0] / excess[1] == doctest::Approx(10.0).epsilon(0.2));
  CHECK(excess[1] / excess[2] == doctest::Approx(10.0).epsilon(0.2));
}

TEST_CASE("Issue 23: the solves' stopping test is unit-free - the same motion with m = 1 kg and m = 4189 kg") {
  // R = 1 m, mu = 0.15, mu_r = 0.05 m, U = 3 m/s, Omega = 1 rad/s, 8 s (the issue's reproducer):
  // with impulses in N s the natural map's rounding floor eps |P|/|q| grew with m and one solve
  // of the 4189 kg sphere stopped at 1.11e-12 > 1e-12. Both runs must converge and agree with
  // the closed form as the runs of Fig. 3 do (kink bound + integrated velocity error).
  std::vector<double> X_max;
  for (double m : {1.0, 1000.0 * 4.0 / 3.0 * M_PI}) {
    CAPTURE(m);
    RollingSphere s;
    s.mass = m, s.radius = 1.0, s.gravity = g, s.mu = 0.15, s.mu_r = 0.05, s.j = j;
    SphereState start;
    start.position << 0.0, 0.0, 1.0;
    start.velocity << 3.0, 0.0, 0.0;
    start.omega << 0.0, 1.0, 0.0;
    const auto run = limitdir::simulate_rolling_sphere(s, start, stepping(1e-4, 0.5, 8.0));
    const auto cf = limitdir::rolling_sphere_closed_form(s, 3.0, 1.0);
    CHECK(run.converged);
    CHECK(std::abs(run.X_max - cf.X_max) <= kink_sum(cf) * 1e-8 / 8 + kVelocityTol * cf.t_stop);
    X_max.push_back(run.X_max);
  }
  // the two scaled problems are the same up to rounding of m_ref
  CHECK(std::abs(X_max[0] - X_max[1]) <= kVelocityTol * 8.0);
}

TEST_CASE("Issue 23: no step passes the horizon - h > t_end is bad input, a last partial step ends at t_end") {
  const auto s = sphere(0.2, 0.04);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(s, start(2.5, 2.5), stepping(7.0, 0.5, 6.0)), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(s, start(2.5, 2.5), stepping(1e300, 0.5, 6.0)), limitdir::InputError);
  // h = 7e-4 s: 6/h = 8571.4 steps, the last one 3e-4 s
  const auto run = limitdir::simulate_rolling_sphere(s, start(2.5, 2.5), stepping(7e-4, 0.5, 6.0, 1));
  const auto cf = limitdir::rolling_sphere_closed_form(s, 2.5, 2.5);
  CHECK(run.steps == 8572);
  CHECK(run.history.back().t == 6.0);
  CHECK(std::abs(run.X_max - cf.X_max) <= kink_sum(cf) * 7e-4 * 7e-4 / 8 + kVelocityTol * cf.t_stop);
  limitdir::SpinFriction contact;
  contact.contact_radius = 0.01;
  const auto spin = limitdir::simulate_spinning_sphere(s, contact, start(2.5, 2.5), stepping(7e-4, 0.5, 6.0, 1));
  CHECK(spin.history.back().t == 6.0);
}

TEST_CASE("Issue 23: a sphere's body - 0 < j <= 2/3, mu_r below R, density below osmium's, contact disc below R") {
  CHECK_NOTHROW(limitdir::validate(sphere(0.2, 0.04)));
  auto shell = sphere(0.2, 0.04);
  shell.j = 2.0 / 3.0;  // a thin shell: the largest j
  CHECK_NOTHROW(limitdir::validate(shell));
  shell.j = 0.7;
  CHECK_THROWS_AS(limitdir::validate(shell), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::validate(sphere(0.2, R)), limitdir::InputError);  // mu_r = R
  auto dense = sphere(0.2, 0.04);
  dense.mass = 22600.0 * 4.0 / 3.0 * M_PI * R * R * R;  // 22 600 kg/m^3 > osmium's 22 590
  CHECK_THROWS_AS(limitdir::validate(dense), limitdir::InputError);
  limitdir::SpinFriction contact;
  contact.contact_radius = R;
  CHECK_THROWS_AS(limitdir::simulate_spinning_sphere(sphere(0.2, 0.04), contact, start(2.5, 2.5), stepping(1e-3, 0.5, 1.0)),
                  limitdir::InputError);
}

TEST_CASE("Issue 23: a run whose solves do not converge ends on its work budget (j = 1e-6: cond(W) ~ 4e6)") {
  auto s = sphere(0.2, 0.04);
  s.j = 1e-6;
  // each step spends its 1000 x 1000 PGS iterations: the budget 1e7 + 1000 k ends it near k = 10
  CHECK_THROWS_AS(limitdir::simulate_rolling_sphere(s, start(2.5, 2.5), stepping(1e-4, 0.5, 6.0)), limitdir::NumericalError);
}

}  // namespace test_rolling_sphere
