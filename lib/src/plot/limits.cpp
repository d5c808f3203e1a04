// The limit directions of one load on the sphere (plot/plot.hpp): two hemispheres with the
// directions in the Fig. 11 colours and V* (122) [Nonlinear Dyn. 2024] as streamlines
// (docs/manual.md section 11).
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

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double pi = 3.14159265358979323846;
const svg::Style invariant_style{"#2ca02c", 1.6, "none", "4 3", 1.0};

struct Marker {
  Eigen::Vector3d w;
  std::string colour;
  std::string label;
};

std::vector<Marker> direction_markers(const nlohmann::json& report) {
  std::vector<Marker> markers;
  const nlohmann::json& list = array_field(report, "limit_directions", "limits");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = "limits.limit_directions[" + std::to_string(i) + "]";
    const Eigen::Vector3d w = vector3_field(list[i], "w", where);
    if (!(w.norm() > 0.0)) throw InputError(where + ".w: must not be zero");
    std::optional<std::string> colour;
    if (list[i].contains("colour")) colour = string_field(list[i], "colour", where);
    const std::string type = string_field(field(list[i], "sphere", where), "type", where + ".sphere");
    markers.push_back({w.normalized(), fig11_colour(colour, string_field(list[i], "radial", where), type),
                       std::to_string(i + 1)});
  }
  return markers;
}

/// The circles {w : w . axis = sin theta} of limit directions (F = 0 with axisymmetry).
void draw_circles(svg::Document& doc, const Hemisphere& h, const nlohmann::json& report) {
  const nlohmann::json& list = array_field(report, "circles", "limits");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = "limits.circles[" + std::to_string(i) + "]";
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
                  const nlohmann::json& report) {
  doc.begin_group("", "limit-directions");
  constexpr double r = 6.5;  // px, the markers
  for (const Marker& m : markers) {
    if (!h.visible(m.w)) continue;
    const auto [x, y] = h.pixel(m.w);
    doc.circle(x, y, r, {"black", 1.2, m.colour, "", 1.0});
    svg::reserve_marker(doc, {x, y}, r);
  }
  int dropped = 0;  // labels with no free place (plot/labels.hpp), noted below
  for (const Marker& m : markers)
    if (h.visible(m.w) &&
        !svg::place_marker_label(doc, h.pixel(m.w), r, m.label, {11.0, "middle", "black", 0.0, true},
                                 {0.0, 0.0, doc.width(), doc.height()}))
      ++dropped;
  svg::note_dropped(doc, dropped, {h.cx - h.r, h.cy - h.r, 2.0 * h.r, 2.0 * h.r});
  const nlohmann::json& singular = array_field(report, "singular_points", "limits");
  for (std::size_t i = 0; i < singular.size(); ++i) {
    const Eigen::Vector3d w = vector3_field(singular[i], "w", "limits.singular_points[" + std::to_string(i) + "]");
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

void draw_panel(svg::Document& doc, const Hemisphere& h, const System& system, double F,
                const std::vector<Marker>& markers, const nlohmann::json& report) {
  draw_hemisphere(doc, h);
  if (system.has_invariant_circle()) {  // Sect. 7.4: w2 = 0, green as in Fig. 12
    std::vector<Eigen::Vector3d> circle;
    for (int k = 0; k <= 360; ++k) circle.emplace_back(std::cos(2.0 * pi * k / 360.0), 0.0, std::sin(2.0 * pi * k / 360.0));
    draw_sphere_curve(doc, h, circle, invariant_style);
  }
  draw_streamlines(doc, h, system, F);
  draw_circles(doc, h, report);
  draw_markers(doc, h, markers, report);
  const std::string view = axis_name(h.view);  // "+w2" or "-w2"
  const std::string caption = view.substr(1) + (view[0] == '+' ? " >= 0" : " <= 0") + ", seen from " + view +
                              " (up " + axis_name(h.up) + ", right " + axis_name(h.right) + ")";
  doc.text(h.cx, h.cy + h.r + 16.0 * doc.font_scale(), caption,
           {svg::fitting_size(doc, caption, 11.0, 2.0 * h.r + 20.0, false), "middle", "#333333"});
}

std::vector<svg::LegendItem> limits_legend(bool invariant) {
  std::vector<svg::LegendItem> items = fig11_items(true);
  items.push_back({svg::LegendItem::Kind::line, stream_style, "streamlines of V* (122)"});
  if (invariant) items.push_back({svg::LegendItem::Kind::line, invariant_style, "invariant circle w2 = 0"});
  items.push_back({svg::LegendItem::Kind::text, {}, "numbers: order in the report; x: singular points (Coulomb point model)"});
  return items;
}

}  // namespace

std::string plot_limits(const nlohmann::json& report, const PlotOptions& options) {
  const Problem problem = parse_problem(field(report, "problem", "limits"), "limits.problem");
  const double F = number_field(report, "force", "limits");
  const System system = make_system(problem);
  const std::vector<Marker> markers = direction_markers(report);

  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir limit directions: " + problem.name);
  const double s = doc.font_scale();
  const std::vector<svg::LegendItem> legend =
      svg::fit_legend(limits_legend(system.has_invariant_circle()), W - 40.0, s, max_legend * H);
  const double legend_h = svg::legend_height(legend, W - 40.0, s);
  const double top = 40.0 * std::max(1.0, s), bottom = 28.0 * std::max(1.0, s) + legend_h;
  const double r = std::max(10.0, std::min((W - 80.0) / 4.0, (H - top - bottom) / 2.0));
  const std::string title =
      fmt::format("{}: F = {}, {}", problem.name, F, short_model(string_field(report, "model", "limits")));
  doc.text(W / 2.0, top - 18.0 * s, title, {svg::fitting_size(doc, title, 13.0, W - 8.0, true), "middle", "black", 0.0, true});
  const int k = options.view == "w1" ? 0 : options.view == "w2" ? 1 : 2;
  const auto [left, right] = hemispheres(k, r, W / 4.0, 3.0 * W / 4.0, top + r);
  draw_panel(doc, left, system, F, markers, report);
  draw_panel(doc, right, system, F, markers, report);
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

}  // namespace limitdir
