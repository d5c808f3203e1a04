#pragma once
// The proof of a two-parameter map on the invariant circle (internal to maps; docs/manual.md
// section 13, "Proof"): when the family qualifies (the disc or the ball, the load along e1 as one
// axis and a parameter entering M^-1 alone as the other: the ball's lambda, the disc's or the
// ball's j; a harmonic model of any degree or the linear model with Pi = diag(a, a, b)), its
// curves are those of maps/circle_map.hpp, and the traced map is compared with them:
//   every vertex of every traced curve lies on an exact curve of its kind (to kOnExact),
//   every part of every exact curve inside the rectangle is covered by traced curves (no curve,
//   no isola missed), consecutive vertices never jumping over a part outside it,
//   every codimension-2 point of the rectangle is isolated and matched by exactly one located
//   point of its kind, and the map has no other,
//   every region's count and types are proven by find-limits at its point.
#include <memory>
#include <string>
#include <vector>

#include "limitdir/maps/map.hpp"
#include "maps/circle_map.hpp"

namespace limitdir::detail {

struct MapProof {
  bool proven = false;
  std::string reason;  // what was shown, or why no proof applies or what failed
  /// When proven, what was shown for each claim of the certificate (docs/manual.md section 5,
  /// "Claims"); `reason` joins them.
  std::string curves, points, regions;
};

/// The exact curves of the family of `problem` over the rectangle, or `why` when
/// the family does not qualify (null then).
std::unique_ptr<const CircleMap> circle_map_of(const Problem& problem, const MapAxis& x, const MapAxis& y, std::string& why);

/// A seed on every part of every exact curve inside the rectangle (the middle of the widest cell
/// of each run of cells inside it, between sides, the load 0 or parts outside), so that the map
/// traces each, however small (rdot left at 0).
std::vector<CurveSeed> circle_seeds(const CircleMap& exact, bool force_is_x);

/// The traced map against the exact curves (force_is_x: the load is the map's x).
MapProof compare_with_circle_map(const CircleMap& exact, bool force_is_x, const BifurcationMap& map);


}  // namespace limitdir::detail
