#pragma once
// Internal (friction/contact_polar_enclose.cpp, friction/contact_hertz_chord.cpp): the ray
// integrals of the Hertz pressure sigma0 = sqrt(1 - rhat^2) (contact/shape.hpp, alpha = 1/2) for
// the enclosure about the ICR of the exact model of an ellipse (docs/manual.md section 6,
// "Rigorous enclosures of the exact model of an ellipse"). Along the ray s' -> C' + s' e' of the
// pre-image, |C' + s' e'|^2 = (s' - m)^2 + p^2 (m = -C'.e', p = C' x e'), so with h^2 = 1 - p^2
// sigma0 = sqrt(h^2 - u^2), u = s' - m, and the weighted ray integrals
//   H_k = int_chord s'^k sqrt(h^2 - (s' - m)^2) ds',  k = 0, 1, 2,
// take the place of the uniform pressure's R_k. C' inside the rim: the chord is s' in [0, m + h],
// u in [-m, h], and at u = -m the root is sigma = sqrt(h^2 - m^2) = sqrt(1 - |C'|^2), the same on
// every ray. From the antiderivatives of sqrt(h^2 - u^2) times 1, u, u^2 [Gradshteyn & Ryzhik
// 2.271], with A = pi/2 + asin(m/h) = pi/2 + atan(m/sigma) in [0, pi],
//   G0 = (h^2 A + m sigma)/2,  G1 = sigma^3/3,  G2 = h^4 A/8 + m (2 m^2 - h^2) sigma/8,
//   H0 = G0,  H1 = G1 + m G0,  H2 = G2 + 2 m G1 + m^2 G0   (the moments of u about -m).
// C' on or outside the rim: the chord is [m - h, m + h] when h^2 > 0 and m > 0 (empty otherwise),
// H0 = pi h^2/2, H1 = m H0, H2 = (m^2 + h^2/4) H0: the same formulas with sigma = 0 and A = pi
// (m > 0) or A = 0 (m < 0, no chord). So sigma = sqrt(max(0, 1 - |C'|^2)) and
// A = pi/2 + atan(m/sigma) (pi or 0 at sigma = 0) give H_k for every C' and every ray that meets
// the contact (h^2 > 0), and A is analytic in the ray angle t there with dA/dt = sigma p/h^2
// (dm/dt = p, dp/dt = -m, sigma^2 + m^2 = h^2 inside; A constant outside) [derived here].
// A ray with h^2 <= 0 misses the contact: H_k = 0, as the formulas give with h^2 = 0, sigma = 0.
#include <array>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail::contact_enclose {

/// A rigorous enclosure of atan x (x in an interval, infinite ends allowed).
Interval atan_enclosure(const Interval& x);

/// An enclosure of A = pi/2 + atan(m/sigma) over m in the interval m and sigma >= 0 in the
/// interval sigma (pi for m > 0 and 0 for m < 0 where sigma = 0): the hull of its values at the
/// corners, A being monotone in m and, for each sign of m, in sigma.
Interval hertz_angle(const Interval& m, const Interval& sigma);

/// H0, H1, H2 above from m, h^2, sigma and A (V: Interval or a truncated Taylor series).
template <class V>
std::array<V, 3> hertz_chord(const V& m, const V& h2, const V& sigma, const V& A) {
  const V G0 = (h2 * A + m * sigma) / V(Interval(2.0));
  const V G1 = sigma * sigma * sigma / V(Interval(3.0));
  const V G2 = (h2 * h2 * A + m * (V(Interval(2.0)) * m * m - h2) * sigma) / V(Interval(8.0));
  return {G0, G1 + m * G0, G2 + V(Interval(2.0)) * m * G1 + m * m * G0};
}

}  // namespace limitdir::detail::contact_enclose
