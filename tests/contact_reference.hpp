#pragma once
// Independent brute-force reference for the integral model (8) [Kudra & Awrejcewicz 2013] of
// an elliptic contact: q(w) = -(1/N) int sigma (v, r x v)/|v| dA / (1, 1, rho).
//
// It shares NOTHING with the library: no limitdir headers, no ICR polar coordinates, no closed
// ray integrals. The 2-D integral is taken literally, with the point velocity (7),
// v(r) = (w1 - w3 y/rho, w2 + w3 x/rho), in the elliptic polar coordinates (21) about the
// centre, x = a r' cos phi, y = b r' sin phi, dA = a b r' dr' dphi, by nested Boost.Math
// tanh-sinh quadrature. The integrand is bounded but discontinuous at the instantaneous centre
// of rotation (ICR) C = rho (-w2, w1)/w3 (pre-image polar coordinates (r_c, t_c)), so
//  * the angle is split at t_c and t_c + pi (the angular integrand has a kink at t_c),
//  * the radius is split at r_c when r_c < 1 and at the point of the ray nearest to C in the
//    physical metric (a layer of width ~ r_c |phi - t_c| there; for an eccentric ellipse the
//    two differ);
// tanh-sinh converges exponentially for such endpoint features and for the edge singularity
// (1 - r'^2)^alpha of alpha < 0 (1 - r' is taken from Boost's complement argument).
// The pressure is sigma = (1 - r'^2)^alpha (1 + l . r) with a given l (the test computes l from
// the distortion (15) or the shift (2) itself); N = pi a b/(alpha + 1) in closed form.
// Accuracy: each quadrature is asked for 1e-14 relative to the L1 norm of its integrand and
// reports the outer quadratures' error estimate. For a slender ellipse with the ICR near the
// rim the polar form stalls at ~1e-12 (the layer about the ICR is stretched by a/b in the
// pre-image); brute_force_q then integrates in Cartesian coordinates (y inner, split at y_c;
// x outer, split at x_c) first, and returns the result with the smaller error estimate.
#include <Eigen/Core>
#include <algorithm>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <vector>

