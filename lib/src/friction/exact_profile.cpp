// Rigorous enclosures of the exact model's laws for a tabulated pressure p(xi), linear between its
// nodes 0 = xi_0 < ... < xi_n = 1 (friction/exact_profile.hpp; docs/manual.md section 4, "A
// tabulated profile, enclosed"). The ring decomposition of friction/exact.cpp, with a = xi/eps,
//   G = Q_eps/eps = (1/M_1) int_0^1 p(xi) g_Q(xi/eps) dxi,   T = T_eps = (1/M_2) int_0^1 p xi^2 f_T(xi/eps) dxi,
//   g_Q(a) = a f_Q(a) = (2/pi) a E(a^2), f_T(a) = (2/pi) a B(a^2)       (a <= 1),
//   g_Q(a) = (2/pi) B(1/a^2),            f_T(a) = (2/pi) E(1/a^2)        (a >= 1),
// B = (E - (1 - m) K)/m. E decreases and B increases in m on [0, 1], so f_T increases in a and
// the factors of g_Q are monotone on each side of a = 1.
//
// Near the poles (eps <= 1, t = eps^2). The eps-derivatives of the kernels are log-singular at
// xi = eps (the centre of rotation on the ring); with d/deps k(xi/eps) = -(xi/eps) d/dxi k(xi/eps)
// an integration by parts (p xi^k is continuous and piecewise linear times xi^k, the kernels are
// absolutely continuous in xi; the terms at xi = 0 vanish) leaves bounded kernels:
//   dG/deps = (1/(M_1 eps)) [int (p + p' xi) g_Q(xi/eps) dxi - p(1) g_Q(1/eps)],
//   dT/deps = (1/(M_2 eps)) [int (3 p xi^2 + p' xi^3) f_T(xi/eps) dxi - p(1) f_T(1/eps)],
// and d/dt = d/deps /(2 eps). Each integral is summed over cells [x0, x1] of width <= 1/kCells
// inside the profile's segments (p linear there): for every eps in [e0, e1] and xi in the cell
// the kernel k lies in k([x0/e1, x1/e0]) = [m - r, m + r] (monotonicity, the values of E and B at
// m = j/kTable enclosed by Arb and tabulated once), so
//   int_cell w k dxi  in  m int_cell w dxi + [-r, r] int_cell |w| dxi
// with the weight's integrals exact (polynomials). The remainder is thus proven cell by cell; it
// is first order (~ the variation of k over a cell: 1e-3 here), enough to exclude the cells of a
// proof's cover, not to resolve a zero near a pole: that is the sharp rule's (Arb's rigorous
// Gauss-Legendre integration, friction/exact_profile_sharp.cpp) on intervals of eps narrower
// than kMinPoleSpan. At eps = 0 dG/dt is not bounded (G - G(0) ~
// t log t when p'(0) != 0, the cone's tip), and at t0 = 0 the derivatives are the whole line.
//
// Near the equator (eps >= 1, t = 1/eps^2): the moment series of friction/exact.cpp,
//   Q = sum_n e_n (M_{2n+1}/M_1) t^n,   H = eps T_eps = (1/2) sum_n b_n (M_{2n+3}/M_2) t^n,
// e_n = -r_n/(2n - 1) (e_0 = 1), b_n = r_n/(n + 1), r_n = ((2n)!/(4^n n!^2))^2, with the
// profile's moments M_k summed exactly (in intervals) over its segments. Their coefficients
// obey |c_n| <= 1 and (n + 1)|c_{n+1}| <= 1 (M_{2n+1} <= M_1: xi <= 1), and, with
// r_n <= 1/(pi n) and M_k <= max p/(k + 1), |c_n| <= kappa/(n - 1)^3, kappa = max p/(4 pi M_1)
// (Q) or max p/(4 pi M_2) (H). So after N >= 3 terms, for t <= 1,
//   |tail f|  <= min(t^N/(1 - t), kappa/(2 (N - 2)^2)),
//   |tail f'| <= min(t^N/(1 - t), kappa (N + 1)/(N (N - 1))),
//   |tail f''| <= (N + 1) t^N/(1 - t)^2 (the whole line at t = 1, where f'' ~ log(1 - t) if p(1) > 0).
// The coefficients of Q (n >= 1) are negative and those of H positive, so f' and f'' are
// monotone on [0, 1] and an interval of t is enclosed from its ends (monotone_laws_over).
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "friction/exact_profile.hpp"

