// Rigorous enclosures of q and dq_dw over boxes (FrictionModel::enclose, friction/enclose.cpp)
// against the double-precision q and jacobian of the models, which use other formulas (the
// meridian functions of friction/model.cpp / friction/coulomb_point.cpp, linear.cpp, pade.cpp, the analytic Jacobian (46)),
// at random points of random small boxes; and linear shrinking of the enclosures.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/coulomb_point.hpp"
#include "limitdir/system/problem.hpp"

namespace test_enclosure {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The double evaluation carries rounding errors of a few ulps of its largest intermediate
// terms (|q|, |dq_dw| <= ~10 here): 1e-13 absolute bounds them with margin.
constexpr double kDoubleRounding = 1e-13;

Problem disc_problem() {
  return parse_problem(nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}

struct Named {
  std::string name;
  std::shared_ptr<const FrictionModel> model;
};

std::vector<Named> models() {
  const Problem p = disc_problem();
  const std::shared_ptr<const ExactModel> exact = make_exact_model(p);
  return {{"linear-fit", LinearModel::fit(*exact)},
          {"harmonic N=2", std::make_shared<HarmonicModel>(*exact, 2)},
          {"harmonic N=5", std::make_shared<HarmonicModel>(*exact, 5)},
          {"pade 1", std::make_shared<PadeModel>(*exact, 1)},
          {"pade 2", std::make_shared<PadeModel>(*exact, 2)},
          {"coulomb-point", make_coulomb_point_model(p.rho_over_R(), 1.0)}};
}

bool inside(double v, const Interval& I) {
  return I.lower() - kDoubleRounding <= v && v <= I.upper() + kDoubleRounding;
}

/// The box x0 +- h (componentwise).
IVec3 box_around(const Eigen::Vector3d& x0, double h) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = Interval(x0(i) - h, x0(i) + h);
  return x;
}

/// Centres: random directions, scaled by a random |x| (the extension is 0-homogeneous), plus
/// points on the equator (Pade kink) and near the poles.
std::vector<Eigen::Vector3d> centres(std::mt19937_64& g) {
  std::normal_distribution<double> n;
  std::uniform_real_distribution<double> s(0.5, 2.0);
  std::vector<Eigen::Vector3d> c;
  for (int i = 0; i < 60; ++i) c.push_back(s(g) * Eigen::Vector3d(n(g), n(g), n(g)).normalized());
  for (int i = 0; i < 10; ++i) c.push_back(s(g) * Eigen::Vector3d(n(g), n(g), 0.0).normalized());
  c.push_back(Eigen::Vector3d(1e-3, -2e-3, 1.0));
  c.push_back(Eigen::Vector3d(0.0, 0.0, -1.0));
  return c;
}

}  // namespace

TEST_CASE("enclose: q and dq_dw of every model at random points of random boxes lie in the enclosure") {
  std::mt19937_64 g(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const Named& m : models()) {
    CAPTURE(m.name);
    int boxes = 0;
    for (const Eigen::Vector3d& x0 : centres(g))
      for (double h : {1e-2, 1e-5}) {
        const auto E = m.model->enclose(box_around(x0, h));
        if (!E) {  // only the Coulomb model refuses, and only where w12 can vanish
          CHECK(m.name == "coulomb-point");
          CHECK(std::hypot(x0.x(), x0.y()) <= 2 * h * std::sqrt(2.0));
          continue;
        }
        ++boxes;
        for (int k = 0; k < 20; ++k) {
          const Eigen::Vector3d x = x0 + h * Eigen::Vector3d(u(g), u(g), u(g));
          const FrictionJacobian J = m.model->jacobian(x);
          const Eigen::Vector3d q = m.model->q(x);
          INFO("x = " << x.transpose());
          for (int i = 0; i < 3; ++i) {
            CHECK(inside(q(i), E->q(i)));
            for (int j = 0; j < 3; ++j) CHECK(inside(J.dq_dw(i, j), E->dq_dw(i, j)));
          }
        }
      }
    CHECK(boxes >= 140);
  }
}

