// The orbit curves of a map on its figure: plot/map_orbits.hpp.
#include "plot/map_orbits.hpp"

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

namespace {

using json = nlohmann::json;

constexpr double orbit_marker_r = 2.5;  // px (times Document::marker_scale): half a codimension-2 point's
const char* const orbit_kinds[] = {"cycle-fold", "snic", "homoclinic"};

svg::Style orbit_style(const std::string& kind) {
  if (kind == "cycle-fold") return {"#d35400", 2.0, "none", "6 2 1 2", 1.0};
  if (kind == "snic") return {"#16a085", 2.0, "none", "1 2", 1.0};
  return {"#6e2c00", 2.0, "none", "12 3", 1.0};  // homoclinic
}

bool inside(const svg::Point& p, double x0, double x1, double y0, double y1) {
  return p.first >= x0 && p.first <= x1 && p.second >= y0 && p.second <= y1;
}

}  // namespace

std::vector<MapOrbitCurve> read_orbit_curves(const json& report) {
  std::vector<MapOrbitCurve> out;
  const auto it = report.find("orbit_curves");
  if (it == report.end() || it->is_null()) return out;
  if (!it->is_array()) throw InputError("map.orbit_curves: must be an array or null");
  for (std::size_t i = 0; i < it->size(); ++i) {
    const std::string where = "map.orbit_curves[" + std::to_string(i) + "]";
    MapOrbitCurve c;
    c.kind = string_field((*it)[i], "kind", where);
    if (std::find(std::begin(orbit_kinds), std::end(orbit_kinds), c.kind) == std::end(orbit_kinds))
      throw InputError(where + ": unknown orbit curve kind \"" + c.kind + "\"");
    const json& points = array_field((*it)[i], "points", where);
    for (std::size_t k = 0; k < points.size(); ++k) {
      const std::string at = where + ".points[" + std::to_string(k) + "]";
      c.points.emplace_back(number_field(points[k], "x", at), number_field(points[k], "y", at));
    }
    out.push_back(std::move(c));
  }
  return out;
}

void draw_orbit_curves(svg::Document& doc, const svg::Frame& frame, const std::vector<MapOrbitCurve>& curves,
                       std::size_t k, bool overlay) {
  if (curves.empty()) return;  // no group: a map without orbit curves draws as before --orbits existed
  doc.begin_group(frame.clip_id, fmt::format("orbit-curves map-{}", k));
  const double r = orbit_marker_r * doc.marker_scale();
  for (const MapOrbitCurve& c : curves) {
    svg::Style style = orbit_style(c.kind);
    if (overlay) style.stroke = overlay_colour(k);
    svg::data_line(doc, frame, c.points, style);
    for (const svg::Point& p : c.points) {
      if (!inside(p, frame.to_x.d0, frame.to_x.d1, frame.to_y.d0, frame.to_y.d1)) continue;
      const svg::Point px = frame.pixel(p.first, p.second);
      doc.circle(px.first, px.second, r, {style.stroke, 1.0, style.stroke, "", 1.0},
                 fmt::format("data-x=\"{}\" data-y=\"{}\"", p.first, p.second));
    }
  }
  doc.end_group();
}

std::vector<svg::LegendItem> orbit_curves_legend(const std::vector<std::vector<MapOrbitCurve>>& maps, double x0,
                                                 double x1, double y0, double y1, bool overlay) {
  std::vector<svg::LegendItem> items;
  for (const char* kind : orbit_kinds) {
    bool drawn = false;
    for (const std::vector<MapOrbitCurve>& curves : maps)
      for (const MapOrbitCurve& c : curves)
        for (const svg::Point& p : c.points) drawn = drawn || (c.kind == kind && inside(p, x0, x1, y0, y1));
    if (!drawn) continue;
    svg::Style style = orbit_style(kind);
    if (overlay) style.stroke = "#444444";  // the kind by its dash, the map by its colour
    items.push_back({svg::LegendItem::Kind::line, style, std::string(kind) + " (orbits, checked)"});
  }
  return items;
}

}  // namespace limitdir::plot_detail
