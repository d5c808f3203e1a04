#pragma once
// Internal: the unit sphere of slip directions drawn as two orthographic hemispheres, and the
// field V* (122) [Nonlinear Dyn. 2024] on it as streamlines (plot/limits.cpp).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir::plot_detail {

/// The streamlines' style (also for legends).
inline const svg::Style stream_style{"#8d99a6", 1.0, "none", "", 1.0};

/// One hemisphere {w : w . view >= 0} seen from outside along -view: the screen axes `right`
/// and `up` with right x up = view; the disc of radius r px about (cx, cy).
struct Hemisphere {
  Eigen::Vector3d view, right, up;
  double cx = 0, cy = 0, r = 1;
  bool visible(const Eigen::Vector3d& w) const;
  svg::Point pixel(const Eigen::Vector3d& w) const { return {cx + r * w.dot(right), cy - r * w.dot(up)}; }
};

/// The two hemispheres of the axis e_k (k = 0, 1, 2 for w1, w2, w3): +e_k on the left, -e_k on
/// the right, both with the same `up` (w3, or w2 when k = 2).
std::pair<Hemisphere, Hemisphere> hemispheres(int k, double r, double cx_left, double cx_right, double cy);

/// The outline, the circle carrying data-view, data-right, data-up (so tests can map w to
/// pixels without this code) and a light grid of parallels and meridians of (33).
void draw_hemisphere(svg::Document& doc, const Hemisphere& h);

/// A curve on the sphere (unit vectors) drawn where it is visible on h.
void draw_sphere_curve(svg::Document& doc, const Hemisphere& h, const std::vector<Eigen::Vector3d>& curve,
                       const svg::Style& style);

/// Streamlines of V*(w) at load F: seeds on a grid of the disc, traced both ways along the unit
/// direction of V* until they meet another line, leave the hemisphere or reach a zero of V*,
/// each with an arrowhead in the direction of the flow.
void draw_streamlines(svg::Document& doc, const Hemisphere& h, const System& system, double F);

/// How a figure of limit directions on the sphere marks them: by the Fig. 11 colour (numbered
/// discs, limits), or by their class (classification): the shape the type on the sphere (disc
/// node, diamond focus, square saddle, triangle non-hyperbolic; a white centre when unstable), the
/// fill the sign of rdot = R*(w) (Def. 2: blue attracting, red repelling, white tangent).
enum class MarkerCode { fig11, by_class };

/// A further point on the sphere (a slip direction, a given input): a black cross with a label.
struct SpherePoint {
  Eigen::Vector3d w;
  std::string label;
};

/// What a sphere figure says beyond a limits report's own (classification, celt slip systems).
struct SphereText {
  std::string title;         // empty: the limits title "name: F = .., model"
  std::string note;          // a line under the title; empty: none
  MarkerCode code = MarkerCode::fig11;
  std::string where = "limits";  // the report's name in messages ("classification")
  std::vector<SpherePoint> points;
  std::vector<std::string> labels;  // of the limit directions in order; beyond them: 1, 2, ...
  std::vector<svg::LegendItem> legend;  // after the markers' legend
};

/// The figure of plot_limits (docs/manual.md section 11) of `report`, which holds "problem",
/// "force", "model", "limit_directions", "circles" and "singular_points" as a limits report does.
std::string sphere_figure(const nlohmann::json& report, const PlotOptions& options, const SphereText& text);

/// The legend of MarkerCode::by_class: the fills by the sign of R* and one line on the shapes.
std::vector<svg::LegendItem> class_legend();

}  // namespace limitdir::plot_detail
