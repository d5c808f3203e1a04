#pragma once
// Rigorous enclosures of the complete elliptic integrals E(t) and B(t) = (E - (1 - t) K)/t of
// numerics/elliptic.hpp over an interval of the parameter t = m: the exact disc's laws (57)-(60)
// [Nonlinear Dyn. 2024] are linear in them, and a Taylor-series form of those laws (the orbit
// proof's integrator, limits/chart_flow.cpp) starts from their values and carries the rest by
// their differential equations in t,
//   dE/dt = (B - E)/(2 (1 - t)),   dB/dt = (E - (2 - t) B)/(2 t (1 - t))
// (from dE/dt = (E - K)/(2t), dB/dt = (K - 2B)/(2t) and K = E + t (E - B)/(1 - t)).
#include <optional>

#include "limitdir/numerics/interval.hpp"

namespace limitdir {

/// e = (2/pi) E(t), b = (2/pi) B(t) (e(0) = 1, b(0) = 1/2) and their t-derivatives, each
/// enclosed for every t of an interval. e and b obey the equations above (they are linear).
struct NormalisedEB {
  Interval e, b, de, db;
};

/// Over [t0, t1] with 0 <= t0 <= t1 < 1 (none otherwise): the power series with a rigorous tail
/// for t <= 1/2 and Arb's closed forms above (friction/exact_laws.cpp), each derivative monotone
/// on [0, 1), so enclosed by its end values, and each value by them or the mean value theorem.
std::optional<NormalisedEB> enclose_normalised_eb(double t0, double t1);

}  // namespace limitdir
