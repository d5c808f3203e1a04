#pragma once
// Independent references for the rolling friction cone tests [Acary & Bourrier 2021]:
// the projection onto K_r by the 1-D characterisation (not the case analysis of Prop. 5.2),
// the Moreau decomposition check, and problems (63) built around a chosen solution.
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>

#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/solvers.hpp"

namespace rolling_reference {

using limitdir::RollingCone;
using limitdir::Vector5;

/// proj_{K_r}(pbar) without the case analysis: for a fixed r_N = t the best r_T and m_R are the
/// projections onto the disks of radii mu t and mu_r t, so t* >= 0 minimises the convex C^1
/// function (t - n)^2 + max(0, a - mu t)^2 + max(0, b - mu_r t)^2, i.e. t* is the root of the
/// strictly increasing h(t) = t - n - mu max(0, a - mu t) - mu_r max(0, b - mu_r t), or 0 when
/// h(0) >= 0. Found by bisection down to adjacent doubles.
inline Vector5 project_by_bisection(const Vector5& pbar, const RollingCone& cone) {
  const double n = pbar[0], a = std::hypot(pbar[1], pbar[2]), b = std::hypot(pbar[3], pbar[4]);
  const auto h = [&](double t) {
    return t - n - cone.mu * std::max(0.0, a - cone.mu * t) - cone.mu_r * std::max(0.0, b - cone.mu_r * t);
  };
  if (h(0.0) >= 0.0) return Vector5::Zero();
  double lo = 0.0, hi = std::max(n, 0.0) + cone.mu * a + cone.mu_r * b + 1.0;  // h(hi) >= 1 > 0
  for (;;) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (h(mid) < 0.0 ? lo : hi) = mid;
  }
  const double t = 0.5 * (lo + hi);
  Vector5 p;
  p[0] = t;
  const double fT = a > cone.mu * t ? cone.mu * t / a : 1.0;
  const double fR = b > cone.mu_r * t ? cone.mu_r * t / b : 1.0;
  p.segment<2>(1) = fT * pbar.segment<2>(1);
  p.segment<2>(3) = fR * pbar.segment<2>(3);
  return p;
}

/// Moreau's decomposition pbar = p + (pbar - p) with p in K_r, pbar - p in the polar cone
/// -K_r* and p orthogonal to pbar - p, each within tol (absolute, in units of p; the
/// orthogonality relative to |pbar|).
inline bool moreau_conditions_hold(const Vector5& pbar, const Vector5& p, const RollingCone& cone, double tol) {
  const Vector5 d = pbar - p;
  return limitdir::in_rolling_cone(p, cone, tol) && limitdir::in_polar_rolling_cone(d, cone, tol) &&
         std::abs(p.dot(d)) <= tol * std::max(pbar.norm(), DBL_MIN);
}

