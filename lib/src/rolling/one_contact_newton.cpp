// Semismooth Newton on one contact's natural map (61) (rolling/one_contact_newton.hpp).
#include "limitdir/rolling/one_contact_newton.hpp"

#include <cmath>

#include <Eigen/LU>

namespace limitdir {

namespace {

// Armijo's constant of the line search: accept t when |G(p + t d)|^2 <= (1 - 2 sigma t) |G(p)|^2;
// 1e-4 is the customary value (Nocedal & Wright, Sect. 3.1): any decrease of that order will do.
constexpr double kArmijo = 1e-4;
// The shortest step tried, 2^-30 ~ 1e-9: a full Newton step on the right face is taken at once,
// and one halved 30 times moves p by less than 1e-9 |d|, below the fixed point's own steps.
constexpr int kMaxHalvings = 30;

struct NaturalMap {
  const Matrix5& W;
  const Vector5& q;
  const RollingCone& cone;
  double rho;
  // The argument of the projection, x = p - rho yhat(W p + q).
  Vector5 argument(const Vector5& p) const { return p - rho * modified_velocity(Vector5(W * p + q), cone); }
  Vector5 G(const Vector5& p) const { return p - project_rolling_cone(argument(p), cone).p; }
  // dG/dp = I - dP(x) (I - rho dyhat/dy W).
  Matrix5 jacobian(const Vector5& p) const {
    const Vector5 y = W * p + q;
    const Matrix5 dx = Matrix5::Identity() - rho * modified_velocity_jacobian(y, cone) * W;
    return Matrix5::Identity() - projection_jacobian(argument(p), cone) * dx;
  }
};

}  // namespace

OneContactOutcome solve_one_contact_newton(const Matrix5& W, const Vector5& q, const RollingCone& cone, Vector5& p,
                                           double rho, double tol, int max_iter) {
  const double scale = error_scale(q.norm());
  const auto error = [&](const Vector5& x) { return natural_map(x, Vector5(W * x + q), cone).norm() / scale; };
  const NaturalMap m{W, q, cone, rho};
  OneContactOutcome out{0, error(p)};
  Vector5 G = m.G(p);
  while (out.error > tol && out.iterations < max_iter) {
    const Vector5 d = m.jacobian(p).partialPivLu().solve(Vector5(-G));
    if (!d.allFinite()) break;
    const double merit = G.squaredNorm();
    double t = 1.0;
    bool accepted = false;
    Vector5 trial, G_trial;
    for (int k = 0; k <= kMaxHalvings && !accepted; ++k, t *= 0.5) {
      trial = p + t * d;
      G_trial = m.G(trial);
      accepted = G_trial.squaredNorm() <= (1.0 - 2.0 * kArmijo * t) * merit;
    }
    if (!accepted) break;
    ++out.iterations;
    p = trial;
    G = G_trial;
    out.error = error(p);
  }
  return out;
}

}  // namespace limitdir
