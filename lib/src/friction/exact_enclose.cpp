// Rigorous enclosures of the exact model's meridian functions C, S (86) over a box of x, for the
// uniform (57)-(60) and Hertz (61)-(63) pressures and the thin ring at the rim, on RegionModel's
// two halves of the sphere:
//  * near the poles (eps = c w12/|w3| <= 1, c = rho/R): t = eps^2 = c^2 (w1^2 + w2^2)/w3^2,
//    C = c G(t)/|w3|, S = T(t)/|w3|;
//  * near the equator (s = 1/eps <= 1): t = s^2 = w3^2/(c^2 (w1^2 + w2^2)),
//    C = Q(t)/w12, S = H(t)/(c w12).
// Both are smooth on their closed halves (no division by 0: on the pole half w3^2 >= c^2/(1+c^2),
// on the equator half w12^2 >= 1/(1+c^2)); a box across eps = 1 is enclosed on each half and the
// two hulled, which also holds the derivative there (the model is C^1 at the rim; for the thin
// ring at the rim the derivative is unbounded there, and so is its enclosure).
// A law f(t) over the box's t range [t0, t1] (friction/exact_laws.hpp): f' is monotone, so
// f'([t0, t1]) is the hull of f'(t0), f'(t1); f is monotone where f' has one sign (hull of the
// endpoint values), otherwise f(t0) + f'([t0, t1]) [0, t1 - t0] (mean value theorem).
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>

#include "friction/exact_laws.hpp"
#include "limitdir/friction/elliptic_enclose.hpp"