/// A random symmetric positive definite matrix with eigenvalues in [lo, hi].
inline Eigen::MatrixXd random_spd(int n, double lo, double hi, std::mt19937_64& rng) {
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(lo, hi);
  Eigen::MatrixXd A(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A(i, j) = g(rng);
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(A);
  const Eigen::MatrixXd Q = qr.householderQ();
  Eigen::VectorXd lambda(n);
  for (int i = 0; i < n; ++i) lambda[i] = u(rng);
  Eigen::MatrixXd W = Q * lambda.asDiagonal() * Q.transpose();
  return 0.5 * (W + W.transpose());
}

/// The modes of the contact law (21).
enum class Mode { take_off, stick, slide, stick_rolling, slide_and_roll };

/// A pair (p, y) that satisfies the contact law (21) in the given mode, with unit-scale random
/// entries: p in K_r, y the velocity, built from the disjunctive form (not from the cone).
inline void solution_pair(Mode mode, const RollingCone& cone, std::mt19937_64& rng, Vector5& p, Vector5& y) {
  std::uniform_real_distribution<double> u(0.2, 1.0), ang(0.0, 2.0 * M_PI), frac(0.1, 0.8);
  const auto unit = [&](double th) { return Eigen::Vector2d(std::cos(th), std::sin(th)); };
  const double rN = u(rng);
  const Eigen::Vector2d dT = unit(ang(rng)), dR = unit(ang(rng));
  p.setZero();
  y.setZero();
  if (mode == Mode::take_off) {
    y << u(rng), u(rng), -u(rng), u(rng), -u(rng);
    return;
  }
  p[0] = rN;
  p.segment<2>(1) = frac(rng) * cone.mu * rN * unit(ang(rng));   // inside the friction disk
  p.segment<2>(3) = frac(rng) * cone.mu_r * rN * unit(ang(rng));  // inside the rolling disk
  if (mode == Mode::slide || mode == Mode::slide_and_roll) {
    const double s = u(rng);
    y.segment<2>(1) = s * dT;
    p.segment<2>(1) = -cone.mu * rN * dT;  // r_T = -mu r_N u_T/|u_T|
  }
  if (mode == Mode::stick_rolling || mode == Mode::slide_and_roll) {
    const double s = u(rng);
    y.segment<2>(3) = s * dR;
    p.segment<2>(3) = -cone.mu_r * rN * dR;  // m_R = -mu_r r_N w_R/|w_R|
  }
}

// The sphere of Sect. 6.1 on a plane at its first Moreau-Jean step: radius R, density rho_s,
// J = (2/5) m R^2 (solid sphere), g = 9.81, velocity (U_X, 0, 0) and angular velocity
// (0, Omega_Y, 0). Contact at the bottom, N = e_z, T = (e_x, e_y); the relative velocity of the
// contact point is V + Omega x (-R e_z), so with v = (V, Omega):
//   u_N = V_z, u_T = (V_x - R Om_y, V_y + R Om_x), w_R = l (Om_x, Om_y)   (l: reference length)
// y = H v, W = H M^-1 H^T and q = H (v + h M^-1 f) with f = (0, 0, -m g, 0, 0, 0).
struct SphereStep {
  limitdir::RollingProblem problem;
  double mgh;
};

inline SphereStep sphere_first_step(double mu, double mu_r, double U, double Omega, double ell) {
  const double R = 0.5, density = 2500.0, g = 9.81, h = 1e-4;
  const double m = density * 4.0 / 3.0 * M_PI * R * R * R, J = 0.4 * m * R * R;
  Eigen::Matrix<double, 5, 6> H = Eigen::Matrix<double, 5, 6>::Zero();
  H(0, 2) = 1.0;
  H(1, 0) = 1.0;
  H(1, 4) = -R;
  H(2, 1) = 1.0;
  H(2, 3) = R;
  H(3, 3) = ell;
  H(4, 4) = ell;
  Eigen::Matrix<double, 6, 1> Minv, v;
  Minv << 1 / m, 1 / m, 1 / m, 1 / J, 1 / J, 1 / J;
  v << U, 0.0, -h * g, 0.0, Omega, 0.0;  // v + h M^-1 f
  SphereStep s;
  s.problem.W = H * Minv.asDiagonal() * H.transpose();
  s.problem.q = H * v;
  s.problem.cones = {RollingCone{mu, mu_r / ell}};  // dimensionless mu_r (rolling/cone.hpp)
  s.mgh = m * g * h;
  return s;
}

/// A point within -8..8 ulps of the tie between cases 3 and 4 (b = mu_r t4, tie34) or 3 and 5
/// (a = mu t5) of Prop. 5.2, with the other block active; false when the draw has t4 (t5) <= 0.
inline bool near_tie_point(const RollingCone& c, bool tie34, std::mt19937_64& rng, Vector5& pbar) {
  std::uniform_real_distribution<double> un(-0.5, 1.0), ua(0.1, 2.0), ang(0.0, 2.0 * M_PI);
  std::uniform_int_distribution<int> ulps(-8, 8);
  const double n = un(rng);
  const double big = (tie34 ? c.mu : c.mu_r) * std::abs(n) + ua(rng);  // the other block is active
  const double t = tie34 ? (n + c.mu * big) / (1 + c.mu * c.mu) : (n + c.mu_r * big) / (1 + c.mu_r * c.mu_r);
  if (t <= 0.0) return false;
  double tied = (tie34 ? c.mu_r : c.mu) * t;
  for (int s = ulps(rng); s != 0; s += s > 0 ? -1 : 1) tied = std::nextafter(tied, s > 0 ? INFINITY : 0.0);
  const double th1 = ang(rng), th2 = ang(rng);
  const double a = tie34 ? big : tied, b = tie34 ? tied : big;
  pbar << n, a * std::cos(th1), a * std::sin(th1), b * std::cos(th2), b * std::sin(th2);
  return true;
}

/// Smallest eigenvalue of a symmetric matrix.
inline double lambda_min(const Eigen::MatrixXd& W) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(W, Eigen::EigenvaluesOnly).eigenvalues().minCoeff();
}

}  // namespace rolling_reference
