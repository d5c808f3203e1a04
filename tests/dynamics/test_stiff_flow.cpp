// The integrators of the orbit search (docs/manual.md section 9) on a stiff field whose
// trajectories are known in closed form: the linear model q = Pi w with M = I and no load,
// V*(w) = (I - w w^T) Pi w (122) [Nonlinear Dyn. 2024]. Its flow on the sphere is the
// projection of the linear flow x' = Pi x: w(t) = exp(Pi t) w0/|exp(Pi t) w0|, computed here by
// diagonalisation (Pi = R diag(lambda) R^T, exp(Pi t) = R diag(exp(lambda t)) R^T), never by the
// library. With lambda = (-1, -3, -1000) the trajectories fall onto the slow great circle of
// R e1, R e2 at rate ~1000 and then turn towards +-R e1 at rate 2: stiffness ratio ~500.
#include <doctest/doctest.h>

#include <Eigen/Geometry>

#include <cmath>
#include <memory>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/system/system.hpp"

namespace test_stiff_flow {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

struct StiffLinear {
  Eigen::Vector3d lambda{-1.0, -3.0, -1000.0};
  Eigen::Matrix3d R = Eigen::AngleAxisd(0.9, Eigen::Vector3d(2, -1, 3).normalized()).toRotationMatrix();
  System system() const {
    const Eigen::Matrix3d Pi = R * lambda.asDiagonal() * R.transpose();
    auto model = std::make_shared<LinearModel>(Pi, 1.0, 1.0, "stiff linear");
    return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), model);
  }
  Eigen::Vector3d exact(const Eigen::Vector3d& w0, double t) const {
    const Eigen::Vector3d e = (lambda * t).array().exp().matrix();
    return (R * e.asDiagonal() * R.transpose() * w0.normalized()).normalized();
  }
};

// Per-step tolerance 1e-10 (absolute and relative); the flow contracts (every trajectory
// approaches +-R e1), so local errors are not amplified and the global error stays below the
// sum of the local ones: at most ~1e3 steps of 1e-10 give < 1e-7.
constexpr double step_tol = 1e-10;
constexpr double global_tol = 1e-7;

}  // namespace

TEST_CASE("orbit search integrators: the stiff linear field against exp(Pi t) w0 / |exp(Pi t) w0|") {
  const StiffLinear f;
  const System s = f.system();
  const Eigen::Vector3d seeds[] = {{0.3, -0.5, 0.8}, {-0.9, 0.2, 0.1}, {0.1, 0.7, -0.7}};
  for (const Eigen::Vector3d& w0 : seeds)
    for (const double t : {0.01, 0.5, 6.0, 20.0}) {
      CAPTURE(w0.transpose());
      CAPTURE(t);
      int steps_r = 0, steps_d = 0;
      const Eigen::Vector3d wr = orbit_flow(s, 0.0, w0, t, OrbitIntegrator::rosenbrock4, step_tol, 100000, &steps_r);
      const Eigen::Vector3d wd =
          orbit_flow(s, 0.0, w0, t, OrbitIntegrator::dormand_prince5, step_tol, 100000, &steps_d);
      const Eigen::Vector3d w = f.exact(w0, t);
      CHECK((wr - w).norm() < global_tol);
      CHECK((wd - w).norm() < global_tol);
      if (t >= 6.0) {
        // past the fast transient: the explicit method's step is held at |h lambda| <~ 3.3
        // (stability), ~t 1000/3.3 steps; Rosenbrock's is set by the slow turn alone, and
        // grows as the trajectory settles
        CHECK(steps_d > 0.5 * t * 1000.0 / 3.3);
        CHECK(steps_r * 2 < steps_d);
      }
    }
}

TEST_CASE("orbit search integrators: the stiff trajectories end at the slow eigenvector") {
  const StiffLinear f;
  const System s = f.system();
  // |w(t) - sign R e1| ~ exp(-2 t) (the gap lambda1 - lambda2): below 1e-6 by t = 8
  const Eigen::Vector3d w0(0.3, -0.5, 0.8);
  const Eigen::Vector3d e1 = f.R.col(0) * (f.R.col(0).dot(w0) > 0 ? 1.0 : -1.0);
  const Eigen::Vector3d w = orbit_flow(s, 0.0, w0, 8.0, OrbitIntegrator::rosenbrock4, step_tol);
  CHECK((w - e1).norm() < 1e-6);
  CHECK_THROWS_AS(orbit_flow(s, 0.0, w0, -1.0, OrbitIntegrator::rosenbrock4, step_tol), InputError);
  CHECK_THROWS_AS(orbit_flow(s, 0.0, w0, 8.0, OrbitIntegrator::dormand_prince5, step_tol, 10), NumericalError);
}

TEST_CASE("the orbit search with Rosenbrock 4 on the stiff field: every seed at +-R e1, and it says how it integrated") {
  const StiffLinear f;
  const System s = f.system();
  OrbitSearchOptions opt;
  opt.integrator = OrbitIntegrator::rosenbrock4;
  SolverOptions solver;
  solver.closed_orbits = false;
  const LimitSet limits = find_limit_directions(s, 0.0, solver);  // +-R e_i: nodes at +-R e1, +-R e3, saddles
  REQUIRE(limits.directions.size() == 6);
  const OrbitSearch r = find_closed_orbits(s, 0.0, limits, opt);
  CHECK(r.complete());
  CHECK(r.orbits.empty());
  CHECK(r.forward.limit_direction == r.forward.seeds);
  CHECK(r.backward.limit_direction == r.backward.seeds);
  CHECK(r.integrator == OrbitIntegrator::rosenbrock4);
  CHECK(r.summary().find("(Rosenbrock 4 with the Jacobian of V*)") != std::string::npos);
}

}  // namespace test_stiff_flow
