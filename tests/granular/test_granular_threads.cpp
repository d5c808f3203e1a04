// The threads of a granular run (docs/manual.md section 15, "Threads"; granular/worker_pool.hpp,
// granular/block_pgs.hpp): the pool runs every item once, the colouring of the contacts, the
// coloured Gauss-Seidel equal bit for bit to a serial sweep in colour order and the same for
// every thread count >= 2, and piles on 2 threads against piles on 1 by their physics.
#include <doctest/doctest.h>

#include <atomic>
#include <cfloat>
#include <cmath>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pile_run.hpp"
#include "pile_files.hpp"

namespace test_granular_threads {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::BlockPgsOptions;
using limitdir::BlockSparseProblem;
using limitdir::SphereContact;
using limitdir::GranularStepping;
using limitdir::MoreauJeanStepper;
using limitdir::Plane;
using limitdir::SphereBodies;

namespace {

constexpr double R = 0.01;

/// Two layers of spheres of radius R: n x n touching on the plane and (n - 1)^2 in their hollows,
/// each touching the four below (centres 2R apart: (R, R, sqrt(2) R)); seeded random velocities
/// up to 0.05 m/s, so that some contacts open, some stick and some slide.
SphereBodies two_layers(int n) {
  const double m = 1300.0 * 4.0 / 3.0 * M_PI * R * R * R;
  SphereBodies s;
  int id = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) s.add(id++, Eigen::Vector3d(2 * R * i, 2 * R * j, R), R, m);
  for (int i = 0; i + 1 < n; ++i)
    for (int j = 0; j + 1 < n; ++j)
      s.add(id++, Eigen::Vector3d(2 * R * i + R, 2 * R * j + R, R + std::sqrt(2.0) * R), R, m);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> v(-0.05, 0.05);
  for (std::size_t k = 0; k < s.size(); ++k) {
    s.v[k] = Eigen::Vector3d(v(rng), v(rng), v(rng));
    s.omega[k] = Eigen::Vector3d(v(rng), v(rng), v(rng)) / R;
  }
  return s;
}

/// The local problem of the first step of two_layers(n) (its contacts alongside).
struct Local {
  BlockSparseProblem problem;
  std::vector<SphereContact> contacts;
  std::vector<double> length;  // the smaller radius, as the stepper's (granular/moreau_jean.cpp)
};
Local local_problem(int n) {
  SphereBodies s = two_layers(n);
  GranularStepping st;
  st.cone = {0.3, 1e-3};
  MoreauJeanStepper stepper({Plane{}}, st);
  stepper.step(s);
  return {stepper.local_problem(), stepper.contacts(), std::vector<double>(stepper.contacts().size(), R)};
}

/// The problem with its contacts renumbered: new contact i is old order[i]; each row's blocks,
/// or each body's contacts of a factored W, kept in their order (so that every coupling sum is
/// taken in the same order).
BlockSparseProblem permuted(const BlockSparseProblem& w, const std::vector<int>& order) {
  std::vector<int> position(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  BlockSparseProblem out;
  out.q.resize(w.q.size());
  if (w.factored()) {
    out.factors = w.factors;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::size_t a = static_cast<std::size_t>(order[i]);
      out.factors.H[i] = w.factors.H[a];
      out.factors.a[i] = w.factors.a[a];
      out.factors.b[i] = w.factors.b[a];
    }
    for (int& m : out.factors.member) m = position[static_cast<std::size_t>(m)];
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t a = static_cast<std::size_t>(order[i]);
    out.diagonal.push_back(w.diagonal[a]);
    out.cones.push_back(w.cones[a]);
    out.q.segment<5>(5 * static_cast<Eigen::Index>(i)) = w.q.segment<5>(5 * static_cast<Eigen::Index>(a));
    if (w.factored()) continue;
    for (int k = w.row_start[a]; k < w.row_start[a + 1]; ++k) {
      out.column.push_back(position[static_cast<std::size_t>(w.column[static_cast<std::size_t>(k)])]);
      out.blocks.push_back(w.blocks[static_cast<std::size_t>(k)]);
    }
    out.row_start.push_back(static_cast<int>(out.column.size()));
  }
  return out;
}

}  // namespace

