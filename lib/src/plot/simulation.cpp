// Simulations as figures (plot/plot.hpp): the slip direction w and the slip magnitude r against the
// time t up to stick (simulate's records, docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

const char* const w_colours[] = {"#1f63d4", "#d62728", "#2ca02c"};
const char* const dashes[] = {"", "7 4", "2 3", "10 3 2 3", "4 2 1 2"};  // one per simulation of an overlay

struct History {
  std::vector<double> t, log_r;
  std::vector<Eigen::Vector3d> w;
};

History read_history(const std::vector<nlohmann::json>& records, const std::string& time) {
  History h;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::string where = "simulation record " + std::to_string(i + 1);
    const double r = number_field(records[i], "r", where);
    if (!(r >= 0.0)) throw InputError(where + ".r: must be >= 0 (got " + std::to_string(r) + ")");
    h.t.push_back(number_field(records[i], time, where));
    h.log_r.push_back(r > 0.0 ? std::log10(r) : -std::numeric_limits<double>::infinity());
    h.w.push_back(vector3_field(records[i], "w", where));
  }
  return h;
}

/// [lo, hi] of the finite values, widened when they coincide.
std::pair<double, double> finite_range(const std::vector<double>& values) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const double v : values)
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (!(hi >= lo)) return {0.0, 1.0};
  if (hi == lo) return {lo - 0.5, hi + 0.5};
  return {lo, hi};
}

/// The stick time (t) or the end of the integration in tau, when the simulation stuck.
void mark_stick(svg::Document& doc, const svg::Frame& f, const nlohmann::json& final_record, const std::string& time) {
  if (string_field(final_record, "outcome", "simulation") != "stick") return;
  const nlohmann::json& stick = field(final_record, time == "t" ? "stick_time" : "tau_end", "simulation");
  if (!stick.is_number()) return;
  const double ts = stick.get<double>();
  if (!std::isfinite(ts) || ts < f.to_x.d0 || ts > f.to_x.d1) return;
  const double x = f.to_x(ts);
  doc.line(x, f.y, x, f.y + f.height, {"black", 1.2, "none", "5 3", 1.0});
  const double s = doc.font_scale();
  std::vector<svg::Point> centres;
  for (double y = f.y + f.height - 10.0 * s; y > f.y; y -= 12.0 * s) centres.push_back({x - 22.0 * s, y});  // its box (35 s px) left of the line
  if (!svg::place_text(doc, centres, "stick", {11.0}, frame_box(f))) svg::note_dropped(doc, 1, frame_box(f));
}

/// The time axis of simulations: the option's range, else the records' (up to the stick time).
std::pair<double, double> time_range(const History& h, const nlohmann::json& final_record, const PlotOptions& options) {
  if (options.x_range) return *options.x_range;
  auto [t0, t1] = finite_range(h.t);
  const std::string end = options.time == "t" ? "stick_time" : "tau_end";
  if (field(final_record, end, "simulation").is_number()) t1 = std::max(t1, number_field(final_record, end, "simulation"));
  return {t0, t1};
}

/// The two panels of one or more simulations: w against time (each component one colour,
/// each simulation one dash style) and log10 r (each simulation one dash style), with the
/// vertical range of log10 r robust (a final plunge to the integrator's floor is clipped and
/// marked) unless --y-range gives it.
std::string draw_simulations(const std::vector<History>& histories, const std::vector<const nlohmann::json*>& finals,
                             const std::vector<std::string>& names, const PlotOptions& options, const std::string& title) {
  const std::pair<double, double> t = checked_log_x(time_range(histories.front(), *finals.front(), options), options, options.time);
  Runs r_runs;
  for (const History& h : histories) {
    r_runs.emplace_back();
    for (std::size_t i = 0; i < h.t.size(); ++i) r_runs.back().emplace_back(h.t[i], h.log_r[i]);
  }
  const auto [r0, r1] = robust_range(r_runs);
  const std::pair<double, double> r = axis_range(options.y_range, r0, r1, 0.05);

  svg::Document doc = make_document(options, "limitdir simulation: " + names.front());
  const FigureTitle heading = figure_title(doc, title, 14.0);
  Margins m = margins(doc);
  m.top += 18.0 * doc.font_scale();  // the figure's title above the panels' titles
  const double W = options.width, H = options.height, gap = 70.0 * doc.font_scale();
  std::vector<svg::LegendItem> legend;
  for (int k = 0; k < 3; ++k)
    legend.push_back({svg::LegendItem::Kind::line, {w_colours[k], 2.0, "none", "", 1.0}, "w" + std::to_string(k + 1)});
  if (histories.size() > 1)
    for (std::size_t n = 0; n < histories.size(); ++n)
      legend.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", dashes[n % std::size(dashes)], 1.0}, names[n]});
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double panel_w = (W - m.left - m.right - gap) / 2.0, panel_h = H - m.top - m.bottom - legend_h;
  draw_title(doc, m.top - 30.0 * doc.font_scale(), heading);
  check_room(doc, panel_w, panel_h);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  const svg::Frame fw = svg::axes(doc, m.left, m.top, panel_w, panel_h, {t.first, t.second, -1.05, 1.05, options.time,
                                                                          "w1, w2, w3", "slip direction w", options.log_x});
  const svg::Frame fr = svg::axes(doc, m.left + panel_w + gap, m.top, panel_w, panel_h,
                                  {t.first, t.second, r.first, r.second, options.time, "log10 r", "slip magnitude r", options.log_x});
  for (std::size_t n = 0; n < histories.size(); ++n) {
    const History& h = histories[n];
    const std::string dash = histories.size() > 1 ? dashes[n % std::size(dashes)] : "";
    for (int k = 0; k < 3; ++k) {
      std::vector<svg::Point> line;
      for (std::size_t i = 0; i < h.t.size(); ++i) line.emplace_back(h.t[i], h.w[i][k]);
      svg::data_line(doc, fw, line, {w_colours[k], 2.0, "none", dash, 1.0});
    }
    svg::data_line(doc, fr, r_runs[n], {"black", 2.0, "none", dash, 1.0});
    mark_stick(doc, fw, *finals[n], options.time);
    mark_stick(doc, fr, *finals[n], options.time);
  }
  note_clipped(doc, fr, mark_clipped(doc, fr, r_runs));
  return doc.str();
}

}  // namespace

std::string plot_simulation(const std::vector<nlohmann::json>& records, const nlohmann::json& final_record,
                            const PlotOptions& options) {
  if (records.empty()) throw InputError("simulation: no records before the final record");
  const std::string outcome = string_field(final_record, "outcome", "simulation");
  const std::string name = string_field(field(final_record, "problem", "simulation"), "name", "simulation.problem");
  const std::string title = fmt::format("{}: F = {}, {}", name, number_field(final_record, "force", "simulation"), outcome);
  return draw_simulations({read_history(records, options.time)}, {&final_record}, {name}, options, title);
}

std::string plot_simulation_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                                    const PlotOptions& options) {
  std::vector<History> histories;
  std::vector<const nlohmann::json*> finals;
  for (const PlotInput& input : inputs) {
    if (input.records.empty()) throw InputError(input.source + ": no records before the final record");
    histories.push_back(read_history(input.records, options.time));
    finals.push_back(&input.report);
  }
  return draw_simulations(histories, finals, names, options, std::to_string(inputs.size()) + " simulations");
}

}  // namespace limitdir
