#pragma once
// Internal (friction/contact_model.cpp): the nominal pressure sigma0 of the exact contact model
// (8) [Kudra & Awrejcewicz 2013] along a chord of the pre-image disc (docs/manual.md section 6).
// Profile: the power pressures sigma0 = (1 - rhat^2)^alpha (uniform, Hertz, Galin, power), whose
// chord integrals reduce to h^(2 alpha + 1) and J_j(u_lo) = int_{u_lo}^1 (1 - u^2)^alpha u^j du
// (the notation of friction/contact_rays.hpp); J_0 in closed form, by a recurrence in alpha or by
// the incomplete Beta function, J_1.. J_3 by parts from it. TabProfile: a tabulated profile,
// piecewise linear in rhat, whose chord integrals chord_integrals gives in closed form (section 6).
#include <algorithm>
#include <array>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "limitdir/contact/shape.hpp"
#include "numerics/dual.hpp"

namespace limitdir::detail::contact {

using Kind = NominalPressure::Kind;

// Power pressures with 2 alpha an integer up to this use a recurrence for J_0 instead of the
// incomplete Beta function (the cost grows by one step per unit of alpha).
constexpr double recurrence_max = 20.0;

// The incomplete Beta function of J_0 for a generic alpha: Boost's default promotes it to long
// double, ~4 us a call and 80% of a map over alpha of the ellipse. In double it takes a tenth of
// that and is within 2e-15 relative for a = alpha + 1 <= 4 (against mpmath at 40 digits, 2000
// random (a, x), x in (0, 1/2]), 5x below the doubling test doubling_tol_values; Boost's errors in
// double grow with a (2e-14 at a ~ 50), so a larger alpha keeps the long double.
using DoubleIbeta = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
constexpr double kDoubleIbetaMax = 4.0;

// ----- the pressure profile: h^(2 alpha + 1), x^(alpha + 1) and J_0 ------------------------

struct Profile {
  Kind kind;
  double alpha;
  double J0_full;  // int_{-1}^{1} (1 - u^2)^alpha du = B(1/2, alpha + 1)
  double beta_scale;  // 2^(2 alpha + 1) B(alpha + 1, alpha + 1)
  int steps;          // alpha = alpha0 + steps with alpha0 = 0 or -1/2 (recurrence below), or -1 (ibeta)

