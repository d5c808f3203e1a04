#pragma once
// Internal: rigorous point enclosures of the scalar laws of the exact model with uniform and
// Hertz pressure (friction/exact.cpp), as functions of t in [0, 1] on the two halves of the
// sphere split at eps = 1 (t = eps^2 near the poles, t = 1/eps^2 near the equator), with
// their t-derivatives. Each law's derivative is monotone on [0, 1] (see friction/exact_laws.cpp),
// so the two endpoint values enclose it over any t interval (friction/exact_enclose.cpp).
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

enum class ExactLaw {
  uniform_A,   // (59): G = Q_eps/eps for eps <= 1 and Q_eps for eps >= 1, A = 4/(3pi) (E + B)
  uniform_T1,  // (60): T_eps for eps <= 1, 2/(3pi) ((3 - 2t) E + t B)
  uniform_H,   // (60): eps T_eps for eps >= 1, 2/(3pi) (E - (2 - 3t) B)/t
  hertz_G,     // (62): Q_eps/eps for eps <= 1, 3pi/32 (4 - t)
  hertz_T,     // (63): T_eps for eps <= 1, (3t^2 - 8t + 8)/8
  hertz_Q,     // (62): Q_eps for eps >= 1
  hertz_H,     // (63): eps T_eps for eps >= 1
  ring_E,      // the thin ring at the rim (friction/exact_ring.cpp): (2/pi) E(t), T_eps (eps <= 1), Q_eps (eps >= 1)
  ring_B,      // the same ring: (2/pi) B(t), G = Q_eps/eps (eps <= 1), H = eps T_eps (eps >= 1)
  galin_G,     // Galin's pressure (docs/manual.md, "Galin's pressure in closed form"): G = pi/4 (eps <= 1)
  galin_T,     // the same: T = 1 - t/2 (eps <= 1)
  galin_Q,     // the same: Q = (sqrt(1 - t) + asin(x)/x)/2, x = sqrt(t) (eps >= 1)
  galin_H,     // the same: H = (2/pi) (asin(x)/x - (asin(x) - x sqrt(1 - t))/(2 x^3)) (eps >= 1)
  shift_L,     // the uniform disc's lateral force of a unit shift (friction/exact_shift.hpp): Lambda (eps <= 1)
  shift_H,     // the same: eps Lambda (eps >= 1); a pair of one of them with itself or with uniform_*
};

/// A law f(t) and its derivatives f'(t), f''(t) at one point. f'' is the whole line at t = 1 for
/// the closed forms (eps = 1, the rim): unbounded there for the uniform laws (f'' ~ log(1 - t)),
/// finite but not enclosed for hertz_Q, hertz_H (sum n (n-1) c_n, c_n ~ n^-3.5, converges slowly).
/// The ring laws' f' is unbounded at t = 1 too (f' ~ log(1 - t): the centre of rotation on the
/// ring): there f' is the half line of its sign, (-inf, 0] for ring_E and [0, +inf) for ring_B.
struct LawPoint {
  Interval f, df, ddf;
};

/// Rigorous enclosures of f(t) and f'(t) of two laws of one pressure on one half of the sphere
/// (uniform_*, or hertz_G/hertz_T, or hertz_Q/hertz_H, likewise ring_* and galin_*) at one t in
/// [0, 1] (any rounding mode on entry).
std::array<LawPoint, 2> exact_laws(const std::array<ExactLaw, 2>& laws, double t);

/// The ring laws (2/pi) E(t), (2/pi) B(t) with f' and without f'' (the whole line): the pair
/// exact_laws({ring_E, ring_B}, t) gives, summed in one loop where the series serves (the exact
/// disc's orbit tape evaluates them at every step, friction/elliptic_enclose.hpp).
std::array<LawPoint, 2> ring_laws_first(double t);

