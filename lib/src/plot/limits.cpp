// The limit directions of one load on the sphere (plot/plot.hpp): two hemispheres with the
// directions in the Fig. 11 colours and V* (122) [Nonlinear Dyn. 2024] as streamlines
// (docs/manual.md section 11). sphere_figure (plot/sphere_view.hpp) is the same figure for
// any report holding limit directions and a problem: classify's, marked by class
// (classification.cpp), and the celt slip system's (celt_slip.cpp).
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/system/system.hpp"
#include "plot/common.hpp"
#include "plot/sphere_view.hpp"
#include "plot/time_panels.hpp"
#include "plot/wrapped_text.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

const svg::Style invariant_style{"#2ca02c", 1.6, "none", "4 3", 1.0};

struct Marker {
  Eigen::Vector3d w;
  std::string colour;
  std::string label;
  std::string shape = "disc";  // MarkerCode::by_class: disc, diamond, square or triangle
  bool hollow = false;         // MarkerCode::by_class: a white centre (unstable on the sphere)
};

/// The fill of MarkerCode::by_class by the radial class of Def. 2 (the sign of rdot = R*(w)).
std::string radial_fill(const std::string& radial) {
  return radial == "attracting" ? "#1f63d4" : radial == "repelling" ? "#d62728" : "white";
}

/// A marker of MarkerCode::by_class: the shape of the type on the sphere (sphere_view.hpp).
void class_shape(Marker& m, const std::string& type) {
  m.shape = type == "saddle" ? "square" : type == "stable-focus" || type == "unstable-focus" ? "diamond"
            : type == "non-hyperbolic" ? "triangle" : "disc";
  m.hollow = type == "unstable-node" || type == "unstable-focus";
}

std::vector<Marker> direction_markers(const nlohmann::json& report, const SphereText& text) {
  std::vector<Marker> markers;
  const nlohmann::json& list = array_field(report, "limit_directions", text.where);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = text.where + ".limit_directions[" + std::to_string(i) + "]";
    const Eigen::Vector3d w = vector3_field(list[i], "w", where);
    if (!(w.norm() > 0.0)) throw InputError(where + ".w: must not be zero");
    std::optional<std::string> colour;
    if (list[i].contains("colour")) colour = string_field(list[i], "colour", where);
    const std::string type = string_field(field(list[i], "sphere", where), "type", where + ".sphere");
    const std::string radial = string_field(list[i], "radial", where);
    const std::string label = i < text.labels.size() ? text.labels[i] : std::to_string(i + 1);
    Marker m{w.normalized(), fig11_colour(colour, radial, type), label};
    if (text.code == MarkerCode::by_class) {
      m.colour = radial_fill(radial);
      class_shape(m, type);
    }
    markers.push_back(m);
  }
  return markers;
}

/// One marker of radius r at (x, y): a disc, or the shape of MarkerCode::by_class.
void draw_marker(svg::Document& doc, double x, double y, double r, const Marker& m) {
  const svg::Style style{"black", 1.2, m.colour, "", 1.0};
  if (m.shape == "square") {
    doc.rect(x - 0.85 * r, y - 0.85 * r, 1.7 * r, 1.7 * r, style);
  } else if (m.shape == "diamond") {
    doc.polygon({{x, y - 1.2 * r}, {x + 1.2 * r, y}, {x, y + 1.2 * r}, {x - 1.2 * r, y}}, style);
  } else if (m.shape == "triangle") {
    doc.polygon({{x, y - 1.2 * r}, {x + 1.1 * r, y + 0.8 * r}, {x - 1.1 * r, y + 0.8 * r}}, style);
  } else {
    doc.circle(x, y, r, style);
  }
  if (m.hollow) doc.circle(x, y, 0.45 * r, {"none", 0.0, "white", "", 1.0});
}

