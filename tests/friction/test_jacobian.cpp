// dq/dw of every model against high-order finite differences of the homogeneous extension
// q(x) = q(x/|x|) (in tests only: the library computes dq/dw analytically), and Euler's
// identity dq/dw w = 0 for a degree-0 homogeneous function (24).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace test_jacobian {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {
// 8th-order central difference: truncation O(h^8 q^(9)), rounding ~ 3e-16/h.
Eigen::Matrix3d fd_jacobian(const FrictionModel& m, const Eigen::Vector3d& w, double h) {
  static const double c[4] = {4.0 / 5, -1.0 / 5, 4.0 / 105, -1.0 / 280};
  Eigen::Matrix3d J;
  for (int j = 0; j < 3; ++j) {
    Eigen::Vector3d d = Eigen::Vector3d::Zero();
    for (int k = 1; k <= 4; ++k) {
      const Eigen::Vector3d e = k * h * Eigen::Vector3d::Unit(j);
      d += c[k - 1] * (m.q(w + e) - m.q(w - e));
    }
    J.col(j) = d / h;
  }
  return J;
}

std::vector<Eigen::Vector3d> test_directions(double rho_over_R) {
  std::vector<Eigen::Vector3d> w{Eigen::Vector3d::UnitZ(), -Eigen::Vector3d::UnitZ(), Eigen::Vector3d(0.6, 0.8, 0),
                                 Eigen::Vector3d(-1, 0, 0)};
  // slip-spin ratios on both sides of eps = 1, but not within the FD stencil of it (the
  // exact laws are only C^1 there), near the poles and near the equator
  for (double eps : {1e-4, 0.05, 0.5, 0.95, 1.05, 2.0, 1.2, 30.0, 1e4})
    for (double phi : {0.3, 2.5, -2.0}) {
      w.push_back(w_from_epsilon(eps, phi, +1, rho_over_R));
      w.push_back(w_from_epsilon(eps, phi, -1, rho_over_R));
    }
  std::mt19937_64 rng(11);
  std::normal_distribution<double> n;
  for (int k = 0; k < 10; ++k) w.push_back(Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized());
  return w;
}

void check_model(const FrictionModel& m, double h, double tol) {
  for (const Eigen::Vector3d& w : test_directions(m.rho_over_R())) {
    CAPTURE(m.description());
    CAPTURE(w.transpose());
    const FrictionJacobian J = m.jacobian(w);
    REQUIRE(J.differentiable);
    CHECK((J.q - m.q(w)).norm() <= 1e-15);
    CHECK((J.dq_dw * w).norm() <= 1e-14);  // Euler
    const Eigen::Matrix3d F = fd_jacobian(m, w, h);
    CHECK((J.dq_dw - F).cwiseAbs().maxCoeff() <= tol);
    // scaling of the homogeneous extension: dq/dw(lambda w) = dq/dw(w)/lambda
    CHECK((m.jacobian(3.0 * w).dq_dw * 3.0 - J.dq_dw).cwiseAbs().maxCoeff() <= 1e-14);
  }
}
}  // namespace

// With h = 2e-3 the rounding part is ~1e-13 and the truncation part h^8 |q^(9)| is below
// 1e-12 wherever the stencil stays 2.5e-2 away from eps = 1 (checked points above).
TEST_CASE("dq/dw of the exact models against 8th-order finite differences") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz(), Pressure::power(2.5)}) {
    for (double rho : {p.kappa(), 1.0}) check_model(*make_exact_model(p, rho), 2e-3, 1e-9);
  }
}

TEST_CASE("dq/dw of the harmonic, linear-fit and Pade models against finite differences") {
  const Pressure p = Pressure::uniform();
  const auto exact = make_exact_model(p, p.kappa());
  for (int N : {1, 2, 5, 8}) check_model(HarmonicModel(*exact, N), 2e-3, 1e-9);
  check_model(*LinearModel::fit(*exact), 2e-3, 1e-9);
}

TEST_CASE("dq/dw is continuous across eps = 1 (the exact laws are C^1 there, Sect. 4.1 errata)") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz(), Pressure::galin()}) {
    const auto exact = make_exact_model(p, p.kappa());
    const Eigen::Vector3d below = w_from_epsilon(1 - 1e-10, 0.4, 1, exact->rho_over_R());
    const Eigen::Vector3d above = w_from_epsilon(1 + 1e-10, 0.4, 1, exact->rho_over_R());
    CAPTURE(p.name());
    // Galin's T_eps'' diverges like |eps - 1|^(-1/2) there: its Jacobian is continuous but
    // varies by O(sqrt(1e-10)) across this step.
    const double tol = p.kind() == Pressure::Kind::galin ? 1e-4 : 1e-8;
    CHECK((exact->jacobian(below).dq_dw - exact->jacobian(above).dq_dw).cwiseAbs().maxCoeff() <= tol);
  }
}

TEST_CASE("(32) parametrisation 2: dq/d(theta, phi) is dq/dw times dw/d(theta, phi)") {
  const Pressure p = Pressure::hertz();
  const auto exact = make_exact_model(p, p.kappa());
  for (double th : {-1.2, -0.3, 0.2, 0.9}) {
    for (double ph : {-2.0, 0.1, 1.7}) {
      const auto D = exact->dq_dangles(th, ph);
      const double h = 1e-5;
      const Eigen::Vector3d dth = (exact->q_angles(th + h, ph) - exact->q_angles(th - h, ph)) / (2 * h);
      const Eigen::Vector3d dph = (exact->q_angles(th, ph + h) - exact->q_angles(th, ph - h)) / (2 * h);
      CHECK((D.col(0) - dth).norm() <= 1e-8);
      CHECK((D.col(1) - dph).norm() <= 1e-8);
    }
  }
}

}  // namespace test_jacobian
