// The flow of the closed-orbit search, dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024], with
// the divergence integral D of Liouville's formula (docs/manual.md section 9, "Search"): the
// Jacobian of the flow for Rosenbrock 4 (dV*/dw = DF - w (F^T + w^T DF) - R* I, the stiff
// integrator of OrbitSearchOptions::integrator) and orbit_flow, the search's integration of one
// trajectory by itself (dynamics/closed_orbits.hpp). The flow and its stepper are declared in
// dynamics/orbit_search.hpp.
#include "dynamics/orbit_search.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "limitdir/core/errors.hpp"

namespace limitdir::detail::orbits {

// Central differences of div V* for the fourth row of Flow::jacobian: step cbrt(eps) ~ 6e-6
// balances truncation (~h^2 = 4e-11 times the third derivative) against rounding (eps/h ~
// 4e-11); the row only enters the Rosenbrock stages of D, which never feeds back into w.
constexpr double div_difference_step = 6e-6;

Eigen::Matrix4d Flow::jacobian(const State& y) const {
  const Eigen::Vector3d yv(y[0], y[1], y[2]);
  const double r = yv.norm();
  const Eigen::Vector3d w = yv / r;
  ++*evaluations;
  const FieldJacobian fj = system->field_jacobian(w, F);
  const double rdot = w.dot(fj.F);
  const Eigen::Matrix3d dV = fj.DF - w * (fj.F.transpose() + w.transpose() * fj.DF) - rdot * Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d dw = (Eigen::Matrix3d::Identity() - w * w.transpose()) / r;
  Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
  J.topLeftCorner<3, 3>() = sign * dV * dw;
  if (divergence)
    for (int k = 0; k < 3; ++k) {
      *evaluations += 2;
      const Eigen::Vector3d h = div_difference_step * Eigen::Vector3d::Unit(k);
      const Eigen::Vector3d wp = (yv + h).normalized(), wm = (yv - h).normalized();
      J(3, k) = sign * (div(wp, system->field_jacobian(wp, F)) - div(wm, system->field_jacobian(wm, F))) /
                (2 * div_difference_step);
    }
  return J;
}

}  // namespace limitdir::detail::orbits

namespace limitdir {

using namespace detail;  // the flow and its stepper (dynamics/orbit_search.hpp)
using namespace detail::orbits;

Eigen::Vector3d orbit_flow(const System& system, double F, const Eigen::Vector3d& w0, double tau,
                           OrbitIntegrator integrator, double tol, int max_steps, int* steps) {
  if (!(tau >= 0 && std::isfinite(tau)) || !(tol > 0) || !(w0.norm() > 0))
    throw InputError("orbit flow: tau must be >= 0, the tolerance > 0 and w0 non-zero");
  const Eigen::Vector3d w = w0.normalized();
  long long evaluations = 0;
  const Flow f{&system, F, 1.0, false, &evaluations};
  // the search's first step, 1e-3 of the time scale 1/|B(w0) w0 + c|
  const double dt = first_step / std::max(system.field(w, F).norm(), std::numeric_limits<double>::min());
  Stepper stepper(f, {w[0], w[1], w[2], 0.0}, tol, dt, integrator == OrbitIntegrator::rosenbrock4);
  int n = 0;
  State y{w[0], w[1], w[2], 0.0};
  if (tau > 0) {
    for (double t1 = 0; t1 < tau; ++n) {
      if (n >= max_steps) throw NumericalError(fmt::format("orbit flow: more than {} steps to tau = {}", max_steps, tau));
      t1 = stepper.do_step().second;
    }
    stepper.calc_state(tau, y);
  }
  if (steps) *steps = n;
  return w_of(y);
}

}  // namespace limitdir
