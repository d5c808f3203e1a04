// Rigorous point enclosures of the exact model's scalar laws (friction/exact_laws.hpp) with Arb
// ball arithmetic: Arb has rigorous complete elliptic integrals K(m), E(m) over balls, which
// Boost.Interval lacks. The balls are converted to outward-rounded Intervals at the end.
//
// Two forms, as in friction/exact.cpp, so that nothing cancels:
//  * t <= 1/2: the power series in t, with coefficients computed once in Arb and a rigorous
//    tail bound; with r_n = ((2n)!/(4^n n!^2))^2, (2/pi) E = sum e_n t^n, e_n = -r_n/(2n-1),
//    (4/pi) B = sum b_n t^n, b_n = r_n/(n+1), they are, for the uniform pressure (57)-(60),
//      A:  a_0 = 1,  a_n = -r_n/((n+1)(2n-1)),
//      T1: c_0 = 1,  c_n = 3 r_n/((2n-1)(2n-3)),
//      H:  h_n = 3 (n+1) r_{n+1}/((2n+1)^2 (n+2)),
//    and for Hertz pressure (61), M_k = int_0^1 sqrt(1 - xi^2) xi^k dxi, M_{k+2}/M_k = (k+1)/(k+4),
//      Q:  e_n M_{2n+1}/M_1,   H: (1/2) b_n M_{2n+3}/M_2   (the moment series of friction/exact.cpp),
//    and for the thin ring at the rim (friction/exact_ring.cpp, M_k = 1): (2/pi) E: e_n, (2/pi) B: b_n/2,
//    and for Galin's pressure (1 - xi^2)^(-1/2) (M_{2n+1} = 1/(g_n (2n+1)), g_n = sqrt(r_n) =
//    (2n)!/(4^n n!^2), M_2 = pi/4; the moment series summed in closed form, docs/manual.md
//    "Galin's pressure in closed form"):
//      Q:  q_0 = 1,  q_n = -g_n/((2n-1)(2n+1)),   H: h_n = (4/pi) g_n/((2n+1)(2n+3)).
//    and for the lateral force of the shifted uniform disc (friction/exact_shift.hpp), with
//    G = (1/(pi t)) int_0^t E = sum g_n t^n, g_n = e_n/(2(n+1)) (e_0 = 1):
//      Lambda: g_n/(3/2 - n),   eps Lambda: g_n/(n + 2).
//  * t > 1/2: the closed forms in E, B (uniform) or asin, sqrt (Hertz (62)-(63), Galin) evaluated in Arb.
//
// Tail bound: every coefficient above has |c_n| <= n |c_n| <= 1 for n >= 3 (r_n <= 1 and the
// rational factors are <= 1 there, n/(2n-1) and n/(2(n+1)) for the ring's, n/((2n-1)(2n+1)) and
// (4/pi) n/((2n+1)(2n+3)) for Galin's, n/(2(n+1)(2n-1)(n-3/2)) and n/(2(n+1)(2n-1)(n+2)) for the
// shift's; M_{2n+3}/M_2 <= M_3/M_2 = 32/(15 pi) < 1), so for t < 1
//   |sum_{n>=N} c_n t^n| <= t^N/(1 - t),   |sum_{n>=N} (n+1) c_{n+1} t^n| <= t^N/(1 - t)  (N >= 3).
//
// Monotone derivatives (what friction/exact_enclose.cpp relies on): f'' = sum n(n-1) c_n t^(n-2)
// and every series above has one-signed coefficients for n >= 2 (a_n < 0, c_n > 0, h_n > 0,
// e_n < 0, b_n > 0, Galin's q_n < 0 and h_n > 0, the shift's g_n/(3/2 - n) > 0 and g_n/(n + 2) < 0),
// so f' is monotone on [0, 1) and, being
// continuous (or tending to the infinity of its sign: the ring's laws), on [0, 1]; likewise
// f''' = sum n(n-1)(n-2) c_n t^(n-3) has one sign, so f'' is monotone on [0, 1) (tending to a
// value or to an infinity of that sign at t = 1); the Hertz pole laws are the polynomials
// G = 3pi/32 (4 - t), T = (3t^2 - 8t + 8)/8 and Galin's G = pi/4, T = 1 - t/2 with f''
// constant. f'' of the closed forms comes from jets (f, f', f'') of balls (Legendre's relations for E and K; sqrt and asin for Hertz
// and Galin).
//
// Arb is called in round-to-nearest (it assumes the default mode); the Interval sums run in
// whatever mode the caller set (every Interval operation is rounded outward on its own).
#include "friction/exact_laws.hpp"

