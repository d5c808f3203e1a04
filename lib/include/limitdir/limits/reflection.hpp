#pragma once
// Closed orbits excluded by the reflection T = diag(1, -1, 1) when the friction model is not
// axisymmetric (docs/manual.md section 9, "Exclusion (a proof)"; the axisymmetric case is
// closed_orbit_exclusion of dynamics/closed_orbits.hpp): an ellipse aligned with the load. With
// V*(T w) = T V*(w) the great circle C = {w2 = 0} is invariant; when every zero of V* is proven
// to lie on C, no closed orbit exists (limits/reflection.cpp).
#include <cstddef>
#include <optional>
#include <string>

#include "limitdir/system/system.hpp"

namespace limitdir {

/// V*(T w) = T V*(w) for every w by construction: the exact model (friction/contact_model.hpp)
/// of an ellipse or circle with a pressure of rhat alone and no distortion or shift, M with
/// M12 = M21 = M23 = M32 = 0, and c(F) without y component.
bool reflection_symmetric(const System& system, double F);

/// When reflection_symmetric and V* has exactly `zeros` zeros on the sphere (a proven count,
/// the limit-directions claim of find-limits), a 1-D cover of C in interval arithmetic that
/// proves `zeros` distinct zeros on C excludes every closed orbit: the reason. Otherwise none,
/// and `why_not` says why.
std::optional<std::string> reflection_orbit_exclusion(const System& system, double F, std::size_t zeros,
                                                      std::string& why_not);

}  // namespace limitdir
