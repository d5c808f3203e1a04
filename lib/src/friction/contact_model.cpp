// The exact integral model (8) [Kudra & Awrejcewicz 2013] of a circular or elliptic contact;
// method in friction/contact_model.hpp. Notation: A = diag(a, b); primes are pre-image-circle
// coordinates r' = A^-1 r; C the instantaneous centre of rotation (ICR).
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
#include "limitdir/friction/contact_model.hpp"

#include <algorithm>
#include <array>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include "core/constants.hpp"
#include "numerics/dual.hpp"
#include "numerics/gauss_jacobi.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

using Kind = NominalPressure::Kind;

// ICR farther than this many max(a, b) from O: tensor rule (the integrand is analytic within
// a polydisc of radius >= 5 in the pre-image coordinates); nearer: ICR polar coordinates,
// whose torque loses about log10(|C|/max(a, b)) < 1 digit by cancellation of C . e G1 and
// lambda G2.
constexpr double far_ratio = 6.0;
// Tensor rule sizes: the nearest singularity of v/|v| is >= 5 max(a, b) from the contact, so
// the trapezoid rule in the angle converges like 5^-N and Gauss-Jacobi in rhat^2 like 25^-n;
// N = 32, n = 12 leave ~1e-16 (the tests compare with the brute-force reference on both
// sides of the switch).
constexpr int tensor_angles = 32;
constexpr int tensor_radii = 12;
// Adaptive Gauss-Kronrod: a panel's |K15 - G7| must stay below these times its share of the
// interval, but not less than min_share of them (at most max_panels panels, so the sum stays
// below 3 times these; q is O(1), and the estimate overstates the K15 error by orders of
// magnitude for smooth integrands, so the result is good to ~1e-15). The floor lets narrow
// panels near the integrable singularities of the derivatives (ICR on the rim) be accepted.
// Derivatives: enough for a 1e-7 Jacobian check, far below the needs of Newton's method and
// of the classification.
constexpr double tol_values = 1e-13;
constexpr double tol_derivatives = 1e-10;
constexpr double min_share = 1e-4;
constexpr int max_panels = 20000;
// Panels narrower than this fraction of the interval are accepted as they are: the integrable
// endpoint singularities of the derivatives (h^(2 alpha) at tangent rays, ICR on the rim)
// contribute less than width^(2 alpha + 1) there.
constexpr double min_panel_fraction = 1e-12;
// A panel is also accepted when |K15 - G7| is within the rounding of its sum (QUADPACK's
// 50 eps times the weighted sum of |f|): large derivatives next to the rim cannot be
// integrated to a fixed absolute tolerance.
constexpr double rounding_floor = 50.0 * 2.220446049250313e-16;
// An ICR with 1 - rhat^2 below this is evaluated on the rim: q is C^1 with an O(1) derivative
// in rhat^2, so this changes q by ~1e-14, and it keeps the inside rays' layers (width
// sqrt(1 - rhat^2) around the nearly tangent rays) resolvable.
constexpr double rim_band = 1e-14;
// Edge-singular pressures (-1/2 <= alpha < 0): for an ICR just inside the rim the derivative
// integrands have peaks of height ~ (1 - rhat^2)^alpha at the nearly tangent rays, computed with
// cancellation, and the adaptive rule may not converge. Measured (alpha = -1/2, aspect ratios
// 1 to 1000): convergence for 1 - rhat^2 >= 1e-13 (circle) to 1e-9 (b/a = 1e-3). Within this
// band a failed derivative quadrature is replaced by the derivatives on the rim: from the inside
// the Jacobian is Holder continuous with exponent min(1, alpha + 1) (Lipschitz for Galin's
// alpha = -1/2: its change over the band is below 1e-7 |J|; docs/manual.md section 6). The
// values are still computed at the ICR itself (their quadrature converges everywhere).
constexpr double edge_fallback_band = 1e-8;
// The smallest exponent accepted off the axisymmetric path: below -1/2 the Jacobian at the rim
// is only Holder-(alpha + 1) continuous from both sides, and the fallback above would be wrong
// by ~ band^(alpha + 1) (0.16 at alpha = -0.9).
constexpr double alpha_min = -0.5;
// Rules of geometric convergence (periodic trapezoid for the ICR inside, Gauss-Jacobi in p for
// the ICR outside), the node count doubling: with errors e_n = K r^n, the difference d of two
// successive rules is the error of the coarser one, the finer one's error is below d, and
// below d^2/d_previous (= K r^(3n/2) >= K r^(2n)) once three rules are in the asymptotic range
// (d <= 1e-6). Accepted: error estimate <= 1e-14 for q (the 1e-11 target with margin), 1e-11
// for the derivatives (a 1e-7 Jacobian check and Newton need far less). Otherwise the count
// doubles up to the maximum below, and then the adaptive Gauss-Kronrod rule takes over.
constexpr double doubling_tol_values = 1e-14;
constexpr double doubling_tol_derivatives = 1e-11;
constexpr double asymptotic_range = 1e-6;
// The geometric rules are used only for |1 - rhat^2| >= this (rhat of the ICR): nearer to the
// rim the integrands have layers of width ~ sqrt|1 - rhat^2| (nearly tangent rays), the
// convergence is algebraic before it turns geometric, and the doubling test could stop early.
constexpr double geometric_band = 1e-2;
constexpr int trapezoid_first = 16, trapezoid_max = 1024;
constexpr int jacobi_first = 8, jacobi_rules = 6;  // 8, 16, ..., 256 nodes
// Power pressures with 2 alpha an integer up to this use a recurrence for J_0 instead of the
// incomplete Beta function (the cost grows by one step per unit of alpha).
constexpr double recurrence_max = 20.0;