#include "numerics/arb_support.hpp"

#include <acb.h>
#include <acb_elliptic.h>
#include <arb.h>
#include <array>
#include <cfenv>
#include <cmath>
#include <limits>
#include <vector>

namespace limitdir::detail {

namespace {

constexpr slong prec = 64;  // bits: 11 more than a double (the closed forms lose < 6 bits for t > 1/2)
constexpr int stored_terms = 120;     // t <= 1/2 needs t^N < 2^-60, N <= 61
constexpr double series_limit = 0.5;  // series for t <= 1/2, closed forms above
// the thin ring's (2/pi) E and (2/pi) B (the exact disc's orbit tape, limits/chart_disc.hpp, takes
// them along t up to ~0.65): series up to 0.7, as 0.7^117 < 2^-60 within the stored terms (the
// tail bound holds at any t < 1); Arb's closed forms cost ~50 times the sum
constexpr double ring_series_limit = 0.7;
const double tail_target = std::ldexp(1.0, -60);  // stop summing when t^N < 2^-60 (rounding level)

// An arb_t with a destructor.
struct Ball {
  arb_t b;
  Ball() { arb_init(b); }
  explicit Ball(double x) : Ball() { arb_set_d(b, x); }
  ~Ball() { arb_clear(b); }
  Ball(const Ball& o) : Ball() { arb_set(b, o.b); }
  Ball& operator=(const Ball& o) {
    arb_set(b, o.b);
    return *this;
  }
};

Ball operator+(const Ball& x, const Ball& y) {
  Ball r;
  arb_add(r.b, x.b, y.b, prec);
  return r;
}
Ball operator-(const Ball& x, const Ball& y) {
  Ball r;
  arb_sub(r.b, x.b, y.b, prec);
  return r;
}
Ball operator*(const Ball& x, const Ball& y) {
  Ball r;
  arb_mul(r.b, x.b, y.b, prec);
  return r;
}
Ball operator/(const Ball& x, const Ball& y) {
  Ball r;
  arb_div(r.b, x.b, y.b, prec);
  return r;
}
Ball operator*(double a, const Ball& x) { return Ball(a) * x; }
Ball pi_ball() {
  Ball r;
  arb_const_pi(r.b, prec);
  return r;
}

// The outward Interval of a ball (numerics/arb_support.hpp).
Interval to_interval(const Ball& x) { return interval_of_ball(x.b, prec); }

// ----- t <= 1/2: series -------------------------------------------------------------------------

struct Series {
  std::vector<Interval> c, d, dd;  // c_n, d_n = (n+1) c_{n+1} and dd_n = (n+1)(n+2) c_{n+2}
};

Series to_series(const std::vector<Ball>& c) {
  Series s;
  for (std::size_t n = 0; n + 2 < c.size(); ++n) {
    s.c.push_back(to_interval(c[n]));
    s.d.push_back(to_interval(static_cast<double>(n + 1) * c[n + 1]));
    s.dd.push_back(to_interval(static_cast<double>((n + 1) * (n + 2)) * c[n + 2]));
  }
  return s;
}

struct AllSeries {
  Series A, T1, H, hQ, hH, rE, rB, gQ, gH, sL, sH;
  AllSeries() {
    const NearestRounding nearest;
    std::vector<Ball> r{Ball(1.0)};  // r_n
    for (int n = 1; n <= stored_terms + 1; ++n) {
      const Ball q = Ball(2.0 * n - 1.0) / Ball(2.0 * n);
      r.push_back(r.back() * q * q);
    }
    const auto e = [&](int n) { return Ball(-1.0) * r[n] / Ball(2.0 * n - 1.0); };
    const auto b = [&](int n) { return r[n] / Ball(n + 1.0); };
    std::vector<Ball> a, c, h, q, hh, re, rb, gq, gh, sl, sh;
    Ball g(1.0);  // g_n = sqrt(r_n)
    const Ball four_over_pi = Ball(4.0) / pi_ball();
    Ball odd(1.0);                                    // M_{2n+1}/M_1
    Ball even = Ball(32.0) / (Ball(15.0) * pi_ball());  // M_{2n+3}/M_2, M_3 = 2/15, M_2 = pi/16
    for (int n = 0; n <= stored_terms; ++n) {
      const double x = n;
      a.push_back(n == 0 ? Ball(1.0) : Ball(-1.0) * r[n] / Ball((x + 1.0) * (2.0 * x - 1.0)));
      c.push_back(n == 0 ? Ball(1.0) : Ball(3.0) * r[n] / Ball((2.0 * x - 1.0) * (2.0 * x - 3.0)));
      h.push_back(Ball(3.0 * (x + 1.0)) * r[n + 1] / Ball((2.0 * x + 1.0) * (2.0 * x + 1.0) * (x + 2.0)));
      q.push_back(e(n) * odd);
      hh.push_back(0.5 * b(n) * even);
      re.push_back(n == 0 ? Ball(1.0) : e(n));  // (2/pi) E = sum e_n t^n, e_0 = 1
      rb.push_back(0.5 * b(n));                 // (2/pi) B = (1/2) sum b_n t^n
      gq.push_back(n == 0 ? Ball(1.0) : Ball(-1.0) * g / Ball((2.0 * x - 1.0) * (2.0 * x + 1.0)));
      gh.push_back(four_over_pi * g / Ball((2.0 * x + 1.0) * (2.0 * x + 3.0)));
      const Ball gs = (n == 0 ? Ball(1.0) : e(n)) / Ball(2.0 * (x + 1.0));  // g_n of G = (1/(pi t)) int_0^t E
      sl.push_back(gs / Ball(1.5 - x));
      sh.push_back(gs / Ball(x + 2.0));
      g = g * Ball(2.0 * x + 1.0) / Ball(2.0 * x + 2.0);
      odd = odd * Ball(2.0 * x + 2.0) / Ball(2.0 * x + 5.0);   // M_{k+2}/M_k, k = 2n+1
      even = even * Ball(2.0 * x + 4.0) / Ball(2.0 * x + 7.0);  // k = 2n+3
    }
    A = to_series(a);
    T1 = to_series(c);
    H = to_series(h);
    hQ = to_series(q);
    hH = to_series(hh);
    rE = to_series(re);
    rB = to_series(rb);
    gQ = to_series(gq);
    gH = to_series(gh);
    sL = to_series(sl);
    sH = to_series(sh);
  }
};

const AllSeries& all_series() {
  static const AllSeries s;
  return s;
}

// Horner's rule from the last term N (the first with t^N < 2^-60, N >= 3) down: the partial
// sums are of the size of the terms, so the outward rounding adds a few ulps in all. The tail of
// f'' is sum_{n>=N} (n+1)(n+2) |c_{n+2}| t^n <= sum_{n>=N} (n+1) t^n <= (N+1) t^N/(1-t)^2.
LawPoint sum(const Series& s, double t) {
  const auto [f, df, ddf, tN, N] = horner_sums(s.c, s.d, s.dd, t, s.dd.size() - 1);
  const Interval one_minus_t = Interval(1.0) - Interval(t);
  const Interval tail = Interval(-1.0, 1.0) * (tN / one_minus_t);  // t^N/(1-t)
  const Interval tail2 = Interval(-1.0, 1.0) * (Interval(static_cast<double>(N + 1)) * tN / square(one_minus_t));
  return {f + tail, df + tail, ddf + tail2};
}

// ----- t > 1/2: closed forms in Arb ---------------------------------------------------------------

// ----- t in (1/2, 1): f'' of the closed forms, by jets (f, f', f'') of balls in t ----------------

struct Jet {
  Ball v, d, dd;
};
Jet operator+(const Jet& a, const Jet& b) { return {a.v + b.v, a.d + b.d, a.dd + b.dd}; }
Jet operator-(const Jet& a, const Jet& b) { return {a.v - b.v, a.d - b.d, a.dd - b.dd}; }
Jet operator*(const Jet& a, const Jet& b) {
  return {a.v * b.v, a.d * b.v + a.v * b.d, a.dd * b.v + 2.0 * (a.d * b.d) + a.v * b.dd};
}
// q = a/b from a = q b: a'' = q'' b + 2 q' b' + q b''
Jet operator/(const Jet& a, const Jet& b) {
  const Ball q = a.v / b.v, dq = (a.d - q * b.d) / b.v;
  return {q, dq, (a.dd - 2.0 * (dq * b.d) - q * b.dd) / b.v};
}
Jet constant(double c) { return {Ball(c), Ball(0.0), Ball(0.0)}; }
// s = sqrt(a) from s^2 = a: s' = a'/(2 s), s'' = (a'' - 2 s'^2)/(2 s)
Jet sqrt(const Jet& a) {
  Jet r;
  arb_sqrt(r.v.b, a.v.b, prec);
  r.d = a.d / (2.0 * r.v);
  r.dd = (a.dd - 2.0 * (r.d * r.d)) / (2.0 * r.v);
  return r;
}

// E and B as jets from the Legendre relations dE/dt = (E - K)/(2t), dK/dt = B/(2(1 - t)),
// dB/dt = (K - 2B)/(2t) (B = (E - (1 - t) K)/t), each differentiated once more.
std::array<Jet, 2> elliptic_jets(double t, const std::array<Ball, 3>& EBK) {
  const Ball &E = EBK[0], &B = EBK[1], &K = EBK[2], T(t), two_t = 2.0 * T;
  const Ball dK = B / (2.0 * (Ball(1.0) - T)), dE = (E - K) / two_t, dB = (K - 2.0 * B) / two_t;
  return {Jet{E, dE, (dE - dK) / two_t - dE / T}, Jet{B, dB, (dK - 2.0 * dB) / two_t - dB / T}};
}

Ball uniform_second(ExactLaw law, double t, const std::array<Ball, 3>& EBK) {
  const auto [Ej, Bj] = elliptic_jets(t, EBK);
  const Ball T(t);
  const Jet Tj{T, Ball(1.0), Ball(0.0)};
  const Jet k = constant(2.0) / (constant(3.0) * Jet{pi_ball(), Ball(0.0), Ball(0.0)});  // 2/(3 pi)
  switch (law) {
    case ExactLaw::uniform_A: return (constant(2.0) * k * (Ej + Bj)).dd;
    case ExactLaw::uniform_T1: return (k * ((constant(3.0) - constant(2.0) * Tj) * Ej + Tj * Bj)).dd;
    case ExactLaw::shift_L:  // (4/(45 pi)) ((6 - 2t) E + (3 + t) B) = (2/15) k (...)
      return (constant(2.0) / constant(15.0) * k * ((constant(6.0) - constant(2.0) * Tj) * Ej + (constant(3.0) + Tj) * Bj)).dd;
    case ExactLaw::shift_H:  // (4/(45 pi t)) ((3t + 1) E - 2 (1 - 3t) B)
      return (constant(2.0) / constant(15.0) * k *
              ((constant(3.0) * Tj + constant(1.0)) * Ej - constant(2.0) * (constant(1.0) - constant(3.0) * Tj) * Bj) / Tj)
          .dd;
    default: return (k * (Ej - (constant(2.0) - constant(3.0) * Tj) * Bj) / Tj).dd;  // uniform_H
  }
}

// (62)-(63) for eps >= 1 as jets in t: x = sqrt(t), rc = sqrt(1 - t), asin(x)' = 1/(2 x rc).
Ball hertz_second(ExactLaw law, double t, const Ball& as) {
  const Jet T{Ball(t), Ball(1.0), Ball(0.0)}, one = constant(1.0);
  const Jet x = sqrt(T), rc = sqrt(one - T), p = x * rc;
  const Jet a{as, Ball(1.0) / (2.0 * p.v), Ball(-1.0) * p.d / (2.0 * (p.v * p.v))};
  const Jet x3 = T * x;
  if (law == ExactLaw::hertz_Q)
    return (constant(3.0) / (constant(16.0) * x3) * ((constant(4.0) * T - one) * a + x * (one + constant(2.0) * T) * rc)).dd;
  const Jet h = (constant(3.0) / (T * T) - constant(8.0) / T + constant(8.0)) * a + (constant(6.0) / x - constant(3.0) / x3) * rc;
  return (h / (constant(4.0) * Jet{pi_ball(), Ball(0.0), Ball(0.0)} * x)).dd;
}

// Galin's laws for eps >= 1 as jets in t (as hertz_second): Q = (rc + a/x)/2,
// H = (2/pi) (a/x - (a - x rc)/(2 x^3)).
Ball galin_second(ExactLaw law, double t, const Ball& as) {
  const Jet T{Ball(t), Ball(1.0), Ball(0.0)}, one = constant(1.0);
  const Jet x = sqrt(T), rc = sqrt(one - T), p = x * rc;
  const Jet a{as, Ball(1.0) / (2.0 * p.v), Ball(-1.0) * p.d / (2.0 * (p.v * p.v))};
  if (law == ExactLaw::galin_Q) return (constant(0.5) * (rc + a / x)).dd;
  const Jet two_over_pi = constant(2.0) / Jet{pi_ball(), Ball(0.0), Ball(0.0)};
  return (two_over_pi * (a / x - (a - x * rc) / (constant(2.0) * T * x))).dd;
}

// f'' at t = 1 is the whole line (friction/exact_laws.hpp): the jets divide by 1 - t there.
Interval second_or_unbounded(double t, const Ball& dd) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  return t < 1.0 ? to_interval(dd) : Interval(-inf, inf);
}

// E(t), B(t) = (E - (1 - t) K)/t and K(t); E(1) = B(1) = 1 (K(1) is infinite and not used).
std::array<Ball, 3> elliptic_EBK(double t) {
  if (t == 1.0) return {Ball(1.0), Ball(1.0), Ball(0.0)};
  acb_t m, k, e;
  acb_init(m);
  acb_init(k);
  acb_init(e);
  acb_set_d(m, t);
  acb_elliptic_k(k, m, prec);
  acb_elliptic_e(e, m, prec);
  Ball K, E;
  arb_set(K.b, acb_realref(k));
  arb_set(E.b, acb_realref(e));
  acb_clear(m);
  acb_clear(k);
  acb_clear(e);
  const Ball T(t);
  return {E, (E - (Ball(1.0) - T) * K) / T, K};
}

LawPoint uniform_closed(ExactLaw law, double t, const std::array<Ball, 3>& EB) {
  const Ball& E = EB[0];
  const Ball& B = EB[1];
  const Ball T(t), pi = pi_ball(), k = Ball(2.0) / (Ball(3.0) * pi);  // 2/(3 pi)
  const Interval dd = second_or_unbounded(t, t < 1.0 ? uniform_second(law, t, EB) : Ball(0.0));
  switch (law) {
    case ExactLaw::uniform_A:
      return {to_interval(2.0 * k * (E + B)), to_interval(k * (E - 2.0 * B) / T), dd};
    case ExactLaw::uniform_T1:
      return {to_interval(k * ((Ball(3.0) - 2.0 * T) * E + T * B)), to_interval((B - 2.0 * E) / pi), dd};
    case ExactLaw::shift_L: {  // Lambda' = (2/(15 pi t)) ((1 - 2t) E - (2 - t) B) (friction/exact_disc_shift.cpp)
      const Ball c = Ball(2.0) / (Ball(15.0) * pi);
      return {to_interval(Ball(2.0) / Ball(15.0) * k * ((Ball(6.0) - 2.0 * T) * E + (Ball(3.0) + T) * B)),
              to_interval(c * ((Ball(1.0) - 2.0 * T) * E - (Ball(2.0) - T) * B) / T), dd};
    }
    case ExactLaw::shift_H: {  // H' = (2/(45 pi t^2)) ((3t - 4) E + (8 - 9t) B)
      const Ball c = Ball(2.0) / (Ball(45.0) * pi);
      return {to_interval(Ball(2.0) / Ball(15.0) * k * ((3.0 * T + Ball(1.0)) * E - 2.0 * (Ball(1.0) - 3.0 * T) * B) / T),
              to_interval(c * ((3.0 * T - Ball(4.0)) * E + (Ball(8.0) - 9.0 * T) * B) / (T * T)), dd};
    }
    default:  // uniform_H
      return {to_interval(k * (E - (Ball(2.0) - 3.0 * T) * B) / T),
              to_interval(Ball(-1.0) * (3.0 * B + 4.0 * (E - 2.0 * B) / T) / (3.0 * pi * T)), dd};
  }
}

// The thin ring at the rim: (2/pi) E(t), (2/pi) B(t) with dE/dt = (E - K)/(2t), dB/dt = (K - 2B)/(2t)
// and the second derivatives of uniform_second's jets. At t = 1 (E = B = 1) f' is infinite: the half
// line of its sign (E decreases, B increases), f'' the whole line.
LawPoint ring_closed(ExactLaw law, double t, const std::array<Ball, 3>& EBK) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const Ball two_over_pi = Ball(2.0) / pi_ball();
  const bool e = law == ExactLaw::ring_E;
  if (t == 1.0)
    return {to_interval(two_over_pi), e ? Interval(-inf, 0.0) : Interval(0.0, inf), Interval(-inf, inf)};
  const Jet f = elliptic_jets(t, EBK)[e ? 0 : 1];
  return {to_interval(two_over_pi * f.v), to_interval(two_over_pi * f.d), to_interval(two_over_pi * f.dd)};
}

