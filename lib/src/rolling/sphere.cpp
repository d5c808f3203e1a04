// Moreau-Jean time stepping of the sphere on a plane with rolling resistance, Sect. 6.1
// [Acary & Bourrier 2021]; the scheme and the variables are in rolling/sphere.hpp, the
// derivation in docs/manual.md section 10.
#include "limitdir/rolling/sphere.hpp"

#include <Eigen/Eigenvalues>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>
#include <string>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "rolling/sphere_run_recorder.hpp"

namespace limitdir {

namespace {

using Vector6 = Eigen::Matrix<double, 6, 1>;
using Matrix56 = Eigen::Matrix<double, 5, 6>;

// A velocity below rest_speed counts as zero. The solves stop at a natural-map error tol
// relative to |q| (the speed scale), which leaves velocity errors of about tol cond(W) of that
// scale (tests/rolling/test_rolling_sphere.cpp measures <= 0.2 tol for the solid sphere, cond(W) = 12.3);
// 10 tol cond(W) keeps a margin of 10 over that estimate.
constexpr double kRestFactor = 10.0;
// A sphere's j = J/(m R^2) is at most that of a thin shell, 2/3; data rounded to ~1e-12
// relative (2/3 written as 0.666666666667) still pass.
constexpr double kMaxSphereJ = 2.0 / 3.0;
constexpr double kBoundRounding = 1e-12;
// The solves' error is relative to |q|; forming y = W p + q alone rounds it by ~eps |q|, so an
// error below ~4.5 eps = 1e-15 cannot be reached (every solve would spend max_iter).
constexpr double kMinSolverTol = 1e-15;
// The largest mean density of a body: osmium, 22 590 kg/m^3 (a sphere cannot be denser than
// its densest material); a mass in g or a radius in mm breaks it by 1e3 or 1e9.
constexpr double kMaxDensity = 22590.0;

void require_positive(double x, const std::string& what) {
  if (!(std::isfinite(x) && x > 0.0)) throw InputError(what + ": must be a finite number > 0 (got " + std::to_string(x) + ")");
}

void require_nonnegative(double x, const std::string& what) {
  if (!(std::isfinite(x) && x >= 0.0)) throw InputError(what + ": must be a finite number >= 0 (got " + std::to_string(x) + ")");
}

/// H of rolling/sphere.hpp with the reference length l = R on the rolling rows.
Matrix56 contact_matrix(double R) {
  Matrix56 H = Matrix56::Zero();
  H(0, 2) = 1.0;  // u_N = U_Z
  H(1, 0) = 1.0;  // u_T1 = U_X - R Omega_Y
  H(1, 4) = -R;
  H(2, 1) = 1.0;  // u_T2 = U_Y + R Omega_X
  H(2, 3) = R;
  H(3, 3) = R;  // R w_R
  H(4, 4) = R;
  return H;
}

Vector6 stack(const SphereState& s) {
  Vector6 v;
  v << s.velocity, s.omega;
  return v;
}

ContactMode classify(bool active, const Vector5& y, double v_rest) {
  if (!active) return ContactMode::free;
  const bool slides = std::hypot(y[1], y[2]) > v_rest;
  const bool rolls = std::hypot(y[3], y[4]) > v_rest;  // R |w_R|
  if (slides) return rolls ? ContactMode::slide_and_roll : ContactMode::slide;
  return rolls ? ContactMode::roll : ContactMode::rest;
}

RollingResult solve(RollingMethod method, const RollingProblem& problem, const RollingSolverOptions& options,
                    const Eigen::VectorXd& p0) {
  switch (method) {
    case RollingMethod::pfp: return solve_projected_fixed_point(problem, options, p0);
    case RollingMethod::extragradient: return solve_extragradient(problem, options, p0);
    case RollingMethod::pgs: break;
  }
  return solve_projected_gauss_seidel(problem, options, p0);
}

/// H M^-1 H^T, symmetrised (rounding).
Matrix5 delassus(const Matrix56& H, const Vector6& Minv) {
  const Matrix5 W = H * Minv.asDiagonal() * H.transpose();
  return 0.5 * (W + W.transpose());
}

Vector6 inverse_mass(const RollingSphere& s) {
  const double J = s.j * s.mass * s.radius * s.radius;
  Vector6 Minv;
  Minv << 1 / s.mass, 1 / s.mass, 1 / s.mass, 1 / J, 1 / J, 1 / J;
  return Minv;
}

/// The constant pieces of the scheme.
struct Stepper {
  const RollingSphere& sphere;
  const SphereSteppingOptions& options;
  Matrix56 H;
  Vector6 Minv;
  RollingProblem problem;
  RollingSolverOptions solver;
  double v_rest;
  double m_ref;  ///< the impulse unit of the solves: P = m_ref p
  long long work = 0;  ///< inner iterations of the last step's solve

