// The semismooth Newton method on a whole local problem (granular/global_newton.hpp) and block
// Gauss-Seidel's hand-over to it (granular/block_pgs.hpp): problems built around a chosen
// solution of the law (21) [Acary & Bourrier 2021] on a real contact network, W as its factors
// and as blocks; and the steps of a pile at mu_r = 100 radii where the sweeps stagnate, checked
// against the contact law itself on the dense W.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/global_newton.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "pile_files.hpp"
#include "rolling_reference.hpp"

namespace test_global_newton {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::BlockSparseProblem;
using limitdir::RollingCone;
using limitdir::Vector5;
using rolling_reference::Mode;

namespace {

constexpr double R = 0.01;

/// A 3 x 3 layer of touching spheres on the plane with 2 x 2 touching in its hollows (each
/// touching four below): 9 plane contacts, 12 in the layer, 16 between the layers and 4 on top, W = H M^-1 H^T as the stepper builds it
/// (factored), and the same W as blocks.
struct Network {
  BlockSparseProblem factored, blocks;
  std::vector<double> length;
};
Network network(const RollingCone& cone) {
  const double m = 1300.0 * 4.0 / 3.0 * M_PI * R * R * R;
  limitdir::SphereBodies s;
  int id = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) s.add(id++, Eigen::Vector3d(2 * R * i, 2 * R * j, R), R, m);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) s.add(id++, Eigen::Vector3d(2 * R * i + R, 2 * R * j + R, R + std::sqrt(2.0) * R), R, m);
  limitdir::GranularStepping st;
  st.cone = cone;
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  limitdir::SphereBodies moved = s;
  stepper.step(moved);
  Network n;
  n.factored = stepper.local_problem();
  n.blocks.q = n.factored.q;
  std::vector<limitdir::ContactJacobian> H;
  for (const auto& c : stepper.contacts()) H.push_back(limitdir::contact_jacobian(s, c));
  limitdir::assemble_delassus(s, stepper.contacts(), H, n.blocks);
  n.blocks.cones = n.factored.cones;
  n.length.assign(stepper.contacts().size(), R);
  return n;
}

/// n contacts with W a random symmetric positive definite matrix (eigenvalues in [0.5, 1]) kept
/// as blocks, every block nonzero, and q = y* - W p* for a pair (p*, y*) of the law (21) in a
/// random mode at each contact.
BlockSparseProblem built_problem(int n, const RollingCone& cone, std::mt19937_64& rng, Eigen::VectorXd& pstar) {
  const Eigen::MatrixXd W = rolling_reference::random_spd(5 * n, 0.5, 1.0, rng);
  BlockSparseProblem w;
  for (int a = 0; a < n; ++a) {
    w.diagonal.push_back(W.block<5, 5>(5 * a, 5 * a));
    for (int b = 0; b < n; ++b) {
      if (b == a) continue;
      w.column.push_back(b);
      w.blocks.push_back(W.block<5, 5>(5 * a, 5 * b));
    }
    w.row_start.push_back(static_cast<int>(w.column.size()));
  }
  const Mode modes[] = {Mode::take_off, Mode::stick, Mode::slide, Mode::stick_rolling, Mode::slide_and_roll};
  Eigen::VectorXd ystar(5 * n);
  pstar.resize(5 * n);
  for (int a = 0; a < n; ++a) {
    Vector5 p, y;
    rolling_reference::solution_pair(modes[rng() % 5], cone, rng, p, y);
    pstar.segment<5>(5 * a) = p;
    ystar.segment<5>(5 * a) = y;
    w.cones.push_back(cone);
  }
  w.q = ystar - W * pstar;
  return w;
}

