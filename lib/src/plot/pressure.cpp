// The normal pressure over a problem's contact (plot/plot.hpp), as Fig. 5 [Kudra & Awrejcewicz
// 2013]: (a) sigma/N over the patch as a surface seen obliquely, (b) its sections along the axis
// tau_r of the centre of pressure (22) at v_r = 0 and v_r = a/2, the distorted pressure (16) solid
// against sigma0, the pressure before distortion, dashed (docs/manual.md section 11).
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/contact/shape.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/system/problem.hpp"
#include "plot/common.hpp"
#include "plot/heatmap.hpp"
#include "plot/projection.hpp"
#include "plot/time_panels.hpp"
#include "plot/wrapped_text.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr int rings = 24, spokes = 48;          // the surface's mesh: rho' = sin t, t uniform; phi uniform
constexpr double view_azimuth = -60.0 * pi / 180.0, view_elevation = 30.0 * pi / 180.0;  // the camera
constexpr double singular_edge = 0.98;          // rhat of the last ring when sigma0 is infinite at the rim
constexpr const char* sections_title = "(b) sections along tau_r";

/// The pressure of the figure: sigma/N and sigma0/N at r (0 outside), the shift taken for
/// sliding along +x.
struct Field {
  Contact contact;
  double N;
  Eigen::Vector3d w{1.0, 0.0, 0.0};
  double sigma(const Eigen::Vector2d& r) const { return contact.sigma(r, w) / N; }
  double sigma0(const Eigen::Vector2d& r) const {
    const double rhat = std::hypot(r.x() / contact.a(), r.y() / contact.b());
    return rhat > 1.0 ? 0.0 : contact.pressure().value(rhat) / N;
  }
  /// The point of the polar coordinates (21): (a rho' cos phi, b rho' sin phi).
  Eigen::Vector2d at(double rho, double phi) const {
    return {contact.a() * rho * std::cos(phi), contact.b() * rho * std::sin(phi)};
  }
};

/// The load and the centre of pressure of the drawn sigma/N: integral of sigma and of sigma r over
/// the patch by Simpson's rule in t (rho' = sin t, which removes the rim's (1 - rho'^2)^alpha for
/// alpha >= -1/2) and the trapezoidal rule in phi (periodic).
std::array<double, 3> moments(const Field& f) {
  constexpr int nt = 400, nphi = 128;
  std::array<double, 3> m{0.0, 0.0, 0.0};
  for (int i = 0; i <= nt; ++i) {
    const double t = 0.5 * pi * i / nt, rho = std::sin(t);
    const double simpson = (i == 0 || i == nt) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    if (i == nt && !std::isfinite(f.sigma0(f.at(1.0, 0.0)))) continue;  // cos t x (1 - rho^2)^-1/2 -> 1: Galin, see below
    for (int j = 0; j < nphi; ++j) {
      const double phi = 2.0 * pi * j / nphi;
      const Eigen::Vector2d r = f.at(rho, phi);
      const double jac = f.contact.a() * f.contact.b() * rho * std::cos(t);
      const double s = simpson * jac * f.sigma(r);
      m[0] += s;
      m[1] += s * r.x();
      m[2] += s * r.y();
    }
  }
  const double h = (0.5 * pi / nt) / 3.0 * (2.0 * pi / nphi);
  for (double& v : m) v *= h;
  return {m[0], m[1] / m[0], m[2] / m[0]};
}

