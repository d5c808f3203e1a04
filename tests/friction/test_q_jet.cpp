// Second-order interval jets of q (FrictionModel::q_jet, friction/enclose_jet.cpp) over boxes of
// x, w = x/|x| (24): the linear model (64) against its closed-form second derivatives, the
// harmonic model (84)-(86) against central differences of an independent long-double evaluation
// (T_j(y) by the forward three-term recurrence, not Clenshaw), at points and at random points of random boxes.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>

#include <nlohmann/json.hpp>

#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/system/problem.hpp"

namespace test_q_jet {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

using Vec3L = Eigen::Matrix<long double, 3, 1>;

// The double jets carry rounding of a few ulps of terms <= ~1e2 (second derivatives of q over
// |x| ~ 1): 1e-12 absolute bounds them with margin.
constexpr double kJetRounding = 1e-12;
// Central differences in long double with steps 1e-3 and 5e-4, extrapolated: truncation
// ~h^4 |q^(6)| ~ 1e-12 * 1e4 (|x| >= 0.3, degree 6), rounding ~1e-19/h^2 = 1e-13; 1e-7 keeps a
// margin of 1e3.
constexpr double kFiniteDifferenceTol = 1e-7;

Problem disc_problem() {
  return parse_problem(nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}

bool inside(long double v, const Interval& I, double tol) { return I.lower() - tol <= v && v <= I.upper() + tol; }

/// (86) with (84): q(x/|x|) of the harmonic model in long double from its Chebyshev series.
Vec3L harmonic_q(const HarmonicModel& m, const Vec3L& x) {
  const Vec3L w = x / x.norm();
  const long double y = w(2) * w(2) - (w(0) * w(0) + w(1) * w(1));
  long double C = 0, S = 0, T0 = 1, T1 = y;  // T_j(y) by the forward recurrence T_j+1 = 2y T_j - T_j-1
  for (std::size_t j = 0; j < m.chebyshev_C().size(); ++j) {
    C += m.chebyshev_C()[j] * T0;
    S += m.chebyshev_S()[j] * T0;
    const long double T2 = 2 * y * T1 - T0;
    T0 = T1;
    T1 = T2;
  }
  return Vec3L(-w(0) * C, -w(1) * C, -m.kappa_over_rho() * w(2) * S);
}

IJet2Vec3 jets_at(const FrictionModel& m, const IVec3& x) {
  const auto q = m.q_jet(unit_direction_jet(x));
  REQUIRE(q);
  return *q;
}

}  // namespace

TEST_CASE("(64): the jets of the linear model q = Pi x/|x| are its closed-form first and second derivatives") {
  const auto model = LinearModel::fit(*make_exact_model(disc_problem()));
  const Eigen::Matrix3d& Pi = model->Pi();
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::Vector3d x(U(rng), U(rng), U(rng));
    if (x.norm() < 0.2) continue;
    const IJet2Vec3 q = jets_at(*model, to_interval<3>(x));
    const double r = x.norm();
    const Eigen::Vector3d w = x / r;
    const auto dw = [&](int i, int j) { return ((i == j) - w(i) * w(j)) / r; };  // d w_i / d x_j
    const auto d2w = [&](int i, int j, int k) {  // d2 w_i / d x_j d x_k
      return (-((i == j) * w(k) + (i == k) * w(j) + (j == k) * w(i)) + 3 * w(i) * w(j) * w(k)) / (r * r);
    };
    for (int i = 0; i < 3; ++i) {
      CHECK(inside(Pi.row(i).dot(w), q[i].v, kJetRounding));
      for (int j = 0; j < 3; ++j) {
        double d = 0;
        for (int l = 0; l < 3; ++l) d += Pi(i, l) * dw(l, j);
        CHECK(inside(d, q[i].d[j], kJetRounding));
        for (int k = 0; k < 3; ++k) {
          double h = 0;
          for (int l = 0; l < 3; ++l) h += Pi(i, l) * d2w(l, j, k);
          CHECK(inside(h, q[i].hess(j, k), kJetRounding));
          CHECK(width_of(q[i].hess(j, k)) < 1e-12);
        }
      }
    }
  }
}

