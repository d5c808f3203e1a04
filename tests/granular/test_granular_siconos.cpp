// Siconos (Debian libsiconos-numerics-dev) as an oracle for the local problems of a falling
// pile of spheres (granular/moreau_jean.hpp): our relative error is Siconos'
// rolling_fc3d_compute_error on the same (r, u), and Siconos' NSGS and our block PGS solve the
// same local problems to the same tolerance, with the same reactions. Test-only dependency
// (tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <Eigen/Eigenvalues>
#include <cfloat>
#include <cmath>
#include <map>
#include <utility>
#include <random>
#include <vector>

#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "pile_files.hpp"
#include "siconos_oracle.hpp"

namespace test_granular_siconos {  // this file's own names (tests/CMakeLists.txt: a unity build)

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

namespace {

/// The reactions the stepper starts a step from (granular/moreau_jean.hpp): the last step's,
/// matched by the pair of sphere ids, carried as world vectors into the new frames.
struct PairReactions {
  std::map<std::pair<long long, long long>, std::pair<Eigen::Vector3d, Eigen::Vector3d>> last;
  static std::pair<long long, long long> key(const limitdir::SphereBodies& s, const limitdir::SphereContact& c, double& sign) {
    const long long ia = s.id[static_cast<std::size_t>(c.a)], ib = c.with_wall() ? -1 - c.b + (1LL << 40) : s.id[static_cast<std::size_t>(c.b)];
    sign = ib < ia ? -1.0 : 1.0;
    return ib < ia ? std::make_pair(ib, ia) : std::make_pair(ia, ib);
  }
  Eigen::VectorXd warm_start(const limitdir::SphereBodies& s, const std::vector<limitdir::SphereContact>& contacts) const {
    Eigen::VectorXd p = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(5 * contacts.size()));
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      double sign = 1.0;
      const auto it = last.find(key(s, contacts[k], sign));
      if (it == last.end()) continue;
      const Eigen::Matrix3d& F = contacts[k].frame;
      p.segment<3>(static_cast<Eigen::Index>(5 * k)) = sign * F.transpose() * it->second.first;
      p.segment<2>(static_cast<Eigen::Index>(5 * k + 3)) = sign * F.rightCols<2>().transpose() * it->second.second;
    }
    return p;
  }
  void remember(const limitdir::SphereBodies& s, const std::vector<limitdir::SphereContact>& contacts, const Eigen::VectorXd& P) {
    last.clear();
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      double sign = 1.0;
      const Eigen::Matrix3d& F = contacts[k].frame;
      const Eigen::Index i = static_cast<Eigen::Index>(5 * k);
      last[key(s, contacts[k], sign)] = {sign * (F * P.segment<3>(i)), sign * (F.rightCols<2>() * P.segment<2>(i + 3))};
    }
  }
};

}  // namespace

TEST_CASE("Creeping sweeps at mu_r of 2.64 radii: Aitken's extrapolation and Anderson's mixing solve the stalled step, by Siconos' error") {
  // The paper's pile (Sect. 6.2) with 30 spheres at the Fig. 5 study's mu = 0.3, mu_r = 2.64e-2 m:
  // the first step on which the plain sweeps from the warm start take kSlow sweeps or more (they
  // creep along a nearly self-equilibrated loop of rolling moments, docs/manual.md section 15).
  constexpr int kSlow = 300;
  limitdir::PileProblem pr = pile_test::bundled_problem("pile.json");
  pr.spheres.count = 30;
  pr.law.mu_r = 0.026366508987303583;
  const std::vector<limitdir::SphereBirth> births = limitdir::pluviate(pr);
  limitdir::GranularStepping st = pile_test::pile_stepping(pr);
  st.solver.extrapolate = false;
  st.solver.anderson_depth = 0;
  st.solver.global_newton_iter = 0;
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  limitdir::SphereBodies s;
  PairReactions reactions;
  std::size_t next = 0;
  for (int k = 0; k < 2500; ++k) {
    const double t = k * st.h;
    pile_test::give_birth(births, next, t, st, s);
    const limitdir::SphereBodies start = s;
    const auto stats = stepper.step(s);
    if (stats.sweeps < kSlow) {
      reactions.remember(start, stepper.contacts(), stepper.impulses());
      continue;
    }
    const limitdir::BlockSparseProblem& w = stepper.local_problem();
    const std::vector<double> length(static_cast<std::size_t>(w.contacts()), pr.spheres.diameter / 2);
    const Eigen::VectorXd warm = reactions.warm_start(start, stepper.contacts());
    limitdir::BlockPgsOptions o = st.solver;
    Eigen::VectorXd plain = warm, jumped = warm;
    const auto r0 = limitdir::solve_block_pgs(w, plain, o, length);
    // the warm start rebuilt here is the stepper's: the same sweeps to the same reactions
    CHECK(r0.sweeps == stats.sweeps);
    CHECK((plain - stepper.impulses()).norm() == 0.0);
    o.extrapolate = true;
    const auto r1 = limitdir::solve_block_pgs(w, jumped, o, length);
    MESSAGE("step " << k << ", " << w.contacts() << " contacts: plain sweeps " << r0.sweeps << " (error " << r0.error
                    << "), with Aitken's jumps " << r1.sweeps << " (error " << r1.error << ", " << r1.extrapolations
                    << " jumps of " << r1.extrapolation_trials << " tried)");
    CHECK(r1.converged);
    CHECK(r1.extrapolations >= 1);
    // fewer than half the plain sweeps, the trial sweeps included (measured: 56 against 889)
    CHECK(2 * r1.sweeps < r0.sweeps);
    // Siconos' own rolling_fc3d_compute_error on the dense W: within the tolerance
    const limitdir::RollingProblem dense = w.dense();
    CHECK(siconos_oracle::absolute_error(dense, jumped) / siconos_oracle::error_scale(dense, jumped) <= pr.stepping.tol);
    // Anderson's mixing alone (granular/anderson_mixing.hpp) from the same warm start
    o.extrapolate = false;
    o.anderson_depth = 5;
    o.consistent_tol = pr.stepping.tol;  // the mixing runs with the consistent error only
    Eigen::VectorXd mixed = warm;
    const auto r2 = limitdir::solve_block_pgs(w, mixed, o, length);
    MESSAGE("with Anderson's mixing " << r2.sweeps << " sweeps (error " << r2.error << ", " << r2.mixes << " mixes)");
    CHECK(r2.converged);
    CHECK(2 * r2.sweeps < r0.sweeps);
    CHECK(siconos_oracle::absolute_error(dense, mixed) / siconos_oracle::error_scale(dense, mixed) <= pr.stepping.tol);
    return;
  }
  FAIL("no step took " << kSlow << " sweeps");
}

}  // namespace test_granular_siconos