/// The law (21) at every contact of p, by the cone tests of rolling/cone.hpp on y = W p + q
/// from the dense W, each to `slack` times the contact's scale (its variables scaled by R:
/// rolling rows R w_R, m_R/R, mu_r/R, so that its entries are of one size).
bool satisfies_law(const BlockSparseProblem& w, const Eigen::VectorXd& p, double slack, double l) {
  const limitdir::RollingProblem d = w.dense();
  const Eigen::VectorXd y = d.W * p + d.q;
  Eigen::VectorXd ps = p, ys = y, qs = d.q;
  for (int a = 0; a < w.contacts(); ++a) {
    ps.segment<2>(5 * a + 3) /= l;
    ys.segment<2>(5 * a + 3) *= l;
    qs.segment<2>(5 * a + 3) *= l;
  }
  // the problem's scale, as in Siconos' error: a contact whose reaction or velocity is ~0 is
  // judged on it
  const double S = std::max({qs.norm(), ps.norm(), ys.norm(), DBL_MIN});
  for (int a = 0; a < w.contacts(); ++a) {
    const RollingCone cone{w.cones[static_cast<std::size_t>(a)].mu, w.cones[static_cast<std::size_t>(a)].mu_r / l};
    const Vector5 pa = ps.segment<5>(5 * a), yhat = limitdir::modified_velocity(ys.segment<5>(5 * a), cone);
    if (!limitdir::in_rolling_cone(pa, cone, slack * S) || !limitdir::in_dual_rolling_cone(yhat, cone, slack * S) ||
        std::abs(pa.dot(yhat)) > slack * S * S)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("(61) on the whole problem: Newton from near a built solution converges to it quadratically") {
  std::mt19937_64 rng(61);
  for (const RollingCone cone : {RollingCone{0.3, 0.1}, RollingCone{0.5, 1.0}, RollingCone{1.0, 10.0}}) {
    for (int trial = 0; trial < 20; ++trial) {
      Eigen::VectorXd pstar;
      const BlockSparseProblem w = built_problem(8, cone, rng, pstar);
      std::normal_distribution<double> g;
      Eigen::VectorXd p = pstar;
      for (Eigen::Index i = 0; i < p.size(); ++i) p[i] += 1e-4 * g(rng);
      const auto out = limitdir::solve_global_newton(w, p, 1e-13, 20);
      CAPTURE(cone.mu_r);
      CAPTURE(trial);
      // On the faces of p* from the first step: quadratic convergence, a few steps to 1e-13.
      CHECK(out.error <= 1e-13);
      CHECK(out.iterations <= 6);
      CHECK(satisfies_law(w, p, 1e-10, 1.0));
      // p* is the solution near the start (each contact strictly inside its face): found.
      CHECK((p - pstar).norm() <= 1e-10 * pstar.norm());
    }
  }
}

TEST_CASE("(61) on a hyperstatic network (W singular): Newton from Gauss-Seidel's iterate, W as factors and as blocks") {
  // 41 contacts on 13 spheres: 205 rows of W, rank <= 78; the generalized Jacobian is singular
  // where many contacts stick, and Newton takes its regularized steps.
  for (const RollingCone cone : {RollingCone{0.3, 1e-3}, RollingCone{0.5, 0.1}, RollingCone{1.0, 1.0}}) {
    const Network n = network(cone);
    REQUIRE(n.factored.factored());
    REQUIRE(n.factored.contacts() == 41);
    for (const BlockSparseProblem* w : {&n.factored, &n.blocks}) {
      limitdir::BlockPgsOptions o;
      o.tol = 1e-5;
      o.global_newton_iter = 0;
      Eigen::VectorXd p = Eigen::VectorXd::Zero(w->q.size());
      limitdir::solve_block_pgs(*w, p, o, n.length);
      const auto out = limitdir::solve_global_newton(*w, p, 1e-11, 30, n.length);
      CAPTURE(cone.mu_r);
      CAPTURE(out.iterations);
      CHECK(out.error <= 1e-11);
      CHECK(satisfies_law(*w, p, 1e-8, R));
    }
  }
}

TEST_CASE("Block Gauss-Seidel hands over to Newton where its sweeps stagnate: a pile at mu_r = 100 radii") {
  // The paper's pile with 20 spheres and mu_r = 1 m: its steps where block PGS alone stops above
  // the tolerance (at the cap or stagnating) are solved again from 0, without Newton and with.
  limitdir::PileProblem pr = pile_test::bundled_problem("pile.json");
  pr.spheres.count = 20;
  pr.law.mu_r = 1.0;
  const std::vector<limitdir::SphereBirth> births = limitdir::pluviate(pr);
  limitdir::GranularStepping st = pile_test::pile_stepping(pr);
  st.solver.global_newton_iter = 0;
  st.solver.anderson_depth = 0;  // the plain sweeps' stagnation (the mixing leaves fewer such steps)
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  limitdir::SphereBodies s;
  std::size_t next = 0;
  int stagnated = 0, by_newton = 0;
  for (int k = 0; k < 2500 && stagnated < 30; ++k) {
    const double t = k * st.h;
    pile_test::give_birth(births, next, t, st, s);
    if (stepper.step(s).converged) continue;
    const BlockSparseProblem& w = stepper.local_problem();
    const std::vector<double> length(static_cast<std::size_t>(w.contacts()), pr.spheres.diameter / 2);
    limitdir::BlockPgsOptions o = st.solver;
    Eigen::VectorXd alone = Eigen::VectorXd::Zero(w.q.size()), with = alone;
    if (limitdir::solve_block_pgs(w, alone, o, length).converged) continue;  // stagnated from the warm start only
    ++stagnated;
    o.global_newton_iter = 20;
    const auto r = limitdir::solve_block_pgs(w, with, o, length);
    CHECK(r.converged == (r.error <= o.tol));
    if (!r.converged) continue;
    ++by_newton;
    CHECK(r.newton_iterations > 0);
    // an independent reading of the error: Siconos' formula evaluated on the dense W
    CHECK(pile_test::dense_siconos_error(w, with) <= 1.0001 * o.tol);
  }
  MESSAGE("block PGS alone stagnated on " << stagnated << " steps; with Newton " << by_newton << " reached the tolerance");
  REQUIRE(stagnated >= 10);
  // Measured: 16 of 16 (Newton in Siconos' variables, then the scaled ones); 7 of 16 when it
  // worked in the scaled variables alone (granular/global_newton.cpp).
  CHECK(4 * by_newton >= 3 * stagnated);
}

}  // namespace test_global_newton
