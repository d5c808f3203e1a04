// Fig. 4 [Nonlinear Dyn. 2024]: the exact laws Q, T (49) against the three parametrisations of
// the sphere of Table 1 - the latitude theta, w3 = sin theta and the slip/spin ratio
// eps = (rho/R) cot theta (35) - and the meridian curve, the image (Q, T) of the meridian
// (docs/manual.md section 11).
#include "plot/friction_laws.hpp"

#include <cmath>
#include <limits>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "core/constants.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double gap = 90.0;      // px between the panels, at font size 12
constexpr double eps_max = 3.0;   // eps axis [0, 3]: the change of regime at eps = 1 (the instantaneous
                                  // centre on the rim) in the middle third
constexpr double top_pad = 1.08;  // Q, T <= 1: the axes to 1.08

/// One report's laws on the meridian: (theta, eps, Q, T) per row (eps NaN at pure sliding).
struct Meridian {
  std::vector<double> theta, eps, Q, T;
};

Meridian read_meridian(const nlohmann::json& report, const std::string& where) {
  const nlohmann::json& table = array_field(report, "table", where);
  if (table.size() < 2) throw InputError(where + ".table: must have at least 2 rows (got " +
                                         std::to_string(table.size()) + ")");
  Meridian m;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::string row = where + ".table[" + std::to_string(i) + "]";
    m.theta.push_back(number_field(table[i], "theta", row));
    const nlohmann::json& e = field(table[i], "epsilon", row);
    m.eps.push_back(e.is_number() ? e.get<double>() : std::numeric_limits<double>::quiet_NaN());
    m.Q.push_back(number_field(table[i], "Q", row));
    m.T.push_back(number_field(table[i], "T", row));
  }
  return m;
}

/// The abscissa of a row in panel `k`: 0 theta, 1 w3 = sin theta, 2 eps, 3 Q (the meridian curve).
double abscissa(const Meridian& m, std::size_t i, int k) {
  return k == 0 ? m.theta[i] : k == 1 ? std::sin(m.theta[i]) : k == 2 ? m.eps[i] : m.Q[i];
}

void draw_panel(svg::Document& doc, double x, double y, double w, double h, int k, const std::vector<Meridian>& laws) {
  static const char* const x_labels[] = {"theta [rad]", "w3 = sin theta", "eps = (rho/R) cot theta", "Q"};
  static const char* const titles[] = {"against theta", "against w3", "against eps", "meridian curve (Q, T)"};
  const double x1 = k == 0 ? pi / 2.0 : k == 2 ? eps_max : k == 1 ? 1.0 : top_pad;
  const svg::Frame f = svg::axes(doc, x, y, w, h, {0.0, x1, 0.0, top_pad, x_labels[k], k == 3 ? "T" : "Q, T",
                                                   titles[k], false, false});
  for (std::size_t n = 0; n < laws.size(); ++n) {
    const Meridian& m = laws[n];
    std::vector<svg::Point> Q, T;
    for (std::size_t i = 0; i < m.theta.size(); ++i) {
      const double u = abscissa(m, i, k);
      if (!std::isfinite(u)) continue;  // eps at pure sliding
      if (k == 3) Q.emplace_back(u, m.T[i]);
      else Q.emplace_back(u, m.Q[i]), T.emplace_back(u, m.T[i]);
    }
    svg::data_line(doc, f, Q, {overlay_colour(n), 2.0, "none", "", 1.0});
    if (k != 3) svg::data_line(doc, f, T, {overlay_colour(n), 2.0, "none", "6 4", 1.0});
  }
}

}  // namespace

bool fig4_laws(const std::vector<nlohmann::json>& reports, const PlotOptions& options) {
  if (options.x_range || options.y_range || options.log_x || options.log_y) return false;
  for (const nlohmann::json& r : reports) {
    if (!r.is_object() || r.value("model", std::string()) != "exact") return false;
    if (r.contains("layout") && r["layout"] != "latitudes") return false;
  }
  return !reports.empty();
}

std::string plot_friction_laws(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                               const PlotOptions& options) {
  std::vector<Meridian> laws;
  std::vector<svg::LegendItem> legend;
  for (std::size_t n = 0; n < reports.size(); ++n) {
    laws.push_back(read_meridian(reports[n], "friction"));
    const std::string name = reports.size() > 1 ? names[n] : string_field(reports[n], "description", "friction");
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(n), 2.0, "none", "", 1.0}, name});
  }
  legend.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "", 1.0}, "Q (and T against Q)"});
  legend.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "6 4", 1.0}, "T"});
  svg::Document doc = make_document(options, "limitdir exact friction laws (Fig. 4): " +
                                                 string_field(reports.front(), "description", "friction"));
  const Margins m = margins(doc);
  const double W = options.width, H = options.height, g = gap * doc.font_scale();
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double panel_w = (W - m.left - m.right - g) / 2.0, panel_h = (H - m.top - m.bottom - legend_h - g) / 2.0;
  check_room(doc, panel_w, panel_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  for (int k = 0; k < 4; ++k)
    draw_panel(doc, m.left + (k % 2) * (panel_w + g), m.top + (k / 2) * (panel_h + g), panel_w, panel_h, k, laws);
  return doc.str();
}

}  // namespace limitdir::plot_detail
