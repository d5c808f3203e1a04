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

constexpr double top = 56.0;  // px: the panels start below the title and one line of text
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

}  // namespace

std::string plot_celt(const nlohmann::json& report, const PlotOptions& options) {
  const std::string kind = string_field(report, "kind", "celt");
  if (kind == "comparison") return plot_celt_comparison(report, options);
  if (kind != "run")
    throw InputError("celt report of kind \"" + kind + "\": plot draws celt's runs and model comparisons; plot "
                     "find-limits of its problem instead (celt --slip-system T --export-problem | find-limits)");
  const json& h = field(report, "history", "celt");
  const std::vector<double> t = number_column(h, "t", "celt.history");
  const std::vector<double> spin = number_column(h, "spin", "celt.history", t.size());
  const std::vector<std::vector<double>> omega = omega_columns(h, t.size());
  const json& run = field(report, "run", "celt");
  const std::vector<double> reversals =
      array_field(run, "reversals", "celt.run").empty() ? std::vector<double>{} : number_column(run, "reversals", "celt.run");
  double t0 = *std::min_element(t.begin(), t.end()), t1 = *std::max_element(t.begin(), t.end());
  if (t1 == t0) t1 = t0 + 1.0;  // a single sample: a unit interval, as nice_ticks widens

  std::vector<Series> components;
  for (int c = 0; c < 3; ++c)
    components.push_back({fmt::format("omega_{}", c + 1), fmt::format("omega_{}", c + 1), omega[c], {omega_colours[c], 1.8, "none", "", 1.0}});
  const std::vector<Panel> panels = {
      {"omega (body) [rad/s]", components, {}, {}},
      {"spin omega . n [rad/s]", {{"spin", "spin omega . n", spin, {"black", 1.8, "none", "", 1.0}}}, {}, {}}};

  const double W = options.width, H = options.height;
  const json& problem = field(report, "problem", "celt");
  const std::string name = string_field(problem, "name", "celt.problem");
  svg::Document doc(W, H, "limitdir celt: " + name);
  doc.text(W / 2.0, 18.0, fitted(name, W - 20.0, 14.0), {14.0, "middle", "black", 0.0, true});
  std::string line = "model " + string_field(field(problem, "contact", "celt.problem"), "model", "celt.problem.contact") +
                     fmt::format(": {} spin reversal{}", reversals.size(), reversals.size() == 1 ? "" : "s");
  for (std::size_t k = 0; k < reversals.size(); ++k) line += fmt::format("{} {:.4g} s", k == 0 ? " at t =" : ",", reversals[k]);
  doc.text(W / 2.0, 36.0, fitted(line + (reversals.empty() ? "" : " (dashed)"), W - 20.0, 12.0), {12.0, "middle"});
  const std::vector<svg::Frame> frames = draw_panels(doc, top, t, t0, t1, panels);
  for (const svg::Frame& f : frames) {
    if (f.to_y.d0 < 0.0 && f.to_y.d1 > 0.0) doc.line(f.x, f.to_y(0.0), f.x + f.width, f.to_y(0.0), zero_style);
    time_marks(doc, f, reversals, reversal_style);
  }
  doc.begin_group(frames[1].clip_id, "reversals");
  for (const double tr : reversals)
    if (tr >= t0 && tr <= t1) doc.circle(frames[1].to_x(tr), frames[1].to_y(0.0), 4.0, {"black", 1.2, "white", "", 1.0});
  doc.end_group();
  return doc.str();
}

}  // namespace limitdir
