// The evaluation of Chebyshev series (numerics/chebyshev.hpp, numerics/chebyshev_eval.hpp):
// Clenshaw's recurrence in double with a rigorous bound of its rounding and in Arb balls, the
// series' middles and radii, the Lipschitz bounds in theta, and the Evaluator that the root
// isolation asks for p and its derivatives at a point; the enclosures of p over an interval of
// angles and at y = +-1; then (last section) the angles theta and their cosines: cos theta in
// double with a rigorous bound of its error (Taylor series after an exact reduction), the error
// eta of an angle seen through its cosine, the enclosure of cos over an interval of angles and
// the angles of an interval of y. One translation unit: the angles in a file of their own made
// the proofs on the invariant circle ~13% slower (bench_limits proven/harmonic8_proven, 690 to
// 790 us, the same calls: the rounding-mode switches of angles_of cost more in that layout).
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "numerics/arb_support.hpp"
#include "numerics/chebyshev_eval.hpp"

namespace limitdir::detail {

namespace chebyshev {

namespace {

// Bits for Clenshaw's recurrence: 64 (11 more than a double) + 2 a term, above the 1.27 bits
// a term (log2(1 + sqrt 2)) its radius can grow by.
slong bits_for(std::size_t n) { return 64 + 2 * static_cast<slong>(n); }

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

// sum_j j^k |a_j| (k = 1, 2, 3) rounded up: the Lipschitz bounds L1, L2, L3 of p, p', p'' in theta.
double lipschitz(const ChebyshevSeries& a, int k) {
  double L = 0.0;
  for (std::size_t j = 1; j < a.size(); ++j) {
    const double J = static_cast<double>(j);
    L += (k == 1 ? J : k == 2 ? J * J : J * J * J) * mag_of(a[j]);
  }
  return L * (1.0 + static_cast<double>(2 * a.size() + 10) * unit) + static_cast<double>(a.size()) * underflow;
}

}  // namespace

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

// The members of Middles and Evaluator (their derivations in numerics/chebyshev_eval.hpp).

void Middles::sum_radius() {
  double r = 0.0;
  for (double x : rho) r += x;
  radius = r * (1.0 + static_cast<double>(2 * rho.size() + 10) * unit) + static_cast<double>(rho.size()) * underflow;
}

Middles::Middles(const ChebyshevSeries& a) {
  for (const Interval& x : a) {
    const double m = mid_of(x);
    mid.push_back(m);
    rho.push_back(std::max(x.upper() - m, m - x.lower()) * margin);
  }
  sum_radius();
}

Middles Middles::derivative() const {
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

Evaluator::Evaluator(const ChebyshevSeries& a)
    : a_(a), d_(a_.derivative()), dd_(d_.derivative()), L1_(lipschitz(a, 1)), L2_(lipschitz(a, 2)),
      L3_(lipschitz(a, 3)) {
  d_pad_ = d_.mid;
  dd_pad_ = dd_.mid;
  d_pad_.resize(a_.mid.size(), 0.0);
  dd_pad_.resize(a_.mid.size(), 0.0);
}

Evaluator::~Evaluator() = default;

Evaluator::Point Evaluator::fast_all(double theta, const Angle& t) const {
  const auto v = clenshaw3(a_.mid.data(), d_pad_.data(), dd_pad_.data(), a_.mid.size(), t.y);
  const auto [slope, curvature] = derivatives(theta, t, v[1], v[2]);
  return {{v[0].value, (v[0].err + a_.radius + L1_ * t.eta) * margin}, slope, curvature};
}

Ball Evaluator::fast(const Angle& t) const {
  const Approx v = clenshaw_double(a_.mid.data(), a_.mid.size(), t.y);
  return {v.value, (v.err + a_.radius + L1_ * t.eta) * margin};
}

Interval Evaluator::arb(double theta) const {
  if (theta == pi_up) return arb_end(-1);
  return series().at(theta, 0) + radius(a_);
}

Evaluator::Point Evaluator::fast_point(double theta) const {
  const Angle t = angle_of(theta);
  Point x = fast_all(theta, Angle{t.y, 0.0});
  const double local = t.eta * (std::abs(x.slope.v) + x.slope.B + t.eta * (0.5 * L2_));
  x.p.B = (x.p.B + std::min(L1_ * t.eta, local)) * margin;
  x.slope.B = (x.slope.B + L2_ * t.eta) * margin;
  x.curvature.B = (x.curvature.B + L3_ * t.eta) * margin;
  return x;
}

Interval Evaluator::arb_end(int sign) const { return series().at(0.0, sign) + radius(a_); }

std::pair<Ball, Ball> Evaluator::derivatives(double theta, const Angle& t, const Approx& P1, const Approx& P2) const {
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

Interval Evaluator::arb_slope(double theta) const {
  if (theta == pi_up) return Interval(0.0);
  const auto [minus_sin, dp] = series().slope(theta);
  return minus_sin * (dp + radius(d_));
}

std::pair<double, double> Evaluator::estimate(double theta) const {
  const double y = std::cos(theta);
  const auto v = clenshaw3(a_.mid.data(), d_pad_.data(), dd_pad_.data(), a_.mid.size(), y);
  return {v[0].value, -std::sin(theta) * v[1].value};
}

double Evaluator::reach(double lo, double m, double hi) {
  return std::max((Interval(hi) - Interval(m)).upper(), (Interval(m) - Interval(lo)).upper());
}

Interval Evaluator::radius(const Middles& m) {
  const double r = (Interval(2.0) * Interval(m.radius)).upper();
  return Interval(-r, r);
}

const ArbSeries& Evaluator::series() const {
  if (!arb_) arb_ = std::make_unique<ArbSeries>(a_.mid, d_.mid);
  return *arb_;
}

}  // namespace chebyshev

using namespace chebyshev;  // the evaluation of numerics/chebyshev_eval.hpp

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

}  // namespace limitdir::detail

// ----- the angles theta and their cosines ----------------------------------------------------

namespace limitdir::detail {

namespace chebyshev {

namespace {

// libm's acos is within an ulp or so; moved by 4 u / sin theta, doubled 6 times (to 128 u /
// sin theta) its cosine clears cos_double's bound of a few u, else Arb settles the angle.
constexpr int max_angle_steps = 8;

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

// The bound eta of |theta - theta^| (the Angle of numerics/chebyshev_eval.hpp). For
// 0 <= a <= b <= pi, cos a - cos b = 2 sin((a+b)/2) sin((b-a)/2) >= 2 sin^2((b-a)/2)
// >= 2 ((b-a)/pi)^2, so b - a <= (pi/sqrt 2) sqrt(e) with e the error of y^; and
// b - a <= e / min sin between, sin >= sin theta - that bound, sin theta >= x - x^3/6 and
// >= (2/pi) x (Jordan), x = min(theta, pi - theta).
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

}  // namespace chebyshev

using namespace chebyshev;  // the bounds and angles of numerics/chebyshev_eval.hpp

double angle_pi() { return pi_up; }

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

}  // namespace limitdir::detail
