#pragma once
// Reference computations for the tests of limit directions and their classification
// (limits/test_limits.cpp, limits/test_classify.cpp). Everything here is written independently of
// lib/src/system/system.cpp, limits/limits.cpp and limits/classify.cpp: the field F(w) = M^-1 (q(w) + F d + e) is
// assembled from M, the load and the friction model's q (verified in friction/test_models.cpp,
// friction/test_jacobian.cpp, friction/test_harmonic.cpp); the limit directions are found by a brute-force
// multistart Newton iteration with finite-difference Jacobians in tangent coordinates.
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace ref {

/// sum_i a_i z^(i-1) at z = w3^2: the polynomials C(w3), S(w3) of (85) from their coefficients.
inline double poly_z(const std::vector<double>& a, double z) {
  double s = 0;
  for (auto it = a.rbegin(); it != a.rend(); ++it) s = s * z + *it;
  return s;
}
/// d/dz of poly_z.
inline double dpoly_z(const std::vector<double>& a, double z) {
  double s = 0;
  for (std::size_t i = a.size(); i-- > 1;) s = s * z + static_cast<double>(i) * a[i];
  return s;
}

/// The field x_o' = B(w) w + c = M^-1 (q(w) + F d + e) of (101), assembled here.
struct Field {
  Eigen::Matrix3d Minv;
  Eigen::Vector3d load;  // F d + e
  const limitdir::FrictionModel* model;

  Field(const Eigen::Matrix3d& M, const Eigen::Vector3d& load_, const limitdir::FrictionModel& m)
      : Minv(M.inverse()), load(load_), model(&m) {}
  Eigen::Vector3d operator()(const Eigen::Vector3d& w) const { return Minv * (model->q(w) + load); }
  /// V*(w) = (I - w w^T) F(w) (122).
  Eigen::Vector3d vstar(const Eigen::Vector3d& w) const {
    const Eigen::Vector3d f = (*this)(w);
    return f - w.dot(f) * w;
  }
  /// R*(w) = w^T F(w) (121).
  double rstar(const Eigen::Vector3d& w) const { return w.dot((*this)(w)); }
};

/// An orthonormal basis of the tangent plane at the unit vector w (own construction).
inline Eigen::Matrix<double, 3, 2> own_basis(const Eigen::Vector3d& w) {
  int k = 0;
  w.cwiseAbs().minCoeff(&k);
  const Eigen::Vector3d a = Eigen::Vector3d::Unit(k);
  const Eigen::Vector3d t1 = (a - a.dot(w) * w).normalized();
  Eigen::Matrix<double, 3, 2> P;
  P.col(0) = t1;
  P.col(1) = w.cross(t1);
  return P;
}

/// Jacobian of the chart map (a, b) -> P^T V*(normalize(w + a t1 + b t2)) at 0 by central
/// differences. At a zero of V* it is J_T = P^T (DF - rdot I) P in the basis P.
template <class VField>
Eigen::Matrix2d chart_jacobian(const VField& vstar, const Eigen::Vector3d& w, const Eigen::Matrix<double, 3, 2>& P,
                               double h = 1e-6) {
  Eigen::Matrix2d J;
  for (int j = 0; j < 2; ++j) {
    const Eigen::Vector3d wp = (w + h * P.col(j)).normalized();
    const Eigen::Vector3d wm = (w - h * P.col(j)).normalized();
    J.col(j) = P.transpose() * (vstar(wp) - vstar(wm)) / (2 * h);
  }
  return J;
}

/// The i-th of n points of the Fibonacci sphere.
inline Eigen::Vector3d fibonacci_point(int i, int n) {
  const double golden = M_PI * (3.0 - std::sqrt(5.0));
  const double z = 1.0 - (2.0 * i + 1.0) / n;
  const double r = std::sqrt(std::max(0.0, 1.0 - z * z));
  return {r * std::cos(golden * i), r * std::sin(golden * i), z};
}

/// Damped Gauss-Newton on |V*(w)|^2 in tangent coordinates with a finite-difference
/// Jacobian (pseudo-inverse step, step length <= 0.5, backtracking on |V*|). Returns the
/// zero if |V*| reached `tol`.
template <class VField>
std::optional<Eigen::Vector3d> newton_on_sphere(const VField& vstar, Eigen::Vector3d w, double tol = 1e-12,
                                                int max_iterations = 100) {
  w.normalize();
  double res = vstar(w).norm();
  for (int it = 0; it < max_iterations && res > 1e-15; ++it) {
    const Eigen::Matrix<double, 3, 2> P = own_basis(w);
    const Eigen::Vector2d g = P.transpose() * vstar(w);
    const Eigen::Matrix2d J = chart_jacobian(vstar, w, P);
    Eigen::JacobiSVD<Eigen::Matrix2d> svd(J, Eigen::ComputeFullU | Eigen::ComputeFullV);
    svd.setThreshold(1e-12);
    Eigen::Vector2d step = -svd.solve(g);
    if (!step.allFinite()) break;
    if (step.norm() > 0.5) step *= 0.5 / step.norm();
    bool accepted = false;
    double lambda = 1.0;
    for (int k = 0; k < 40; ++k, lambda *= 0.5) {
      const Eigen::Vector3d wn = (w + lambda * (P * step)).normalized();
      const double rn = vstar(wn).norm();
      if (rn < res) {
        w = wn;
        res = rn;
        accepted = true;
        break;
      }
    }
    if (!accepted) break;
  }
  if (res <= tol) return w;
  return std::nullopt;
}

struct Root {
  Eigen::Vector3d w;
  int index;  // sign det of the chart Jacobian (Poincare-Hopf index of a hyperbolic zero)
};

/// Every zero of V* on the sphere reached from n Fibonacci starting points, deduplicated.
template <class VField>
std::vector<Root> brute_force_limit_directions(const VField& vstar, int n = 3000, double tol = 1e-12) {
  std::vector<Root> roots;
  for (int i = 0; i < n; ++i) {
    const auto w = newton_on_sphere(vstar, fibonacci_point(i, n), tol);
    if (!w) continue;
    bool known = false;
    for (const Root& r : roots)
      if ((r.w - *w).norm() < 1e-7) known = true;
    if (known) continue;
    const Eigen::Matrix2d J = chart_jacobian(vstar, *w, own_basis(*w));
    const double det = J.determinant();
    roots.push_back({*w, det > 0 ? 1 : (det < 0 ? -1 : 0)});
  }
  return roots;
}

/// Largest distance from a point of A to the nearest point of B.
inline double one_sided_distance(const std::vector<Eigen::Vector3d>& A, const std::vector<Eigen::Vector3d>& B) {
  double worst = 0;
  for (const auto& a : A) {
    double best = INFINITY;
    for (const auto& b : B) best = std::min(best, (a - b).norm());
    worst = std::max(worst, best);
  }
  return worst;
}
/// Hausdorff distance of two finite sets of directions (+inf if exactly one is empty).
inline double set_distance(const std::vector<Eigen::Vector3d>& A, const std::vector<Eigen::Vector3d>& B) {
  if (A.empty() && B.empty()) return 0;
  return std::max(one_sided_distance(A, B), one_sided_distance(B, A));
}

inline std::string format(const std::vector<Eigen::Vector3d>& ws) {
  std::string s;
  char buf[96];
  for (const auto& w : ws) {
    std::snprintf(buf, sizeof buf, "(%.10f, %.10f, %.10f) ", w.x(), w.y(), w.z());
    s += buf;
  }
  return s;
}

}  // namespace ref
