#pragma once
// Curves of closed-orbit events in a two-parameter map (docs/manual.md section 13, "Orbit
// curves"): the ends of the orbit branches of the seeding sweeps (continuation/orbit_events.hpp:
// "cycle-fold", "snic", "homoclinic") as points of the (x, y) plane, one per line and event, and
// the points of one kind joined into polylines. A curve of the limit directions is traced by its
// own defining system; these come from numerical orbit continuation along the lines alone, so
// they are met only at the lines (their resolution is the lines' spacing) and they are `checked`,
// never `proven`.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/maps/curves.hpp"

namespace limitdir {

/// One located orbit event of a seeding sweep: along x at y = value (x = the event's p), or
/// along y at x = value.
struct OrbitCurvePoint {
  std::string kind;  // "cycle-fold" | "snic" | "homoclinic"
  double x = 0, y = 0;
  bool along_x = true;
  /// A cycle-fold located where the multiplier reaches 1 (false: extrapolated, or a fitted
  /// period blow-up); p_error its distance from the branch's last point (OrbitEnd::p_error).
  bool located = false;
  double p_error = 0;
  std::optional<double> period = std::nullopt;    // the located fold's orbit
  std::optional<double> exponent = std::nullopt;  // snic: beta of T ~ |p* - p|^beta; homoclinic: b
};

/// The points of one kind joined in order along the curve.
struct OrbitCurve {
  int id = 0;
  std::string kind;  // "cycle-fold" | "snic" | "homoclinic"
  std::vector<OrbitCurvePoint> points;
};

/// The orbit events of a line's sweep, after confirm_hopf_events and continue_orbit_branches
/// (continuation/hopf.hpp, continuation/orbit_branches.hpp) have run on `diagram`: one point per
/// event, the two ends that meet at one fold of cycles from its two sides (within the smaller of
/// their p_error, at least 1e-9 of the line's length) one point.
std::vector<OrbitCurvePoint> orbit_curve_points(const Diagram& diagram, bool along_x, double value);

/// The points joined into polylines per kind (in the order of the kinds' first points), in the scaled (X, Y) = ((x - x.from)/(x.to - x.from),
/// (y - y.from)/(y.to - y.from)): the shortest links first, each point on at most two links, no
/// link closing a cycle, none longer than `max_link` (scaled). A point with no link is a curve of
/// one point (never dropped). Curves numbered from `first_id`.
std::vector<OrbitCurve> join_orbit_points(const std::vector<OrbitCurvePoint>& points, const MapAxis& x,
                                          const MapAxis& y, double max_link, int first_id = 0);

/// The longest link of join_orbit_points for a map with `interior` lines each way: twice the
/// diagonal of a cell of the seeding grid (see the definition).
double orbit_link_length(int interior);

}  // namespace limitdir
