// The model comparison of Sect. 4 [Awrejcewicz & Kudra, Celtic stone] (limitdir.celt-report/1 of
// kind "comparison", celt --compare, docs/manual.md sections 11-12): for each fitted model its
// cost (right-hand sides evaluated) against the paper's objective, the mean square deviation of
// omega from W1's, both on log10 axes, each point labelled with its model and deviation; W1, the
// reference (deviation 0 by definition), a dashed vertical line at its cost. A model whose cost
// or deviation is 0 has no logarithm: it is listed under the frame instead.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/time_panels.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

constexpr double pad = 0.15;   // decades of room about the points, for their labels
const char* const model_colours[] = {"#1f63d4", "#d62728", "#2ca02c", "#8e44ad", "#8c564b"};

struct ModelPoint {
  std::string model;
  double cost, deviation;
};

std::vector<ModelPoint> read_models(const json& report) {
  const json& models = array_field(report, "models", "celt");
  std::vector<ModelPoint> points;
  for (std::size_t k = 0; k < models.size(); ++k) {
    const std::string where = "celt.models[" + std::to_string(k) + "]";
    ModelPoint p{string_field(models[k], "model", where), number_field(models[k], "rhs_evaluations", where),
                 number_field(models[k], "mean_square_deviation", where)};
    if (!(p.cost >= 0.0) || !(p.deviation >= 0.0))
      throw InputError(where + ": rhs_evaluations and mean_square_deviation must be >= 0");
    points.push_back(p);
  }
  if (points.empty()) throw InputError("celt.models: must not be empty");
  return points;
}

/// [lo - pad, hi + pad] of the values' log10 over the positive ones.
std::pair<double, double> celt_log_range(const std::vector<double>& values) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const double v : values)
    if (v > 0.0) {
      lo = std::min(lo, std::log10(v));
      hi = std::max(hi, std::log10(v));
    }
  if (!(hi >= lo)) return {0.0, 1.0};
  return {lo - pad, hi + pad};
}

/// Draws each model in the frame: W1 a dashed vertical line at its cost (labelled), the others
/// circles labelled with their model and deviation (placed clear of each other, plot/labels.hpp);
/// returns the notes under the frame: the models with no logarithm and those outside the axes.
std::string draw_models(svg::Document& doc, const svg::Frame& f, const std::vector<ModelPoint>& points) {
  const auto inside = [](double v, const svg::LinearMap& map) { return v >= map.d0 && v <= map.d1; };
  const auto add = [](std::string& list, const std::string& model) { list += (list.empty() ? "" : ", ") + model; };
  std::string no_log, outside;
  std::vector<std::size_t> circled;
  std::optional<std::size_t> reference;
  doc.begin_group(f.clip_id, "models");
  for (std::size_t k = 0; k < points.size(); ++k) {
    const ModelPoint& p = points[k];
    const std::string colour = model_colours[k % 5];
    if (!(p.cost > 0.0 && (p.model == "W1" || p.deviation > 0.0))) {
      add(no_log, p.model);
    } else if (p.model == "W1" && inside(std::log10(p.cost), f.to_x)) {
      const double x = f.to_x(std::log10(p.cost));
      doc.line(x, f.y, x, f.y + f.height, {colour, 1.2, "none", "6 4", 1.0});
      reference = k;
    } else if (p.model != "W1" && inside(std::log10(p.cost), f.to_x) && inside(std::log10(p.deviation), f.to_y)) {
      const svg::Point at = f.pixel(std::log10(p.cost), std::log10(p.deviation));
      doc.circle(at.first, at.second, 5.0, {colour, 1.2, colour, "", 1.0}, "data-model=\"" + svg::escape(p.model) + "\"");
      svg::reserve_marker(doc, at, 5.0);
      circled.push_back(k);
    } else {
      add(outside, p.model);
    }
  }
  doc.end_group();
  int dropped = 0;
  for (const std::size_t k : circled)
    if (!svg::place_marker_label(doc, f.pixel(std::log10(points[k].cost), std::log10(points[k].deviation)), 5.0,
                                 fmt::format("{} {:.3g}", points[k].model, points[k].deviation),
                                 {11.0, "middle", model_colours[k % 5]}, frame_box(f)))
      ++dropped;
  if (reference) {  // beside its line, at the top or the bottom of the frame
    const double x = f.to_x(std::log10(points[*reference].cost)), s = doc.font_scale(), half = 62.0 * s;
    const std::vector<svg::Point> centres{{x + half, f.y + 10.0 * s}, {x - half, f.y + 10.0 * s},
                                          {x + half, f.y + f.height - 10.0 * s}, {x - half, f.y + f.height - 10.0 * s}};
    if (!svg::place_text(doc, centres, "W1 (the reference)", {11.0, "middle", model_colours[*reference % 5]}, frame_box(f)))
      ++dropped;
  }
  svg::note_dropped(doc, dropped, frame_box(f));
  std::string notes = no_log.empty() ? "" : "cost or deviation 0, not on the log axes: " + no_log;
  if (!outside.empty()) notes += (notes.empty() ? "" : "; ") + std::string("outside the axes' ranges: ") + outside;
  return notes;
}

}  // namespace

