#pragma once
// Internal: the sharp rule for the pole integrals of a tabulated profile (friction/exact_profile.cpp)
// over a narrow interval of eps: Arb's rigorous Gauss-Legendre integration (acb_calc_integrate)
// of the kernels g_Q, f_T continued analytically off the real line, with the ring's centre of
// rotation xi = eps (the kernels' log-singular point) cut out of the analytic pieces.
#include <vector>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

/// p = alpha + beta xi on [x0, x1], one segment of a tabulated profile.
struct ProfileSegment {
  double x0, x1;
  Interval alpha, beta;
};

/// The four integrals of the pole half (friction/exact_profile.cpp's header) for every eps in
/// [e0, e1] (0 < e0 <= e1 <= 1): int p g_Q, int p xi^2 f_T, int (p + p' xi) g_Q,
/// int (3 p xi^2 + p' xi^3) f_T over [0, 1], and the rim's kernels g_Q(1/eps), f_T(1/eps).
struct PoleIntegrals {
  Interval G, T, dG, dT, rimG, rimT;
};
PoleIntegrals sharp_pole_integrals(const std::vector<ProfileSegment>& segments, double e0, double e1);

}  // namespace limitdir::detail
