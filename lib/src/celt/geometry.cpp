// The geometry of the Celtic stone's contact (docs/manual.md section 12): the contact point
// of the ellipsoid (2) [Awrejcewicz & Kudra, Celtic stone], the support function, the contact
// frame, the curvatures (11) and the Hertz contact size (11)-(12); the principal moments.
#include <cmath>
#include <fmt/format.h>

#include "limitdir/celt/celt.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

// The meridian direction is undefined when the contact point is (nearly) a tip of the x1e
// axis: |e1 - (e1.n) n| = sin(angle(e1, n)); below 1e-9 the frame would carry ~1e-7 relative
// rounding (1e-16 / 1e-9), and the stone is standing on its end anyway.
constexpr double kMinMeridian = 1e-9;
// a2 = a3 (the surface of revolution of (11)) to rounding of the given data: 1e-12 relative.
constexpr double kRevolutionTol = 1e-12;

}  // namespace

CeltGeometry celt_geometry(const CeltBody& body, const Eigen::Vector3d& n_in) {
  CeltGeometry g;
  g.n = n_in.normalized();
  const Eigen::Vector3d nu = -g.n;
  const Eigen::Vector3d a2 = body.axes.cwiseProduct(body.axes);
  // (2): the outward normal grad(phi) ~ r_i/a_i^2 is parallel to nu, so r = A^2 nu/s.
  const double s = std::sqrt(nu.dot(a2.cwiseProduct(nu)));
  g.r = a2.cwiseProduct(nu) / s;
  g.rho = g.r - body.k;
  const Eigen::Vector3d A2nu = a2.cwiseProduct(nu);
  g.dr_dnu = (Eigen::Matrix3d(a2.asDiagonal()) - A2nu * A2nu.transpose() / (s * s)) / s;
  g.height = -g.n.dot(g.rho);
  Eigen::Vector3d t = Eigen::Vector3d::UnitX() - g.n.x() * g.n;
  if (t.norm() < kMinMeridian)
    throw NumericalError(fmt::format("celt: the contact point is at the tip of the x1e axis (n = [{}, {}, {}])",
                                     g.n.x(), g.n.y(), g.n.z()));
  g.e_x = t.normalized();
  g.e_y = g.n.cross(g.e_x);
  const double a1 = body.axes[0], b2 = body.axes[1];
  if (std::abs(body.axes[1] - body.axes[2]) <= kRevolutionTol * body.axes[1]) {
    // (11): the principal curvatures of the surface of revolution about x1e at r.
    const double q = a1 * a1 - (a1 * a1 - b2 * b2) * g.r.x() * g.r.x() / (a1 * a1);
    g.kappa1 = a1 * b2 * std::pow(q, -1.5);
    g.kappa2 = a1 / b2 / std::sqrt(q);
  }
  return g;
}

double celt_hertz_F(double e) {
  const double m = e * e;
  const EllipticSet s = elliptic_set(m, 1.0 - m);
  // (E/(1 - e^2) - K)(K - E) = e^4 B D/(1 - e^2), B = (E - (1 - m) K)/m, D = (K - E)/m.
  return std::cbrt(4.0 / M_PI) * std::pow(s.D * s.B / (1.0 - m), 1.0 / 6.0);
}

HertzSize celt_hertz_size(double kappa1, double kappa2, double N, double E_star) {
  if (!(kappa1 > 0.0) || !(kappa2 >= kappa1) || !(N > 0.0) || !(E_star > 0.0))
    throw NumericalError(fmt::format("celt: no Hertz contact for kappa1 = {}, kappa2 = {}, N = {}", kappa1, kappa2, N));
  HertzSize h;
  h.b = std::pow(kappa2 / kappa1, -2.0 / 3.0);
  const double e = std::sqrt(1.0 - h.b * h.b);
  h.a_hat = std::cbrt(3.0 * N / (4.0 * E_star * std::sqrt(kappa1 * kappa2))) * celt_hertz_F(e);
  return h;
}

CeltPrincipal celt_principal(const CeltBody& body) {
  const Eigen::Matrix3d& B = body.B;
  if (B(0, 2) != 0.0 || B(1, 2) != 0.0)
    throw InputError("celt: the principal moments in the x1e x2e plane need B13 = B23 = 0");
  const double p = 0.5 * (B(0, 0) + B(1, 1)), q = 0.5 * (B(0, 0) - B(1, 1));
  const double r = std::hypot(q, B(0, 1));
  CeltPrincipal out{p + r, p - r, 0.0};
  // the eigenvector of the smaller moment: (B11 - smaller) x + B12 y = 0
  out.angle = std::atan2(-(B(0, 0) - out.smaller), B(0, 1));
  if (out.angle > M_PI / 2) out.angle -= M_PI;
  if (out.angle <= -M_PI / 2) out.angle += M_PI;
  return out;
}

}  // namespace limitdir