// The incomplete Beta function of J_0 for a generic alpha: Boost's default promotes it to long
// double, ~4 us a call and 80% of a map over alpha of the ellipse. In double it takes a tenth of
// that and is within 2e-15 relative for a = alpha + 1 <= 4 (against mpmath at 40 digits, 2000
// random (a, x), x in (0, 1/2]), 5x below the doubling test doubling_tol_values; Boost's errors in
// double grow with a (2e-14 at a ~ 50), so a larger alpha keeps the long double.
using DoubleIbeta = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
constexpr double kDoubleIbetaMax = 4.0;

// ----- the pressure profile: h^(2 alpha + 1), x^(alpha + 1) and J_0 ------------------------

struct Profile {
  Kind kind;
  double alpha;
  double J0_full;  // int_{-1}^{1} (1 - u^2)^alpha du = B(1/2, alpha + 1)
  double beta_scale;  // 2^(2 alpha + 1) B(alpha + 1, alpha + 1)
  int steps;          // alpha = alpha0 + steps with alpha0 = 0 or -1/2 (recurrence below), or -1 (ibeta)

  template <class T>
  T h_power(const T& h) const {  // h^(2 alpha + 1)
    if (kind == Kind::uniform) return h;
    if (kind == Kind::hertz) return h * h;
    if (kind == Kind::galin) return T(1.0);
    return pow(h, 2.0 * alpha + 1.0);
  }
  double x_power(double x) const {  // x^(alpha + 1)
    if (kind == Kind::uniform) return x;
    if (kind == Kind::hertz) return x * sqrt(x);
    if (kind == Kind::galin) return std::sqrt(x);
    return pow(x, alpha + 1.0);
  }
  // J_0(u) = int_u^1 (1 - u^2)^alpha du, given 1 - u and 1 + u accurately (u is within
  // rounding of +-1 on nearly tangent rays).
  double J0(double u, double one_minus_u, double one_plus_u) const {
    if (kind == Kind::uniform) return one_minus_u;
    if (kind == Kind::hertz) {
      const double r = std::sqrt(one_minus_u * one_plus_u);
      return 0.5 * (std::atan2(r, u) - u * r);  // atan2 = acos(u) without its loss near +-1
    }
    if (steps < 0) {  // u = 2 tau - 1: 2^(2 alpha + 1) int_tau^1 tau^alpha (1 - tau)^alpha dtau
      const double a1 = alpha + 1.0;
      if (a1 <= kDoubleIbetaMax)
        return beta_scale * (u < 0.0 ? boost::math::ibetac(a1, a1, 0.5 * one_plus_u, DoubleIbeta())
                                     : boost::math::ibeta(a1, a1, 0.5 * one_minus_u, DoubleIbeta()));
      return beta_scale * (u < 0.0 ? boost::math::ibetac(a1, a1, 0.5 * one_plus_u)
                                   : boost::math::ibeta(a1, a1, 0.5 * one_minus_u));
    }
    // Integer or half-integer alpha: from J^(0) = 1 - u or J^(-1/2) = acos u by
    // (2 a + 1) J^(a) = 2 a J^(a-1) - u (1 - u^2)^a (by parts; both terms O((1 - u)^a), so the
    // absolute error stays at rounding level).
    const double om = one_minus_u * one_plus_u;
    const bool half = alpha != std::floor(alpha);
    double a = half ? -0.5 : 0.0;
    double J = half ? std::atan2(std::sqrt(om), u) : one_minus_u;
    for (int i = 0; i < steps; ++i) {
      a += 1.0;
      J = (2.0 * a * J - u * std::pow(om, a)) / (2.0 * a + 1.0);
    }
    return J;
  }
};

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

// ----- a tabulated profile: closed-form chord integrals -------------------------------------

// sigma0 = c_i + d_i rhat on [xi_i, xi_{i+1}] (the nodes of NominalPressure::profile).
struct TabProfile {
  std::vector<double> xi, c, d;
  explicit TabProfile(const NominalPressure& p = {}) {
    for (std::size_t i = 1; i < p.xi.size(); ++i) {
      const double slope = (p.p[i] - p.p[i - 1]) / (p.xi[i] - p.xi[i - 1]);
      c.push_back(p.p[i - 1] - slope * p.xi[i - 1]);
      d.push_back(slope);
    }
    xi = p.xi;
  }
  std::size_t segment(double rhat) const {  // the segment holding rhat
    const auto it = std::upper_bound(xi.begin() + 1, xi.end() - 1, rhat);
    return static_cast<std::size_t>(it - xi.begin()) - 1;
  }
};