// x = sqrt(t), sqrt(1 - t) (1 - t is exact in Arb), asin(x).
std::array<Ball, 3> hertz_parts(double t) {
  std::array<Ball, 3> p;
  arb_set_d(p[0].b, t);
  arb_sqrt(p[1].b, (Ball(1.0) - p[0]).b, prec);
  arb_sqrt(p[0].b, p[0].b, prec);
  arb_acos(p[2].b, p[1].b, prec);  // asin(x) = acos(sqrt(1 - t)): no infinite slope at x = 1
  return p;
}

// (62)-(63) for eps >= 1 in x = 1/eps = sqrt(t), as in friction/exact.cpp, and d/dt = (d/dx)/(2x).
LawPoint hertz_closed(ExactLaw law, double t, const std::array<Ball, 3>& parts) {
  const Ball &x = parts[0], &rc = parts[1], &as = parts[2];
  const Ball T(t), one(1.0);
  const Ball x3 = T * x, t2 = T * T;
  const Interval dd = second_or_unbounded(t, t < 1.0 ? hertz_second(law, t, as) : Ball(0.0));
  if (law == ExactLaw::hertz_Q) {
    const Ball Q = Ball(3.0) / (16.0 * x3) * ((4.0 * T - one) * as + x * (one + 2.0 * T) * rc);
    const Ball dQ = Ball(3.0 / 16.0) * ((Ball(3.0) - 4.0 * T) * as / t2 + (2.0 * T - Ball(3.0)) * rc / x3);
    return {to_interval(Q), to_interval(dQ / (2.0 * x)), dd};
  }
  const Ball h = (Ball(3.0) / t2 - Ball(8.0) / T + Ball(8.0)) * as + (Ball(6.0) / x - Ball(3.0) / x3) * rc;
  const Ball dh = (Ball(16.0) / x3 - Ball(12.0) / (t2 * x)) * as + 4.0 * (Ball(3.0) - 2.0 * T) * rc / t2;
  const Ball pi = pi_ball();
  const Ball dH = (dh * x - h) / (4.0 * pi * T);
  return {to_interval(h / (4.0 * pi * x)), to_interval(dH / (2.0 * x)), dd};
}

