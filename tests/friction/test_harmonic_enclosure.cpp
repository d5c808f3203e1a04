// The harmonic model's enclosures at high degree (issue 19.5): C and S of (84)-(86)
// [Nonlinear Dyn. 2024] over boxes of directions, for N = 32, 100, 400, contain the values of
// the Fourier form of (83)-(84) summed directly in long double (cos((2i-1) th)/cos th and
// sin((2i-1) th)/sin th, no Chebyshev basis, no recurrence), and the double q and Jacobian of
// the model at points of the box; over a box of radius 1e-6 their widths stay below a bound
// linear in N (interval Clenshaw's grew like (1 + sqrt 2)^N).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"

namespace test_harmonic_enclosure {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The double q and Jacobian of the model (Clenshaw in double, friction/harmonic.cpp) err by
// ~N^2 ulps of sum |a_j| ~ 1 at worst (the recurrence's error growth at |y| = 1 is quadratic
// in N): 400^2 * 1.1e-16 * 3 (sum |a_j| and the derivative's factor) < 1e-10.
constexpr double kDoubleClenshaw = 1e-10;
// The Fourier sums in long double (64-bit mantissa) err by ~N ulps of long double times the
// division by cos th or sin th >= 1e-2 at the sampled points: 400 * 5.4e-20 * 1e2 < 1e-14.
constexpr double kFourierSum = 1e-14;
// Width of C or S over a box of radius h = 1e-6 in x: |dC/dy| |dy/dx| 2 h sqrt 3 with
// |dC/dy| <= sum_j j^2 |alpha_j| (Markov); for the exact disc's coefficients (|alpha_j| ~ j^-2 .. j^-3)
// that is <= 10 N, and |dy/dx| <= 4 over |x| ~ 1: 10 N * 4 * 3.5e-6 < 2e-4 N. Interval Clenshaw's
// width at N = 32 was already ~(1 + sqrt 2)^32 2^-53 ~ 2e-4 and grows 2.4 times a degree.
constexpr double kWidthPerDegree = 2e-4;
constexpr double kBoxRadius = 1e-6;

Problem disc_problem() {
  return parse_problem(nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}

/// (83)-(84): C = sum_i c_i cos((2i-1) th)/cos th and S = sum_i s_i sin((2i-1) th)/sin th with
/// sin th = w3 (friction/harmonic.hpp), summed directly in long double.
std::pair<long double, long double> fourier_CS(const HarmonicModel& h, double w3) {
  const long double th = std::asin(static_cast<long double>(w3));
  long double C = 0, S = 0;
  for (int i = 1; i <= h.degree(); ++i) {
    C += h.c()[i - 1] * std::cos((2 * i - 1) * th);
    S += h.s()[i - 1] * std::sin((2 * i - 1) * th);
  }
  return {C / std::cos(th), S / std::sin(th)};
}

IVec3 box_around(const Eigen::Vector3d& x0, double h) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = Interval(x0(i) - h, x0(i) + h);
  return x;
}

bool inside(long double v, const Interval& I, double tol) { return I.lower() - tol <= v && v <= I.upper() + tol; }

}  // namespace

TEST_CASE("enclose: harmonic N = 32, 100, 400 contains the Fourier sums (83)-(84) and the model's q, dq_dw, widths linear in N") {
  const std::shared_ptr<const ExactModel> exact = make_exact_model(disc_problem());
  std::mt19937_64 g(19);
  std::normal_distribution<double> n;
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int N : {32, 100, 400}) {
    CAPTURE(N);
    const HarmonicModel h(*exact, N);
    double widest = 0;
    for (int trial = 0; trial < 100; ++trial) {
      const Eigen::Vector3d x0 = Eigen::Vector3d(n(g), n(g), n(g)).normalized();
      if (std::abs(x0.z()) < 1e-2 || std::hypot(x0.x(), x0.y()) < 1e-2) continue;  // th away from 0, pi/2
      CAPTURE(x0.transpose());
      const auto M = h.enclose_meridian(box_around(x0, kBoxRadius));
      const auto E = h.enclose(box_around(x0, kBoxRadius));
      REQUIRE(M);
      REQUIRE(E);
      const auto [C, S] = fourier_CS(h, x0.z());
      CHECK(inside(C, M->C.v, kFourierSum));
      CHECK(inside(S, M->S.v, kFourierSum));
      widest = std::max({widest, width_of(M->C.v), width_of(M->S.v)});
      for (int k = 0; k < 10; ++k) {
        const Eigen::Vector3d x = x0 + kBoxRadius * Eigen::Vector3d(u(g), u(g), u(g));
        const Eigen::Vector3d q = h.q(x);
        const FrictionJacobian J = h.jacobian(x);
        for (int i = 0; i < 3; ++i) {
          CHECK(inside(q(i), E->q(i), kDoubleClenshaw));
          for (int j = 0; j < 3; ++j) CHECK(inside(J.dq_dw(i, j), E->dq_dw(i, j), kDoubleClenshaw));
        }
      }
    }
    CHECK(widest > 0);
    CHECK(widest <= kWidthPerDegree * N);
    MESSAGE("N = " << N << ": widest C or S over a box of radius 1e-6: " << widest);
  }
}

TEST_CASE("enclose: harmonic N = 400 at the poles and the equator (y = +-1) contains the model's q") {
  const std::shared_ptr<const ExactModel> exact = make_exact_model(disc_problem());
  const HarmonicModel h(*exact, 400);
  for (const Eigen::Vector3d& x0 : {Eigen::Vector3d(0, 0, 1), Eigen::Vector3d(0, 0, -1), Eigen::Vector3d(1, 0, 0),
                                    Eigen::Vector3d(0.6, -0.8, 0)}) {
    CAPTURE(x0.transpose());
    const auto E = h.enclose(box_around(x0, kBoxRadius));
    REQUIRE(E);
    const Eigen::Vector3d q = h.q(x0);
    for (int i = 0; i < 3; ++i) CHECK(inside(q(i), E->q(i), kDoubleClenshaw));
    for (int i = 0; i < 3; ++i) CHECK(width_of(E->q(i)) <= kWidthPerDegree * 400);
  }
}

}  // namespace test_harmonic_enclosure