TEST_CASE("The worker pool runs every item once on any thread count and rethrows the first exception") {
  for (int threads : {1, 2, 4}) {
    CAPTURE(threads);
    limitdir::WorkerPool pool(threads);
    CHECK(pool.threads() == threads);
    for (std::size_t count : {0, 1, 2, 3, 7, 1000}) {  // (fewer items than threads: empty shares)
      std::vector<std::atomic<int>> seen(count);
      for (auto& x : seen) x = 0;
      pool.for_each(count, [&](std::size_t j) { ++seen[j]; });
      for (auto& x : seen) CHECK(x.load() == 1);
    }
    CHECK_THROWS_AS(pool.for_each(100, [](std::size_t j) { if (j == 17) throw std::runtime_error("item 17"); }),
                    std::runtime_error);
    std::atomic<int> after{0};
    pool.for_each(10, [&](std::size_t) { ++after; });
    CHECK(after.load() == 10);
  }
  CHECK_THROWS_AS(limitdir::WorkerPool(0), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::WorkerPool(limitdir::max_granular_threads + 1), limitdir::InputError);
}

TEST_CASE("The contacts' colours: two contacts sharing a sphere never have the same colour") {
  const Local L = local_problem(6);
  const std::vector<int> colour = limitdir::contact_colours(L.problem);
  REQUIRE(colour.size() == L.contacts.size());
  // From the contacts themselves (not W's rows): every pair with a sphere in common.
  int colours = 0;
  for (std::size_t x = 0; x < L.contacts.size(); ++x) {
    colours = std::max(colours, colour[x] + 1);
    for (std::size_t y = x + 1; y < L.contacts.size(); ++y) {
      const SphereContact &cx = L.contacts[x], &cy = L.contacts[y];
      const bool shared = cx.a == cy.a || (!cy.with_wall() && cx.a == cy.b) ||
                          (!cx.with_wall() && (cx.b == cy.a || (!cy.with_wall() && cx.b == cy.b)));
      if (shared) CHECK(colour[x] != colour[y]);
    }
  }
  // Greedy colouring: at most one more colour than the most contacts a contact shares a sphere
  // with (a lower sphere: plane, 4 beside, 4 above; so 2 x 9 - 1 neighbours at most).
  CHECK(colours >= 2);
  CHECK(colours <= 18);
  const std::vector<int> order = limitdir::colour_order(colour);
  for (std::size_t i = 1; i < order.size(); ++i) {
    const auto a = static_cast<std::size_t>(order[i - 1]), b = static_cast<std::size_t>(order[i]);
    CHECK((colour[a] < colour[b] || (colour[a] == colour[b] && a < b)));
  }
}

TEST_CASE("The coloured Gauss-Seidel on 2 and 4 threads is a serial Gauss-Seidel in colour order, bit for bit") {
  const Local L = local_problem(8);
  const std::vector<int> order = limitdir::colour_order(limitdir::contact_colours(L.problem));
  const BlockSparseProblem serial_problem = permuted(L.problem, order);
  std::vector<double> serial_length(order.size(), R);
  // A tolerance no sweep reaches: exactly max_sweeps sweeps in both, with the same loosened
  // local tolerances (the loosening is capped, error/tol far above the cap).
  BlockPgsOptions o;
  o.tol = 1e-200;
  o.max_sweeps = 4;
  o.global_newton_iter = 0;  // the sweeps alone (Newton's sparse LU orders the unknowns its own way)
  o.anderson_depth = 0;      // (the mixing's sums run in the problem's order: checked below)
  Eigen::VectorXd serial = Eigen::VectorXd::Zero(L.problem.q.size());
  const auto rs = limitdir::solve_block_pgs(serial_problem, serial, o, serial_length);
  for (int threads : {2, 4}) {
    CAPTURE(threads);
    o.threads = threads;
    Eigen::VectorXd p = Eigen::VectorXd::Zero(L.problem.q.size());
    const auto r = limitdir::solve_block_pgs(L.problem, p, o, L.length);
    CHECK(r.sweeps == rs.sweeps);
    CHECK(r.local_iterations == rs.local_iterations);
    for (std::size_t i = 0; i < order.size(); ++i)
      CHECK((p.segment<5>(5 * order[i]).array() == serial.segment<5>(5 * static_cast<Eigen::Index>(i)).array()).all());
    // The error summed per chunk is siconos_error rounded differently: ~n eps relative.
    const double reference = limitdir::siconos_error(L.problem, p);
    CHECK(std::abs(r.error - reference) <= 1e3 * DBL_EPSILON * reference);
  }
  // With Anderson's mixing (its least squares summed in the problem's order, on one thread):
  // the same on 2 and 4 threads, bit for bit.
  o.anderson_depth = 5;
  o.consistent_tol = 1e-200;  // the mixing runs with the consistent error only
  Eigen::VectorXd mixed[2];
  for (int k = 0; k < 2; ++k) {
    o.threads = 2 * (k + 1);
    mixed[k] = Eigen::VectorXd::Zero(L.problem.q.size());
    // mixes after sweeps 2 and 3 (the first pair mixes nothing; the last sweep is not mixed)
    CHECK(limitdir::solve_block_pgs(L.problem, mixed[k], o, L.length).mixes == 2);
  }
  CHECK((mixed[0].array() == mixed[1].array()).all());
}

