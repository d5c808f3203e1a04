#pragma once
// Internal (friction/contact_model.cpp): the integrands of the exact contact model (8)
// [Kudra & Awrejcewicz 2013] in ICR polar coordinates, for the circle and the ellipse with the
// distortion (15)-(16) and the shift (Kireenkov (2)) as the linear factor l (docs/manual.md
// section 6): the ray integrals R_k of one ray, their contribution to the three channels
// q_1, q_x, q_y (add_ray), the rays from an ICR inside and outside the contact for the power
// pressures (inside_ray, outside_ray) and for a tabulated profile (inside_ray_tab,
// outside_ray_tab). Notation: A = diag(a, b); primes are pre-image-circle coordinates
// r' = A^-1 r; C the instantaneous centre of rotation (ICR).
//
// ICR polar coordinates: a ray from C in the pre-image direction e'(t) = (cos t, sin t) is the
// physical ray r = C + s' d, d = A e', |d| = lambda, e = d/lambda; dA = a b s' ds' dt. There
// v(r) = omega s' e_z x d, so the friction stress is -sigma sgn(omega) e_z x e and r x e_perp
// = r . e = C . e + s' lambda. With sigma = sigma0 (1 + l . r) and the channels w_c in {1, x, y}
// (q is linear in l: q = q_1 + l_x q_x + l_y q_y):
//   F_c = -sgn(omega) a b int e_z x e G1_c dt,  M_c = -sgn(omega) a b int (C . e G1_c + lambda G2_c) dt,
//   G1_1 = R1, G2_1 = R2, G1_x = C_x R1 + d_x R2, G2_x = C_x R2 + d_x R3 (y likewise),
//   R_k = int sigma0 s'^k ds' over the chord.
// The chord: |C' + s' e'|^2 = (s' - m)^2 + p^2 with m = -C'.e', p = C' x e', half-length
// h = sqrt(1 - p^2); s' = m + h u gives sigma0 = h^(2 alpha) (1 - u^2)^alpha and
//   R_k = h^(2 alpha + 1) sum_j binom(k, j) m^(k-j) h^j J_j,  J_j = int_{u_lo}^1 (1 - u^2)^alpha u^j du,
// u_lo = -1 (ICR outside: whole chord) or -m/h (inside: the ray starts at C). By parts
//   J_1 = (1 - u^2)^(alpha+1)/(2 (alpha+1)),  J_j = (u^(j-1) (1 - u^2)^(alpha+1) + (j-1) J_{j-2})/(2 alpha + j + 1).
#include <array>
#include <cmath>

#include "friction/contact_profile.hpp"
#include "numerics/dual.hpp"

