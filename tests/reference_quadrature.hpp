#pragma once
// Independent brute-force reference for the friction integrals (23) of [Nonlinear Dyn. 2024] with the
// integrands (20)-(22), for an axisymmetric pressure on the unit disc (R = 1).
//
// It deliberately shares NOTHING with the library: no elliptic integrals, no limitdir
// headers, no library quadrature. The 2-D integral is done in polar coordinates (xi, psi)
// about the contact centre with Boost.Math's tanh-sinh quadrature, nested:
//
//     Q = int_0^1 p(xi) xi [ int_0^{2 pi} f(xi, psi) dpsi ] dxi.
//
// The integrand f = -v/|v| (and x q_y - y q_x for the torque) is bounded but discontinuous
// at the instantaneous centre of rotation c = (-u_y/omega, u_x/omega), where the local slip
// velocity (20) vanishes. Therefore
//  * the radial integral is split at xi* = |c| (when 0 < xi* < 1) and at the kinks of p;
//  * the angular integral is split at the angle psi* of c and at psi* + pi, i.e. it runs over
//    Delta = psi - psi* in [-pi, 0] and [0, pi]: for xi close to xi* the integrand varies on
//    the scale |xi - xi*| / xi* next to Delta = 0, and tanh-sinh copes with such endpoint
//    layers (it is exponentially convergent for endpoint singularities).
// Distances to the splitting points are carried without cancellation (Boost's two-argument
// integrand f(x, xc) gives the distance to the nearer endpoint), so that
// |v|^2 = omega^2 ((xi - xi*)^2 + 4 xi xi* sin^2(Delta/2)) and the edge factor
// (1 - xi)^alpha of Galin-type pressures are evaluated accurately.
//
// By default the velocity is written as v = omega z x (r - c) in the frame turned by psi*
// (the same field as (20), only evaluated without cancellation near c) when xi* <= 2;
// otherwise, and always with Options::direct, (20) is evaluated literally,
// v = (u_x - omega y, u_y + omega x).
//
// For |xi - xi*| < 1e-11 xi* the inner integral is replaced by its value at xi = xi* (where the
// angular integrand has a plain jump at Delta = 0 and no boundary layer); the inner integral
// is continuous with a modulus O(g log g) in g = |xi - xi*|, so this changes the radial
// integral by O(1e-22 log 1e11) ~ 1e-20, and it avoids driving the inner quadrature to its
// last level at the hundreds of tanh-sinh radial nodes that lie within 1e-11 of xi*.
//
// Output: q = (Q_x, Q_y, T_z/rho) / (mu P) for x_o = (u_x, u_y, rho omega_z) (5), with
// P = int p dA (19) computed by the same nested quadrature.
//
// Accuracy (verified in friction/test_exact_model.cpp, "Reference quadrature of (23) ..."): the error
// is ~1e-15 |q| (observed <= 1.3e-15 |q| against the Hertz closed forms (62)-(63), (40)-(41),
// other splittings, a tighter tolerance and the literal form of (20)). It is an ABSOLUTE
// accuracy relative to |q|: a component much smaller than |q| (Q at eps = 1e-6, T at
// eps = 1e6) comes from cancellation in the integral and has only ~1e-16 |q| absolute error,
// not a small relative error.
//
// Extra splitting points (Options) must lie strictly inside (0, 1) resp. (-pi, pi).
#include <Eigen/Core>
#include <algorithm>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace reference {

/// An axisymmetric pressure on 0 <= xi <= 1 (unnormalised), evaluated as p(xi, 1 - xi) with
/// 1 - xi supplied accurately, and the radii in (0, 1) where it is not smooth.
struct RadialPressure {
  std::function<double(double, double)> p;
  std::vector<double> kinks;
  std::string name;
};

inline RadialPressure uniform_pressure() {
  return {[](double, double) { return 1.0; }, {}, "uniform"};
}
inline RadialPressure hertz_pressure() {  // (61)
  return {[](double xi, double om) { return std::sqrt(om * (1.0 + xi)); }, {}, "hertz"};
}
inline RadialPressure galin_pressure() {
  return {[](double xi, double om) { return 1.0 / std::sqrt(om * (1.0 + xi)); }, {}, "galin"};
}
inline RadialPressure power_pressure(double alpha) {
  return {[alpha](double xi, double om) { return std::pow(om * (1.0 + xi), alpha); }, {},
          "power " + std::to_string(alpha)};
}
/// Piecewise linear through (xs[i], ps[i]), xs increasing from 0 to 1.
inline RadialPressure tabulated_pressure(std::vector<double> xs, std::vector<double> ps) {
  std::vector<double> kinks(xs.begin() + 1, xs.end() - 1);
  auto f = [xs, ps](double xi, double) {
    std::size_t i = 1;
    while (i + 1 < xs.size() && xi > xs[i]) ++i;
    const double t = (xi - xs[i - 1]) / (xs[i] - xs[i - 1]);
    return ps[i - 1] + t * (ps[i] - ps[i - 1]);
  };
  return {f, kinks, "profile"};
}

