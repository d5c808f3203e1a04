// Chebyshev series and their real roots: see numerics/chebyshev.hpp.
#include "numerics/chebyshev.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <memory>

#include "numerics/arb_support.hpp"

namespace limitdir::detail {

namespace {

// A root is isolated down to cells of 1e-12 in theta (~5e3 ulps of pi): narrower is a root of
// multiplicity > 1 (a cusp of a diagram), which is left undecided. Cells are split at a
// non-dyadic ratio so that no split point is a likely root (theta = pi/2, pi/4 ...).
constexpr double min_cell = 1e-12;
constexpr double split_ratio = 0.4873;
// Isolated roots are narrowed towards 2e-15 in theta (~4 ulps of pi) by keeping the sign change.
constexpr double root_width = 2e-15;
// The cells examined for one series: a simple root costs ~40 levels of 2 cells, and a cell
// away from the roots is dropped once its width is below |p|/L1 (L1 ~ the degree for the
// decaying coefficients of the friction models), so ~pi deg cells; 1e5 covers degree 800
// (two harmonic series of degree 400 multiplied) with room.
constexpr int max_cells = 100000;
// Newton steps of the double estimate of a root inside its proven cell: quadratic convergence
// from a cell where p' keeps its sign needs ~6; the rest is bisection's 53 bits of a double.
constexpr int max_newton_steps = 60;
// A Newton step dx below 1e-9 leaves x - dx within |p''/(2 p')| dx^2 < 1e-16 of the root while
// |p''/p'| < 200 (a root closer than 1/200 to a fold's would have stopped the isolation of its cell
// much later); a worse estimate only costs the proof around it a wider try.
constexpr double newton_converged = 1e-9;
// The tries of a proven cell around that estimate, 4 times wider each: from the rounding of p
// at the estimate to 4^8 ~ 6e4 times it (a poor estimate is left to bisection).
constexpr int max_widenings = 8;
// A proven cell up to 32 root_width (6e-14 rad, ~30 ulps of pi) is narrow enough: its middle is
// the root to 3e-14, far inside the tolerance of the Newton refinement the roots seed; a wider
// one is narrowed further in Arb.
constexpr double narrow_enough = 32 * root_width;
// Arb narrows a cell proven in double only when that gains more than 8 times in width (~3 Arb
// evaluations, each ~20 double ones, for at most 3 bits of the root).
constexpr double arb_gain = 8.0;
// libm's acos is within an ulp or so; moved by 4 u / sin theta, doubled 6 times (to 128 u /
// sin theta) its cosine clears cos_double's bound of a few u, else Arb settles the angle.
constexpr int max_angle_steps = 8;

// Bits for Clenshaw's recurrence: 64 (11 more than a double) + 2 a term, above the 1.27 bits
// a term (log2(1 + sqrt 2)) its radius can grow by.
slong bits_for(std::size_t n) { return 64 + 2 * static_cast<slong>(n); }

// The rounding error bounds of the double evaluation (round to nearest, no contraction into
// fma: lib/CMakeLists.txt compiles with -ffp-contract=off). A rounding of z gives fl(z) with
// |fl(z) - z| <= u |fl(z)| + 2^-1075 (Higham, Accuracy and Stability, (2.5), and gradual underflow).
constexpr double unit = 0x1p-53;           // u
constexpr double underflow = 0x1p-1074;    // 2^-1075 rounded up, for each rounding
// A bound summed from at most 16 round-to-nearest operations on nonnegative doubles is below
// its exact value by at most a factor (1 - u)^16 > 1 - 2^-49: times 1 + 2^-48 (itself rounded)
// it is above it.
constexpr double margin = 1.0 + 0x1p-48;
// The sum S of n nonnegative doubles summed in double is within (n - 1) u S of its exact value
// (Higham (4.4)); 1.02 u S covers u times the exact sum for n u < 0.01 (n < 1e13 terms).
constexpr double sum_factor = 1.02;

// A double and a bound of its error: |value - exact| <= err.
struct Approx {
  double value, err;
};

// sum_j a_j T_j(y), y a double in [-1, 1], by Clenshaw's recurrence in double. Step j
// computes b_j = ((2y) b_{j+1} - b_{j+2}) + a_j with three roundings (2y is exact), so
// b^_j = a_j + 2y b^_{j+1} - b^_{j+2} + delta_j, |delta_j| <= u (|t1| + |t2| + |b^_j|) (+ 3
// underflows), t1, t2 the rounded intermediates. The errors e_j = b^_j - b_j obey
// e_j = 2y e_{j+1} - e_{j+2} + delta_j, so e_j = sum_{k>=j} U_{k-j}(y) delta_k, and the last
// step p = y b_1 - b_2 + a_0 leaves p^ - p = sum_k T_k(y) delta_k (y U_{k-1} - U_{k-2} = T_k):
// |p^ - p| <= sum_k |delta_k| as |T_k(y)| <= 1. The errors do not grow with the degree.
Approx clenshaw_double(const double* a, std::size_t n, double y) {
  if (n == 0) return {0.0, 0.0};
  const double y2 = 2.0 * y;
  double b1 = 0.0, b2 = 0.0, S = 0.0;
  for (std::size_t j = n - 1; j >= 1; --j) {
    const double t1 = y2 * b1, t2 = t1 - b2, b = t2 + a[j];
    S += std::abs(t1) + std::abs(t2) + std::abs(b);
    b2 = b1;
    b1 = b;
  }
  const double t1 = y * b1, t2 = t1 - b2, v = t2 + a[0];
  S += std::abs(t1) + std::abs(t2) + std::abs(v);
  return {v, (sum_factor * unit * S + static_cast<double>(3 * n + 6) * underflow) * margin};
}

// p, p_y and p_yy (their series a, d, e, each padded to n terms with zeros) at one y: the
// three recurrences of clenshaw_double in one loop, each with its own bound.
std::array<Approx, 3> clenshaw3(const double* a, const double* d, const double* e, std::size_t n, double y) {
  if (n == 0) return {};
  const double y2 = 2.0 * y;
  double a1 = 0.0, a2 = 0.0, d1 = 0.0, d2 = 0.0, e1 = 0.0, e2 = 0.0, Sa = 0.0, Sd = 0.0, Se = 0.0;
  for (std::size_t j = n - 1; j >= 1; --j) {
    const double ta = y2 * a1, ua = ta - a2, ba = ua + a[j];
    const double td = y2 * d1, ud = td - d2, bd = ud + d[j];
    const double te = y2 * e1, ue = te - e2, be = ue + e[j];
    Sa += (std::abs(ta) + std::abs(ua)) + std::abs(ba);
    Sd += (std::abs(td) + std::abs(ud)) + std::abs(bd);
    Se += (std::abs(te) + std::abs(ue)) + std::abs(be);
    a2 = a1;
    a1 = ba;
    d2 = d1;
    d1 = bd;
    e2 = e1;
    e1 = be;
  }
  const double ta = y * a1, ua = ta - a2, va = ua + a[0];
  const double td = y * d1, ud = td - d2, vd = ud + d[0];
  const double te = y * e1, ue = te - e2, ve = ue + e[0];
  Sa += std::abs(ta) + std::abs(ua) + std::abs(va);
  Sd += std::abs(td) + std::abs(ud) + std::abs(vd);
  Se += std::abs(te) + std::abs(ue) + std::abs(ve);
  const double floor = static_cast<double>(3 * n + 6) * underflow;
  return {Approx{va, (sum_factor * unit * Sa + floor) * margin}, Approx{vd, (sum_factor * unit * Sd + floor) * margin},
          Approx{ve, (sum_factor * unit * Se + floor) * margin}};
}

// Horner's scheme for sum_k c_k x^k, 0 <= x <= 1, with its rounding error: as for Clenshaw,
// an error delta_k made at step k reaches the result times x^k <= 1, |delta_k| <= u (|x y| + |y|).
Approx horner(const double* c, int n, double x) {
  double y = c[n - 1], S = 0.0;
  for (int k = n - 2; k >= 0; --k) {
    const double t = x * y;
    y = t + c[k];
    S += std::abs(t) + std::abs(y);
  }
  return {y, (sum_factor * unit * S + static_cast<double>(2 * n) * underflow) * margin};
}

// (-1)^k / (2k)! and (-1)^k / (2k+1)!, k = 0..8, each rounded to nearest (so within u of it).
constexpr int taylor_terms = 9;
constexpr double cos_taylor[] = {0x1.0000000000000p+0,  -0x1.0000000000000p-1, 0x1.5555555555555p-5,
                                 -0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16, -0x1.27e4fb7789f5cp-22,
                                 0x1.1eed8eff8d898p-29, -0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-45};
constexpr double sin_taylor[] = {0x1.0000000000000p+0,  -0x1.5555555555555p-3, 0x1.1111111111111p-7,
                                 -0x1.a01a01a01a01ap-13, 0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26,
                                 0x1.6124613a86d09p-33, -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49};
// pi/2 = half_pi + half_pi_tail + O(1e-32), pi = 2 half_pi + pi_tail + O(1e-32) (rounded to nearest).
constexpr double half_pi = 0x1.921fb54442d18p+0, half_pi_tail = 0x1.1a62633145c07p-54;
constexpr double pi_tail = 0x1.1a62633145c07p-53;
// The double just above pi (pi rounded down is 2 half_pi = 0x1.921fb54442d18p+1): angle_pi().
constexpr double pi_up = 0x1.921fb54442d19p+1;
// The error of cos z by its Taylor polynomial of degree 16 for 0 <= z <= pi/4 + 1e-15, beyond
// Horner's: the coefficients' rounding (u cosh z <= 1.33 u), that of x = z^2 (|d cos / dx| <= 0.55
// times u x <= 0.62 u: 0.35 u) and the remainder (z^18/18! < 2.1e-18 < 0.02 u): <= 1.7 u.
constexpr double cos_extra = 2.0 * unit;
// The same for sin t / t, |t| <= pi/4 + 1e-15 (degree 16): coefficients u sinh t / t <= 1.11 u,
// x = t^2: |d/dx| <= 0.19 times 0.62 u, remainder t^18/19! < 1e-19 < 0.001 u: <= 1.3 u.
constexpr double sinc_extra = 1.3 * unit;
// Absolute errors of the reductions: pi/2 and pi beyond their two doubles (< 1e-32 each).
constexpr double reduction_floor = 1e-31;

// cos z for 0 <= z <= pi/4 (+1e-15), z exact.
Approx cos_small(double z) {
  const Approx c = horner(cos_taylor, taylor_terms, z * z);
  return {c.value, (c.err + cos_extra + 2.0 * underflow) * margin};
}

// cos theta for theta in [0, pi] (pi_up: -1 exactly) in double, with a rigorous bound:
// theta <= pi/4 by the cosine's Taylor series; up to 3pi/4 as -sin(theta - pi/2), theta - half_pi
// exact (Sterbenz: theta in [half_pi/2, 2 half_pi]); beyond as -cos(pi - theta), 2 half_pi - theta exact
// (Sterbenz). The result is clamped to [-1, 1], which cos theta is in.
Approx cos_double(double theta) {
  if (theta == pi_up) return {-1.0, 0.0};
  Approx r{};
  if (theta <= 0.5 * half_pi) {
    r = cos_small(theta);
  } else if (theta <= 1.5 * half_pi) {
    const double t = (theta - half_pi) - half_pi_tail;  // |t - exact| <= u |t| + 1e-32
    const Approx q = horner(sin_taylor, taylor_terms, t * t);
    const double s = t * q.value;  // sin t
    r = {-s, (unit * std::abs(s) + unit * std::abs(t) + std::abs(t) * (q.err + sinc_extra) + reduction_floor +
              3.0 * underflow) *
                 margin};
  } else {
    const double z = (2.0 * half_pi - theta) + pi_tail;  // pi - theta, |z - exact| <= u z + 1e-32
    const Approx c = cos_small(z);
    r = {-c.value, (c.err + unit * z + reduction_floor + underflow) * margin};
  }
  r.value = std::clamp(r.value, -1.0, 1.0);
  return r;
}

// A point theta seen through the double y^ = cos(theta^) nearest to what cos_double gives:
// |theta - theta^| <= eta. For 0 <= a <= b <= pi, cos a - cos b = 2 sin((a+b)/2) sin((b-a)/2)
// >= 2 sin^2((b-a)/2) >= 2 ((b-a)/pi)^2, so b - a <= (pi/sqrt 2) sqrt(e) with e the error of y^;
// and b - a <= e / min sin between, sin >= sin theta - that bound, sin theta >= x - x^3/6 and
// >= (2/pi) x (Jordan), x = min(theta, pi - theta).
struct Angle {
  double y, eta;
};
Angle angle_of(double theta) {
  const Approx c = cos_double(theta);
  if (c.err == 0.0) return {c.value, 0.0};
  // sin theta >= x - x^3/6 >= (2/pi) x, x = min(theta, pi - theta) (pi - theta >= 2 half_pi - theta)
  const double x = std::min(theta, 2.0 * half_pi - theta);
  const double sin_low = std::max(x - x * x * x * (1.0 / 6.0), 0.6365 * x) * (1.0 - 8.0 * unit);  // 2/pi = 0.63662
  // holder <= sin_low / 10 (holder^2 = (pi^2 / 2) err, 100 pi^2 / 2 = 493.5) without the root
  if (sin_low * sin_low >= 494.0 * c.err * margin) return {c.value, c.err / (0.9 * sin_low) * margin};
  const double holder = 2.2215 * std::sqrt(c.err) * margin;  // pi / sqrt 2 = 2.22144...
  if (sin_low > 2.0 * holder) return {c.value, std::min(holder, c.err / (sin_low - holder) * margin)};
  return {c.value, holder};
}

// A value v +- B (|exact - v| <= B). Every comparison below is made on sums of such radii
// times margin, so it holds for the exact sums.
struct Ball {
  double v, B;
  /// Both ends strictly of one sign.
  bool signed_() const { return std::abs(v) > B * margin; }
  static Ball of(const Interval& x) {
    const double m = mid_of(x);
    return {m, std::max(x.upper() - m, m - x.lower()) * margin};  // inf when x is not bounded
  }
};

// sum_j a_j T_j(y) in Arb balls (Clenshaw's recurrence).
void clenshaw(arb_t out, arb_srcptr a, slong n, const arb_t y, slong prec) {
  if (n == 0) {
    arb_zero(out);
    return;
  }
  arb_t b1, b2, t, y2;
  arb_init(b1);
  arb_init(b2);
  arb_init(t);
  arb_init(y2);
  arb_mul_2exp_si(y2, y, 1);
  for (slong j = n - 1; j >= 1; --j) {  // b_j = a_j + 2 y b_{j+1} - b_{j+2}
    arb_mul(t, y2, b1, prec);
    arb_sub(t, t, b2, prec);
    arb_add(t, t, a + j, prec);
    arb_swap(b2, b1);
    arb_swap(b1, t);
  }
  arb_mul(t, y, b1, prec);
  arb_sub(t, t, b2, prec);
  arb_add(out, t, a, prec);
  arb_clear(b1);
  arb_clear(b2);
  arb_clear(t);
  arb_clear(y2);
}

// A series in double: the middles m_j of its coefficients, bounds rho_j of their distance to
// the exact ones, and radius >= sum_j rho_j (|T_j(y)| <= 1 on [-1, 1]). Sums of n nonnegative
// terms of a few roundings each are within (n + 4) u of their exact value (Higham (4.4)):
// the factor 1 + (2n + 10) u covers it.
struct Middles {
  std::vector<double> mid, rho;
  double radius = 0.0;
  void sum_radius() {
    double r = 0.0;
    for (double x : rho) r += x;
    radius = r * (1.0 + static_cast<double>(2 * rho.size() + 10) * unit) + static_cast<double>(rho.size()) * underflow;
  }
  explicit Middles(const ChebyshevSeries& a) {
    for (const Interval& x : a) {
      const double m = mid_of(x);
      mid.push_back(m);
      rho.push_back(std::max(x.upper() - m, m - x.lower()) * margin);
    }
    sum_radius();
  }
  /// The series of the derivative by the recurrence of chebyshev_derivative in double: a step
  /// b_{j-1} = b_{j+1} + (2j) m_j makes two roundings, within u (|2j m_j| + |b_{j-1}|), added to
  /// its bound with the rho's.
  Middles derivative() const {
    const std::size_t n = mid.size();
    if (n <= 1) return Middles(ChebyshevSeries{Interval(0.0)});
    std::vector<double> b(n + 1, 0.0), e(n + 1, 0.0);
    for (std::size_t j = n - 1; j >= 1; --j) {
      const double t = 2.0 * static_cast<double>(j) * mid[j];
      b[j - 1] = b[j + 1] + t;
      e[j - 1] = (e[j + 1] + 2.0 * static_cast<double>(j) * rho[j] + unit * (std::abs(t) + std::abs(b[j - 1])) + 2.0 * underflow) * margin;
    }
    b[0] *= 0.5;
    e[0] *= 0.5;
    Middles out(ChebyshevSeries{});
    out.mid.assign(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n - 1));
    out.rho.assign(e.begin(), e.begin() + static_cast<std::ptrdiff_t>(n - 1));
    out.sum_radius();
    return out;
  }
};

// sum_j j^k |a_j| (k = 1, 2, 3) rounded up: the Lipschitz bounds L1, L2, L3 of p, p', p'' in theta.
double lipschitz(const ChebyshevSeries& a, int k) {
  double L = 0.0;
  for (std::size_t j = 1; j < a.size(); ++j) {
    const double J = static_cast<double>(j);
    L += (k == 1 ? J : k == 2 ? J * J : J * J * J) * mag_of(a[j]);
  }
  return L * (1.0 + static_cast<double>(2 * a.size() + 10) * unit) + static_cast<double>(a.size()) * underflow;
}

// The series of p and of dp/dy as Arb balls (their middles), made when a value is first asked of Arb.
class ArbSeries {
 public:
  ArbSeries(const std::vector<double>& a, const std::vector<double>& d)
      : n_(static_cast<slong>(a.size())), nd_(static_cast<slong>(d.size())), prec_(bits_for(a.size())) {
    a_ = _arb_vec_init(std::max<slong>(n_, 1));
    d_ = _arb_vec_init(std::max<slong>(nd_, 1));
    for (slong j = 0; j < n_; ++j) arb_set_d(a_ + j, a[static_cast<std::size_t>(j)]);
    for (slong j = 0; j < nd_; ++j) arb_set_d(d_ + j, d[static_cast<std::size_t>(j)]);
  }
  ~ArbSeries() {
    _arb_vec_clear(a_, std::max<slong>(n_, 1));
    _arb_vec_clear(d_, std::max<slong>(nd_, 1));
  }
  ArbSeries(const ArbSeries&) = delete;
  ArbSeries& operator=(const ArbSeries&) = delete;

