#pragma once
// Internal: the unit sphere of slip directions drawn as two orthographic hemispheres, and the
// field V* (122) [Nonlinear Dyn. 2024] on it as streamlines (plot/limits.cpp).
#include <Eigen/Core>
#include <optional>
#include <vector>

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

}  // namespace limitdir::plot_detail
