// Siconos (Debian libsiconos-numerics-dev) as an independent oracle for the rolling friction
// cone [Acary & Bourrier 2021]: its projection onto K_r, its complementarity error and its
// one-contact rolling friction solver, against ours. Test-only dependency (tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/solvers.hpp"
#include "rolling_reference.hpp"
#include "siconos_oracle.hpp"

namespace test_rolling_siconos {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::RollingCone;
using limitdir::Vector5;

namespace {

// Both projections are a handful of rounded operations on quantities of size
// <= (1 + mu + mu_r)|pbar| (Siconos computes the same closed form with its own rounding):
// 8 eps per unit of that scale bounds the difference of two such evaluations.
constexpr double kTwoRoundingsEps = 8 * DBL_EPSILON;
// A solver stopped at error e (a velocity relative to its scale) is within about
// e * scale / lambda_min(W) of the solution; factor 10 for the nonlinearity of g and the
// projection (as in rolling/test_rolling_cone.cpp).
constexpr double kErrorToImpulse = 10.0;

Vector5 random_point(std::mt19937_64& rng) {
  std::normal_distribution<double> g;
  Vector5 v;
  for (int i = 0; i < 5; ++i) v[i] = g(rng);
  return v;
}

}  // namespace

TEST_CASE("Prop. 5.2 projection against Siconos' projectionOnRollingCone") {
  std::mt19937_64 rng(4);
  const std::vector<RollingCone> cones = {{0.3, 0.05}, {0.7, 0.2}, {1.0, 1.0}, {0.0, 0.4}, {0.6, 0.0}};
  int compared = 0, fall_through = 0;
  for (const auto& c : cones) {
    for (int k = 0; k < 20000; ++k) {
      const Vector5 pbar = random_point(rng);
      Vector5 ps;
      const unsigned status = siconos_oracle::project(pbar, c, ps);
      if (status > siconos_oracle::kLastProjectionStatus) {  // Siconos found no case (near ties)
        ++fall_through;
        continue;
      }
      const auto ours = limitdir::project_rolling_cone(pbar, c);
      CAPTURE(pbar.transpose());
      REQUIRE((ours.p - ps).lpNorm<Eigen::Infinity>() <=
              kTwoRoundingsEps * (1.0 + c.mu + c.mu_r) * std::max(pbar.norm(), DBL_MIN));
      ++compared;
    }
  }
  MESSAGE("random points: compared " << compared << "; Siconos returned no case for " << fall_through);
  CHECK(compared > 99000);
}

TEST_CASE("Prop. 5.2 near ties against Siconos: compared where Siconos finds a case") {
  // Within a few ulps of the 3/4 and 3/5 ties Siconos' order of tests can find no case and
  // leave the vector unprojected (status > 4); ours always projects (rolling/test_rolling_cone.cpp).
  std::mt19937_64 rng(78);
  const std::vector<RollingCone> cones = {{0.5, 0.2}, {0.3, 0.05}, {1.0, 1.0}, {0.7, 0.9}};
  int compared = 0, fall_through = 0;
  for (const auto& c : cones) {
    for (int k = 0; k < 4000; ++k) {
      Vector5 pbar, ps;
      if (!rolling_reference::near_tie_point(c, k % 2 == 0, rng, pbar)) continue;
      const auto ours = limitdir::project_rolling_cone(pbar, c);
      CHECK(limitdir::in_rolling_cone(ours.p, c, kTwoRoundingsEps * (1.0 + c.mu + c.mu_r) * pbar.norm()));
      if (siconos_oracle::project(pbar, c, ps) > siconos_oracle::kLastProjectionStatus) {
        ++fall_through;
        continue;
      }
      CAPTURE(pbar.transpose());
      REQUIRE((ours.p - ps).lpNorm<Eigen::Infinity>() <= kTwoRoundingsEps * (1.0 + c.mu + c.mu_r) * pbar.norm());
      ++compared;
    }
  }
  MESSAGE("near ties: compared " << compared << "; Siconos returned no case for " << fall_through);
  CHECK(compared > 10000);
}

TEST_CASE("(61) natural-map norm against Siconos' rolling_fc3d_compute_error") {
  std::mt19937_64 rng(61);
  for (int nc : {1, 3}) {
    limitdir::RollingProblem pb;
    pb.W = rolling_reference::random_spd(5 * nc, 0.1, 2.0, rng);
    pb.q = Eigen::VectorXd(5 * nc);
    for (int c = 0; c < nc; ++c) {
      pb.q.segment<5>(5 * c) = random_point(rng);
      pb.cones.push_back(RollingCone{0.4, 0.1});
    }
    for (int k = 0; k < 50; ++k) {
      Eigen::VectorXd p(5 * nc);
      for (int c = 0; c < nc; ++c) p.segment<5>(5 * c) = random_point(rng);
      const double ours = limitdir::complementarity_error(pb, p) * limitdir::error_scale(pb.q.norm());
      const double theirs = siconos_oracle::absolute_error(pb, p);
      CAPTURE(ours);
      CAPTURE(theirs);
      // Same natural map (rho = 1) with different rounding: a few eps of the unit-scale entries.
      CHECK(std::abs(ours - theirs) <= 64 * DBL_EPSILON * std::max(1.0, ours));
    }
  }
}

TEST_CASE("(67) one-contact solve against Siconos' rolling friction NSGS (local projection with iteration)") {
  std::mt19937_64 rng(67);
  constexpr double tol = 1e-12;
  for (int k = 0; k < 40; ++k) {
    limitdir::RollingProblem pb;
    pb.W = rolling_reference::random_spd(5, 0.1, 3.0, rng);
    pb.q = random_point(rng);
    pb.q[0] = -std::abs(pb.q[0]) - 0.2;  // a pressed contact
    pb.cones = {RollingCone{0.1 + 0.02 * k, 0.05 + 0.01 * k}};
    limitdir::RollingSolverOptions options;
    options.tol = tol;
    options.max_iter = 10000;
    const auto ours = limitdir::solve_projected_fixed_point(pb, options);
    const auto theirs = siconos_oracle::solve(pb, tol, 10000);
    CAPTURE(k);
    REQUIRE(ours.converged);
    REQUIRE(theirs.converged);
    // Each is within ~10 tol (its error scale) / lambda_min(W) of the solution
    // (rolling/test_rolling_cone.cpp, kErrorToImpulse; Siconos' scale in siconos_oracle::error_scale).
    const double bound = kErrorToImpulse * tol * (pb.q.norm() + siconos_oracle::error_scale(pb, theirs.p)) /
                         rolling_reference::lambda_min(pb.W);
    CHECK((ours.p - theirs.p).norm() <= bound);
    // Siconos stops on its own error scale (siconos_oracle::error_scale).
    CHECK(limitdir::complementarity_error(pb, theirs.p) * pb.q.norm() <= tol * siconos_oracle::error_scale(pb, theirs.p));
  }
}

TEST_CASE("Sect. 6.1 sphere, first step: our PFP and PGS against Siconos' NSGS") {
  constexpr double tol = 1e-13;
  for (const auto& run : std::vector<std::array<double, 3>>{{0.2, 5.0, 0.04}, {0.2, 2.5, 0.04}, {0.05, 5.0, 0.04}}) {
    const auto s = rolling_reference::sphere_first_step(run[0], run[2], 2.5, run[1], 1.0);
    limitdir::RollingSolverOptions options;
    options.tol = tol;
    const auto theirs = siconos_oracle::solve(s.problem, tol, 1000);
    REQUIRE(theirs.converged);
    const double bound = kErrorToImpulse * tol *
                         (s.problem.q.norm() + siconos_oracle::error_scale(s.problem, theirs.p)) /
                         rolling_reference::lambda_min(s.problem.W);
    for (const auto& ours : {limitdir::solve_projected_fixed_point(s.problem, options),
                             limitdir::solve_projected_gauss_seidel(s.problem, options)}) {
      REQUIRE(ours.converged);
      CHECK((ours.p - theirs.p).norm() <= bound);
    }
  }
}

}  // namespace test_rolling_siconos
