// Pseudo-arclength tracing of one branch of limit directions: see continuation/branch_tracer.hpp.
#include "continuation/branch_tracer.hpp"

#include <Eigen/Dense>
#include <cmath>

#include "limitdir/core/errors.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir::detail {

// ----- the family's field ---------------------------------------------------------------------

FamilyField::FamilyField(const ParameterFamily& family) : family_(family), is_force_(family.load_sweep) {}

std::shared_ptr<const System> FamilyField::system_ptr(double p) {
  if (is_force_) {
    if (!fixed_) fixed_ = std::make_shared<const System>(family_.system(p));
    return fixed_;
  }
  // A bounded cache: a sweep revisits a few hundred values of p at most between clears.
  constexpr std::size_t max_cached_systems = 64;
  auto it = cache_.find(p);
  if (it == cache_.end()) {
    if (cache_.size() > max_cached_systems) cache_.clear();
    it = cache_.emplace(p, std::make_shared<const System>(family_.system(p))).first;
  }
  return it->second;
}

void FamilyField::eval(const X& x, Eigen::Vector4d& G, Mat45& J) {
  const Eigen::Vector3d w = x.head<3>();
  const double rdot = x[3], p = x[4];
  const FieldJacobian fj = system(p).field_jacobian(w, force(p));
  G.head<3>() = fj.F - rdot * w;  // (125) [Nonlinear Dyn. 2024]
  G[3] = 0.5 * (w.squaredNorm() - 1.0);
  J.setZero();
  J.topLeftCorner<3, 3>() = fj.DF - rdot * Eigen::Matrix3d::Identity();
  J.block<3, 1>(0, 3) = -w;
  J.block<3, 1>(0, 4) = dF_dp(w, p);
  J.block<1, 3>(3, 0) = w.transpose();
}

Eigen::Vector3d FamilyField::dF_dp(const Eigen::Vector3d& w, double p) {
  if (is_force_) {
    const System& s = system(p);
    return s.M_inv() * s.load_direction();  // c = M^-1 (p d + e), (100)
  }
  // Other parameters rebuild the system: a central difference of the field in p. The step
  // 1e-6 |p| balances truncation (h^2 ~ 1e-12) against rounding (1e-16/h ~ 1e-10).
  constexpr double relative_step = 1e-6;
  const double h = relative_step * std::max(1.0, std::abs(p));
  // At an end of the parameter's valid range (d = 0 or 1 of a distortion, docs/manual.md section
  // 6) one side is bad input: a one-sided difference there (truncation ~h ~ 1e-6 relative).
  try {
    const Eigen::Vector3d lo = F(w, p - h);
    try {
      return (F(w, p + h) - lo) / (2 * h);
    } catch (const InputError&) {
      return (F(w, p) - lo) / h;
    }
  } catch (const InputError&) {
    return (F(w, p + h) - F(w, p)) / h;
  }
}

// ----- the tracer -----------------------------------------------------------------------------

X tangent_of(const Mat45& J, const X& previous) {
  const Eigen::HouseholderQR<Eigen::Matrix<double, 5, 4>> qr(J.transpose());
  const Mat5 Q = qr.householderQ();
  X t = Q.col(4);
  if (t.dot(previous) < 0) t = -t;
  return t;
}

BranchTracer::BranchTracer(const ParameterFamily& family, const ContinuationOptions& options)
    : field_(family), opt_(options) {}

namespace {

// The solution of A dx = -H: partial pivoting (a third of the cost of full pivoting), and full
// pivoting where that is not accurate (next to a branch point, where A is nearly singular).
// Accurate: the residual of the solve is below 1e-10 of |H| (a Newton step needs a few digits;
// a nearly singular A loses far more than that with partial pivoting).
X newton_step(const Mat5& A, const X& H) {
  constexpr double solve_rtol = 1e-10;
  const X dx = A.partialPivLu().solve(-H);
  if (dx.allFinite() && (A * dx + H).norm() <= solve_rtol * H.norm()) return dx;
  return A.fullPivLu().solve(-H);
}

}  // namespace

