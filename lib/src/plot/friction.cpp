// Friction tables as figures (plot/plot.hpp): Q and T against theta for the model and the exact
// model, as Figs 4-10 [Nonlinear Dyn. 2024], or (--components) a table over the sphere's
// components against theta, one panel per longitude, as Figs 11-12 [Kudra & Awrejcewicz 2013]
// (docs/manual.md section 11).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double gap = 90.0;  // px between the two panels

const svg::Style exact_style{"black", 1.8, "none", "2 3", 1.0};
const char* const palette[] = {"#1f63d4", "#d62728", "#2ca02c", "#8e44ad", "#ff7f0e", "#17becf"};

/// The curves of one law (Q or T): the model's and the exact model's, one pair per longitude
/// phi (a single pair for the table of latitudes).
struct FrictionCurves {
  std::map<double, std::vector<svg::Point>> model, exact;  // by phi
};

/// Table of latitudes: Q(theta), T(theta) (49) of the model and the exact model.
void read_latitudes(const nlohmann::json& table, FrictionCurves& Q, FrictionCurves& T) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::string where = "friction.table[" + std::to_string(i) + "]";
    const double theta = number_field(table[i], "theta", where);
    Q.model[0.0].emplace_back(theta, number_field(table[i], "Q", where));
    Q.exact[0.0].emplace_back(theta, number_field(table[i], "Q_exact", where));
    T.model[0.0].emplace_back(theta, number_field(table[i], "T", where));
    T.exact[0.0].emplace_back(theta, number_field(table[i], "T_exact", where));
  }
}

/// Grid over the sphere: Q = |(q1, q2)| and T = |q3| (the magnitudes of the friction force
/// and torque (49)) against theta, one curve per longitude phi.
void read_grid(const nlohmann::json& table, FrictionCurves& Q, FrictionCurves& T) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::string where = "friction.table[" + std::to_string(i) + "]";
    const double theta = number_field(table[i], "theta", where), phi = number_field(table[i], "phi", where);
    const Eigen::Vector3d q = vector3_field(table[i], "q", where), e = vector3_field(table[i], "q_exact", where);
    Q.model[phi].emplace_back(theta, q.head<2>().norm());
    Q.exact[phi].emplace_back(theta, e.head<2>().norm());
    T.model[phi].emplace_back(theta, std::abs(q.z()));
    T.exact[phi].emplace_back(theta, std::abs(e.z()));
  }
  for (auto* curves : {&Q.model, &Q.exact, &T.model, &T.exact})
    for (auto& [phi, points] : *curves) std::sort(points.begin(), points.end());
}

/// One report's laws: its curves, description and theta range.
struct Laws {
  FrictionCurves Q, T;
  std::string description;
  bool grid = false;
};

Laws read_laws(const nlohmann::json& report) {
  // A table of latitudes unless the report says otherwise ("layout": "grid", a table over the
  // sphere for contacts that are not axisymmetric).
  const std::string layout = report.contains("layout") ? string_field(report, "layout", "friction") : "latitudes";
  const nlohmann::json& table = array_field(report, "table", "friction");
  if (table.size() < 2) throw InputError("friction.table: must have at least 2 rows (got " +
                                         std::to_string(table.size()) + ")");
  Laws laws;
  laws.description = string_field(report, "description", "friction");
  if (layout == "latitudes") read_latitudes(table, laws.Q, laws.T);
  else if (layout == "grid") read_grid(table, laws.Q, laws.T), laws.grid = true;
  else throw InputError("friction.layout: must be latitudes or grid (got \"" + layout + "\")");
  return laws;
}

/// The runs of one law: the model's then the exact model's.
Runs law_runs(const FrictionCurves& c, bool exact) {
  Runs runs;
  for (const auto& [phi, points] : exact ? c.exact : c.model) runs.push_back(points);
  return runs;
}

