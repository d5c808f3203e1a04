// Two-parameter bifurcation maps as figures (plot/plot.hpp, docs/manual.md sections 11 and 13):
// the curves in the (x, y) plane in one style per kind, the codimension-2 points labelled, and
// the regions shaded by their number of limit directions and labelled with it (and the Case).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;
using json = nlohmann::json;

constexpr double shade_cell = 2.0;      // px: the regions are shaded in runs of rows this high

struct MapRegionLabel {
  double x, y;
  int count;
  std::optional<int> paper_case;
};

struct MapFigure {
  MapAxis x, y;
  std::vector<MapCurve> curves;
  std::vector<std::pair<std::string, svg::Point>> points;  // kind, (x, y)
  std::vector<MapRegionLabel> regions;
};

MapAxis axis_of(const json& report, const std::string& key) {
  const json& a = field(report, key, "map");
  return {string_field(a, "parameter", "map." + key), number_field(a, "from", "map." + key),
          number_field(a, "to", "map." + key)};
}

CurveKind curve_kind(const std::string& name, const std::string& where) {
  for (CurveKind k : {CurveKind::fold, CurveKind::pitchfork, CurveKind::tangency, CurveKind::hopf, CurveKind::kink})
    if (to_string(k) == name) return k;
  throw InputError(where + ": unknown curve kind \"" + name + "\"");
}

MapFigure read_map(const json& report) {
  MapFigure fig{axis_of(report, "x"), axis_of(report, "y"), {}, {}, {}};
  if (!(fig.x.from < fig.x.to && fig.y.from < fig.y.to)) throw InputError("map: x and y need from < to");
  const json& curves = array_field(report, "curves", "map");
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const std::string where = "map.curves[" + std::to_string(i) + "]";
    MapCurve c;
    c.id = static_cast<int>(i);
    c.kind = curve_kind(string_field(curves[i], "kind", where), where);
    const json& points = array_field(curves[i], "points", where);
    for (std::size_t k = 0; k < points.size(); ++k) {
      const std::string at = where + ".points[" + std::to_string(k) + "]";
      c.points.push_back({number_field(points[k], "x", at), number_field(points[k], "y", at), Eigen::Vector3d::Zero(), 0});
    }
    fig.curves.push_back(std::move(c));
  }
  const json& points = field(report, "points", "map");
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string where = "map.points[" + std::to_string(i) + "]";
    fig.points.push_back({string_field(points[i], "kind", where),
                          {number_field(points[i], "x", where), number_field(points[i], "y", where)}});
  }
  const json& regions = field(report, "regions", "map");
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const std::string where = "map.regions[" + std::to_string(i) + "]";
    const json& c = field(regions[i], "case", where);
    fig.regions.push_back({number_field(regions[i], "x", where), number_field(regions[i], "y", where),
                           static_cast<int>(number_field(regions[i], "count", where)),
                           c.is_number_integer() ? std::optional<int>(c.get<int>()) : std::nullopt});
  }
  return fig;
}

std::string count_shade(int count) {
  static const std::map<int, std::string> shades{{2, "#e3eefb"}, {4, "#e6f4e3"}, {6, "#fbefdc"}, {8, "#f5e3f1"}};
  const auto it = shades.find(count);
  return it == shades.end() ? "#eeeeee" : it->second;
}

svg::Style curve_style(CurveKind k) {
  switch (k) {
    case CurveKind::fold: return {"black", 2.2, "none", "", 1.0};
    case CurveKind::pitchfork: return {"#1f5fbf", 2.2, "none", "8 4", 1.0};
    case CurveKind::tangency: return {"#2a8a2a", 2.0, "none", "2 3", 1.0};
    case CurveKind::hopf: return {"#c0392b", 2.0, "none", "10 3 2 3", 1.0};
    case CurveKind::kink: return {"#8e44ad", 2.2, "none", "4 2 1 2", 1.0};
  }
  return {};
}

std::string point_label(const std::string& kind) {
  static const std::map<std::string, std::string> labels{
      {"cusp", "C"},           {"degenerate-pitchfork", "DP"}, {"fold-pole", "FP"},
      {"fold-tangency", "FT"}, {"pitchfork-tangency", "PT"},   {"bogdanov-takens", "BT"},
      {"kink-tangency", "KT"}};
  const auto it = labels.find(kind);
  return it == labels.end() ? "?" : it->second;
}

/// Each face shaded by the count of the region whose point lies in it, in runs along rows.
void shade_regions(svg::Document& doc, const svg::Frame& frame, const MapFigure& fig) {
  const RegionLocator locator(fig.x, fig.y, fig.curves);
  std::vector<std::string> shade(locator.faces(), "#ffffff");
  for (const MapRegionLabel& r : fig.regions) {
    const int face = locator.face_at(r.x, r.y);
    if (face >= 0) shade[static_cast<std::size_t>(face)] = count_shade(r.count);
  }
  doc.begin_group(frame.clip_id, "regions");
  for (double py = frame.y; py < frame.y + frame.height; py += shade_cell) {
    const double y = frame.to_y.d0 + (py + 0.5 * shade_cell - frame.to_y.p0) * (frame.to_y.d1 - frame.to_y.d0) /
                                         (frame.to_y.p1 - frame.to_y.p0);
    std::string run_colour;
    double run_start = frame.x;
    for (double px = frame.x; px <= frame.x + frame.width; px += shade_cell) {
      const double x = frame.to_x.d0 + (px + 0.5 * shade_cell - frame.to_x.p0) * (frame.to_x.d1 - frame.to_x.d0) /
                                           (frame.to_x.p1 - frame.to_x.p0);
      const int face = px + shade_cell > frame.x + frame.width ? -2 : locator.face_at(x, y);
      if (face == -1 && !run_colour.empty()) continue;  // on a curve: the run goes on
      const std::string colour = face >= 0 ? shade[static_cast<std::size_t>(face)] : "";
      if (colour != run_colour) {
        if (!run_colour.empty()) doc.rect(run_start, py, px - run_start, shade_cell, {"none", 0.0, run_colour, "", 1.0});
        run_colour = colour;
        run_start = px;
      }
    }
    if (!run_colour.empty())
      doc.rect(run_start, py, frame.x + frame.width - run_start, shade_cell, {"none", 0.0, run_colour, "", 1.0});
  }
  doc.end_group();
}