// Galin's laws for eps >= 1 (docs/manual.md, "Galin's pressure in closed form") with x = sqrt(t):
//   Q = (rc + as/x)/2,                       dQ/dt = (rc/x - as/t)/(4x),
//   H = (2/pi) (as/x - (as - x rc)/(2 x^3)),  dH/dt = (3 (as - x rc)/(2 t^2) - as/t)/(pi x),
// both finite at t = 1 (the 1/rc terms of d/dx cancel): Q' = -pi/8, H' = 1/4 there.
LawPoint galin_closed(ExactLaw law, double t, const std::array<Ball, 3>& parts) {
  const Ball &x = parts[0], &rc = parts[1], &as = parts[2];
  const Ball T(t), pi = pi_ball();
  const Interval dd = second_or_unbounded(t, t < 1.0 ? galin_second(law, t, as) : Ball(0.0));
  if (law == ExactLaw::galin_Q)
    return {to_interval(Ball(0.5) * (rc + as / x)), to_interval((rc / x - as / T) / (4.0 * x)), dd};
  const Ball d = as - x * rc;
  return {to_interval(Ball(2.0) / pi * (as / x - d / (2.0 * (T * x)))),
          to_interval((Ball(3.0) * d / (2.0 * (T * T)) - as / T) / (pi * x)), dd};
}

