#pragma once
// The closed forms of the harmonic model N = 2 on the invariant circle (docs/manual.md section
// 13), shared by the map tests: with C(u), S(u) linear in u = w3^2 (Chebyshev series of degree 1
// in y = 2u - 1), (132) [Nonlinear Dyn. 2024] reads c1 = w1 A(u), A = m1 C - m3 (kappa/rho) S =
// a0 + a1 u (m1, m3 the diagonal of M^-1), so the fold is at u* = (2 a1 - a0)/(3 a1),
// F = |A(u*)| sqrt(1 - u*), with m3 = 45 pi^2/(512 lambda^2) for the ball in lambda (139) and
// m3 = (4/9)/j for the disc in j (126), and c1 = F for both.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir::test {

struct CircleN2 {
  double m1, kappa_over_rho, alpha0, alpha1, beta0, beta1;
  bool ball;
  double m3(double p) const {
    const double pi = 3.14159265358979323846;
    return ball ? 45 * pi * pi / (512 * p * p) : (4.0 / 9.0) / p;
  }
  // A(u) = a0 + a1 u, with C(u) = (alpha0 - alpha1) + 2 alpha1 u and S likewise
  double a0(double p) const { return m1 * (alpha0 - alpha1) - m3(p) * kappa_over_rho * (beta0 - beta1); }
  double a1(double p) const { return 2 * (m1 * alpha1 - m3(p) * kappa_over_rho * beta1); }
  double fold_u(double p) const { return (2 * a1(p) - a0(p)) / (3 * a1(p)); }
  double fold_F(double p) const {
    const double u = fold_u(p);
    return std::abs(a0(p) + a1(p) * u) * std::sqrt(1 - u);
  }
  /// The number of limit directions at (p, F > 0): the equator's two and two per root u in (0, 1)
  /// of A(u)^2 (1 - u) = F^2 (sign changes on a fine grid, the roots being simple off the curves).
  int count(double p, double F) const {
    int roots = 0;
    constexpr int n = 200000;
    const auto h = [&](double u) { return std::pow(a0(p) + a1(p) * u, 2) * (1 - u) - F * F; };
    for (int i = 0; i < n; ++i)
      if ((h(double(i) / n) > 0) != (h(double(i + 1) / n) > 0)) ++roots;
    return 2 + 2 * roots;
  }
};

inline Problem bundled(const char* name) {
  return load_problem((std::filesystem::path(LIMITDIR_SHARE_DIR) / "problems" / name).string());
}

inline CircleN2 closed_form(const Problem& p, bool ball) {
  const System s = make_system(p);
  const auto* h = dynamic_cast<const HarmonicModel*>(&s.friction());
  REQUIRE(h);
  REQUIRE(h->chebyshev_C().size() == 2);
  return {s.M_inv()(0, 0), h->kappa_over_rho(), h->chebyshev_C()[0], h->chebyshev_C()[1],
          h->chebyshev_S()[0], h->chebyshev_S()[1], ball};
}

}  // namespace limitdir::test