struct Options {
  double tolerance = 1e-13;           // Boost tanh-sinh stopping tolerance (relative to L1)
  bool direct = false;                // evaluate (20) literally instead of omega z x (r - c)
  std::vector<double> extra_radial;   // additional radial splitting points in (0, 1)
  std::vector<double> extra_angular;  // additional angular splits, Delta in (-pi, pi) \ {0}
  bool split_at_centre = true;        // false: angular split at psi = 0, pi (test only)
};

struct Diagnostics {
  double max_error_estimate = 0.0;  // largest Boost error estimate of the radial integrals
  int max_levels = 0;
};

namespace detail {

// Non-const: Boost 1.74 declares the two-argument finite-range integrate() non-const.
inline boost::math::quadrature::tanh_sinh<double>& outer_rule() {
  static boost::math::quadrature::tanh_sinh<double> rule(12);
  return rule;
}
inline boost::math::quadrature::tanh_sinh<double>& inner_rule() {
  static boost::math::quadrature::tanh_sinh<double> rule(10);
  return rule;
}

/// Integral of f(x, d) over the union of [pts[i], pts[i+1]], where d is the signed distance
/// of x from the nearer end e of its piece as Boost reports it (x = e - d) and e is passed too:
/// f(x, e, e - x).
template <class F>
double integrate_pieces(boost::math::quadrature::tanh_sinh<double>& rule, const std::vector<double>& pts,
                        F&& f, double tol, Diagnostics* diag) {
  double total = 0.0;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const double a = pts[i], b = pts[i + 1];
    if (!(b > a)) continue;
    auto g = [&](double x, double xc) {
      // Boost: xc = a - x on the left half, b - x on the right half.
      const double e = (xc < 0.0) ? a : b;
      return f(x, e, xc);
    };
    double err = 0.0;
    std::size_t levels = 0;
    total += rule.integrate(g, a, b, tol, &err, nullptr, &levels);
    if (diag) {
      diag->max_error_estimate = std::max(diag->max_error_estimate, err);
      diag->max_levels = std::max(diag->max_levels, static_cast<int>(levels));
    }
  }
  return total;
}