#include <acb.h>
#include <acb_elliptic.h>
#include <algorithm>
#include <cmath>
#include <limits>

#include "friction/exact_profile_sharp.hpp"
#include "numerics/arb_support.hpp"

namespace limitdir::detail {

namespace {

constexpr slong prec = 64;
constexpr int kTable = 4096;  // E, B at m = j/4096 (a power of 2: m * kTable is exact)
constexpr int kCells = 2048;        // cells per unit of radius in the pole integrals
constexpr int kSeriesTerms = 2000;  // equator series: t^N < 2^-60 up to t ~ 0.98, the bound kappa/N^2 above
// Below kMinPoleSpan in eps the first-order rule's width (~1e-3 of G, T) is all that is left of
// its enclosure: the sharp rule takes over there (away from the pole; at it only points, below
// kPointSpan, are enclosed).
constexpr double kMinPoleSpan = 1e-4;
constexpr double kPointSpan = 1e-13;
constexpr double inf = std::numeric_limits<double>::infinity();

Interval hull(const Interval& a, const Interval& b) { return boost::numeric::hull(a, b); }
double mag(const Interval& a) { return std::max(std::fabs(a.lower()), std::fabs(a.upper())); }
Interval two_over_pi() { return 2.0 / boost::numeric::interval_lib::pi<Interval>(); }

struct EBTable {
  std::vector<Interval> E, B;
};

// E(m) and B(m) at m = j/kTable by Arb (B(0) = pi/4, E(1) = B(1) = 1), computed once.
const EBTable& eb_table() {
  static const EBTable table = [] {
    const NearestRounding nearest;
    EBTable t;
    acb_t m, k, e;
    arb_t b, one_minus_m;
    acb_init(m), acb_init(k), acb_init(e), arb_init(b), arb_init(one_minus_m);
    for (int j = 0; j <= kTable; ++j) {
      if (j == kTable) {
        t.E.push_back(Interval(1.0));
        t.B.push_back(Interval(1.0));
        break;
      }
      const double mj = static_cast<double>(j) / kTable;
      acb_set_d(m, mj);
      acb_elliptic_k(k, m, prec);
      acb_elliptic_e(e, m, prec);
      if (j == 0) {
        arb_const_pi(b, prec);
        arb_mul_2exp_si(b, b, -2);
      } else {
        arb_set_d(one_minus_m, 1.0 - mj);  // exact
        arb_mul(b, one_minus_m, acb_realref(k), prec);
        arb_sub(b, acb_realref(e), b, prec);
        arb_div(b, b, acb_realref(m), prec);
      }
      t.E.push_back(interval_of_ball(acb_realref(e), prec));
      t.B.push_back(interval_of_ball(b, prec));
    }
    acb_clear(m), acb_clear(k), acb_clear(e), arb_clear(b), arb_clear(one_minus_m);
    return t;
  }();
  return table;
}

int floor_index(double m) { return m <= 0.0 ? 0 : m >= 1.0 ? kTable : static_cast<int>(std::floor(m * kTable)); }
int ceil_index(double m) { return m <= 0.0 ? 0 : m >= 1.0 ? kTable : static_cast<int>(std::ceil(m * kTable)); }
// E decreases, B increases on [0, 1]: their ranges over [m0, m1] from the table's neighbours.
Interval E_over(double m0, double m1) {
  return Interval(eb_table().E[ceil_index(m1)].lower(), eb_table().E[floor_index(m0)].upper());
}
Interval B_over(double m0, double m1) {
  return Interval(eb_table().B[floor_index(m0)].lower(), eb_table().B[ceil_index(m1)].upper());
}

struct Kernels {
  Interval gQ, fT;
};

// g_Q and f_T of the header for every a in [a0, a1] (0 <= a0 <= a1 <= +inf).
Kernels kernels(double a0, double a1) {
  const Interval k = two_over_pi();
  std::optional<Kernels> inner, outer;
  if (a0 <= 1.0) {  // a <= 1: (2/pi) a E(a^2), (2/pi) a B(a^2)
    const Interval A(a0, std::min(a1, 1.0)), m = square(A);
    const double m0 = m.lower(), m1 = std::min(m.upper(), 1.0);
    inner = Kernels{k * A * E_over(m0, m1), k * A * B_over(m0, m1)};
  }
  if (a1 >= 1.0) {  // a >= 1, b = 1/a: (2/pi) B(b^2), (2/pi) E(b^2)
    const double b0 = std::isinf(a1) ? 0.0 : (1.0 / Interval(a1)).lower();
    const double b1 = std::min((1.0 / Interval(std::max(a0, 1.0))).upper(), 1.0);
    const Interval m = square(Interval(b0, b1));
    const double m0 = m.lower(), m1 = std::min(m.upper(), 1.0);
    outer = Kernels{k * B_over(m0, m1), k * E_over(m0, m1)};
  }
  if (inner && outer) return {hull(inner->gQ, outer->gQ), hull(inner->fT, outer->fT)};
  return inner ? *inner : *outer;
}

// int_cell w k over the cell: m int w + [-r, r] int |w| with k in [m - r, m + r].
struct Accumulator {
  Interval sum{0.0}, rad{0.0};
  void add(const Interval& k, const Interval& w, double w_abs) {
    const double m = mid_of(k);
    const double r = std::max((Interval(k.upper()) - m).upper(), (Interval(m) - k.lower()).upper());
    sum += m * w;
    rad += Interval(r) * w_abs;
  }
  Interval value() const { return sum + Interval(-rad.upper(), rad.upper()); }
};

using Segment = ProfileSegment;  // p = alpha + beta xi on one segment of the profile

std::vector<Segment> segments(const Pressure& p) {
  const auto& xs = p.nodes_xi();
  const auto& ps = p.nodes_p();
  std::vector<Segment> out;
  for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
    const Interval beta = (Interval(ps[i + 1]) - ps[i]) / (Interval(xs[i + 1]) - xs[i]);
    out.push_back({xs[i], xs[i + 1], Interval(ps[i]) - beta * xs[i], beta});
  }
  return out;
}

Interval power(const Interval& x, int n) {
  Interval r(1.0);
  for (int i = 0; i < n; ++i) r *= x;
  return r;
}

// int_{x0}^{x1} xi^k dxi
Interval power_integral(const Interval& X0, const Interval& X1, int k) {
  return (power(X1, k + 1) - power(X0, k + 1)) / static_cast<double>(k + 1);
}

ProfileLaws::Cell make_cell(const Segment& s, double x0, double x1) {
  const Interval X0(x0), X1(x1), h = X1 - X0, I2 = power_integral(X0, X1, 2);
  const Interval wG = s.alpha * h + s.beta * power_integral(X0, X1, 1);
  const Interval wT = s.alpha * I2 + s.beta * power_integral(X0, X1, 3);
  const Interval wdG = s.alpha * h + 2.0 * s.beta * power_integral(X0, X1, 1);
  const Interval wdT = 3.0 * s.alpha * I2 + 4.0 * s.beta * power_integral(X0, X1, 3);
  // |p + p' xi| <= max at the ends (linear); |3 p xi^2 + p' xi^3| <= xi^2 max |3 alpha + 4 beta xi|
  const double m_dG = std::max(mag(s.alpha + 2.0 * s.beta * X0), mag(s.alpha + 2.0 * s.beta * X1));
  const double m_dT = std::max(mag(3.0 * s.alpha + 4.0 * s.beta * X0), mag(3.0 * s.alpha + 4.0 * s.beta * X1));
  return {x0, x1, wG, wT, wdG, wdT, wG.upper(), wT.upper(), (h * m_dG).upper(), (I2 * m_dT).upper()};
}

// M_k = sum over segments of alpha int xi^k + beta int xi^(k+1), k = 0..K.
std::vector<Interval> moments(const std::vector<Segment>& segs, int K) {
  std::vector<Interval> M(K + 1, Interval(0.0));
  for (const Segment& s : segs) {
    Interval p0(s.x0), p1(s.x1);  // x^(k+1) at both ends
    for (int k = 0; k <= K; ++k) {
      const Interval q0 = p0 * s.x0, q1 = p1 * s.x1;  // x^(k+2)
      M[k] += s.alpha * (p1 - p0) / static_cast<double>(k + 1) + s.beta * (q1 - q0) / static_cast<double>(k + 2);
      p0 = q0;
      p1 = q1;
    }
  }
  return M;
}

ProfileLaws::Series to_series(const std::vector<Interval>& c, double kappa) {
  ProfileLaws::Series s;
  for (std::size_t n = 0; n + 2 < c.size(); ++n) {
    s.c.push_back(c[n]);
    s.d.push_back(static_cast<double>(n + 1) * c[n + 1]);
    s.dd.push_back(static_cast<double>((n + 1) * (n + 2)) * c[n + 2]);
  }
  s.kappa = kappa;
  return s;
}

// The first N terms (t^N < 2^-60 or all stored) with the tails of the header.
LawPoint sum(const ProfileLaws::Series& s, double t) {
  const auto [f, df, ddf, tN, N] = horner_sums(s.c, s.d, s.dd, t, s.dd.size());
  const Interval T(t);
  const double n = static_cast<double>(N);
  double tail = (Interval(s.kappa) / (2.0 * square(Interval(n) - 2.0))).upper();
  double tail1 = (Interval(s.kappa) * (n + 1.0) / (Interval(n) * (n - 1.0))).upper();
  double tail2 = inf;
  if (t < 1.0) {
    const Interval one_minus_t = 1.0 - T, geometric = tN / one_minus_t;
    tail = std::min(tail, geometric.upper());
    tail1 = std::min(tail1, geometric.upper());
    tail2 = (Interval(n + 1.0) * tN / square(one_minus_t)).upper();
  }
  return {f + Interval(-tail, tail), df + Interval(-tail1, tail1), ddf + Interval(-tail2, tail2)};
}

}  // namespace

