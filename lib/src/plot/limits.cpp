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
#include "limitdir/plot/svg.hpp"
#include "limitdir/system/system.hpp"
#include "plot/common.hpp"
#include "plot/sphere_view.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double pi = 3.14159265358979323846;
constexpr double legend_height = 110.0;  // px below the hemispheres
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
  for (const Marker& m : markers) {
    if (!h.visible(m.w)) continue;
    const auto [x, y] = h.pixel(m.w);
    doc.circle(x, y, 6.5, {"black", 1.2, m.colour, "", 1.0});
    doc.text(x + 8.0, y - 8.0, m.label, {11.0, "start", "black", 0.0, true});
  }
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
  doc.text(h.cx, h.cy + h.r + 16.0, caption, {11.0, "middle", "#333333"});
}

void draw_legend(svg::Document& doc, double x, double y, bool invariant) {
  fig11_legend(doc, x, y, true);
  const svg::TextStyle small{11.0};
  const double x2 = x + 320.0;
  svg::legend_entry(doc, x2, y, stream_style, "streamlines of V* (122)");
  if (invariant) svg::legend_entry(doc, x2, y + 15.0, invariant_style, "invariant circle w2 = 0");
  doc.text(x2, y + 34.0, "numbers: order in the report", small);
  doc.text(x2, y + 48.0, "x: singular points (Coulomb point model)", small);
}

}  // namespace

std::string plot_limits(const nlohmann::json& report, const PlotOptions& options) {
  const Problem problem = parse_problem(field(report, "problem", "limits"), "limits.problem");
  const double F = number_field(report, "force", "limits");
  const System system = make_system(problem);
  const std::vector<Marker> markers = direction_markers(report);

  const double W = options.width, H = options.height;
  const bool legend = H >= 400.0 && W >= 600.0;
  const double top = 40.0, bottom = 28.0 + (legend ? legend_height : 0.0);
  const double r = std::max(10.0, std::min((W - 80.0) / 4.0, (H - top - bottom) / 2.0));
  svg::Document doc(W, H, "limitdir limit directions: " + problem.name);
  doc.text(W / 2.0, 22.0,
           fmt::format("{}: F = {}, {}", problem.name, F, short_model(string_field(report, "model", "limits"))),
           {13.0, "middle", "black", 0.0, true});
  const int k = options.view == "w1" ? 0 : options.view == "w2" ? 1 : 2;
  const auto [left, right] = hemispheres(k, r, W / 4.0, 3.0 * W / 4.0, top + r);
  draw_panel(doc, left, system, F, markers, report);
  draw_panel(doc, right, system, F, markers, report);
  if (legend) draw_legend(doc, 20.0, H - legend_height + 8.0, system.has_invariant_circle());
  return doc.str();
}

}  // namespace limitdir