namespace limitdir::detail::contact {

// ----- the ray integrals and their contribution to the 3 channels --------------------------

template <class T>
using Channels = std::array<T, 9>;  // channel c: F_x, F_y, M at 3c, 3c+1, 3c+2

struct Shape {
  double a, b;
  bool linear;  // channels x and y needed
};

// Adds the contribution of the ray e' (pre-image unit vector) from the ICR C' = (cpx, cpy),
// whose ray integrals R_k (times the angular weight) are R, to `out`: the integrands of
// int e_z x e G1 dt and int (C . e G1 + lambda G2) dt; the caller applies -sgn(omega) a b/N.
template <class T>
void add_ray(const Shape& g, const T& cpx, const T& cpy, const T& epx, const T& epy, const std::array<T, 3>& R,
             Channels<T>& out) {
  const T dx = g.a * epx, dy = g.b * epy;
  const T lambda = sqrt(dx * dx + dy * dy);
  const T ex = dx / lambda, ey = dy / lambda;
  const T Cx = g.a * cpx, Cy = g.b * cpy;
  const T Ce = Cx * ex + Cy * ey;
  const auto channel = [&](int c, const T& G1, const T& G2) {
    out[3 * c] -= ey * G1;  // e_z x e = (-e_y, e_x)
    out[3 * c + 1] += ex * G1;
    out[3 * c + 2] += Ce * G1 + lambda * G2;
  };
  channel(0, R[0], R[1]);
  if (!g.linear) return;
  channel(1, Cx * R[0] + dx * R[1], Cx * R[1] + dx * R[2]);
  channel(2, Cy * R[0] + dy * R[1], Cy * R[1] + dy * R[2]);
}

// ----- the angular integrands -----------------------------------------------------------------

// ICR inside (|C'| < 1): the ray at pre-image angle t starts at C (u_lo = -m/h); h^2 = 1 - p^2
// = (1 - |C'|^2) + m^2 and 1 - u_lo^2 = (1 - |C'|^2)/h^2 without cancellation. The J_j enter as
// values only: by Leibniz's rule the derivative through the lower limit u_lo is the integrand
// there, sigma0 s^k at s = 0, which vanishes for k >= 1 (m + h u_lo = 0); differentiating it
// anyway would cancel (1 - u_lo^2)^alpha (m + h u_lo) = huge x rounding near the rim, alpha < 0.
template <class T>
Channels<T> inside_ray(const Shape& g, const Profile& pr, const T& cpx, const T& cpy, const T& one_minus_rc2,
                       double c, double s) {  // e' = (c, s)
  const T m = -(cpx * c + cpy * s);
  const T h = sqrt(one_minus_rc2 + m * m);
  // 1 -+ u = (h +- m)/h, the cancelling one as (1 - |C'|^2)/(h (h -+ m))
  const double hv = value(h), mv = value(m), dv = value(one_minus_rc2), u = -mv / hv;
  const double one_minus_u = mv > 0.0 ? (hv + mv) / hv : dv / (hv * (hv - mv));
  const double one_plus_u = mv > 0.0 ? dv / (hv * (hv + mv)) : (hv - mv) / hv;
  const double P = pr.x_power(one_minus_u * one_plus_u), al = pr.alpha;
  const double J0 = pr.J0(u, one_minus_u, one_plus_u), J1 = P / (2.0 * (al + 1.0));
  const double J2 = (u * P + J0) / (2.0 * al + 3.0), J3 = (u * u * P + 2.0 * J1) / (2.0 * al + 4.0);
  const T H = pr.h_power(h);
  const T mJ0 = m * J0, hJ1 = h * J1, hhJ2 = h * h * J2;
  const std::array<T, 3> R{H * (mJ0 + hJ1), H * (m * mJ0 + 2.0 * m * hJ1 + hhJ2),
                           H * (m * m * mJ0 + 3.0 * m * m * hJ1 + 3.0 * m * hhJ2 + h * h * h * J3)};
  Channels<T> out{};
  add_ray(g, cpx, cpy, T(c), T(s), R, out);
  return out;
}

// ICR outside (|C'| >= 1): the rays that hit the contact, parametrised by p = C' x e' in
// (-1, 1), the distance of the chord from the centre: h = sqrt(1 - p^2), m = sqrt(|C'|^2 - p^2),
// |dt/dp| = 1/m, e' = -R(tau) C'/|C'| with sin tau = -p/|C'|, cos tau = m/|C'|. Whole chords:
// J_j(-1), J_1 = J_3 = 0, so R_k/m = H (J0, m J0 + h^2 J2/m, m^2 J0 + 3 h^2 J2) (the 1/m
// cancelled by hand: near the rim m ~ h -> 0). The factor H = h^(2 alpha + 1) is the weight of
// the Gauss-Jacobi rule in p (or included, with_H, for the fallback).
template <class T>
Channels<T> outside_ray(const Shape& g, const Profile& pr, const T& cpx, const T& cpy, const T& rc2_minus_1,
                        double p, double h, bool with_H) {
  const T m = sqrt(rc2_minus_1 + h * h);
  const T rc2 = rc2_minus_1 + 1.0;
  const T epx = -(cpx * m + cpy * p) / rc2, epy = -(cpy * m - cpx * p) / rc2;
  const double H = with_H ? pr.h_power(h) : 1.0, J0 = pr.J0_full, J2 = J0 / (2.0 * pr.alpha + 3.0);
  const std::array<T, 3> R{T(H * J0), H * (m * J0 + (h * h * J2) / m), H * (m * m * J0 + 3.0 * h * h * J2)};
  Channels<T> out{};
  add_ray(g, cpx, cpy, epx, epy, R, out);
  return out;
}

// The ray from an ICR inside the contact (as inside_ray): s' = m + t from t = -m to the rim at
// t = h; R_k = int sigma0 s'^(k+1) ds' = sum binom(k+1, j) m^(k+1-j) I_j.
template <class T>
Channels<T> inside_ray_tab(const Shape& g, const TabProfile& tab, const T& cpx, const T& cpy,
                           const T& one_minus_rc2, double c, double s) {
  const T m = -(cpx * c + cpy * s), p = cpx * s - cpy * c;
  const T h = sqrt(one_minus_rc2 + m * m);
  const std::array<T, 4> I = chord_integrals(tab, p, T(-m), h);
  const std::array<T, 3> R{I[1] + m * I[0], I[2] + 2.0 * m * I[1] + m * m * I[0],
                           I[3] + 3.0 * m * I[2] + 3.0 * m * m * I[1] + m * m * m * I[0]};
  Channels<T> out{};
  add_ray(g, cpx, cpy, T(c), T(s), R, out);
  return out;
}

// The chord at offset p from an ICR outside (as outside_ray): the whole chord t in [-h, h],
// where sigma0 is even in t (I_1 = I_3 = 0), divided by m = |dt/dp|^-1:
// R_k/m = (I_0, I_2/m + m I_0, 3 I_2 + m^2 I_0), with the weight dp = sin(phi) dphi applied by
// the caller.
template <class T>
Channels<T> outside_ray_tab(const Shape& g, const TabProfile& tab, const T& cpx, const T& cpy,
                            const T& rc2_minus_1, double p, double h) {
  const T m = sqrt(rc2_minus_1 + h * h);
  const T rc2 = rc2_minus_1 + 1.0;
  const T epx = -(cpx * m + cpy * p) / rc2, epy = -(cpy * m - cpx * p) / rc2;
  const std::array<T, 4> I = chord_integrals(tab, T(p), T(0.0), T(h));  // half the chord
  const T I0 = 2.0 * I[0], I2 = 2.0 * I[2];
  const std::array<T, 3> R{I0, I2 / m + m * I0, 3.0 * I2 + m * m * I0};
  Channels<T> out{};
  add_ray(g, cpx, cpy, epx, epy, R, out);
  return out;
}

// The channel integrals times `scale` give forces; the torque components also get 1/rho.
template <class T>
Channels<T> to_q(Channels<T> out, double scale, double rho) {
  for (int c = 0; c < 3; ++c) {
    out[3 * c] = scale * out[3 * c];
    out[3 * c + 1] = scale * out[3 * c + 1];
    out[3 * c + 2] = (scale / rho) * out[3 * c + 2];
  }
  return out;
}

}  // namespace limitdir::detail::contact
