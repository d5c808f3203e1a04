#pragma once
// Two-parameter bifurcation maps (docs/manual.md section 13): the codimension-1 curves of a
// rectangle of two parameters (maps/curves.hpp), seeded from the events of one-parameter sweeps
// along its four edges and along interior lines in both directions, the codimension-2 points on
// them, and the regions between them with the limit directions of an interior point of each.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/maps/curves.hpp"
#include "limitdir/maps/orbit_curves.hpp"

namespace limitdir {

/// A connected part of the rectangle that no curve crosses: one structure of limit directions.
struct MapRegion {
  double x = 0, y = 0;  // an interior point (the middle of the face's widest trapezoid, maps/regions)
  int count = 0;        // limit directions at that point (find_limit_directions)
  std::vector<std::pair<std::string, int>> types;  // "attracting stable-node": 2, ... sorted by name
  Level level = Level::incomplete;                  // find-limits' certificate there
  double area = 0;                                  // its fraction of the rectangle
};

/// A one-parameter sweep that seeded the curves: along x at y = value, or along y at x = value.
struct MapLine {
  bool along_x = true;
  double value = 0;
  int events = 0;  // located events of a curve kind
  Level level = Level::incomplete;
  std::string reason;  // its certificate's reason when not complete
};

/// Two curves crossing in the plane with different limit directions (a pitchfork on (-1, 0, 0)
/// crossing the tangency of (1, 0, 0), say): a vertex of the map's arrangement where the order of
/// the events of a sweep through it changes, not a codimension-2 point (no one direction meets
/// two conditions there). maps/crossings.hpp.
struct MapCrossing {
  double x = 0, y = 0;
  int curves[2] = {0, 0};  // the ids of the two curves (one id twice: a curve crossing itself)
  Eigen::Vector3d w[2] = {Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()};  // their directions there
  /// Located by Newton on both curves' defining systems at once (their common (x, y)): its last
  /// step in the scaled (x, y); the polylines' own crossing when Newton failed (`located` false).
  bool located = false;
  double located_to = 0;
};

struct BifurcationMap {
  MapAxis x, y;
  std::vector<int> mirrors;  // the reflections w_k -> -w_k of the family (k = 1, 2)
  bool half_turn = false;    // the half-turn about e1, (w2, w3) -> (-w2, -w3), is a symmetry
  std::vector<MapCurve> curves;
  std::vector<CodimTwoPoint> points;
  std::vector<MapCrossing> crossings;
  std::vector<MapRegion> regions;
  std::vector<MapLine> lines;
  /// Branch points met by the sweeps off every mirror: they unfold in two parameters (no curve).
  std::vector<MapPoint> branch_points;
  /// The chord tolerance the curves were refined to (MapOptions::max_chord; 0: none).
  double max_chord = 0;
  /// The curves of the closed-orbit events of the seeding sweeps (maps/orbit_curves.hpp; claim
  /// "orbit curves" of the certificate, checked at best); none when MapOptions::orbits is off.
  std::optional<std::vector<OrbitCurve>> orbit_curves = std::nullopt;
  Certificate certificate;
};

struct MapOptions {
  int lines = 9;          // interior seeding lines in each direction (plus the four edges)
  /// On the invariant circle, where the map can be proven (docs/manual.md section 13): the curves
  /// from their exact parametrisation; false: traced by continuation from seeds on them and the
  /// seeding sweeps' events, the regions compared with the sweeps, as elsewhere.
  bool exact_curves = true;
  /// When > 0 (finite): every curve's polyline refined by its own corrector until the middle of
  /// each chord lies within max_chord of the curve, in the scaled (X, Y) = ((x - x.from)/(x.to -
  /// x.from), (y - y.from)/(y.to - y.from)) (docs/manual.md section 13, "Chords"); 0: the
  /// continuation's steps alone (chords up to curve.h_max long).
  double max_chord = 0;
  CurveOptions curve;
  ContinuationOptions sweep;  // the seeding sweeps
  /// Continue the closed orbits of every seeding sweep (confirm_hopf_events and
  /// continue_orbit_branches, continuation/orbit_branches.hpp) and join their cycle-fold, snic
  /// and homoclinic events into the map's orbit curves (docs/manual.md section 13, "Orbit curves").
  bool orbits = false;
};

namespace detail {
struct Arrangement;
}

/// The regions of a map as a point locator: the faces of the arrangement of its curves, the
/// same faces as BifurcationMap::regions and numbered alike (plot shades them).
class RegionLocator {
 public:
  RegionLocator(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves);
  /// The face at (x, y): an index into the map's regions, -1 on a curve or outside the rectangle.
  int face_at(double x, double y) const;
  std::size_t faces() const;

 private:
  MapAxis x_, y_;
  std::shared_ptr<const detail::Arrangement> arrangement_;
};

/// The map of `problem` over the rectangle x.from..x.to by y.from..y.to (InputError as
/// two_parameter_family). Progress goes to `progress` when given (one call per sweep and curve).
BifurcationMap bifurcation_map(const Problem& problem, const MapAxis& x, const MapAxis& y, const MapOptions& options = {},
                               const std::function<void(const std::string&)>& progress = {});

}  // namespace limitdir