// Below this chord offset p the terms p^2 asinh(t/p) of the antiderivatives are dropped: they
// are < p^2 ln(4/p) < 1e-197 there (far below the rounding of O(1) sums), while the dual's
// 1/p^2 would overflow near 1e-154.
constexpr double tiny_offset = 1e-100;

// sqrt with a zero derivative at 0: S = sqrt(t^2 + p^2) vanishes only for t = p = 0 (the ray of
// an ICR at the centre, at its start), where every antiderivative below is O(|C'|^2) and so
// has zero derivative.
template <class T>
T safe_sqrt(const T& x) {
  if constexpr (std::is_same_v<T, Dual>) {
    if (x.v == 0.0) return Dual(0.0);
  }
  return sqrt(x);
}

// I_j = int_{t_lo}^{t_hi} sigma0(sqrt(t^2 + p^2)) t^j dt, j = 0..3, along a chord at offset p
// from the centre of the pre-image disc (t = s' - m, rhat^2 = t^2 + p^2): split where rhat
// crosses a node, and on each piece c + d S with S = sqrt(t^2 + p^2) integrated in closed form:
//   int S = (t S + p^2 asinh(t/|p|))/2,  int t S = S^3/3,  int t^2 S = t S^3/4 - (p^2/4) int S,
//   int t^3 S = S^5/5 - p^2 S^3/3.
// The pieces' ends depend on C (the dual numbers follow them); sigma0 is continuous, so the
// end terms of Leibniz's rule cancel between pieces, as they must.
template <class T>
std::array<T, 4> chord_integrals(const TabProfile& tab, const T& p, const T& t_lo, const T& t_hi) {
  const double pv = std::abs(value(p));
  std::vector<T> ts{t_lo, t_hi};
  const T p2 = p * p;
  for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i) {
    if (!(tab.xi[i] > pv)) continue;
    const T r = sqrt(tab.xi[i] * tab.xi[i] - p2);
    for (const T& t : {T(-r), r})
      if (value(t) > value(t_lo) && value(t) < value(t_hi)) ts.push_back(t);
  }
  std::sort(ts.begin(), ts.end(), [](const T& x, const T& y) { return value(x) < value(y); });
  const T pa = value(p) < 0.0 ? T(-p) : p;
  const auto anti = [&](const T& t, std::array<T, 4>& A, std::array<T, 4>& B) {
    const T S = safe_sqrt(t * t + p2), S3 = S * S * S;
    const T p2L = pv < tiny_offset ? T(0.0) : p2 * asinh(t / pa);
    const T t2 = t * t;
    A = {t, 0.5 * t2, t2 * t / 3.0, 0.25 * t2 * t2};
    const T B0 = 0.5 * (t * S + p2L);
    B = {B0, S3 / 3.0, 0.25 * (t * S3 - p2 * B0), S3 * S * S / 5.0 - p2 * S3 / 3.0};
  };
  std::array<T, 4> I{}, A0, B0, A1, B1;
  anti(ts.front(), A0, B0);
  for (std::size_t k = 1; k < ts.size(); ++k) {
    anti(ts[k], A1, B1);
    const double mid = 0.5 * (value(ts[k - 1]) + value(ts[k]));
    const std::size_t seg = tab.segment(std::sqrt(mid * mid + pv * pv));
    for (int j = 0; j < 4; ++j) I[j] += tab.c[seg] * (A1[j] - A0[j]) + tab.d[seg] * (B1[j] - B0[j]);
    A0 = A1;
    B0 = B1;
  }
  return I;
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

// ----- flattening for the quadrature ---------------------------------------------------------

template <class T>
constexpr int flat_size = 9;
template <>
constexpr int flat_size<Dual> = 36;
template <class T>
using Flat = Eigen::Matrix<double, flat_size<T>, 1>;

