// The enclosure about the instantaneous centre of rotation of the exact model of an ellipse with
// uniform or Hertz pressure (friction/contact_enclose.hpp; docs/manual.md section 6, "Rigorous enclosures of the
// exact model of an ellipse"). Notation of friction/contact_rays.hpp: the ICR C = rho (-x2, x1)/x3,
// pre-image C' = (C_x/a, C_y/b), the ray at pre-image angle t, e' = (cos t, sin t), d = (a cos t,
// b sin t), lambda = |d|, e = d/lambda; along it v = omega s' J d, so v/|v| = sgn(omega) J e. The
// chord: m = -C'.e', p = C' x e', h = sqrt(1 - p^2), s'_hi = m + h, s'_lo = 0 (C' inside) or
// (|C'|^2 - 1)/(m + h) (outside; = m - h without cancellation); R0 = s'_hi - s'_lo,
// R1 = R0 (s'_hi + s'_lo)/2, R2 = R0 (s'_hi^2 + s'_hi s'_lo + s'_lo^2)/3 (the integrals of s'^k,
// k = 0, 1, 2, over the chord). With N = pi a b:
//   q_12 = -(sgn omega/pi) int J e R1 dt,   q_3 = -(sgn omega/(pi rho)) int (C.e R1 + lambda R2) dt,
//   dq/dx = -(rho/(pi |x3|)) int g g^T R0/lambda dt,   g = (e_x, e_y, a b p/(lambda rho)).
// The Jacobian: d(v/|v|)/dx_i = (I - t t^T)(dv/dx_i)/|v| = e (e . dv/dx_i)/(|omega| s) (s the
// physical distance from C), e . dv/dx_(1,2) = e_(x,y) and e . dv/dx3 = e . J r/rho = (C x e)/rho
// = a b p/(lambda rho); the moment's r x e = C x e; dA = a b s' ds' dt, s = lambda s' [derived
// here; the same differentiation under the integral as friction/contact_model.cpp].
// Each cell [t_m - delta, t_m + delta] of t in [-pi, pi] is integrated by its Taylor model of
// order 12: int f = sum_(k even <= 10) f_k(t_m) 2 delta^(k+1)/(k+1) + f_12(T) 2 delta^13/13,
// f_k the Taylor coefficients (interval Taylor arithmetic, the recurrences of numerics/taylor_series.hpp), f_12(T)
// enclosing f^(12)(xi)/12! for every xi in the cell T (Lagrange's remainder; tau^12 >= 0), when
// f is analytic on T (1 - p^2 > 0 and m + h > 0 there), intersected with the range 2 delta f(T)
// (below); elsewhere by that range alone, with h = sqrt(max(0, 1 - p^2)), s'_hi = max(0, m + h),
// s'_lo = max(0, m - h). Cells are
// halved where the remainder (or the range) is wider than the tolerance and than the part due to
// the box of x. A box of C' across the rim takes s'_lo in [0, min(max(0, |C'|^2 - 1)/(m + h),
// m + h)] as a range term.
// The Hertz pressure (e.hertz): R_k become the weighted H_k of friction/contact_hertz_chord.hpp, N
// becomes (2/3) pi a b (every channel times 3/2), and the Taylor models need only 1 - p^2 > 0 on a
// cell (the H_k are analytic there for C' inside, across or outside the rim alike: no s'_lo term).
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <array>
#include <cmath>
#include <type_traits>
#include <vector>

#include "friction/contact_enclose.hpp"
#include "friction/contact_hertz_chord.hpp"

