// Fig. 2 [Kireenkov]: F_par and F_perp, the components of the friction force along and across
// the velocity v of the centre, against v at the spin u = R omega = 1, i.e. against the slip/spin
// ratio eps = v/(R omega) = (rho/R) w1/w3 (35) [Nonlinear Dyn. 2024] of the slip direction
// w = (v, 0, rho omega)/|.| (docs/manual.md section 11). From a table's forces at the slips
// x = (v, 0, rho omega) (friction-model --slip, speed terms of the law (1) [Kireenkov] included)
// as the paper draws it: F_par (left) and F_perp (right) against v, each over its largest |value|.
#include "plot/friction_speed.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double on_meridian = 1e-12;  // |w2|: the plane w2 = 0 up to the rounding of the normalised w

/// One report's (eps, F_par, F_perp) in the order of its values, sorted by eps.
std::vector<std::array<double, 3>> read_speeds(const nlohmann::json& report) {
  const double rho = number_field(report, "rho", "friction");  // rho/R
  const nlohmann::json& values = array_field(report, "values", "friction");
  std::vector<std::array<double, 3>> rows;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string where = "friction.values[" + std::to_string(i) + "]";
    const Eigen::Vector3d w = vector3_field(values[i], "w", where), q = vector3_field(values[i], "q", where);
    rows.push_back({rho * w.x() / w.z(), -q.x(), -q.y()});
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

/// The speed u = R omega = x3/(rho/R) of a slip x; R = 1.
double spin_speed(const nlohmann::json& x, double rho) { return x[2].get<double>() / rho; }

/// True when `report` holds at least two forces (friction-model --slip) at slips x = (v, 0, rho
/// omega), v >= 0, all at one spin speed u = R omega > 0.
bool forces_at_one_spin(const nlohmann::json& r) {
  if (!r.is_object() || !r.contains("forces") || !r["forces"].is_array() || r["forces"].size() < 2 ||
      !r.contains("rho") || !r["rho"].is_number() || r["rho"].get<double>() <= 0)
    return false;
  const nlohmann::json& forces = r["forces"];
  for (const nlohmann::json& f : forces) {
    if (!f.is_object() || !f.contains("x") || !f["x"].is_array() || f["x"].size() != 3 || !f.contains("force"))
      return false;
    const nlohmann::json& x = f["x"];
    if (!x[0].is_number() || !x[1].is_number() || !x[2].is_number()) return false;
    if (x[1].get<double>() != 0.0 || x[0].get<double>() < 0 || x[2].get<double>() <= 0 ||
        x[2].get<double>() != forces.front()["x"][2].get<double>())
      return false;
  }
  return true;
}

/// One report's (v, F_par, F_perp) = (x1, -force1, -force2), sorted by v (R = 1: the force over f N).
std::vector<std::array<double, 3>> read_forces(const nlohmann::json& report) {
  const nlohmann::json& forces = array_field(report, "forces", "friction");
  std::vector<std::array<double, 3>> rows;
  for (std::size_t i = 0; i < forces.size(); ++i) {
    const std::string where = "friction.forces[" + std::to_string(i) + "]";
    const Eigen::Vector3d x = vector3_field(forces[i], "x", where), F = vector3_field(forces[i], "force", where);
    rows.push_back({x.x(), -F.x(), -F.y()});
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::string number(double value) {
  std::ostringstream out;
  out.precision(3);
  out << value;
  return out.str();
}

/// Fig. 2 [Kireenkov] from forces: F_par/max|F_par| (left panel) and F_perp/max|F_perp| (right)
/// against v at the reports' common u, one style per report (named with its two maxima).
std::string plot_friction_forces(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                 const PlotOptions& options) {
  const double u = spin_speed(reports.front()["forces"][0]["x"], reports.front()["rho"].get<double>());
  std::array<Runs, 2> runs;  // F_par, F_perp over their largest |value|, one run per report
  std::vector<svg::LegendItem> legend;
  double v_hi = 0.0;
  for (std::size_t n = 0; n < reports.size(); ++n) {
    if (spin_speed(reports[n]["forces"][0]["x"], reports[n]["rho"].get<double>()) != u)
      throw InputError("Fig. 2 [Kireenkov] draws forces at one spin speed u = R omega; the reports' slips "
                       "have different x3/rho");
    const auto rows = read_forces(reports[n]);
    v_hi = std::max(v_hi, rows.back()[0]);
    std::array<double, 2> largest{0.0, 0.0};
    for (const auto& row : rows)
      for (int c : {0, 1}) largest[c] = std::max(largest[c], std::abs(row[c + 1]));
    for (int c : {0, 1}) {
      runs[c].emplace_back();
      // a component that vanishes (k0 = 0: no F_perp) is drawn as it is, zero
      for (const auto& row : rows) runs[c].back().emplace_back(row[0], row[c + 1] / (largest[c] > 0 ? largest[c] : 1.0));
    }
    const std::string name = reports.size() > 1 ? names[n] : string_field(reports[n], "description", "friction");
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(n), 2.0, "none", n % 2 ? "6 4" : "", 1.0},
                      name + " (max |F_par|/(f N) = " + number(largest[0]) + ", max |F_perp|/(f N) = " +
                          number(largest[1]) + ")"});
  }
  svg::Document doc = make_document(options, "limitdir friction force against the sliding speed v at u = R omega = " +
                                                  number(u) + " (Fig. 2 [Kireenkov]), each component over its "
                                                  "largest |value| on the curve");
  const Margins m = margins(doc);
  const double W = options.width, H = options.height, g = 70.0 * doc.font_scale();  // px between the panels
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double panel_w = (W - m.left - m.right - g) / 2.0, panel_h = H - m.top - m.bottom - legend_h;
  check_room(doc, panel_w, panel_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  // (a journal's column: the panel titles without their gloss, which the caption gives)
  static const char* const titles[] = {"tangent F_par (along v)", "normal F_perp (across v)"};
  static const char* const short_titles[] = {"tangent F_par", "normal F_perp"};
  static const char* const y_labels[] = {"F_par / max |F_par|", "F_perp / max |F_perp|"};
  for (int c : {0, 1}) {
    const auto full = full_range(runs[c]).value_or(std::pair{0.0, 1.0});
    const std::pair<double, double> x = axis_range(options.x_range, 0.0, std::max(v_hi, 1e-12), 0.0);
    const std::pair<double, double> y = axis_range(options.y_range, std::min(0.0, full.first), full.second, 0.05);
    const svg::Frame f = svg::axes(doc, m.left + c * (panel_w + g), m.top, panel_w, panel_h,
                                   {x.first, x.second, y.first, y.second, "v (u = R omega = " + number(u) + ")",
                                    y_labels[c], doc.paper() ? short_titles[c] : titles[c], false, false});
    for (std::size_t n = 0; n < runs[c].size(); ++n)
      svg::data_line(doc, f, runs[c][n], {overlay_colour(n), 2.0, "none", n % 2 ? "6 4" : "", 1.0});
    note_clipped(doc, f, mark_clipped(doc, f, runs[c]));
  }
  return doc.str();
}

}  // namespace