TEST_CASE("(84)-(86): the jets of the harmonic model N = 2, 4 (Clenshaw), 6, 10 (ChebyshevBox) hold the central differences of an independent long-double q") {
  const auto exact = make_exact_model(disc_problem());
  for (int N : {2, 4, 6, 10}) {
    const HarmonicModel model(*exact, N);
    std::mt19937 rng(7 + N);
    std::uniform_real_distribution<double> U(-1.0, 1.0);
    constexpr long double h = 1e-3L;
    for (int trial = 0; trial < 20; ++trial) {
      const Eigen::Vector3d x(U(rng), U(rng), U(rng));
      if (x.norm() < 0.3) continue;
      const Vec3L xl = x.cast<long double>();
      // the long-double q is the model's q (an independent formula for the same model)
      CHECK((harmonic_q(model, xl).cast<double>() - model.q(x)).norm() < 1e-13);
      const IJet2Vec3 q = jets_at(model, to_interval<3>(x));
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) {
          const auto at = [&](long double a, long double b) {
            Vec3L y = xl;
            y(j) += a;
            y(k) += b;
            return harmonic_q(model, y);
          };
          // central differences with steps h and h/2, extrapolated (Richardson): error O(h^4)
          const auto second = [&](long double s) {
            return Vec3L((at(s, s) - at(s, -s) - at(-s, s) + at(-s, -s)) / (4 * s * s));
          };
          const auto first = [&](long double s) { return Vec3L((at(s, 0) - at(-s, 0)) / (2 * s)); };
          const Vec3L d2 = (4 * second(h / 2) - second(h)) / 3, d1 = (4 * first(h / 2) - first(h)) / 3;
          for (int i = 0; i < 3; ++i) {
            INFO("N = " << N << ", q_" << i << ", x_" << j << ", x_" << k << ": " << static_cast<double>(d2(i)) << " vs [" << q[i].hess(j, k).lower() << ", " << q[i].hess(j, k).upper() << "] at " << x.transpose());
            CHECK(inside(d2(i), q[i].hess(j, k), kFiniteDifferenceTol));
            CHECK(inside(d1(i), q[i].d[j], kFiniteDifferenceTol));
            CHECK(width_of(q[i].hess(j, k)) < 1e-10);
          }
        }
    }
  }
}

TEST_CASE("(84)-(86): the jets over random boxes contain the jets at random points of them (containment)") {
  const HarmonicModel model(*make_exact_model(disc_problem()), 3);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> U(-1.0, 1.0), R(0.0, 1.0);
  for (int trial = 0; trial < 40; ++trial) {
    const Eigen::Vector3d x0(U(rng), U(rng), U(rng));
    if (x0.norm() < 0.5) continue;
    const double r = std::pow(10.0, -1 - 3 * R(rng));
    IVec3 box;
    for (int i = 0; i < 3; ++i) box(i) = Interval(x0(i) - r, x0(i) + r);
    const IJet2Vec3 Q = jets_at(model, box);
    for (int s = 0; s < 5; ++s) {
      Eigen::Vector3d x;
      for (int i = 0; i < 3; ++i) x(i) = x0(i) - r + 2 * r * R(rng);
      const IJet2Vec3 q = jets_at(model, to_interval<3>(x));
      for (int i = 0; i < 3; ++i) {
        CHECK(inside(mid_of(q[i].v), Q[i].v, kJetRounding));
        for (int j = 0; j < 3; ++j) {
          CHECK(inside(mid_of(q[i].d[j]), Q[i].d[j], kJetRounding));
          for (int k = 0; k < 3; ++k) CHECK(inside(mid_of(q[i].hess(j, k)), Q[i].hess(j, k), kJetRounding));
        }
      }
    }
  }
}

}  // namespace test_q_jet