  /// The middles' p at y = cos(theta) (y = sign exactly when sign != 0).
  Interval at(double theta, int sign) const {
    NearestRounding nearest;
    arb_t y, v;
    arb_init(y);
    arb_init(v);
    if (sign != 0) {
      arb_set_si(y, sign);
    } else {
      arb_set_d(y, theta);
      arb_cos(y, y, prec_);
    }
    clenshaw(v, a_, n_, y, prec_);
    const Interval r = interval_of_ball(v, prec_);
    arb_clear(y);
    arb_clear(v);
    return r;
  }
  /// -sin(theta) and the middles' dp/dy at cos(theta).
  std::pair<Interval, Interval> slope(double theta) const {
    NearestRounding nearest;
    arb_t t, y, s, v;
    arb_init(t);
    arb_init(y);
    arb_init(s);
    arb_init(v);
    arb_set_d(t, theta);
    arb_sin_cos(s, y, t, prec_);
    clenshaw(v, d_, nd_, y, prec_);
    const std::pair<Interval, Interval> r{-interval_of_ball(s, prec_), interval_of_ball(v, prec_)};
    arb_clear(t);
    arb_clear(y);
    arb_clear(s);
    arb_clear(v);
    return r;
  }

 private:
  slong n_, nd_, prec_;
  arb_ptr a_ = nullptr, d_ = nullptr;
};

// p and dp/dtheta at points theta, and the Lipschitz bounds L1, L2 of numerics/chebyshev.hpp.
// Each value comes in two enclosures: fast() in double with the rounding bounds above (a few
// ulps of the terms, plus L1 or L2 times the angle's eta), arb() from Clenshaw in Arb at
// bits_for(deg) bits (the middles exactly, the radii apart: a ball's radius would grow like
// (1 + sqrt 2)^deg through the recurrence, while sum_j r_j T_j(y) is at most 2 sum_j r_j:
// |T_j(y)| <= 2 for |y| <= 1 + 2^-prec, T_j(1 + d) <= cosh(j sqrt(2 d) (1 + d)), j sqrt(2 d) < 1).
class Evaluator {
 public:
  explicit Evaluator(const ChebyshevSeries& a)
      : a_(a), d_(a_.derivative()), dd_(d_.derivative()), L1_(lipschitz(a, 1)), L2_(lipschitz(a, 2)),
        L3_(lipschitz(a, 3)) {
    d_pad_ = d_.mid;
    dd_pad_ = dd_.mid;
    d_pad_.resize(a_.mid.size(), 0.0);
    dd_pad_.resize(a_.mid.size(), 0.0);
  }

