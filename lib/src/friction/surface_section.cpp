// The sections of the friction surface by the coordinate planes, (31) [Kudra & Awrejcewicz 2013]
// (friction/surface_section.hpp, docs/manual.md section 7).
#include "limitdir/friction/surface_section.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

constexpr double converged = 1e-14;  // |G| at which Newton stops: below the rounding of q
constexpr double max_turn = 0.5;     // rad: the longest Newton step on the sphere

struct Plane {
  int k, i, j;
  /// (31) with its left-hand side q: q_k = 0 and (q_i, q_j) on the ray of angle phi
  Eigen::Vector2d g(const Eigen::Vector3d& q, double phi) const {
    return {q[k], -std::sin(phi) * q[i] + std::cos(phi) * q[j]};
  }
  double radius(const Eigen::Vector3d& q, double phi) const { return std::cos(phi) * q[i] + std::sin(phi) * q[j]; }
};

/// Newton on the sphere for G(w) = 0 from w, with step halving on |G|; the point when it ends
/// below kSectionResidual with r > 0.
std::optional<SectionPoint> newton(const FrictionModel& model, Eigen::Vector3d w, const Plane& p, double phi) {
  constexpr int max_steps = 60, max_halvings = 12;
  FrictionJacobian J = model.jacobian(w);
  double res = p.g(J.q, phi).norm();
  for (int step = 0; step < max_steps && res > converged; ++step) {
    const Eigen::Vector3d e1 = w.unitOrthogonal(), e2 = w.cross(e1);
    const Eigen::RowVector3d g1 = J.dq_dw.row(p.k);
    const Eigen::RowVector3d g2 = -std::sin(phi) * J.dq_dw.row(p.i) + std::cos(phi) * J.dq_dw.row(p.j);
    Eigen::Matrix2d A;
    A << g1.dot(e1), g1.dot(e2), g2.dot(e1), g2.dot(e2);
    if (!(std::abs(A.determinant()) > 0.0)) break;
    Eigen::Vector2d delta = -A.partialPivLu().solve(p.g(J.q, phi));
    if (delta.norm() > max_turn) delta *= max_turn / delta.norm();
    bool improved = false;
    for (int h = 0; h < max_halvings && !improved; ++h, delta /= 2.0) {
      const Eigen::Vector3d trial = (w + delta[0] * e1 + delta[1] * e2).normalized();
      const FrictionJacobian Jt = model.jacobian(trial);
      const double rt = p.g(Jt.q, phi).norm();
      if (rt < res) w = trial, J = Jt, res = rt, improved = true;
    }
    if (!improved) break;
  }
  if (!(res <= kSectionResidual) || !(p.radius(J.q, phi) > 0.0)) return std::nullopt;
  return SectionPoint{phi, w, J.q, res};
}

/// The direction of a 37 x 72 grid of the sphere nearest to solving (31): the least |G|/r, r > 0.
Eigen::Vector3d grid_start(const FrictionModel& model, const Plane& p, double phi) {
  constexpr int n_theta = 37, n_phi = 72;
  Eigen::Vector3d best(0.0, 0.0, 1.0);
  double score = INFINITY;
  for (int a = 0; a < n_theta; ++a)
    for (int b = 0; b < n_phi; ++b) {
      const double theta = -pi / 2.0 + pi * a / (n_theta - 1), lon = 2.0 * pi * b / n_phi;
      const Eigen::Vector3d w(std::cos(theta) * std::cos(lon), std::cos(theta) * std::sin(lon), std::sin(theta));
      const Eigen::Vector3d q = model.q(w);
      const double r = p.radius(q, phi);
      if (r > 0.0 && p.g(q, phi).norm() / r < score) score = p.g(q, phi).norm() / r, best = w;
    }
  return best;
}

}  // namespace

SurfaceSection surface_section(const FrictionModel& model, int k, int n) {
  if (k < 0 || k > 2) throw InputError(fmt::format("surface section: the plane q_k = 0 needs k in 0..2 (got {})", k));
  if (n < 3) throw InputError(fmt::format("surface section: needs at least 3 points (got {})", n));
  const Plane p{k, k == 0 ? 1 : 0, k == 2 ? 1 : 2};
  SurfaceSection section{k, p.i, p.j, {}};
  std::optional<SectionPoint> last;
  constexpr int max_halvings = 20;
  for (int m = 0; m < n; ++m) {
    const double target = 2.0 * pi * m / n;
    std::optional<SectionPoint> point;
    if (last) {  // continuation from the previous angle, the step halved where Newton fails
      SectionPoint at = *last;
      double step = target - at.phi_x;
      for (int halvings = 0; halvings <= max_halvings && at.phi_x < target;) {
        const double phi = std::min(target, at.phi_x + step);
        if (const auto next = newton(model, at.w, p, phi)) at = *next;
        else step /= 2.0, ++halvings;
      }
      if (at.phi_x == target) point = at;
    }
    if (!point) point = newton(model, grid_start(model, p, target), p, target);
    if (!point)
      throw NumericalError(fmt::format("surface section q{} = 0: no slip direction solves (31) to {} at phi_x = {} "
                                       "({})", k + 1, kSectionResidual, target, model.description()));
    section.points.push_back(*point);
    last = point;
  }
  return section;
}

}  // namespace limitdir
