// The harmonic model of [Nonlinear Dyn. 2024], Sect. 6.2-6.3: (82)-(96).
#include <doctest/doctest.h>

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <random>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"

namespace test_harmonic {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {
// (83) one coefficient at a time by Boost.Math's adaptive tanh-sinh quadrature on the two
// halves split at eps = 1 (theta = atan(rho/R)), with cos((2i-1) theta) evaluated directly:
// an implementation independent of the library's shared-node rule with rotation recurrences.
double reference_coefficient(const AxisymmetricModel& m, int i, bool sine) {
  const double split = std::atan(m.rho_over_R());
  auto f = [&](double th) {
    const ScalarLaw L = m.at_theta(th);
    return 4.0 / M_PI * (sine ? L.T * std::sin((2 * i - 1) * th) : L.Q * std::cos((2 * i - 1) * th));
  };
  boost::math::quadrature::tanh_sinh<double> ts;
  return ts.integrate(f, 0.0, split, 1e-14) + ts.integrate(f, split, M_PI / 2, 1e-14);
}
}  // namespace

TEST_CASE("(83) Fourier coefficients to 1e-12 against an independent adaptive quadrature") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz()}) {
    for (double rho : {p.kappa(), 1.0}) {
      const auto exact = make_exact_model(p, rho);
      const HarmonicModel h(*exact, 16);
      CHECK(h.coefficient_error() < 1e-12);
      for (int i = 1; i <= 16; ++i) {
        CAPTURE(i);
        CHECK(std::abs(h.c()[i - 1] - reference_coefficient(*exact, i, false)) <= 1e-12);
        CHECK(std::abs(h.s()[i - 1] - reference_coefficient(*exact, i, true)) <= 1e-12);
      }
    }
  }
}

TEST_CASE("(90)-(91): the harmonic model of degree 1 is the linear model q = -(w1 c1, w2 c1, kappa/rho w3 s1)") {
  const Pressure p = Pressure::uniform();
  const auto exact = make_exact_model(p, p.kappa());
  const HarmonicModel h(*exact, 1);
  CHECK(h.C()[0] == doctest::Approx(h.c()[0]).epsilon(1e-15));  // C1 = c1
  CHECK(h.S()[0] == doctest::Approx(h.s()[0]).epsilon(1e-15));  // S1 = s1
  std::mt19937_64 rng(1);
  std::normal_distribution<double> n;
  for (int k = 0; k < 50; ++k) {
    const Eigen::Vector3d w = Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized();
    const Eigen::Vector3d expected(-w.x() * h.c()[0], -w.y() * h.c()[0], -h.kappa_over_rho() * w.z() * h.s()[0]);
    CHECK((h.q(w) - expected).norm() <= 1e-15);
  }
}

TEST_CASE("(94): C1 = c1 + c2, C2 = -4 c2, S1 = s1 + 3 s2, S2 = -4 s2 for N = 2") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz(), Pressure::galin()}) {
    const auto exact = make_exact_model(p, p.kappa());
    const HarmonicModel h(*exact, 2);
    const auto &c = h.c(), &s = h.s();
    CHECK(h.C()[0] == doctest::Approx(c[0] + c[1]).epsilon(1e-14));
    CHECK(h.C()[1] == doctest::Approx(-4 * c[1]).epsilon(1e-14));
    CHECK(h.S()[0] == doctest::Approx(s[0] + 3 * s[1]).epsilon(1e-14));
    CHECK(h.S()[1] == doctest::Approx(-4 * s[1]).epsilon(1e-14));
  }
}

TEST_CASE("(84)-(85) for general N: the polynomial form equals the Fourier sum (82)") {
  // sqrt(1-w3^2) sum C_i w3^(2i-2) = sum c_i cos((2i-1) theta) and
  // w3 sum S_i w3^(2i-2) = sum s_i sin((2i-1) theta), theta = asin(w3), and the model's own
  // evaluation (Chebyshev series) agrees with both.
  std::vector<double> c, s;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int N : {3, 5, 8, 12}) {
    c.clear();
    s.clear();
    for (int i = 0; i < N; ++i) {
      c.push_back(u(rng) / (i + 1));
      s.push_back(u(rng) / (i + 1));
    }
    const HarmonicModel h(c, s, 2.0 / 3.0, 1.0, "test");
    for (double theta : {-1.5, -0.7, 0.0, 0.3, 0.9, 1.2, 1.5707963267948966}) {
      CAPTURE(N);
      CAPTURE(theta);
      double Qf = 0, Tf = 0, Cp = 0, Sp = 0;
      const double w3 = std::sin(theta);
      for (int i = 1; i <= N; ++i) {
        Qf += c[i - 1] * std::cos((2 * i - 1) * theta);
        Tf += s[i - 1] * std::sin((2 * i - 1) * theta);
        Cp += h.C()[i - 1] * std::pow(w3, 2 * i - 2);
        Sp += h.S()[i - 1] * std::pow(w3, 2 * i - 2);
      }
      // the monomial sums cancel: allow the rounding of sum |C_i| (a few 1e-13 for N = 12)
      double scale = 0;
      for (int i = 0; i < N; ++i) scale += std::abs(h.C()[i]) + std::abs(h.S()[i]);
      CHECK(std::abs(std::cos(theta) * Cp - Qf) <= 1e-15 * scale + 1e-15);
      CHECK(std::abs(w3 * Sp - Tf) <= 1e-15 * scale + 1e-15);
      const ScalarLaw L = h.at_theta(theta);
      CHECK(std::abs(L.Q - Qf) <= 1e-14);
      CHECK(std::abs(L.T - Tf) <= 1e-14);
    }
  }
}

TEST_CASE("(83) orthogonality: the harmonic expansion of a degree-3 harmonic model reproduces it") {
  const HarmonicModel h3({0.9, 0.07, -0.02}, {1.1, -0.1, 0.03}, 2.0 / 3.0, 1.0, "test");
  const HarmonicModel h6(h3, 6);
  for (int i = 0; i < 6; ++i) {
    CHECK(std::abs(h6.c()[i] - (i < 3 ? h3.c()[i] : 0.0)) <= 1e-14);
    CHECK(std::abs(h6.s()[i] - (i < 3 ? h3.s()[i] : 0.0)) <= 1e-14);
  }
}

TEST_CASE("Figs 7-9: the error of the harmonic model decreases with N toward the exact model") {
  for (const Pressure& p : {Pressure::uniform(), Pressure::hertz()}) {
    const auto exact = make_exact_model(p, p.kappa());
    double previous = 1.0;
    for (int N : {1, 2, 4, 8, 16}) {
      const HarmonicModel h(*exact, N);
      double err = 0;
      for (int k = 0; k <= 400; ++k) {
        const double th = M_PI / 2 * k / 400.0;
        const ScalarLaw a = h.at_theta(th), b = exact->at_theta(th);
        err = std::max({err, std::abs(a.Q - b.Q), std::abs(a.T - b.T)});
      }
      CAPTURE(N);
      CHECK(err < previous);
      previous = err;
    }
    CHECK(previous < 5e-3);  // N = 16
  }
}

}  // namespace test_harmonic
