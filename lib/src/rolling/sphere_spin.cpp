// The sphere on the plane with coupled slide/spin friction of a contact disc and rolling
// resistance (rolling/sphere_spin.hpp, docs/manual.md section 10).
#include "limitdir/rolling/sphere_spin.hpp"

#include <Eigen/Dense>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>
#include <memory>
#include <string>
#include <tuple>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/exact.hpp"
#include "rolling/sphere_run_recorder.hpp"

namespace limitdir {

namespace {

using Matrix5x6 = Eigen::Matrix<double, 5, 6>;
using Vector6 = Eigen::Matrix<double, 6, 1>;

// Newton on the sphere stops when the tangential gradient of g is below this fraction of its
// scale |z| + c: a few eps of the values involved.
constexpr double kGradientTol = 16 * DBL_EPSILON;
constexpr int kMaxNewton = 200;

/// g(w) = w.z + c q(w).w, the quantity maximised by the projection.
double g_of(const FrictionModel& model, double c, const Eigen::Vector3d& z, const Eigen::Vector3d& w) {
  return w.dot(z) + c * model.q(w).dot(w);
}

/// Two unit vectors orthogonal to the unit w.
Eigen::Matrix<double, 3, 2> spin_tangent_basis(const Eigen::Vector3d& w) {
  const Eigen::Vector3d a = std::abs(w[0]) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
  const Eigen::Vector3d e1 = (a - a.dot(w) * w).normalized();
  Eigen::Matrix<double, 3, 2> E;
  E << e1, w.cross(e1);
  return E;
}

/// The slip rows (u_T1, u_T2, rho Omega_Z) and rolling rows (R Omega_X, R Omega_Y) of v.
Matrix5x6 spin_contact_matrix(double R, double rho) {
  Matrix5x6 H = Matrix5x6::Zero();
  H(0, 0) = 1.0;
  H(0, 4) = -R;
  H(1, 1) = 1.0;
  H(1, 3) = R;
  H(2, 5) = rho;
  H(3, 3) = R;
  H(4, 4) = R;
  return H;
}

/// One step's variational inequality: find Lambda in C = c L x D(c_r) with
/// (W Lambda + b).(Lambda' - Lambda) >= 0 on C, by FISTA with adaptive restart.
struct StepProblem {
  const FrictionModel& model;
  Matrix5 W;
  double step;  // 1/lambda_max(W)
  Vector5 b;
  double c, c_r;
  Eigen::Vector3d w_warm = Eigen::Vector3d::UnitX();

  Vector5 project(const Vector5& x) {
    Vector5 p;
    p.head<3>() = project_on_limit_set(model, c, x.head<3>(), w_warm);
    const double n = x.tail<2>().norm();
    p.tail<2>() = n <= c_r ? Eigen::Vector2d(x.tail<2>()) : Eigen::Vector2d(x.tail<2>() * (c_r / n));
    return p;
  }
  /// Solves from Lambda (updated); returns the iterations and the error, the gradient-mapping
  /// norm |Lambda - proj(Lambda - s F)|/s relative to |b| (a velocity, like the cone solvers').
  std::pair<int, double> solve(Vector5& lambda, double tol, int max_iter) {
    const double scale = std::max(b.norm(), DBL_EPSILON);
    Vector5 previous = lambda, y = lambda;
    double t = 1.0, error = INFINITY;
    int k = 0;
    for (; k < max_iter; ++k) {
      const Vector5 next = project(y - step * (W * y + b));
      error = (next - y).norm() / (step * scale);
      previous = lambda;
      lambda = next;
      if (error <= tol) break;
      const double t_next = 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * t * t));
      const bool restart = (y - lambda).dot(lambda - previous) > 0.0;
      t = restart ? 1.0 : t_next;
      y = restart ? lambda : Vector5(lambda + ((t - 1.0) / t_next) * (lambda - previous));
    }
    return {k + 1, error};
  }
};

}  // namespace

namespace {

/// Newton ascent of g on the sphere from w (updated to the local maximiser); returns g(w).
double ascend(const FrictionModel& model, double c, const Eigen::Vector3d& z, Eigen::Vector3d& w) {
  const double scale = z.norm() + c;
  double g = g_of(model, c, z, w);
  for (int it = 0; it < kMaxNewton; ++it) {
    const FrictionJacobian J = model.jacobian(w);
    const Eigen::Vector3d a = z + c * J.q;  // gradient of g in R^3 (d is 1-homogeneous: grad d = -q)
    const Eigen::Matrix<double, 3, 2> E = spin_tangent_basis(w);
    const Eigen::Vector2d grad = E.transpose() * a;
    if (grad.norm() <= kGradientTol * scale) break;
    const Eigen::Matrix3d hess = 0.5 * c * (J.dq_dw + J.dq_dw.transpose());
    const Eigen::Matrix2d H = E.transpose() * hess * E - w.dot(a) * Eigen::Matrix2d::Identity();
    Eigen::Vector2d s = grad * (1.0 / (c * 10.0 + std::abs(w.dot(a)) + DBL_MIN));  // ascent step
    if (H.determinant() > 0.0 && H.trace() < 0.0) s = -H.ldlt().solve(grad);      // Newton (H < 0)
    bool moved = false;
    for (int halvings = 0; halvings < 60 && !moved; ++halvings, s *= 0.5) {
      const Eigen::Vector3d trial = (w + E * s).normalized();
      const double g_trial = g_of(model, c, z, trial);
      if (g_trial >= g) {
        w = trial;
        g = g_trial;
        moved = true;
      }
    }
    if (!moved) break;  // no ascent left within rounding
  }
  return g;
}

}  // namespace