/// Panel (a): the surface z = sigma/N (scaled by zs) over the mesh, painted far to near, filled
/// by height; the patch's rim dashed and the axes x, y in the base plane.
void draw_surface(svg::Document& doc, const Field& f, double x, double y, double w, double h, double top_sigma) {
  const double a = f.contact.a(), b = f.contact.b(), zs = 0.6 * std::max(a, b) / top_sigma;
  const double last = std::isfinite(f.sigma0(f.at(1.0, 0.0))) ? 1.0 : singular_edge;
  std::vector<std::vector<Eigen::Vector3d>> p(rings + 1, std::vector<Eigen::Vector3d>(spokes));
  for (int i = 0; i <= rings; ++i)
    for (int j = 0; j < spokes; ++j) {
      const double rho = last * std::sin(0.5 * pi * i / rings);
      const Eigen::Vector2d r = f.at(rho, 2.0 * pi * j / spokes);
      p[i][j] = {r.x(), r.y(), zs * f.sigma(r)};
    }
  Camera cam(view_azimuth, view_elevation);
  const double L = 1.25 * std::max(a, b);  // the axes' length
  std::vector<Eigen::Vector3d> extent{{L, 0, 0}, {0, L, 0}, {-L, 0, 0}, {0, -L, 0}, {-L, 0, zs * top_sigma}};
  for (const auto& ring : p) extent.insert(extent.end(), ring.begin(), ring.end());
  constexpr double room = 50.0;  // px left of the drawing: the scale's tick labels
  cam.fit(extent, x + room + 15.0, y + 15.0, w - room - 30.0, h - 30.0);
  const svg::Style axis{"#555555", 1.0, "none", "", 1.0};
  for (const auto& [from, to] : {std::pair{Eigen::Vector3d(-L, 0, 0), Eigen::Vector3d(L, 0, 0)},
                                 std::pair{Eigen::Vector3d(0, -L, 0), Eigen::Vector3d(0, L, 0)}})
    doc.line(cam.pixel(from).first, cam.pixel(from).second, cam.pixel(to).first, cam.pixel(to).second, axis);
  std::vector<svg::Point> rim;
  for (int j = 0; j <= spokes; ++j) {
    const Eigen::Vector2d r = f.at(1.0, 2.0 * pi * j / spokes);
    rim.push_back(cam.pixel({r.x(), r.y(), 0.0}));
  }
  doc.polyline(rim, {"#555555", 1.0, "none", "4 3", 1.0});
  struct Quad {
    double depth;
    std::vector<svg::Point> corners;
    double height;
  };
  std::vector<Quad> quads;
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < spokes; ++j) {
      const int k = (j + 1) % spokes;
      const Eigen::Vector3d centre = (p[i][j] + p[i][k] + p[i + 1][j] + p[i + 1][k]) / 4.0;
      quads.push_back({cam.depth(centre),
                       {cam.pixel(p[i][j]), cam.pixel(p[i + 1][j]), cam.pixel(p[i + 1][k]), cam.pixel(p[i][k])},
                       centre.z() / zs});
    }
  std::sort(quads.begin(), quads.end(), [](const Quad& u, const Quad& v) { return u.depth < v.depth; });
  doc.begin_group("", "pressure-surface");
  for (const Quad& q : quads) {
    const std::string fill = heat_scale_colour(q.height / top_sigma);
    doc.polygon(q.corners, {"#333333", 0.3, fill, "", 1.0});
  }
  doc.end_group();
  // the scale of sigma/N: a vertical axis at the x axis' far end, ticked at the nice values
  const svg::Ticks ticks = svg::nice_ticks(0.0, top_sigma, 5);
  const svg::Point foot = cam.pixel({-L, 0, 0}), head = cam.pixel({-L, 0, zs * top_sigma});
  doc.line(foot.first, foot.second, head.first, head.second, {"black", 1.0, "none", "", 1.0});
  for (double v : ticks.values) {
    const svg::Point t = cam.pixel({-L, 0, zs * v});
    doc.line(t.first - 4.0, t.second, t.first, t.second, {"black", 1.0, "none", "", 1.0});
    doc.text(t.first - 6.0, t.second + 4.0, svg::tick_label(v, ticks.step), {11.0, "end"});
  }
  doc.text(head.first, head.second - 8.0, "sigma/N", {12.0, "middle"});
  const svg::Point px = cam.pixel({L, 0, 0}), py = cam.pixel({0, L, 0});
  doc.text(px.first + 6.0, px.second + 12.0, "x", {12.0, "start"});
  doc.text(py.first + 6.0, py.second, "y", {12.0, "start"});
}

