#pragma once
// The exact uniform disc's q(w) (57)-(60) [Nonlinear Dyn. 2024] with the lateral force of its
// shifted pressure (2) [Kireenkov] (friction/exact_shift.hpp) as Taylor series in time, one order
// per pass: the series form limits/chart_flow.cpp's tape needs (docs/manual.md section 9, "Proof of
// an orbit"). Internal to limits/; included by chart_flow.cpp only (-frounding-math).
//
// On the pole half of the sphere (eps = c w12/|w3| < 1, c = rho/R), with sigma = sgn(w3) there,
// t = eps^2 = c^2 (w1^2 + w2^2)/w3^2 = c^2 (1/w3^2 - 1) (the tape's form: |w| = 1 exactly, and
// one square instead of three gives a narrower t over a box) and e = (2/pi) E(t), b = (2/pi) B(t):
//   G = (2/3) (e + b),  T1 = (1/3) ((3 - 2t) e + t b),  Lambda = (2/45) ((6 - 2t) e + (3 + t) b)
// (friction/exact.cpp, friction/exact_disc_shift.cpp), C = c G/|w3|, S = T1/|w3| (RegionModel's
// pole half) and
//   q = -(w1 C, w2 C, (kappa/rho) w3 S) + k sigma Lambda (w2, -w1, 0)/w12.
// e and b are carried by their differential equations in t (friction/elliptic_enclose.hpp),
//   de/dt = (b - e)/(2 (1 - t)) = P,   db/dt = (e - (2 - t) b)/(2 t (1 - t)) = Q,
// composed with t(tau): k e_k = sum_(j=1..k) j t_j P_(k-j) (the same for b with Q). Order 0 of e
// and b comes from their values: rounded (doubles), enclosed over t's range (intervals), and
// with the gradient e'(t) grad t (an interval with its gradient). Off the pole half (t's range
// not inside [0, 1), |w3| not > 0) order 0 is the whole line (NaN in doubles): the integrator's
// a priori box then fails, and the proof with it.
#include <cmath>
#include <limits>
#include <optional>

#include "core/constants.hpp"
#include "limitdir/friction/elliptic_enclose.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limits/chart_flow.hpp"

