// The constant-B (linear-eigen) method (docs/manual.md section 3, "Constant B"): with c = 0 the
// real eigenvectors of B (a double eigenvalue gives a great circle of limit directions), else
// every real eigenvalue of the 6x6 matrix [[B, c c^T], [I, B^T]] of (125) [Nonlinear Dyn. 2024]
// whose eigenvector scales to c . y = 1 gives the limit direction x, and rdot an eigenvalue of
// B adds the minimum-norm solution plus the null space; Newton and the certificate follow
// (assemble, limits.cpp).
#include "limitdir/limits/limits.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <complex>
#include <fmt/format.h>

#include "limitdir/numerics/sphere.hpp"
#include "limits/methods.hpp"

namespace limitdir {

LinearSolution limit_directions_linear(const Eigen::Matrix3d& B, const Eigen::Vector3d& c) {
  LinearSolution out;
  const double scale = std::max(1.0, B.norm() + c.norm());
  if (c.norm() <= 1e-15 * scale) {
    // c = 0: the real eigenvectors of B (both signs); a 2-D eigenspace is a great circle.
    const Eigen::EigenSolver<Eigen::Matrix3d> es(B);
    std::vector<double> seen;
    for (int i = 0; i < 3; ++i) {
      if (std::abs(es.eigenvalues()[i].imag()) > 1e-12 * scale) continue;
      const double lambda = es.eigenvalues()[i].real();
      if (std::any_of(seen.begin(), seen.end(), [&](double s) { return std::abs(s - lambda) <= 1e-10 * scale; }))
        continue;
      seen.push_back(lambda);
      // Null space of B - lambda I from the eigenvectors of its Gram matrix (ascending).
      const Eigen::Matrix3d A = B - lambda * Eigen::Matrix3d::Identity();
      const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> gram(A.transpose() * A);
      const Eigen::Vector3d s = gram.eigenvalues().cwiseMax(0.0).cwiseSqrt();
      const int null_dim = (s.array() <= 1e-7 * scale).count();
      if (null_dim >= 3) {
        out.circle_normals.push_back(Eigen::Vector3d::Zero());  // B = lambda I: every direction
      } else if (null_dim == 2) {
        out.circle_normals.push_back(gram.eigenvectors().col(2).normalized());
      } else {
        const Eigen::Vector3d v = gram.eigenvectors().col(0).normalized();
        out.directions.push_back(v);
        out.directions.push_back(-v);
      }
    }
    return out;
  }
  // rdot an eigenvalue of B: the minimum-norm solution plus the null space.
  {
    const Eigen::EigenSolver<Eigen::Matrix3d> es(B);
    for (int i = 0; i < 3; ++i) {
      if (std::abs(es.eigenvalues()[i].imag()) > 1e-12 * scale) continue;
      const Eigen::Matrix3d A = es.eigenvalues()[i].real() * Eigen::Matrix3d::Identity() - B;
      const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> gram(A.transpose() * A);  // ascending
      const Eigen::Vector3d sv = gram.eigenvalues().cwiseMax(0.0).cwiseSqrt();
      const int null_dim = (sv.array() <= 1e-7 * scale).count();
      if (null_dim == 0 || null_dim == 3) continue;
      // w_p = A^+ c through the Gram eigenbasis (V S^-2 V^T A^T c) restricted to the range.
      Eigen::Vector3d wp = Eigen::Vector3d::Zero();
      const Eigen::Vector3d Atc = A.transpose() * c;
      for (int k = null_dim; k < 3; ++k)
        wp += gram.eigenvectors().col(k) * (gram.eigenvectors().col(k).dot(Atc) / gram.eigenvalues()[k]);
      if ((A * wp - c).norm() > 1e-10 * scale) continue;  // c not in the range: no solution
      const double rest = 1.0 - wp.squaredNorm();
      if (rest < -1e-12) continue;
      if (null_dim == 2) {
        // a 2-D null space with c in the range and |w_p| <= 1: a circle of solutions (a
        // continuum, non-generic) that this method does not resolve
        const std::string doubt = fmt::format("rdot = {:.9g} is a double eigenvalue of B with c in the range of "
                                              "rdot I - B: a circle of limit directions is not resolved",
                                              es.eigenvalues()[i].real());
        if (std::find(out.doubts.begin(), out.doubts.end(), doubt) == out.doubts.end()) out.doubts.push_back(doubt);
        continue;
      }
      const Eigen::Vector3d v = gram.eigenvectors().col(0).normalized();
      const double t = std::sqrt(std::max(rest, 0.0));
      out.directions.push_back((wp + t * v).normalized());
      if (t > 0) out.directions.push_back((wp - t * v).normalized());
    }
  }
  // rdot [x; y] = [[B, c c^T], [I, B^T]] [x; y] with x = (rdot I - B)^-1 c,
  // y = (rdot I - B^T)^-1 x, so that c^T y = x^T x = 1.
  Eigen::Matrix<double, 6, 6> A = Eigen::Matrix<double, 6, 6>::Zero();
  A.topLeftCorner<3, 3>() = B;
  A.topRightCorner<3, 3>() = c * c.transpose();
  A.bottomLeftCorner<3, 3>() = Eigen::Matrix3d::Identity();
  A.bottomRightCorner<3, 3>() = B.transpose();
  const Eigen::EigenSolver<Eigen::Matrix<double, 6, 6>> es(A);
  // Eigenvalues with |Im| <= 1e-9 scale are real to the accuracy of the 6x6 eigensolver for
  // the (non-normal) matrix; up to 1e-6 scale they may be a real pair split by rounding, i.e.
  // two limit directions about to be born at a fold: a doubt, never a silent drop.
  constexpr double real_tol = 1e-9, near_real_tol = 1e-6;
  for (int i = 0; i < 6; ++i) {
    const double im = std::abs(es.eigenvalues()[i].imag());
    if (im > real_tol * scale) {
      if (im <= near_real_tol * scale && es.eigenvalues()[i].imag() > 0)
        out.doubts.push_back(fmt::format("the eigenvalue {:.9g} +- {:.2g} i of (125)'s 6x6 problem is nearly real: a "
                                         "pair of limit directions may be about to appear (a fold)",
                                         es.eigenvalues()[i].real(), im));
      continue;
    }
    Eigen::Matrix<std::complex<double>, 6, 1> v = es.eigenvectors().col(i);
    Eigen::Index k;
    v.cwiseAbs().maxCoeff(&k);
    const Eigen::Matrix<double, 6, 1> x6 = (v / v[k]).real();
    const double s = c.dot(x6.tail<3>());
    if (std::abs(s) <= 1e-12 * x6.tail<3>().norm() * c.norm()) continue;  // not a solution
    const Eigen::Vector3d x = x6.head<3>() / s;
    // A simple real eigenvalue gives |x| = 1 to rounding; otherwise the eigenvalue is multiple
    // (defective) and its eigenvector need not give a limit direction: Newton decides from x.
    constexpr double unit_tol = 1e-6;
    if (std::abs(x.norm() - 1.0) > unit_tol) {
      out.uncertain.push_back(x.normalized());
      continue;
    }
    out.directions.push_back(x.normalized());
  }
  return out;
}

namespace detail {

LimitSet solve_linear(const System& system, double F, const LimitOptions& opt) {
  const Eigen::Matrix3d B = *system.constant_B();
  const LinearSolution sol = limit_directions_linear(B, system.c(F));
  std::vector<Seed> seeds;
  for (const auto& w : sol.directions) seeds.push_back({w, true});
  for (const auto& w : sol.uncertain) seeds.push_back({w, false});
  std::vector<std::string> doubts = sol.doubts;
  bool continua = false;
  for (const auto& n : sol.circle_normals) {
    if (n.isZero()) doubts.push_back("every direction is a limit direction (B is a multiple of I, c = 0)");
    continua = true;
  }
  LimitSet set = assemble(system, F, seeds, "linear-eigen", opt, doubts, continua);
  for (const auto& n : sol.circle_normals) {
    if (n.isZero()) continue;
    // a point of the great circle with normal n, and the eigenvalue across it
    const Eigen::Vector3d p = tangent_basis(n).col(0);
    const Classification c = classify(system, F, p, opt.classify);
    const double transverse = c.J_T.trace();
    const double tol = opt.classify.hyperbolic * std::max(1.0, c.J_T.norm());
    set.circles.push_back({0.0, n, c.rdot, c.radial, transverse,
                           transverse < -tol  ? "stable-circle"
                           : transverse > tol ? "unstable-circle"
                                              : "non-hyperbolic"});
  }
  if (set.certificate.complete() && !set.circles.empty())
    set.certificate.reason = fmt::format(
        "{} great circle(s) from the double eigenvalues of B and {} hyperbolic isolated limit direction(s) from its "
        "simple ones (c = 0); Poincare-Hopf does not apply to continua",
        set.circles.size(), set.directions.size());
  return set;
}

}  // namespace detail

}  // namespace limitdir