/// f, f', f'' of the two laws over t in [t0, t1] (within [0, 1]): f' and f'' are monotone there
/// (friction/exact_laws.cpp), so each is the hull of its values at t0 and t1; f is the hull of
/// its end values where f' has one sign, otherwise f(t0) + f' [0, t1 - t0] (mean value theorem).
std::array<LawPoint, 2> exact_laws_over(const std::array<ExactLaw, 2>& laws, double t0, double t1);

/// The same for any pair of laws given by a point enclosure `at` whose f' and f'' are monotone on
/// [t0, t1] (exact_laws_over is this with at = exact_laws).
std::array<LawPoint, 2> monotone_laws_over(const std::function<std::array<LawPoint, 2>(double)>& at, double t0,
                                           double t1);

/// f and f' (f'' unused) of the two laws of one half of the sphere for every t in [t0, t1]; none
/// when the laws have no useful enclosure over that interval.
using LawsOver = std::function<std::optional<std::array<LawPoint, 2>>(double t0, double t1)>;

/// w, C, S over the box x from the laws of the two halves: `pole` gives G, T of t = eps^2,
/// `equator` Q, H of t = 1/eps^2 (friction/exact_enclose.cpp); none when the box contains 0 or
/// the laws of a half that the box meets give none.
std::optional<MeridianEnclosure> enclose_meridian_halves(const IVec3& x, double c, const LawsOver& pole,
                                                         const LawsOver& equator);

/// Horner's rule for a series f = sum c_n t^n with f' = sum d_n t^n, f'' = sum dd_n t^n on its
/// first N terms, N the first count >= 3 with t^N < 2^-60 but at most max_terms (exact_laws.cpp);
/// the caller adds the tails, which it bounds with t^N.
struct SeriesLength {
  Interval tN;    // t^N
  std::size_t N;  // the first count >= 3 with t^N < 2^-60, at most max_terms
};
SeriesLength series_length(const Interval& T, std::size_t max_terms);
struct PartialSums {
  Interval f, df, ddf, tN;
  std::size_t N;
};
PartialSums horner_sums(const std::vector<Interval>& c, const std::vector<Interval>& d,
                        const std::vector<Interval>& dd, double t, std::size_t max_terms);

/// The laws of one exact model on the two halves of the sphere.
struct ExactLaws {
  ExactLaw G, T;  // near the poles, t = eps^2
  ExactLaw Q, H;  // near the equator, t = s^2 = 1/eps^2
};

/// C, S of the exact model and their first and second u-derivatives over U (within [0, 1]) on
/// the circle w2 = 0, u = w3^2 (friction/exact_circle.cpp).
std::optional<CircleEnclosure> enclose_exact_circle(const Interval& U, double c, const ExactLaws& laws);

/// The uniform disc shifted by k (friction/exact_shift.hpp) over the box x (c = rho/R): the
/// unshifted disc's enclosure plus the lateral force -sgn(w3) k Lambda(eps) n, n w12 = (-w2, w1),
/// with its gradient; sgn(w3) Lambda = w3 Lambda(t)/|w3| (t = eps^2) near the poles and
/// (w3/(c w12)) eps Lambda (t = 1/eps^2) near the equator, as enclose_exact_meridian splits the
/// sphere. None when the box contains 0 or meets a pole (w12 = 0, where n jumps with the sliding
/// direction).
std::optional<QEnclosure> enclose_shifted_disc(const QEnclosure& unshifted, const IVec3& x, double c, double k);

/// The coefficient a = -sgn(w3) k Lambda(eps) of the same lateral force a n over the box x when it
/// lies in one hemisphere's pole half (eps <= 1, about a pole where n jumps; PoleJumpEnclosure of
/// friction/model.hpp); none otherwise.
std::optional<Interval> enclose_shift_coefficient(const IVec3& x, double c, double k);

/// w, C, S of the exact model over the box x (RegionModel's split at eps = 1, c = rho/R); none
/// when the box contains 0.
std::optional<MeridianEnclosure> enclose_exact_meridian(const IVec3& x, double c, const ExactLaws& laws);

}  // namespace limitdir::detail
