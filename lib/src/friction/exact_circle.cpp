// Rigorous enclosures of the exact model's meridian functions C, S (86) on the invariant circle
// w2 = 0 as functions of u = w3^2 (w12^2 = 1 - u), with their first and second u-derivatives
// (friction/exact_laws.hpp), for the uniform (57)-(60) and Hertz (61)-(63) pressures and the thin
// ring at the rim (whose f' is unbounded at t = 1: there C', S' are too), on the two
// halves of friction/exact_enclose.cpp, c = rho/R:
//  * near the poles (u >= u_r = c^2/(1 + c^2), eps <= 1): t = c^2 (1 - u)/u,
//    C = c G(t)/sqrt(u), S = T(t)/sqrt(u);
//  * near the equator (u <= u_r): t = u/(c^2 (1 - u)), C = Q(t)/sqrt(1 - u), S = H(t)/(c sqrt(1 - u)).
// Neither divides by 0 on its half (u >= u_r > 0 on the first, 1 - u >= 1/(1 + c^2) on the
// second), so the poles u -> 1 and the equator u -> 0 are ordinary points (t -> 0 on both).
// The laws over the interval of t come with f, f', f'' (exact_laws_over), and the chain rule of
// second-order interval jets (numerics/jet2.hpp, the variable u alone) carries them to C, S. An
// interval across u_r is enclosed on each half and the two hulled: C, S and their first
// derivatives are continuous there (the model is C^1 at eps = 1), the second derivatives are the
// whole line (t reaches 1, where f'' is not enclosed: friction/exact_laws.hpp). Compiled with
// -frounding-math
// (lib/CMakeLists.txt).
#include <algorithm>

#include "friction/exact_laws.hpp"
#include "limitdir/numerics/jet2.hpp"

namespace limitdir::detail {

namespace {

Interval hull(const Interval& a, const Interval& b) { return boost::numeric::hull(a, b); }

CircleEnclosure hull(const CircleEnclosure& a, const CircleEnclosure& b) {
  return {hull(a.C, b.C), hull(a.dC, b.dC), hull(a.ddC, b.ddC), hull(a.S, b.S), hull(a.dS, b.dS), hull(a.ddS, b.ddS)};
}

// f(t) of two laws as jets in u, t the jet of u given (its value clamped to [0, 1]).
std::array<IJet2, 2> laws_of(const std::array<ExactLaw, 2>& laws, const IJet2& t) {
  const double t0 = std::clamp(t.v.lower(), 0.0, 1.0), t1 = std::clamp(t.v.upper(), 0.0, 1.0);
  const std::array<LawPoint, 2> L = exact_laws_over(laws, t0, t1);
  return {chain(t, L[0].f, L[0].df, L[0].ddf), chain(t, L[1].f, L[1].df, L[1].ddf)};
}

CircleEnclosure of(const IJet2& C, const IJet2& S) {
  return {C.v, C.d[0], C.hess(0, 0), S.v, S.d[0], S.hess(0, 0)};
}

// The pole half over u in [lo, hi] (lo >= u_r rounded down).
CircleEnclosure pole_half(double lo, double hi, const Interval& c, const ExactLaws& laws) {
  const IJet2 u = IJet2::variable(Interval(lo, hi), 0), c2 = square(c);
  const IJet2 t = c2 * (IJet2(1.0) - u) / u, root = sqrt(u);
  const auto [G, T] = laws_of({laws.G, laws.T}, t);
  return of(IJet2(c) * G / root, T / root);
}

// The equator half over u in [lo, hi] (hi <= u_r rounded up).
CircleEnclosure equator_half(double lo, double hi, const Interval& c, const ExactLaws& laws) {
  const IJet2 u = IJet2::variable(Interval(lo, hi), 0), c2 = square(c);
  const IJet2 one_minus_u = IJet2(1.0) - u, root = sqrt(one_minus_u);
  const IJet2 t = u / (c2 * one_minus_u);
  const auto [Q, H] = laws_of({laws.Q, laws.H}, t);
  return of(Q / root, H / (IJet2(c) * root));
}

}  // namespace

std::optional<CircleEnclosure> enclose_exact_circle(const Interval& U, double c, const ExactLaws& laws) {
  const double lo = std::max(U.lower(), 0.0), hi = std::min(U.upper(), 1.0);
  if (!(lo <= hi)) return std::nullopt;
  const UpwardRounding upward;
  const Interval C(c), c2 = square(C), u_r = c2 / (Interval(1.0) + c2);
  const bool pole = hi >= u_r.lower(), equator = lo <= u_r.upper();
  if (pole && equator)
    return hull(pole_half(std::max(lo, u_r.lower()), hi, C, laws), equator_half(lo, std::min(hi, u_r.upper()), C, laws));
  return pole ? pole_half(lo, hi, C, laws) : equator_half(lo, hi, C, laws);
}

}  // namespace limitdir::detail