namespace limitdir::detail::contact_enclose {

namespace {

constexpr int max_order = 13;        // coefficients 0..12 of a Taylor model at fine_tolerance
constexpr int initial_cells = 16;    // of [-pi, pi]
constexpr int max_level = 24;        // halvings of a cell
constexpr int max_cells = 4000;      // then every remaining cell is taken as it is (still rigorous)
// A box of C' outside the rim is integrated in phi (outside below) when its width is at most this
// fraction of |C'|: there the form in phi, free of the tangent rays' square roots, needs ~1/5 of
// the cells of the form in t; on wider boxes its C' appears several times and wraps (the cube
// cover of find-limits ellipse.json took 13600 cells instead of 8100 with it on every box).
constexpr double narrow = 1e-3;

/// The number of Taylor coefficients (odd: the remainder's power is even) for a tolerance: on the
/// 16 initial cells (half-width pi/16) the remainder falls by ~ (pi/16)/0.55 = 0.36 an order for
/// b/a = 1/2 (|Im t| = atanh(b/a) at the integrand's singularities), so 13 coefficients suit
/// 1e-10 and below, 9 a tolerance to 1e-6 and 7 a looser one (the cells are halved as needed).
int order_for(double tolerance) { return tolerance <= 1e-10 ? max_order : tolerance <= 1e-6 ? 9 : 7; }

// ----- truncated Taylor series with interval coefficients -----------------------------------------

/// The coefficients of a product of series in one upward-rounding scope, on raw doubles: each
/// product's bounds are the extremes of its four end-point products rounded upward (the lower
/// one as -((-a) c)), the sums rounded upward likewise (-((-s) - t) below), in the order of
/// Interval's own operations, so the bounds are Interval's to the bit (rounding is monotone, so
/// the extreme of the rounded products is the rounded extreme), without Interval's check of the
/// mode and its barriers at every operation (62% of the time of a cube cover of
/// share/problems/ellipse.json went to the product). A bound that is not finite (0 times an
/// infinite bound, an empty interval) falls back to Interval's operations, which treat it.
class RawUpward {
 public:
  RawUpward() { barrier(); }  // the operands are read after the mode is set
  ~RawUpward() { barrier(); }  // and the results written before it is restored
  /// sum_(j <= k) x_j y_(k-j), enclosed.
  Interval cauchy(const Interval* x, const Interval* y, int k) const {
    double lo = 0.0, hi = 0.0, ends = 0.0;  // -lower and upper of the sum; a sum of every bound
    for (int j = 0; j <= k; ++j) {
      const double a = x[j].lower(), b = x[j].upper(), c = y[k - j].lower(), d = y[k - j].upper();
      ends += (a + b) + (c + d);  // finite only when every bound is
      const double up = std::max(std::max(a * c, a * d), std::max(b * c, b * d));
      const double down = std::max(std::max((-a) * c, (-a) * d), std::max((-b) * c, (-b) * d));
      hi = j == 0 ? up : hi + up;
      lo = j == 0 ? down : lo + down;
    }
    if (!std::isfinite(ends) || !std::isfinite(lo) || !std::isfinite(hi)) {
      Interval t = x[0] * y[k];
      for (int j = 1; j <= k; ++j) t = t + x[j] * y[k - j];
      return t;
    }
    return Interval(-lo, hi, true);
  }