std::string plot_celt_comparison(const nlohmann::json& report, const PlotOptions& options) {
  if (options.log_y || options.log_x)
    throw InputError(std::string(options.log_y ? "--log-y" : "--log-x") +
                     ": does not apply to a celt model comparison (its axes are already log10)");
  if (options.panel != 0) throw InputError("--panel: a celt model comparison has one frame");
  const std::vector<ModelPoint> points = read_models(report);
  std::vector<double> costs, deviations;
  for (const ModelPoint& p : points) {
    costs.push_back(p.cost);
    if (p.model != "W1") deviations.push_back(p.deviation);
  }
  // --x-range/--y-range: in the axes' units, log10 of the cost and of the deviation
  const auto [x0, x1] = options.x_range.value_or(celt_log_range(costs));
  const auto [y0, y1] = options.y_range.value_or(celt_log_range(deviations));
  const std::string name = string_field(field(report, "problem", "celt"), "name", "celt.problem");
  svg::Document doc = make_document(options, "limitdir celt comparison: " + name);
  const double W = options.width, H = options.height, s = doc.font_scale();
  const Margins m = margins(doc);
  const std::string line = "the models of Sect. 4 from one start: cost against the mean square deviation of omega from W1";
  const FigureTitle title = figure_title(doc, name, 14.0);
  const double room = doc.title_room();  // the title's lines beyond one (negative: none)
  draw_title(doc, 18.0 * s + room, title);
  const FigureTitle wrapped = wrapped_text(doc, line, 12.0, W - 20.0, false);  // whole, on as many lines as it needs
  const double pitch = 18.0 * s * wrapped.size / 12.0;                           // px: 1.5 lines
  double y = 36.0 * s + room - pitch;
  for (const std::string& piece : wrapped.lines) doc.text(W / 2.0, y += pitch, piece, {wrapped.size, "middle"});
  const double top = y + 20.0 * s;  // px: the frame below the lines
  const std::string y_label = "log10 mean square deviation [rad^2/s^2]";
  const auto frame = [&](svg::Document& d, double note_h) {  // the notes' lines under it
    check_room(d, W - m.left - m.right, H - top - m.bottom - note_h);
    return svg::axes(d, m.left, top, W - m.left - m.right, H - top - m.bottom - note_h,
                     {x0, x1, y0, y1, "log10 right-hand sides evaluated", y_label, ""});
  };
  // the notes (the models off the axes) depend on the ranges alone: found on a copy of the figure,
  // then wrapped whole under the frame, which leaves their lines the room
  svg::Document trial = doc;
  const std::string notes = draw_models(trial, frame(trial, 20.0 * s), points);
  const FigureTitle note_lines = notes.empty() ? FigureTitle{} : wrapped_text(doc, notes, 11.0, W - m.left - 4.0, false);
  const double note_pitch = 16.5 * s * note_lines.size / 11.0;  // px: 1.5 lines
  const double extra = note_lines.lines.empty() ? 0.0 : note_pitch * static_cast<double>(note_lines.lines.size() - 1);
  // the paper styles: the figure grown (drawn anew) until the y label fits along the frame at
  // svg::paper_least_size (the frame's height grows by as much as the figure's)
  const double shortfall = svg::y_label_shortfall(doc, y_label, H - top - m.bottom - 20.0 * s - extra);
  if (shortfall > 0.0) return plot_celt_comparison(report, taller(options, shortfall));
  draw_models(doc, frame(doc, 20.0 * s + extra), points);
  double yn = H - 6.0 * s - extra - note_pitch;
  for (const std::string& piece : note_lines.lines) doc.text(m.left, yn += note_pitch, piece, {note_lines.size});
  return doc.str();
}

}  // namespace limitdir