inline std::vector<double> sorted_points(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace detail

/// Brute-force q(x_o) = (Q_x, Q_y, T_z/rho)/(mu P), x_o = (u_x, u_y, rho omega_z), R = 1.
inline Eigen::Vector3d friction(const RadialPressure& pressure, const Eigen::Vector3d& x_o, double rho,
                                const Options& opt = {}, Diagnostics* diag = nullptr) {
  const double pi = 3.14159265358979323846;
  const double ux = x_o(0), uy = x_o(1), omega = x_o(2) / rho;
  const double tol = opt.tolerance;

  // Instantaneous centre of rotation c = (-u_y/omega, u_x/omega) (none for omega = 0).
  double xs = 0.0, psi_s = 0.0;
  if (omega != 0.0) {
    const double cx = -uy / omega, cy = ux / omega;
    xs = std::hypot(cx, cy);
    psi_s = (xs > 0.0) ? std::atan2(cy, cx) : 0.0;
  }
  const double split_angle = opt.split_at_centre ? psi_s : 0.0;
  const double cs = std::cos(split_angle), sn = std::sin(split_angle);
  const double sgn = (omega > 0.0) ? 1.0 : -1.0;
  const double speed = std::hypot(ux, uy);

  std::vector<double> radial = {0.0, 1.0};
  for (double k : pressure.kinks) radial.push_back(k);
  for (double k : opt.extra_radial) radial.push_back(k);
  if (omega != 0.0 && xs > 0.0 && xs < 1.0) radial.push_back(xs);
  radial = detail::sorted_points(radial);

  std::vector<double> angular = {-pi, 0.0, pi};
  for (double d : opt.extra_angular) angular.push_back(d);
  angular = detail::sorted_points(angular);

  // Integrand of component k at (xi, Delta) in the frame turned by split_angle, for
  // k = 0, 1: force components in that frame, 2: torque density (x q_y - y q_x)/p,
  // 3: 1 (for P). gap = xi - xi* accurate.
  auto density = [&](int k, double xi, double gap, double delta) -> double {
    if (k == 3) return 1.0;
    const double sd = std::sin(delta), cd = std::cos(delta);
    double vx, vy, rx, ry;  // velocity direction (unnormalised) and position, turned frame
    rx = xi * cd;
    ry = xi * sd;
    if (omega == 0.0) {
      // Pure translation: v = u, expressed in the turned frame.
      vx = cs * ux + sn * uy;
      vy = -sn * ux + cs * uy;
      const double inv = 1.0 / speed;
      const double fx = -vx * inv, fy = -vy * inv;
      if (k == 0) return fx;
      if (k == 1) return fy;
      return rx * fy - ry * fx;
    }
    if (opt.direct || !opt.split_at_centre || xs > 2.0) {
      // (20) literally, in the fixed frame, then turned. Also used when the rotation centre
      // is far outside the contact (xi* > 2): there |v| >= |omega| (xi* - 1) >= |u|/2, so (20)
      // does not cancel, while |r - c|^2 would overflow for xi* ~ 1e300.
      const double psi = split_angle + delta;
      const double x = xi * std::cos(psi), y = xi * std::sin(psi);
      const double gx = ux - omega * y, gy = uy + omega * x;
      const double n = std::hypot(gx, gy);
      if (n == 0.0) return 0.0;
      const double qx = -gx / n, qy = -gy / n;
      if (k == 2) return x * qy - y * qx;
      const double fx = cs * qx + sn * qy, fy = -sn * qx + cs * qy;
      return k == 0 ? fx : fy;
    }
    // v = omega z x d with d = r - c; in the turned frame c = (xi*, 0).
    const double s2 = std::sin(0.5 * delta);
    const double dx = gap - 2.0 * xi * s2 * s2;  // xi cos(Delta) - xi*
    const double dy = xi * sd;
    const double n2 = gap * gap + 4.0 * xi * xs * s2 * s2;
    if (n2 == 0.0) return 0.0;
    const double n = std::sqrt(n2);
    // v/|v| = sgn (-dy, dx)/|d|;  q/p = -v/|v|.
    const double fx = sgn * dy / n, fy = -sgn * dx / n;
    if (k == 0) return fx;
    if (k == 1) return fy;
    // r x (q/p) = -sgn xi (xi - xi* cos Delta)/|d|, xi - xi* cos Delta = gap + 2 xi* s2^2.
    return -sgn * xi * (gap + 2.0 * xs * s2 * s2) / n;
  };

  auto inner = [&](int k, double xi, double gap) {
    if (k == 3) return 2.0 * pi;
    if (omega != 0.0 && xs > 0.0 && std::fabs(gap) < 1e-11 * xs) gap = 0.0, xi = xs;  // see header
    auto f = [&](double delta, double, double) { return density(k, xi, gap, delta); };
    return detail::integrate_pieces(detail::inner_rule(), angular, f, tol, nullptr);
  };

  // Radial integral of p xi (inner_k + shift). Boost's stopping test is relative to the L1
  // norm of the integrand; a component whose integral vanishes (e.g. the force normal to u)
  // would be pure rounding noise and never "converge". With shift = 2 pi the test becomes
  // relative to P, which is the accuracy wanted (|q| = O(1) on the sphere); the shift is
  // removed by subtracting shift/(2 pi) P.
  auto component = [&](int k, double shift) {
    auto f = [&](double xi, double e, double d) {
      // xi = e - d with e the nearer end of the piece: distances without cancellation.
      const double one_minus = (1.0 - e) + d;
      const double gap = (e - xs) - d;
      const double p = pressure.p(xi, one_minus);
      if (p == 0.0) return 0.0;
      return p * xi * (inner(k, xi, gap) + shift);
    };
    return detail::integrate_pieces(detail::outer_rule(), radial, f, tol, diag);
  };

  const double P = component(3, 0.0);
  const double fx = component(0, 2.0 * pi) - P, fy = component(1, 2.0 * pi) - P, t = component(2, 2.0 * pi) - P;
  return Eigen::Vector3d(cs * fx - sn * fy, sn * fx + cs * fy, t / rho) / P;
}

/// M_k = int_0^1 p(xi) xi^k dxi by tanh-sinh quadrature split at the kinks.
inline double moment(const RadialPressure& pressure, int k) {
  std::vector<double> pts = {0.0, 1.0};
  for (double x : pressure.kinks) pts.push_back(x);
  pts = detail::sorted_points(pts);
  auto f = [&](double xi, double e, double d) { return pressure.p(xi, (1.0 - e) + d) * std::pow(xi, k); };
  return detail::integrate_pieces(detail::outer_rule(), pts, f, 1e-15, nullptr);
}

/// kappa/R of (39) by quadrature.
inline double kappa(const RadialPressure& pressure) { return moment(pressure, 2) / moment(pressure, 1); }

}  // namespace reference