Eigen::Vector3d project_on_limit_set(const FrictionModel& model, double c, const Eigen::Vector3d& z,
                                     Eigen::Vector3d& w) {
  if (c == 0.0) return Eigen::Vector3d::Zero();
  if (z.norm() == 0.0) return z;
  // g(w) - g(-w) = 2 w.z (q is odd), so the maximiser lies on the hemisphere w.z > 0. Where
  // g > 0 its super-level sets are connected (g is the restriction of a concave 1-homogeneous
  // function), so ascent from any start with g > 0 reaches the maximum: the warm start first,
  // then z/|z| and the axes and cube diagonals on that hemisphere until one gives g > 0.
  if (!(std::abs(w.norm() - 1.0) < 1e-8)) w = z.normalized();
  if (w.dot(z) < 0.0) w = -w;
  double g = ascend(model, c, z, w);
  if (g <= 0.0) {
    static const double k = 1.0 / std::sqrt(3.0);
    const Eigen::Vector3d starts[] = {z.normalized(), {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {k, k, k},
                                      {k, k, -k},     {k, -k, k}, {-k, k, k}};
    for (const Eigen::Vector3d& start : starts) {
      Eigen::Vector3d trial = start.dot(z) < 0.0 ? Eigen::Vector3d(-start) : start;
      const double g_trial = ascend(model, c, z, trial);
      if (g_trial > g) {
        g = g_trial;
        w = trial;
      }
      if (g > 0.0) break;
    }
  }
  return g > 0.0 ? Eigen::Vector3d(z - g * w) : z;
}

SphereRun simulate_spinning_sphere(const RollingSphere& sphere, const SpinFriction& contact,
                                   const SphereState& initial, const SphereSteppingOptions& options) {
  validate(sphere);
  validate(options);
  if (!(std::isfinite(contact.contact_radius) && contact.contact_radius > 0.0))
    throw InputError("contact radius: must be a finite number > 0");
  if (!(contact.contact_radius < sphere.radius))
    throw InputError(fmt::format("contact radius: the contact disc's radius {:g} m must be below the sphere's radius {:g} m",
                                 contact.contact_radius, sphere.radius));
  if (contact.pressure.kind() != Pressure::Kind::uniform && contact.pressure.kind() != Pressure::Kind::hertz)
    throw InputError("contact pressure: must be uniform or hertz");
  if (!initial.velocity.allFinite() || !initial.omega.allFinite() || !initial.position.allFinite() ||
      initial.position[2] != sphere.radius || initial.velocity[2] != 0.0)
    throw InputError("initial state: must be finite and on the plane (Z = R, U_Z = 0)");
  const double R = sphere.radius, m = sphere.mass, J = sphere.j * m * R * R, h = options.h;
  const double rho = R * std::sqrt(1.0 + sphere.j);
  const std::unique_ptr<ExactModel> model = make_exact_model(contact.pressure, rho / contact.contact_radius);
  const Matrix5x6 H = spin_contact_matrix(R, rho);
  Vector6 Minv;
  Minv << 1 / m, 1 / m, 1 / m, 1 / J, 1 / J, 1 / J;
  StepProblem step{*model, H * Minv.asDiagonal() * H.transpose(), 0.0, Vector5::Zero(),
                   sphere.mu * m * sphere.gravity * h, sphere.mu_r * m * sphere.gravity * h / R};
  step.W = 0.5 * (step.W + step.W.transpose()).eval();
  step.step = 1.0 / Eigen::SelfAdjointEigenSolver<Matrix5>(step.W).eigenvalues().maxCoeff();
  const double v_rest = rest_speed(sphere, initial, options);

  detail::SphereRunRecorder recorder(sphere, initial, options);
  Vector5 lambda = Vector5::Zero();
  for (long long k = 1; k <= recorder.steps(); ++k) {
    SphereSample next;
    next.t = recorder.time(k);
    const double h_k = recorder.step_length(k);  // h, or the shorter last step
    step.c = sphere.mu * m * sphere.gravity * h_k, step.c_r = sphere.mu_r * m * sphere.gravity * h_k / R;
    Vector6 v;
    v << recorder.current().state.velocity, recorder.current().state.omega;
    step.b = H * v;
    std::tie(next.iterations, next.error) = step.solve(lambda, options.solver.tol, options.solver.max_iter);
    const Vector6 v_next = v + Minv.asDiagonal() * (H.transpose() * lambda);
    const Vector5 x = H * v_next;
    next.state.position = recorder.current().state.position + h_k * ((1 - options.theta) * v + options.theta * v_next).head<3>();
    next.state.velocity = v_next.head<3>();
    next.state.omega = v_next.tail<3>();
    next.r_N = m * sphere.gravity;
    next.r_T = lambda.head<2>() / h_k;
    next.m_Z = rho * lambda[2] / h_k;
    next.m_R = lambda.tail<2>() * (R / h_k);
    next.y << 0.0, x[0], x[1], x[3] / R, x[4] / R;
    const bool slides = x.head<3>().norm() > v_rest, rolls = x.tail<2>().norm() > v_rest;
    next.mode = slides ? (rolls ? ContactMode::slide_and_roll : ContactMode::slide)
                       : (rolls ? ContactMode::roll : ContactMode::rest);
    if (!v_next.allFinite()) throw NumericalError("spinning sphere: the state is not finite at t = " + std::to_string(next.t));
    if (recorder.add(k, next, next.error <= options.solver.tol, next.iterations)) break;
  }
  return recorder.finish();
}

}  // namespace limitdir