ProfileLaws::ProfileLaws(const Pressure& p) {
  const UpwardRounding upward;
  segments_ = segments(p);
  const std::vector<Segment>& segs = segments_;
  for (const Segment& s : segs) {
    const int n = std::max(1, static_cast<int>(std::ceil((s.x1 - s.x0) * kCells)));
    double x0 = s.x0;
    for (int k = 1; k <= n; ++k) {
      const double x1 = k == n ? s.x1 : s.x0 + (s.x1 - s.x0) * k / n;
      cells_.push_back(make_cell(s, x0, x1));
      x0 = x1;
    }
  }
  const std::vector<Interval> M = moments(segs, 2 * kSeriesTerms + 5);
  M1_ = M[1];
  M2_ = M[2];
  p1_ = Interval(p.nodes_p().back());
  const double pmax = *std::max_element(p.nodes_p().begin(), p.nodes_p().end());
  const Interval four_pi = 4.0 * boost::numeric::interval_lib::pi<Interval>();
  std::vector<Interval> q, h;
  Interval r(1.0);  // r_n
  for (int n = 0; n < kSeriesTerms + 2; ++n) {
    if (n > 0) r *= square(Interval(2.0 * n - 1.0) / (2.0 * n));
    const Interval e = n == 0 ? Interval(1.0) : -r / (2.0 * n - 1.0), b = r / (n + 1.0);
    q.push_back(e * M[2 * n + 1] / M1_);
    h.push_back(0.5 * b * M[2 * n + 3] / M2_);
  }
  Q_ = to_series(q, (Interval(pmax) / (four_pi * M1_)).upper());
  H_ = to_series(h, (Interval(pmax) / (four_pi * M2_)).upper());
}

