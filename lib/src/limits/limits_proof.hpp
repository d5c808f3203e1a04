#pragma once
// The proof of a limit set (internal to find_limit_directions): docs in limits/limits_proof.cpp.
#include "limitdir/limits/limits.hpp"

namespace limitdir::detail {

/// The claims of a numerical limit set (docs/manual.md section 5, "Claims"): "limit-directions"
/// at the level and with the reason the solver wrote (its circles and singular points are part of
/// the set: Poincare-Hopf counts them), and "types": checked when every direction and circle is
/// typed beyond the tolerances of classify, incomplete naming one that is not. Derives the level.
void numerical_claims(LimitSet& set);

/// Compares `set` (found numerically) with prove_limit_directions at the same load and raises
/// its certificate to proven when the proof holds, adding any limit direction the proof found
/// and the numerical methods missed; otherwise the certificate says why there is no proof.
void attach_proof(const System& system, double F, const LimitOptions& options, LimitSet& set);

}  // namespace limitdir::detail
