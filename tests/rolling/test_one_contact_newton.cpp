// One contact's rolling friction problem (67) [Acary & Bourrier 2021] by semismooth Newton
// (rolling/one_contact_newton.hpp): the projection's Jacobian against central differences (a
// different computation), and Newton's solutions against problems built around a chosen
// solution of each mode of (21) (rolling_reference.hpp's solution_pair), against the projected
// fixed point (64) (a different algorithm) and against the contact law itself.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <random>

#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/one_contact_newton.hpp"
#include "limitdir/rolling/solvers.hpp"
#include "rolling_reference.hpp"

namespace test_one_contact_newton {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::ConeCase;
using limitdir::Matrix5;
using limitdir::RollingCone;
using limitdir::Vector5;
using rolling_reference::Mode;

namespace {

// Central differences of step s on unit-scale points: truncation ~ s^2 |P'''| and rounding
// ~ eps/s; s = 1e-5 gives ~1e-10 + 2e-11, so 1e-7 leaves a margin of 1000 for curvatures up to
// ~1/|x_B| ~ 10 (points with a block norm below 0.1 are not drawn).
constexpr double kDiffStep = 1e-5;
constexpr double kDiffTol = 1e-7;

// The one-contact error of solve_one_contact (relative to |q|) asked of the solvers: 1e-12 is
// ~5000 eps, reachable by a fixed point in double on these unit-scale problems.
constexpr double kLocalTol = 1e-12;

Vector5 random_point(std::mt19937_64& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  Vector5 x;
  for (int i = 0; i < 5; ++i) x[i] = g(rng);
  return x;
}

Matrix5 random_spd5(std::mt19937_64& rng, double lo, double hi) {
  return rolling_reference::random_spd(5, lo, hi, rng);
}

}  // namespace

TEST_CASE("Prop. 5.2 (68)-(70) differentiated: projection_jacobian against central differences on every face") {
  std::mt19937_64 rng(52);
  const RollingCone cones[] = {{0.3, 0.1}, {1.0, 2.0}, {0.5, 10.0}, {0.0, 0.4}, {0.7, 0.0}};
  int per_face[6] = {0, 0, 0, 0, 0, 0};
  for (const RollingCone& cone : cones) {
    for (int k = 0; k < 400; ++k) {
      const Vector5 x = random_point(rng);
      if (std::hypot(x[1], x[2]) < 0.1 || std::hypot(x[3], x[4]) < 0.1) continue;
      const ConeCase face = limitdir::project_rolling_cone(x, cone).face;
      Matrix5 fd;
      bool same_face = true;
      for (int j = 0; j < 5; ++j) {
        Vector5 e = Vector5::Zero();
        e[j] = kDiffStep;
        const auto plus = limitdir::project_rolling_cone(x + e, cone), minus = limitdir::project_rolling_cone(x - e, cone);
        same_face = same_face && plus.face == face && minus.face == face;
        fd.col(j) = (plus.p - minus.p) / (2 * kDiffStep);
      }
      if (!same_face) continue;  // within a step of a face's border: no derivative to compare
      ++per_face[static_cast<int>(face)];
      CAPTURE(limitdir::cone_case_name(face));
      CHECK((limitdir::projection_jacobian(x, cone) - fd).cwiseAbs().maxCoeff() <= kDiffTol);
    }
  }
  for (int f = 1; f <= 5; ++f) {
    CAPTURE(f);
    CHECK(per_face[f] >= 20);  // every face was met often
  }
}

TEST_CASE("(67) one contact by semismooth Newton: the five modes of (21) around a chosen solution") {
  std::mt19937_64 rng(67);
  // mu_r of a pile in the scaled variables is (rolling coefficient)/(radius): 0.1 to 2 for the
  // paper's mu_r up to 2 cm on 1 cm spheres; 10 and 100 are its extreme 0.1 m and 1 m.
  const RollingCone cones[] = {{0.3, 0.1}, {0.3, 1.0}, {1.0, 2.0}, {0.5, 10.0}, {1.0, 100.0}};
  const Mode modes[] = {Mode::take_off, Mode::stick, Mode::slide, Mode::stick_rolling, Mode::slide_and_roll};
  int solved_moderate = 0, moderate = 0, solved_extreme = 0;
  for (const RollingCone& cone : cones) {
    const bool extreme = cone.mu_r > 2.0;
    for (const Mode mode : modes) {
      for (int trial = 0; trial < 40; ++trial) {
        // Delassus blocks of a pile: spectra over up to four decades.
        const Matrix5 W = random_spd5(rng, trial % 2 ? 1e-4 : 0.2, 1.0);
        Vector5 pstar, ystar;
        rolling_reference::solution_pair(mode, cone, rng, pstar, ystar);
        const Vector5 q = ystar - W * pstar;
        Vector5 p = trial % 3 ? Vector5(Vector5::Zero()) : Vector5(random_point(rng));
        const double rho = 1.0 / W.diagonal().maxCoeff();
        const auto out = limitdir::solve_one_contact_newton(W, q, cone, p, rho, kLocalTol, 50);
        CAPTURE(cone.mu_r);
        CAPTURE(trial);
        // the reported error is the natural map's at the returned p
        const Vector5 y = W * p + q, yhat = limitdir::modified_velocity(y, cone);
        CHECK(out.error == doctest::Approx(limitdir::natural_map(p, y, cone).norm() / limitdir::error_scale(q.norm())));
        moderate += !extreme;
        if (out.error > kLocalTol) continue;
        (extreme ? solved_extreme : solved_moderate) += 1;
        // the contact law (21) itself: p in K_r, yhat in K_r*, p . yhat = 0
        const double scale = std::max(q.norm(), 1.0), slack = 1e-10 * scale * (1 + cone.mu + cone.mu_r);
        CHECK(limitdir::in_rolling_cone(p, cone, slack));
        CHECK(limitdir::in_dual_rolling_cone(yhat, cone, slack));
        CHECK(std::abs(p.dot(yhat)) <= slack * scale);
      }
    }
  }
  // On the moderate cones Newton alone (no fallback) solves all but a few problems from 0 or a
  // random start (598 of 600 when written). On the extreme ones it solves most (block PGS goes on with the fixed point where it
  // stops short; there the fixed point itself needs 1e4-1e5 iterations or stalls).
  CHECK(solved_moderate >= 0.99 * moderate);
  CHECK(solved_extreme >= 250);  // of 400
}

TEST_CASE("(67) Newton and the projected fixed point (64) agree on one contact") {
  std::mt19937_64 rng(64);
  for (int trial = 0; trial < 300; ++trial) {
    const RollingCone cone{0.1 + 0.9 * (trial % 7) / 6.0, (trial % 5) * 0.5};
    const Matrix5 W = random_spd5(rng, 0.1, 1.0);
    const Vector5 q = random_point(rng);
    Vector5 pn = Vector5::Zero(), pf = Vector5::Zero();
    const double rho0 = 1.0 / W.diagonal().maxCoeff();
    double rho = rho0;
    const auto n = limitdir::solve_one_contact_newton(W, q, cone, pn, rho0, kLocalTol, 50);
    const auto f = limitdir::solve_one_contact(W, q, cone, pf, rho, kLocalTol, 100000);
    CAPTURE(trial);
    REQUIRE(f.error <= kLocalTol);
    if (n.error > kLocalTol) continue;  // counted by the case above
    // Two solutions within kLocalTol of the law; W's smallest eigenvalue 0.1 bounds their
    // distance by ~ |residual| / 0.1 per unit of |q| (the law is strongly monotone for small mu).
    CHECK((pn - pf).norm() <= 1e-9 * std::max(q.norm(), 1.0));
  }
}

}  // namespace test_one_contact_newton