Flat<double> flatten(const Channels<double>& c) { return Eigen::Map<const Flat<double>>(c.data()); }
Flat<Dual> flatten(const Channels<Dual>& c) {
  Flat<Dual> f;
  for (int i = 0; i < 9; ++i) {
    f[i] = c[i].v;
    for (int k = 0; k < 3; ++k) f[9 + 3 * i + k] = c[i].d[k];
  }
  return f;
}
void unflatten(const Flat<double>& f, Channels<double>& c) {
  for (int i = 0; i < 9; ++i) c[i] = f[i];
}
void unflatten(const Flat<Dual>& f, Channels<Dual>& c) {
  for (int i = 0; i < 9; ++i) {
    c[i].v = f[i];
    for (int k = 0; k < 3; ++k) c[i].d[k] = f[9 + 3 * i + k];
  }
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

// ----- adaptive Gauss-Kronrod (7, 15) for vector integrands ----------------------------------

struct KronrodRule {
  std::array<double, 8> x, wk, wg;  // abscissas >= 0, Kronrod weights, Gauss weights (0 at Kronrod-only nodes)
  KronrodRule() {
    const auto& a = boost::math::quadrature::gauss_kronrod<double, 15>::abscissa();
    const auto& w = boost::math::quadrature::gauss_kronrod<double, 15>::weights();
    const auto& g = boost::math::quadrature::gauss<double, 7>::weights();
    for (int i = 0; i < 8; ++i) {
      x[i] = a[i];
      wk[i] = w[i];
      wg[i] = (i % 2 == 0) ? g[i / 2] : 0.0;  // the Gauss nodes are the even-indexed ones
    }
  }
};
const KronrodRule& kronrod() {
  static const KronrodRule rule;
  return rule;
}

template <int K, class F>
Eigen::Matrix<double, K, 1> integrate_adaptive(const F& f, const std::vector<double>& cuts) {
  using V = Eigen::Matrix<double, K, 1>;
  const KronrodRule& r = kronrod();
  const double total = cuts.back() - cuts.front();
  std::vector<std::pair<double, double>> stack;
  for (std::size_t i = cuts.size() - 1; i > 0; --i)
    if (cuts[i] > cuts[i - 1]) stack.emplace_back(cuts[i - 1], cuts[i]);
  V sum = V::Zero();
  int panels = 0;
  while (!stack.empty()) {
    const auto [lo, hi] = stack.back();
    stack.pop_back();
    const double c = 0.5 * (lo + hi), hw = 0.5 * (hi - lo);
    const V f0 = f(c);
    V k = r.wk[0] * f0, gs = r.wg[0] * f0, resabs = r.wk[0] * f0.cwiseAbs();
    for (int i = 1; i < 8; ++i) {
      const V fl = f(c - hw * r.x[i]), fr = f(c + hw * r.x[i]);
      k += r.wk[i] * (fl + fr);
      resabs += r.wk[i] * (fl.cwiseAbs() + fr.cwiseAbs());
      if (r.wg[i] != 0.0) gs += r.wg[i] * (fl + fr);
    }
    k *= hw;
    gs *= hw;
    const double frac = std::max((hi - lo) / total, min_share);
    // tolerance per component: its share of the total, or the rounding floor of the panel's sum
    V tol = (hw * rounding_floor) * resabs;
    tol.template head<9>() = tol.template head<9>().cwiseMax(tol_values * frac);
    if constexpr (K > 9) tol.template tail<K - 9>() = tol.template tail<K - 9>().cwiseMax(tol_derivatives * frac);
    const bool ok = ((k - gs).cwiseAbs() - tol).maxCoeff() <= 0.0;
    if (ok || hi - lo < min_panel_fraction * total) {
      sum += k;
    } else {
      stack.emplace_back(c, hi);
      stack.emplace_back(lo, c);
    }
    if (++panels > max_panels)
      throw NumericalError("exact contact model: the angular quadrature did not converge");
  }
  return sum;
}


// The acceptance test of the doubling rules above, fed with successive approximations.
template <int K>
class DoublingTest {
 public:
  bool accept(const Eigen::Matrix<double, K, 1>& current, const Eigen::Matrix<double, K, 1>& previous) {
    const Eigen::Matrix<double, K, 1> diff = (current - previous).cwiseAbs();
    const double dv = diff.template head<9>().maxCoeff();
    const double dd = K == 9 ? 0.0 : diff.template tail<K - 9>().maxCoeff();
    const bool ok = passes(dv, prev_v_, doubling_tol_values) && passes(dd, prev_d_, doubling_tol_derivatives);
    prev_v_ = dv;
    prev_d_ = dd;
    return ok;
  }

 private:
  static bool passes(double d, double d_previous, double tol) {
    return d <= tol || (d <= asymptotic_range && std::isfinite(d_previous) && d * d <= tol * d_previous);
  }
  double prev_v_ = std::numeric_limits<double>::infinity(), prev_d_ = std::numeric_limits<double>::infinity();
};

// cos and sin of 2 pi k/trapezoid_max, k = 0 .. trapezoid_max - 1 (the trapezoid nodes).
struct UnitCircle {
  std::vector<double> c, s;
  UnitCircle() {
    for (int k = 0; k < trapezoid_max; ++k) {
      c.push_back(std::cos(2.0 * pi * k / trapezoid_max));
      s.push_back(std::sin(2.0 * pi * k / trapezoid_max));
    }
  }
};
const UnitCircle& unit_circle() {
  static const UnitCircle table;
  return table;
}

// Periodic trapezoid rule over [t0, t0 + 2 pi) with nested doubling; false if not converged.
// f takes the node as (cos t, sin t), turned by t0 from the table.
template <int K, class F>
bool integrate_periodic(const F& f, double t0, Eigen::Matrix<double, K, 1>& result) {
  using V = Eigen::Matrix<double, K, 1>;
  const UnitCircle& uc = unit_circle();
  const double c0 = std::cos(t0), s0 = std::sin(t0);
  const auto node = [&](int k) { return f(c0 * uc.c[k] - s0 * uc.s[k], s0 * uc.c[k] + c0 * uc.s[k]); };
  int n = trapezoid_first;
  V sum = V::Zero();
  for (int j = 0; j < n; ++j) sum += node(j * (trapezoid_max / n));
  V previous = (2.0 * pi / n) * sum;
  DoublingTest<K> test;
  for (; n < trapezoid_max; n *= 2) {
    const int stride = trapezoid_max / n;  // the new nodes are the odd multiples of stride/2
    for (int j = 0; j < n; ++j) sum += node(j * stride + stride / 2);
    const V current = (pi / n) * sum;
    if (test.accept(current, previous)) {
      result = current;
      return true;
    }
    previous = current;
  }
  return false;
}

}  // namespace