void draw_map(svg::Document& doc, const svg::Frame& frame, const MapFigure& fig) {
  shade_regions(doc, frame, fig);
  doc.begin_group(frame.clip_id, "curves");
  for (const MapCurve& c : fig.curves) {
    std::vector<svg::Point> line;
    for (const MapPoint& p : c.points) line.emplace_back(p.x, p.y);
    svg::data_line(doc, frame, line, curve_style(c.kind));
  }
  doc.end_group();
  const svg::Box area = frame_box(frame);
  const auto shown = [&](svg::Point p) {
    return p.first >= frame.to_x.d0 && p.first <= frame.to_x.d1 && p.second >= frame.to_y.d0 && p.second <= frame.to_y.d1;
  };
  int dropped = 0;
  doc.begin_group("", "points");
  std::vector<std::pair<std::string, svg::Point>> marked;
  for (const auto& [kind, at] : fig.points) {
    if (!shown(at)) continue;  // outside the axes (--x-range, --y-range)
    const svg::Point px = frame.pixel(at.first, at.second);
    doc.circle(px.first, px.second, 5.0, {"black", 1.5, "white", "", 1.0});
    svg::reserve_marker(doc, px, 5.0);
    marked.push_back({point_label(kind), px});
  }
  for (const auto& [label, px] : marked)
    if (!svg::place_marker_label(doc, px, 5.0, label, {12.0, "middle", "black", 0.0, true}, area)) ++dropped;
  doc.end_group();
  doc.begin_group("", "region-labels");
  for (const MapRegionLabel& r : fig.regions) {
    if (!shown({r.x, r.y})) continue;
    const svg::Point px = frame.pixel(r.x, r.y);
    const std::string text = std::to_string(r.count) + (r.paper_case ? " (Case " + std::to_string(*r.paper_case) + ")" : "");
    if (!svg::place_marker_label(doc, px, 0.0, text, {11.0, "middle", "#333333", 0.0, true}, area)) ++dropped;
  }
  doc.end_group();
  svg::note_dropped(doc, dropped, area);
}

std::vector<svg::LegendItem> map_legend() {
  std::vector<svg::LegendItem> items;
  for (CurveKind k : {CurveKind::fold, CurveKind::pitchfork, CurveKind::tangency, CurveKind::hopf, CurveKind::kink})
    items.push_back({svg::LegendItem::Kind::line, curve_style(k), to_string(k)});
  items.push_back({svg::LegendItem::Kind::text, {}, "points: C cusp, DP degenerate pitchfork, FP fold-pole, "
                                                    "FT fold-tangency, PT pitchfork-tangency, BT Bogdanov-Takens, "
                                                    "KT kink-tangency; shaded by the number of limit directions:"});
  for (int count : {2, 4, 6, 8})
    items.push_back({svg::LegendItem::Kind::swatch, {"#999999", 0.5, count_shade(count), "", 1.0}, std::to_string(count)});
  return items;
}

std::string axis_label(const std::string& name) { return name == "force" ? "F (load)" : name; }

}  // namespace

std::string plot_map(const nlohmann::json& report, const PlotOptions& options) {
  const MapFigure fig = read_map(report);
  const std::pair<double, double> x = options.x_range.value_or(std::pair{fig.x.from, fig.x.to});
  const std::pair<double, double> y = options.y_range.value_or(std::pair{fig.y.from, fig.y.to});
  svg::Document doc = make_document(options, "limitdir bifurcation map");
  const Margins m = margins(doc);
  const double W = options.width, H = options.height, frame_w = W - m.left - m.right;
  const std::vector<svg::LegendItem> legend = map_legend();
  const std::vector<svg::LegendItem> shown = svg::fit_legend(legend, frame_w, doc.font_scale(), max_legend * H);
  const double legend_h = svg::legend_height(shown, frame_w, doc.font_scale());
  check_room(doc, frame_w, H - m.top - m.bottom - legend_h);
  const svg::Frame frame = svg::axes(doc, m.left, m.top, frame_w, H - m.top - m.bottom - legend_h,
                                     {x.first, x.second, y.first, y.second, axis_label(fig.x.name),
                                      axis_label(fig.y.name), ""});
  const json& problem = field(report, "problem", "map");
  const std::string name = problem.contains("name") && problem["name"].is_string() ? problem["name"].get<std::string>()
                                                                                     : std::string("map");
  const std::string title = name_with_range(name_with_range(name, fig.x.name, fig.x.from, fig.x.to), fig.y.name, fig.y.from, fig.y.to) + "; " + short_model(string_field(report, "model", "map"));
  doc.text(W / 2.0, m.top - 10.0 * doc.font_scale(), title, {svg::fitting_size(doc, title, 14.0, W - 8.0, true), "middle", "black", 0.0, true});
  draw_map(doc, frame, fig);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  return doc.str();
}

}  // namespace limitdir
