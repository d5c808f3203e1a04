#pragma once
// Internal (friction/contact_model.cpp): the quadrature of the exact contact model (8)
// [Kudra & Awrejcewicz 2013] over the angle of the rays (docs/manual.md section 6), for vector
// integrands (the 9 channel values, and with the Jacobian their 27 derivatives, flattened):
// the adaptive Gauss-Kronrod (7, 15) rule with its tolerances, the acceptance test of the rules
// of geometric convergence whose node count doubles, the periodic trapezoid rule of an ICR
// inside the contact, and the Gauss-Jacobi rules in the chord offset p of an ICR outside it,
// made lazily per alpha (ChordRules).
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/constants.hpp"
#include "friction/contact_rays.hpp"
#include "limitdir/core/errors.hpp"
#include "numerics/dual.hpp"
#include "numerics/gauss_jacobi.hpp"

namespace limitdir::detail::contact {

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
constexpr int trapezoid_first = 16, trapezoid_max = 1024;
constexpr int jacobi_first = 8, jacobi_rules = 6;  // 8, 16, ..., 256 nodes

// ----- flattening for the quadrature ---------------------------------------------------------

template <class T>
constexpr int flat_size = 9;
template <>
constexpr int flat_size<Dual> = 36;
template <class T>
using Flat = Eigen::Matrix<double, flat_size<T>, 1>;

inline Flat<double> flatten(const Channels<double>& c) { return Eigen::Map<const Flat<double>>(c.data()); }
inline Flat<Dual> flatten(const Channels<Dual>& c) {
  Flat<Dual> f;
  for (int i = 0; i < 9; ++i) {
    f[i] = c[i].v;
    for (int k = 0; k < 3; ++k) f[9 + 3 * i + k] = c[i].d[k];
  }
  return f;
}
inline void unflatten(const Flat<double>& f, Channels<double>& c) {
  for (int i = 0; i < 9; ++i) c[i] = f[i];
}
inline void unflatten(const Flat<Dual>& f, Channels<Dual>& c) {
  for (int i = 0; i < 9; ++i) {
    c[i].v = f[i];
    for (int k = 0; k < 3; ++k) c[i].d[k] = f[9 + 3 * i + k];
  }
}

// ----- adaptive Gauss-Kronrod (7, 15) for vector integrands ----------------------------------

struct KronrodRule {
  std::array<double, 8> x, wk, wg;  // abscissas >= 0, Kronrod weights, Gauss weights (0 at Kronrod-only nodes)
  KronrodRule();  // contact_quadrature.cpp
};
const KronrodRule& kronrod();  // made once (contact_quadrature.cpp)

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
  UnitCircle();  // contact_quadrature.cpp
};
const UnitCircle& unit_circle();  // made once (contact_quadrature.cpp)

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

}  // namespace limitdir::detail::contact
