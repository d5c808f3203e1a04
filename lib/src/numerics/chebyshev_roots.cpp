// The real roots of a Chebyshev series in [-1, 1], rigorously isolated (numerics/chebyshev.hpp):
// the bisection of [0, pi] in theta with the tests of a cell (p or p' excludes 0, to first,
// second or third order), and the narrowing of a root's cell around a Newton estimate; the
// values on the Evaluator of numerics/chebyshev_eval.hpp, made under round-to-nearest
// (NearestRounding). Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <utility>
#include <vector>

#include "numerics/arb_support.hpp"
#include "numerics/chebyshev_eval.hpp"

namespace limitdir::detail {

namespace chebyshev {

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

}  // namespace

}  // namespace chebyshev

using namespace chebyshev;  // the Evaluator and its bounds (numerics/chebyshev_eval.hpp)

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
