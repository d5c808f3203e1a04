#pragma once
// The curves of a map on the invariant circle computed from their exact parametrisation
// (internal to maps; docs/manual.md section 13, "Proof"): each part of each exact curve inside
// the rectangle (maps/circle_map.hpp) becomes one MapCurve, its points (p(t), F(t), w(t)) taken
// in double from the closed forms at steps of t that keep its chords (in the scaled (x, y) and
// w) within the continuation's longest step, its ends located by bisection of t on the sides,
// and every point checked against the curve's defining system (maps/defining_system.hpp), so
// that the points are those continuation would converge to. The codimension-2 points are the
// exact ones (cusps, degenerate pitchfork, fold-pole, fold-tangencies) with the curves through
// them.
#include <string>
#include <vector>

#include "limitdir/maps/curves.hpp"
#include "maps/circle_map.hpp"

namespace limitdir::detail {

struct ExactMapCurves {
  std::vector<MapCurve> curves;
  std::vector<CodimTwoPoint> points;
  std::string why;  // not empty when a point missed its defining system or an end was not found
};

/// The curves of `family` (whose exact curves `exact` are) with chords of at most `h_max`, and
/// when `max_chord` > 0 refined until each chord's middle lies within it of the curve
/// (maps/chord_refine.hpp).
ExactMapCurves exact_map_curves(const CircleMap& exact, const TwoParameterFamily& family, double h_max,
                                double max_chord = 0);

}  // namespace limitdir::detail