  /// p, dp/dtheta and d^2p/dtheta^2 at theta in double (see fast and derivatives).
  struct Point {
    Ball p, slope, curvature;
  };
  Point fast_all(double theta, const Angle& t) const {
    const auto v = clenshaw3(a_.mid.data(), d_pad_.data(), dd_pad_.data(), a_.mid.size(), t.y);
    const auto [slope, curvature] = derivatives(theta, t, v[1], v[2]);
    return {{v[0].value, (v[0].err + a_.radius + L1_ * t.eta) * margin}, slope, curvature};
  }

  double L1() const { return L1_; }
  double L2() const { return L2_; }
  double L3() const { return L3_; }
  /// sum_j rho_j: the coefficients' radii.
  double radius() const { return a_.radius; }

  /// p at theta in double (t = angle_of(theta); theta == pi_up: y = -1 exactly).
  Ball fast(const Angle& t) const {
    const Approx v = clenshaw_double(a_.mid.data(), a_.mid.size(), t.y);
    return {v.value, (v.err + a_.radius + L1_ * t.eta) * margin};
  }
  /// p at theta in Arb.
  Interval arb(double theta) const {
    if (theta == pi_up) return arb_end(-1);
    return series().at(theta, 0) + radius(a_);
  }
  /// p at theta in double with the angle's error through the local slope (for narrowing, where
  /// eta L1 would dominate): see fast_point.
  Ball fast_precise(double theta) const { return fast_point(theta).p; }
  /// p, p', p'' at theta in double, each at theta^ plus the angle's error through the next
  /// derivative: eta (|p'| + eta L2 / 2) for p (when below L1 eta), L2 eta, L3 eta.
  Point fast_point(double theta) const {
    const Angle t = angle_of(theta);
    Point x = fast_all(theta, Angle{t.y, 0.0});
    const double local = t.eta * (std::abs(x.slope.v) + x.slope.B + t.eta * (0.5 * L2_));
    x.p.B = (x.p.B + std::min(L1_ * t.eta, local)) * margin;
    x.slope.B = (x.slope.B + L2_ * t.eta) * margin;
    x.curvature.B = (x.curvature.B + L3_ * t.eta) * margin;
    return x;
  }
  /// p at y = +-1 in double (exact points: only Clenshaw's rounding).
  Ball fast_end(int sign) const { return fast(Angle{static_cast<double>(sign), 0.0}); }
  Interval arb_end(int sign) const { return series().at(0.0, sign) + radius(a_); }
  /// dp/dtheta = -sin(theta) p_y and d^2p/dtheta^2 = sin^2(theta) p_yy - cos(theta) p_y at
  /// theta in double from p_y and p_yy at y: at theta^ (cos theta^ = y exactly; sin theta^ = sqrt((1 - y)(1 + y)) within
  /// 2.5 u + O(u^2) < 3 u relatively: three roundings under the root, halved, and the root's;
  /// sin^2 theta^ within 3.01 u), plus L2 eta and L3 eta.
  std::pair<Ball, Ball> derivatives(double theta, const Angle& t, const Approx& P1, const Approx& P2) const {
    if (theta == pi_up) return {{0.0, 0.0}, {0.0, std::numeric_limits<double>::infinity()}};
    const double q = (1.0 - t.y) * (1.0 + t.y), s = std::sqrt(q);
    const double e1 = P1.err + d_.radius, e2 = P2.err + dd_.radius;
    const double v1 = -s * P1.value;
    const double B1 = 3.0 * unit * s * std::abs(P1.value) + unit * std::abs(v1) + s * (1.0 + 3.0 * unit) * e1 +
                      L2_ * t.eta + 2.0 * underflow;
    const double qP2 = q * P2.value, yP1 = t.y * P1.value, v2 = qP2 - yP1;
    const double B2 = std::abs(t.y) * e1 + q * (1.0 + 4.0 * unit) * e2 + 4.0 * unit * std::abs(qP2) +
                      unit * (std::abs(yP1) + std::abs(v2)) + L3_ * t.eta + 3.0 * underflow;
    return {{v1, B1 * margin}, {v2, B2 * margin}};
  }
  Interval arb_slope(double theta) const {
    if (theta == pi_up) return Interval(0.0);
    const auto [minus_sin, dp] = series().slope(theta);
    return minus_sin * (dp + radius(d_));
  }
  /// p and dp/dtheta at theta in plain double (estimates, no bound).
  std::pair<double, double> estimate(double theta) const {
    const double y = std::cos(theta);
    const auto v = clenshaw3(a_.mid.data(), d_pad_.data(), dd_pad_.data(), a_.mid.size(), y);
    return {v[0].value, -std::sin(theta) * v[1].value};
  }
  /// The farthest end of [lo, hi] from m, rounded up.
  static double reach(double lo, double m, double hi) {
    return std::max((Interval(hi) - Interval(m)).upper(), (Interval(m) - Interval(lo)).upper());
  }

