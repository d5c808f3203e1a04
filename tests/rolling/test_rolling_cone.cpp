// The rolling friction cone and its solvers [Acary & Bourrier 2021], Sect. 3-6.1: the cone (20)
// and its dual (26), the projection of Prop. 5.2, the modified velocity (32) and natural map (61),
// the solvers (64)-(67). Expected values come from closed forms, from an independent algorithm
// (the 1-D characterisation of the projection, rolling_reference.hpp), from problems built around
// a chosen solution, or from an independent mpmath computation (40 digits) of the projection.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Eigenvalues>

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/solvers.hpp"
#include "rolling_reference.hpp"

namespace test_rolling_cone {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::ConeCase;
using limitdir::RollingCone;
using limitdir::Vector5;
using rolling_reference::Mode;

namespace {

// The projection is a handful of rounded operations on quantities of size <= (1 + mu + mu_r)|pbar|:
// a few eps of that scale. 4 eps (8.9e-16) per unit of (1 + mu + mu_r) covers it (the independent
// mpmath study measured <= 2.0e-16 |pbar| for the closed form, 3.7e-16 near ties).
constexpr double kRoundingEps = 4 * DBL_EPSILON;
// Sums of about five products of unit-scale numbers: each rounding is <= eps/2 of a unit, so
// 16 eps bounds the total with margin.
constexpr double kUnitScaleEps = 16 * DBL_EPSILON;

double projection_tol(const Vector5& pbar, const RollingCone& c) {
  return kRoundingEps * (1.0 + c.mu + c.mu_r) * std::max(pbar.norm(), DBL_MIN);
}

Vector5 vec5(double a, double b, double c, double d, double e) { return (Vector5() << a, b, c, d, e).finished(); }

Vector5 random_point(std::mt19937_64& rng, double spread) {
  std::normal_distribution<double> g(0.0, spread);
  return vec5(g(rng), g(rng), g(rng), g(rng), g(rng));
}

struct EdgeCase {
  RollingCone cone;
  Vector5 pbar, p;
  int face;  // the case of Prop. 5.2; 0 at a tie, where only p is defined
};

}  // namespace

TEST_CASE("(20), (26) the rolling friction cone, its dual and polar: membership") {
  const RollingCone c{0.5, 0.2};
  CHECK(limitdir::in_rolling_cone(vec5(2.0, 0.6, 0.8, 0.24, -0.32), c));  // both disks full: |r_T| = 1, |m_R| = 0.4
  CHECK_FALSE(limitdir::in_rolling_cone(vec5(2.0, 0.6, 0.81, 0.0, 0.0), c));
  CHECK_FALSE(limitdir::in_rolling_cone(vec5(2.0, 0.0, 0.0, 0.3, 0.3), c));
  CHECK_FALSE(limitdir::in_rolling_cone(vec5(-1e-300, 0.0, 0.0, 0.0, 0.0), RollingCone{0.0, 0.0}));  // r_N >= 0
  // K_r*: mu |u_T| + mu_r |w_R| <= u_N; 0.5*1 + 0.2*5 = 1.5.
  CHECK(limitdir::in_dual_rolling_cone(vec5(1.5, 0.6, 0.8, 3.0, 4.0), c));
  CHECK_FALSE(limitdir::in_dual_rolling_cone(vec5(1.49, 0.6, 0.8, 3.0, 4.0), c));
  CHECK(limitdir::in_polar_rolling_cone(vec5(-1.5, 0.6, 0.8, 3.0, 4.0), c));
  CHECK_FALSE(limitdir::in_polar_rolling_cone(vec5(-1.49, 0.6, 0.8, 3.0, 4.0), c));
  // K_r is not self-dual: the edge point above is in K_r but not in K_r*.
  CHECK_FALSE(limitdir::in_dual_rolling_cone(vec5(2.0, 0.6, 0.8, 0.24, -0.32), RollingCone{2.0, 1.0}));
  CHECK_THROWS_AS(limitdir::validate_cone(RollingCone{-0.1, 0.2}, "contact 0"), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::validate_cone(RollingCone{0.1, std::nan("")}, "contact 0"), limitdir::InputError);
}

TEST_CASE("Lemma 3.1 the dual cone K_r* (26) by sampling K_r") {
  // min over p in K_r with r_N = 1 of y^T p is u_N - mu|u_T| - mu_r|w_R|, so y in K_r* iff it is
  // >= 0. Brute force over the boundary of both disks (the minimum of a linear function over a
  // disk is on its circle): a grid of N x N angles misses the minimum by at most
  // (1 - cos(pi/N)) (mu|u_T| + mu_r|w_R|).
  constexpr int N = 720;
  const double grid_gap = 1.0 - std::cos(M_PI / N);
  std::mt19937_64 rng(31);
  const RollingCone c{0.6, 0.25};
  for (int k = 0; k < 40; ++k) {
    const Vector5 y = random_point(rng, 1.0);
    const double uT = std::hypot(y[1], y[2]), wR = std::hypot(y[3], y[4]);
    const double lemma = y[0] - c.mu * uT - c.mu_r * wR;
    double sampled = INFINITY;
    for (int i = 0; i < N; ++i) {
      const double ti = 2.0 * M_PI * i / N;
      const double rT = c.mu * (y[1] * std::cos(ti) + y[2] * std::sin(ti));
      double best_m = INFINITY;
      for (int j = 0; j < N; ++j) {
        const double tj = 2.0 * M_PI * j / N;
        best_m = std::min(best_m, c.mu_r * (y[3] * std::cos(tj) + y[4] * std::sin(tj)));
      }
      sampled = std::min(sampled, y[0] + rT + best_m);
    }
    CAPTURE(y.transpose());
    CHECK(sampled >= lemma - kUnitScaleEps);
    CHECK(sampled <= lemma + grid_gap * (c.mu * uT + c.mu_r * wR) + kUnitScaleEps);
    if (std::abs(lemma) > grid_gap * (c.mu * uT + c.mu_r * wR) + kUnitScaleEps) CHECK(limitdir::in_dual_rolling_cone(y, c) == (sampled >= 0.0));
  }
  // Independent minimisation by SLSQP (scipy), from the independent mpmath reference computation;
  // SLSQP stops at ~1e-11 of the objective (scale 1), so 1e-10 bounds its error.
  // tests/reference/rolling_cone.py re-derives each minimum (Newton on the disks' boundary angles,
  // 40 digits: within 5.4e-12 of these).
  constexpr double kSlsqpTol = 1e-10;
  const std::vector<std::pair<Vector5, double>> slsqp = {
      {vec5(0.03419276725318417, 1.3597475403099617, 1.2247210785859324, -0.5103070767876675, -0.2979695111064471),
       -1.2115325566103219},
      {vec5(0.7172358071943838, -0.3000105984884774, 0.5446678079208929, 1.0428754765829538, -0.20695643620832396),
       0.07833628076839648},
      {vec5(0.8219243366604353, 0.6273764788355353, 0.4017070914409699, 0.955669564448635, -1.3319798395431022),
       -0.03489141984380468},
  };
  for (const auto& [y, min_ref] : slsqp) {
    CHECK(std::abs(y[0] - c.mu * std::hypot(y[1], y[2]) - c.mu_r * std::hypot(y[3], y[4]) - min_ref) <= kSlsqpTol);
    CHECK(limitdir::in_dual_rolling_cone(y, c) == (min_ref >= 0.0));
  }
}

// The expected p: tests/reference/rolling_cone.py (the nearest point of the cone of magnitudes by
// exhaustive non-negative least squares at 40 digits, no case of Prop. 5.2 used) reproduces each
// to projection_tol.
TEST_CASE("Prop. 5.2 (68)-(70) edge cases against the independent mpmath reference") {
  const RollingCone c{0.5, 0.2};
  const RollingCone one{1.0, 1.0};
  const std::vector<EdgeCase> table = {
      {c, vec5(1, 0, 0, 0, 0), vec5(1, 0, 0, 0, 0), 1},                          // on the axis
      {c, vec5(0, 0, 0, 0, 0), vec5(0, 0, 0, 0, 0), 2},                          // origin
      {c, vec5(2, 0.6, 0.8, 0.24, -0.32), vec5(2, 0.6, 0.8, 0.24, -0.32), 0},    // on the edge of K_r
      {c, vec5(-1, 0.3, 0.4, 0, 0), vec5(0, 0, 0, 0, 0), 2},                     // polar
      {c, vec5(-0.35, 0.6, 0, 0.25, 0), vec5(1.0757975044817409e-17, 5.3789875224087045e-18, 0, 2.1515950089634816e-18, 0), 0},
      {c, vec5(1, 0, 0, 3, 4), vec5(25.0 / 13, 0, 0, 3.0 / 13, 4.0 / 13), 5},   // rolling facet
      {c, vec5(1, 3, -4, 0, 0), vec5(2.8, 0.84, -1.12, 0, 0), 4},                // sliding facet
      {c, vec5(1, 2, 0, 0.32000000000000006, 0), vec5(1.6, 0.8, 0, 0.32, 0), 0},  // tie 3/4
      {c, vec5(1, 0.625, 0, 0, 1.5), vec5(1.25, 0.625, 0, 0, 0.25), 0},           // tie 3/5
      {c, vec5(-0.2, 1, 1, 0.5, -0.5),
       vec5(0.502734990251052, 0.17774366037313585, 0.17774366037313585, 0.07109746414925434, -0.07109746414925434), 3},
      {RollingCone{0.5, 0.0}, vec5(1, 2, 0, 3, 0), vec5(1.6, 0.8, 0, 0, 0), 3},  // mu_r = 0
      {RollingCone{0.5, 0.0}, vec5(1, 2, 0, 0, 0), vec5(1.6, 0.8, 0, 0, 0), 0},  // mu_r = 0, m_R = 0: 0/0 trap
      {RollingCone{0.0, 0.2}, vec5(1, 2, 0, 3, 0), vec5(20.0 / 13, 0, 0, 4.0 / 13, 0), 3},  // mu = 0
      {RollingCone{0.0, 0.0}, vec5(1, 2, 0, 3, 0), vec5(1, 0, 0, 0, 0), 3},                // the ray r_N >= 0
      {c, vec5(1e-9, 2e-9, 1e-9, 3e-9, -1e-9),
       vec5(2.1321624192120706e-09, 9.535320216857186e-10, 4.767660108428593e-10, 4.0454937516749386e-10,
            -1.3484979172249795e-10), 3},
      {c, vec5(1e6, 2e6, 1e6, 3e6, -1e6),
       vec5(2132162.4192120703, 953532.0216857186, 476766.0108428593, 404549.3751674938, -134849.79172249793), 3},
      {one, vec5(1, 2, 0, 0, 0), vec5(1.5, 1.5, 0, 0, 0), 4},
      {one, vec5(1, 0, 0, 2, 0), vec5(1.5, 0, 0, 1.5, 0), 5},
      {one, vec5(1, 2, 0, 2, 0), vec5(5.0 / 3, 5.0 / 3, 0, 5.0 / 3, 0), 3},
      {one, vec5(-1, 0.5, 0, 0.5, 0), vec5(0, 0, 0, 0, 0), 2},
  };
  for (const auto& e : table) {
    CAPTURE(e.pbar.transpose());
    CAPTURE(e.cone.mu);
    CAPTURE(e.cone.mu_r);
    const auto pr = limitdir::project_rolling_cone(e.pbar, e.cone);
    CHECK((pr.p - e.p).lpNorm<Eigen::Infinity>() <= projection_tol(e.pbar, e.cone));
    if (e.face != 0) CHECK(static_cast<int>(pr.face) == e.face);
  }
}

TEST_CASE("Prop. 5.2 on random points: the 1-D characterisation and Moreau's conditions (60)") {
  std::mt19937_64 rng(2021);
  const std::vector<RollingCone> cones = {{0.3, 0.05}, {0.7, 0.2}, {1.0, 1.0}, {0.0, 0.4}, {0.6, 0.0}, {2.5, 0.01}};
  int seen[6] = {0, 0, 0, 0, 0, 0};
  for (const auto& c : cones) {
    for (int k = 0; k < 4000; ++k) {
      const Vector5 pbar = random_point(rng, k % 2 ? 1.0 : 1e3);
      const auto pr = limitdir::project_rolling_cone(pbar, c);
      const Vector5 ref = rolling_reference::project_by_bisection(pbar, c);
      CAPTURE(pbar.transpose());
      CAPTURE(c.mu);
      CAPTURE(c.mu_r);
      const double tol = projection_tol(pbar, c);
      REQUIRE((pr.p - ref).lpNorm<Eigen::Infinity>() <= tol);
      REQUIRE(rolling_reference::moreau_conditions_hold(pbar, pr.p, c, tol));
      ++seen[static_cast<int>(pr.face)];
    }
  }
  for (int face = 1; face <= 5; ++face) CHECK(seen[face] > 100);  // every case was exercised
}

TEST_CASE("Prop. 5.2 near ties: within a few ulps of the 3/4 and 3/5 boundaries a projected point") {
  // b = mu_r t4 (3 versus 4) or a = mu t5 (3 versus 5), moved by -8..8 ulps: the printed strict
  // tests leave some of these points without a case (erratum of Prop. 5.2); the order 2, 1, 4, 5,
  // else 3 must always return the projection.
  std::mt19937_64 rng(77);
  const std::vector<RollingCone> cones = {{0.5, 0.2}, {0.3, 0.05}, {1.0, 1.0}, {0.7, 0.9}};
  int points = 0;
  for (const auto& c : cones) {
    for (int k = 0; k < 1500; ++k) {
      Vector5 pbar;
      if (!rolling_reference::near_tie_point(c, k % 2 == 0, rng, pbar)) continue;
      const auto pr = limitdir::project_rolling_cone(pbar, c);
      CAPTURE(pbar.transpose());
      const double tol = projection_tol(pbar, c);
      REQUIRE(pr.p.allFinite());
      REQUIRE(limitdir::in_rolling_cone(pr.p, c, tol));
      REQUIRE((pr.p - rolling_reference::project_by_bisection(pbar, c)).lpNorm<Eigen::Infinity>() <= tol);
      REQUIRE(rolling_reference::moreau_conditions_hold(pbar, pr.p, c, tol));
      ++points;
    }
  }
  CHECK(points > 5000);
}

TEST_CASE("(32)-(34), (43), (61) modified velocity and natural map at the solutions of (21)") {
  std::mt19937_64 rng(5);
  const RollingCone c{0.4, 0.15};
  for (Mode mode : {Mode::take_off, Mode::stick, Mode::slide, Mode::stick_rolling, Mode::slide_and_roll}) {
    for (int k = 0; k < 50; ++k) {
      Vector5 p, y;
      rolling_reference::solution_pair(mode, c, rng, p, y);
      CAPTURE(static_cast<int>(mode));
      const Vector5 yhat = limitdir::modified_velocity(y, c);
      // (32): yhat = y + (mu|u_T| + mu_r|w_R|) e_1; (34) yhat in K_r* iff u_N >= 0.
      CHECK(std::abs(yhat[0] - (y[0] + c.mu * std::hypot(y[1], y[2]) + c.mu_r * std::hypot(y[3], y[4]))) <=
            kUnitScaleEps);
      CHECK(yhat.tail<4>() == y.tail<4>());
      CHECK(limitdir::in_dual_rolling_cone(yhat, c, kUnitScaleEps));
      // (33): yhat orthogonal to p; (43): the dissipation -y^T p = (mu|u_T| + mu_r|w_R|) r_N.
      CHECK(std::abs(yhat.dot(p)) <= kUnitScaleEps);
      CHECK(std::abs(-y.dot(p) - (yhat[0] - y[0]) * p[0]) <= kUnitScaleEps);
      // (61) for every rho > 0: p = proj(p - rho yhat); the residual is a rounding error of |p|+rho|yhat|.
      for (double rho : {1e-2, 1.0, 1e2}) {
        const Vector5 r = p - limitdir::project_rolling_cone(p - rho * yhat, c).p;
        CHECK(r.norm() <= kUnitScaleEps * (p.norm() + rho * yhat.norm()));
      }
      CHECK(limitdir::complementarity_error(p, y, c, 1.0) <= kUnitScaleEps * (p.norm() + yhat.norm()));
      // Not a solution: the associated law (47) velocity with dilatancy u_N > 0 while in contact.
      if (mode == Mode::slide_and_roll) {
        Vector5 y_assoc = y;
        y_assoc[0] = 0.5;
        CHECK(limitdir::complementarity_error(p, y_assoc, c, 1.0) > 1e-3);
      }
    }
  }
  CHECK(limitdir::error_scale(0.0) == 1.0);
  CHECK(limitdir::error_scale(5.0) == 5.0);
}

// ----- solvers (63)-(67) -------------------------------------------------------------------

namespace {

// The solvers stop at error e = |natural map|/|q| <= tol; the natural-map residual is a velocity
// that W^-1 maps back to an impulse, so |p - p*| <~ e |q| / lambda_min(W). A factor 10 covers the
// nonlinearity of g and of the projection (measured ratios are below 3).
constexpr double kErrorToImpulse = 10.0;
double impulse_tol(const limitdir::RollingProblem& pb, double tol) {
  return kErrorToImpulse * tol * limitdir::error_scale(pb.q.norm()) / rolling_reference::lambda_min(pb.W);
}

using Solver = limitdir::RollingResult (*)(const limitdir::RollingProblem&, const limitdir::RollingSolverOptions&,
                                           const Eigen::VectorXd&);
const std::vector<std::pair<const char*, Solver>> solvers = {
    {"PFP (64)", &limitdir::solve_projected_fixed_point},
    {"extra-gradient (65)", &limitdir::solve_extragradient},
    {"PGS (66)-(67)", &limitdir::solve_projected_gauss_seidel},
};

}  // namespace

TEST_CASE("Sect. 6.1 sphere on a plane, first step: closed-form impulses for (a), (b), (c)") {
  // Closed form: the normal row is decoupled (W_N,. = (1/m) e_1), so u_N = 0 gives P_N = m g h.
  // (a) mu = 0.2, mu_r = 0.04, U = 2.5, Om = 5 (no slip): m_R2 = -mu_r P_N and u_T1 = 0 give
  //     P_T1 = -W_T1R2 P_R2 / W_T1T1 = -(5/7)(mu_r/R) m g h, and |P_T1| < mu P_N: stick, rolling.
  // (b) Om = 2.5 (u_T1 = 1.25 > 0) and (c) mu = 0.05 ((5/7) mu_r/R > mu): slide and roll,
  //     P_T1 = -mu m g h, P_R2 = -mu_r m g h.
  // With a reference length l the moment entry is P_R2/l (rolling/cone.hpp); l = 1 m and l = R.
  struct Run {
    double mu, mu_r, U, Omega;
    double PT_over_mgh;
  };
  const double R = 0.5;
  const std::vector<Run> runs = {{0.2, 0.04, 2.5, 5.0, -(5.0 / 7.0) * 0.04 / R},
                                 {0.2, 0.04, 2.5, 2.5, -0.2},
                                 {0.05, 0.04, 2.5, 5.0, -0.05}};
  limitdir::RollingSolverOptions options;
  options.tol = 1e-14;
  options.max_iter = 5000;
  for (const auto& run : runs) {
    for (double ell : {1.0, R}) {
      const auto s = rolling_reference::sphere_first_step(run.mu, run.mu_r, run.U, run.Omega, ell);
      // W = H M^-1 H^T by hand: W_NN = 1/m, W_TT = 1/m + R^2/J = 3.5/m, W_T1R2 = -W_T2R1 = -l R/J,
      // W_RR = l^2/J, all else 0.
      Eigen::MatrixXd W_hand = Eigen::MatrixXd::Zero(5, 5);
      const double m = s.mgh / (9.81 * 1e-4), J = 0.4 * m * R * R;
      W_hand.diagonal() << 1 / m, 3.5 / m, 3.5 / m, ell * ell / J, ell * ell / J;
      W_hand(1, 4) = W_hand(4, 1) = -ell * R / J;
      W_hand(2, 3) = W_hand(3, 2) = ell * R / J;
      CHECK((s.problem.W - W_hand).cwiseAbs().maxCoeff() <= kUnitScaleEps * W_hand.cwiseAbs().maxCoeff());
      // q = H (v + h M^-1 f) = (-g h, U - R Om, 0, 0, l Om).
      Eigen::VectorXd q_hand(5);
      q_hand << -9.81e-4, run.U - R * run.Omega, 0.0, 0.0, ell * run.Omega;
      CHECK((s.problem.q - q_hand).norm() <= kUnitScaleEps * q_hand.norm());
      Eigen::VectorXd expected(5);
      expected << 1.0, run.PT_over_mgh, 0.0, 0.0, -run.mu_r / ell;
      expected *= s.mgh;
      for (const auto& [name, solve] : solvers) {
        CAPTURE(name);
        CAPTURE(run.mu);
        CAPTURE(run.Omega);
        CAPTURE(ell);
        const auto r = solve(s.problem, options, Eigen::VectorXd());
        CHECK(r.converged);
        CHECK(r.reason == limitdir::StopReason::converged);
        CHECK(r.error <= options.tol);
        CHECK((r.p - expected).norm() <= impulse_tol(s.problem, options.tol));
      }
    }
  }
}

TEST_CASE("(63) five contacts with a known solution, one per mode of (21): PFP, extra-gradient, PGS") {
  // Build (p*, y*) satisfying the law at each contact, a random SPD W, and q = y* - W p*.
  std::mt19937_64 rng(63);
  const Mode modes[5] = {Mode::take_off, Mode::stick, Mode::slide, Mode::stick_rolling, Mode::slide_and_roll};
  for (int trial = 0; trial < 5; ++trial) {
    limitdir::RollingProblem pb;
    pb.W = rolling_reference::random_spd(25, 0.5, 2.0, rng);
    Eigen::VectorXd pstar(25), ystar(25);
    for (int c = 0; c < 5; ++c) {
      pb.cones.push_back(RollingCone{0.3, 0.1});
      Vector5 p, y;
      rolling_reference::solution_pair(modes[(c + trial) % 5], pb.cones.back(), rng, p, y);
      pstar.segment<5>(5 * c) = p;
      ystar.segment<5>(5 * c) = y;
    }
    pb.q = ystar - pb.W * pstar;
    CHECK(limitdir::complementarity_error(pb, pstar) <= kUnitScaleEps * 25);  // the built solution
    limitdir::RollingSolverOptions options;
    options.tol = 1e-12;
    options.max_iter = 20000;
    for (const auto& [name, solve] : solvers) {
      CAPTURE(name);
      CAPTURE(trial);
      const auto r = solve(pb, options, Eigen::VectorXd());
      CHECK(r.converged);
      CHECK(limitdir::complementarity_error(pb, r.p) <= options.tol);
      CHECK((r.p - pstar).norm() <= impulse_tol(pb, options.tol));
    }
  }
}

TEST_CASE("(63) random few-contact problem: PFP and PGS reach error < tol and agree") {
  std::mt19937_64 rng(64);
  for (int nc : {2, 3, 4}) {
    limitdir::RollingProblem pb;
    pb.W = rolling_reference::random_spd(5 * nc, 0.05, 3.5, rng);
    pb.q = Eigen::VectorXd(5 * nc);
    std::normal_distribution<double> g;
    for (int i = 0; i < 5 * nc; ++i) pb.q[i] = g(rng);
    for (int c = 0; c < nc; ++c) pb.q[5 * c] = -std::abs(pb.q[5 * c]) - 0.5;  // pressed contacts
    for (int c = 0; c < nc; ++c) pb.cones.push_back(RollingCone{0.2 + 0.2 * c, 0.05 + 0.1 * c});
    limitdir::RollingSolverOptions options;
    options.tol = 1e-11;
    options.max_iter = 50000;
    const auto pfp = limitdir::solve_projected_fixed_point(pb, options);
    const auto pgs = limitdir::solve_projected_gauss_seidel(pb, options);
    CAPTURE(nc);
    CHECK(pfp.converged);
    CHECK(pgs.converged);
    CHECK(limitdir::complementarity_error(pb, pfp.p) <= options.tol);
    CHECK(limitdir::complementarity_error(pb, pgs.p) <= options.tol);
    CHECK((pfp.p - pgs.p).norm() <= 2 * impulse_tol(pb, options.tol));  // both within impulse_tol of p*
  }
}

TEST_CASE("(63) solver stopping criteria and bad input") {
  const auto s = rolling_reference::sphere_first_step(0.2, 0.04, 2.5, 5.0, 1.0);
  limitdir::RollingSolverOptions options;
  options.max_iter = 3;
  options.local_max_iter = 3;  // else one PGS sweep solves the single contact
  for (const auto& [name, solve] : solvers) {
    CAPTURE(name);
    const auto r = solve(s.problem, options, Eigen::VectorXd());
    CHECK_FALSE(r.converged);
    CHECK(r.reason == limitdir::StopReason::max_iterations);
    CHECK(r.iterations == 3);
    CHECK(r.error == doctest::Approx(limitdir::complementarity_error(s.problem, r.p)));
  }
  // A warm start at the solution stops at once.
  options.max_iter = 1000;
  options.local_max_iter = 1000;
  const auto solved = limitdir::solve_projected_gauss_seidel(s.problem, options);
  const auto again = limitdir::solve_projected_fixed_point(s.problem, options, solved.p);
  CHECK(again.iterations == 0);
  CHECK(again.converged);

  using limitdir::InputError;
  auto bad = s.problem;
  bad.W = Eigen::MatrixXd::Identity(4, 4);
  CHECK_THROWS_AS(limitdir::solve_projected_fixed_point(bad), InputError);  // not 5 n_c
  bad = s.problem;
  bad.W(1, 4) += 1e-3;
  CHECK_THROWS_AS(limitdir::solve_projected_gauss_seidel(bad), InputError);  // not symmetric
  bad = s.problem;
  bad.cones[0].mu = -0.1;
  CHECK_THROWS_AS(limitdir::solve_extragradient(bad), InputError);
  bad = s.problem;
  bad.q[2] = std::nan("");
  CHECK_THROWS_AS(limitdir::solve_projected_fixed_point(bad), InputError);
  bad = s.problem;
  bad.cones.clear();
  CHECK_THROWS_AS(limitdir::solve_projected_fixed_point(bad), InputError);
  CHECK_THROWS_AS(limitdir::solve_projected_fixed_point(s.problem, options, Eigen::VectorXd::Zero(3)), InputError);
  options.tol = 0.0;
  CHECK_THROWS_AS(limitdir::solve_projected_fixed_point(s.problem, options), InputError);
}

TEST_CASE("(61) the natural step of a scaled block: 1/max diag(D W D), within the contraction bound") {
  // For a symmetric positive definite block, max diag <= lambda_max <= trace <= 5 max diag: the
  // step rho = 1/max diag has rho lambda_max in [1, 5] (its doc's claim), D = diag(1, 1, 1, l, l).
  std::mt19937 gen(61);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const double l : {1.0, 1e-2, 0.05, 30.0}) {
    for (int trial = 0; trial < 50; ++trial) {
      limitdir::Matrix5 A;
      for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) A(i, j) = u(gen);
      const limitdir::Matrix5 W = A * A.transpose() + 1e-3 * limitdir::Matrix5::Identity();
      Vector5 d = Vector5::Ones();
      d.tail<2>().setConstant(l);
      const limitdir::Matrix5 Wd = d.asDiagonal() * W * d.asDiagonal();  // the scaled block itself
      const double rho = limitdir::natural_step(W.diagonal(), l);
      CHECK(rho == 1.0 / Wd.diagonal().maxCoeff());
      const double lambda_max = Eigen::SelfAdjointEigenSolver<limitdir::Matrix5>(Wd).eigenvalues().maxCoeff();
      CHECK(rho * lambda_max >= 1.0 - 1e-12);  // 1e-12: rounding of a 5x5 eigenvalue, |W| ~ 1
      CHECK(rho * lambda_max <= 5.0 + 1e-12);
    }
  }
  // A zero block: DBL_MIN stands for its diagonal (a finite step).
  CHECK(limitdir::natural_step(Vector5::Zero(), 0.01) == 1.0 / DBL_MIN);
}

}  // namespace test_rolling_cone
