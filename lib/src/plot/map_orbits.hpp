#pragma once
// The orbit curves of a two-parameter map on its figure (docs/manual.md section 13, "Orbit
// curves"): each kind (cycle-fold, snic, homoclinic) in its own colour and dash, each point a small
// marker (a curve met on one line only is a point), and the kinds drawn in the legend.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

struct MapOrbitCurve {
  std::string kind;  // "cycle-fold" | "snic" | "homoclinic"
  std::vector<svg::Point> points;
};

/// The report's "orbit_curves" (none when absent or null); InputError for a malformed one.
std::vector<MapOrbitCurve> read_orbit_curves(const nlohmann::json& report);

/// Map k's orbit curves (an overlay: in the map's colour with the kind's dash), in a group
/// "orbit-curves map-k", points outside the frame's ranges left out.
void draw_orbit_curves(svg::Document& doc, const svg::Frame& frame, const std::vector<MapOrbitCurve>& curves,
                       std::size_t k, bool overlay);

/// One legend line per kind with a point inside the ranges x0..x1, y0..y1 in any map.
std::vector<svg::LegendItem> orbit_curves_legend(const std::vector<std::vector<MapOrbitCurve>>& maps, double x0,
                                                 double x1, double y0, double y1, bool overlay);

}  // namespace limitdir::plot_detail
