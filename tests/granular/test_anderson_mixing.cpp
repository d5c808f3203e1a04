// Anderson's mixing (granular/anderson_mixing.hpp) and block Gauss-Seidel's use of it
// (granular/block_pgs.hpp): on a linear map, the fixed point of the dense solve within n + 1
// mixes (the equivalence with GMRES of [Walker & Ni 2011]); on the local problems of a pile at
// mu_r of 2.64 radii, reactions that satisfy the tolerance on the dense W in fewer sweeps than
// the plain ones.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "limitdir/granular/anderson_mixing.hpp"
#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "limitdir/granular/stopping_errors.hpp"
#include "pile_files.hpp"

namespace test_anderson_mixing {  // this file's own names (tests/CMakeLists.txt: a unity build)

TEST_CASE("Anderson's mixing of a linear map: its fixed point within n + 1 mixes, as GMRES [Walker & Ni 2011]") {
  std::mt19937_64 rng(1965);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(0.5, 2.0);
  constexpr int n = 8;
  for (int trial = 0; trial < 10; ++trial) {
    // M with spectral radius 0.99: the plain iteration x -> M x + b gains 1 % a step
    Eigen::MatrixXd M(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) M(i, j) = g(rng);
    M *= 0.99 / Eigen::EigenSolver<Eigen::MatrixXd>(M).eigenvalues().cwiseAbs().maxCoeff();
    Eigen::VectorXd b(n), weight(n);
    for (int i = 0; i < n; ++i) {
      b[i] = g(rng);
      weight[i] = u(rng);
    }
    // the fixed point by a dense LU solve of (I - M) x = b: another algorithm
    const Eigen::VectorXd xstar = (Eigen::MatrixXd::Identity(n, n) - M).partialPivLu().solve(b);
    limitdir::AndersonMixing mixing(n + 2, weight);
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n), plain = x;
    for (int k = 0; k < n + 2; ++k) {
      Eigen::VectorXd next = M * x + b;
      mixing.mix(x, next);
      x = next;
      plain = M * plain + b;
    }
    CAPTURE(trial);
    // Rounding: the least squares on differences whose last ones are ~1e-8 of the first lose
    // ~1e-8 relative (the shift of the normal equations, 1e-12, squared condition), times |x*|.
    CHECK((x - xstar).norm() <= 1e-6 * xstar.norm());
    CHECK((plain - xstar).norm() >= 1e-2 * xstar.norm());  // 0.99^10: the plain iterate far off
  }
}

TEST_CASE("Block Gauss-Seidel with Anderson's mixing: a pile's local problems at mu_r = 2.64 radii, fewer sweeps, the same law") {
  // The paper's pile with 20 spheres at mu = 0.3, mu_r = 2.64e-2 m (the Fig. 5 study's), its
  // local problems of every 10th step from t = 0.8 s to 2.5 s solved from 0 with plain sweeps
  // and with the mixing, both stopped on Siconos' error and the consistent one (Newton off: the
  // sweeps alone).
  limitdir::PileProblem pr = pile_test::bundled_problem("pile.json");
  pr.spheres.count = 20;
  pr.law.mu_r = 0.026366508987303583;
  const std::vector<limitdir::SphereBirth> births = limitdir::pluviate(pr);
  limitdir::GranularStepping st = pile_test::pile_stepping(pr);
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  limitdir::SphereBodies s;
  std::size_t next = 0;
  long plain_sweeps = 0, mixed_sweeps = 0;
  int solved = 0, mixes = 0;
  for (int k = 0; k < 2500; ++k) {
    pile_test::give_birth(births, next, k * st.h, st, s);
    stepper.step(s);
    if (k < 800 || k % 10 != 0 || stepper.local_problem().contacts() < 10) continue;
    const limitdir::BlockSparseProblem& w = stepper.local_problem();
    const std::vector<double> length(static_cast<std::size_t>(w.contacts()), pr.spheres.diameter / 2);
    limitdir::BlockPgsOptions o = st.solver;
    o.global_newton_iter = 0;
    o.consistent_tol = o.tol;  // the mixing runs with the consistent error only (block_pgs.hpp)
    o.anderson_depth = 0;
    Eigen::VectorXd plain = Eigen::VectorXd::Zero(w.q.size()), mixed = plain;
    const auto r0 = limitdir::solve_block_pgs(w, plain, o, length);
    o.anderson_depth = 5;
    const auto r1 = limitdir::solve_block_pgs(w, mixed, o, length);
    plain_sweeps += r0.sweeps;
    mixed_sweeps += r1.sweeps;
    mixes += r1.mixes;
    if (!r1.converged) continue;
    ++solved;
    // an independent reading of the error: Siconos' formula on the dense W
    CHECK(pile_test::dense_siconos_error(w, mixed) <= 1.0001 * o.tol);
    CHECK(limitdir::consistent_error(w, mixed, length) <= o.consistent_tol);
  }
  MESSAGE(solved << " problems: " << plain_sweeps << " plain sweeps, " << mixed_sweeps << " with the mixing (" << mixes
                 << " mixes)");
  REQUIRE(solved >= 100);
  CHECK(mixes > 0);
  CHECK(mixed_sweeps <= 0.8 * plain_sweeps);
}

}  // namespace test_anderson_mixing
