#pragma once
// Gauss-Jacobi quadrature rules on [-1, 1] for the weight (1 - y)^a (1 + y)^b (internal; the
// contact model's radial and chord rules, friction/contact_model.cpp).
#include <memory>
#include <vector>

namespace limitdir::detail {

struct GaussRule {
  std::vector<double> y, w;  // nodes, increasing, and their weights
};

/// The n-point rule, exact for polynomials of degree <= 2n - 1 (a, b > -1). Golub-Welsch: the
/// nodes are the eigenvalues of the symmetric tridiagonal Jacobi matrix J of the weight, the
/// weights mu0 v0^2 with v0 the first component of the unit eigenvector, which is that of
/// (p_0(y), ..., p_{n-1}(y)), the orthonormal polynomials at the node: v0^2 = 1 / sum p_k(y)^2.
/// O(n^2) (the eigenvalues alone), where the eigenvectors cost O(n^3). Rules are kept once made
/// (a map asks for the same few rules for every system it builds).
std::shared_ptr<const GaussRule> gauss_jacobi(int n, double a, double b);

}  // namespace limitdir::detail
