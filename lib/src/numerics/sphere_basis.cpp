// The orthonormal polynomial basis of the sphere-harmonic model (numerics/sphere_basis.hpp).
#include "numerics/sphere_basis.hpp"

#include <array>
#include <cmath>
#include <stdexcept>

#include "core/constants.hpp"

namespace limitdir::detail {

namespace {
constexpr int max_L = 63;  // SphereHarmonicModel caps N at 32 (L = 2N - 1)
}

// Gegenbauer polynomials C_n^(l), l = m >= 1: (n + 1) C_{n+1} = 2 (n + l) x C_n - (n + 2l - 1) C_{n-1},
// norms h_n = int C_n^2 (1 - x^2)^(l - 1/2) dx with h_{n+1}/h_n = (n + 2l)(n + l)/((n + 1)(n + 1 + l))
// and h_0 = sqrt(pi) Gamma(l + 1/2)/Gamma(l + 1) (h_0^(1) = pi/2, h_0^(l+1)/h_0^(l) = (2l + 1)/(2l + 2)).
// m = 0: the Chebyshev polynomials T_n, h_0 = pi, h_n = pi/2.
SphereBasis::SphereBasis(int L, bool odd_only) : L_(L), odd_only_(odd_only), A_(L + 1), B_(L + 1), start_(L + 1) {
  if (L < 0 || L > max_L) throw std::invalid_argument("sphere basis: degree out of range");
  double h0 = 0.5 * pi;
  for (int m = 0; m <= L; ++m) {
    A_[m].assign(L - m + 1, 0.0);
    B_[m].assign(L - m + 1, 0.0);
    if (m == 0) {
      start_[0] = 1.0 / std::sqrt(pi);
      for (int n = 0; n < L; ++n) {
        A_[0][n] = n == 0 ? std::sqrt(2.0) : 2.0;
        B_[0][n] = n == 0 ? 0.0 : n == 1 ? std::sqrt(2.0) : 1.0;
      }
    } else {
      const double l = m;
      start_[m] = 1.0 / std::sqrt(h0);
      h0 *= (2.0 * l + 1.0) / (2.0 * l + 2.0);
      double r_prev = 1.0;  // h_n/h_{n-1} (unused at n = 0)
      for (int n = 0; n < L - m; ++n) {
        const double r = (n + 2.0 * l) * (n + l) / ((n + 1.0) * (n + 1.0 + l));  // h_{n+1}/h_n
        A_[m][n] = 2.0 * (n + l) / (n + 1.0) / std::sqrt(r);
        B_[m][n] = n == 0 ? 0.0 : (n + 2.0 * l - 1.0) / (n + 1.0) / std::sqrt(r * r_prev);
        r_prev = r;
      }
    }
    for (int n = 0; n + m <= L; ++n) {
      if (odd_only && (m + n) % 2 == 0) continue;
      terms_.push_back({m, n, false});
      if (m > 0) terms_.push_back({m, n, true});
    }
  }
}

// Y = Re/Im(z^m) p_n^m(w3)/nu_m; d Re(z^m)/dw1 = m Re(z^(m-1)), d Re(z^m)/dw2 = -m Im(z^(m-1)),
// d Im(z^m)/dw1 = m Im(z^(m-1)), d Im(z^m)/dw2 = m Re(z^(m-1)). z^m by repeated products, so that
// the reflections of w change only signs (exact symmetries, reflection_sign).
void SphereBasis::values(const Eigen::Vector3d& w, Eigen::VectorXd& Y, Eigen::MatrixX3d* dY) const {
  Y.resize(size());
  if (dY) dY->resize(size(), 3);
  const double x = w.z();
  std::array<double, max_L + 2> p{}, dp{};
  double zr = 1.0, zi = 0.0, zr_prev = 0.0, zi_prev = 0.0;  // z^m and z^(m-1)
  int i = 0;
  for (int m = 0; m <= L_; ++m) {
    if (m > 0) {
      zr_prev = zr;
      zi_prev = zi;
      const double r = zr * w.x() - zi * w.y();
      zi = zr * w.y() + zi * w.x();
      zr = r;
    }
    const double nu = 1.0 / std::sqrt(m == 0 ? 2.0 * pi : pi);
    p[0] = start_[m];
    dp[0] = 0.0;
    for (int n = 0; n < L_ - m; ++n) {
      const double pm1 = n > 0 ? p[n - 1] : 0.0, dpm1 = n > 0 ? dp[n - 1] : 0.0;
      p[n + 1] = A_[m][n] * x * p[n] - B_[m][n] * pm1;
      dp[n + 1] = A_[m][n] * (p[n] + x * dp[n]) - B_[m][n] * dpm1;
    }
    for (int n = 0; n + m <= L_; ++n) {
      if (odd_only_ && (m + n) % 2 == 0) continue;
      for (int s = 0; s < (m > 0 ? 2 : 1); ++s, ++i) {
        const double zm = s == 0 ? zr : zi;
        Y[i] = nu * zm * p[n];
        if (!dY) continue;
        const double d1 = s == 0 ? m * zr_prev : m * zi_prev, d2 = s == 0 ? -m * zi_prev : m * zr_prev;
        (*dY)(i, 0) = nu * d1 * p[n];
        (*dY)(i, 1) = nu * d2 * p[n];
        (*dY)(i, 2) = nu * zm * dp[n];
      }
    }
  }
}

// w -> G w: z -> g1 z (g1 g2 = 1) or g1 conj(z) (g1 g2 = -1), so Re(z^m) -> g1^m Re(z^m) and
// Im(z^m) -> g1^m g1 g2 Im(z^m); p_n^m(g3 x) = g3^n p_n^m(x).
double SphereBasis::reflection_sign(const SphereBasisTerm& t, const Eigen::Vector3d& g) {
  double s = (t.m % 2 == 1 ? g.x() : 1.0) * (t.n % 2 == 1 ? g.z() : 1.0);
  if (t.sine) s *= g.x() * g.y();
  return s;
}

}  // namespace limitdir::detail
