#pragma once
// The proof of a limit set (internal to find_limit_directions): docs in limits/limits_proof.cpp.
#include "limitdir/limits/limits.hpp"

namespace limitdir::detail {

/// Compares `set` (found numerically) with prove_limit_directions at the same load and raises
/// its certificate to proven when the proof holds, adding any limit direction the proof found
/// and the numerical methods missed; otherwise the certificate says why there is no proof.
void attach_proof(const System& system, double F, const LimitOptions& options, LimitSet& set);

}  // namespace limitdir::detail