 private:
  // 2 sum_j r_j: the radii's part of the Arb values (y may exceed [-1, 1] by 2^-prec).
  static Interval radius(const Middles& m) {
    const double r = (Interval(2.0) * Interval(m.radius)).upper();
    return Interval(-r, r);
  }
  const ArbSeries& series() const {
    if (!arb_) arb_ = std::make_unique<ArbSeries>(a_.mid, d_.mid);
    return *arb_;
  }

  Middles a_, d_, dd_;
  double L1_ = 0.0, L2_ = 0.0, L3_ = 0.0;
  std::vector<double> d_pad_, dd_pad_;  // d_, dd_ padded to the length of a_ with zeros
  mutable std::unique_ptr<ArbSeries> arb_;
};

// p or dp/dtheta at a point, in double first and in Arb when asked.
class Value {
 public:
  Value(const Evaluator& E, double theta, const Angle& t) : E_(&E), theta_(theta), slope_(false), x_(E.fast(t)) {}
  /// p (slope false) or dp/dtheta (slope true), its double enclosure given.
  Value(const Evaluator& E, double theta, const Ball& x, bool slope) : E_(&E), theta_(theta), slope_(slope), x_(x) {}
  const Ball& get() const { return x_; }
  /// Arb's enclosure instead (when the double one is too wide for a decision).
  const Ball& refine() {
    if (!arb_) x_ = Ball::of(slope_ ? E_->arb_slope(theta_) : E_->arb(theta_));
    arb_ = true;
    return x_;
  }
  /// The sign decided: by the double enclosure, else by Arb's.
  bool sure() { return x_.signed_() || refine().signed_(); }
  /// |value| at least (mig) and at most (mag) over the enclosure, the mig rounded down only
  /// through margin where it is compared.
  double mag() const { return std::abs(x_.v) + x_.B; }

