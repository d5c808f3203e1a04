// Two-parameter bifurcation maps as figures (plot/plot.hpp, docs/manual.md sections 11 and 13):
// the curves in the (x, y) plane in one style per kind, the codimension-2 points labelled, and
// the regions shaded by their number of limit directions and labelled with it (and the Case).
// Several maps of one parameter pair overlaid: one colour per map, the kinds told apart by their
// dashes, the first map's regions shaded. The legend lists what is drawn, and only that.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/maps/map.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/map_orbits.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;
using json = nlohmann::json;

constexpr double shade_cell = 2.0;      // px: the regions are shaded in runs of rows this high
// A point outside the axes by at most this fraction of an axis's span (of its log10 span on a log
// axis) is drawn on the frame's edge: the map's points are exact to ~1e-15 relative (docs/manual.md
// section 13), so such a point (the exact model's fold-pole at F = -3.1e-21 on F from 0) lies on
// the edge within rounding, while 1e-9 of the span is far below a pixel (1e-6 px on a 1000 px axis).
constexpr double boundary_slack = 1e-9;
constexpr int count_samples = 256;  // per axis: the grid on which the shaded counts the key lists are found
constexpr double label_cell = 3.0;  // px: the grid on which a region's label finds its place
constexpr double curve_gap = 1.5;   // px kept free between a curve's stroke and a label's box
constexpr int point_rings = 12;     // rings of candidate places around a codimension-2 point
constexpr double point_r = 5.0;     // px on screen (times Document::marker_scale), a codimension-2 point's marker

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
  std::string model;  // the friction model's description
  std::vector<MapOrbitCurve> orbit_curves;  // plot/map_orbits.hpp
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
  MapFigure fig{axis_of(report, "x"), axis_of(report, "y"), {}, {}, {}, string_field(report, "model", "map"), {}};
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
  fig.orbit_curves = read_orbit_curves(report);
  return fig;
}

