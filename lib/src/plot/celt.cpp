// The Celtic stone's run (limitdir.celt-report/1 of kind "run", celt, docs/manual.md sections
// 11-12): the body angular velocity omega_1, omega_2, omega_3 against t, as the fitting of Fig. 3
// of [Awrejcewicz & Kudra, Celtic stone] shows it, and the vertical spin omega . n against t with
// its reversals (the report's run.reversals, located on the integrator's dense output) marked.
// The model comparison is drawn by celt_comparison.cpp; the slip system holds no time history
// (refused with a one-line message that says what to plot instead).
#include <algorithm>
#include <cmath>
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

const char* const omega_colours[] = {"#1f63d4", "#d62728", "#2ca02c"};
const svg::Style reversal_style{"black", 1.0, "none", "5 3", 1.0};
const svg::Style zero_style{"#888888", 0.8, "none", "", 1.0};

/// history.omega: one 3-vector of finite numbers per t, as three columns.
std::vector<std::vector<double>> omega_columns(const json& history, std::size_t n) {
  const json& omega = array_field(history, "omega", "celt.history");
  if (omega.size() != n)
    throw InputError(fmt::format("celt.history.omega: must have {} entries, as t has (got {})", n, omega.size()));
  std::vector<std::vector<double>> columns(3);
  for (std::size_t i = 0; i < n; ++i) {
    const json& w = omega[i];
    for (int c = 0; c < 3; ++c) {
      if (!w.is_array() || w.size() != 3 || !w[c].is_number() || !std::isfinite(w[c].get<double>()))
        throw InputError(fmt::format("celt.history.omega[{}]: must be an array of 3 finite numbers", i));
      columns[c].push_back(w[c].get<double>());
    }
  }
  return columns;
}

/// A run's history: t, omega (body) in the first panel and the spin in the second, and its reversals.
struct CeltRun {
  std::vector<double> t;
  std::vector<Panel> panels;
  std::vector<double> reversals;
};

CeltRun celt_run(const json& report) {
  const std::string kind = string_field(report, "kind", "celt");
  if (kind != "run")
    throw InputError("celt report of kind \"" + kind + "\": plot draws celt's runs and model comparisons; plot "
                     "find-limits of its problem instead (celt --slip-system T --export-problem | find-limits)");
  const json& h = field(report, "history", "celt");
  CeltRun r{number_column(h, "t", "celt.history"), {}, {}};
  const std::vector<double> spin = number_column(h, "spin", "celt.history", r.t.size());
  const std::vector<std::vector<double>> omega = omega_columns(h, r.t.size());
  const json& run = field(report, "run", "celt");
  if (!array_field(run, "reversals", "celt.run").empty()) r.reversals = number_column(run, "reversals", "celt.run");
  std::vector<Series> components;
  for (int c = 0; c < 3; ++c)
    components.push_back({fmt::format("omega_{}", c + 1), fmt::format("omega_{}", c + 1), omega[c], {omega_colours[c], 1.8, "none", "", 1.0}});
  r.panels = {{"omega (body) [rad/s]", components},
              {"spin omega . n [rad/s]", {{"spin", "spin omega . n", spin, {"black", 1.8, "none", "", 1.0}}}}};
  return r;
}

std::string reversal_text(const std::vector<double>& reversals) {
  std::string line = fmt::format("{} spin reversal{}", reversals.size(), reversals.size() == 1 ? "" : "s");
  for (std::size_t k = 0; k < reversals.size(); ++k) line += fmt::format("{} {:.4g} s", k == 0 ? " at t =" : ",", reversals[k]);
  return line;
}

