#pragma once
// The refinement of a curve's polyline to a chord tolerance (internal to maps; docs/manual.md
// section 13, "Chords"): between consecutive vertices a, b the curve's own corrector gives the
// point m of the curve in the middle of the chord (at the middle of the parameter of an exact
// curve, or in the hyperplane through the chord's midpoint normal to the chord for a traced
// one), and m is inserted while its distance from the chord's midpoint (a + b)/2 in the scaled
// (X, Y) = ((x - x.from)/(x.to - x.from), (y - y.from)/(y.to - y.from)) exceeds the tolerance.
// For a C^2 curve c(s) the chord's deviation is c(s) - l(s) = -(s - s_a)(s_b - s) c''/2 + O(h^3)
// (h = s_b - s_a): largest at the middle, h^2 |c''|/8 there, and the distance from the chord's
// midpoint to m bounds the distance from the midpoint to the curve; once the step is small
// against the scale on which c'' varies (h |c'''| << |c''|), the deviation at the middle is the
// largest on the chord to O(h), so refining until it is below the tolerance keeps the whole
// chord within it to that order.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/maps/curves.hpp"

namespace limitdir::detail {

/// A vertex and its curve parameter (t of an exact curve; unused for a traced one).
struct ChordVertex {
  MapPoint at;
  double t = 0;
};

/// The distance in the scaled (X, Y) of `m` from the midpoint of the chord a-b.
double midpoint_deviation(const TwoParameterFamily& family, const MapPoint& a, const MapPoint& b, const MapPoint& m);

/// The curve's point in the middle of the chord a-b (nullopt: the corrector failed) and whether
/// the chord a-b must be split at it.
struct ChordSplit {
  std::function<std::optional<ChordVertex>(const ChordVertex&, const ChordVertex&)> middle;
  std::function<bool(const ChordVertex&, const ChordVertex&, const ChordVertex&)> needs;
};

/// Inserts between the consecutive `vertices` the middles that `split` asks for, recursively,
/// until no chord needs one. Returns what stopped it (empty when done): a middle not found, a
/// chord too short to halve in double, or more than `max_vertices` vertices.
std::string refine_chords(std::vector<ChordVertex>& vertices, const ChordSplit& split, std::size_t max_vertices);

/// A traced curve's polyline refined to `tol` by its defining system (maps/defining_system.hpp):
/// the middle of each chord corrected by Newton in the hyperplane through the chord's midpoint
/// normal to it (in the scaled unknowns). Returns what stopped it (empty when done).
std::string refine_traced_curve(const TwoParameterFamily& family, MapCurve& curve, double tol);

/// Vertices a refined polyline may have (10^6: a chord tolerance of 1e-12 on a curve of scaled
/// length 1 and curvature 1 needs ~3e5); more is reported, never silently capped.
constexpr std::size_t kMaxChordVertices = 1000000;

}  // namespace limitdir::detail