 private:
  const Evaluator* E_;
  double theta_;
  bool slope_, arb_ = false;
  Ball x_;
};

// The tests of a cell of half-width D (Delta) around its middle: p excludes 0 on it when
// |p0| > Delta L1, or |p0| > |d0| Delta + Delta^2 L2 / 2 (second order); p' does when
// |d0| > Delta L2. Each is made on the double enclosures first and, when it would pass on
// some point of them (the one farthest from 0 for the value compared, nearest for d0 on the
// right), on Arb's: so a test that would pass on Arb's enclosures alone passes (the exact
// values are in both, and the tests are monotone in the enclosures), and Arb is computed
// only near the decision thresholds.
bool above(const Ball& x, double bound) { return std::abs(x.v) > (x.B + bound) * margin; }
bool excluded(Value& p0, double D, double L1) {
  const double bound = D * L1;
  if (above(p0.get(), bound)) return true;
  return p0.mag() > bound && above(p0.refine(), bound);
}
bool excluded2(Value& p0, Value& d0, double D, double L2) {
  const auto bound = [&](double d) { return (d * D + D * D * (0.5 * L2)) * margin; };
  if (above(p0.get(), bound(d0.mag()))) return true;
  if (!(p0.mag() > bound(std::max(0.0, std::abs(d0.get().v) - d0.get().B)))) return false;
  p0.refine();
  d0.refine();
  return above(p0.get(), bound(d0.mag()));
}
// Third order, in double only (an extra chance before the tests above): p excludes 0 when
// |p0| > |d0| Delta + |s0| Delta^2 / 2 + Delta^3 L3 / 6, p' when |d0| > |s0| Delta + Delta^2 L3 / 2
// (s0 = p'' at the middle, L3 = sum_j j^3 |a_j| the Lipschitz bound of p'').
bool excluded3(const Ball& p0, const Ball& d0, const Ball& s0, double D, double L3) {
  const double bound = (std::abs(d0.v) + d0.B) * D + (std::abs(s0.v) + s0.B) * (D * D * 0.5) + D * D * D * (L3 / 6.0) * margin;
  return above(p0, bound * margin);
}
bool monotone3(const Ball& d0, const Ball& s0, double D, double L3) {
  return above(d0, ((std::abs(s0.v) + s0.B) * D + D * D * (0.5 * L3)) * margin);
}
// p at the end m + t of a cell (|t| <= D) from its third-order expansion around the middle m:
// p0 + t d0 + t^2 s0 / 2 +- |t|^3 L3 / 6, plus the radii and the rounding of the sum (<= 4 u of
// its terms' magnitudes, t itself within u |t|). An end whose sign this settles is not evaluated.
Ball taylor(const Ball& p0, const Ball& d0, const Ball& s0, double t, double D, double L3) {
  const double v = p0.v + t * (d0.v + t * (0.5 * s0.v));
  const double terms = std::abs(p0.v) + D * std::abs(d0.v) + D * D * (0.5 * std::abs(s0.v));
  const double B = p0.B + D * d0.B + D * D * (0.5 * s0.B) + D * D * D * (L3 / 6.0) + 4.0 * unit * terms;
  return {v, B * margin};
}
bool monotone(Value& d0, double D, double L2) {
  const double bound = D * L2;
  if (above(d0.get(), bound)) return true;
  return d0.mag() > bound && above(d0.refine(), bound);
}

// A double estimate of the root in [lo, hi] (p monotone, of sign change there): Newton's
// steps from start (the step from the cell's middle), bisection when one leaves the bracket,
// in plain double (no bound needed: the cell around it is proven by narrow).
double estimate_root(const Evaluator& E, double lo, double hi, bool rising, double start) {
  double x = start > lo && start < hi ? start : lo + 0.5 * (hi - lo);
  for (int step = 0; step < max_newton_steps && hi - lo > 0.25 * root_width; ++step) {
    const auto [v, slope] = E.estimate(x);
    if (v == 0.0) return x;
    ((v < 0) == rising ? lo : hi) = x;
    const double dx = v / slope;
    if (std::abs(dx) < newton_converged) return x - dx;
    x = x - dx > lo && x - dx < hi ? x - dx : lo + 0.5 * (hi - lo);
  }
  return x;
}

// Narrows a cell holding one sign change of p, p monotone on it (p strictly of opposite signs
// at its ends), proving the signs at the ends of [c - delta, c + delta] around an estimate c:
// first the double Newton estimate r with the double enclosures, delta = 2 B / |p'| from their
// radius B at r (|p(r +- delta)| ~ 2 B), widened 4 times a try; where these are too wide (near
// y = +-1, or |p'| small), c = r corrected by one Newton step on Arb's value at r, and Arb's
// enclosures; what is left, by bisection keeping the sign change (at the middle, else at the
// quarters), down to root_width or until no sign there is decided.
std::pair<double, double> narrow(const Evaluator& E, double lo, double hi, bool rising, double start) {
  // a proven sign at theta moves an end: p < 0 is on the side of lo when rising
  const auto move = [&](double theta, const Ball& p) {
    if (!p.signed_()) return false;
    ((p.v < 0) == rising ? lo : hi) = theta;
    return true;
  };
  const auto value = [&](double theta, bool arb) {
    return arb ? Ball::of(E.arb(theta)) : E.fast_precise(theta);
  };
  // at c +- delta: the expansion around c when x (the values at c) is given and settles the sign
  // (the offset theta - c is exact, Sterbenz), else the value there
  const auto prove = [&](double c, double delta, bool arb, const Evaluator::Point* x) {
    for (int widening = 0; widening < max_widenings && std::isfinite(delta); ++widening, delta *= 4.0) {
      for (double theta : {c - delta, c + delta}) {
        if (!(theta > lo && theta < hi)) continue;
        const double t = theta - c;
        if (!(x && move(theta, taylor(x->p, x->slope, x->curvature, t, std::abs(t), E.L3())))) move(theta, value(theta, arb));
      }
      if (hi - lo <= 2.5 * delta) return;
    }
  };
  const double r = estimate_root(E, lo, hi, rising, start);
  const double slope = E.estimate(r).second;
  // Arb's enclosures carry 2 sum_j rho_j of the coefficients' radii: no cell narrower than
  // ~4 sum_j rho_j / |p'| is proven by them, and one within arb_gain times that is kept
  const double enough = std::max(narrow_enough, arb_gain * 4.0 * E.radius() / std::abs(slope));
  if (slope != 0.0 && std::isfinite(slope)) {
    const Evaluator::Point x = E.fast_point(r);
    const double delta = std::max(0.5 * root_width, 2.0 * x.p.B / std::abs(slope));
    if (2.0 * delta <= enough) prove(r, delta, false, &x);  // else no cell the double one allows is enough
    if (hi - lo > enough) {
      const Ball p = value(r, true);
      prove(r - p.v / slope, std::max(0.5 * root_width, 2.0 * p.B / std::abs(slope)), true, nullptr);
    }
  }
  if (hi - lo <= enough) return {lo, hi};
  while (hi - lo > root_width) {
    const double w = hi - lo, m = lo + 0.5 * w;
    if (m <= lo || m >= hi) break;
    Value v(E, m, angle_of(m));
    if (v.sure()) {
      move(m, v.get());
      continue;
    }
    if (!move(lo + 0.25 * w, value(lo + 0.25 * w, true)) && !move(hi - 0.25 * w, value(hi - 0.25 * w, true))) break;
  }
  return {lo, hi};
}

// acos(y) in Arb at 64 bits, its lower end (side > 0) or upper end (side < 0), within [0, pi_up].
double arb_acos_end(double y, int side) {
  constexpr slong prec = 64;
  arb_t t;
  arb_init(t);
  arb_set_d(t, std::clamp(y, -1.0, 1.0));
  arb_acos(t, t, prec);
  const Interval a = interval_of_ball(t, prec);
  arb_clear(t);
  return side > 0 ? std::max(0.0, a.lower()) : std::min(pi_up, a.upper());
}

}  // namespace