/// The shade of a region by its number of limit directions (2 .. 12 one each, others grey).
std::string count_shade(int count) {
  static const std::map<int, std::string> shades{{2, "#e3eefb"}, {4, "#e6f4e3"},  {6, "#fbefdc"},
                                                 {8, "#f5e3f1"}, {10, "#dff3f3"}, {12, "#f6f1cf"}};
  const auto it = shades.find(count);
  return it == shades.end() ? "#e4e4e4" : it->second;
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

const CurveKind all_kinds[] = {CurveKind::fold, CurveKind::pitchfork, CurveKind::tangency, CurveKind::hopf, CurveKind::kink};

/// The codimension-2 points: the report's kind, its abbreviation on the figure and its name in the key.
struct PointName {
  const char* kind;
  const char* label;
  const char* name;
};
const PointName point_names[] = {
    {"cusp", "C", "cusp"},           {"degenerate-pitchfork", "DP", "degenerate pitchfork"},
    {"fold-pole", "FP", "fold-pole"}, {"fold-tangency", "FT", "fold-tangency"},
    {"pitchfork-tangency", "PT", "pitchfork-tangency"}, {"bogdanov-takens", "BT", "Bogdanov-Takens"},
    {"kink-tangency", "KT", "kink-tangency"}};

std::string point_label(const std::string& kind) {
  for (const PointName& p : point_names)
    if (kind == p.kind) return p.label;
  return "?";
}

/// The data ranges shown (Frame::to_x, to_y once the frame is drawn; before, their ranges alone).
struct View {
  svg::LinearMap x, y;
};

/// v on the axis: itself inside [d0, d1], the end within boundary_slack outside, else nullopt.
std::optional<double> on_axis(double v, const svg::LinearMap& a) {
  if (v >= a.d0 && v <= a.d1) return v;
  if (a.log && !(v > 0.0)) return std::nullopt;
  const auto u = [&](double d) { return a.log ? std::log10(d) : d; };
  const double slack = boundary_slack * (u(a.d1) - u(a.d0));
  if (u(v) < u(a.d0) && u(v) >= u(a.d0) - slack) return a.d0;
  if (u(v) > u(a.d1) && u(v) <= u(a.d1) + slack) return a.d1;
  return std::nullopt;
}

/// The point where it is drawn (on the frame's edge when it lies there within rounding), or nullopt outside.
std::optional<svg::Point> shown_at(const View& view, svg::Point p) {
  const std::optional<double> x = on_axis(p.first, view.x), y = on_axis(p.second, view.y);
  if (!x || !y) return std::nullopt;
  return svg::Point{*x, *y};
}

/// The face of `fig`'s arrangement at (x, y): -2 outside its rectangle, -1 on a curve.
int face_in(const MapFigure& fig, const RegionLocator& locator, double x, double y) {
  if (x < fig.x.from || x > fig.x.to || y < fig.y.from || y > fig.y.to) return -2;
  return locator.face_at(x, y);
}

/// The count of each face holding one of the report's region points (faces without one stay white).
std::map<int, int> face_counts(const MapFigure& fig, const RegionLocator& locator) {
  std::map<int, int> counts;
  for (const MapRegionLabel& r : fig.regions) {
    const int face = face_in(fig, locator, r.x, r.y);
    if (face >= 0) counts[face] = r.count;
  }
  return counts;
}

/// The counts of the faces the shading paints in the view (found on a count_samples grid, in
/// log10 on a log axis, as the shading's cells are).
std::set<int> shaded_counts(const MapFigure& fig, const RegionLocator& locator, const View& view) {
  const std::map<int, int> counts = face_counts(fig, locator);
  const svg::LinearMap gx{view.x.d0, view.x.d1, 0.0, 1.0, view.x.log}, gy{view.y.d0, view.y.d1, 0.0, 1.0, view.y.log};
  std::set<int> shaded;
  for (int i = 0; i < count_samples; ++i)
    for (int j = 0; j < count_samples; ++j) {
      const auto it = counts.find(face_in(fig, locator, gx.inverse((i + 0.5) / count_samples),
                                          gy.inverse((j + 0.5) / count_samples)));
      if (it != counts.end()) shaded.insert(it->second);
    }
  return shaded;
}

/// The first map's faces shaded by their counts, in runs along rows of shade_cell px.
void shade_regions(svg::Document& doc, const svg::Frame& frame, const MapFigure& fig, const RegionLocator& locator) {
  const std::map<int, int> counts = face_counts(fig, locator);
  doc.begin_group(frame.clip_id, "regions");
  for (double py = frame.y; py < frame.y + frame.height; py += shade_cell) {
    const double y = frame.to_y.inverse(py + 0.5 * shade_cell);
    std::string run_colour;
    double run_start = frame.x;
    for (double px = frame.x; px <= frame.x + frame.width; px += shade_cell) {
      const int face = px + shade_cell > frame.x + frame.width ? -2 : face_in(fig, locator, frame.to_x.inverse(px + 0.5 * shade_cell), y);
      if (face == -1 && !run_colour.empty()) continue;  // on a curve: the run goes on
      const auto it = counts.find(face);
      const std::string colour = it != counts.end() ? count_shade(it->second) : "";
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

/// Map k's curve of kind `kind`: the kind's style alone, or in an overlay the map's colour with the kind's dash.
svg::Style map_curve_style(CurveKind kind, std::size_t k, bool overlay) {
  svg::Style style = curve_style(kind);
  if (overlay) style.stroke = overlay_colour(k);
  return style;
}

/// The curves of each map, in one group per map (class "curves map-k").
void draw_curves(svg::Document& doc, const svg::Frame& frame, const std::vector<MapFigure>& figs) {
  for (std::size_t k = 0; k < figs.size(); ++k) {
    doc.begin_group(frame.clip_id, fmt::format("curves map-{}", k));
    for (const MapCurve& c : figs[k].curves) {
      std::vector<svg::Point> line;
      for (const MapPoint& p : c.points) line.emplace_back(p.x, p.y);
      svg::data_line(doc, frame, line, map_curve_style(c.kind, k, figs.size() > 1));
    }
    doc.end_group();
  }
}

/// The curves of every map reserved (svg::reserve_polyline) so that labels keep off them.
void reserve_curves(svg::Document& doc, const svg::Frame& frame, const std::vector<MapFigure>& figs) {
  for (std::size_t k = 0; k < figs.size(); ++k)
    for (const MapCurve& c : figs[k].curves) {
      const double half = map_curve_style(c.kind, k, figs.size() > 1).width / 2.0 + curve_gap;
      std::vector<svg::Point> run;  // the runs svg::data_line draws: broken at non-finite data, clamped to 1e6 px
      for (const MapPoint& p : c.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
          svg::reserve_polyline(doc, run, half, frame_box(frame));
          run.clear();
          continue;
        }
        const auto [px, py] = frame.pixel(p.x, p.y);
        run.emplace_back(std::clamp(px, -1e6, 1e6), std::clamp(py, -1e6, 1e6));
      }
      svg::reserve_polyline(doc, run, half, frame_box(frame));
    }
}

/// The codimension-2 points inside the axes (or on their edge within rounding) marked and
/// labelled; returns the labels left out.
int draw_points(svg::Document& doc, const svg::Frame& frame, const std::vector<MapFigure>& figs) {
  const View view{frame.to_x, frame.to_y};
  doc.begin_group("", "points");
  std::vector<std::pair<std::string, svg::Point>> marked;
  const double r = point_r * doc.marker_scale();
  for (std::size_t k = 0; k < figs.size(); ++k)
    for (const auto& [kind, at] : figs[k].points) {
      const std::optional<svg::Point> p = shown_at(view, at);
      if (!p) continue;  // outside the axes (--x-range, --y-range)
      const svg::Point px = frame.pixel(p->first, p->second);
      doc.circle(px.first, px.second, r, {figs.size() > 1 ? overlay_colour(k) : "black", 1.5, "white", "", 1.0},
                 fmt::format("data-x=\"{}\" data-y=\"{}\"", p->first, p->second));
      svg::reserve_marker(doc, px, r);
      marked.push_back({point_label(kind), px});
    }
  int dropped = 0;
  for (const auto& [label, px] : marked)
    if (!svg::place_marker_label(doc, px, r, label, {12.0, "middle", "black", 0.0, true}, frame_box(frame), point_rings))
      ++dropped;
  doc.end_group();
  return dropped;
}

/// The first map's region counts (and Cases), each at the place of its face (about its report
/// point) farthest from the curves, markers and labels already there (svg::place_in_region), the
/// smallest faces first; a face with no free place for its label gets it beside its farthest
/// point with a leader line. Returns the labels left out.
int label_regions(svg::Document& doc, const svg::Frame& frame, const MapFigure& fig, const RegionLocator& locator) {
  const View view{frame.to_x, frame.to_y};
  const svg::CellGrid grid(frame_box(frame), label_cell);
  std::vector<int> faces(static_cast<std::size_t>(grid.nx) * grid.ny);
  std::map<int, int> cells;  // face -> its number of cells
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const svg::Point c = grid.centre(i, j);
      ++cells[faces[j * grid.nx + i] = face_in(fig, locator, frame.to_x.inverse(c.first), frame.to_y.inverse(c.second))];
    }
  struct Label {
    svg::Point px;
    int face;
    std::string text;
  };
  std::vector<Label> labels;
  for (const MapRegionLabel& r : fig.regions)
    if (const std::optional<svg::Point> p = shown_at(view, {r.x, r.y}))
      labels.push_back({frame.pixel(p->first, p->second), face_in(fig, locator, p->first, p->second),
                        std::to_string(r.count) + (r.paper_case ? " (Case " + std::to_string(*r.paper_case) + ")" : "")});
  std::stable_sort(labels.begin(), labels.end(), [&](const Label& a, const Label& b) { return cells[a.face] < cells[b.face]; });
  const svg::TextStyle style{11.0, "middle", "#333333", 0.0, true};
  int dropped = 0;
  doc.begin_group("", "region-labels");
  for (const Label& l : labels) {
    std::vector<char> inside(faces.size());
    for (std::size_t k = 0; k < faces.size(); ++k) inside[k] = l.face >= 0 && faces[k] == l.face;
    const svg::RegionPlace at = svg::place_in_region(doc, grid, inside, l.text, style);
    if (!at.written && !svg::place_marker_label(doc, at.farthest.value_or(l.px), 0.0, l.text, style, frame_box(frame), 10))
      ++dropped;
  }
  doc.end_group();
  return dropped;
}

/// Whether a curve of `kind` of any map has a point in the view (or a segment across it).
bool kind_drawn(const std::vector<MapFigure>& figs, CurveKind kind, const View& view) {
  for (const MapFigure& fig : figs)
    for (const MapCurve& c : fig.curves) {
      if (c.kind != kind) continue;
      for (std::size_t i = 0; i < c.points.size(); ++i) {
        if (shown_at(view, {c.points[i].x, c.points[i].y})) return true;
        if (i == 0) continue;  // a segment crossing the view with both ends outside: its midpoints
        const MapPoint &a = c.points[i - 1], &b = c.points[i];
        for (double t : {0.25, 0.5, 0.75})
          if (shown_at(view, {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)})) return true;
      }
    }
  return false;
}

/// The key's text of the codimension-2 points drawn ("points: C cusp, FP fold-pole"), "" when none.
std::string points_key(const std::vector<MapFigure>& figs, const View& view) {
  std::string key;
  for (const PointName& name : point_names) {
    bool drawn = false;
    for (const MapFigure& fig : figs)
      for (const auto& [kind, at] : fig.points) drawn = drawn || (kind == name.kind && shown_at(view, at));
    if (drawn) key += std::string(key.empty() ? "points: " : ", ") + name.label + " " + name.name;
  }
  return key;
}

/// The legend: each map's name (an overlay), the curve kinds drawn, the points drawn and the
/// counts shaded (`shaded`, of the first map's regions).
std::vector<svg::LegendItem> map_legend(const std::vector<MapFigure>& figs, const std::vector<std::string>& names,
                                        const View& view, const std::set<int>& shaded) {
  const bool overlay = figs.size() > 1;
  std::vector<svg::LegendItem> items;
  for (std::size_t k = 0; overlay && k < figs.size(); ++k)
    items.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 3.0, "none", "", 1.0}, names[k]});
  for (const CurveKind kind : all_kinds)
    if (kind_drawn(figs, kind, view)) {
      svg::Style style = curve_style(kind);
      if (overlay) style.stroke = "#444444";  // the kind by its dash, the map by its colour
      items.push_back({svg::LegendItem::Kind::line, style, to_string(kind)});
    }
  std::vector<std::vector<MapOrbitCurve>> orbits;
  for (const MapFigure& fig : figs) orbits.push_back(fig.orbit_curves);
  for (svg::LegendItem& item : orbit_curves_legend(orbits, view.x.d0, view.x.d1, view.y.d0, view.y.d1, overlay))
    items.push_back(std::move(item));
  const std::string points = points_key(figs, view);
  if (!points.empty()) items.push_back({svg::LegendItem::Kind::text, {}, points + ";"});
  if (shaded.empty()) return items;
  items.push_back({svg::LegendItem::Kind::text, {}, std::string("shaded") + (overlay ? " (" + names.front() + ")" : "") +
                                                        " by the number of limit directions:"});
  std::string greys;  // the counts without a shade of their own share one grey swatch
  for (const int count : shaded) {
    if (count_shade(count) == count_shade(-1)) greys += (greys.empty() ? "" : ", ") + std::to_string(count);
    else items.push_back({svg::LegendItem::Kind::swatch, {"#999999", 0.5, count_shade(count), "", 1.0}, std::to_string(count)});
  }
  if (!greys.empty()) items.push_back({svg::LegendItem::Kind::swatch, {"#999999", 0.5, count_shade(-1), "", 1.0}, greys});
  return items;
}