/// Panel (b): sigma/N (solid) and sigma0/N (dashed) along the lines v nu + t tau of the patch,
/// one colour per offset v (sections_legend).
void draw_sections(svg::Document& doc, const Field& f, const Eigen::Vector2d& tau,
                                           const std::vector<double>& offsets, double x, double y, double w, double h,
                                           double top_sigma) {
  const Eigen::Vector2d nu(-tau.y(), tau.x());
  const double a = f.contact.a(), b = f.contact.b();
  const double A = std::pow(tau.x() / a, 2) + std::pow(tau.y() / b, 2);
  std::vector<std::array<Runs, 2>> runs;  // per offset: sigma, sigma0
  double t_lo = 0.0, t_hi = 0.0;
  for (double v : offsets) {
    const double B = 2.0 * v * (nu.x() * tau.x() / (a * a) + nu.y() * tau.y() / (b * b));
    const double C = std::pow(v * nu.x() / a, 2) + std::pow(v * nu.y() / b, 2) - 1.0;
    const double root = std::sqrt(std::max(0.0, B * B - 4.0 * A * C));
    const double t0 = (-B - root) / (2.0 * A), t1 = (-B + root) / (2.0 * A);
    t_lo = std::min(t_lo, t0), t_hi = std::max(t_hi, t1);
    std::array<Runs, 2> line{Runs(1), Runs(1)};
    constexpr int samples = 240;
    for (int k = 0; k <= samples; ++k) {
      const double t = t0 + (t1 - t0) * k / samples;
      const Eigen::Vector2d r = v * nu + t * tau;
      const double s0 = f.sigma0(r);
      line[0][0].push_back({t, std::isfinite(s0) ? f.sigma(r) : s0});
      line[1][0].push_back({t, s0});
    }
    runs.push_back(line);
  }
  const svg::Frame frame =
      svg::axes(doc, x, y, w, h, {t_lo, t_hi, 0.0, 1.08 * top_sigma, "tau_r", "sigma/N", sections_title});
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    doc.begin_group(frame.clip_id, fmt::format("section v_r-{}", k));
    svg::data_line(doc, frame, runs[k][0][0], {overlay_colour(k), 2.0, "none", "", 1.0});
    svg::data_line(doc, frame, runs[k][1][0], {overlay_colour(k), 1.4, "none", "5 3", 1.0});
    doc.end_group();
  }
}

/// The legend of panel (b): sigma (solid) and sigma_0 (dashed) at each offset v_r.
std::vector<svg::LegendItem> sections_legend(const std::vector<double>& offsets) {
  std::vector<svg::LegendItem> legend;
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 2.0, "none", "", 1.0},
                      fmt::format("sigma at v_r = {:.3g}", offsets[k])});
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 1.4, "none", "5 3", 1.0},
                      fmt::format("sigma_0 at v_r = {:.3g}", offsets[k])});
  }
  return legend;
}

/// The largest finite sigma/N on the surface's mesh.
double largest_sigma(const Field& f) {
  double top = 0.0;
  for (int i = 0; i <= 4 * rings; ++i)
    for (int j = 0; j < 4 * spokes; ++j) {
      const double v = f.sigma(f.at(std::sin(0.5 * pi * i / (4 * rings)), 2.0 * pi * j / (4 * spokes)));
      if (std::isfinite(v)) top = std::max(top, v);
    }
  return top;
}

/// The boxes of the pressure figure below its title and note (from `top`): panel (a) and the
/// frame of panel (b) side by side, the legend (two rows) at the figure's bottom; in the paper
/// styles, when panel (b)'s title would shrink below svg::paper_least_size beside (a) (a single
/// column: 66 px wide), (a) above (b), each as wide as the figure, the legend (its rows at the
/// legend's height, svg::legend_height) under (b), and `need` the figure's height they take.
struct PressureLayout {
  svg::Box surface, sections;
  double legend_y, need;
};

/// The aspect (height / width) of a panel stacked in the paper styles: the surface's 3D view
/// and the sections' frame as in the double column (about 250 x 170 px below their titles).
constexpr double stacked_aspect = 0.65;
/// The legend's rows side by side: two (sigma and sigma_0 at two offsets), 16 px apart.
constexpr double legend_rows_h = 2.0 * 16.0;

PressureLayout pressure_layout(const svg::Document& doc, const Margins& mg, double top,
                               const std::vector<svg::LegendItem>& legend) {
  const double W = doc.width(), H = doc.height(), s = doc.font_scale(), legend_h = legend_rows_h * s;
  const double panel_h = H - top - legend_h - 8.0, frame_w = W / 2.0 - mg.left - mg.right;
  if (!doc.paper() || svg::fitting_size(doc, sections_title, 14.0, frame_w, true) >= svg::paper_least_size)
    return {{8.0, top, W / 2.0 - 16.0, panel_h},
            {W / 2.0 + mg.left, top + mg.top, frame_w, panel_h - mg.top - mg.bottom},
            H - legend_h,
            H};
  const double surface_h = mg.top + stacked_aspect * (W - 16.0), wide = W - mg.left - mg.right;
  const svg::Box sections{mg.left, top + surface_h + mg.top, wide, stacked_aspect * wide};
  const double legend_y = sections.y + sections.h + mg.bottom;
  return {{8.0, top, W - 16.0, surface_h}, sections, legend_y, legend_y + svg::legend_height(doc, legend, W - 40.0) + 4.0};
}

}  // namespace