// ----- the model -------------------------------------------------------------------------------

/// The Gauss-Jacobi rules in p for the weight (1 - p^2)^(alpha + 1/2) of the outside integrals,
/// jacobi_first, 2 jacobi_first, ... nodes, each made when an integral first needs it: most pass
/// the doubling test with the first few, and making all of them at every new alpha was half of a
/// map over alpha. Thread-safe (a model is shared by a map's sweep threads); the copies made by
/// with_contact and with_shift share them (they depend on alpha only).
class ChordRules {
 public:
  explicit ChordRules(double a) : a_(a) {}
  const detail::GaussRule& at(int r) const {
    std::call_once(made_[r], [&] { rules_[r] = detail::gauss_jacobi(jacobi_first << r, a_, a_); });
    return *rules_[r];
  }

 private:
  double a_;
  mutable std::array<std::once_flag, jacobi_rules> made_;
  mutable std::array<std::shared_ptr<const detail::GaussRule>, jacobi_rules> rules_;
};

struct ContactExactModel::Impl {
  Shape shape;
  Profile profile;
  bool tabulated = false;  // a tabulated profile: tab (profile is unused)
  TabProfile tab;
  double rho, N;
  Eigen::Vector2d ell_d;  // the distortion part of l
  double shift;           // k/max(a, b)
  std::vector<double> u, wu;  // Gauss-Jacobi in u = rhat^2 for the weight (1 - u)^alpha on [0, 1]
  std::vector<double> cphi, sphi;
  std::shared_ptr<const ChordRules> chord_rules;  // Gauss-Jacobi in p for the weight (1 - p^2)^(alpha + 1/2)
  template <class T>
  Flat<T> inside(const T& cpx, const T& cpy, const T& one_minus_rc2) const;
  template <class T>
  Flat<T> outside(const T& cpx, const T& cpy, T rc2_minus_1) const;
  template <class T>
  Flat<T> inside_or_rim(const T& cpx, const T& cpy, const T& one_minus_rc2) const;

  // The three channels q_1, q_x, q_y at the slip vector x (homogeneous of degree 0 in x).
  template <class T>
  Channels<T> channels(const std::array<T, 3>& x) const;
  template <class T>
  Channels<T> tensor(const std::array<T, 3>& x) const;
  template <class T>
  Channels<T> icr_polar(const std::array<T, 3>& x) const;
  template <class T>
  std::array<T, 3> q(const std::array<T, 3>& x) const;
};

// Far ICR: q_c = -(1/N) int sigma0 w_c (v, r x v)/|v| dA with dA = a b rhat drhat dphi and
// rhat drhat = du/2, the radial weight (1 - u)^alpha in the Gauss-Jacobi rule.
template <class T>
Channels<T> ContactExactModel::Impl::tensor(const std::array<T, 3>& x) const {
  Channels<T> out{};
  const double a = shape.a, b = shape.b;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const double ru = std::sqrt(u[i]);
    for (std::size_t j = 0; j < cphi.size(); ++j) {
      const double X = a * ru * cphi[j], Y = b * ru * sphi[j];
      const T vx = x[0] - x[2] * (Y / rho), vy = x[1] + x[2] * (X / rho);
      const T n = sqrt(vx * vx + vy * vy);
      const T ux = wu[i] * vx / n, uy = wu[i] * vy / n;
      const T tz = X * uy - Y * ux;
      out[0] += ux;
      out[1] += uy;
      out[2] += tz;
      if (!shape.linear) continue;
      out[3] += X * ux;
      out[4] += X * uy;
      out[5] += X * tz;
      out[6] += Y * ux;
      out[7] += Y * uy;
      out[8] += Y * tz;
    }
  }
  const double scale = -0.5 * a * b * (2.0 * pi / static_cast<double>(cphi.size())) / N;
  return to_q(out, scale, rho);
}

