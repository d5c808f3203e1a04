// The model interface: homogeneous extension, angle parametrisation, and the generic
// axisymmetric form (46) with its Jacobian on the sphere. Sect. 3 [Nonlinear Dyn. 2024].
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "core/constants.hpp"

namespace limitdir {

FrictionModel::FrictionModel(double rho_over_R, double kappa_over_rho)
    : rho_over_R_(rho_over_R), kappa_over_rho_(kappa_over_rho) {
  if (!(rho_over_R > 0.0) || !std::isfinite(rho_over_R))
    throw std::invalid_argument("friction model: rho/R must be a positive finite number");
}

std::string to_string(Smoothness s) {
  switch (s) {
    case Smoothness::smooth: return "smooth";
    case Smoothness::c1: return "c1";
    case Smoothness::kink: return "kink";
    case Smoothness::jump: return "jump";
  }
  return "?";
}

double distance_to_kink(const KinkSets& sets, const Eigen::Vector3d& w) {
  const Eigen::Vector3d u = w.normalized();
  double d = std::numeric_limits<double>::infinity();
  if (sets.equator != Smoothness::smooth) d = std::min(d, std::abs(u.z()));          // sin of the latitude
  if (sets.poles != Smoothness::smooth) d = std::min(d, std::hypot(u.x(), u.y()));  // sin of the colatitude
  return d;
}

namespace {
// x = n w with |w| = 1, computed without under- or overflow (x may be 1e-300 or 1e300).
struct Direction {
  Eigen::Vector3d w;
  double n;
};
Direction direction_of(const Eigen::Vector3d& x) {
  if (!x.allFinite()) throw std::domain_error("friction model: slip direction is not finite");
  const double s = x.cwiseAbs().maxCoeff();
  if (!(s > 0.0)) throw std::domain_error("friction model: slip direction is zero (q is undefined at stick)");
  const Eigen::Vector3d y = x / s;
  const double ny = y.norm();
  return {y / ny, s * ny};
}
}  // namespace

// (24): q(lambda x) = q(x) for lambda > 0.
Eigen::Vector3d FrictionModel::q(const Eigen::Vector3d& x) const { return q_unit(direction_of(x).w); }

FrictionJacobian FrictionModel::jacobian(const Eigen::Vector3d& x) const {
  const Direction d = direction_of(x);
  FrictionJacobian J = jacobian_unit(d.w);
  J.dq_dw /= d.n;  // derivative of a degree-0 homogeneous function scales like 1/|x|
  return J;
}

Eigen::Vector3d FrictionModel::q_angles(double theta, double phi) const { return q_unit(w_from_angles(theta, phi)); }

Eigen::Matrix<double, 3, 2> FrictionModel::dq_dangles(double theta, double phi) const {
  return jacobian_unit(w_from_angles(theta, phi)).dq_dw * dw_dangles(theta, phi);
}

// ----- AxisymmetricModel: q = -(w1 C, w2 C, (kappa/rho) w3 S), (46) and (86) ------------

// w is a unit vector here, so w12 needs no overflow protection (std::hypot is slow).
inline double w12_of(const Eigen::Vector3d& w) { return std::sqrt(w.x() * w.x() + w.y() * w.y()); }

Eigen::Vector3d AxisymmetricModel::q_unit(const Eigen::Vector3d& w) const {
  const MeridianValue m = meridian_values(w12_of(w), w.z());
  return {-w.x() * m.C, -w.y() * m.C, -kappa_over_rho() * w.z() * m.S};
}

FrictionJacobian AxisymmetricModel::jacobian_unit(const Eigen::Vector3d& w) const {
  const double w12 = w12_of(w);
  const MeridianValue m = meridian(w12, w.z());
  const double k = kappa_over_rho();
  // Gradient of theta on the sphere: e_theta = (-w3 w1/w12, -w3 w2/w12, w12). At a pole it
  // is undefined; it only ever multiplies w1, w2 (zero there) or S_theta (zero there for a
  // differentiable model; for a cone point the symmetric mean of the one-sided derivatives
  // is taken, which drops the term).
  Eigen::Vector3d e_theta = Eigen::Vector3d::Zero();
  if (w12 > 0.0) e_theta = {-w.z() * w.x() / w12, -w.z() * w.y() / w12, w12};
  // Rows: D(x_i/|x|) = e_i^T - w_i w^T, then the chain rule through C(theta), S(theta).
  const Eigen::Matrix3d P = Eigen::Matrix3d::Identity() - w * w.transpose();
  FrictionJacobian J;
  J.q = {-w.x() * m.C, -w.y() * m.C, -k * w.z() * m.S};
  J.dq_dw.row(0) = -(m.C * P.row(0) + w.x() * m.C_theta * e_theta.transpose());
  J.dq_dw.row(1) = -(m.C * P.row(1) + w.y() * m.C_theta * e_theta.transpose());
  J.dq_dw.row(2) = -k * (m.S * P.row(2) + w.z() * m.S_theta * e_theta.transpose());
  J.differentiable = m.differentiable;
  return J;
}

// (49)-(50): Q(theta) = cos(theta) C, T(theta) = sin(theta) S.
ScalarLaw AxisymmetricModel::at_theta(double theta) const {
  if (!(std::abs(theta) <= 0.5 * pi)) throw std::domain_error("at_theta: theta must lie in [-pi/2, pi/2]");
  const double w3 = std::sin(theta), w12 = std::cos(theta);
  const MeridianValue m = meridian(w12, w3);
  return {w12 * m.C, -w3 * m.C + w12 * m.C_theta, w3 * m.S, w12 * m.S + w3 * m.S_theta};
}

// (46): Q_w(w3) = w12 C, T_w(w3) = w3 S; d/dw3 = (d/dtheta)/cos(theta).
ScalarLaw AxisymmetricModel::at_w3(double w3) const {
  if (!(std::abs(w3) <= 1.0)) throw std::domain_error("at_w3: w3 must lie in [-1, 1]");
  const double w12 = std::sqrt((1.0 - w3) * (1.0 + w3));
  const MeridianValue m = meridian(w12, w3);
  return {w12 * m.C, (-w3 * m.C + w12 * m.C_theta) / w12, w3 * m.S, (w12 * m.S + w3 * m.S_theta) / w12};
}

// (53)-(54): Q_eps(eps) = Q(theta), T_eps(eps) = T(theta) with eps = (rho/R) cot(theta),
// theta in [0, pi/2]; d theta/d eps = -sin(theta)^2/(rho/R).
ScalarLaw AxisymmetricModel::at_epsilon(double epsilon) const {
  if (!(epsilon >= 0.0)) throw std::domain_error("at_epsilon: epsilon must be >= 0");
  const double c = rho_over_R();
  double w12 = 1.0, w3 = 0.0;
  if (std::isfinite(epsilon)) {
    const double n = std::hypot(epsilon, c);
    w12 = epsilon / n;
    w3 = c / n;
  }
  const MeridianValue m = meridian(w12, w3);
  const double dtheta = -w3 * w3 / c;
  return {w12 * m.C, (-w3 * m.C + w12 * m.C_theta) * dtheta, w3 * m.S, (w12 * m.S + w3 * m.S_theta) * dtheta};
}

// ----- RegionModel ------------------------------------------------------------------------

MeridianValue RegionModel::meridian(double w12, double w3) const {
  const double c = rho_over_R();
  const double a = std::abs(w3);  // work at theta >= 0; C, S are even in theta
  MeridianValue m;
  constexpr double kink_tol = 1e-14;
  if (c * w12 <= a) {
    // Near a pole: eps = c w12/a <= 1, C = c G(eps)/a, S = T(eps)/a, d eps/d theta = -c/a^2.
    const Pole p = pole(c * w12 / a);
    m.C = c * p.G / a;
    m.C_theta = -c * (c * p.dG / (a * a * a) + p.G * w12 / (a * a));
    m.S = p.T / a;
    m.S_theta = -(c * p.dT / (a * a * a) + p.T * w12 / (a * a));
    if (w12 == 0.0 && (std::abs(p.dG) > kink_tol || std::abs(p.dT) > kink_tol)) m.differentiable = false;
  } else {
    // Near the equator: s = 1/eps = a/(c w12) < 1, C = Q(s)/w12, S = H(s)/(c w12),
    // d s/d theta = 1/(c w12^2).
    const Equator e = equator(a / (c * w12));
    m.C = e.Q / w12;
    m.C_theta = e.dQ / (c * w12 * w12 * w12) + e.Q * a / (w12 * w12);
    m.S = e.H / (c * w12);
    m.S_theta = e.dH / (c * c * w12 * w12 * w12) + e.H * a / (c * w12 * w12);
    if (a == 0.0 && (std::abs(e.dQ) > kink_tol || std::abs(e.dH) > kink_tol)) m.differentiable = false;
  }
  // theta < 0: C, S are even, their theta-derivatives odd. The sign bit decides on the
  // equator, so that w3 = -0.0 gives the one-sided derivative from below a kink there.
  if (std::signbit(w3)) {
    m.C_theta = -m.C_theta;
    m.S_theta = -m.S_theta;
  }
  return m;
}

// C and S as in meridian above, from the values of G, T (Q, H) alone.
MeridianValue RegionModel::meridian_values(double w12, double w3) const {
  const double c = rho_over_R();
  const double a = std::abs(w3);
  MeridianValue m{};
  if (c * w12 <= a) {
    const Pole p = pole_values(c * w12 / a);
    m.C = c * p.G / a;
    m.S = p.T / a;
  } else {
    const Equator e = equator_values(a / (c * w12));
    m.C = e.Q / w12;
    m.S = e.H / (c * w12);
  }
  return m;
}

}  // namespace limitdir