  template <class T>
  T h_power(const T& h) const {  // h^(2 alpha + 1)
    if (kind == Kind::uniform) return h;
    if (kind == Kind::hertz) return h * h;
    if (kind == Kind::galin) return T(1.0);
    return pow(h, 2.0 * alpha + 1.0);
  }
  double x_power(double x) const {  // x^(alpha + 1)
    if (kind == Kind::uniform) return x;
    if (kind == Kind::hertz) return x * sqrt(x);
    if (kind == Kind::galin) return std::sqrt(x);
    return pow(x, alpha + 1.0);
  }
  // J_0(u) = int_u^1 (1 - u^2)^alpha du, given 1 - u and 1 + u accurately (u is within
  // rounding of +-1 on nearly tangent rays).
  double J0(double u, double one_minus_u, double one_plus_u) const {
    if (kind == Kind::uniform) return one_minus_u;
    if (kind == Kind::hertz) {
      const double r = std::sqrt(one_minus_u * one_plus_u);
      return 0.5 * (std::atan2(r, u) - u * r);  // atan2 = acos(u) without its loss near +-1
    }
    if (steps < 0) {  // u = 2 tau - 1: 2^(2 alpha + 1) int_tau^1 tau^alpha (1 - tau)^alpha dtau
      const double a1 = alpha + 1.0;
      if (a1 <= kDoubleIbetaMax)
        return beta_scale * (u < 0.0 ? boost::math::ibetac(a1, a1, 0.5 * one_plus_u, DoubleIbeta())
                                     : boost::math::ibeta(a1, a1, 0.5 * one_minus_u, DoubleIbeta()));
      return beta_scale * (u < 0.0 ? boost::math::ibetac(a1, a1, 0.5 * one_plus_u)
                                   : boost::math::ibeta(a1, a1, 0.5 * one_minus_u));
    }
    // Integer or half-integer alpha: from J^(0) = 1 - u or J^(-1/2) = acos u by
    // (2 a + 1) J^(a) = 2 a J^(a-1) - u (1 - u^2)^a (by parts; both terms O((1 - u)^a), so the
    // absolute error stays at rounding level).
    const double om = one_minus_u * one_plus_u;
    const bool half = alpha != std::floor(alpha);
    double a = half ? -0.5 : 0.0;
    double J = half ? std::atan2(std::sqrt(om), u) : one_minus_u;
    for (int i = 0; i < steps; ++i) {
      a += 1.0;
      J = (2.0 * a * J - u * std::pow(om, a)) / (2.0 * a + 1.0);
    }
    return J;
  }
};

// ----- a tabulated profile: closed-form chord integrals -------------------------------------

// sigma0 = c_i + d_i rhat on [xi_i, xi_{i+1}] (the nodes of NominalPressure::profile).
struct TabProfile {
  std::vector<double> xi, c, d;
  explicit TabProfile(const NominalPressure& p = {}) {
    for (std::size_t i = 1; i < p.xi.size(); ++i) {
      const double slope = (p.p[i] - p.p[i - 1]) / (p.xi[i] - p.xi[i - 1]);
      c.push_back(p.p[i - 1] - slope * p.xi[i - 1]);
      d.push_back(slope);
    }
    xi = p.xi;
  }
  std::size_t segment(double rhat) const {  // the segment holding rhat
    const auto it = std::upper_bound(xi.begin() + 1, xi.end() - 1, rhat);
    return static_cast<std::size_t>(it - xi.begin()) - 1;
  }
};

// Below this chord offset p the terms p^2 asinh(t/p) of the antiderivatives are dropped: they
// are < p^2 ln(4/p) < 1e-197 there (far below the rounding of O(1) sums), while the dual's
// 1/p^2 would overflow near 1e-154.
constexpr double tiny_offset = 1e-100;

// sqrt with a zero derivative at 0: S = sqrt(t^2 + p^2) vanishes only for t = p = 0 (the ray of
// an ICR at the centre, at its start), where every antiderivative below is O(|C'|^2) and so
// has zero derivative.
template <class T>
T safe_sqrt(const T& x) {
  if constexpr (std::is_same_v<T, Dual>) {
    if (x.v == 0.0) return Dual(0.0);
  }
  return sqrt(x);
}

// I_j = int_{t_lo}^{t_hi} sigma0(sqrt(t^2 + p^2)) t^j dt, j = 0..3, along a chord at offset p
// from the centre of the pre-image disc (t = s' - m, rhat^2 = t^2 + p^2): split where rhat
// crosses a node, and on each piece c + d S with S = sqrt(t^2 + p^2) integrated in closed form:
//   int S = (t S + p^2 asinh(t/|p|))/2,  int t S = S^3/3,  int t^2 S = t S^3/4 - (p^2/4) int S,
//   int t^3 S = S^5/5 - p^2 S^3/3.
// The pieces' ends depend on C (the dual numbers follow them); sigma0 is continuous, so the
// end terms of Leibniz's rule cancel between pieces, as they must.
template <class T>
std::array<T, 4> chord_integrals(const TabProfile& tab, const T& p, const T& t_lo, const T& t_hi) {
  const double pv = std::abs(value(p));
  std::vector<T> ts{t_lo, t_hi};
  const T p2 = p * p;
  for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i) {
    if (!(tab.xi[i] > pv)) continue;
    const T r = sqrt(tab.xi[i] * tab.xi[i] - p2);
    for (const T& t : {T(-r), r})
      if (value(t) > value(t_lo) && value(t) < value(t_hi)) ts.push_back(t);
  }
  std::sort(ts.begin(), ts.end(), [](const T& x, const T& y) { return value(x) < value(y); });
  const T pa = value(p) < 0.0 ? T(-p) : p;
  const auto anti = [&](const T& t, std::array<T, 4>& A, std::array<T, 4>& B) {
    const T S = safe_sqrt(t * t + p2), S3 = S * S * S;
    const T p2L = pv < tiny_offset ? T(0.0) : p2 * asinh(t / pa);
    const T t2 = t * t;
    A = {t, 0.5 * t2, t2 * t / 3.0, 0.25 * t2 * t2};
    const T B0 = 0.5 * (t * S + p2L);
    B = {B0, S3 / 3.0, 0.25 * (t * S3 - p2 * B0), S3 * S * S / 5.0 - p2 * S3 / 3.0};
  };
  std::array<T, 4> I{}, A0, B0, A1, B1;
  anti(ts.front(), A0, B0);
  for (std::size_t k = 1; k < ts.size(); ++k) {
    anti(ts[k], A1, B1);
    const double mid = 0.5 * (value(ts[k - 1]) + value(ts[k]));
    const std::size_t seg = tab.segment(std::sqrt(mid * mid + pv * pv));
    for (int j = 0; j < 4; ++j) I[j] += tab.c[seg] * (A1[j] - A0[j]) + tab.d[seg] * (B1[j] - B0[j]);
    A0 = A1;
    B0 = B1;
  }
  return I;
}

}  // namespace limitdir::detail::contact