  // The solves are posed in the problem's own scale: the impulse P = m_ref p with m_ref =
  // 1/lambda_max(W), so that y = (m_ref W) p + q has a Delassus operator of largest eigenvalue 1
  // and p is a velocity like y. The natural-map error |p - proj(p - yhat)|/|q| (rho = 1,
  // rolling/solvers.hpp) then compares velocities with velocities: it is the same for the same
  // motion in any mass unit (with P itself, its rounding floor eps |P|/|q| grew with the mass:
  // 1.1e-12 for a 4 200 kg sphere).
  Stepper(const RollingSphere& s, const SphereSteppingOptions& o, double rest)
      : sphere(s), options(o), H(contact_matrix(s.radius)), Minv(inverse_mass(s)), v_rest(rest) {
    const Matrix5 W = delassus(H, Minv);
    m_ref = 1.0 / Eigen::SelfAdjointEigenSolver<Matrix5>(W).eigenvalues().maxCoeff();
    problem.W = m_ref * W;
    problem.cones = {RollingCone{s.mu, s.mu_r / s.radius}};  // dimensionless mu_r (l = R)
    solver = o.solver;
    solver.step.rho0 = 1.0;  // 1/lambda_max of the scaled W: the stable step of the projection
  }

  /// One step from `s` (sample.t already set); P is the warm start in, the impulse out.
  void step(const SphereState& s, double h, Eigen::VectorXd& P, SphereSample& out, bool& converged) {
    const double g = sphere.gravity, R = sphere.radius;
    const Vector6 v = stack(s);
    Vector6 v_free = v;
    v_free[2] -= h * g;
    const bool active = s.position[2] - R + h * v_free[2] <= 0.0;  // the free step would end in the plane
    Vector6 v_next = v_free;
    Vector5 y = H * v_free;
    out.error = 0.0;
    out.iterations = 0;
    work = 0;
    if (active) {
      problem.q = y;
      const RollingResult r = solve(options.method, problem, solver, P.size() == 5 ? P : Eigen::VectorXd());
      P = r.p;  // in the unit m_ref, kept so as the next warm start
      converged = converged && r.converged;
      out.error = r.error;
      out.iterations = r.iterations;
      work = r.local_iterations + r.iterations;  // one-contact iterations and sweeps
      v_next += Minv.asDiagonal() * (H.transpose() * (m_ref * P));
      y = H * v_next;
    } else {
      P = Eigen::VectorXd::Zero(5);
    }
    const Vector6 v_theta = (1.0 - options.theta) * v + options.theta * v_next;
    out.state.position = s.position + h * v_theta.head<3>();
    out.state.velocity = v_next.head<3>();
    out.state.omega = v_next.tail<3>();
    out.r_N = m_ref * P[0] / h;
    out.r_T = m_ref * P.segment<2>(1) / h;
    out.m_R = m_ref * P.segment<2>(3) * (R / h);  // back from m_R/l, l = R
    out.y << y.head<3>(), y.tail<2>() / R;
    out.mode = classify(active, y, v_rest);
    if (!out.state.position.allFinite() || !v_next.allFinite() || !P.allFinite())
      throw NumericalError("rolling sphere: the state is not finite at t = " + std::to_string(out.t));
  }
};

}  // namespace

void validate(const RollingSphere& s) {
  require_positive(s.mass, "sphere mass");
  require_positive(s.radius, "sphere radius");
  require_positive(s.gravity, "gravity");
  require_positive(s.j, "sphere j = J/(m R^2)");
  require_nonnegative(s.mu, "mu");
  require_nonnegative(s.mu_r, "mu_r");
  // J = int r_perp^2 dm <= R^2 int sin^2 dm, largest with all mass on the surface: the thin
  // shell's j = 2/3 bounds every sphere (section 10 of docs/manual.md)
  if (s.j > kMaxSphereJ * (1.0 + kBoundRounding))
    throw InputError(fmt::format("sphere j = J/(m R^2): must be in (0, 2/3] for a sphere (2/3: a thin shell; got {:g})", s.j));
  const double density = s.mass / (4.0 / 3.0 * M_PI * s.radius * s.radius * s.radius);
  if (!(density <= kMaxDensity))
    throw InputError(fmt::format("sphere: mean density m/(4/3 pi R^3) = {:g} kg/m^3 exceeds {:g} kg/m^3 (osmium, the "
                                 "densest material; mass in kg, radius in m)", density, kMaxDensity));
  // |m_R| <= mu_r r_N puts the normal force mu_r from the lowest point: inside the sphere's
  // footprint only if mu_r < R
  if (!(s.mu_r < s.radius))
    throw InputError(fmt::format("mu_r: the rolling-resistance arm {:g} m must be below the radius {:g} m", s.mu_r, s.radius));
}

void validate(const SphereSteppingOptions& o) {
  require_positive(o.h, "h");
  require_positive(o.t_end, "t_end");
  if (o.h > o.t_end)
    throw InputError(fmt::format("h: the time step {:g} s is longer than the horizon t_end = {:g} s", o.h, o.t_end));
  if (o.t_end / o.h > static_cast<double>(max_sphere_steps))
    throw InputError("t_end/h: at most " + std::to_string(max_sphere_steps) + " steps (got " +
                     std::to_string(o.t_end / o.h) + ")");
  if (!(o.theta >= 0.0 && o.theta <= 1.0)) throw InputError("theta: must be in [0, 1] (got " + std::to_string(o.theta) + ")");
  if (o.every < 0) throw InputError("every: must be >= 0 (got " + std::to_string(o.every) + ")");
  if (!(o.solver.tol >= kMinSolverTol && o.solver.tol < 1.0))
    throw InputError(fmt::format("solver tol: must be in [{:g}, 1) (got {:g}; a smaller error is below the rounding of "
                                 "W p + q)", kMinSolverTol, o.solver.tol));
  if (o.solver.max_iter < 1 || o.solver.local_max_iter < 1) throw InputError("solver max_iter: must be >= 1");
}

const char* rolling_method_name(RollingMethod method) {
  switch (method) {
    case RollingMethod::pfp: return "pfp";
    case RollingMethod::extragradient: return "extragradient";
    case RollingMethod::pgs: break;
  }
  return "pgs";
}

RollingMethod rolling_method_from_name(const std::string& name, const std::string& where) {
  for (RollingMethod m : {RollingMethod::pgs, RollingMethod::pfp, RollingMethod::extragradient})
    if (name == rolling_method_name(m)) return m;
  throw InputError(where + ": must be \"pgs\", \"pfp\" or \"extragradient\" (got \"" + name + "\")");
}

const char* contact_mode_name(ContactMode mode) {
  switch (mode) {
    case ContactMode::slide_and_roll: return "slide and roll";
    case ContactMode::roll: return "roll";
    case ContactMode::slide: return "slide";
    case ContactMode::rest: return "rest";
    case ContactMode::free: break;
  }
  return "free";
}

double rest_speed(const RollingSphere& sphere, const SphereState& initial, const SphereSteppingOptions& options) {
  const double scale = std::max(initial.velocity.norm() + sphere.radius * initial.omega.norm(),
                                sphere.gravity * options.h);
  const Eigen::Matrix<double, 5, 1> lambda =
      Eigen::SelfAdjointEigenSolver<Matrix5>(delassus(contact_matrix(sphere.radius), inverse_mass(sphere))).eigenvalues();
  return kRestFactor * (lambda.maxCoeff() / lambda.minCoeff()) * std::max(options.solver.tol, DBL_EPSILON) * scale;
}

double sphere_energy(const RollingSphere& s, const SphereState& state) {
  const double J = s.j * s.mass * s.radius * s.radius;
  return 0.5 * s.mass * state.velocity.squaredNorm() + 0.5 * J * state.omega.squaredNorm() +
         s.mass * s.gravity * state.position[2];
}

SphereRun simulate_rolling_sphere(const RollingSphere& sphere, const SphereState& initial,
                                  const SphereSteppingOptions& options) {
  validate(sphere);
  validate(options);
  if (!initial.position.allFinite() || !initial.velocity.allFinite() || !initial.omega.allFinite())
    throw InputError("initial state: must be finite");
  if (initial.position[2] < sphere.radius)
    throw InputError("initial Z: must be >= R (the sphere may not start inside the plane)");
  Stepper stepper(sphere, options, rest_speed(sphere, initial, options));
  detail::SphereRunRecorder recorder(sphere, initial, options);
  Eigen::VectorXd P;
  bool converged = true;
  for (long long k = 1; k <= recorder.steps(); ++k) {
    poll_cancellation();  // core/cancellation.hpp: once per time step
    SphereSample next;
    next.t = recorder.time(k);
    stepper.step(recorder.current().state, recorder.step_length(k), P, next, converged);
    if (recorder.add(k, next, converged, stepper.work)) break;
  }
  return recorder.finish();
}

}  // namespace limitdir
