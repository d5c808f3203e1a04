// Siconos (Debian libsiconos-numerics-dev) as an oracle for the local problems of a falling
// pile of spheres (granular/moreau_jean.hpp): our relative error is Siconos'
// rolling_fc3d_compute_error on the same (r, u), and Siconos' NSGS and our block PGS solve the
// same local problems to the same tolerance, with the same reactions. Test-only dependency
// (tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <Eigen/Eigenvalues>
#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "siconos_oracle.hpp"

namespace {

/// The local problems of the first 300 steps of 40 spheres (radii 0.007-0.013 m, density
/// 1300) released at random in a 6 cm cube just above the plane, mu = 0.3, mu_r = 1e-3 m: one
/// every 10 steps that has contacts.
std::vector<limitdir::BlockSparseProblem> pile_problems() {
  std::mt19937_64 rng(62);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  limitdir::SphereBodies s;
  for (int k = 0; k < 40; ++k) {
    const double r = 0.007 + 0.006 * u(rng);
    // A 4 x 4 grid of columns, 2.6 cm apart, the spheres 2.6 cm apart in each: no overlap.
    s.add(k, Eigen::Vector3d(0.026 * (k % 4) + 0.003 * u(rng), 0.026 * ((k / 4) % 4), 0.014 + 0.026 * (k / 16)), r,
          1300.0 * 4.0 / 3.0 * M_PI * r * r * r);
    s.v.back() = Eigen::Vector3d(0.2 * (u(rng) - 0.5), 0.2 * (u(rng) - 0.5), -0.3 * u(rng));
  }
  limitdir::GranularStepping st;
  st.h = 1e-3;
  st.theta = 0.5;
  st.cone = {0.3, 1e-3};
  st.solver.tol = 1e-6;
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  std::vector<limitdir::BlockSparseProblem> out;
  for (int k = 0; k < 300; ++k) {
    const auto stats = stepper.step(s);
    if (k % 10 == 9 && stats.contacts > 0) out.push_back(stepper.local_problem());
  }
  return out;
}

}  // namespace

TEST_CASE("Siconos' error on a pile's local problems: rolling_fc3d_compute_error equals ours") {
  const auto problems = pile_problems();
  REQUIRE(problems.size() >= 20);
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g;
  for (const auto& pb : problems) {
    const limitdir::RollingProblem dense = pb.dense();
    // At a random reaction scaled like the impulses of the step (m g h ~ 5e-5 N s), and at 0.
    Eigen::VectorXd p(dense.q.size());
    for (Eigen::Index i = 0; i < p.size(); ++i) p[i] = 5e-5 * g(rng);
    for (const Eigen::VectorXd& at : {p, Eigen::VectorXd(Eigen::VectorXd::Zero(p.size()))}) {
      const double theirs = siconos_oracle::absolute_error(dense, at) / siconos_oracle::error_scale(dense, at);
      const double ours = limitdir::siconos_error(pb, at);
      // The same sums of squares of the same closed-form projections: rounding only.
      CHECK(std::abs(ours - theirs) <= 1e-12 * std::max(theirs, DBL_MIN));
    }
  }
}

TEST_CASE("A pile's local problems: Siconos' NSGS and our block PGS reach the tolerance with the same reactions") {
  const auto problems = pile_problems();
  constexpr double tol = 1e-9;
  // A solve stopped at relative error tol is within ~tol * scale / lambda_min(W) of the
  // solution (scale = max(|q|, |p|, |y|)); factor 10 for the projection's nonlinearity (as in
  // tests/rolling/test_rolling_siconos.cpp). Only problems with W nonsingular (a unique
  // solution) are compared.
  constexpr double kErrorToImpulse = 10.0;
  int compared = 0, siconos_converged = 0;
  for (const auto& pb : problems) {
    const limitdir::RollingProblem dense = pb.dense();
    const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(dense.W).eigenvalues();
    Eigen::VectorXd ours = Eigen::VectorXd::Zero(dense.q.size());
    limitdir::BlockPgsOptions o;
    o.tol = tol;
    o.max_sweeps = 100000;
    const auto r = limitdir::solve_block_pgs(pb, ours, o);
    CHECK(r.converged);
    const auto theirs = siconos_oracle::solve(dense, tol, 100000);
    // Siconos' NSGS works on W in SI units, whose rolling rows are ~2.5/R^2 ~ 2e4 times its
    // others: on many of these problems it stalls above 1e-9 within the cap (our one-contact
    // solves are scaled by the radius, granular/block_pgs.hpp). Compared where it converged.
    if (!theirs.converged) continue;
    ++siconos_converged;
    if (ev[0] <= 1e-9 * ev[ev.size() - 1]) continue;
    const double scale = std::max({dense.q.norm(), ours.norm(), (dense.W * ours + dense.q).norm()});
    CHECK((ours - theirs.p).norm() <= kErrorToImpulse * tol * scale / ev[0]);
    ++compared;
  }
  MESSAGE("Siconos converged on " << siconos_converged << " of " << problems.size()
                                  << " local problems; reactions compared on " << compared);
  CHECK(siconos_converged >= 5);
  CHECK(compared >= 3);
}