/// The zero line of each frame whose range holds 0, the reversals dashed in every frame and
/// circled at (t, 0) in the spin panel's (index 1), in `colour`.
void mark_reversals(svg::Document& doc, const std::vector<ShownPanel>& shown, const std::vector<double>& reversals,
                    const std::string& colour, bool zero_lines) {
  for (const ShownPanel& p : shown) {
    const svg::Frame& f = p.frame;
    if (zero_lines && f.to_y.d0 < 0.0 && f.to_y.d1 > 0.0)
      doc.line(f.x, f.to_y(0.0), f.x + f.width, f.to_y(0.0), zero_style);
    time_marks(doc, f, reversals, {colour, 1.0, "none", reversal_style.dash, 1.0});
    if (p.index != 1) continue;
    doc.begin_group(f.clip_id, "reversals");
    for (const double tr : reversals)
      if (tr >= f.to_x.d0 && tr <= f.to_x.d1 && f.to_y.d0 <= 0.0 && f.to_y.d1 >= 0.0)
        doc.circle(f.to_x(tr), f.to_y(0.0), 4.0 * doc.marker_scale(), {colour, 1.2, "white", "", 1.0});
    doc.end_group();
  }
}

}  // namespace

std::string plot_celt(const nlohmann::json& report, const PlotOptions& options) {
  if (string_field(report, "kind", "celt") == "comparison") return plot_celt_comparison(report, options);
  const CeltRun r = celt_run(report);
  const json& problem = field(report, "problem", "celt");
  const std::string name = string_field(problem, "name", "celt.problem");
  const std::string model = string_field(field(problem, "contact", "celt.problem"), "model", "celt.problem.contact");
  const std::string line = "model " + model + ": " + reversal_text(r.reversals) + (r.reversals.empty() ? "" : " (dashed)");
  const PanelFigure figure{name, {line}, r.t, r.panels};
  svg::Document doc = panel_document(figure, options, "limitdir celt: " + name);
  const std::vector<ShownPanel> shown = draw_panels(doc, figure, options);
  // with --log-y no frame holds 0: no zero line, no circles
  mark_reversals(doc, shown, r.reversals, reversal_style.stroke, !options.log_y);
  return doc.str();
}

std::string plot_celt_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                              const PlotOptions& options) {
  // one colour per run; omega_1, omega_2, omega_3 told apart by their dash (grey in the legend)
  const char* const component_dashes[] = {"", "7 4", "2 3"};
  PanelFigure figure;
  std::vector<CeltRun> runs;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (string_field(inputs[k].report, "kind", inputs[k].source) != "run")
      throw InputError("overlay: " + inputs[k].source + " is a celt report of kind \"" +
                       string_field(inputs[k].report, "kind", inputs[k].source) + "\"; overlays are drawn for celt runs");
    runs.push_back(celt_run(inputs[k].report));
    if (k == 0) {
      figure.panels = runs[0].panels;
      for (Panel& p : figure.panels) {
        for (std::size_t i = 0; i < p.series.size(); ++i)
          p.legend.push_back({svg::LegendItem::Kind::line, {"#444444", 1.8, "none", component_dashes[i], 1.0}, p.series[i].label});
        p.series.clear();
      }
    }
    for (std::size_t p = 0; p < runs[k].panels.size(); ++p)
      for (std::size_t i = 0; i < runs[k].panels[p].series.size(); ++i) {
        Series s = runs[k].panels[p].series[i];
        s.key += " run-" + std::to_string(k + 1);
        s.style = {overlay_colour(k), 1.6, "none", component_dashes[i], 1.0};
        s.t = runs[k].t;
        figure.panels[p].series.push_back(std::move(s));
      }
    figure.legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 2.0, "none", "", 1.0},
                             names[k] + ": " + reversal_text(runs[k].reversals)});
  }
  figure.title = overlay_title(inputs, "celt runs");
  figure.lines = {"one colour per run (legend below); its spin reversals dashed and circled in its colour"};
  svg::Document doc = panel_document(figure, options, "limitdir celt: " + figure.title);
  const std::vector<ShownPanel> shown = draw_panels(doc, figure, options);
  for (std::size_t k = 0; k < runs.size(); ++k) mark_reversals(doc, shown, runs[k].reversals, overlay_colour(k), k == 0 && !options.log_y);
  return doc.str();
}

}  // namespace limitdir
