// The friction surface {-q(w) : |w| = 1} as Figs 6-7 [Kudra & Awrejcewicz 2013]
// (plot/friction_surface.hpp, docs/manual.md section 11). -q = (T_sx, T_sy, M_s) of that paper
// when rho = a (its (10): q = -(T_sx, T_sy, M_s) in its frame).
#include "plot/friction_surface.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/projection.hpp"
#include "core/constants.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double view_azimuth = -60.0 * pi / 180.0, view_elevation = 25.0 * pi / 180.0;
constexpr int panel_k[3] = {2, 0, 1};  // the sections in the paper's order: M_s = 0, T_sx = 0, T_sy = 0
const char* const axis_label[3] = {"-q1 = T_sx", "-q2 = T_sy", "-q3 = M_s"};
const char* const plane_name[3] = {"q1 = 0 (T_sx = 0)", "q2 = 0 (T_sy = 0)", "q3 = 0 (M_s = 0)"};
const char* const section_colour[3] = {"#1f63d4", "#2ca02c", "#d62728"};  // q1 = 0, q2 = 0, q3 = 0

/// The points -q of a report's section q_k = 0 (0-based k), in order of phi_x; its largest residual.
std::vector<Eigen::Vector3d> section_points(const nlohmann::json& report, int k, double& residual) {
  const nlohmann::json& sections = array_field(report, "sections", "friction");
  for (std::size_t s = 0; s < sections.size(); ++s) {
    const std::string where = "friction.sections[" + std::to_string(s) + "]";
    if (number_field(sections[s], "k", where) != k + 1) continue;
    residual = std::max(residual, number_field(sections[s], "max_residual", where));
    std::vector<Eigen::Vector3d> points;
    const nlohmann::json& list = array_field(sections[s], "points", where);
    for (std::size_t m = 0; m < list.size(); ++m)
      points.push_back(-vector3_field(list[m], "q", where + ".points[" + std::to_string(m) + "]"));
    return points;
  }
  throw InputError(fmt::format("friction.sections: no section of the plane q{} = 0 (friction-model --sections)", k + 1));
}

/// The grid of a report (layout "grid" from pole to pole) as -q[latitude][longitude].
std::vector<std::vector<Eigen::Vector3d>> surface_grid(const nlohmann::json& report) {
  const std::string why = "--surface: needs a friction table over the whole sphere (friction-model --grid NTHETA,NPHI)";
  if (!report.contains("layout") || report["layout"] != "grid") throw InputError(why);
  std::map<double, std::map<double, Eigen::Vector3d>> rows;
  const nlohmann::json& table = array_field(report, "table", "friction");
  for (std::size_t n = 0; n < table.size(); ++n) {
    const std::string where = "friction.table[" + std::to_string(n) + "]";
    rows[number_field(table[n], "theta", where)][number_field(table[n], "phi", where)] = -vector3_field(table[n], "q", where);
  }
  if (rows.size() < 3 || std::abs(rows.begin()->first + pi / 2) > 1e-12 || std::abs(rows.rbegin()->first - pi / 2) > 1e-12)
    throw InputError(why + ": its latitudes do not run from -pi/2 to pi/2");
  std::vector<std::vector<Eigen::Vector3d>> grid;
  for (const auto& [theta, row] : rows) {
    std::vector<Eigen::Vector3d> line;
    for (const auto& [phi, p] : row) line.push_back(p);
    if (!grid.empty() && line.size() != grid.back().size() && line.size() != 1 && grid.back().size() != 1)
      throw InputError(why + ": its latitudes have different longitudes");
    grid.push_back(line);
  }
  std::size_t n_phi = 1;
  for (const auto& line : grid) n_phi = std::max(n_phi, line.size());
  for (auto& line : grid) line.resize(n_phi, line.front());  // a pole given once: one point for every longitude
  return grid;
}

/// One thing to paint: a face, a segment or a dot, at its depth.
struct Item {
  double depth;
  std::vector<svg::Point> points;
  svg::Style style;
  bool dot = false;
};

void paint(svg::Document& doc, std::vector<Item>& items) {
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.depth < b.depth; });
  for (const Item& item : items) {
    if (item.dot) doc.circle(item.points[0].first, item.points[0].second, 4.5, item.style);
    else if (item.points.size() == 2) doc.polyline(item.points, item.style);
    else doc.polygon(item.points, item.style);
  }
}

