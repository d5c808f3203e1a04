// The two errors of the local problem's stopping test (granular/stopping_errors.hpp): Siconos'
// relative residual and the one in consistent units, on a step of spheres on the plane (one of
// them spinning), against identities: a change of units (kilograms to grams, metres to
// millimetres) leaves a dimensionless error unchanged, and an impulse off by a known amount is
// seen by the one and not by the other (docs/manual.md section 15, "What the tolerance allows").
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/stopping_errors.hpp"

namespace test_stopping_errors {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::BlockSparseProblem;
using limitdir::Vector5;

namespace {

constexpr double R = 0.01;

/// A row of four touching spheres on the plane along x (4 plane contacts, 3 between them), the
/// first spinning at 100 rad/s about y (its plane contact rolls and slides at 1 m/s), stepped
/// once with both errors asked to 1e-12: the local problem (W as factors), its solution and
/// the contacts' lengths.
struct Step {
  BlockSparseProblem problem;
  Eigen::VectorXd P;
  std::vector<double> length;
};
Step spinning_row() {
  limitdir::SphereBodies s;
  const double m = 1300.0 * 4.0 / 3.0 * M_PI * R * R * R;
  for (int i = 0; i < 4; ++i) s.add(i, Eigen::Vector3d(2 * R * i, 0.0, R), R, m);
  s.omega[0] = Eigen::Vector3d(0.0, 100.0, 0.0);
  limitdir::GranularStepping st;
  st.cone = {0.3, 1e-3};
  st.solver.tol = 1e-12;
  st.solver.consistent_tol = 1e-12;
  limitdir::MoreauJeanStepper stepper({limitdir::Plane{}}, st);
  stepper.step(s);
  Step out{stepper.local_problem(), stepper.impulses(), {}};
  out.length.assign(static_cast<std::size_t>(out.problem.contacts()), R);
  return out;
}

/// The problem in other units: masses times kappa, lengths times lambda (seconds kept). Impulse
/// rows (N s) scale by kappa lambda, moments (N m s) by kappa lambda^2, velocities (m/s) by
/// lambda, angular velocities (rad/s) not at all; so p -> Dp p, y -> Dy y, W -> Dy W Dp^-1,
/// q -> Dy q, mu_r (m) -> lambda mu_r. W kept as blocks from its dense form.
BlockSparseProblem in_units(const BlockSparseProblem& w, double kappa, double lambda, Eigen::VectorXd& p) {
  const limitdir::RollingProblem d = w.dense();
  const int n = w.contacts();
  Eigen::VectorXd Dp(5 * n), Dy(5 * n);
  for (int a = 0; a < n; ++a) {
    Dp.segment<5>(5 * a) << kappa * lambda, kappa * lambda, kappa * lambda, kappa * lambda * lambda, kappa * lambda * lambda;
    Dy.segment<5>(5 * a) << lambda, lambda, lambda, 1.0, 1.0;
  }
  const Eigen::MatrixXd W = Dy.asDiagonal() * d.W * Dp.cwiseInverse().asDiagonal();
  BlockSparseProblem out;
  for (int a = 0; a < n; ++a) {
    out.diagonal.push_back(W.block<5, 5>(5 * a, 5 * a));
    for (int b = 0; b < n; ++b) {
      if (b == a || W.block<5, 5>(5 * a, 5 * b).isZero(0.0)) continue;
      out.column.push_back(b);
      out.blocks.push_back(W.block<5, 5>(5 * a, 5 * b));
    }
    out.row_start.push_back(static_cast<int>(out.column.size()));
    limitdir::RollingCone c = w.cones[static_cast<std::size_t>(a)];
    c.mu_r *= lambda;
    out.cones.push_back(c);
  }
  out.q = Dy.cwiseProduct(d.q);
  p = Dp.cwiseProduct(p);
  return out;
}

}  // namespace

TEST_CASE("The error in consistent units is dimensionless: the same in grams and millimetres, Siconos' is not") {
  const Step st = spinning_row();
  REQUIRE(st.problem.contacts() == 7);
  // an iterate off the solution: every entry moved by 1 % of the solution's size
  Eigen::VectorXd p = st.P;
  for (Eigen::Index i = 0; i < p.size(); ++i) p[i] += 0.01 * st.P.norm() * std::sin(1.0 + static_cast<double>(i));
  const double consistent = limitdir::consistent_error(st.problem, p, st.length);
  const double siconos = limitdir::siconos_error(st.problem, p);
  Eigen::VectorXd pu = p;
  const BlockSparseProblem u = in_units(st.problem, 1e3, 1e3, pu);
  std::vector<double> length_u = st.length;
  for (double& l : length_u) l *= 1e3;
  // the same quantity to rounding (a few hundred operations on O(1) relative terms)
  CHECK(limitdir::consistent_error(u, pu, length_u) == doctest::Approx(consistent).epsilon(1e-12));
  CHECK(consistent > 1e-3);
  // Siconos' mixes N s with m/s and rad/s: its value moves with the units
  CHECK(std::abs(limitdir::siconos_error(u, pu) / siconos - 1.0) > 0.1);
}

TEST_CASE("What the tolerance allows: an impulse off by 1e-3 N s beside a 100 rad/s spin") {
  const Step st = spinning_row();
  // at the solution (both asked to 1e-12), both errors are at that level
  CHECK(limitdir::siconos_error(st.problem, st.P) <= 1e-12);
  CHECK(limitdir::consistent_error(st.problem, st.P, st.length) <= 1e-12);
  // The normal impulse of a resting contact (approaching under gravity, q_N < 0) off by 1e-3 N s
  // (~20 times a sphere's weight over a step, m g h = 5.3e-5 N s): the natural map moves by
  // ~1e-3 in both.
  // Siconos' error divides it by max(|q|, |p|, |y|) >= the spin's 100 rad/s: <= 1e-5, under
  // its tolerance of 1e-4. The consistent one divides it by the largest impulse-sized term,
  // max(|p'|, |rho q'|, |rho y'|) (rho ~ m/2.5 = 2.2e-3 kg a contact, q' and y' of order the
  // spin's 1 m/s over the 7 contacts: ~1e-2 N s): ~0.1, a thousand times that tolerance.
  int resting = -1;
  for (int a = 0; a < st.problem.contacts(); ++a)
    if (st.problem.q[5 * a] < 0.0) resting = a;
  REQUIRE(resting >= 0);
  Eigen::VectorXd p = st.P;
  p[5 * resting] += 1e-3;
  CHECK(limitdir::siconos_error(st.problem, p) < 1e-4);
  CHECK(limitdir::consistent_error(st.problem, p, st.length) > 1e-2);
}

}  // namespace test_stopping_errors