bool kireenkov_fig2(const std::vector<nlohmann::json>& reports) {
  if (!reports.empty() && std::all_of(reports.begin(), reports.end(), forces_at_one_spin)) return true;
  for (const nlohmann::json& r : reports) {
    if (!r.is_object() || !r.contains("values") || !r["values"].is_array() || r["values"].size() < 2 ||
        !r.contains("rho") || !r["rho"].is_number())
      return false;
    for (const nlohmann::json& v : r["values"]) {
      if (!v.is_object() || !v.contains("w") || !v["w"].is_array() || v["w"].size() != 3) return false;
      const nlohmann::json& w = v["w"];
      if (!w[0].is_number() || !w[1].is_number() || !w[2].is_number()) return false;
      if (std::abs(w[1].get<double>()) > on_meridian || w[0].get<double>() < 0 || w[2].get<double>() <= 0) return false;
    }
  }
  return !reports.empty();
}

std::string plot_friction_speed(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                const PlotOptions& options) {
  if (options.log_x || options.log_y)
    throw InputError("plot: --log-x and --log-y do not apply to a friction table's values at w2 = 0 (Fig. 2 "
                     "[Kireenkov], drawn against eps from 0)");
  if (std::all_of(reports.begin(), reports.end(), forces_at_one_spin))
    return plot_friction_forces(reports, names, options);
  std::vector<std::vector<std::array<double, 3>>> data;
  std::vector<svg::LegendItem> legend;
  Runs all;
  for (std::size_t n = 0; n < reports.size(); ++n) {
    data.push_back(read_speeds(reports[n]));
    const std::string name = reports.size() > 1 ? names[n] : string_field(reports[n], "description", "friction");
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(n), 2.0, "none", "", 1.0}, name});
    for (int c : {1, 2}) {
      all.emplace_back();
      for (const auto& row : data.back()) all.back().emplace_back(row[0], row[c]);
    }
  }
  legend.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "", 1.0}, "F_par/(f N) = -q1"});
  legend.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "6 4", 1.0}, "F_perp/(f N) = -q2"});
  svg::Document doc = make_document(options, "limitdir friction against the slip/spin ratio (Fig. 2 [Kireenkov]): " +
                                                  string_field(reports.front(), "description", "friction"));
  const Margins m = margins(doc);
  const double W = options.width, H = options.height;
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double frame_w = W - m.left - m.right, frame_h = H - m.top - m.bottom - legend_h;
  check_room(doc, frame_w, frame_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  double x_hi = 0.0;
  for (const auto& d : data) x_hi = std::max(x_hi, d.back()[0]);
  const auto full = full_range(all).value_or(std::pair{0.0, 1.0});
  const std::pair<double, double> x = axis_range(options.x_range, 0.0, std::max(x_hi, 1e-12), 0.0);
  const std::pair<double, double> y = axis_range(options.y_range, std::min(0.0, full.first), full.second, 0.05);
  const svg::Frame f = svg::axes(doc, m.left, m.top, frame_w, frame_h,
                                 {x.first, x.second, y.first, y.second, "eps = v/(R omega) (v at u = R omega = 1)",
                                  "F/(f N)", "", false, false});
  for (std::size_t n = 0; n < data.size(); ++n) {
    svg::data_line(doc, f, all[2 * n], {overlay_colour(n), 2.0, "none", "", 1.0});
    svg::data_line(doc, f, all[2 * n + 1], {overlay_colour(n), 2.0, "none", "6 4", 1.0});
  }
  note_clipped(doc, f, mark_clipped(doc, f, all));
  return doc.str();
}

}  // namespace limitdir::plot_detail