double angle_pi() { return pi_up; }

ChebyshevSeries chebyshev_derivative(const ChebyshevSeries& a) {
  const std::size_t n = a.size();
  if (n <= 1) return {Interval(0.0)};
  ChebyshevSeries b(n + 1, Interval(0.0));
  for (std::size_t j = n - 1; j >= 1; --j) b[j - 1] = b[j + 1] + Interval(2.0 * static_cast<double>(j)) * a[j];
  b[0] = b[0] * Interval(0.5);
  b.resize(n - 1);
  return b;
}

ChebyshevSeries chebyshev_product(const ChebyshevSeries& p, const ChebyshevSeries& q) {
  if (p.empty() || q.empty()) return {};
  UpwardRounding upward;
  ChebyshevSeries r(p.size() + q.size() - 1, Interval(0.0));
  if (&p == &q) {  // a square: the terms (i, j) and (j, i) are equal, so each pair once, doubled
    for (std::size_t i = 0; i < p.size(); ++i) {
      const Interval half = p[i] * p[i] * Interval(0.5);
      r[2 * i] += half;
      r[0] += half;
      for (std::size_t j = i + 1; j < p.size(); ++j) {
        const Interval both = p[i] * p[j];
        r[i + j] += both;
        r[j - i] += both;
      }
    }
    return r;
  }
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) {
      const Interval half = p[i] * q[j] * Interval(0.5);
      r[i + j] += half;
      r[i > j ? i - j : j - i] += half;
    }
  return r;
}