/// The circles {w : w . axis = sin theta} of limit directions (F = 0 with axisymmetry).
void draw_circles(svg::Document& doc, const Hemisphere& h, const nlohmann::json& report, const std::string& name) {
  const nlohmann::json& list = array_field(report, "circles", name);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = name + ".circles[" + std::to_string(i) + "]";
    const double theta = number_field(list[i], "theta", where);
    const Eigen::Vector3d axis = vector3_field(list[i], "axis", where);
    if (!(axis.norm() > 0.0)) throw InputError(where + ".axis: must not be zero");
    const Eigen::Vector3d a = axis.normalized();
    const Eigen::Vector3d e1 = a.unitOrthogonal(), e2 = a.cross(e1);
    std::vector<Eigen::Vector3d> curve;
    for (int k = 0; k <= 360; ++k) {
      const double t = 2.0 * pi * k / 360.0;
      curve.push_back(std::sin(theta) * a + std::cos(theta) * (std::cos(t) * e1 + std::sin(t) * e2));
    }
    const std::string type = string_field(list[i], "sphere_type", where);
    // a sliding circle (on a jump set, docs/manual.md section 5) coloured as the smooth one it
    // behaves like: attracting (blue) or repelling (red) from both sides
    const bool stable = type == "stable-circle" || type == "stable-sliding-circle";
    const bool unstable = type == "unstable-circle" || type == "unstable-sliding-circle";
    const std::string colour = stable ? "#1f63d4" : unstable ? "#d62728" : uncoloured;
    draw_sphere_curve(doc, h, curve, {colour, 3.0, "none", "", 1.0});
  }
}

void draw_markers(svg::Document& doc, const Hemisphere& h, const std::vector<Marker>& markers,
                  const nlohmann::json& report, const SphereText& text) {
  doc.begin_group("", "limit-directions");
  const double r = 6.5 * doc.marker_scale();  // px on screen, the markers
  for (const SpherePoint& p : text.points) {  // crosses under the markers, labelled with them below
    if (!h.visible(p.w)) continue;
    const auto [x, y] = h.pixel(p.w);
    doc.line(x - r, y, x + r, y, {"black", 1.6, "none", "", 1.0});
    doc.line(x, y - r, x, y + r, {"black", 1.6, "none", "", 1.0});
    svg::reserve_marker(doc, {x, y}, r);
  }
  for (const Marker& m : markers) {
    if (!h.visible(m.w)) continue;
    const auto [x, y] = h.pixel(m.w);
    draw_marker(doc, x, y, r, m);
    svg::reserve_marker(doc, {x, y}, m.shape == "disc" ? r : 1.2 * r);
  }

  int dropped = 0;  // labels with no free place (plot/labels.hpp), noted below
  for (const Marker& m : markers)
    if (h.visible(m.w) &&
        !svg::place_marker_label(doc, h.pixel(m.w), r, m.label, {11.0, "middle", "black", 0.0, true},
                                 {0.0, 0.0, doc.width(), doc.height()}))
      ++dropped;
  for (const SpherePoint& p : text.points)
    if (h.visible(p.w) && !p.label.empty() &&
        !svg::place_marker_label(doc, h.pixel(p.w), r, p.label, {11.0, "middle", "black", 0.0, false},
                                 {0.0, 0.0, doc.width(), doc.height()}))
      ++dropped;
  svg::note_dropped(doc, dropped, {h.cx - h.r, h.cy - h.r, 2.0 * h.r, 2.0 * h.r});
  const nlohmann::json& singular = array_field(report, "singular_points", text.where);
  for (std::size_t i = 0; i < singular.size(); ++i) {
    const Eigen::Vector3d w =
        vector3_field(singular[i], "w", text.where + ".singular_points[" + std::to_string(i) + "]");
    if (!(w.norm() > 0.0) || !h.visible(w.normalized())) continue;
    const auto [x, y] = h.pixel(w.normalized());
    doc.line(x - 5.0, y - 5.0, x + 5.0, y + 5.0, {"black", 2.0, "none", "", 1.0});
    doc.line(x - 5.0, y + 5.0, x + 5.0, y - 5.0, {"black", 2.0, "none", "", 1.0});
  }
  doc.end_group();
}

std::string axis_name(const Eigen::Vector3d& v) {
  for (int k = 0; k < 3; ++k)
    if (std::abs(v[k]) == 1.0) return std::string(v[k] > 0 ? "+" : "-") + "w" + std::to_string(k + 1);
  return "?";
}

/// The caption under a hemisphere: its side, the view and the screen axes.
std::string caption_of(const Hemisphere& h) {
  const std::string view = axis_name(h.view);  // "+w2" or "-w2"
  return view.substr(1) + (view[0] == '+' ? " >= 0" : " <= 0") + ", seen from " + view + " (up " + axis_name(h.up) +
         ", right " + axis_name(h.right) + ")";
}

/// px: the caption's first baseline below a hemisphere's disc (times the font scale); stacked in
/// print 4 px lower, clear of a marker on the disc's rim (6.5 px) under the caption's ascent (8.8 px).
constexpr double caption_drop = 16.0;
constexpr double stacked_drop = 20.0;