namespace reference {

struct EllipseContact {
  double a, b, alpha;
  Eigen::Vector2d l = Eigen::Vector2d::Zero();  // sigma = (1 - r'^2)^alpha (1 + l . r)
  /// A tabulated sigma0(r') instead of (1 - r'^2)^alpha when not empty: linear between the
  /// nodes (xi, p), xi from 0 to 1 (the polar form then also splits the radius at each xi).
  std::vector<double> xi = {}, p = {};
};

/// sigma0 at r' (1 - r' given accurately for the edge singularity of alpha < 0).
inline double sigma0(const EllipseContact& c, double r, double one_minus_r) {
  if (c.xi.empty()) return std::pow(one_minus_r * (1.0 + r), c.alpha);
  std::size_t i = 1;
  while (i + 1 < c.xi.size() && r > c.xi[i]) ++i;
  return c.p[i - 1] + (c.p[i] - c.p[i - 1]) * (r - c.xi[i - 1]) / (c.xi[i] - c.xi[i - 1]);
}

/// N = a b int_0^2pi int_0^1 sigma0 r' dr' dphi: pi a b/(alpha + 1), or for a profile the
/// segments' integrals of (c + d r) r by hand.
inline double normal_force(const EllipseContact& c) {
  constexpr double pi = 3.14159265358979323846;
  if (c.xi.empty()) return pi * c.a * c.b / (c.alpha + 1.0);
  double M1 = 0.0;
  for (std::size_t i = 1; i < c.xi.size(); ++i) {
    const double x0 = c.xi[i - 1], x1 = c.xi[i], d = (c.p[i] - c.p[i - 1]) / (x1 - x0), c0 = c.p[i - 1] - d * x0;
    M1 += c0 * (x1 * x1 - x0 * x0) / 2.0 + d * (x1 * x1 * x1 - x0 * x0 * x0) / 3.0;
  }
  return 2.0 * pi * c.a * c.b * M1;
}

struct ReferenceResult {
  Eigen::Vector3d q;
  double error;  // largest estimated absolute error of the outer quadratures, in q units
};

inline ReferenceResult brute_force_q_polar(const EllipseContact& c, const Eigen::Vector3d& w, double rho,
                                           double tol = 1e-14) {
  constexpr double pi = 3.14159265358979323846;
  boost::math::quadrature::tanh_sinh<double> ts(15);
  const double N = normal_force(c);
  double rc = 2.0, tc = 0.0;  // no radial split for a far ICR
  if (w.z() != 0.0) {
    const double cx = -rho * w.y() / w.z() / c.a, cy = rho * w.x() / w.z() / c.b;
    rc = std::hypot(cx, cy);
    tc = std::atan2(cy, cx);
  }
  // radial split points of the ray at angle phi
  const auto splits = [&](double phi) {
    std::vector<double> radial{0.0};
    if (rc > 0.0 && rc < 1.0) radial.push_back(rc);
    if (w.z() != 0.0) {  // argmin over r of |A (r e'(phi) - C')|^2
      const double ex = c.a * std::cos(phi), ey = c.b * std::sin(phi);
      const double near = (ex * c.a * rc * std::cos(tc) + ey * c.b * rc * std::sin(tc)) / (ex * ex + ey * ey);
      if (near > 1e-3 && near < 1.0 - 1e-3 && std::abs(near - rc) > 1e-3) radial.push_back(near);
    }
    for (std::size_t i = 1; i + 1 < c.xi.size(); ++i) radial.push_back(c.xi[i]);  // the profile's kinks
    radial.push_back(1.0);
    std::sort(radial.begin(), radial.end());
    radial.erase(std::unique(radial.begin(), radial.end()), radial.end());  // an ICR on a node circle
    return radial;
  };
  ReferenceResult out{Eigen::Vector3d::Zero(), 0.0};
  for (int comp = 0; comp < 3; ++comp) {
    // integrand component at (r', phi), with 1 - r' given accurately
    const auto point = [&](double r, double one_minus_r, double phi) {
      const double x = c.a * r * std::cos(phi), y = c.b * r * std::sin(phi);
      const double vx = w.x() - w.z() * y / rho, vy = w.y() + w.z() * x / rho;
      const double n = std::hypot(vx, vy);
      if (n == 0.0) return 0.0;
      const double sigma = sigma0(c, r, one_minus_r) * (1.0 + c.l.dot(Eigen::Vector2d(x, y)));
      const double f = comp == 0 ? vx / n : comp == 1 ? vy / n : (x * vy - y * vx) / n;
      return -sigma * f * c.a * c.b * r;
    };
    const auto inner = [&](double phi, double) {  // (two-argument form: no endpoint assertion)
      const std::vector<double> radial = splits(phi);
      double sum = 0.0;
      for (std::size_t i = 0; i + 1 < radial.size(); ++i) {
        const double lo = radial[i], hi = radial[i + 1];
        const auto f = [&](double r, double rcomp) {
          const double one_minus_r = (hi == 1.0 && rcomp > 0.0) ? rcomp : 1.0 - r;
          return point(r, one_minus_r, phi);
        };
        sum += ts.integrate(f, lo, hi, tol);
      }
      return sum;
    };
    double total = 0.0;
    for (int half = 0; half < 2; ++half) {
      double err = 0.0, L1 = 0.0;
      total += ts.integrate(inner, tc + half * pi, tc + (half + 1) * pi, tol, &err, &L1);
      out.error = std::max(out.error, err / N / (comp == 2 ? rho : 1.0));
    }
    out.q[comp] = total / N / (comp == 2 ? rho : 1.0);
  }
  return out;
}


// The same integral in Cartesian coordinates: y in [-Y(x), Y(x)] inner, x in [-a, a] outer.
inline ReferenceResult brute_force_q_cartesian(const EllipseContact& c, const Eigen::Vector3d& w, double rho,
                                               double tol = 1e-14) {
  boost::math::quadrature::tanh_sinh<double> ts(15);
  const double N = normal_force(c);
  double xc = 2.0 * c.a, yc = 2.0 * c.b;  // no split for a far ICR
  if (w.z() != 0.0) {
    xc = -rho * w.y() / w.z();
    yc = rho * w.x() / w.z();
  }
  ReferenceResult out{Eigen::Vector3d::Zero(), 0.0};
  for (int comp = 0; comp < 3; ++comp) {
    const auto inner = [&](double x, double) {
      const double Y = c.b * std::sqrt(std::max(0.0, (1.0 - x / c.a) * (1.0 + x / c.a)));
      if (!(Y > 0.0)) return 0.0;
      std::vector<double> cuts{-Y};
      if (yc > -Y && yc < Y) cuts.push_back(yc);
      cuts.push_back(Y);
      double sum = 0.0;
      for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const auto f = [&](double y, double) {
          const double t = 1.0 - (x / c.a) * (x / c.a) - (y / c.b) * (y / c.b);
          const double vx = w.x() - w.z() * y / rho, vy = w.y() + w.z() * x / rho;
          const double n = std::hypot(vx, vy);
          if (!(t > 0.0) || n == 0.0) return 0.0;
          const double r = std::sqrt(1.0 - t);
          const double sigma = (c.xi.empty() ? std::pow(t, c.alpha) : sigma0(c, r, 1.0 - r)) *
                               (1.0 + c.l.dot(Eigen::Vector2d(x, y)));
          return -sigma * (comp == 0 ? vx / n : comp == 1 ? vy / n : (x * vy - y * vx) / n);
        };
        sum += ts.integrate(f, cuts[i], cuts[i + 1], tol);
      }
      return sum;
    };
    std::vector<double> xs{-c.a};
    if (xc > -c.a && xc < c.a) xs.push_back(xc);
    xs.push_back(c.a);
    double total = 0.0;
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      double err = 0.0, L1 = 0.0;
      total += ts.integrate(inner, xs[i], xs[i + 1], tol, &err, &L1);
      out.error = std::max(out.error, err / N / (comp == 2 ? rho : 1.0));
    }
    out.q[comp] = total / N / (comp == 2 ? rho : 1.0);
  }
  return out;
}

/// The polar form (the Cartesian one first for a slender ellipse, a/b or b/a > 4), and where
/// the first one's error estimate exceeds `good` also the other: the result with the smaller
/// error estimate.
inline ReferenceResult brute_force_q(const EllipseContact& c, const Eigen::Vector3d& w, double rho,
                                     double good = 1e-13) {
  const bool slender = std::max(c.a, c.b) > 4.0 * std::min(c.a, c.b);
  const ReferenceResult first = slender ? brute_force_q_cartesian(c, w, rho) : brute_force_q_polar(c, w, rho);
  if (first.error <= good) return first;
  const ReferenceResult second = slender ? brute_force_q_polar(c, w, rho) : brute_force_q_cartesian(c, w, rho);
  return second.error < first.error ? second : first;
}

}  // namespace reference