ChebyshevSeries chebyshev_combination(const Interval& s, const ChebyshevSeries& p, const Interval& t,
                                      const ChebyshevSeries& q) {
  ChebyshevSeries r(std::max(p.size(), q.size()), Interval(0.0));
  for (std::size_t i = 0; i < p.size(); ++i) r[i] += s * p[i];
  for (std::size_t i = 0; i < q.size(); ++i) r[i] += t * q[i];
  return r;
}

// These two are asked once per series and point (continuation/circle_proof.cpp): Arb on p
// alone, without the derivatives and double bounds the root isolation prepares.
Interval chebyshev_enclose(const ChebyshevSeries& a, double lo, double hi) {
  const Middles m(a);
  const ArbSeries series(m.mid, {});
  const double theta0 = lo + 0.5 * (hi - lo), D = Evaluator::reach(lo, theta0, hi);
  const double r = (Interval(2.0) * Interval(m.radius)).upper();
  const Interval p0 = (theta0 == pi_up ? series.at(0.0, -1) : series.at(theta0, 0)) + Interval(-r, r);
  return p0 + Interval(-D, D) * Interval(lipschitz(a, 1));
}

Interval chebyshev_at_end(const ChebyshevSeries& a, int sign) {
  const Middles m(a);
  const double r = (Interval(2.0) * Interval(m.radius)).upper();
  return ArbSeries(m.mid, {}).at(0.0, sign) + Interval(-r, r);
}