/// `text` wrapped whole within `width` px (wrapped_text) centred at x, its first baseline at y;
/// drawn when `draw`. The px its lines take beyond one.
double wrapped_lines(svg::Document& doc, double x, double y, const std::string& text, double size, double width,
                     bool bold, bool draw = true) {
  const FigureTitle lines = wrapped_text(doc, text, size, width, bold);
  const double pitch = 1.25 * lines.size * doc.font_scale();
  for (std::size_t k = 0; draw && k < lines.lines.size(); ++k)
    doc.text(x, y + pitch * static_cast<double>(k), lines.lines[k], {lines.size, "middle", "black", 0.0, bold});
  return lines.lines.empty() ? 0.0 : pitch * static_cast<double>(lines.lines.size() - 1);
}

/// The px a hemisphere's caption takes beyond one line, wrapped within `width` (the paper styles).
double caption_extra(svg::Document& doc, const Hemisphere& h, double width) {
  return wrapped_lines(doc, 0.0, 0.0, caption_of(h), 11.0, width, false, false);
}

/// `wrap` > 0 (the paper styles, stacked): the caption wrapped whole within `wrap` px about the
/// disc's centre; else one line shrunk to the disc's width.
void draw_panel(svg::Document& doc, const Hemisphere& h, const System& system, double F,
                const std::vector<Marker>& markers, const nlohmann::json& report, const SphereText& text,
                double wrap = 0.0) {
  draw_hemisphere(doc, h);
  if (wrap > 0.0)  // drawn first: the markers' labels keep off it
    wrapped_lines(doc, h.cx, h.cy + h.r + stacked_drop * doc.font_scale(), caption_of(h), 11.0, wrap, false);
  if (system.has_invariant_circle()) {  // Sect. 7.4: w2 = 0, green as in Fig. 12
    std::vector<Eigen::Vector3d> circle;
    for (int k = 0; k <= 360; ++k) circle.emplace_back(std::cos(2.0 * pi * k / 360.0), 0.0, std::sin(2.0 * pi * k / 360.0));
    draw_sphere_curve(doc, h, circle, invariant_style);
  }
  draw_streamlines(doc, h, system, F);
  draw_circles(doc, h, report, text.where);
  draw_markers(doc, h, markers, report, text);
  if (wrap > 0.0) return;
  const std::string caption = caption_of(h);
  doc.text(h.cx, h.cy + h.r + caption_drop * doc.font_scale(), caption,
           {svg::fitting_size(doc, caption, 11.0, 2.0 * h.r + 20.0, false), "middle", "#333333"});
}

std::vector<svg::LegendItem> limits_legend(bool invariant, const SphereText& text) {
  std::vector<svg::LegendItem> items = text.code == MarkerCode::fig11 ? fig11_items(true) : class_legend();
  items.push_back({svg::LegendItem::Kind::line, stream_style, "streamlines of V* (122)"});
  if (invariant) items.push_back({svg::LegendItem::Kind::line, invariant_style, "invariant circle w2 = 0"});
  items.push_back({svg::LegendItem::Kind::text, {}, "numbers: order in the report; x: singular points (Coulomb point model)"});
  items.insert(items.end(), text.legend.begin(), text.legend.end());
  return items;
}

/// What a sphere figure draws besides the report's circles and singular points.
struct SphereScene {
  System system;
  double F;
  std::vector<Marker> markers;
  std::string name, title;
};

/// In the paper styles, whether the hemispheres side by side hold their captions at
/// svg::paper_least_size and the whole legend (`legend_h` px) in at most `most` px.
bool side_by_side(const svg::Document& doc, const std::pair<Hemisphere, Hemisphere>& views, double legend_h,
                  double most) {
  for (const Hemisphere& h : {views.first, views.second})
    if (svg::fitting_size(doc, caption_of(h), 11.0, 2.0 * h.r + 20.0, false) < svg::paper_least_size) return false;
  return legend_h <= most;
}

/// px: from a caption's last baseline to the next hemisphere's disc or the legend (times the
/// font scale): the caption's descent (2.8 px) and room for a marker (6.5 px) and its label
/// beside it above the disc's top.
constexpr double caption_gap = 20.0;