// The cuts of a tabulated profile's angular integrals about an inside ICR C' at distance
// rc = |C'| and angle theta_c: the rays through the centre (p = 0: the offset's p^2 log p) and
// those tangent to a node circle (p = xi_i < rc: a piece of the chord appears), mapped into
// [t0, t0 + 2 pi).
std::vector<double> tab_ray_cuts(const TabProfile& tab, double theta_c, double rc, double t0) {
  std::vector<double> cuts{theta_c, theta_c + pi};
  for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i) {
    if (!(tab.xi[i] < rc)) continue;
    const double a = std::asin(tab.xi[i] / rc);
    for (const double t : {theta_c + a, theta_c - a, theta_c + pi + a, theta_c + pi - a}) cuts.push_back(t);
  }
  for (double& t : cuts) t = t0 + std::fmod(std::fmod(t - t0, 2.0 * pi) + 2.0 * pi, 2.0 * pi);
  return cuts;
}

template <class T>
Flat<T> ContactExactModel::Impl::inside(const T& cpx, const T& cpy, const T& one_minus_rc2) const {
  if (tabulated) {  // kinks where a ray is tangent to a node circle: adaptive, cut there
    const double t0 = std::atan2(value(cpy), value(cpx)) - 0.5 * pi;
    std::vector<double> cuts = tab_ray_cuts(tab, t0 + 0.5 * pi, std::hypot(value(cpx), value(cpy)), t0);
    for (const double t : {t0, t0 + 2.0 * pi}) cuts.push_back(t);
    for (int k = -4; k <= 6; ++k)
      if (k * 0.5 * pi > t0 && k * 0.5 * pi < t0 + 2.0 * pi) cuts.push_back(k * 0.5 * pi);
    std::sort(cuts.begin(), cuts.end());
    return integrate_adaptive<flat_size<T>>(
        [&](double t) { return flatten(inside_ray_tab(shape, tab, cpx, cpy, one_minus_rc2, std::cos(t), std::sin(t))); },
        cuts);
  }
  const auto f = [&](double c, double s) { return flatten(inside_ray(shape, profile, cpx, cpy, one_minus_rc2, c, s)); };
  // Nearly tangent rays at t_c +- pi/2 (the nearest singularities when the ICR nears the
  // boundary): the trapezoid nodes start there, the fallback panels end there and at the axes
  // (where the direction e of an eccentric ellipse turns fastest).
  const double t0 = std::atan2(value(cpy), value(cpx)) - 0.5 * pi;
  Flat<T> flat;
  if (value(one_minus_rc2) >= geometric_band && integrate_periodic<flat_size<T>>(f, t0, flat)) return flat;
  std::vector<double> cuts{t0, t0 + pi, t0 + 2.0 * pi};
  for (int k = -4; k <= 6; ++k)
    if (k * 0.5 * pi > t0 && k * 0.5 * pi < t0 + 2.0 * pi) cuts.push_back(k * 0.5 * pi);
  std::sort(cuts.begin(), cuts.end());
  return integrate_adaptive<flat_size<T>>([&](double t) { return f(std::cos(t), std::sin(t)); }, cuts);
}

template <class T>
Flat<T> ContactExactModel::Impl::outside(const T& cpx, const T& cpy, T rc2_minus_1) const {
  // Within the rim band the ICR is taken on the rim (value 0, derivatives kept: q is C^1).
  if (value(rc2_minus_1) < 0.0) rc2_minus_1 = chain(rc2_minus_1, 0.0, 1.0);
  if (tabulated) {  // p = cos phi, kinks where the chord touches a node circle (p = +-xi_i)
    std::vector<double> cuts{0.0, 0.25 * pi, 0.5 * pi, 0.75 * pi, pi};
    for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i)
      for (const double x : {tab.xi[i], -tab.xi[i]}) cuts.push_back(std::acos(x));
    std::sort(cuts.begin(), cuts.end());
    return integrate_adaptive<flat_size<T>>(
        [&](double phi) {
          const double sphi = std::sin(phi);
          return Flat<T>(sphi * flatten(outside_ray_tab(shape, tab, cpx, cpy, rc2_minus_1, std::cos(phi), sphi)));
        },
        cuts);
  }
  Flat<T> previous;
  DoublingTest<flat_size<T>> test;
  for (int r = 0; value(rc2_minus_1) >= geometric_band && r < jacobi_rules; ++r) {
    Flat<T> current = Flat<T>::Zero();
    const detail::GaussRule& rule = chord_rules->at(r);
    for (std::size_t i = 0; i < rule.y.size(); ++i) {
      const double p = rule.y[i], h = std::sqrt((1.0 - p) * (1.0 + p));
      current += rule.w[i] * flatten(outside_ray(shape, profile, cpx, cpy, rc2_minus_1, p, h, false));
    }
    if (r > 0 && test.accept(current, previous)) return current;
    previous = current;
  }
  // p = cos phi, dp = sin phi dphi (the weight h^(2 alpha + 1) now in the integrand).
  return integrate_adaptive<flat_size<T>>(
      [&](double phi) {
        const double sphi = std::sin(phi);
        return Flat<T>(sphi * flatten(outside_ray(shape, profile, cpx, cpy, rc2_minus_1, std::cos(phi), sphi, true)));
      },
      {0.0, 0.25 * pi, 0.5 * pi, 0.75 * pi, pi});
}