bool BranchTracer::correct_unguarded(X& x, const X& t, const X& xp, int max_it) {
  // Converged when the Newton step is at rounding level of X and the residual is far below
  // the Newton tolerance of find-limits' refinement; a step longer than 1 left the branch.
  constexpr double step_tol = 1e-13, residual_tol = 1e-10, final_residual_tol = 1e-11, max_step = 1.0;
  for (int it = 0; it < max_it; ++it) {
    Eigen::Vector4d G;
    Mat45 J;
    field_.eval(x, G, J);
    Eigen::Matrix<double, 5, 1> H;
    H.head<4>() = G;
    H[4] = t.dot(x - xp);
    Mat5 A;
    A.topRows<4>() = J;
    A.row(4) = t.transpose();
    const X dx = newton_step(A, H);
    if (!dx.allFinite()) return false;
    x += dx;
    if (dx.norm() <= step_tol * (1.0 + x.norm()) && H.norm() <= residual_tol) return true;
    if (dx.norm() > max_step) return false;
  }
  Eigen::Vector4d G;
  Mat45 J;
  field_.eval(x, G, J);
  return G.norm() <= final_residual_tol;
}

bool BranchTracer::correct_at_p_unguarded(X& x, double p) {
  constexpr double residual_tol = 1e-13, final_residual_tol = 1e-11;
  x[4] = p;
  for (int it = 0; it < 20; ++it) {
    Eigen::Vector4d G;
    Mat45 J;
    field_.eval(x, G, J);
    if (G.norm() <= residual_tol) return true;
    const Eigen::Matrix4d A = J.leftCols<4>();
    // LU first (cheap); the minimum-norm step only where A is singular to rounding (a
    // continuum), which LU shows as a step that does not solve the system
    constexpr double solve_tol = 1e-8;
    Eigen::Vector4d d = A.partialPivLu().solve(-G);
    if (!d.allFinite() || (A * d + G).norm() > solve_tol * G.norm()) d = A.completeOrthogonalDecomposition().solve(-G);
    if (!d.allFinite()) return false;
    x.head<4>() += d;
  }
  Eigen::Vector4d G;
  Mat45 J;
  field_.eval(x, G, J);
  return G.norm() <= final_residual_tol;
}

Node BranchTracer::node(const X& x, const X& t_prev) {
  Eigen::Vector4d G;
  Mat45 J;
  field_.eval(x, G, J);
  Node n;
  n.x = x;
  n.t = tangent_of(J, t_prev);
  Mat5 A;
  A.topRows<4>() = J;
  A.row(4) = n.t.transpose();
  // the top-left block of G_X is DF - rdot I already, so J_T = P^T (that block) P
  n.JT = tangent_jacobian(x.head<3>().normalized(), J.topLeftCorner<3, 3>(), 0.0);
  // rdot = 0 identically on a branch off the equator of a decoupled spin (limit_rdot): no
  // tangency is located along it from the rounding of x[3]
  const double rdot = limit_rdot(field_.system(x[4]), x.head<3>(), x[3]);
  n.tests = {rdot, n.t[4], A.determinant(), n.JT.trace(), n.JT.determinant()};
  return n;
}

// A point past an end of the parameter's valid range (d = 1 of a distortion: docs/manual.md
// section 6) has no system: the corrector fails there, and the sweep shortens its step.
bool BranchTracer::correct(X& x, const X& t, const X& xp, int max_it) {
  try {
    return correct_unguarded(x, t, xp, max_it);
  } catch (const InputError&) {
    return false;
  }
}

bool BranchTracer::correct_at_p(X& x, double p) {
  try {
    return correct_at_p_unguarded(x, p);
  } catch (const InputError&) {
    return false;
  }
}

std::optional<Node> BranchTracer::at(const Node& a, double s) {
  const X xp = a.x + s * a.t;
  X x = xp;
  // (node() re-evaluates at the corrected point, which may have drifted past the end)
  try {
    if (!correct(x, a.t, xp)) return std::nullopt;
    return node(x, a.t);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

BranchPoint BranchTracer::point(const Node& n) const {
  return {n.x[4], n.x.head<3>().normalized(), n.tests.rdot, radial_of(n.tests.rdot, opt_.solver.classify),
          sphere_type_of(n.JT, opt_.solver.classify), std::nullopt};
}

}  // namespace limitdir::detail