TEST_CASE("The coloured Gauss-Seidel gives the same reactions, sweeps and error on 2, 3, 4 and 8 threads") {
  const Local L = local_problem(10);
  BlockPgsOptions o;
  o.tol = 1e-8;
  o.threads = 2;
  Eigen::VectorXd p2 = Eigen::VectorXd::Zero(L.problem.q.size());
  const auto r2 = limitdir::solve_block_pgs(L.problem, p2, o, L.length);
  CHECK(r2.converged);
  for (int threads : {3, 4, 8}) {
    CAPTURE(threads);
    o.threads = threads;
    limitdir::WorkerPool pool(threads);
    Eigen::VectorXd p = Eigen::VectorXd::Zero(L.problem.q.size());
    const auto r = limitdir::solve_block_pgs(L.problem, p, o, L.length, &pool);
    CHECK(r.sweeps == r2.sweeps);
    CHECK(r.error == r2.error);
    CHECK(r.local_iterations == r2.local_iterations);
    CHECK((p.array() == p2.array()).all());
  }
}

namespace {

constexpr int kPileSpheres = 40;

/// The paper's pile (share/problems/pile.json) with 40 spheres at rolling resistance mu_r (m),
/// run until 1.2 s after the last birth (at rest, as in test_pile_physics.cpp), on `threads`.
limitdir::PileOutcome small_pile(double mu_r, int threads) {
  const limitdir::PileProblem p = pile_test::resting_pile(kPileSpheres, mu_r);
  limitdir::PileRunOptions o;
  o.every = 100;
  o.threads = threads;
  return limitdir::run_pile(p, limitdir::pluviate(p), o);
}

}  // namespace

TEST_CASE("A pile on 2 threads and on 3: the same run, bit for bit") {
  const limitdir::PileOutcome two = small_pile(2e-3, 2), three = small_pile(2e-3, 3);
  REQUIRE(two.history.size() == three.history.size());
  for (std::size_t k = 0; k < two.history.size(); ++k) {
    CAPTURE(k);
    const limitdir::PileSample &a = two.history[k], &b = three.history[k];
    CHECK(std::tie(a.contacts, a.sweeps, a.error, a.kinetic, a.work_sliding, a.work_rolling) ==
          std::tie(b.contacts, b.sweeps, b.error, b.kinetic, b.work_sliding, b.work_rolling));
  }
  REQUIRE(two.spheres.size() == three.spheres.size());
  for (std::size_t k = 0; k < two.spheres.size(); ++k) CHECK(two.spheres.x[k] == three.spheres.x[k]);
  CHECK(two.total_sweeps == three.total_sweeps);
}

TEST_CASE("A pile on 2 threads against 1: a different Gauss-Seidel order, the same physics") {
  // The colour order changes the reactions of each step within the solver's tolerance, and a
  // pile amplifies such changes (which sphere rolls where), so the two runs are compared by
  // what does not depend on the path: the bounds of test_pile_physics.cpp.
  constexpr double d = 0.02;
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    // mu_r = 1e-5 m: no heap on a rigid floor, one layer, H = d up to the penetration (< 1e-3 d).
    const limitdir::PileOutcome flat = small_pile(1e-5, threads);
    const auto m_flat = limitdir::pile_measures(flat, d);
    CHECK(m_flat.H / d <= 1.0 + 1e-3);
    CHECK(m_flat.H / d >= 1.0 - 0.05);
    // mu_r = 2e-3 m (mu_r/R = 0.2): a heap, nothing lost, at rest.
    const limitdir::PileOutcome heap = small_pile(2e-3, threads);
    const auto m_heap = limitdir::pile_measures(heap, d);
    CHECK(m_heap.H / d > 1.5);
    CHECK(heap.lost.empty());
    for (const auto* o : {&flat, &heap}) {
      const auto& last = o->history.back();
      // The scheme's energy identity: rounding only, ~1e3 eps of the energy brought in.
      CHECK(o->max_balance <= 1e3 * DBL_EPSILON * last.born);
      CHECK(o->unconverged_count == 0);
    }
    CHECK(heap.history.back().kinetic <= 1e-3 * heap.history.back().born);
  }
}