/// A face's fill: light blue, darker where it turns away from the light (the camera's up-left).
std::string shade(const Eigen::Vector3d& normal, const Camera& cam) {
  const Eigen::Vector3d light = (cam.toward + 0.5 * cam.up - 0.5 * cam.right).normalized();
  const double t = 0.45 + 0.55 * std::abs(normal.normalized().dot(light));
  return fmt::format("#{:02x}{:02x}{:02x}", static_cast<int>(150 * t + 60), static_cast<int>(175 * t + 55),
                     static_cast<int>(200 * t + 55));
}

/// One report's surface in the box (x, y, w, h): faces, its sections on it, the pure-spin points.
void draw_surface_panel(svg::Document& doc, const nlohmann::json& report, double x, double y, double w, double h) {
  const auto grid = surface_grid(report);
  double L = 0.0;
  for (const auto& line : grid)
    for (const auto& p : line) L = std::max(L, 1.25 * p.lpNorm<Eigen::Infinity>());
  Camera cam(view_azimuth, view_elevation);
  std::vector<Eigen::Vector3d> extent;
  for (int a = 0; a < 3; ++a) extent.push_back(L * Eigen::Vector3d::Unit(a)), extent.push_back(-L * Eigen::Vector3d::Unit(a));
  cam.fit(extent, x + 30.0, y + 20.0, w - 60.0, h - 40.0);
  for (int a = 0; a < 3; ++a) {  // the axes, behind everything
    const svg::Point p0 = cam.pixel(-L * Eigen::Vector3d::Unit(a)), p1 = cam.pixel(L * Eigen::Vector3d::Unit(a));
    doc.line(p0.first, p0.second, p1.first, p1.second, {"#555555", 1.0, "none", "", 1.0});
  }
  std::vector<Item> items;
  const std::size_t n_phi = grid.front().size();
  double size = 0.0;  // the largest face diagonal: how far a curve on the surface is lifted toward the camera
  for (std::size_t a = 0; a + 1 < grid.size(); ++a)
    for (std::size_t b = 0; b < n_phi; ++b) {
      const std::size_t c = (b + 1) % n_phi;
      const Eigen::Vector3d &p00 = grid[a][b], &p01 = grid[a][c], &p10 = grid[a + 1][b], &p11 = grid[a + 1][c];
      size = std::max({size, (p11 - p00).norm(), (p10 - p01).norm()});
      const Eigen::Vector3d normal = (p11 - p00).cross(p10 - p01);
      items.push_back({cam.depth((p00 + p01 + p10 + p11) / 4.0),
                       {cam.pixel(p00), cam.pixel(p10), cam.pixel(p11), cam.pixel(p01)},
                       {"#4d5a66", 0.4, shade(normal, cam), "", 1.0}});
    }
  if (report.contains("sections"))
    for (int k = 0; k < 3; ++k) {
      double residual = 0.0;
      const std::vector<Eigen::Vector3d> s = section_points(report, k, residual);
      for (std::size_t m = 0; m < s.size(); ++m) {
        const Eigen::Vector3d &u = s[m], &v = s[(m + 1) % s.size()];
        items.push_back({cam.depth((u + v) / 2.0) + 0.75 * size, {cam.pixel(u), cam.pixel(v)},
                         {section_colour[k], 2.2, "none", "", 1.0}});
      }
    }
  for (const std::size_t a : {std::size_t{0}, grid.size() - 1})  // pure spin, theta = -+pi/2: orange
    items.push_back({cam.depth(grid[a][0]) + 0.75 * size, {cam.pixel(grid[a][0])}, {"black", 1.0, "#ff8c00", "", 1.0}, true});
  paint(doc, items);
  for (int a = 0; a < 3; ++a) {
    const svg::Point p = cam.pixel(L * Eigen::Vector3d::Unit(a));
    doc.text(p.first + (a == 2 ? 0.0 : 6.0), p.second + (a == 2 ? -6.0 : 12.0), axis_label[a],
             {11.0, a == 2 ? "middle" : "start"});
  }
}

}  // namespace

bool friction_sections_figure(const std::vector<nlohmann::json>& reports, const PlotOptions& options) {
  if (options.surface) return false;
  for (const nlohmann::json& r : reports)
    if (!r.contains("sections")) return false;
  return true;
}

