// The linear-ellipsoidal model (64)-(69), the point-contact Coulomb model (75), and the
// Pade models of [Kireenkov] (eqs 9-10), each against closed forms of the papers.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/coulomb_point.hpp"

namespace test_models {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {
Eigen::Vector3d random_direction(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  return Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized();
}
// (62)-(63), Hertz, as printed (eps < 1 branch), and its eps -> infinity expansion.
double hertz_Q1(double e) { return 3 * M_PI / 32 * e * (4 - e * e); }
}  // namespace

TEST_CASE("(67), (69): the fitted linear model of an axisymmetric contact is -diag(1, 1, kappa/rho)") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz(), Pressure::galin()}) {
    for (double rho : {1.0, p.kappa(), 0.5}) {
      const auto exact = make_exact_model(p, rho);
      const auto lin = LinearModel::fit(*exact);
      Eigen::Matrix3d expected = Eigen::Matrix3d::Zero();
      expected.diagonal() << -1.0, -1.0, -p.kappa() / rho;  // (67) with (76)-(77)
      CHECK((lin->Pi() - expected).cwiseAbs().maxCoeff() <= 1e-15);
      // (69) at a random direction
      std::mt19937_64 rng(3);
      const Eigen::Vector3d w = random_direction(rng);
      CHECK((lin->q(w) - expected * w).norm() <= 1e-15);
    }
  }
  // rho = kappa makes (67) the identity times -1 (Sect. 5.2)
  const Pressure u = Pressure::uniform();
  CHECK(LinearModel::fit(*make_exact_model(u, u.kappa()))->Pi().isApprox(-Eigen::Matrix3d::Identity(), 1e-15));
}

TEST_CASE("(66): the fit of a general linear model returns its matrix") {
  Eigen::Matrix3d Pi;
  Pi << -1.0, 0.2, 0.05, -0.1, -0.9, 0.0, 0.03, -0.02, -0.6;
  const LinearModel ref(Pi, 1.0, 0.6, "non-axisymmetric test");
  CHECK(LinearModel::fit(ref)->Pi().isApprox(Pi, 1e-15));
}

TEST_CASE("(75): the Coulomb point model, and the exact model tends to it as R -> 0") {
  const auto coulomb = make_coulomb_point_model(1.0, 0.0);
  std::mt19937_64 rng(5);
  for (int k = 0; k < 20; ++k) {
    const Eigen::Vector3d w = random_direction(rng);
    const double w12 = std::hypot(w.x(), w.y());
    CHECK((coulomb->q(w) - Eigen::Vector3d(-w.x() / w12, -w.y() / w12, 0)).norm() <= 1e-15);
    // R -> 0 at fixed rho: rho/R -> infinity, every eps -> infinity away from the poles.
    const Pressure p = Pressure::uniform();
    const double rho_over_R = 1e7;
    const auto exact = make_exact_model(p, rho_over_R);
    // 1 - Q_eps ~ 1/(8 eps^2) (78) and kappa/rho ~ 1e-7: the difference is of that order
    CHECK((exact->q(w) - coulomb->q(w)).norm() <= 1e-6);
  }
  // pure spin: q = 0 (the R -> 0 limit of (41)), flagged as a discontinuity
  const auto J = coulomb->jacobian(Eigen::Vector3d::UnitZ());
  CHECK(J.q.norm() == 0.0);
  CHECK_FALSE(J.differentiable);
}