// Galin's laws for eps <= 1: G = pi/4, T = 1 - t/2.
LawPoint galin_pole(ExactLaw law, double t) {
  if (law == ExactLaw::galin_G)
    return {boost::numeric::interval_lib::pi<Interval>() / 4.0, Interval(0.0), Interval(0.0)};
  return {1.0 - Interval(t) / 2.0, Interval(-0.5), Interval(0.0)};
}

// (62)-(63) for eps <= 1: polynomials in t = eps^2.
LawPoint hertz_pole(ExactLaw law, double t) {
  const Interval T(t);
  if (law == ExactLaw::hertz_G) {
    const Interval k = Interval(3.0) * boost::numeric::interval_lib::pi<Interval>() / 32.0;
    return {k * (4.0 - T), -k, Interval(0.0)};
  }
  return {(3.0 * boost::numeric::square(T) - 8.0 * T + 8.0) / 8.0, (6.0 * T - 8.0) / 8.0, Interval(0.75)};
}

LawPoint series_law(ExactLaw law, double t) {
  const AllSeries& s = all_series();
  switch (law) {
    case ExactLaw::uniform_A: return sum(s.A, t);
    case ExactLaw::uniform_T1: return sum(s.T1, t);
    case ExactLaw::uniform_H: return sum(s.H, t);
    case ExactLaw::hertz_Q: return sum(s.hQ, t);
    case ExactLaw::ring_E: return sum(s.rE, t);
    case ExactLaw::ring_B: return sum(s.rB, t);
    case ExactLaw::galin_Q: return sum(s.gQ, t);
    case ExactLaw::galin_H: return sum(s.gH, t);
    case ExactLaw::shift_L: return sum(s.sL, t);
    case ExactLaw::shift_H: return sum(s.sH, t);
    default: return sum(s.hH, t);
  }
}

}  // namespace

