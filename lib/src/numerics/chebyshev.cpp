// Chebyshev series and their real roots: see numerics/chebyshev.hpp.
#include "numerics/chebyshev.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "numerics/arb_support.hpp"

namespace limitdir::detail {

namespace {

// A root is isolated down to cells of 1e-12 in theta (~5e3 ulps of pi): narrower is a root of
// multiplicity > 1 (a cusp of a diagram), which is left undecided. Cells are split at a
// non-dyadic ratio so that no split point is a likely root (theta = pi/2, pi/4 ...).
constexpr double min_cell = 1e-12;
constexpr double split_ratio = 0.4873;
// Isolated roots are narrowed to 2e-15 in theta (~4 ulps of pi) by keeping the sign change.
constexpr double root_width = 2e-15;
// The cells examined for one series: a simple root costs ~40 levels of 2 cells, and a cell
// away from the roots is dropped once its width is below |p|/L1 (L1 ~ the degree for the
// decaying coefficients of the friction models), so ~pi deg cells; 1e5 covers degree 800
// (two harmonic series of degree 400 multiplied) with room.
constexpr int max_cells = 100000;

// Bits for Clenshaw's recurrence: 64 (11 more than a double) + 2 a term, above the 1.27 bits
// a term (log2(1 + sqrt 2)) its radius can grow by.
slong bits_for(std::size_t n) { return 64 + 2 * static_cast<slong>(n); }

// sum_j a_j T_j(y) by Clenshaw's recurrence in balls.
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

// p and dp/dtheta at points theta, and the Lipschitz bounds L1, L2 of numerics/chebyshev.hpp.
class Evaluator {
 public:
  explicit Evaluator(const ChebyshevSeries& a)
      : box_(a), n_(static_cast<slong>(a.size())), prec_(bits_for(a.size())) {
    Interval l1(0.0), l2(0.0);
    for (std::size_t j = 1; j < a.size(); ++j) {
      const Interval J(static_cast<double>(j));
      l1 += J * Interval(mag_of(a[j]));
      l2 += J * J * Interval(mag_of(a[j]));
    }
    L1_ = l1.upper();
    L2_ = l2.upper();
    const ChebyshevSeries d = chebyshev_derivative(a);
    NearestRounding nearest;
    a_ = _arb_vec_init(std::max<slong>(n_, 1));
    d_ = _arb_vec_init(std::max<slong>(n_, 1));
    // The middles exactly, the radii apart: a ball's radius would grow like (1 + sqrt 2)^deg
    // through the recurrence, while sum_j r_j T_j(y) is at most 2 sum_j r_j (|T_j(y)| <= 2 for
    // |y| <= 1 + 2^-prec: T_j(1 + d) <= cosh(j sqrt(2 d) (1 + d)) and j sqrt(2 d) < 1 here).
    ra_ = split(a, a_);
    rd_ = split(d, d_);
    nd_ = static_cast<slong>(d.size());
  }
  ~Evaluator() {
    _arb_vec_clear(a_, std::max<slong>(n_, 1));
    _arb_vec_clear(d_, std::max<slong>(n_, 1));
  }
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  double L1() const { return L1_; }
  double L2() const { return L2_; }

  /// Sets the balls of the middles of a and returns 2 sum_j r_j, rounded up.
  double split(const ChebyshevSeries& a, arb_ptr mid) const {
    Interval radii(0.0);
    for (std::size_t j = 0; j < a.size(); ++j) {
      const double m = mid_of(a[j]);
      arb_set_d(mid + j, m);
      radii += Interval(std::max((Interval(a[j].upper()) - Interval(m)).upper(), (Interval(m) - Interval(a[j].lower())).upper()));
    }
    return (Interval(2.0) * radii).upper();
  }

  /// p at theta (theta == angle_pi(): y = -1 exactly): first in double (ChebyshevBox::near at
  /// the enclosure of cos theta, ~N ulps wide), and in Arb only where that does not fix the sign.
  Interval at(double theta) const {
    const Interval fast = box_.value_near(cos_enclose(theta, theta));
    if (!contains_zero(fast)) return fast;
    NearestRounding nearest;
    arb_t y, v;
    arb_init(y);
    arb_init(v);
    cosine(y, theta);
    clenshaw(v, a_, n_, y, prec_);
    const Interval r = interval_of_ball(v, prec_) + Interval(-ra_, ra_);
    arb_clear(y);
    arb_clear(v);
    return r;
  }
  /// p at y = +-1.
  Interval at_end(int sign) const {
    const Interval fast = box_.value_near(Interval(static_cast<double>(sign)));
    if (!contains_zero(fast)) return fast;
    NearestRounding nearest;
    arb_t y, v;
    arb_init(y);
    arb_init(v);
    arb_set_si(y, sign);
    clenshaw(v, a_, n_, y, prec_);
    const Interval r = interval_of_ball(v, prec_) + Interval(-ra_, ra_);
    arb_clear(y);
    arb_clear(v);
    return r;
  }
  /// dp/dtheta = -sin(theta) dp/dy at theta.
  Interval slope(double theta) const {
    if (theta == angle_pi()) return Interval(0.0);
    const Interval Y = cos_enclose(theta, theta);
    const Interval sin2 = 1.0 - boost::numeric::square(Y);  // sin theta >= 0 on [0, pi]
    const Interval fast = -boost::numeric::sqrt(Interval(std::max(0.0, sin2.lower()), std::max(0.0, sin2.upper()))) *
                          box_.near(Y).dp;
    if (!contains_zero(fast)) return fast;
    NearestRounding nearest;
    arb_t t, y, s, v;
    arb_init(t);
    arb_init(y);
    arb_init(s);
    arb_init(v);
    arb_set_d(t, theta);
    arb_sin_cos(s, y, t, prec_);
    clenshaw(v, d_, nd_, y, prec_);
    const Interval r = -interval_of_ball(s, prec_) * (interval_of_ball(v, prec_) + Interval(-rd_, rd_));
    arb_clear(t);
    arb_clear(y);
    arb_clear(s);
    arb_clear(v);
    return r;
  }
  /// p over [lo, hi]: p(theta0) +- Delta L1 (Delta: the farthest end from the middle theta0).
  Interval over(double lo, double hi) const {
    const double m = lo + 0.5 * (hi - lo), D = reach(lo, m, hi);
    return at(m) + Interval(-D, D) * Interval(L1_);
  }
  /// The farthest end of [lo, hi] from m, rounded up.
  static double reach(double lo, double m, double hi) {
    return std::max((Interval(hi) - Interval(m)).upper(), (Interval(m) - Interval(lo)).upper());
  }