TEST_CASE("enclose: the enclosures of q and dq_dw shrink linearly with the box size") {
  std::mt19937_64 g(9);
  std::normal_distribution<double> n;
  const auto widest = [](const QEnclosure& E) {
    double wq = 0, wd = 0;
    for (int i = 0; i < 3; ++i) {
      wq = std::max(wq, width_of(E.q(i)));
      for (int j = 0; j < 3; ++j) wd = std::max(wd, width_of(E.dq_dw(i, j)));
    }
    return std::pair{wq, wd};
  };
  for (const Named& m : models()) {
    CAPTURE(m.name);
    for (int trial = 0; trial < 20; ++trial) {
      Eigen::Vector3d x0(n(g), n(g), n(g));
      x0.normalize();
      if (std::abs(x0.z()) < 0.05 || std::hypot(x0.x(), x0.y()) < 0.05) continue;  // away from kinks and poles
      const auto big = m.model->enclose(box_around(x0, 1e-3)), small = m.model->enclose(box_around(x0, 1e-4));
      REQUIRE(big);
      REQUIRE(small);
      const auto [bq, bd] = widest(*big);
      const auto [sq, sd] = widest(*small);
      CAPTURE(x0.transpose());
      CHECK(bq > 0);
      CHECK(sq <= 0.15 * bq);  // a tenth of the box: a tenth of the width (+ O(h) overestimation)
      if (bd > 1e-12) CHECK(sd <= 0.15 * bd);
      CHECK(bq <= 1e-3 * 200);  // and the constant is moderate (Lipschitz bound ~ 10 per unit)
    }
  }
}

TEST_CASE("enclose: the exact model by ring quadrature (Galin pressure forced to it) has no rigorous enclosure (nullopt)") {
  const Problem p = disc_problem();
  const auto exact = make_exact_model(Pressure::galin(), p.rho_over_R(), ExactMethod::ring_quadrature);
  CHECK_FALSE(exact->enclose(box_around(Eigen::Vector3d(0.6, 0, 0.8), 1e-3)).has_value());
}

TEST_CASE("enclose: the Pade models' Clarke hull at the equator contains both one-sided Jacobians") {
  const Problem p = disc_problem();
  const auto exact = make_exact_model(p);
  for (int order : {1, 2}) {
    const PadeModel pade(*exact, order);
    const auto E = pade.enclose(box_around(Eigen::Vector3d(0.8, 0.6, 0.0), 1e-6));
    REQUIRE(E);
    for (double side : {1.0, -1.0}) {
      const FrictionJacobian J = pade.jacobian(Eigen::Vector3d(0.8, 0.6, side * 5e-7));
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) CHECK(inside(J.dq_dw(i, j), E->dq_dw(i, j)));
    }
  }
}

TEST_CASE("enclose: harmonic N = 2..4 contains q of the monomial form (85)-(86), q = -(w1 C, w2 C, (kappa/rho) w3 S) with C = sum C_i w3^(2(i-1))") {
  const std::shared_ptr<const ExactModel> exact = make_exact_model(disc_problem());
  std::mt19937_64 g(13);
  std::normal_distribution<double> n;
  for (int N = 2; N <= 4; ++N) {
    const HarmonicModel h(*exact, N);
    const auto poly = [](const std::vector<double>& a, long double z) {  // Horner in long double
      long double s = 0;
      for (auto it = a.rbegin(); it != a.rend(); ++it) s = s * z + *it;
      return s;
    };
    for (int trial = 0; trial < 200; ++trial) {
      const Eigen::Vector3d w = Eigen::Vector3d(n(g), n(g), n(g)).normalized();
      const auto E = h.enclose(box_around(w, 1e-9));
      REQUIRE(E);
      const long double z = static_cast<long double>(w.z()) * w.z();
      const long double C = poly(h.C(), z), S = poly(h.S(), z);
      const long double q[3] = {-w.x() * C, -w.y() * C, -h.kappa_over_rho() * w.z() * S};
      for (int i = 0; i < 3; ++i) CHECK(inside(static_cast<double>(q[i]), E->q(i)));
    }
  }
}

}  // namespace test_enclosure