TEST_CASE("Detection and the Delassus assembly on 3 threads: the same contacts in the same order and the same W") {
  // 2000 spheres of radii 0.5 to 1.5 cm in a 0.3 m box, seeded: many pairs near contact.
  SphereBodies s;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> x(0.0, 0.3), r(0.005, 0.015);
  for (int k = 0; k < 2000; ++k) {
    const double radius = r(rng);
    s.add(k, Eigen::Vector3d(x(rng), x(rng), x(rng)), radius, 1300.0 * 4.0 / 3.0 * M_PI * radius * radius * radius);
  }
  const std::vector<Plane> walls{Plane{}, Plane{Eigen::Vector3d::UnitX(), 0.0}};
  limitdir::ContactDetector serial_detector, pool_detector;
  std::vector<SphereContact> serial, threaded;
  limitdir::WorkerPool pool(3);
  serial_detector.detect(s, walls, 2e-3, serial);
  pool_detector.detect(s, walls, 2e-3, threaded, &pool);
  REQUIRE(serial.size() == threaded.size());
  CHECK(serial.size() > 1000);
  for (std::size_t k = 0; k < serial.size(); ++k) {
    CHECK(std::tie(serial[k].a, serial[k].b, serial[k].gap) == std::tie(threaded[k].a, threaded[k].b, threaded[k].gap));
    CHECK(serial[k].frame == threaded[k].frame);
  }
  std::vector<limitdir::ContactJacobian> H;
  for (const SphereContact& c : serial) H.push_back(limitdir::contact_jacobian(s, c));
  BlockSparseProblem w1, w3;
  limitdir::assemble_delassus(s, serial, H, w1);
  limitdir::assemble_delassus(s, serial, H, w3, &pool);
  CHECK(w1.row_start == w3.row_start);
  CHECK(w1.column == w3.column);
  REQUIRE(w1.blocks.size() == w3.blocks.size());
  for (std::size_t k = 0; k < w1.blocks.size(); ++k) CHECK(w1.blocks[k] == w3.blocks[k]);
  for (std::size_t k = 0; k < w1.diagonal.size(); ++k) CHECK(w1.diagonal[k] == w3.diagonal[k]);
}

TEST_CASE("W = H M^-1 H^T kept as blocks and as factors: the same W, and block PGS the same reactions to the tolerance") {
  const Local L = local_problem(6);  // the stepper's problem: factored
  REQUIRE(L.problem.factored());
  REQUIRE(L.problem.blocks.empty());
  // The blocks from the same Jacobians, as assemble_delassus's block storage makes them.
  SphereBodies s = two_layers(6);
  GranularStepping st;
  st.cone = {0.3, 1e-3};
  MoreauJeanStepper stepper({Plane{}}, st);
  stepper.step(s);
  s = two_layers(6);
  std::vector<limitdir::ContactJacobian> H;
  for (const SphereContact& c : stepper.contacts()) H.push_back(limitdir::contact_jacobian(s, c));
  BlockSparseProblem blocks;
  limitdir::assemble_delassus(s, stepper.contacts(), H, blocks);
  blocks.q = L.problem.q;
  blocks.cones = L.problem.cones;
  REQUIRE(!blocks.factored());
  // One W, two computations: each column W e_beta through dv = M^-1 H^T e_beta, and the
  // blocks H_{alpha,k} M_k^-1 H_{beta,k}^T; they agree to the rounding of a few products.
  const Eigen::MatrixXd Wf = L.problem.dense().W, Wb = blocks.dense().W;
  CHECK((Wf - Wb).cwiseAbs().maxCoeff() <= 1e-13 * Wb.cwiseAbs().maxCoeff());
  BlockPgsOptions o;
  o.tol = 1e-10;
  Eigen::VectorXd pf = Eigen::VectorXd::Zero(L.problem.q.size()), pb = pf;
  const auto rf = limitdir::solve_block_pgs(L.problem, pf, o, L.length);
  const auto rb = limitdir::solve_block_pgs(blocks, pb, o, L.length);
  CHECK(rf.converged);
  CHECK(rb.converged);
  // each solution meets the other representation's error test
  CHECK(limitdir::siconos_error(blocks, pf) <= o.tol);
  CHECK(limitdir::siconos_error(L.problem, pb) <= o.tol);
}

}  // namespace test_granular_threads