TEST_CASE("(9)-(10) [Kireenkov]: Pade coefficients from the exact slopes at pure spin and pure sliding") {
  // Uniform: Q_eps ~ eps (78), eps T_eps -> 3/8 (79, corrected): a1 = 1, m1 = 8/3.
  // Hertz: Q_eps ~ (3 pi/8) eps (62); eps T_eps -> 16/(15 pi) from (63): with x = 1/eps,
  // arcsin x = x + x^3/6 + 3x^5/40 + ..., the x^-3 and x^-1 terms cancel and
  // T_eps2 = (1/(4 pi)) (64/15) x + O(x^3).
  struct Case {
    Pressure p;
    double dQ0, epsT_inf;
  };
  for (const Case& c : {Case{Pressure::uniform(), 1.0, 3.0 / 8.0}, Case{Pressure::hertz(), 3 * M_PI / 8, 16 / (15 * M_PI)}}) {
    const auto exact = make_exact_model(c.p, c.p.kappa());
    const PadeModel p1(*exact, 1), p2(*exact, 2);
    CHECK(p1.a() == doctest::Approx(1 / c.dQ0).epsilon(1e-14));
    CHECK(p1.m() == doctest::Approx(1 / c.epsT_inf).epsilon(1e-14));
    CHECK(p2.a() == doctest::Approx(c.dQ0).epsilon(1e-14));
    CHECK(p2.m() == doctest::Approx(c.epsT_inf).epsilon(1e-14));
  }
  // the Hertz slope at pure spin against the printed (62) by a central difference
  const double h = 1e-5;
  CHECK((hertz_Q1(h) - hertz_Q1(-h)) / (2 * h) == doctest::Approx(3 * M_PI / 8).epsilon(1e-9));
}

TEST_CASE("(9)-(10) [Kireenkov]: Pade laws, their end values (55) and their end slopes") {
  const Pressure u = Pressure::uniform();
  const auto exact = make_exact_model(u, u.kappa());
  for (int order : {1, 2}) {
    const PadeModel p(*exact, order);
    const double a = p.a(), m = p.m();
    for (double eps : {0.0, 1e-3, 0.5, 1.0, 2.0, 50.0}) {
      CAPTURE(eps);
      const ScalarLaw L = p.at_epsilon(eps);
      const double Q = order == 1 ? eps / (eps + a) : (eps * eps + a * eps) / (eps * eps + a * eps + 1);
      const double T = order == 1 ? 1 / (1 + m * eps) : (1 + m * eps) / (1 + m * eps + eps * eps);
      CHECK(L.Q == doctest::Approx(Q).epsilon(1e-14));
      CHECK(L.T == doctest::Approx(T).epsilon(1e-14));
    }
    const ScalarLaw inf = p.at_epsilon(INFINITY);  // (55)
    CHECK(inf.Q == 1.0);
    CHECK(inf.T == 0.0);
    // Order 2 keeps the exact first derivatives at both ends ([Kireenkov], after (10)).
    if (order == 2) {
      CHECK(p.at_epsilon(0.0).dQ == doctest::Approx(exact->at_epsilon(0.0).dQ).epsilon(1e-14));
      const double big = 1e7;
      CHECK(big * p.at_epsilon(big).T == doctest::Approx(big * exact->at_epsilon(big).T).epsilon(1e-6));
    }
  }
}

TEST_CASE("Pade models are not differentiable where |u| or |v| enter linearly") {
  // Order 1: a cone point at the poles (T = 1 - m eps + ...) and a kink on the equator
  // (Q = 1 - a/eps + ...). Order 2 for uniform pressure: a = 1 removes the pole's cone,
  // m = 3/8 != 1 leaves the equator's kink.
  const Pressure u = Pressure::uniform();
  const auto exact = make_exact_model(u, u.kappa());
  const PadeModel p1(*exact, 1), p2(*exact, 2);
  const Eigen::Vector3d pole = Eigen::Vector3d::UnitZ(), equator = Eigen::Vector3d(0.6, 0.8, 0.0);
  CHECK_FALSE(p1.jacobian(pole).differentiable);
  CHECK_FALSE(p1.jacobian(equator).differentiable);
  CHECK(p2.jacobian(pole).differentiable);
  CHECK_FALSE(p2.jacobian(equator).differentiable);
  CHECK(p1.jacobian(Eigen::Vector3d(0.3, 0.4, 0.5)).differentiable);
  // the exact model is differentiable everywhere
  CHECK(exact->jacobian(pole).differentiable);
  CHECK(exact->jacobian(equator).differentiable);
}

}  // namespace test_models