// The inside rule, with the rim fallback of edge_fallback_band for the derivatives.
template <class T>
Flat<T> ContactExactModel::Impl::inside_or_rim(const T& cpx, const T& cpy, const T& one_minus_rc2) const {
  if constexpr (std::is_same_v<T, Dual>) {
    if (profile.alpha < 0.0 && value(one_minus_rc2) < edge_fallback_band) {
      try {
        return inside(cpx, cpy, one_minus_rc2);
      } catch (const NumericalError&) {
        Flat<Dual> flat = outside(cpx, cpy, Dual(0.0) - one_minus_rc2);  // taken on the rim (value 0)
        flat.template head<9>() = inside(value(cpx), value(cpy), value(one_minus_rc2));
        return flat;
      }
    }
  }
  return inside(cpx, cpy, one_minus_rc2);
}

template <class T>
Channels<T> ContactExactModel::Impl::icr_polar(const std::array<T, 3>& x) const {
  const double a = shape.a, b = shape.b;
  const T cpx = -(rho / a) * x[1] / x[2], cpy = (rho / b) * x[0] / x[2];
  const T one_minus_rc2 = 1.0 - cpx * cpx - cpy * cpy;
  const Flat<T> flat = value(one_minus_rc2) > rim_band ? inside_or_rim(cpx, cpy, one_minus_rc2) : outside(cpx, cpy, -one_minus_rc2);
  Channels<T> out;
  unflatten(flat, out);
  const double scale = -(value(x[2]) > 0.0 ? 1.0 : -1.0) * a * b / N;
  return to_q(out, scale, rho);
}

template <class T>
Channels<T> ContactExactModel::Impl::channels(const std::array<T, 3>& x) const {
  const double x12 = std::hypot(value(x[0]), value(x[1]));
  if (rho * x12 >= far_ratio * std::max(shape.a, shape.b) * std::abs(value(x[2]))) return tensor(x);
  return icr_polar(x);
}

template <class T>
std::array<T, 3> ContactExactModel::Impl::q(const std::array<T, 3>& x) const {
  const Channels<T> ch = channels(x);
  std::array<T, 3> q{ch[0], ch[1], ch[2]};
  if (!shape.linear) return q;
  T lx = ell_d.x(), ly = ell_d.y();
  const double x12 = std::hypot(value(x[0]), value(x[1]));
  if (shift != 0.0 && x12 > 0.0) {  // l = l_d + (k/max(a, b)) s, s = (x1, x2)/|(x1, x2)|
    const double scale = std::max(std::abs(value(x[0])), std::abs(value(x[1])));  // no underflow
    const T y0 = x[0] / scale, y1 = x[1] / scale;
    const T n = sqrt(y0 * y0 + y1 * y1);
    lx = lx + shift * y0 / n;
    ly = ly + shift * y1 / n;
  }
  for (int i = 0; i < 3; ++i) q[i] = q[i] + lx * ch[3 + i] + ly * ch[6 + i];
  return q;
}