std::string axis_label(const std::string& name) { return name == "force" ? "F (load)" : name; }

/// An axis's range on a log axis (`log_option` given): InputError naming the options, the axis
/// and the value when it reaches 0 (a range the user gave, `range_option`, or the map's own).
std::pair<double, double> checked_axis(std::pair<double, double> r, bool log, bool given, const std::string& log_option,
                                       const std::string& range_option, const std::string& name) {
  if (!log || r.first > 0.0) return r;
  if (given)
    throw InputError(fmt::format("{}: must lie above 0 on the logarithmic axis {} of {} (got {}:{})", range_option, name,
                                 log_option, r.first, r.second));
  throw InputError(fmt::format("{}: the map's axis {} reaches {} <= 0; give {}=A:B with A > 0 or drop {}", log_option,
                               name, r.first, range_option, log_option));
}

/// The figure of one map, or of several of one parameter pair overlaid (names[k] naming map k).
std::string maps_figure(const std::vector<MapFigure>& figs, const std::vector<std::string>& names,
                        const PlotOptions& options, const std::string& title) {
  std::pair<double, double> x{figs.front().x.from, figs.front().x.to}, y{figs.front().y.from, figs.front().y.to};
  for (const MapFigure& fig : figs) {
    x = {std::min(x.first, fig.x.from), std::max(x.second, fig.x.to)};
    y = {std::min(y.first, fig.y.from), std::max(y.second, fig.y.to)};
  }
  x = checked_axis(options.x_range.value_or(x), options.log_x, options.x_range.has_value(), "--log-x", "--x-range",
                   axis_label(figs.front().x.name));
  y = checked_axis(options.y_range.value_or(y), options.log_y, options.y_range.has_value(), "--log-y", "--y-range",
                   axis_label(figs.front().y.name));
  const View view{{x.first, x.second, 0.0, 1.0, options.log_x}, {y.first, y.second, 0.0, 1.0, options.log_y}};
  const RegionLocator locator(figs.front().x, figs.front().y, figs.front().curves);
  const std::set<int> shaded = options.map_regions ? shaded_counts(figs.front(), locator, view) : std::set<int>{};
  svg::Document doc = make_document(options, "limitdir bifurcation map");
  const FigureTitle heading = figure_title(doc, title, 14.0);
  const Margins m = margins(doc);
  const double W = options.width, H = options.height, frame_w = W - m.left - m.right;
  const std::vector<svg::LegendItem> shown =
      svg::fit_legend(doc, map_legend(figs, names, view, shaded), frame_w, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, frame_w);
  check_room(doc, frame_w, H - m.top - m.bottom - legend_h);
  const svg::Frame frame = svg::axes(doc, m.left, m.top, frame_w, H - m.top - m.bottom - legend_h,
                                     {x.first, x.second, y.first, y.second, axis_label(figs.front().x.name),
                                      axis_label(figs.front().y.name), "", options.log_x, options.log_y});
  draw_title(doc, m.top - 10.0 * doc.font_scale(), heading);
  if (options.map_regions) shade_regions(doc, frame, figs.front(), locator);
  draw_curves(doc, frame, figs);
  for (std::size_t k = 0; k < figs.size(); ++k) draw_orbit_curves(doc, frame, figs[k].orbit_curves, k, figs.size() > 1);
  reserve_curves(doc, frame, figs);
  int dropped = draw_points(doc, frame, figs);
  if (options.map_regions) dropped += label_regions(doc, frame, figs.front(), locator);
  svg::note_dropped(doc, dropped, frame_box(frame));
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  return doc.str();
}

