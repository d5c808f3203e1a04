// The pitchfork's own defining system: see continuation/pitchfork_refine.hpp.
#include "continuation/pitchfork_refine.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

#include "limitdir/system/system.hpp"

namespace limitdir::detail {

namespace {

// Newton stops when a step is below 1e-12 (1 + |y|): it converges quadratically, so the point is
// then within ~1e-12 (x the contraction) of the zero, below the event tolerance p_tol = 1e-11;
// the residual's rounding (~1e-15, more for a model by quadrature) keeps smaller steps noisy.
constexpr double step_tol = 1e-12;
constexpr int max_iterations = 12;
// Central differences for the Jacobian: truncation h^2 ~ 1e-14 against rounding 1e-16/h ~ 1e-9
// relative; the Jacobian only steers Newton (the residual is exact), so this costs contraction.
constexpr double difference_step = 1e-7;

struct Unknowns {
  int axis;
  int free[2];
};

Eigen::Vector4d residual(FamilyField& field, const Unknowns& u, const Eigen::Vector4d& y) {
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
  w[u.free[0]] = y[0];
  w[u.free[1]] = y[1];
  const double rdot = y[2], p = y[3];
  const FieldJacobian fj = field.system(p).field_jacobian(w, field.force(p));
  Eigen::Vector4d r;
  r[0] = fj.F[u.free[0]] - rdot * w[u.free[0]];
  r[1] = fj.F[u.free[1]] - rdot * w[u.free[1]];
  r[2] = 0.5 * (w.squaredNorm() - 1.0);
  r[3] = fj.DF(u.axis, u.axis) - rdot;  // the eigenvalue of J across the mirror
  return r;
}

}  // namespace

std::optional<RefinedPitchfork> refine_pitchfork(FamilyField& field, const X& x, int axis, double reach) {
  Unknowns u{axis, {axis == 0 ? 1 : 0, axis == 2 ? 1 : 2}};
  Eigen::Vector4d y(x[u.free[0]], x[u.free[1]], x[3], x[4]);
  const Eigen::Vector4d y0 = y;
  for (int it = 0; it < max_iterations; ++it) {
    const Eigen::Vector4d r = residual(field, u, y);
    Eigen::Matrix4d J;
    for (int j = 0; j < 4; ++j) {
      Eigen::Vector4d a = y, b = y;
      a[j] += difference_step;
      b[j] -= difference_step;
      J.col(j) = (residual(field, u, a) - residual(field, u, b)) / (2 * difference_step);
    }
    const Eigen::Vector4d d = J.fullPivLu().solve(-r);
    if (!d.allFinite()) return std::nullopt;
    y += d;
    if ((y - y0).cwiseAbs().maxCoeff() > reach) return std::nullopt;
    if (d.norm() <= step_tol * (1 + y.norm())) {
      Eigen::Vector3d w = Eigen::Vector3d::Zero();
      w[u.free[0]] = y[0];
      w[u.free[1]] = y[1];
      // the last step in p bounds the error (quadratic convergence), and p's rounding does
      const double rounding = std::numeric_limits<double>::epsilon() * (1 + std::abs(y[3]));
      return RefinedPitchfork{w, y[3], std::max(std::abs(d[3]), rounding)};
    }
  }
  return std::nullopt;
}

}  // namespace limitdir::detail
