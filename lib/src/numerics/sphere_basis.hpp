#pragma once
// The basis of the sphere-harmonic friction model (friction/sphere_harmonic.hpp, docs/manual.md
// section 8): the real polynomials of degree <= L on the unit sphere (the span of the Laplace
// spherical harmonics of degree <= L), orthonormal in the inner product
//
//     <f, g> = int_{-pi/2}^{pi/2} int_0^{2 pi} f g dphi dtheta          (latitude theta, w3 = sin theta)
//
// of the core paper's Fourier expansion (83) [Nonlinear Dyn. 2024] (the measure d(theta) d(phi), not the area
// cos(theta) d(theta) d(phi)). With z = w1 + i w2 = cos(theta) e^(i phi) the functions are
//
//     Y = Re(z^m) p_n^m(w3) / nu_m,   Y = Im(z^m) p_n^m(w3) / nu_m (m >= 1),   m + n <= L,
//
// nu_0 = sqrt(2 pi), nu_m = sqrt(pi), where p_n^m = C_n^(m)/sqrt(h_n^m) are the Gegenbauer
// polynomials orthonormal for the weight (1 - x^2)^(m - 1/2) (|z^m|^2 d(theta) = (1 - x^2)^m dx/sqrt(1 - x^2)),
// the Chebyshev polynomials T_n for m = 0 and U_n for m = 1. Each Y is a polynomial in w of
// degree m + n and parity (-1)^(m+n); a model with `odd_only` keeps the odd ones.
#include <Eigen/Core>
#include <vector>

namespace limitdir::detail {

struct SphereBasisTerm {
  int m, n;
  bool sine;  // Im(z^m) rather than Re(z^m)
};

class SphereBasis {
 public:
  SphereBasis(int L, bool odd_only);
  int L() const { return L_; }
  bool odd_only() const { return odd_only_; }
  int size() const { return static_cast<int>(terms_.size()); }
  const std::vector<SphereBasisTerm>& terms() const { return terms_; }
  /// Y(w) for every term, and with dY (size() x 3) the gradient of each polynomial in R^3.
  void values(const Eigen::Vector3d& w, Eigen::VectorXd& Y, Eigen::MatrixX3d* dY = nullptr) const;
  /// Y(G w) = sign * Y(w) for the reflection G = diag(g) (each g_i = +-1).
  static double reflection_sign(const SphereBasisTerm& t, const Eigen::Vector3d& g);

 private:
  int L_;
  bool odd_only_;
  std::vector<SphereBasisTerm> terms_;
  // p_{n+1}^m = A[m][n] x p_n^m - B[m][n] p_{n-1}^m, p_0^m = start[m]
  std::vector<std::vector<double>> A_, B_;
  std::vector<double> start_;
};

}  // namespace limitdir::detail