namespace limitdir::detail {

namespace {

Interval hull(const Interval& a, const Interval& b) { return boost::numeric::hull(a, b); }

IDual hull(const IDual& a, const IDual& b) {
  IDual r(hull(a.v, b.v));
  for (int i = 0; i < 3; ++i) r.d[i] = hull(a.d[i], b.d[i]);
  return r;
}

/// a with its value restricted to [lo, hi] (its gradient unchanged); none when they do not meet.
std::optional<IDual> restrict_to(IDual a, double lo, double hi) {
  const double l = std::max(a.v.lower(), lo), u = std::min(a.v.upper(), hi);
  if (!(l <= u)) return std::nullopt;
  a.v = Interval(l, u);
  return a;
}

/// f(t) with its gradient f'(t) grad t for two laws f, for every x in the box (t's value
/// within [0, 1]).
std::optional<std::array<IDual, 2>> along(const LawsOver& laws, const IDual& t) {
  const std::optional<std::array<LawPoint, 2>> enclosed = laws(t.v.lower(), t.v.upper());
  if (!enclosed) return std::nullopt;
  const std::array<LawPoint, 2>& L = *enclosed;
  std::array<IDual, 2> out;
  for (int k = 0; k < 2; ++k) {
    out[k] = IDual(L[k].f);
    for (int i = 0; i < 3; ++i) out[k].d[i] = L[k].df * t.d[i];
  }
  return out;
}

// w = x/|x| (24) with its gradient in x (the rounding upward on entry).
std::array<IDual, 3> unit_duals(const IVec3& x) {
  const IDual x1 = IDual::variable(x(0), 0), x2 = IDual::variable(x(1), 1), x3 = IDual::variable(x(2), 2);
  const IDual n = sqrt(square(x1) + square(x2) + square(x3));
  return {x1 / n, x2 / n, x3 / n};
}

struct Half {
  IDual C, S;
  bool enclosed = true;  // false: the box meets this half, but its laws give no enclosure there
};

// The pole half, where c^2 r2 <= h2 (r2 = w1^2 + w2^2, h2 = w3^2).
std::optional<Half> pole_half(const IDual& r2, const IDual& h2, double c, const LawsOver& laws) {
  const Interval c2 = Interval(c) * c;
  const auto h2p = restrict_to(h2, (c2 / (1.0 + c2)).lower(), 1.0);  // h2 >= c^2/(1 + c^2)
  if (!h2p) return std::nullopt;
  const auto t = restrict_to(IDual(c2) * r2 / *h2p, 0.0, 1.0);
  if (!t) return std::nullopt;
  const IDual h = sqrt(*h2p);
  const auto L = along(laws, *t);
  if (!L) return Half{IDual(0.0), IDual(0.0), false};
  const auto& [G, T] = *L;
  return Half{IDual(c) * G / h, T / h};
}

// The equator half, where h2 <= c^2 r2.
std::optional<Half> equator_half(const IDual& r2, const IDual& h2, double c, const LawsOver& laws) {
  const Interval c2 = Interval(c) * c;
  const auto r2p = restrict_to(r2, (1.0 / (1.0 + c2)).lower(), 1.0);  // r2 >= 1/(1 + c^2)
  if (!r2p) return std::nullopt;
  const auto t = restrict_to(h2 / (IDual(c2) * *r2p), 0.0, 1.0);
  if (!t) return std::nullopt;
  const IDual w12 = sqrt(*r2p);
  const auto L = along(laws, *t);
  if (!L) return Half{IDual(0.0), IDual(0.0), false};
  const auto& [Q, H] = *L;
  return Half{Q / w12, H / (IDual(c) * w12)};
}

}  // namespace

std::array<LawPoint, 2> monotone_laws_over(const std::function<std::array<LawPoint, 2>(double)>& at, double t0,
                                           double t1) {
  const std::array<LawPoint, 2> a = at(t0), b = t1 == t0 ? a : at(t1);
  const Interval span = Interval(0.0, (Interval(t1) - t0).upper());
  std::array<LawPoint, 2> out;
  for (int k = 0; k < 2; ++k) {
    const Interval df = hull(a[k].df, b[k].df);
    Interval f = hull(a[k].f, b[k].f);
    if (contains_zero(df)) {
      const Interval from0 = a[k].f + df * span, from1 = b[k].f - df * span;
      f = disjoint(from0, from1) ? from0 : meet(from0, from1);
    }
    out[k] = {f, df, hull(a[k].ddf, b[k].ddf)};
  }
  return out;
}

std::array<LawPoint, 2> exact_laws_over(const std::array<ExactLaw, 2>& laws, double t0, double t1) {
  return monotone_laws_over([&](double t) { return exact_laws(laws, t); }, t0, t1);
}

std::optional<MeridianEnclosure> enclose_meridian_halves(const IVec3& x, double c, const LawsOver& pole_laws,
                                                         const LawsOver& equator_laws) {
  if (contains_zero(x(0)) && contains_zero(x(1)) && contains_zero(x(2))) return std::nullopt;
  const UpwardRounding upward;
  const std::array<IDual, 3> w = unit_duals(x);
  const IDual r2 = square(w[0]) + square(w[1]), h2 = square(w[2]);
  const auto pole = pole_half(r2, h2, c, pole_laws);
  const auto equator = equator_half(r2, h2, c, equator_laws);
  if (!pole && !equator) return std::nullopt;  // not reached for a box of unit vectors
  if ((pole && !pole->enclosed) || (equator && !equator->enclosed)) return std::nullopt;
  if (pole && equator) return MeridianEnclosure{w, hull(pole->C, equator->C), hull(pole->S, equator->S)};
  const Half& half = pole ? *pole : *equator;
  return MeridianEnclosure{w, half.C, half.S};
}

// The lateral force of the shifted disc on the halves of enclose_meridian_halves: the law along
// t as pole_half and equator_half take theirs, sgn(w3) as w3/|w3| (|w3| > 0 on the pole half) or
// inside w3/(c w12) (c w12 > 0 on the equator half), hulled where the box meets both.
std::optional<QEnclosure> enclose_shifted_disc(const QEnclosure& unshifted, const IVec3& x, double c, double k) {
  if (contains_zero(x(0)) && contains_zero(x(1)) && contains_zero(x(2))) return std::nullopt;
  const UpwardRounding upward;
  const std::array<IDual, 3> w = unit_duals(x);
  const IDual r2 = square(w[0]) + square(w[1]), h2 = square(w[2]);
  if (!(r2.v.lower() > 0.0)) return std::nullopt;  // n jumps at the poles
  const Interval c2 = Interval(c) * c;
  const auto law = [](ExactLaw f, const IDual& t) {
    return (*along([f](double t0, double t1) { return std::optional(exact_laws_over({f, f}, t0, t1)); }, t))[0];
  };
  std::optional<IDual> sL;  // sgn(w3) Lambda
  if (const auto h2p = restrict_to(h2, (c2 / (1.0 + c2)).lower(), 1.0)) {
    if (const auto t = restrict_to(IDual(c2) * r2 / *h2p, 0.0, 1.0)) sL = w[2] * law(ExactLaw::shift_L, *t) / sqrt(*h2p);
  }
  if (const auto r2p = restrict_to(r2, (1.0 / (1.0 + c2)).lower(), 1.0)) {
    if (const auto t = restrict_to(h2 / (IDual(c2) * *r2p), 0.0, 1.0)) {
      const IDual e = w[2] / (IDual(c) * sqrt(*r2p)) * law(ExactLaw::shift_H, *t);
      sL = sL ? hull(*sL, e) : e;
    }
  }
  if (!sL) return std::nullopt;  // not reached for a box of unit vectors
  const IDual f = IDual(-k) * *sL / sqrt(r2);  // (2) [Kireenkov]: -sgn(w3) k Lambda n, n w12 = (-w2, w1)
  const std::array<IDual, 3> lateral{-(f * w[1]), f * w[0], IDual(0.0)};
  QEnclosure e = unshifted;
  for (int i = 0; i < 3; ++i) {
    e.q(i) += lateral[i].v;
    for (int j = 0; j < 3; ++j) e.dq_dw(i, j) += lateral[i].d[j];
  }
  return e;
}

std::optional<Interval> enclose_shift_coefficient(const IVec3& x, double c, double k) {
  if (contains_zero(x(2))) return std::nullopt;
  const UpwardRounding upward;
  const Interval r2 = square(x(0)) + square(x(1)), h2 = square(x(2));
  const Interval c2 = Interval(c) * c;
  const Interval t = c2 * r2 / h2;  // eps^2, homogeneous of degree 0 in x
  if (!(t.upper() <= 1.0)) return std::nullopt;
  const Interval L = exact_laws_over({ExactLaw::shift_L, ExactLaw::shift_L}, std::max(t.lower(), 0.0), t.upper())[0].f;
  return (x(2).lower() > 0.0 ? -k : k) * L;
}

std::optional<MeridianEnclosure> enclose_exact_meridian(const IVec3& x, double c, const ExactLaws& laws) {
  return enclose_meridian_halves(
      x, c,
      [&](double t0, double t1) -> std::optional<std::array<LawPoint, 2>> {
        return exact_laws_over({laws.G, laws.T}, t0, t1);
      },
      [&](double t0, double t1) -> std::optional<std::array<LawPoint, 2>> {
        return exact_laws_over({laws.Q, laws.H}, t0, t1);
      });
}

}  // namespace limitdir::detail

namespace limitdir {

std::optional<NormalisedEB> enclose_normalised_eb(double t0, double t1) {
  if (!(t0 >= 0.0 && t0 <= t1 && t1 < 1.0)) return std::nullopt;
  // the thin ring's laws are (2/pi) E and (2/pi) B themselves (friction/exact_laws.hpp)
  const std::array<detail::LawPoint, 2> l = detail::monotone_laws_over(detail::ring_laws_first, t0, t1);
  return NormalisedEB{l[0].f, l[1].f, l[0].df, l[1].df};
}

}  // namespace limitdir
