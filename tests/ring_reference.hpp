#pragma once
// Independent brute-force reference for the thin ring of [Kireenkov], sigma = delta(r - xi0)/(2 pi):
// the friction force and torque (8) [Kireenkov] of a ring of radius xi0 (R = 1) are integrals over
// the ring's angle alone,
//   Q = (1/2pi) int_0^2pi (v - u sin t)/sqrt(u^2 + v^2 - 2uv sin t) dt,
//   T = (1/2pi) int_0^2pi (u - v sin t)/sqrt(u^2 + v^2 - 2uv sin t) dt,
// with u = omega xi0 the ring's spin speed and v the slip (Q in units of mu N, the torque
// xi0 T in units of mu N R). It shares nothing with the library (no elliptic integrals, no
// limitdir headers, no library quadrature): Boost.Math's tanh-sinh over s = t - pi/2 in [0, pi]
// (the integrands are even in s), where the denominator is written without cancellation,
//   u^2 + v^2 - 2uv cos s = (u - v)^2 + 4uv sin^2(s/2),
// and the numerators as (v - u) + 2u sin^2(s/2), (u - v) + 2v sin^2(s/2). The only non-smooth
// point, the instantaneous centre of rotation on the ring (u = v, s = 0), is the endpoint s = 0,
// where tanh-sinh clusters its nodes double-exponentially.
#include <Eigen/Core>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <limits>

namespace ring_ref {

constexpr double kPi = 3.14159265358979323846;

struct Laws {
  double Q, T;  // Q_eps and T_eps of (53) [Nonlinear Dyn. 2024]: force/(mu N), torque/(mu N kappa)
};

/// Q and T of the ring for the spin speed u >= 0 and slip v >= 0, not both 0 (degree-0 homogeneous).
inline Laws laws_uv(double u, double v) {
  boost::math::quadrature::tanh_sinh<double> ts;
  const auto denominator = [&](double s) {
    const double h = std::sin(0.5 * s);
    return std::sqrt((u - v) * (u - v) + 4.0 * u * v * h * h);
  };
  // u = v (the centre of rotation on the ring): both integrands are 2u h^2/(2u h) = sin(s/2)
  const auto fq = [&](double s) {
    const double h = std::sin(0.5 * s);
    return u == v ? h : ((v - u) + 2.0 * u * h * h) / denominator(s);
  };
  const auto ft = [&](double s) {
    const double h = std::sin(0.5 * s);
    return u == v ? h : ((u - v) + 2.0 * v * h * h) / denominator(s);
  };
  constexpr double tol = 1e-15;
  return {ts.integrate(fq, 0.0, kPi, tol) / kPi, ts.integrate(ft, 0.0, kPi, tol) / kPi};
}

/// The same at eps = v/(omega R) (35) [Nonlinear Dyn. 2024], eps in [0, +infinity].
inline Laws laws(double xi0, double eps) {
  if (std::isinf(eps)) return laws_uv(0.0, 1.0);
  return eps <= 1.0 ? laws_uv(xi0, eps) : laws_uv(xi0 / eps, 1.0);
}

/// q(w) = (Q_x, Q_y, T_z/rho)/(mu N) (31) of the ring for the slip direction w (any length),
/// x_o = (u_x, u_y, rho omega_z): the force opposes the slip, the torque the spin, and
/// kappa = xi0 (the ring's torque at pure spin, Property 5 [Kireenkov]).
inline Eigen::Vector3d q(double xi0, double rho, const Eigen::Vector3d& x) {
  const Eigen::Vector3d w = x.normalized();
  const double w12 = std::hypot(w.x(), w.y()), w3 = std::abs(w.z());
  const double eps = w3 == 0.0 ? std::numeric_limits<double>::infinity() : w12 * rho / w3;  // v/(omega R) with omega = w3/rho
  const Laws l = laws(xi0, eps);
  Eigen::Vector3d out = Eigen::Vector3d::Zero();
  if (w12 > 0.0) out.head<2>() = -l.Q * w.head<2>() / w12;
  if (w3 > 0.0) out.z() = -std::copysign(xi0 * l.T / rho, w.z());
  return out;
}

/// The lateral force of the unit shift (2) [Kireenkov], sigma (1 + x_par/R), on the ring:
/// F_n = -sgn(omega) L mu N along n = e_z x s, L = xi0 (1/2pi) int_0^2pi u cos^2 t/|V| dt
/// (the weight xi0 cos t times the local slip's component omega xi0 cos t along n); in
/// s = t - pi/2, cos^2 t = sin^2 s = 4 h^2 (1 - h^2), h = sin(s/2). Returns L/xi0.
inline double lateral_uv(double u, double v) {
  boost::math::quadrature::tanh_sinh<double> ts;
  const auto f = [&](double s) {
    const double h = std::sin(0.5 * s);
    // u = v: 4 u h^2 (1 - h^2)/(2 u h)
    if (u == v) return 2.0 * h * (1.0 - h * h);
    return 4.0 * u * h * h * (1.0 - h * h) / std::sqrt((u - v) * (u - v) + 4.0 * u * v * h * h);
  };
  return ts.integrate(f, 0.0, kPi, 1e-15) / kPi;
}

/// L of lateral_uv at eps = v/(omega R) (L itself, with the factor xi0).
inline double lateral(double xi0, double eps) {
  if (std::isinf(eps)) return 0.0;
  return xi0 * (eps <= 1.0 ? lateral_uv(xi0, eps) : lateral_uv(xi0 / eps, 1.0));
}

/// q of the coupled shift k = k0 Q(eps) (8) [Kireenkov] on the ring: the ring's q plus
/// -sgn(w3) k0 Q L n (at pure spin Q = 0: the ring's q).
inline Eigen::Vector3d q_coupled(double xi0, double rho, double k0, const Eigen::Vector3d& x) {
  const Eigen::Vector3d w = x.normalized();
  Eigen::Vector3d out = q(xi0, rho, w);
  const double w12 = std::hypot(w.x(), w.y()), w3 = std::abs(w.z());
  if (w12 == 0.0) return out;
  const double eps = w3 == 0.0 ? std::numeric_limits<double>::infinity() : w12 * rho / w3;
  const double Q = out.head<2>().norm(), L = lateral(xi0, eps);
  const Eigen::Vector2d n(-w.y() / w12, w.x() / w12);
  out.head<2>() -= (w.z() > 0.0 ? 1.0 : w.z() < 0.0 ? -1.0 : 0.0) * k0 * Q * L * n;
  return out;
}

}  // namespace ring_ref
