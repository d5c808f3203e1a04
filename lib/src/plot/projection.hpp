#pragma once
// Internal: an orthographic camera for surfaces in space (the contact pressure of Fig. 5 and the
// friction surfaces of Fig. 6 [Kudra & Awrejcewicz 2013]), drawn by the painter's rule: faces
// sorted far to near (plot/pressure.cpp, plot/friction_surface.cpp).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <vector>

#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

/// Seen from the azimuth and elevation (radians) of the direction toward the camera; `pixel`
/// maps a point to the figure once `fit` has placed the points in a box.
struct Camera {
  Eigen::Vector3d right, up, toward;
  double cx = 0, cy = 0, scale = 1;  // the origin's pixel and pixels per unit
  Camera(double azimuth, double elevation)
      : right(-std::sin(azimuth), std::cos(azimuth), 0.0),
        up(-std::sin(elevation) * std::cos(azimuth), -std::sin(elevation) * std::sin(azimuth), std::cos(elevation)),
        toward(std::cos(elevation) * std::cos(azimuth), std::cos(elevation) * std::sin(azimuth), std::sin(elevation)) {}
  svg::Point pixel(const Eigen::Vector3d& p) const { return {cx + scale * p.dot(right), cy - scale * p.dot(up)}; }
  /// The depth of p: larger is nearer the camera.
  double depth(const Eigen::Vector3d& p) const { return p.dot(toward); }
  /// Scales and centres `points` into the box (x, y, w, h) at one scale on both screen axes.
  void fit(const std::vector<Eigen::Vector3d>& points, double x, double y, double w, double h) {
    double lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
    for (const Eigen::Vector3d& q : points) {
      lo_x = std::min(lo_x, q.dot(right)), hi_x = std::max(hi_x, q.dot(right));
      lo_y = std::min(lo_y, q.dot(up)), hi_y = std::max(hi_y, q.dot(up));
    }
    scale = std::min(w / std::max(hi_x - lo_x, 1e-300), h / std::max(hi_y - lo_y, 1e-300));
    cx = x + w / 2.0 - scale * (lo_x + hi_x) / 2.0;
    cy = y + h / 2.0 + scale * (lo_y + hi_y) / 2.0;
  }
};

}  // namespace limitdir::plot_detail
