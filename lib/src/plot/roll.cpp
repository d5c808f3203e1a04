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
constexpr double top = 70.0;             // px: the panels start below the title and two lines of text
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

}  // namespace

std::string plot_roll(const nlohmann::json& report, const PlotOptions& options) {
  const json& h = field(report, "history", "roll");
  const std::vector<double> t = number_column(h, "t", "roll.history");
  const auto column = [&](const char* key) { return number_column(h, key, "roll.history", t.size()); };
  double t0 = *std::min_element(t.begin(), t.end()), t1 = *std::max_element(t.begin(), t.end());
  if (t1 == t0) t1 = t0 + 1.0;  // a single step: a unit interval, as nice_ticks widens
  const std::vector<std::vector<double>> cf = closed_form(report, t1);
  const auto dotted = [&](int c, const std::string& label) {
    return cf[0].empty() ? std::vector<Series>{} : std::vector<Series>{{"closed-form-" + label, label + " closed form", cf[c], closed_style}};
  };
  std::vector<Panel> panels = {
      {"X [m]", {{"X", "X", column("X"), {colours[0], 2.0, "none", "", 1.0}}}, dotted(1, "X"), cf[0]},
      {"U_X [m/s], Omega_Y [rad/s]",
       {{"U_X", "U_X", column("U_X"), {colours[0], 2.0, "none", "", 1.0}},
        {"Omega_Y", "Omega_Y", column("Omega_Y"), {colours[1], 2.0, "none", "", 1.0}}},
       {},
       cf[0]},
      {"r_T [kN], m_T [kN m]",
       {{"r_T_X", "r_T", kilo(column("r_T_X")), {colours[0], 2.0, "none", "", 1.0}},
        {"m_T_Y", "m_T", kilo(column("m_T_Y")), {colours[1], 2.0, "none", "", 1.0}}},
       {},
       cf[0]}};
  // spin about the normal (spin_friction, docs/manual.md section 10): Omega_Z and its moment m_T_Z
  const std::vector<double> Omega_Z = column("Omega_Z"), m_T_Z = kilo(column("m_T_Z"));
  if (std::any_of(Omega_Z.begin(), Omega_Z.end(), [](double v) { return v != 0.0; })) {
    panels[1].y_label = "U_X [m/s], Omega_Y, Omega_Z [rad/s]";
    panels[1].series.push_back({"Omega_Z", "Omega_Z", Omega_Z, {colours[2], 2.0, "none", "", 1.0}});
    panels[2].series.push_back({"m_T_Z", "m_T_Z", m_T_Z, {colours[2], 2.0, "none", "", 1.0}});
  }
  if (!cf[0].empty()) {
    panels[1].overlays = {{"closed-form-U_X", "closed form", cf[2], closed_style}, {"closed-form-Omega_Y", "", cf[3], closed_style}};
    panels[2].overlays = {{"closed-form-r_T", "closed form", cf[4], closed_style}, {"closed-form-m_T", "", cf[5], closed_style}};
  }
  const double W = options.width, H = options.height;
  const std::string name = string_field(field(report, "problem", "roll"), "name", "roll.problem");
  svg::Document doc(W, H, "limitdir roll: " + name);
  doc.text(W / 2.0, 18.0, fitted(name, W - 20.0, 14.0), {14.0, "middle", "black", 0.0, true});
  doc.text(W / 2.0, 36.0, fitted(subtitle(report), W - 20.0, 12.0), {12.0, "middle"});
  const auto [times, modes] = mode_changes(report);
  doc.text(W / 2.0, 53.0, fitted(modes, W - 20.0, 12.0), {12.0, "middle", "#555555"});
  for (const svg::Frame& f : draw_panels(doc, top, t, t0, t1, panels)) time_marks(doc, f, times, mode_style);
  return doc.str();
}

}  // namespace limitdir
