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
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double gap = 70.0;  // px between the two panels
const char* const w_colours[] = {"#1f63d4", "#d62728", "#2ca02c"};

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
  doc.text(x - 4.0, f.y + f.height - 6.0, "stick", {11.0, "end"});
}

}  // namespace

std::string plot_simulation(const std::vector<nlohmann::json>& records, const nlohmann::json& final_record,
                            const PlotOptions& options) {
  if (records.empty()) throw InputError("simulation: no records before the final record");
  const std::string& time = options.time;
  const History h = read_history(records, time);
  auto [t0, t1] = finite_range(h.t);
  const std::string end = time == "t" ? "stick_time" : "tau_end";
  if (field(final_record, end, "simulation").is_number()) t1 = std::max(t1, number_field(final_record, end, "simulation"));
  const auto [r0, r1] = finite_range(h.log_r);
  const std::string outcome = string_field(final_record, "outcome", "simulation");
  const std::string name = string_field(field(final_record, "problem", "simulation"), "name", "simulation.problem");

  const double W = options.width, H = options.height;
  svg::Document doc(W, H, "limitdir simulation: " + name);
  const double panel_w = (W - margin_left - margin_right - gap) / 2.0;
  const double panel_h = H - margin_top - margin_bottom - 20.0;
  const std::string title = fmt::format("{}: F = {}, {}", name, number_field(final_record, "force", "simulation"),
                                        outcome);
  const svg::Frame fw = svg::axes(doc, margin_left, margin_top, panel_w, panel_h,
                                  {t0, t1, -1.05, 1.05, time, "w1, w2, w3", title});
  for (int k = 0; k < 3; ++k) {
    std::vector<svg::Point> line;
    for (std::size_t i = 0; i < h.t.size(); ++i) line.emplace_back(h.t[i], h.w[i][k]);
    svg::data_line(doc, fw, line, {w_colours[k], 2.0, "none", "", 1.0});
    svg::legend_entry(doc, margin_left + 70.0 * k, H - 8.0, {w_colours[k], 2.0, "none", "", 1.0},
                      "w" + std::to_string(k + 1));
  }
  mark_stick(doc, fw, final_record, time);
  const double pad = 0.05 * (r1 - r0);
  const svg::Frame fr = svg::axes(doc, margin_left + panel_w + gap, margin_top, panel_w, panel_h,
                                  {t0, t1, r0 - pad, r1 + pad, time, "log10 r", "slip magnitude r"});
  std::vector<svg::Point> line;
  for (std::size_t i = 0; i < h.t.size(); ++i) line.emplace_back(h.t[i], h.log_r[i]);
  svg::data_line(doc, fr, line, {"black", 2.0, "none", "", 1.0});
  mark_stick(doc, fr, final_record, time);
  return doc.str();
}

}  // namespace limitdir