 private:
  static void barrier() { __asm__ volatile("" : : : "memory"); }
  UpwardRounding upward_;
};

/// a[0..n-1]; n = 1 is a constant, which multiplies and divides coefficient by coefficient
/// (the O(n) products by the semi-axes, C' and 2, 3 instead of O(n^2) ones).
struct TS {
  std::array<Interval, max_order> a;
  int n = 1;
  TS() { a.fill(Interval(0.0)); }
  TS(const Interval& c) : TS() { a[0] = c; }  // NOLINT: a constant
  Interval operator[](int k) const { return a[k]; }
};
TS operator+(const TS& x, const TS& y) { TS r; r.n = std::max(x.n, y.n); for (int k = 0; k < r.n; ++k) r.a[k] = x.a[k] + y.a[k]; return r; }
TS operator-(const TS& x, const TS& y) { TS r; r.n = std::max(x.n, y.n); for (int k = 0; k < r.n; ++k) r.a[k] = x.a[k] - y.a[k]; return r; }
TS operator-(const TS& x) { TS r; r.n = x.n; for (int k = 0; k < r.n; ++k) r.a[k] = -x.a[k]; return r; }
TS operator*(const TS& x, const TS& y) {
  TS r;
  r.n = std::max(x.n, y.n);
  if (x.n == 1 || y.n == 1) {
    const TS& c = x.n == 1 ? x : y;
    const TS& v = x.n == 1 ? y : x;
    for (int k = 0; k < r.n; ++k) r.a[k] = c.a[0] * v.a[k];
    return r;
  }
  const RawUpward scope;
  for (int k = 0; k < r.n; ++k) r.a[k] = scope.cauchy(x.a.data(), y.a.data(), k);  // (x y)_k = sum_(j <= k) x_j y_(k-j)
  return r;
}
TS operator/(const TS& x, const TS& y) {
  TS r;
  r.n = std::max(x.n, y.n);
  for (int k = 0; k < r.n; ++k) {  // r_k = (x_k - sum_(j=1..k) y_j r_(k-j)) / y_0
    Interval t = x.a[k];
    for (int j = 1; j <= std::min(k, y.n - 1); ++j) t = t - y.a[j] * r.a[k - j];
    r.a[k] = t / y.a[0];
  }
  return r;
}
TS sqrt(const TS& x) {
  TS r;
  r.n = x.n;
  r.a[0] = boost::numeric::sqrt(x.a[0]);
  for (int k = 1; k < r.n; ++k) {  // r_k = (x_k - sum_(j=1..k-1) r_j r_(k-j)) / (2 r_0)
    Interval t = x.a[k];
    for (int j = 1; j < k; ++j) t = t - r.a[j] * r.a[k - j];
    r.a[k] = t / (2.0 * r.a[0]);
  }
  return r;
}

// ----- cos and sin ------------------------------------------------------------------------------

constexpr double pi_lo = 3.141592653589793;  // the double below pi

Interval pi_interval() { return Interval(pi_lo, std::nextafter(pi_lo, 4.0)); }

Interval factorial(int n) {
  Interval r(1.0);
  for (int k = 2; k <= n; ++k) r = r * Interval(double(k));
  return r;
}

Interval power(const Interval& x, int k) {
  Interval r(1.0);
  for (int i = 0; i < k; ++i) r = r * x;
  return r;
}

Interval symmetric(const Interval& b) { return Interval(-b.upper(), b.upper()); }

/// cos t and sin t for |t| <= 3.2 by their Taylor polynomials of degree 30 and 31 with the
/// remainders |t|^32/32! and |t|^33/33! (Lagrange).
std::pair<Interval, Interval> cos_sin(const Interval& t) {
  // the coefficients (-1)^k/n! (n = 0..33), enclosed once (under the caller's upward rounding)
  static const std::array<Interval, 34> coefficient = [] {
    std::array<Interval, 34> c;
    for (int n = 0; n < 34; ++n) c[n] = Interval((n / 2) % 2 ? -1.0 : 1.0) / factorial(n);
    return c;
  }();
  const Interval t2 = square(t);
  Interval c(0.0), s(0.0);
  for (int k = 15; k >= 0; --k) {
    c = c * t2 + coefficient[2 * k];
    s = s * t2 + coefficient[2 * k + 1];
  }
  s = s * t;
  const Interval m(mag_of(t));
  return {c + symmetric(power(m, 32) * abs(coefficient[32])), s + symmetric(power(m, 33) * abs(coefficient[33]))};
}

/// cos and sin over [t - delta, t + delta] from their values at t: cos(t + D) = cos t cos D -
/// sin t sin D with cos D in [1 - delta^2/2, 1], sin D in [-delta, delta].
std::pair<Interval, Interval> cos_sin_around(const std::pair<Interval, Interval>& cs, const Interval& delta) {
  const Interval cD(1.0 - (square(delta) / 2.0).upper(), 1.0), sD = symmetric(delta);
  return {cs.first * cD - cs.second * sD, cs.second * cD + cs.first * sD};
}

/// The Taylor series of cos and sin about t0 from c0 = cos t0, s0 = sin t0.
/// The Taylor series in tau of cos and sin of t0 + rate tau from c0 = cos t0, s0 = sin t0
/// (rate 1 or 1/2: the powers of the rate are exact).
std::pair<TS, TS> cos_sin_series(const Interval& c0, const Interval& s0, int order, double rate = 1.0) {
  TS c, s;
  c.n = s.n = order;
  const Interval cyc_c[4] = {c0, -s0, -c0, s0}, cyc_s[4] = {s0, c0, -s0, -c0};
  Interval f(1.0);
  for (int k = 0; k < order; ++k) {
    if (k > 1) f = f * Interval(double(k));
    const Interval scale = Interval(std::pow(rate, k)) / f;
    c.a[k] = cyc_c[k % 4] * scale;
    s.a[k] = cyc_s[k % 4] * scale;
  }
  return {c, s};
}

// ----- the integrand ------------------------------------------------------------------------------

enum class Where { inside, outside, across };  // C' relative to the rim, over the box

struct Centre {
  Interval cx, cy, r2m1;  // C' and |C'|^2 - 1
  Interval sigma;         // sqrt(max(0, 1 - |C'|^2)) of the Hertz chord (friction/contact_hertz_chord.hpp)
  Where where;
  bool narrow;  // the box of C' is narrow: the form in phi (outside) does not wrap
};

using Channels = std::array<Interval, 9>;  // int J e R1 (2), C.e R1 + lambda R2, g g^T R0/lambda (6)
template <class V>
using VChannels = std::array<V, 9>;

/// The channels from the ray integrals (the common tail of the smooth and the range forms).
template <class V>
VChannels<V> channels(const Ellipse& e, const Centre& C, const V& c, const V& s, const V& p, const V& R0,
                      const V& R1, const V& R2) {
  const V lam = sqrt(V(Interval(e.a * e.a)) * c * c + V(Interval(e.b * e.b)) * s * s);
  const V il = V(Interval(1.0)) / lam;
  const V ex = V(Interval(e.a)) * c * il, ey = V(Interval(e.b)) * s * il;
  const V g3 = V(Interval(e.a) * e.b / e.rho) * p * il;
  const V Ce = (V(Interval(e.a) * e.a * C.cx) * c + V(Interval(e.b) * e.b * C.cy) * s) * il;
  const V w = R0 * il;
  const V wx = ex * w, wy = ey * w, w3 = g3 * w;
  return {-(ey * R1), ex * R1, Ce * R1 + lam * R2, wx * ex, wx * ey, wx * g3, wy * ey, wy * g3, w3 * g3};
}

/// The Taylor series of the Hertz chord's angle A (friction/contact_hertz_chord.hpp): its value
/// enclosed directly, then A_k = D_(k-1)/k from dA/dt = D = sigma p/h^2.
TS hertz_angle_series(const TS& m, const TS& p, const TS& h2, const Interval& sigma) {
  TS A;
  A.n = m.n;
  A.a[0] = hertz_angle(m[0], sigma);
  const TS D = TS(sigma) * p / h2;
  for (int k = 1; k < A.n; ++k) A.a[k] = D[k - 1] / Interval(double(k));
  return A;
}

/// The smooth form of the Hertz pressure (Taylor models): 1 - p^2 > 0 on the cell.
VChannels<TS> smooth_hertz(const Ellipse& e, const Centre& C, const TS& c, const TS& s) {
  const TS m = -(TS(C.cx) * c + TS(C.cy) * s), p = TS(C.cx) * s - TS(C.cy) * c;
  const TS h2 = TS(Interval(1.0)) - p * p;
  const auto H = hertz_chord(m, h2, TS(C.sigma), hertz_angle_series(m, p, h2, C.sigma));
  return channels(e, C, c, s, p, H[0], H[1], H[2]);
}

/// The smooth form (Taylor models): 1 - p^2 > 0 and m + h > 0 on the cell.
template <class V>
VChannels<V> smooth(const Ellipse& e, const Centre& C, const V& c, const V& s) {
  if constexpr (std::is_same_v<V, TS>)
    if (e.hertz) return smooth_hertz(e, C, c, s);
  const V m = -(V(C.cx) * c + V(C.cy) * s), p = V(C.cx) * s - V(C.cy) * c;
  const V h = sqrt(V(Interval(1.0)) - p * p), hi = m + h;
  const V lo = C.where == Where::outside ? V(C.r2m1) / hi : V(Interval(0.0));
  const V R0 = hi - lo;
  return channels(e, C, c, s, p, R0, R0 * (hi + lo) / V(Interval(2.0)),
                  R0 * (hi * hi + hi * lo + lo * lo) / V(Interval(3.0)));
}

/// C' outside the rim (|C'| > 1), in the variable phi of p = sin phi (phi in [-pi/2, pi/2] over
/// the rays that meet the contact, the cell variable t = 2 phi): the chord's h = cos phi and
/// m = sqrt(|C'|^2 - sin^2 phi) > 0 are analytic up to the tangent rays phi = +-pi/2, where the
/// ray angle has a square-root singularity. With n = (-C'_y, C'_x)/|C'|, e' = (m (-C') + s |C'| n)/
/// |C'|^2 (so that -C'.e' = m and C' x e' = s), dp/dt = C'.e' = -m, so dt = (cos phi/m) dphi and
/// dphi = dt/2: each channel carries cos phi/(2 m). c = cos phi, s = sin phi. The Hertz chord:
/// H0 = pi h^2/2, H1 = m H0, H2 = (m^2 + h^2/4) H0 (friction/contact_hertz_chord.hpp).
template <class V>
VChannels<V> outside(const Ellipse& e, const Centre& C, const V& c, const V& s) {
  const V rho2 = V(C.r2m1 + 1.0), cx = V(C.cx), cy = V(C.cy);
  const V m = sqrt(rho2 - s * s);
  const V ct = -(cx * m + cy * s) / rho2, st = (cx * s - cy * m) / rho2;
  VChannels<V> f;
  if (e.hertz) {
    const V H0 = V(pi_interval() / 2.0) * c * c;
    f = channels(e, C, ct, st, s, H0, m * H0, (m * m + c * c / V(Interval(4.0))) * H0);
  } else {
    const V hi = m + c, lo = V(C.r2m1) / hi;
    const V R0 = hi - lo;
    f = channels(e, C, ct, st, s, R0, R0 * (hi + lo) / V(Interval(2.0)),
                 R0 * (hi * hi + hi * lo + lo * lo) / V(Interval(3.0)));
  }
  const V jacobian = c / (V(Interval(2.0)) * m);
  for (auto& x : f) x = x * jacobian;
  return f;
}

Interval positive_part(const Interval& x) { return Interval(std::max(x.lower(), 0.0), std::max(x.upper(), 0.0)); }

/// The range form (any ray): h = sqrt(max(0, 1 - p^2)), s'_hi = max(0, m + h), s'_lo = max(0, m - h);
/// for the Hertz pressure its chord's formulas with h^2 = max(0, 1 - p^2).
Channels range(const Ellipse& e, const Centre& C, const Interval& c, const Interval& s) {
  const Interval m = -(C.cx * c + C.cy * s), p = C.cx * s - C.cy * c;
  if (e.hertz) {
    const Interval h2 = positive_part(Interval(1.0) - square(p));
    const auto H = hertz_chord(m, h2, C.sigma, hertz_angle(m, C.sigma));
    return channels<Interval>(e, C, c, s, p, H[0], H[1], H[2]);
  }
  const Interval h = boost::numeric::sqrt(positive_part(Interval(1.0) - square(p)));
  const Interval hi = positive_part(m + h), lo = C.where == Where::inside ? Interval(0.0) : positive_part(m - h);
  const Interval R0 = positive_part(hi - lo);
  return channels<Interval>(e, C, c, s, p, R0, R0 * (hi + lo) / 2.0, R0 * (square(hi) + hi * lo + square(lo)) / 3.0);
}

// ----- the cells ----------------------------------------------------------------------------------

struct Cell {
  int k, level;  // the k-th of initial_cells 2^level cells of [-pi, pi]
};

struct Sum {
  Channels total{};
  int cells = 0;
};

/// The midpoint and half-width of a cell.
std::pair<Interval, Interval> geometry(const Cell& cell) {
  const Interval pi = pi_interval(), n(double(initial_cells) * std::ldexp(1.0, cell.level));
  return {-pi + Interval(2.0 * cell.k + 1.0) * pi / n, pi / n};
}

/// The Taylor model's integral over a cell of half-width delta: the even terms of the series fm
/// at the midpoint and the remainder from the last coefficient of fT over the cell.
std::pair<Interval, Interval> taylor_integral(const TS& fm, const TS& fT, const Interval& delta) {
  const int order = fm.n;
  const Interval two_delta = 2.0 * delta;
  Interval main(0.0);
  for (int k = 0; k < order - 1; k += 2) main = main + fm[k] * (two_delta * power(delta, k) / double(k + 1));
  return {main, fT[order - 1] * (two_delta * power(delta, order - 1) / double(order))};  // 2 delta^K/K
}

/// A cell of phi = t/2 for C' outside the rim (outside above): analytic on every cell.
std::pair<Channels, bool> examine_outside(const Ellipse& e, const Centre& C, const Cell& cell) {
  const auto [tm, delta] = geometry(cell);
  const Interval half = delta / 2.0;
  const auto cs_m = cos_sin(tm / 2.0);
  const auto cs_T = cos_sin_around(cs_m, half);
  const int order = order_for(e.tolerance);
  const auto [cT, sT] = cos_sin_series(cs_T.first, cs_T.second, order, 0.5);
  const auto [cm, sm] = cos_sin_series(cs_m.first, cs_m.second, order, 0.5);
  const auto fT = outside<TS>(e, C, cT, sT), fm = outside<TS>(e, C, cm, sm);
  const Channels fr = outside<Interval>(e, C, cs_T.first, cs_T.second);
  const double scale = (e.tolerance * delta / pi_interval()).upper();
  Channels out{};
  bool halve = false;
  for (int j = 0; j < 9; ++j) {
    const auto [main, rem] = taylor_integral(fm[j], fT[j], delta);
    out[j] = meet(main + rem, 2.0 * delta * fr[j]);
    if (std::min(width_of(rem), width_of(out[j])) > std::max(scale, 0.5 * width_of(main))) halve = true;
  }
  return {out, halve};
}

/// The contribution of one cell and whether it should be halved.
std::pair<Channels, bool> examine(const Ellipse& e, const Centre& C, const Cell& cell) {
  if (C.where == Where::outside && C.narrow) return examine_outside(e, C, cell);
  const auto [tm, delta] = geometry(cell);
  const auto cs_m = cos_sin(tm);
  const auto cs_T = cos_sin_around(cs_m, delta);
  const Interval m = -(C.cx * cs_T.first + C.cy * cs_T.second), p = C.cx * cs_T.second - C.cy * cs_T.first;
  const Interval disc = Interval(1.0) - square(p);
  const Interval reach = m + boost::numeric::sqrt(positive_part(disc));
  Channels out{};
  for (auto& x : out) x = Interval(0.0);
  if (disc.upper() <= 0.0 || reach.upper() <= 0.0) return {out, false};  // no ray of the cell meets the contact
  const Interval two_delta = 2.0 * delta, scale = e.tolerance * delta / pi_interval();
  // next to a tangent ray the chord is ~ sqrt of the distance, a cell's range ~ delta^(3/2):
  // such a cell is taken once its width is below tolerance sqrt(delta/pi) (the widths of a chain
  // of halvings down to a tangent ray then sum to a few times the tolerance, instead of halving
  // it max_level times whatever the tolerance)
  const double near_tangent = (e.tolerance * sqrt(delta / pi_interval())).lower();
  bool halve = false;
  // the Hertz chord's formulas are analytic wherever 1 - p^2 > 0 (friction/contact_hertz_chord.hpp)
  if (disc.lower() > 0.0 && (e.hertz || reach.lower() > 0.0)) {
    const int order = order_for(e.tolerance);
    const auto [cT, sT] = cos_sin_series(cs_T.first, cs_T.second, order);
    const auto [cm, sm] = cos_sin_series(cs_m.first, cs_m.second, order);
    const auto fT = smooth<TS>(e, C, cT, sT), fm = smooth<TS>(e, C, cm, sm);
    Channels across{};
    const bool lowered = C.where == Where::across && !e.hertz;
    if (lowered) {  // s'_lo in [0, eps]: R_k lowered by [0, eps^(k+1)/(k+1)]
      const Interval eps(0.0, std::max(0.0, std::min((C.r2m1 / reach).upper(), reach.upper())));  // s'_lo <= s'_hi
      across = channels<Interval>(e, C, cs_T.first, cs_T.second, p, -eps, -square(eps) / 2.0, -power(eps, 3) / 3.0);
    }
    // the range form is an enclosure too: near a tangent ray it is the narrower one
    const Channels fr = range(e, C, cs_T.first, cs_T.second);
    for (int j = 0; j < 9; ++j) {
      const auto [main, rem] = taylor_integral(fm[j], fT[j], delta);
      out[j] = meet(main + rem + (lowered ? two_delta * across[j] : Interval(0.0)), two_delta * fr[j]);
      if (std::min(width_of(rem), width_of(out[j])) > std::max(scale.upper(), 0.5 * width_of(main)) &&
          !(width_of(rem) > width_of(two_delta * fr[j]) && width_of(out[j]) <= near_tangent))
        halve = true;
    }
    return {out, halve};
  }
  const Channels fT = range(e, C, cs_T.first, cs_T.second), fm = range(e, C, cs_m.first, cs_m.second);
  for (int j = 0; j < 9; ++j) {
    out[j] = two_delta * fT[j];
    if (width_of(out[j]) > std::max({scale.upper(), 4.0 * width_of(two_delta * fm[j]), near_tangent})) halve = true;
  }
  return {out, halve};
}

Sum integrate(const Ellipse& e, const Centre& C) {
  Sum sum;
  for (auto& x : sum.total) x = Interval(0.0);
  std::vector<Cell> work;
  for (int k = initial_cells - 1; k >= 0; --k) work.push_back({k, 0});
  while (!work.empty()) {
    const Cell cell = work.back();
    work.pop_back();
    ++sum.cells;
    const auto [contribution, halve] = examine(e, C, cell);
    if (halve && cell.level < max_level && sum.cells + static_cast<int>(work.size()) < max_cells) {
      work.push_back({2 * cell.k + 1, cell.level + 1});
      work.push_back({2 * cell.k, cell.level + 1});
      continue;
    }
    for (int j = 0; j < 9; ++j) sum.total[j] = sum.total[j] + contribution[j];
  }
  return sum;
}

}  // namespace

std::optional<QEnclosure> about_icr(const Ellipse& e, const IVec3& x) {
  if (contains_zero(x(2))) return std::nullopt;
  Centre C;
  const Interval k = Interval(e.rho) / x(2);
  C.cx = -(k * x(1)) / e.a;
  C.cy = (k * x(0)) / e.b;
  C.r2m1 = square(C.cx) + square(C.cy) - 1.0;
  C.where = C.r2m1.upper() < 0.0 ? Where::inside : C.r2m1.lower() > 0.0 ? Where::outside : Where::across;
  C.sigma = boost::numeric::sqrt(positive_part(-C.r2m1));
  C.narrow = width_of(C.cx) + width_of(C.cy) <= narrow * (mag_of(C.cx) + mag_of(C.cy));
  const Sum s = integrate(e, C);
  // n = N/(a b): pi, or 2 pi/3 for the Hertz pressure (N of contact/shape.hpp)
  const Interval n = pi_interval() * (e.hertz ? Interval(2.0) / 3.0 : Interval(1.0)), sgn(x(2).lower() > 0.0 ? 1.0 : -1.0);
  const Interval jac = -(Interval(e.rho) / (n * abs(x(2))));
  QEnclosure out;
  out.q(0) = -(sgn / n) * s.total[0];
  out.q(1) = -(sgn / n) * s.total[1];
  out.q(2) = -(sgn / (n * e.rho)) * s.total[2];
  const int idx[3][3] = {{3, 4, 5}, {4, 6, 7}, {5, 7, 8}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out.dq_dw(i, j) = jac * s.total[idx[i][j]];
  return out;
}

}  // namespace limitdir::detail::contact_enclose