std::string plot_pressure(const nlohmann::json& document, const PlotOptions& options) {
  const Problem problem = parse_problem(document, "problem");
  Field f{make_contact(problem), 0.0};
  f.N = f.contact.N();
  const std::array<double, 3> m = moments(f);
  const double W = options.width, H = options.height;
  svg::Document doc = make_document(options, "limitdir contact pressure: " + problem.name);
  const double s = doc.font_scale();
  // the sections' axis tau_r: the direction of the centre of pressure (22), diag(a^2, b^2) l; x without distortion
  const Eigen::Vector2d l = f.contact.ell(f.w);
  Eigen::Vector2d tau(f.contact.a() * f.contact.a() * l.x(), f.contact.b() * f.contact.b() * l.y());
  tau = tau.norm() > 0.0 ? tau.normalized() : Eigen::Vector2d(1.0, 0.0);
  const Eigen::Vector2d nu(-tau.y(), tau.x());
  const double half = std::hypot(f.contact.a() * nu.x(), f.contact.b() * nu.y());  // the patch's half-width across tau_r
  const double v2 = 0.5 * f.contact.a() < 0.95 * half ? 0.5 * f.contact.a() : 0.5 * half;
  const double top_sigma = largest_sigma(f);
  const std::string title = problem.name;
  const FigureTitle heading = doc.paper() ? figure_title(doc, title, 13.0) : FigureTitle{};
  const Margins mg = margins(doc);
  const bool singular = !std::isfinite(f.sigma0(f.at(1.0, 0.0)));
  const std::string note = fmt::format(
      "{}; pressure sigma/N: integral {:.10f} (the load 1), centre of pressure ({:.6f}, {:.6f}){}{}", f.contact.description(),
      m[0], m[1], m[2], f.contact.has_shift() ? "; shift for sliding along +x" : "",
      singular ? fmt::format("; sigma_0 infinite at the rim: surface drawn to rhat = {}", singular_edge) : "");
  const double note_more = centred_text_extra(doc, note, 11.0);  // 0 on the screen
  const std::vector<double> offsets{0.0, v2};
  const std::vector<svg::LegendItem> legend = sections_legend(offsets);
  const PressureLayout p = pressure_layout(doc, mg, 56.0 * s + doc.title_room() + note_more, legend);
  if (p.need > H + 0.5) return plot_pressure(document, taller(options, p.need - H));
  if (doc.paper()) {  // no title unless asked (figure_title); the note wrapped whole
    draw_title(doc, 22.0 * s + doc.title_room(), heading);
    centred_text(doc, 40.0 * s + doc.title_room(), note, 11.0);
  } else {
    doc.text(W / 2.0, 22.0 * s, title, {svg::fitting_size(doc, title, 13.0, W - 8.0, true), "middle", "black", 0.0, true});
    doc.text(W / 2.0, 40.0 * s, note, {svg::fitting_size(doc, note, 11.0, W - 8.0, false), "middle"});
  }
  const svg::Box& a = p.surface;
  doc.rect(a.x, a.y, a.w, a.h, {"none", 0.0, "none", "", 1.0},
           fmt::format("class=\"pressure\" data-integral=\"{:.15g}\" data-centre=\"{:.15g} {:.15g}\"", m[0], m[1], m[2]));
  doc.text(a.x + a.w / 2.0, a.y + mg.top - 8.0 * s, "(a) sigma/N over the patch", {13.0, "middle", "black", 0.0, true});
  draw_surface(doc, f, a.x, a.y + mg.top, a.w, a.h - mg.top, top_sigma);
  draw_sections(doc, f, tau, offsets, p.sections.x, p.sections.y, p.sections.w, p.sections.h, top_sigma);
  svg::legend_rows(doc, 20.0, p.legend_y, W - 40.0, legend);
  return doc.str();
}

}  // namespace limitdir
