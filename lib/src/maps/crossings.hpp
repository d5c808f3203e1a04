#pragma once
// The crossings of a map's curves (internal to maps; docs/manual.md section 13, "Crossings"): two
// chords of the polylines (of two curves, or of one curve away from its neighbouring chords) that
// cross strictly in the scaled plane, where the two curves' directions differ (by more than
// kSameDirection, mirror images taken as one), located by Newton on both defining systems at once
// (maps/defining_system.hpp): the unknowns (w_a, rdot_a, w_b, rdot_b, X, Y) with the common
// (X, Y), as many equations as unknowns. Where the directions agree the two curves meet at a
// codimension-2 point (a fold-tangency, a degenerate pitchfork), listed with the points instead.
#include <vector>

#include "limitdir/maps/map.hpp"

namespace limitdir::detail {

/// w with the coordinates of the family's mirrors by modulus and one of each half-turn pair: the
/// same for a direction and its images under the family's symmetries.
Eigen::Vector3d canonical_direction(const TwoParameterFamily& family, const Eigen::Vector3d& w);

/// The crossings of `curves` (sorted by x, then y).
std::vector<MapCrossing> curve_crossings(const TwoParameterFamily& family, const std::vector<MapCurve>& curves);

}  // namespace limitdir::detail
