// The evaluation of Chebyshev series (numerics/chebyshev.hpp, numerics/chebyshev_eval.hpp):
// Clenshaw's recurrence in double with a rigorous bound of its rounding and in Arb balls, the
// series' middles and radii, the Lipschitz bounds in theta, and the Evaluator that the root
// isolation asks for p and its derivatives at a point; the enclosures of p over an interval of
// angles and at y = +-1. Compiled with -frounding-math (lib/CMakeLists.txt).
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