/// The title: the problem's name with the axes' ranges, and the models.
std::string map_title(const std::string& name, const MapFigure& fig, const std::string& models) {
  return name_with_range(name_with_range(name, fig.x.name, fig.x.from, fig.x.to), fig.y.name, fig.y.from, fig.y.to) +
         "; " + models;
}

std::string problem_name(const json& report) {
  const json& problem = field(report, "problem", "map");
  return problem.contains("name") && problem["name"].is_string() ? problem["name"].get<std::string>() : std::string("map");
}

}  // namespace

std::string plot_map(const nlohmann::json& report, const PlotOptions& options) {
  const MapFigure fig = read_map(report);
  return maps_figure({fig}, {}, options, map_title(problem_name(report), fig, short_model(fig.model)));
}

std::string plot_map_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                             const PlotOptions& options) {
  std::vector<MapFigure> figs;
  for (const PlotInput& input : inputs) {
    figs.push_back(read_map(input.report));
    const MapFigure &a = figs.front(), &b = figs.back();
    if (a.x.name != b.x.name || a.y.name != b.y.name)
      throw InputError(fmt::format("overlay: the maps span different parameter pairs (({}, {}) in {}, ({}, {}) in {}); "
                                   "overlay maps of one pair", a.x.name, a.y.name, inputs.front().source, b.x.name,
                                   b.y.name, input.source));
  }
  MapFigure whole = figs.front();  // its axes: the union of the maps' ranges, for the title
  for (const MapFigure& fig : figs) {
    whole.x = {whole.x.name, std::min(whole.x.from, fig.x.from), std::max(whole.x.to, fig.x.to)};
    whole.y = {whole.y.name, std::min(whole.y.from, fig.y.from), std::max(whole.y.to, fig.y.to)};
  }
  std::string models;
  for (const std::string& name : names) models += (models.empty() ? "" : ", ") + name;
  return maps_figure(figs, names, options, map_title(overlay_title(inputs, "maps"), whole, models));
}

}  // namespace limitdir
