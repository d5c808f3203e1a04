// The rolling sphere's run (limitdir.roll-report/1 of roll, docs/manual.md sections 10-11) as
// Fig. 3 of [Acary & Bourrier 2021]: the position X, the velocities U_X and Omega_Y, the
// tangential force r_T and the rolling resistance moment m_T against t (Fig. 3's r_T and m_T are
// the history's r_T_X and m_T_Y, drawn in kN and kN m), the closed form's phases dotted over them where the report has
// one (planar starts), and the mode changes dashed; with spin about the normal also Omega_Z and
// the spin moment m_T_Z.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/time_panels.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

constexpr int closed_form_samples = 64;  // points per phase: X(t) is a parabola, smooth at 64 chords
const svg::Style closed_style{"black", 1.2, "none", "2 3", 1.0};
const svg::Style mode_style{"#888888", 0.9, "none", "6 4", 1.0};
const char* const colours[] = {"#1f63d4", "#d62728", "#2ca02c"};
// The reactions in kN and kN m: Fig. 3's sphere (R = 0.5 m, 2500 kg/m^3) weighs 12.8 kN, and
// tick labels of 4 digits in N would reach into the axis label.
constexpr double kilo_unit = 1000.0;

std::vector<double> kilo(std::vector<double> values) {
  for (double& v : values) v /= kilo_unit;
  return values;
}

/// The closed form's phases (10) sampled at closed_form_samples points each, a NaN between phases
/// (the reactions jump): t and X, U_X, Omega_Y, r_T, m_T; empty when the report has none (a start
/// that is not planar). The last phase (t1 null: rest, or motion without end) runs to t_end.
std::vector<std::vector<double>> closed_form(const json& report, double t_end) {
  const json& cf = field(report, "closed_form", "roll");
  std::vector<std::vector<double>> s(6);
  if (cf.is_null()) return s;
  const json& phases = array_field(cf, "phases", "roll.closed_form");
  for (std::size_t k = 0; k < phases.size(); ++k) {
    const std::string where = "roll.closed_form.phases[" + std::to_string(k) + "]";
    const json& p = phases[k];
    const double t0 = number_field(p, "t0", where);
    const double t1 = field(p, "t1", where).is_null() ? std::max(t_end, t0) : number_field(p, "t1", where);
    if (!(t1 >= t0)) throw InputError(where + ": t1 must be >= t0");
    const double X0 = number_field(p, "X0", where), U = number_field(p, "U_X", where);
    const double Omega = number_field(p, "Omega_Y", where), a_U = number_field(p, "a_U", where);
    const double a_Omega = number_field(p, "a_Omega", where);
    const double r_T = number_field(p, "r_T", where), m_T = number_field(p, "m_T", where);
    for (int i = 0; i <= closed_form_samples; ++i) {
      const double tau = (t1 - t0) * i / closed_form_samples;  // constant accelerations in a phase
      for (const auto& [c, v] : {std::pair{0, t0 + tau}, std::pair{1, X0 + U * tau + 0.5 * a_U * tau * tau},
                                 std::pair{2, U + a_U * tau}, std::pair{3, Omega + a_Omega * tau},
                                 std::pair{4, r_T / kilo_unit}, std::pair{5, m_T / kilo_unit}})
        s[c].push_back(v);
    }
    for (auto& column : s) column.push_back(std::numeric_limits<double>::quiet_NaN());
  }
  return s;
}

std::string subtitle(const json& report) {
  const json& friction = field(field(report, "problem", "roll"), "friction", "roll.problem");
  std::string text = fmt::format("mu = {:g}, mu_r = {:g} m: X_max = {:.5g} m", number_field(friction, "mu", "roll.problem.friction"),
                                 number_field(friction, "mu_r", "roll.problem.friction"), number_field(report, "X_max", "roll"));
  const json& t_stop = field(report, "t_stop", "roll");
  text += t_stop.is_null() ? ", not at rest by the end" : fmt::format(", at rest from t = {:.5g} s", number_field(report, "t_stop", "roll"));
  const json& cf = field(report, "closed_form", "roll");
  if (!cf.is_null() && cf.contains("X_max") && cf["X_max"].is_number())
    text += fmt::format(" (closed form, dotted: X_max = {:.5g} m)", number_field(cf, "X_max", "roll.closed_form"));
  return text;
}

/// The mode changes: their times, and "modes: slide and roll from 0.0001 s, ..." for the figure.
std::pair<std::vector<double>, std::string> mode_changes(const json& report) {
  const json& modes = array_field(report, "modes", "roll");
  std::vector<double> times;
  std::string text;
  for (std::size_t k = 0; k < modes.size(); ++k) {
    const std::string where = "roll.modes[" + std::to_string(k) + "]";
    times.push_back(number_field(modes[k], "t", where));
    text += (text.empty() ? "mode changes (dashed): " : ", ") + string_field(modes[k], "mode", where) +
            fmt::format(" from {:.4g} s", times.back());
  }
  return {times, text};
}