SeriesLength series_length(const Interval& T, std::size_t max_terms) {
  SeriesLength l{Interval(1.0), 0};
  while (l.N < max_terms && (l.N < 3 || !(l.tN.upper() < tail_target))) {
    l.tN *= T;
    ++l.N;
  }
  return l;
}

PartialSums horner_sums(const std::vector<Interval>& c, const std::vector<Interval>& d,
                        const std::vector<Interval>& dd, double t, std::size_t max_terms) {
  const Interval T(t);
  const SeriesLength l = series_length(T, max_terms);
  PartialSums s{Interval(0.0), Interval(0.0), Interval(0.0), l.tN, l.N};
  for (std::size_t n = s.N; n-- > 0;) {
    s.f = s.f * T + c[n];
    s.df = s.df * T + d[n];
    s.ddf = s.ddf * T + dd[n];
  }
  return s;
}

std::array<LawPoint, 2> ring_laws_first(double t) {
  if (!(t >= 0.0 && t <= ring_series_limit)) return exact_laws({ExactLaw::ring_E, ExactLaw::ring_B}, t);
  const UpwardRounding upward;
  const AllSeries& s = all_series();
  const Interval T(t);
  // N and the tails as sum(): |c_n| and (n + 1)|c_(n+1)| <= 1
  const auto [tN, N] = series_length(T, s.rE.dd.size() - 1);
  Interval e(0.0), de(0.0), b(0.0), db(0.0);
  for (std::size_t n = N; n-- > 0;) {
    e = e * T + s.rE.c[n];
    de = de * T + s.rE.d[n];
    b = b * T + s.rB.c[n];
    db = db * T + s.rB.d[n];
  }
  const Interval tail = Interval(-1.0, 1.0) * (tN / (Interval(1.0) - T));  // t^N/(1-t)
  const Interval whole = Interval::whole();
  return {LawPoint{e + tail, de + tail, whole}, LawPoint{b + tail, db + tail, whole}};
}