// cos over [lo, hi] and the angles of a Y by cos_double's bounds (for the angles, Arb only when
// they do not settle one near libm's acos).
Interval cos_enclose(double lo, double hi) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NearestRounding nearest;
  const Approx c_lo = cos_double(lo);
  const double upper = std::min(1.0, std::nextafter(c_lo.value + c_lo.err, inf));
  double lower = -1.0;
  if (hi != pi_up) {
    const Approx c_hi = cos_double(hi);
    lower = std::max(-1.0, std::nextafter(c_hi.value - c_hi.err, -inf));
  }
  return Interval(lower, upper);
}

std::pair<double, double> angles_of(const Interval& Y) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NearestRounding nearest;
  // lo: cos(lo) >= Y.upper() proven (cos decreases on [0, pi]); hi: cos(hi) <= Y.lower()
  const auto proven = [](double theta, double y, int side) {
    const Approx c = cos_double(theta);
    return side > 0 ? std::nextafter(c.value - c.err, -inf) >= y : std::nextafter(c.value + c.err, inf) <= y;
  };
  // side > 0: the lower angle, < 0: the upper; libm's acos moved away by steps doubling from
  // 4 u / sin (what the cos bound of a few u asks), 0 and pi_up being proven ends
  const auto settle = [&](double y, int side) {
    const double theta0 = std::clamp(std::acos(std::clamp(y, -1.0, 1.0)), 0.0, pi_up);
    const double step = 4.0 * unit / std::max(std::sin(theta0), 2e-8);
    for (int k = 0; k < max_angle_steps; ++k) {
      const double shift = k == 0 ? 0.0 : step * std::ldexp(1.0, k - 1);
      const double theta = side > 0 ? std::max(0.0, theta0 - shift) : std::min(pi_up, theta0 + shift);
      if ((side > 0 && theta == 0.0) || (side < 0 && theta == pi_up) || proven(theta, y, side)) return theta;
    }
    return arb_acos_end(y, side);
  };
  const double lo = Y.upper() >= 1.0 ? 0.0 : settle(Y.upper(), 1);
  const double hi = Y.lower() <= -1.0 ? pi_up : settle(Y.lower(), -1);
  return {lo, hi};
}

ChebyshevRoots chebyshev_roots(const ChebyshevSeries& a) {
  ChebyshevRoots out;
  if (a.size() <= 1) {
    out.complete = a.empty() || !contains_zero(a[0]);
    if (!out.complete) out.why = "the series is zero (to rounding) everywhere";
    return out;
  }
  NearestRounding nearest;  // the double bounds assume rounding to nearest
  const Evaluator E(a);
  for (int sign : {1, -1})
    if (!E.fast_end(sign).signed_() && !Ball::of(E.arb_end(sign)).signed_()) {
      out.why = fmt::format("a root at y = {} (or too close to it) is not decided", sign);
      return out;
    }
  std::vector<std::pair<double, double>> stack;
  stack.reserve(64);
  stack.push_back({0.0, pi_up});
  for (int cells = 0; !stack.empty(); ++cells) {
    if (cells == max_cells) {
      out.why = "the root isolation ran out of cells";
      return out;
    }
    const auto [lo, hi] = stack.back();
    stack.pop_back();
    const double m = lo + 0.5 * (hi - lo);
    const double D = std::max(hi - m, m - lo) * margin;
    const Angle t = angle_of(m);
    const Evaluator::Point f = E.fast_all(m, t);
    Value p0(E, m, f.p, false);
    if (excluded(p0, D, E.L1())) continue;
    const Ball& s0 = f.curvature;
    Value d0(E, m, f.slope, true);
    if (excluded3(p0.get(), d0.get(), s0, D, E.L3()) || excluded2(p0, d0, D, E.L2())) continue;
    if (monotone3(d0.get(), s0, D, E.L3()) || monotone(d0, D, E.L2())) {  // one root or none
      const Ball tl = taylor(p0.get(), d0.get(), s0, lo - m, D, E.L3());
      const Ball th = taylor(p0.get(), d0.get(), s0, hi - m, D, E.L3());
      Value vl(E, lo, tl, false), vh(E, hi, th, false);
      if (!tl.signed_()) vl = Value(E, lo, angle_of(lo));
      if (!th.signed_()) vh = Value(E, hi, angle_of(hi));
      if (vl.sure() && vh.sure()) {
        const bool rising = vl.get().v < 0;
        if (rising != (vh.get().v < 0)) out.cells.push_back(narrow(E, lo, hi, rising, m - p0.get().v / d0.get().v));  // Newton from the middle
        continue;
      }
    }
    if (hi - lo < min_cell) {
      const Interval y = cos_enclose(lo, hi);
      out.why = fmt::format("a root of multiplicity > 1 (or at a cell end) near y = {:.12g} is not decided", mid_of(y));
      return out;
    }
    const double s = lo + split_ratio * (hi - lo);
    stack.push_back({s, hi});
    stack.push_back({lo, s});
  }
  std::sort(out.cells.begin(), out.cells.end());
  out.complete = true;
  return out;
}

}  // namespace limitdir::detail