 private:
  void cosine(arb_t y, double theta) const {
    if (theta == angle_pi()) {
      arb_set_si(y, -1);
      return;
    }
    arb_set_d(y, theta);
    arb_cos(y, y, prec_);
  }

  ChebyshevBox box_;
  slong n_, nd_ = 0, prec_;
  arb_ptr a_ = nullptr, d_ = nullptr;
  double L1_ = 0.0, L2_ = 0.0, ra_ = 0.0, rd_ = 0.0;
};

// Narrows a cell holding one sign change of p (p strictly of opposite signs at its ends).
std::pair<double, double> narrow(const Evaluator& E, double lo, double hi, bool rising) {
  while (hi - lo > root_width) {
    const double m = lo + 0.5 * (hi - lo);
    if (m <= lo || m >= hi) break;
    const Interval pm = E.at(m);
    if (contains_zero(pm)) break;
    ((pm.upper() < 0) == rising ? lo : hi) = m;
  }
  return {lo, hi};
}

}  // namespace

double angle_pi() {
  static const double value = std::nextafter(3.141592653589793, 4.0);  // pi rounded down is 3.141592653589793
  return value;
}

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

Interval chebyshev_enclose(const ChebyshevSeries& a, double lo, double hi) { return Evaluator(a).over(lo, hi); }

Interval chebyshev_at_end(const ChebyshevSeries& a, int sign) { return Evaluator(a).at_end(sign); }

Interval cos_enclose(double lo, double hi) {
  constexpr slong prec = 64;
  NearestRounding nearest;
  arb_t c;
  arb_init(c);
  arb_set_d(c, lo);
  arb_cos(c, c, prec);
  const double upper = std::min(1.0, interval_of_ball(c, prec).upper());
  double lower = -1.0;
  if (hi != angle_pi()) {
    arb_set_d(c, hi);
    arb_cos(c, c, prec);
    lower = std::max(-1.0, interval_of_ball(c, prec).lower());
  }
  arb_clear(c);
  return Interval(lower, upper);
}

std::pair<double, double> angles_of(const Interval& Y) {
  constexpr slong prec = 64;
  NearestRounding nearest;
  arb_t t;
  arb_init(t);
  const auto acos_of = [&](double y) {
    arb_set_d(t, std::clamp(y, -1.0, 1.0));
    arb_acos(t, t, prec);
    return interval_of_ball(t, prec);
  };
  const double lo = Y.upper() >= 1.0 ? 0.0 : std::max(0.0, acos_of(Y.upper()).lower());
  const double hi = Y.lower() <= -1.0 ? angle_pi() : std::min(angle_pi(), acos_of(Y.lower()).upper());
  arb_clear(t);
  return {lo, hi};
}

ChebyshevRoots chebyshev_roots(const ChebyshevSeries& a) {
  ChebyshevRoots out;
  const Evaluator E(a);
  if (a.size() <= 1) {
    out.complete = a.empty() || !contains_zero(a[0]);
    if (!out.complete) out.why = "the series is zero (to rounding) everywhere";
    return out;
  }
  for (int sign : {1, -1})
    if (contains_zero(E.at_end(sign))) {
      out.why = fmt::format("a root at y = {} (or too close to it) is not decided", sign);
      return out;
    }
  std::vector<std::pair<double, double>> stack{{0.0, angle_pi()}};
  for (int cells = 0; !stack.empty(); ++cells) {
    if (cells == max_cells) {
      out.why = "the root isolation ran out of cells";
      return out;
    }
    const auto [lo, hi] = stack.back();
    stack.pop_back();
    const double m = lo + 0.5 * (hi - lo);
    const double D = Evaluator::reach(lo, m, hi);
    const Interval Dt(-D, D);
    const Interval p0 = E.at(m);
    if (!contains_zero(p0 + Dt * Interval(E.L1()))) continue;
    const Interval d0 = E.slope(m);
    // second order: p(theta) in p0 + d0 (theta - theta0) +- Delta^2 L2 / 2
    if (!contains_zero(p0 + d0 * Dt + Interval(-1.0, 1.0) * Interval(D) * Interval(D) * Interval(0.5 * E.L2())))
      continue;
    if (!contains_zero(d0 + Dt * Interval(E.L2()))) {  // monotone: one root or none
      const Interval pl = E.at(lo), ph = E.at(hi);
      if (!contains_zero(pl) && !contains_zero(ph)) {
        if ((pl.upper() < 0) != (ph.upper() < 0)) out.cells.push_back(narrow(E, lo, hi, pl.upper() < 0));
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
