// The defining systems of the codimension-1 curves: see maps/curves.hpp and
// maps/defining_system.hpp.
#include "maps/defining_system.hpp"

#include <algorithm>
#include <limits>
#include <Eigen/LU>

#include "limitdir/numerics/sphere.hpp"

namespace limitdir::detail {

namespace {
// Central differences in the scaled unknowns (all of size ~1): truncation h^2 |f'''|/6 ~ 1e-12
// and rounding 1e-16 |f|/h ~ 1e-10 relative; the Jacobian only steers Newton (the residual is
// exact), so this costs a contraction of ~1e-10 per step, not accuracy.
constexpr double kDifferenceStep = 1e-6;
// X and Y from the scaled unknowns: from + X (to - from) at X in [0, 1] may round past `to` by
// an ulp, which is the side itself (clamped); outside [0, 1], a point off the rectangle (whose
// residual is NaN: inside()), it is left as it is.
double on_axis(const MapAxis& a, double X) {
  const double v = a.from + X * (a.to - a.from);
  return X >= 0 && X <= 1 ? std::clamp(v, a.from, a.to) : v;
}
}  // namespace

CurveSpace::CurveSpace(const TwoParameterFamily& family, CurveKind kind, std::vector<int> held, int mirror)
    : family_(&family), kind_(kind), held_(std::move(held)), mirror_(mirror) {
  for (int i = 0; i < 3; ++i)
    if (std::find(held_.begin(), held_.end(), i) == held_.end()) free_.push_back(i);
}

Eigen::VectorXd CurveSpace::pack(const MapPoint& p) const {
  Eigen::VectorXd v(size());
  for (std::size_t i = 0; i < free_.size(); ++i) v[static_cast<Eigen::Index>(i)] = p.w[free_[i]];
  const int n = size();
  v[n - 3] = p.rdot;
  v[n - 2] = (p.x - family_->x.from) / (family_->x.to - family_->x.from);
  v[n - 1] = (p.y - family_->y.from) / (family_->y.to - family_->y.from);
  return v;
}

MapPoint CurveSpace::unpack(const Eigen::VectorXd& v) const {
  MapPoint p;
  for (std::size_t i = 0; i < free_.size(); ++i) p.w[free_[i]] = v[static_cast<Eigen::Index>(i)];
  const int n = size();
  p.rdot = v[n - 3];
  p.x = on_axis(family_->x, v[n - 2]);
  p.y = on_axis(family_->y, v[n - 1]);
  return p;
}

bool CurveSpace::inside(const Eigen::VectorXd& v) const {
  const int n = size();
  return v[n - 2] >= 0 && v[n - 2] <= 1 && v[n - 1] >= 0 && v[n - 1] <= 1;
}

CurveSpace::Values CurveSpace::values(const Eigen::VectorXd& v) const {
  const MapPoint p = unpack(v);
  const System system = family_->system(p.x, p.y);
  Values out;
  out.tests.force = family_->force(p.x, p.y);
  out.tests.rdot = p.rdot;
  out.tests.w = p.w;
  const FieldJacobian fj = system.field_jacobian(p.w, out.tests.force);
  const Eigen::Index m = static_cast<Eigen::Index>(free_.size());
  // (125) restricted to the free coordinates, and its Jacobian in (w_free, rdot)
  out.branch.resize(m + 1);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(m + 1, m + 1);
  for (Eigen::Index a = 0; a < m; ++a) {
    const int i = free_[static_cast<std::size_t>(a)];
    out.branch[a] = fj.F[i] - p.rdot * p.w[i];
    for (Eigen::Index b = 0; b < m; ++b) A(a, b) = fj.DF(i, free_[static_cast<std::size_t>(b)]) - (a == b ? p.rdot : 0.0);
    A(a, m) = -p.w[i];
    A(m, a) = p.w[i];
  }
  out.branch[m] = 0.5 * (p.w.squaredNorm() - 1.0);
  out.across = fj.F[2];
  out.tests.fold = A.determinant();
  // J_T = P^T (DF - rdot I) P on the tangent plane at w (classify.hpp)
  const Eigen::Matrix<double, 3, 2> P = tangent_basis(p.w.normalized());
  const Eigen::Matrix2d JT = P.transpose() * (fj.DF - p.rdot * Eigen::Matrix3d::Identity()) * P;
  out.tests.det_JT = JT.determinant();
  out.tests.trace_JT = JT.trace();
  if (mirror_ == 3)  // the half-turn about e1: det of the (w2, w3) block of DF - rdot I
    out.transverse = (fj.DF(1, 1) - p.rdot) * (fj.DF(2, 2) - p.rdot) - fj.DF(1, 2) * fj.DF(2, 1);
  else if (mirror_ >= 0)
    out.transverse = fj.DF(mirror_, mirror_) - p.rdot;
  return out;
}

Eigen::VectorXd CurveSpace::residual(const Eigen::VectorXd& v) const {
  Eigen::VectorXd r(size() - 1);
  // the systems are never built outside the user's rectangle (a parameter may have no valid
  // value there, and the map claims nothing about it): the corrector sees a step that failed
  if (!inside(v)) return r.setConstant(std::numeric_limits<double>::quiet_NaN());
  const Values s = values(v);
  r.head(s.branch.size()) = s.branch;
  double g = 0;
  switch (kind_) {
    case CurveKind::fold: g = s.tests.fold; break;
    case CurveKind::pitchfork: g = s.transverse; break;
    case CurveKind::tangency: g = s.tests.rdot; break;
    case CurveKind::hopf: g = s.tests.trace_JT; break;
    // maps/kink_curves.cpp: across the equator when it is a mirror, else V*_3 = F_3 on it
    case CurveKind::kink: g = mirror_ >= 0 ? s.transverse : s.across; break;
  }
  r[size() - 2] = g;
  return r;
}

Eigen::MatrixXd CurveSpace::jacobian(const Eigen::VectorXd& v) const {
  Eigen::MatrixXd J(size() - 1, size());
  for (int j = 0; j < size(); ++j) {
    Eigen::VectorXd a = v, b = v;
    a[j] += kDifferenceStep;
    b[j] -= kDifferenceStep;
    // at a side of the rectangle (X or Y within a step of 0 or 1) the difference is one-sided,
    // inside it: its truncation h |f''|/2 ~ 1e-6 relative still only steers Newton
    if (!inside(a))
      J.col(j) = (residual(v) - residual(b)) / kDifferenceStep;
    else if (!inside(b))
      J.col(j) = (residual(a) - residual(v)) / kDifferenceStep;
    else
      J.col(j) = (residual(a) - residual(b)) / (2 * kDifferenceStep);
  }
  return J;
}

CurveSpace::Tests CurveSpace::tests(const Eigen::VectorXd& v) const { return values(v).tests; }

}  // namespace limitdir::detail
