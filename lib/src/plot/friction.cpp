// Friction tables as figures (plot/plot.hpp): Q and T against theta for the model and the exact
// model, as Figs 4-10 [Nonlinear Dyn. 2024] (docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double pi = 3.14159265358979323846;
constexpr double gap = 90.0;  // px between the two panels

const svg::Style exact_style{"black", 1.8, "none", "2 3", 1.0};
const char* const palette[] = {"#1f63d4", "#d62728", "#2ca02c", "#8e44ad", "#ff7f0e", "#17becf"};

/// The curves of one law (Q or T): the model's and the exact model's, one pair per longitude
/// phi (a single pair for the table of latitudes).
struct Curves {
  std::map<double, std::vector<svg::Point>> model, exact;  // by phi
};

/// Table of latitudes: Q(theta), T(theta) (49) of the model and the exact model.
void read_latitudes(const nlohmann::json& table, Curves& Q, Curves& T) {
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
void read_grid(const nlohmann::json& table, Curves& Q, Curves& T) {
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

double largest(const Curves& c) {
  double hi = 0.0;
  for (const auto* set : {&c.model, &c.exact})
    for (const auto& [phi, points] : *set)
      for (const auto& p : points) hi = std::max(hi, p.second);
  return hi;
}

void draw_law(svg::Document& doc, double x, double w, double h, const Curves& c, const std::string& name,
              double theta0) {
  const double top = std::max(1e-12, 1.08 * largest(c));
  const svg::Frame f = svg::axes(doc, x, margin_top, w, h, {theta0, pi / 2.0, 0.0, top, "theta [rad]", name, name});
  std::size_t k = 0;
  for (const auto& [phi, points] : c.model) {
    svg::data_line(doc, f, points, {palette[k % std::size(palette)], 2.0, "none", "", 1.0});
    ++k;
  }
  for (const auto& [phi, points] : c.exact) svg::data_line(doc, f, points, exact_style);
}

}  // namespace

std::string plot_friction(const nlohmann::json& report, const PlotOptions& options) {
  // A table of latitudes unless the report says otherwise ("layout": "grid", a table over the
  // sphere for contacts that are not axisymmetric).
  const std::string layout = report.contains("layout") ? string_field(report, "layout", "friction") : "latitudes";
  const nlohmann::json& table = array_field(report, "table", "friction");
  if (table.size() < 2) throw InputError("friction.table: must have at least 2 rows (got " +
                                         std::to_string(table.size()) + ")");
  Curves Q, T;
  if (layout == "latitudes") read_latitudes(table, Q, T);
  else if (layout == "grid") read_grid(table, Q, T);
  else throw InputError("friction.layout: must be latitudes or grid (got \"" + layout + "\")");

  const double W = options.width, H = options.height;
  const double legend_h = 34.0;  // two legend lines below the panels
  svg::Document doc(W, H, "limitdir friction model: " + string_field(report, "description", "friction"));
  const double panel_w = (W - margin_left - margin_right - gap) / 2.0;
  const double panel_h = H - margin_top - margin_bottom - legend_h;
  const double theta0 = layout == "grid" ? -pi / 2.0 : 0.0;
  draw_law(doc, margin_left, panel_w, panel_h, Q, "Q", theta0);
  draw_law(doc, margin_left + panel_w + gap, panel_w, panel_h, T, "T", theta0);
  svg::legend_entry(doc, margin_left, H - 24.0, {palette[0], 2.0, "none", "", 1.0},
                    string_field(report, "description", "friction") + (layout == "grid" ? " (a colour per phi)" : ""));
  svg::legend_entry(doc, margin_left, H - 8.0, exact_style, "exact model");
  return doc.str();
}

}  // namespace limitdir
