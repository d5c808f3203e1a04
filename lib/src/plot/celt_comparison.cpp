// The model comparison of Sect. 4 [Awrejcewicz & Kudra, Celtic stone] (limitdir.celt-report/1 of
// kind "comparison", celt --compare, docs/manual.md sections 11-12): for each fitted model its
// cost (right-hand sides evaluated) against the paper's objective, the mean square deviation of
// omega from W1's, both on log10 axes, each point labelled with its model and deviation; W1, the
// reference (deviation 0 by definition), a dashed vertical line at its cost. A model whose cost
// or deviation is 0 has no logarithm: it is listed under the frame instead.
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

constexpr double top = 56.0;   // px: the frame starts below the title and one line of text
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
std::pair<double, double> log_range(const std::vector<double>& values) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const double v : values)
    if (v > 0.0) {
      lo = std::min(lo, std::log10(v));
      hi = std::max(hi, std::log10(v));
    }
  if (!(hi >= lo)) return {0.0, 1.0};
  return {lo - pad, hi + pad};
}

}  // namespace

std::string plot_celt_comparison(const nlohmann::json& report, const PlotOptions& options) {
  const std::vector<ModelPoint> points = read_models(report);
  std::vector<double> costs, deviations;
  for (const ModelPoint& p : points) {
    costs.push_back(p.cost);
    if (p.model != "W1") deviations.push_back(p.deviation);
  }
  const auto [x0, x1] = log_range(costs);
  const auto [y0, y1] = log_range(deviations);
  const double W = options.width, H = options.height;
  const std::string name = string_field(field(report, "problem", "celt"), "name", "celt.problem");
  svg::Document doc(W, H, "limitdir celt comparison: " + name);
  doc.text(W / 2.0, 18.0, fitted(name, W - 20.0, 14.0), {14.0, "middle", "black", 0.0, true});
  doc.text(W / 2.0, 36.0, fitted("the models of Sect. 4 from one start: cost against the mean square deviation of omega from W1", W - 20.0, 12.0),
           {12.0, "middle"});
  const svg::Frame f = svg::axes(doc, margin_left, top, W - margin_left - margin_right, H - top - margin_bottom - 20.0,
                                 {x0, x1, y0, y1, "log10 right-hand sides evaluated", "log10 mean square deviation [rad^2/s^2]", ""});
  std::string left_out;
  struct Label {
    double x, y;
    std::string text, colour;
  };
  std::vector<Label> labels;  // outside the clip: towards the frame's middle, so that they stay inside
  doc.begin_group(f.clip_id, "models");
  for (std::size_t k = 0; k < points.size(); ++k) {
    const ModelPoint& p = points[k];
    const std::string colour = model_colours[k % 5];
    if (p.model == "W1" && p.cost > 0.0) {
      const double x = f.to_x(std::log10(p.cost));
      doc.line(x, f.y, x, f.y + f.height, {colour, 1.2, "none", "6 4", 1.0});
      doc.text(x + 4.0, f.y + 14.0, "W1 (the reference)", {11.0, "start", colour});
    } else if (p.cost > 0.0 && p.deviation > 0.0) {
      const auto [px, py] = f.pixel(std::log10(p.cost), std::log10(p.deviation));
      doc.circle(px, py, 5.0, {colour, 1.2, colour, "", 1.0}, "data-model=\"" + svg::escape(p.model) + "\"");
      labels.push_back({px, py, fmt::format("{} {:.3g}", p.model, p.deviation), colour});
    } else {
      left_out += (left_out.empty() ? "" : ", ") + p.model;
    }
  }
  doc.end_group();
  for (const Label& l : labels) {
    const bool right_half = l.x > f.x + f.width / 2.0;
    doc.text(l.x + (right_half ? -8.0 : 8.0), l.y + 4.0, l.text, {12.0, right_half ? "end" : "start", l.colour});
  }
  if (!left_out.empty()) doc.text(margin_left, H - 8.0, "cost or deviation 0, not on the log axes: " + left_out, {11.0});
  return doc.str();
}

}  // namespace limitdir
