#pragma once
// The regions of a map (internal to maps): the faces of the arrangement of the curves'
// polylines in the scaled rectangle [0, 1]^2, found by a vertical decomposition: the X of every
// vertex and of every crossing of two chords cut the rectangle into slabs, inside which no two
// chords cross, so each slab is a stack of trapezoids between consecutive chords; trapezoids
// of neighbouring slabs whose sides overlap on the common line (where no vertical chord lies)
// belong to one face. Each face is classified by find-limits at the middle of its widest
// trapezoid.
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/maps/map.hpp"

namespace limitdir::detail {

struct Trapezoid {
  double X0, X1;            // the slab
  double low0, low1, high0, high1;  // Y of the lower and upper chords at X0 and X1
  int face = -1;
};

struct Arrangement {
  std::vector<double> cuts;                    // the slabs' X, increasing, 0 first and 1 last
  std::vector<std::vector<Trapezoid>> slabs;   // per slab, bottom to top
  std::vector<MapRegion> regions;              // per face
  std::vector<double> widest;                  // per face: min(width, height) of its widest trapezoid
  std::vector<std::string> doubts;
  /// The face of the scaled point (X, Y), -1 on a chord or outside.
  int face_at(double X, double Y) const;
};

/// The faces of the curves' arrangement, each with its area and interior point (not classified).
Arrangement arrange(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves);
/// The same, each face classified by find-limits at its point.
Arrangement map_regions(const TwoParameterFamily& family, const std::vector<MapCurve>& curves,
                        const SolverOptions& solver);

struct LineComparison {
  std::vector<std::string> doubts;  // intervals whose structure differs from the map's region there
  int unresolved = 0;               // intervals whose sample points all lie on chords
};
/// Every interval of a seeding sweep's regions against the map's region at its points.
LineComparison compare_with_line(const TwoParameterFamily& family, const Arrangement& arrangement, bool along_x,
                                 double value, const Diagram& diagram);

}  // namespace limitdir::detail