/// One panel: each report's model solid (one colour per longitude, or per report in an
/// overlay) and its exact model dotted (black, or the report's colour in an overlay).
void draw_law(svg::Document& doc, double x, double w, double h, const std::vector<Laws>& laws, bool torque,
              const PlotOptions& options, double theta0) {
  const std::pair<double, double> theta = checked_log_x(options.x_range.value_or(std::pair{theta0, pi / 2.0}), options, "theta");
  std::vector<Runs> model, exact;
  Runs all;
  for (const Laws& l : laws) {
    model.push_back(law_runs(torque ? l.T : l.Q, false));
    exact.push_back(law_runs(torque ? l.T : l.Q, true));
    for (Runs* r : {&model.back(), &exact.back()}) {
      check_log_y(*r, theta.first, theta.second, torque ? "T" : "Q", options, "theta");
      all.insert(all.end(), r->begin(), r->end());
    }
  }
  const std::pair<double, double> full = full_range(all).value_or(std::pair{0.0, 1.0});
  const std::pair<double, double> y = options.y_range.value_or(
      options.log_y ? log_range(all, theta.first, theta.second, 0.05)
                    : std::pair{0.0, std::max(1e-12, 1.08 * full.second)});
  const std::string name = torque ? "T" : "Q";
  const svg::Frame f =
      svg::axes(doc, x, margins(doc).top, w, h, {theta.first, theta.second, y.first, y.second, "theta [rad]",
                                                 name, name, options.log_x, options.log_y});
  for (std::size_t n = 0; n < laws.size(); ++n) {
    const bool overlay = laws.size() > 1;
    for (std::size_t k = 0; k < model[n].size(); ++k)
      svg::data_line(doc, f, model[n][k], {overlay ? overlay_colour(n) : palette[k % std::size(palette)], 2.0, "none", "", 1.0});
    svg::Style e = exact_style;
    if (overlay) e.stroke = overlay_colour(n);
    for (const auto& run : exact[n]) svg::data_line(doc, f, run, e);
  }
  note_clipped(doc, f, mark_clipped(doc, f, all));
}

constexpr double on_pole = 1e-12;  // |theta| = pi/2 up to the rounding of the grid's latitudes

/// --components: the components (T_sx, T_sy, M_s) = -q (10) [Kudra & Awrejcewicz 2013] of the
/// model and of the exact model against theta, by longitude phi: [phi][c] of the model (c < 3) and
/// the exact model (c >= 3).
std::map<double, std::array<std::vector<svg::Point>, 6>> read_components(const nlohmann::json& report) {
  const std::string why = "--components: needs a friction table over the sphere (friction-model --grid NTHETA,NPHI)";
  if (!report.contains("layout") || string_field(report, "layout", "friction") != "grid") throw InputError(why);
  const nlohmann::json& table = array_field(report, "table", "friction");
  std::map<double, std::array<std::vector<svg::Point>, 6>> by_phi;
  std::array<std::vector<svg::Point>, 6> poles;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::string where = "friction.table[" + std::to_string(i) + "]";
    const double theta = number_field(table[i], "theta", where), phi = number_field(table[i], "phi", where);
    const Eigen::Vector3d q = vector3_field(table[i], "q", where), e = vector3_field(table[i], "q_exact", where);
    // the grid holds each pole (theta = +-pi/2, w = (0, 0, +-1)) once: every longitude's curve takes it
    auto& curves = std::abs(std::abs(theta) - pi / 2.0) < on_pole ? poles : by_phi[phi];
    for (int c = 0; c < 3; ++c) {
      curves[c].emplace_back(theta, -q[c]);
      curves[c + 3].emplace_back(theta, -e[c]);
    }
  }
  if (by_phi.empty()) throw InputError("--components: the table has no latitude between the poles");
  for (auto& [phi, curves] : by_phi)
    for (int c = 0; c < 6; ++c) curves[c].insert(curves[c].end(), poles[c].begin(), poles[c].end());
  return by_phi;
}

constexpr std::size_t max_component_panels = 12;  // a 4 x 3 array of panels at most

