// The sphere of slip directions as two orthographic hemispheres, with V* (122)
// [Nonlinear Dyn. 2024] as streamlines (plot/sphere_view.hpp).
#include "plot/sphere_view.hpp"
#include "core/constants.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

namespace limitdir::plot_detail {

namespace {

/// A point counts as visible on a hemisphere down to this far behind its rim (unit sphere):
/// points on the rim (w . view = 0 up to rounding, ~1e-16) are drawn on both sides.
constexpr double rim_slack = 1e-9;
constexpr int seeds_across = 17;      // seed grid of the streamlines across the disc
constexpr double seed_disc = 0.985;   // seeds within this radius: a line seeded on the rim is foreshortened to nothing
constexpr double step = 0.015;        // rad along the sphere per integration step (~r/67 px)
constexpr int max_steps = 140;        // per direction: at most 2.1 rad of line each way
/// A line stops where |V*| falls below this fraction of the largest |V*| on its hemisphere:
/// there the unit direction of V* turns quickly about the zero, and 1e-3 of the scale is
/// within ~1e-3 rad (a fraction of a pixel) of it for Jacobians of order one.
constexpr double stop_speed = 1e-3;

const svg::Style grid_style{"#e2e2e2", 0.8, "none", "", 1.0};

std::string vector_text(const Eigen::Vector3d& v) { return fmt::format("{} {} {}", v.x(), v.y(), v.z()); }

/// The occupancy grid of the streamlines in the disc's own coordinates (x, y) in [-1, 1]^2.
struct Occupancy {
  static constexpr int n = 2 * seeds_across;
  std::vector<int> owner = std::vector<int>(n * n, -1);
  int* cell(const Hemisphere& h, const Eigen::Vector3d& w) {
    const auto index = [](double u) { return std::clamp(static_cast<int>((u + 1.0) / 2.0 * n), 0, n - 1); };
    return &owner[index(w.dot(h.right)) * n + index(w.dot(h.up))];
  }
};

/// Unit direction of V* at w, or none where |V*| < floor or the direction reverses.
std::optional<Eigen::Vector3d> direction(const System& s, double F, const Eigen::Vector3d& w, double floor) {
  const Eigen::Vector3d v = s.spherical(w, F);
  const double n = v.norm();
  if (!(n >= floor) || !std::isfinite(n)) return std::nullopt;
  return v / n;
}

/// One half of a streamline from w0 (sign +1 forward, -1 backward), midpoint rule on the
/// unit direction field, renormalised to the sphere.
std::vector<Eigen::Vector3d> trace(const Hemisphere& h, const System& s, double F, Eigen::Vector3d w, double sign,
                                   double floor, Occupancy& occ, int id) {
  std::vector<Eigen::Vector3d> line;
  for (int i = 0; i < max_steps; ++i) {
    const auto k1 = direction(s, F, w, floor);
    if (!k1) break;
    const auto k2 = direction(s, F, (w + 0.5 * step * sign * *k1).normalized(), floor);
    if (!k2 || k1->dot(*k2) < 0.0) break;  // through a zero or a jump of V*
    w = (w + step * sign * *k2).normalized();
    if (!h.visible(w)) break;
    int* owner = occ.cell(h, w);
    if (*owner != -1 && *owner != id) break;
    line.push_back(w);
  }
  return line;
}

void arrowhead(svg::Document& doc, const Hemisphere& h, const Eigen::Vector3d& w, const Eigen::Vector3d& t) {
  Eigen::Vector2d d(t.dot(h.right), -t.dot(h.up));
  if (d.norm() < 0.25) return;  // the flow runs along the line of sight: no clear direction
  d.normalize();
  const auto [x, y] = h.pixel(w);
  const Eigen::Vector2d n(-d.y(), d.x());
  constexpr double len = 6.0, half = 3.0;  // px
  doc.polygon({{x + len * d.x(), y + len * d.y()},
               {x - half * n.x(), y - half * n.y()},
               {x + half * n.x(), y + half * n.y()}},
              {"none", 0.0, stream_style.stroke, "", 1.0});
}

}  // namespace

bool Hemisphere::visible(const Eigen::Vector3d& w) const { return w.dot(view) >= -rim_slack; }

std::pair<Hemisphere, Hemisphere> hemispheres(int k, double r, double cx_left, double cx_right, double cy) {
  const Eigen::Vector3d e = Eigen::Vector3d::Unit(k);
  const Eigen::Vector3d up = k == 2 ? Eigen::Vector3d::UnitY() : Eigen::Vector3d::UnitZ();
  Hemisphere left{e, up.cross(e), up, cx_left, cy, r};
  Hemisphere right{-e, up.cross(-e), up, cx_right, cy, r};
  return {left, right};
}

void draw_hemisphere(svg::Document& doc, const Hemisphere& h) {
  // (33): w = (cos theta cos phi, cos theta sin phi, sin theta), sampled along one angle
  const auto curve = [](const auto& point) {
    std::vector<Eigen::Vector3d> c;
    for (int i = 0; i <= 180; ++i) c.push_back(point(2.0 * pi * i / 180.0));
    return c;
  };
  const auto w = [](double theta, double phi) {
    return Eigen::Vector3d(std::cos(theta) * std::cos(phi), std::cos(theta) * std::sin(phi), std::sin(theta));
  };
  for (const double theta_deg : {-60.0, -30.0, 0.0, 30.0, 60.0})  // parallels
    draw_sphere_curve(doc, h, curve([&](double phi) { return w(theta_deg * pi / 180.0, phi); }), grid_style);
  for (int m = 0; m < 6; ++m)  // meridians phi = 0, 30, ..., 150 deg and their opposites
    draw_sphere_curve(doc, h, curve([&](double t) { return w(t, m * pi / 6.0); }), grid_style);
  doc.circle(h.cx, h.cy, h.r, {"black", 1.2, "none", "", 1.0},
             "class=\"hemisphere\" data-view=\"" + vector_text(h.view) + "\" data-right=\"" +
                 vector_text(h.right) + "\" data-up=\"" + vector_text(h.up) + "\"");
}

void draw_sphere_curve(svg::Document& doc, const Hemisphere& h, const std::vector<Eigen::Vector3d>& curve,
                       const svg::Style& style) {
  std::vector<svg::Point> run;
  for (const Eigen::Vector3d& w : curve) {
    if (h.visible(w)) {
      run.push_back(h.pixel(w));
    } else {
      doc.polyline(run, style);
      run.clear();
    }
  }
  doc.polyline(run, style);
}

void draw_streamlines(svg::Document& doc, const Hemisphere& h, const System& system, double F) {
  std::vector<Eigen::Vector3d> seeds;
  double scale = 0.0;
  for (int i = 0; i < seeds_across; ++i)
    for (int j = 0; j < seeds_across; ++j) {
      const double x = -1.0 + (2.0 * i + 1.0) / seeds_across, y = -1.0 + (2.0 * j + 1.0) / seeds_across;
      if (x * x + y * y >= seed_disc * seed_disc) continue;
      seeds.push_back(x * h.right + y * h.up + std::sqrt(1.0 - x * x - y * y) * h.view);
      scale = std::max(scale, system.spherical(seeds.back(), F).norm());
    }
  const double floor = stop_speed * scale;
  Occupancy occ;
  doc.begin_group("", "streamlines");
  for (std::size_t id = 0; id < seeds.size(); ++id) {
    const Eigen::Vector3d& w0 = seeds[id];
    if (*occ.cell(h, w0) != -1) continue;
    const auto t0 = direction(system, F, w0, floor);
    if (!t0) continue;
    std::vector<Eigen::Vector3d> back = trace(h, system, F, w0, -1.0, floor, occ, static_cast<int>(id));
    const std::vector<Eigen::Vector3d> ahead = trace(h, system, F, w0, 1.0, floor, occ, static_cast<int>(id));
    std::reverse(back.begin(), back.end());
    back.push_back(w0);
    back.insert(back.end(), ahead.begin(), ahead.end());
    if (back.size() < 4) continue;
    for (const Eigen::Vector3d& w : back) *occ.cell(h, w) = static_cast<int>(id);
    draw_sphere_curve(doc, h, back, stream_style);
    arrowhead(doc, h, w0, *t0);
  }
  doc.end_group();
}

}  // namespace limitdir::plot_detail