std::string plot_friction_sections(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                   const PlotOptions& options) {
  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir friction surface sections");
  const double s = doc.font_scale();
  const Margins mg = margins(doc);
  double R = 0.0, residual = 0.0;
  std::vector<std::array<std::vector<Eigen::Vector3d>, 3>> curves;
  for (const nlohmann::json& r : reports) {
    curves.emplace_back();
    for (int k = 0; k < 3; ++k) {
      curves.back()[k] = section_points(r, k, residual);
      for (const Eigen::Vector3d& p : curves.back()[k]) R = std::max(R, 1.08 * p.lpNorm<Eigen::Infinity>());
    }
  }
  std::vector<svg::LegendItem> legend;
  for (std::size_t n = 0; n < reports.size(); ++n)
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(n), 2.0, "none", "", 1.0}, names[n]});
  legend.push_back({svg::LegendItem::Kind::text, {}, fmt::format("found by solving (31) of [Kudra & Awrejcewicz 2013]; "
                                                                 "largest residual {:.1e}", residual)});
  legend = svg::fit_legend(doc, legend, W - 40.0, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const double top = 34.0 * s;
  const double side = std::min((W - 3.0 * (mg.left + mg.right)) / 3.0, H - top - mg.top - mg.bottom - legend_h - 8.0);
  check_room(doc, side, side);
  const std::string title = "sections of the friction surface -q(w), |w| = 1";
  doc.text(W / 2.0, 22.0 * s, title, {svg::fitting_size(doc, title, 13.0, W - 8.0, true), "middle", "black", 0.0, true});
  for (int panel = 0; panel < 3; ++panel) {
    const int k = panel_k[panel], i = k == 0 ? 1 : 0, j = k == 2 ? 1 : 2;
    const double x = panel * (W / 3.0) + mg.left + (W / 3.0 - mg.left - mg.right - side) / 2.0;
    const svg::Frame frame = svg::axes(doc, x, top + mg.top, side, side,
                                       {-R, R, -R, R, axis_label[i], axis_label[j], plane_name[k]});
    doc.begin_group(frame.clip_id, "section q" + std::to_string(k + 1));
    for (std::size_t n = 0; n < curves.size(); ++n) {
      std::vector<svg::Point> line;
      for (const Eigen::Vector3d& p : curves[n][k]) line.push_back({p[i], p[j]});
      if (!line.empty()) line.push_back(line.front());
      svg::data_line(doc, frame, line, {overlay_colour(n), 2.0, "none", "", 1.0});
    }
    doc.end_group();
  }
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

std::string plot_friction_surfaces(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                   const PlotOptions& options) {
  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir friction surfaces");
  const double s = doc.font_scale();
  const std::size_t n = reports.size(), cols = n <= 3 ? n : (n + 1) / 2, rows = (n + cols - 1) / cols;
  std::vector<svg::LegendItem> legend{
      {svg::LegendItem::Kind::marker, {"black", 1.0, "#ff8c00", "", 1.0}, "pure spin (v = 0, omega > 0 and < 0)"}};
  for (int k : panel_k)
    legend.push_back({svg::LegendItem::Kind::line, {section_colour[k], 2.2, "none", "", 1.0},
                      std::string("section ") + plane_name[k]});
  bool any_sections = false;
  for (const nlohmann::json& r : reports) any_sections = any_sections || r.contains("sections");
  if (!any_sections) legend.resize(1);
  legend = svg::fit_legend(doc, legend, W - 40.0, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, W - 40.0);
  const double top = 34.0 * s, cw = W / static_cast<double>(cols);
  const double ch = (H - top - legend_h - 8.0) / static_cast<double>(rows);
  check_room(doc, cw - 60.0, ch - 60.0);
  const std::string title = "the friction surface -q(w), |w| = 1";
  doc.text(W / 2.0, 22.0 * s, title, {svg::fitting_size(doc, title, 13.0, W - 8.0, true), "middle", "black", 0.0, true});
  for (std::size_t m = 0; m < n; ++m) {
    const double x = cw * static_cast<double>(m % cols), y = top + ch * static_cast<double>(m / cols);
    doc.text(x + cw / 2.0, y + 14.0 * s, names[m], {svg::fitting_size(doc, names[m], 11.0, cw - 8.0, true), "middle", "black", 0.0, true});
    draw_surface_panel(doc, reports[m], x, y + 18.0 * s, cw, ch - 18.0 * s);
  }
  svg::legend_rows(doc, 20.0, H - legend_h - 4.0, W - 40.0, legend);
  return doc.str();
}

}  // namespace limitdir::plot_detail