std::array<LawPoint, 2> ProfileLaws::equator_at(double t) const { return {sum(Q_, t), sum(H_, t)}; }

std::array<LawPoint, 2> ProfileLaws::equator(double t0, double t1) const {
  return monotone_laws_over([this](double t) { return equator_at(t); }, t0, t1);
}

std::array<LawPoint, 2> ProfileLaws::pole(double t0, double t1) const {
  const UpwardRounding upward;
  const Interval E = sqrt(Interval(t0, t1));
  const double e0 = E.lower(), e1 = E.upper();
  Accumulator G, T, dG, dT;
  for (const Cell& c : cells_) {
    const double a0 = e1 > 0.0 ? (Interval(c.x0) / e1).lower() : (c.x0 > 0.0 ? inf : 0.0);
    const double a1 = e0 > 0.0 ? (Interval(c.x1) / e0).upper() : inf;
    const Kernels k = kernels(a0, a1);
    G.add(k.gQ, c.wG, c.aG);
    T.add(k.fT, c.wT, c.aT);
    dG.add(k.gQ, c.wdG, c.adG);
    dT.add(k.fT, c.wdT, c.adT);
  }
  const Interval whole(-inf, inf);
  std::array<LawPoint, 2> out{LawPoint{G.value() / M1_, whole, whole}, LawPoint{T.value() / M2_, whole, whole}};
  if (e0 > 0.0) {
    const Kernels rim = kernels((1.0 / Interval(e1)).lower(), (1.0 / Interval(e0)).upper());  // a = 1/eps
    const Interval two_e2 = 2.0 * square(E);
    out[0].df = (dG.value() - p1_ * rim.gQ) / (M1_ * two_e2);
    out[1].df = (dT.value() - p1_ * rim.fT) / (M2_ * two_e2);
  }
  return out;
}

