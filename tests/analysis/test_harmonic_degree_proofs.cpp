// find_limit_directions (analysis/find_limits.hpp) on share/problems/disc.json and ball.json with
// the harmonic model of degree N = 32, 100, 400 (issue 19.5): the certificate is proven, and the
// limit directions are those of Sect. 7.4 [Nonlinear Dyn. 2024] computed here independently:
// +-e1, and (c1/A(u), 0, +-sqrt u) for every root u in (0, 1) of (132), h(u) = A(u)^2 (1 - u) = c1^2
// with A = a1 C - a3 (kappa/rho) S (M^-1 = diag(a1, a1, a3), c = M^-1 (F d + e)), C and S summed
// from the Fourier coefficients of (83)-(84) directly (no Chebyshev basis), roots bracketed on a
// grid of u and bisected in double.
#include <doctest/doctest.h>

#include <Eigen/LU>
#include <cmath>
#include <string>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_harmonic_degree_proofs {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// A root u of (132) is bisected to 1e-15; |dw/du| <= 1/(2 sqrt(u (1 - u))) <= 50 on the grid's
// interior (u in [1e-4, 1 - 1e-4]), and the solver's Newton-refined directions are good to ~1e-13:
// 1e-9 holds both with margin and still separates directions (they are >= 1e-3 apart here).
constexpr double kDirectionTol = 1e-9;
// Grid of u for bracketing the roots of (132): 2e4 cells of 5e-5 (the test of N = 2 uses the same).
constexpr int kGridCells = 20000;

struct Circle {
  const HarmonicModel* h;
  double a1, a3, k, c1;
  /// (83)-(84): C = sum_i c_i cos((2i-1) th)/cos th, S = sum_i s_i sin((2i-1) th)/sin th, sin th = w3,
  /// by rotation through 2 th in long double.
  double A(double u) const {
    const long double w3 = std::sqrt(static_cast<long double>(u)), ct = std::sqrt(1.0L - w3 * w3);
    const long double c2 = ct * ct - w3 * w3, s2 = 2 * w3 * ct;
    long double ck = ct, sk = w3, C = 0, S = 0;
    for (int i = 0; i < h->degree(); ++i) {
      C += h->c()[i] * ck;
      S += h->s()[i] * sk;
      const long double cn = ck * c2 - sk * s2;
      sk = sk * c2 + ck * s2;
      ck = cn;
    }
    return static_cast<double>(a1 * (C / ct) - a3 * k * (S / w3));
  }
  double g(double u) const {  // (132): h(u) - c1^2
    const double a = A(u);
    return a * a * (1 - u) - c1 * c1;
  }
  std::vector<Eigen::Vector3d> directions() const {
    std::vector<Eigen::Vector3d> w{Eigen::Vector3d::UnitX(), -Eigen::Vector3d::UnitX()};
    double a = 1.0 / kGridCells, ga = g(a);
    for (int i = 2; i < kGridCells; ++i) {
      double b = static_cast<double>(i) / kGridCells;
      const double gb = g(b), b_next = b, gb_next = gb;
      if ((ga < 0) != (gb < 0)) {
        for (int it = 0; it < 200 && b - a > 1e-15; ++it) {
          const double m = 0.5 * (a + b);
          ((g(m) < 0) == (ga < 0) ? a : b) = m;
        }
        const double u = 0.5 * (a + b);
        w.emplace_back(c1 / A(u), 0, std::sqrt(u));
        w.emplace_back(c1 / A(u), 0, -std::sqrt(u));
      }
      a = b_next;
      ga = gb_next;
    }
    return w;
  }
};

void check_degree(const std::string& file, int N, double F) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
  apply_overrides(p, std::nullopt, N, std::nullopt, std::nullopt, F);
  const System sys = make_system(p);
  const auto* h = dynamic_cast<const HarmonicModel*>(&sys.friction());
  REQUIRE(h);
  REQUIRE(h->degree() == N);
  const Eigen::Matrix3d& M = sys.M();
  REQUIRE(M(0, 0) == M(1, 1));
  REQUIRE((M - Eigen::Matrix3d(M.diagonal().asDiagonal())).norm() == 0.0);
  const Eigen::Vector3d c = M.inverse() * (F * sys.load_direction() + sys.load_offset());
  REQUIRE(c(1) == 0.0);
  REQUIRE(c(2) == 0.0);
  const Circle circle{h, 1 / M(0, 0), 1 / M(2, 2), h->kappa_over_rho(), c(0)};
  const std::vector<Eigen::Vector3d> expected = circle.directions();

  const LimitSet L = find_limit_directions(sys, F);
  INFO(file << " N = " << N << " F = " << F << ": " << L.certificate.reason);
  CHECK(L.certificate.level == Level::proven);
  CHECK(L.directions.size() == expected.size());
  for (const Eigen::Vector3d& w : expected) {
    int matches = 0;
    for (const Classification& d : L.directions) matches += (d.w - w).norm() <= kDirectionTol;
    INFO("expected direction " << w.transpose());
    CHECK(matches == 1);
  }
}

}  // namespace

TEST_CASE("find_limit_directions: disc and ball, harmonic N = 32, 100, 400, proven with the directions of (132)") {
  for (const char* file : {"disc.json", "ball.json"})
    for (int N : {32, 100, 400})
      for (double F : {0.02, 0.3, 1.2}) check_degree(file, N, F);
}

}  // namespace test_harmonic_degree_proofs
