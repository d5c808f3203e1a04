#pragma once
// The branches of a diagram at the accuracy asked for (sweep-force --max-chord; docs/manual.md
// section 5, "Chords"). Distances are taken in the scaled space
//     S(w, rdot, p) = (w1, w2, w3, (p - from)/(to - from)),
// w on the unit sphere and the parameter as a fraction of the sweep's range, so that every
// coordinate is of order one whatever the parameter's unit; rdot is left out, being R*(w) (121) of
// the point (w, p). Between two consecutive points a, b of a branch the continuation's own corrector
// (Newton on (125) in the hyperplane through a + s (b - a) normal to the chord in S) gives the
// branch's points at s = 1/4, 1/2, 3/4, and the chord is split at the middle until the bound
//     max_s |d(s)| <= |d(1/2)| + 0.5132 |d(3/4) - d(1/4)|
// on the deviation d(s) of the branch from the chord holds below the tolerance: for a C^4 branch
// d(s) = s (1 - s) (alpha + beta (s - 1/2)) + O(h^4) in the chord's fraction s (it vanishes at both
// ends), d(1/2) = alpha/4, d(3/4) - d(1/4) = 3 beta/32, and max s (1 - s)|s - 1/2| = 1/(12 sqrt 3)
// = 0.04811, so the bound is |alpha|/4 + 0.04811 |beta| to O(h^4): it holds where the chord's middle
// alone does not (an inflection, where d(1/2) = 0).
#include <cstddef>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir {

/// The points the branches of a refined diagram may have in all (10^6: a tolerance of 1e-12 on a
/// branch of scaled length 1 and curvature 1 needs ~3e5); reaching it is reported, never capped.
constexpr std::size_t max_chord_points = 1000000;

/// Refines every branch of `diagram` (the sweep of `family` with `options`) until each chord lies
/// within `tol` (finite, > 0; InputError otherwise) of the branch in the scaled space above. The
/// points inserted carry what the tracer's points carry (p, w, rdot, radial, type and, on an
/// invariant circle, the colour), each between two consecutive points, so that no event moves and
/// none is crossed. The certificate's branches claim says what was done: incomplete, with where and
/// why, when a chord could not be refined (the corrector failed or left the chord's piece of the
/// branch, the chord cannot be halved in double, more than max_chord_points); proven only if the
/// proof of the branches (on the invariant circle, (132)) holds for the refined polylines too.
/// Branches of Filippov limit directions on a jump set (Branch::jump_set) are not zeros of (125):
/// a constant direction is exact, any other is reported. Returns the number of points inserted.
std::size_t refine_branch_chords(const ParameterFamily& family, Diagram& diagram, double tol,
                                 const ContinuationOptions& options = {});

}  // namespace limitdir