/// The paper styles' sphere figure when the hemispheres side by side are too narrow (a single
/// column: captions under 7.3 pt, the legend left out): the two hemispheres stacked, each as
/// wide as the figure less 40 px a side (room for the markers' labels), their captions and the
/// note under the title wrapped whole, the whole legend below; the figure grown in height
/// (drawn anew) until they fit (docs/manual.md section 11, "Paper style").
std::string stacked_figure(const nlohmann::json& report, const PlotOptions& options, const SphereText& text,
                           const SphereScene& scene, int k) {
  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir limit directions: " + scene.name);
  const double s = doc.font_scale(), r = std::max(10.0, (W - 80.0) / 2.0);
  const std::vector<svg::LegendItem> legend = limits_legend(scene.system.has_invariant_circle(), text);
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const double note_more = text.note.empty() ? 0.0 : centred_text_extra(doc, text.note, 11.0);
  const double note_h = text.note.empty() ? 0.0 : 16.0 * s + note_more;
  const FigureTitle heading = figure_title(doc, scene.title, 13.0);
  const double top = 40.0 * s + doc.title_room() + note_h;  // (in print 40 px shrink with the text)
  const Hemisphere upper = hemispheres(k, r, W / 2.0, W / 2.0, top + r).first;
  const double upper_room = (stacked_drop + caption_gap) * s + caption_extra(doc, upper, W - 8.0);
  const Hemisphere lower = hemispheres(k, r, W / 2.0, W / 2.0, top + 3.0 * r + upper_room).second;
  const double legend_y = lower.cy + r + (stacked_drop + caption_gap) * s + caption_extra(doc, lower, W - 8.0);
  if (legend_y + legend_h + 4.0 > H + 0.5)
    return stacked_figure(report, taller(options, legend_y + legend_h + 4.0 - H), text, scene, k);
  draw_title(doc, top - note_h - 18.0 * s, heading);
  if (!text.note.empty()) centred_text(doc, top - 18.0 * s - note_more, text.note, 11.0);
  draw_panel(doc, upper, scene.system, scene.F, scene.markers, report, text, W - 8.0);
  draw_panel(doc, lower, scene.system, scene.F, scene.markers, report, text, W - 8.0);
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

/// One report of an overlay of limit directions (limits_columns): a column of the figure.
struct Column {
  System system;
  double F;
  std::string model;
  std::vector<Marker> markers;
};

/// The columns of an overlay; whether any system has the invariant circle, whether every report
/// has the first one's model.
struct Cases {
  std::vector<Column> columns;
  bool invariant = false, same = true;
  std::string first_model;
};

Cases read_cases(const std::vector<PlotInput>& inputs) {
  Cases cases;
  cases.first_model = string_field(inputs.front().report, "model", inputs.front().source);
  for (const PlotInput& input : inputs) {
    SphereText text;
    text.where = input.source;
    const Problem problem = parse_problem(field(input.report, "problem", text.where), text.where + ".problem");
    cases.columns.push_back({make_system(problem), number_field(input.report, "force", text.where),
                             string_field(input.report, "model", text.where), direction_markers(input.report, text)});
    cases.invariant = cases.invariant || cases.columns.back().system.has_invariant_circle();
    cases.same = cases.same && cases.columns.back().model == cases.first_model;
  }
  return cases;
}

std::string column_heading(const Column& c, bool same) {
  return fmt::format("F = {}: {} limit direction{}{}", c.F, c.markers.size(), c.markers.size() == 1 ? "" : "s",
                     same ? "" : ", " + short_model(c.model));
}

/// px: the least width of a hemisphere's slot in the paper styles' overlay (a disc of 40 px
/// radius and 18 px a side for the markers' labels): a single column holds 2 a row, a double one 4.
constexpr double least_slot = 116.0;

/// The paper styles' overlay of limit directions: each report's two hemispheres side by side
/// when every report's pair fits one row in slots of least_slot px (two reports in a double
/// column), else stacked in a column of the report with as many columns a row as leave each
/// least_slot px (reports in rows of them); every heading and caption wrapped whole within its
/// column or slot at its size (8 pt, 7.33 pt), no title unless asked, the whole legend below; the
/// figure grown in height (drawn anew) until they fit (docs/manual.md section 11, "Paper style").
std::string limits_grid(const std::vector<PlotInput>& inputs, const Cases& cases, const PlotOptions& options) {
  const double W = options.width, H = options.height;
  const std::string title = overlay_title(inputs, "limit sets") + (cases.same ? ": " + short_model(cases.first_model) : "");
  svg::Document doc = make_document(options, "limitdir limit directions: " + title);
  const double s = doc.font_scale();
  const FigureTitle heading = figure_title(doc, title, 13.0);
  const std::vector<svg::LegendItem> legend = limits_legend(cases.invariant, {});
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const std::size_t n = cases.columns.size(), slots = static_cast<std::size_t>((W - 20.0) / least_slot);
  const bool paired = 2 * n <= slots;
  const std::size_t per_row = paired ? n : std::clamp<std::size_t>(slots, 1, n);
  const double cw = (W - 20.0) / static_cast<double>(per_row), slot = paired ? cw / 2.0 : cw;
  const double r = std::max(10.0, (slot - 36.0) / 2.0), wrap = slot - 6.0;
  const int k = options.view == "w1" ? 0 : options.view == "w2" ? 1 : 2;
  const auto [up, down] = hemispheres(k, r, 0.0, 0.0, 0.0);  // the captions: the same in every column
  const double below = (stacked_drop + caption_gap) * s, up_room = below + caption_extra(doc, up, wrap);
  const double down_room = below + caption_extra(doc, down, wrap);
  const double discs = paired ? 2.0 * r + std::max(up_room, down_room) : 4.0 * r + up_room + down_room;
  std::vector<double> row_top{40.0 * s + doc.title_room()}, head_more;  // px: each row's top; its headings' extra lines
  for (std::size_t j0 = 0; j0 < n; j0 += per_row) {
    double more = 0.0;
    for (std::size_t j = j0; j < std::min(n, j0 + per_row); ++j)
      more = std::max(more, wrapped_lines(doc, 0.0, 0.0, column_heading(cases.columns[j], cases.same), 12.0, cw - 6.0, true, false));
    head_more.push_back(more);
    row_top.push_back(row_top.back() + 22.0 * s + more + discs);
  }
  if (row_top.back() + legend_h + 4.0 > H + 0.5) return limits_grid(inputs, cases, taller(options, row_top.back() + legend_h + 4.0 - H));
  draw_title(doc, 22.0 * s + doc.title_room(), heading);
  for (std::size_t j = 0; j < n; ++j) {
    const Column& c = cases.columns[j];
    const std::size_t row = j / per_row;
    const double cx = 10.0 + cw * (static_cast<double>(j % per_row) + 0.5), top = row_top[row];
    doc.rect(cx - cw / 2.0, top, cw, row_top[row + 1] - top, {"none", 0.0, "none", "", 1.0},
             fmt::format("class=\"column\" data-force=\"{}\" data-directions=\"{}\"", c.F, c.markers.size()));
    wrapped_lines(doc, cx, top + 10.0 * s, column_heading(c, cases.same), 12.0, cw - 6.0, true);
    SphereText text;
    text.where = inputs[j].source;
    const double disc = top + 22.0 * s + head_more[row];  // the upper (left) disc's top
    const Hemisphere upper = paired ? hemispheres(k, r, cx - cw / 4.0, cx + cw / 4.0, disc + r).first
                                    : hemispheres(k, r, cx, cx, disc + r).first;
    const Hemisphere lower = paired ? hemispheres(k, r, cx - cw / 4.0, cx + cw / 4.0, disc + r).second
                                    : hemispheres(k, r, cx, cx, disc + 3.0 * r + up_room).second;
    draw_panel(doc, upper, c.system, c.F, c.markers, inputs[j].report, text, wrap);
    draw_panel(doc, lower, c.system, c.F, c.markers, inputs[j].report, text, wrap);
  }
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

}  // namespace

namespace plot_detail {

std::vector<svg::LegendItem> class_legend() {
  using Kind = svg::LegendItem::Kind;
  return {{Kind::marker, {"black", 1.0, radial_fill("attracting"), "", 1.0}, "attracting (R* < 0)"},
          {Kind::marker, {"black", 1.0, radial_fill("repelling"), "", 1.0}, "repelling (R* > 0)"},
          {Kind::marker, {"black", 1.0, radial_fill("tangent"), "", 1.0}, "tangent (R* = 0)"},
          {Kind::text, {}, "shape: disc node, diamond focus, square saddle, triangle non-hyperbolic; "
                           "white centre: unstable on the sphere"}};
}

std::string sphere_figure(const nlohmann::json& report, const PlotOptions& options, const SphereText& text) {
  const Problem problem = parse_problem(field(report, "problem", text.where), text.where + ".problem");
  const double F = number_field(report, "force", text.where);
  const SphereScene scene{make_system(problem), F, direction_markers(report, text), problem.name,
                          !text.title.empty() ? text.title
                                              : fmt::format("{}: F = {}, {}", problem.name, F,
                                                            short_model(string_field(report, "model", text.where)))};
  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir limit directions: " + problem.name);
  const double s = doc.font_scale();
  const std::vector<svg::LegendItem> items = limits_legend(scene.system.has_invariant_circle(), text);
  const std::vector<svg::LegendItem> legend = svg::fit_legend(doc, items, W - 40.0, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const double note_h = text.note.empty() ? 0.0 : 16.0 * s;  // one line of 11 px below the title
  const FigureTitle heading = figure_title(doc, scene.title, 13.0);
  const double top = 40.0 * std::max(1.0, s) + doc.title_room() + note_h, bottom = 28.0 * std::max(1.0, s) + legend_h;
  const double r = std::max(10.0, std::min((W - 80.0) / 4.0, (H - top - bottom) / 2.0));
  const int k = options.view == "w1" ? 0 : options.view == "w2" ? 1 : 2;
  const auto [left, right] = hemispheres(k, r, W / 4.0, 3.0 * W / 4.0, top + r);
  if (doc.paper() && !side_by_side(doc, {left, right}, svg::legend_height(doc, items, W - 40.0), max_legend * H))
    return stacked_figure(report, options, text, scene, k);
  draw_title(doc, top - note_h - 18.0 * s, heading);
  if (!text.note.empty())
    doc.text(W / 2.0, top - 18.0 * s, text.note, {svg::fitting_size(doc, text.note, 11.0, W - 8.0, false), "middle"});
  draw_panel(doc, left, scene.system, F, scene.markers, report, text);
  draw_panel(doc, right, scene.system, F, scene.markers, report, text);
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

}  // namespace plot_detail

std::string limits_columns(const std::vector<PlotInput>& inputs, const PlotOptions& options) {
  // Figs 11-12 [Nonlinear Dyn. 2024]: the Cases side by side, one report a column, its two
  // hemispheres along --view stacked (docs/manual.md section 11)
  const Cases cases = read_cases(inputs);
  if (options.style != "screen") return limits_grid(inputs, cases, options);
  const std::vector<Column>& columns = cases.columns;
  const bool invariant = cases.invariant, same = cases.same;
  const std::string& first_model = cases.first_model;
  const double W = options.width, H = options.height, n = static_cast<double>(inputs.size());
  const std::string title = overlay_title(inputs, "limit sets") + (same ? ": " + short_model(first_model) : "");
  svg::Document doc = make_document(options, "limitdir limit directions: " + title);
  const double s = doc.font_scale();
  const std::vector<svg::LegendItem> legend = svg::fit_legend(doc, limits_legend(invariant, {}), W - 40.0, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const double top = 40.0 * std::max(1.0, s) + 18.0 * s, bottom = 8.0 * std::max(1.0, s) + legend_h;
  const double caption = 26.0 * s, cw = (W - 20.0) / n;  // px: a hemisphere's caption line; a column's width
  const double r = std::max(10.0, std::min((cw - 36.0) / 2.0, (H - top - bottom - 2.0 * caption) / 4.0));
  doc.text(W / 2.0, top - 18.0 * s - 14.0 * s, title, {svg::fitting_size(doc, title, 13.0, W - 8.0, true), "middle", "black", 0.0, true});
  const int k = options.view == "w1" ? 0 : options.view == "w2" ? 1 : 2;
  for (std::size_t j = 0; j < columns.size(); ++j) {
    const Column& c = columns[j];
    const PlotInput& input = inputs[j];
    const double cx = 10.0 + cw * (static_cast<double>(j) + 0.5);
    const std::string heading = column_heading(c, same);
    doc.rect(cx - cw / 2.0, top - 18.0 * s, cw, 2.0 * (2.0 * r + caption) + 18.0 * s, {"none", 0.0, "none", "", 1.0},
             fmt::format("class=\"column\" data-force=\"{}\" data-directions=\"{}\"", c.F, c.markers.size()));
    doc.text(cx, top - 6.0 * s, heading, {svg::fitting_size(doc, heading, 12.0, cw - 6.0, true), "middle", "black", 0.0, true});
    SphereText text;
    text.where = input.source;
    const Hemisphere upper = hemispheres(k, r, cx, cx, top + r).first;
    const Hemisphere lower = hemispheres(k, r, cx, cx, top + 3.0 * r + caption).second;
    draw_panel(doc, upper, c.system, c.F, c.markers, input.report, text);
    draw_panel(doc, lower, c.system, c.F, c.markers, input.report, text);
  }
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

std::string plot_limits(const nlohmann::json& report, const PlotOptions& options) {
  return plot_detail::sphere_figure(report, options, {});
}

}  // namespace limitdir