namespace limitdir::detail {

namespace disc_tape {

// The series of the disc in FieldTape::disc, by name.
enum Index { s12, h, h2, u, t, e, b, P, Q, nP, dP, nQ, dQ, cG, T1, Lam, w12, L, count };

// Order 0 of (e, b) at t, and the predicates of the pole half, per coefficient type.
template <class T>
struct Start;

template <>
struct Start<double> {
  static bool positive(double x) { return x > 0.0; }
  static void eb(double t, double& e, double& b) {
    if (!(t >= 0.0 && t < 1.0)) {
      e = b = std::numeric_limits<double>::quiet_NaN();
      return;
    }
    const EllipticEB el = elliptic_eb(t, 1.0 - t);
    e = el.E / (0.5 * pi);  // rounded: steering only
    b = el.B / (0.5 * pi);
  }
  static double whole() { return std::numeric_limits<double>::quiet_NaN(); }
};

template <>
struct Start<Interval> {
  static bool positive(const Interval& x) { return x.lower() > 0.0; }
  static std::optional<NormalisedEB> enclose(const Interval& t) {
    // t >= 0 always (a ratio of squares); interval squares of ranges about 0 may dip below it
    return enclose_normalised_eb(std::max(t.lower(), 0.0), t.upper());
  }
  static void eb(const Interval& t, Interval& e, Interval& b) {
    const std::optional<NormalisedEB> x = enclose(t);
    e = x ? x->e : Interval::whole();
    b = x ? x->b : Interval::whole();
  }
  static Interval whole() { return Interval::whole(); }
};

template <>
struct Start<Dual2> {
  static bool positive(const Dual2& x) { return x.v.lower() > 0.0; }
  static void eb(const Dual2& t, Dual2& e, Dual2& b) {
    const std::optional<NormalisedEB> x = Start<Interval>::enclose(t.v);
    if (!x) {
      e = b = whole();
      return;
    }
    e = Dual2(x->e, x->de * t.d0, x->de * t.d1);  // e(t(u, v)): grad e = e'(t) grad t
    b = Dual2(x->b, x->db * t.d0, x->db * t.d1);
  }
  static Dual2 whole() { return Dual2(Interval::whole(), Interval::whole(), Interval::whole()); }
};

/// k y_k = sum_(j=1..k) j t_j (dy/dt)_(k-j): order k >= 1 of y(t(tau)) from its t-derivative.
template <class T>
T composed_at(const Series<T>& t, const Series<T>& dy, int k) {
  T s = t.a[1] * dy.a[k - 1];
  for (int j = 2; j <= k; ++j) s = s + T(static_cast<double>(j)) * t.a[j] * dy.a[k - j];
  return s / T(static_cast<double>(k));
}

}  // namespace disc_tape

/// Order k of q into tape.q from tape.w's first k + 1 orders (and the disc's series' first k).
template <class T>
void disc_q_at(FieldTape<T>& tape, const FrictionModel::UniformDiscForm& form, double sigma, int k) {
  using namespace disc_tape;
  std::vector<Series<T>>& d = tape.disc;  // sized by ChartFlow::tape()
  const auto& w = tape.w;
  const double c = form.rho_over_R;
  d[h].a[k] = T(sigma) * w[2].a[k];  // |w3| on the pole half
  if (k == 0 && !Start<T>::positive(d[h].a[0])) d[h].a[0] = Start<T>::whole();
  // w12^2 = 1 - w3^2 (|w| = 1 exactly: every order of w1^2 + w2^2 + w3^2 - 1 vanishes), so
  // u = w12^2/w3^2 = 1/w3^2 - 1 and t = c^2 u
  d[h2].a[k] = product_at(d[h], d[h], k);
  d[s12].a[k] = (k == 0 ? T(1.0) : T(0.0)) - d[h2].a[k];
  {  // u + 1 = 1/w3^2: (1/y)_k = (delta_k0 - sum_(j=1..k) y_j (1/y)_(k-j))/y_0, kept in d[u] as u + 1
    T r = k == 0 ? T(1.0) : T(0.0);
    for (int j = 1; j <= k; ++j) r = r - d[h2].a[j] * d[u].a[k - j];
    d[u].a[k] = r / d[h2].a[0];
  }
  d[t].a[k] = T(c) * T(c) * (k == 0 ? d[u].a[0] - T(1.0) : d[u].a[k]);
  if (k == 0) Start<T>::eb(d[t].a[0], d[e].a[0], d[b].a[0]);
  else {
    d[e].a[k] = composed_at(d[t], d[P], k);
    d[b].a[k] = composed_at(d[t], d[Q], k);
  }
  const T te = product_at(d[t], d[e], k), tb = product_at(d[t], d[b], k);
  // P = (b - e)/(2 (1 - t)),  Q = (e - 2b + t b)/(2t - 2t^2)
  d[nP].a[k] = d[b].a[k] - d[e].a[k];
  d[dP].a[k] = (k == 0 ? T(2.0) : T(0.0)) - T(2.0) * d[t].a[k];
  d[P].a[k] = quotient_at(d[nP], d[dP], d[P], k);
  d[nQ].a[k] = d[e].a[k] - T(2.0) * d[b].a[k] + tb;
  d[dQ].a[k] = T(2.0) * d[t].a[k] - T(2.0) * product_at(d[t], d[t], k);
  d[Q].a[k] = quotient_at(d[nQ], d[dQ], d[Q], k);
  // c G, T1, Lambda; C = c G/|w3|, S = T1/|w3|, L = Lambda/w12
  d[cG].a[k] = T(2.0) * T(c) * (d[e].a[k] + d[b].a[k]) / T(3.0);  // constants enclosed, not rounded
  d[T1].a[k] = d[e].a[k] + (tb - T(2.0) * te) / T(3.0);
  d[Lam].a[k] = T(2.0) / T(45.0) * (T(6.0) * d[e].a[k] + T(3.0) * d[b].a[k] + tb - T(2.0) * te);
  tape.C.a[k] = quotient_at(d[cG], d[h], tape.C, k);
  tape.Sy.a[k] = quotient_at(d[T1], d[h], tape.Sy, k);
  d[w12].a[k] = root_at(d[s12], d[w12], k);
  d[L].a[k] = quotient_at(d[Lam], d[w12], d[L], k);
  const T ks(form.k * sigma);
  tape.q[0].a[k] = ks * product_at(w[1], d[L], k) - product_at(w[0], tape.C, k);
  tape.q[1].a[k] = -(ks * product_at(w[0], d[L], k)) - product_at(w[1], tape.C, k);
  tape.q[2].a[k] = -(T(form.kappa_over_rho) * product_at(w[2], tape.Sy, k));
}

}  // namespace limitdir::detail