// Both laws of a pair are of one pressure, so that the closed forms share E, B (or asin, sqrt).
std::array<LawPoint, 2> exact_laws(const std::array<ExactLaw, 2>& laws, double t) {
  if (laws[0] == ExactLaw::hertz_G || laws[0] == ExactLaw::hertz_T)
    return {hertz_pole(laws[0], t), hertz_pole(laws[1], t)};
  if (laws[0] == ExactLaw::galin_G || laws[0] == ExactLaw::galin_T)
    return {galin_pole(laws[0], t), galin_pole(laws[1], t)};
  const bool ring = laws[0] == ExactLaw::ring_E || laws[0] == ExactLaw::ring_B;
  if (t <= series_limit || (ring && t <= ring_series_limit)) return {series_law(laws[0], t), series_law(laws[1], t)};
  const NearestRounding nearest;
  if (laws[0] == ExactLaw::hertz_Q || laws[0] == ExactLaw::hertz_H) {
    const std::array<Ball, 3> parts = hertz_parts(t);
    return {hertz_closed(laws[0], t, parts), hertz_closed(laws[1], t, parts)};
  }
  if (laws[0] == ExactLaw::galin_Q || laws[0] == ExactLaw::galin_H) {
    const std::array<Ball, 3> parts = hertz_parts(t);  // x, sqrt(1 - t), asin(x)
    return {galin_closed(laws[0], t, parts), galin_closed(laws[1], t, parts)};
  }
  const std::array<Ball, 3> EBK = elliptic_EBK(t);
  if (ring)
    return {ring_closed(laws[0], t, EBK), ring_closed(laws[1], t, EBK)};
  return {uniform_closed(laws[0], t, EBK), uniform_closed(laws[1], t, EBK)};
}

}  // namespace limitdir::detail