ContactExactModel::ContactExactModel(const Contact& contact, double rho)
    : FrictionModel(std::isfinite(rho) && rho > 0.0 ? rho / std::max(contact.a(), contact.b()) : 1.0,
                    contact.kappa() / rho),
      contact_(contact),
      rho_(rho),
      kappa_(contact.kappa()) {
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("exact contact model: rho must be a positive finite number (got {})", rho));
  const bool tabulated = contact.pressure().is_profile();
  if (!tabulated && !(contact.alpha() >= alpha_min))
    throw InputError(fmt::format("exact contact model: pressure exponent alpha must be >= -1/2 (got {}; below it "
                                 "the Jacobian is not Lipschitz at the rim)", contact.alpha()));
  auto im = std::make_shared<Impl>();
  const double al = tabulated ? 0.0 : contact.alpha();  // a profile is bounded: no edge singularity
  im->shape = {contact.a(), contact.b(), contact.has_linear_factor()};
  im->tabulated = tabulated;
  if (tabulated) im->tab = TabProfile(contact.pressure());
  // integer and half-integer exponents up to recurrence_max use the recurrence of Profile::J0
  const bool recurrence = 2.0 * al == std::floor(2.0 * al) && al <= recurrence_max;
  im->profile = {contact.pressure().kind, al, boost::math::beta(0.5, al + 1.0),
                 std::pow(2.0, 2.0 * al + 1.0) * boost::math::beta(al + 1.0, al + 1.0),
                 recurrence ? static_cast<int>(std::floor(al + 0.5)) : -1};
  im->rho = rho;
  im->N = contact.N();
  im->ell_d = contact.ell_distortion();
  im->shift = contact.shift_scale();
  if (tabulated) {
    // Gauss-Legendre in rhat on each piece: sigma0 du = sigma0(rhat) 2 rhat drhat, a polynomial
    // times the analytic v/|v| of a far ICR
    // held by its shared_ptr: the memo of gauss_jacobi may drop it when another thread fills it
    const std::shared_ptr<const detail::GaussRule> piece = detail::gauss_jacobi(tensor_radii, 0.0, 0.0);
    const NominalPressure& p0 = contact.pressure();
    for (std::size_t k = 1; k < p0.xi.size(); ++k) {
      const double lo = p0.xi[k - 1], half = 0.5 * (p0.xi[k] - lo);
      for (std::size_t i = 0; i < piece->y.size(); ++i) {
        const double r = lo + half * (1.0 + piece->y[i]);
        im->u.push_back(r * r);
        im->wu.push_back(half * piece->w[i] * p0.value(r) * 2.0 * r);
      }
    }
  } else {
    // u = (1 + y)/2 in [0, 1]: (1 - u)^alpha du = 2^(-alpha - 1) (1 - y)^alpha dy.
    const std::shared_ptr<const detail::GaussRule> radial = detail::gauss_jacobi(tensor_radii, al, 0.0);
    for (std::size_t i = 0; i < radial->y.size(); ++i) {
      im->u.push_back(0.5 * (1.0 + radial->y[i]));
      im->wu.push_back(radial->w[i] / std::pow(2.0, al + 1.0));
    }
  }
  im->chord_rules = std::make_shared<const ChordRules>(al + 0.5);
  for (int j = 0; j < tensor_angles; ++j) {
    const double phi = 2.0 * pi * (j + 0.5) / tensor_angles;
    im->cphi.push_back(std::cos(phi));
    im->sphi.push_back(std::sin(phi));
  }
  impl_ = std::move(im);
}

std::unique_ptr<ContactExactModel> ContactExactModel::with_contact(const Contact& contact, double rho) const {
  if (!(contact.pressure() == contact_.pressure())) return std::make_unique<ContactExactModel>(contact, rho);
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("exact contact model: rho must be a positive finite number (got {})", rho));
  auto model = std::make_unique<ContactExactModel>(*this);
  model->contact_ = contact;
  model->rho_ = rho;
  model->kappa_ = contact.kappa();
  model->set_scales(rho / std::max(contact.a(), contact.b()), contact.kappa() / rho);
  auto im = std::make_shared<Impl>(*impl_);  // the quadrature rules depend on alpha only
  im->shape = {contact.a(), contact.b(), contact.has_linear_factor()};
  im->rho = rho;
  im->N = contact.N();
  im->ell_d = contact.ell_distortion();
  im->shift = contact.shift_scale();
  model->impl_ = std::move(im);
  return model;
}

std::unique_ptr<ContactExactModel> ContactExactModel::with_shift(double k) const {
  auto model = std::make_unique<ContactExactModel>(*this);
  model->contact_ = contact_.with_shift(k);  // validates the pressure's sign
  auto im = std::make_shared<Impl>(*impl_);  // the quadrature rules are kept
  im->shape.linear = model->contact_.has_linear_factor();
  im->shift = model->contact_.shift_scale();
  model->impl_ = std::move(im);
  return model;
}

std::string ContactExactModel::description() const {
  return fmt::format("exact, {}, rho = {:.6g}", contact_.description(), rho_);
}

double ContactExactModel::icr_rhat(const Eigen::Vector3d& w) const {
  if (w.z() == 0.0) return std::numeric_limits<double>::infinity();
  return std::hypot(rho_ * w.y() / (w.z() * contact_.a()), rho_ * w.x() / (w.z() * contact_.b()));
}

Eigen::Vector3d ContactExactModel::q_unit(const Eigen::Vector3d& w) const {
  const std::array<double, 3> q = impl_->q(std::array<double, 3>{w.x(), w.y(), w.z()});
  return {q[0], q[1], q[2]};
}

FrictionJacobian ContactExactModel::jacobian_unit(const Eigen::Vector3d& w) const {
  const std::array<Dual, 3> x{Dual::variable(w.x(), 0), Dual::variable(w.y(), 1), Dual::variable(w.z(), 2)};
  const std::array<Dual, 3> q = impl_->q(x);
  FrictionJacobian J;
  for (int i = 0; i < 3; ++i) {
    J.q[i] = q[i].v;
    for (int k = 0; k < 3; ++k) J.dq_dw(i, k) = q[i].d[k];
  }
  // The shift direction jumps at pure spin (contact/shape.hpp).
  J.differentiable = !(contact_.has_shift() && w.x() == 0.0 && w.y() == 0.0);
  return J;
}

std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact) {
  return std::make_unique<ContactExactModel>(contact, contact.kappa());
}
std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact, double rho) {
  return std::make_unique<ContactExactModel>(contact, rho);
}

}  // namespace limitdir