std::string draw_components(const nlohmann::json& report, const PlotOptions& options) {
  if (options.log_x || options.log_y)
    throw InputError("--components: --log-x and --log-y do not apply (theta from -pi/2, components of both signs)");
  auto by_phi = read_components(report);
  if (by_phi.size() > max_component_panels)
    throw InputError(fmt::format("--components: draws at most {} longitudes, one panel each (the table has {}; cut "
                                 "it, e.g. jq '.table |= map(select(.phi < 1.6))')", max_component_panels, by_phi.size()));
  static const char* const names[] = {"T_sx = -q1", "T_sy = -q2", "M_s = -q3"};
  std::vector<svg::LegendItem> legend;  // the six styles drawn, then the model named
  for (int c = 0; c < 6; ++c)
    legend.push_back({svg::LegendItem::Kind::line, {palette[c % 3], c < 3 ? 2.0 : 1.8, "none", c < 3 ? "" : "2 3", 1.0},
                      std::string(names[c % 3]) + (c < 3 ? " (model)" : " (exact model)")});
  legend.insert(legend.begin(), {svg::LegendItem::Kind::text, {}, "model: " + string_field(report, "description", "friction") + ";"});
  Runs all;
  for (auto& [phi, curves] : by_phi)
    for (auto& curve : curves) std::sort(curve.begin(), curve.end()), all.push_back(curve);
  svg::Document doc = make_document(options, "limitdir friction components: " + string_field(report, "description", "friction"));
  const Margins m = margins(doc);
  const std::size_t n = by_phi.size(), cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4, rows = (n + cols - 1) / cols;
  const double W = options.width, H = options.height, gx = 60.0 * doc.font_scale(), gy = 80.0 * doc.font_scale();  // px between panels: tick and axis labels, the title below
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double panel_w = (W - m.left - m.right - gx * (cols - 1)) / cols;
  const double panel_h = (H - m.top - m.bottom - legend_h - gy * (rows - 1)) / rows;
  check_room(doc, panel_w, panel_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  const std::pair<double, double> theta = options.x_range.value_or(std::pair{-pi / 2.0, pi / 2.0});
  const auto full = full_range(all).value_or(std::pair{-1.0, 1.0});
  const std::pair<double, double> y = axis_range(options.y_range, full.first, full.second, 0.05);
  std::size_t k = 0;
  for (const auto& [phi, curves] : by_phi) {
    const double x = m.left + (k % cols) * (panel_w + gx), top = m.top + (k / cols) * (panel_h + gy);
    ++k;
    const svg::Frame f = svg::axes(doc, x, top, panel_w, panel_h,
                                   {theta.first, theta.second, y.first, y.second, "theta [rad]", "T_sx, T_sy, M_s",
                                    fmt::format("phi = {:.4g} deg", phi * 180.0 / pi), false, false});
    Runs drawn;
    for (int c = 0; c < 6; ++c) svg::data_line(doc, f, curves[c], legend[c + 1].style), drawn.push_back(curves[c]);
    note_clipped(doc, f, mark_clipped(doc, f, drawn));
  }
  return doc.str();
}

std::string draw_friction(const std::vector<Laws>& laws, const std::vector<std::string>& names,
                          const PlotOptions& options) {
  std::vector<svg::LegendItem> legend;
  const bool overlay = laws.size() > 1;
  // one report over a grid of few longitudes (as Figs 11-12 of [Kudra & Awrejcewicz 2013]): each its colour's entry
  const bool keyed = !overlay && laws.front().grid && laws.front().Q.model.size() <= std::size(palette);
  if (keyed) {
    legend.push_back({svg::LegendItem::Kind::text, {}, laws.front().description + ":"});
    std::size_t k = 0;
    for (const auto& [phi, points] : laws.front().Q.model)
      legend.push_back({svg::LegendItem::Kind::line, {palette[k++], 2.0, "none", "", 1.0},
                        fmt::format("phi = {:.4g} deg", phi * 180.0 / pi)});
  }
  for (std::size_t n = 0; n < laws.size() && !keyed; ++n)
    legend.push_back({svg::LegendItem::Kind::line, {overlay ? overlay_colour(n) : palette[0], 2.0, "none", "", 1.0},
                      overlay ? names[n] : laws[n].description + (laws[n].grid ? " (a colour per phi)" : "")});
  legend.push_back({svg::LegendItem::Kind::line, exact_style, overlay ? "dotted: the exact model (in the colour of its report)"
                                                                       : "exact model"});
  svg::Document doc = make_document(options, "limitdir friction model: " + laws.front().description);
  const Margins m = margins(doc);
  const double W = options.width, H = options.height, g = gap * doc.font_scale();
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double panel_w = (W - m.left - m.right - g) / 2.0, panel_h = H - m.top - m.bottom - legend_h;
  check_room(doc, panel_w, panel_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  const double theta0 = laws.front().grid ? -pi / 2.0 : 0.0;
  draw_law(doc, m.left, panel_w, panel_h, laws, false, options, theta0);
  draw_law(doc, m.left + panel_w + g, panel_w, panel_h, laws, true, options, theta0);
  return doc.str();
}

}  // namespace

std::string plot_friction(const nlohmann::json& report, const PlotOptions& options) {
  if (options.components) return draw_components(report, options);
  return draw_friction({read_laws(report)}, {}, options);
}

std::string plot_friction_overlay(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                  const PlotOptions& options) {
  std::vector<Laws> laws;
  for (const nlohmann::json& r : reports) laws.push_back(read_laws(r));
  for (const Laws& l : laws)
    if (l.grid != laws.front().grid)
      throw InputError("overlay: friction tables of both layouts (latitudes and grid) cannot share the theta axis");
  return draw_friction(laws, names, options);
}

}  // namespace limitdir