std::array<LawPoint, 2> ProfileLaws::pole_sharp(double t0, double t1) const {
  const UpwardRounding upward;
  const Interval E = sqrt(Interval(t0, t1)), two_t = 2.0 * Interval(t0, t1);
  const PoleIntegrals I = sharp_pole_integrals(segments_, E.lower(), E.upper());
  return {LawPoint{I.G / M1_, (I.dG - p1_ * I.rimG) / (M1_ * two_t), Interval(-inf, inf)},
          LawPoint{I.T / M2_, (I.dT - p1_ * I.rimT) / (M2_ * two_t), Interval(-inf, inf)}};
}

std::optional<MeridianEnclosure> enclose_profile_meridian(const IVec3& x, double c, const ProfileLaws& laws) {
  return enclose_meridian_halves(
      x, c,
      [&](double t0, double t1) -> std::optional<std::array<LawPoint, 2>> {
        // an interval of eps narrower than kMinPoleSpan (a point included) away from the pole
        // takes the sharp rule (friction/exact_profile_sharp.cpp): the first-order rule's own
        // width (~1e-3) would dominate there; at the pole itself a point keeps the first-order
        // rule (dG/dt is not bounded at t = 0) and a narrow interval is refused, as a proof that
        // split such cells down to its minimum width would spend its whole cell budget
        const double span = (sqrt(Interval(t1)) - sqrt(Interval(t0))).upper();
        if (span < kMinPoleSpan && t0 > 0.0) return laws.pole_sharp(t0, t1);
        if (span > kPointSpan && span < kMinPoleSpan) return std::nullopt;
        return laws.pole(t0, t1);
      },
      [&](double t0, double t1) -> std::optional<std::array<LawPoint, 2>> { return laws.equator(t0, t1); });
}

}  // namespace limitdir::detail