/// The history's series in the panels of Fig. 3: X; U_X, Omega_Y; r_T, m_T (kN, kN m), with spin
/// about the normal (spin_friction, docs/manual.md section 10) also Omega_Z and its moment m_T_Z.
struct RollPanels {
  std::vector<double> t;
  std::vector<Panel> panels;
};

RollPanels roll_panels(const json& report) {
  const json& h = field(report, "history", "roll");
  RollPanels r{number_column(h, "t", "roll.history"), {}};
  const auto column = [&](const char* key) { return number_column(h, key, "roll.history", r.t.size()); };
  const auto line = [](const char* key, const char* label, std::vector<double> values, int c) {
    return Series{key, label, std::move(values), {colours[c], 2.0, "none", "", 1.0}};
  };
  r.panels = {{"X [m]", {line("X", "X", column("X"), 0)}},
              {"U_X [m/s], Omega_Y [rad/s]", {line("U_X", "U_X", column("U_X"), 0), line("Omega_Y", "Omega_Y", column("Omega_Y"), 1)}},
              {"r_T [kN], m_T [kN m]",
               {line("r_T_X", "r_T", kilo(column("r_T_X")), 0), line("m_T_Y", "m_T", kilo(column("m_T_Y")), 1)}}};
  const std::vector<double> Omega_Z = column("Omega_Z");
  if (std::any_of(Omega_Z.begin(), Omega_Z.end(), [](double v) { return v != 0.0; })) {
    r.panels[1].y_label = "U_X [m/s], Omega_Y, Omega_Z [rad/s]";
    r.panels[1].series.push_back(line("Omega_Z", "Omega_Z", Omega_Z, 2));
    r.panels[2].series.push_back(line("m_T_Z", "m_T_Z", kilo(column("m_T_Z")), 2));
  }
  return r;
}

/// The closed form's phases dotted over the panels (not setting their ranges).
void add_closed_form(RollPanels& r, const json& report) {
  const std::vector<std::vector<double>> cf = closed_form(report, *std::max_element(r.t.begin(), r.t.end()));
  if (cf[0].empty()) return;
  const auto dotted = [&](const std::string& key, const std::string& label, int c) {
    return Series{"closed-form-" + key, label, cf[c], closed_style, cf[0], false};
  };
  r.panels[0].series.push_back(dotted("X", "X closed form", 1));
  for (Series s : {dotted("U_X", "closed form", 2), dotted("Omega_Y", "", 3)}) r.panels[1].series.push_back(s);
  for (Series s : {dotted("r_T", "closed form", 4), dotted("m_T", "", 5)}) r.panels[2].series.push_back(s);
}

}  // namespace

std::string plot_roll(const nlohmann::json& report, const PlotOptions& options) {
  RollPanels r = roll_panels(report);
  add_closed_form(r, report);
  const std::string name = string_field(field(report, "problem", "roll"), "name", "roll.problem");
  const auto [times, modes] = mode_changes(report);
  const PanelFigure figure{name, {subtitle(report), modes}, r.t, r.panels};
  svg::Document doc = panel_document(figure, options, "limitdir roll: " + name);
  for (const ShownPanel& p : draw_panels(doc, figure, options)) time_marks(doc, p.frame, times, mode_style);
  return doc.str();
}

std::string plot_roll_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                              const PlotOptions& options) {
  // one colour per run, the series of a panel told apart by their dash (grey in the panel's legend)
  const char* const series_dashes[] = {"", "7 4", "2 3"};
  PanelFigure figure;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    RollPanels r = roll_panels(inputs[k].report);
    if (k == 0) figure.panels = std::vector<Panel>(r.panels.size());
    for (std::size_t p = 0; p < r.panels.size(); ++p) {
      if (k == 0 || r.panels[p].series.size() > figure.panels[p].legend.size()) {  // the run with spin labels it
        figure.panels[p].y_label = r.panels[p].y_label;
        figure.panels[p].legend.clear();
        for (std::size_t i = 0; i < r.panels[p].series.size(); ++i)
          figure.panels[p].legend.push_back(
              {svg::LegendItem::Kind::line, {"#444444", 2.0, "none", series_dashes[i], 1.0}, r.panels[p].series[i].label});
      }
      for (std::size_t i = 0; i < r.panels[p].series.size(); ++i) {
        Series s = r.panels[p].series[i];
        s.key += " run-" + std::to_string(k + 1);
        s.style = {overlay_colour(k), 1.8, "none", series_dashes[i], 1.0};
        s.t = r.t;
        figure.panels[p].series.push_back(std::move(s));
      }
    }
    figure.legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 2.0, "none", "", 1.0},
                             fmt::format("{}: X_max = {:.4g} m{}", names[k], number_field(inputs[k].report, "X_max", inputs[k].source),
                                         field(inputs[k].report, "t_stop", inputs[k].source).is_null() ? " (moving at the end)" : "")});
  }
  figure.title = overlay_title(inputs, "roll runs");
  figure.lines = {"one colour per run (legend below); closed forms and mode changes: plot a run alone"};
  svg::Document doc = panel_document(figure, options, "limitdir roll: " + figure.title);
  draw_panels(doc, figure, options);
  return doc.str();
}

}  // namespace limitdir
