// Axis ranges of the figures (plot/common.hpp, docs/manual.md section 11): robust vertical
// ranges, --x-range/--y-range/--log-y, and the marks of data clipped at a frame.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/labels.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

namespace {

/// The weighted quantile q of (value, weight) pairs sorted by value.
double quantile(const std::vector<std::pair<double, double>>& sorted, double total, double q) {
  double sum = 0.0;
  for (const auto& [v, w] : sorted) {
    sum += w;
    if (sum >= q * total) return v;
  }
  return sorted.back().first;
}

}  // namespace

svg::Document make_document(const PlotOptions& options, const std::string& title) {
  svg::Document doc(options.width, options.height, title);
  doc.set_font_scale(options.font_size / 12.0);
  doc.set_paper(options.style != "screen");
  doc.set_titled(options.style == "screen" || options.title);
  return doc;
}

Margins margins(const svg::Document& doc) {
  // smaller text keeps the usual margins on screen; a paper figure's scale with its text (a
  // 252 pt column cannot spare 70 pt for the y labels' 8 pt text)
  if (doc.paper()) {
    const double s = doc.font_scale();
    return {margin_left * s, margin_right * s, margin_top * s + doc.title_room(), margin_bottom * s};
  }
  const double s = std::max(1.0, doc.font_scale());
  return {margin_left * s, margin_right, margin_top * s + doc.title_room(), margin_bottom * s};
}

std::optional<std::pair<double, double>> full_range(const Runs& runs) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& run : runs)
    for (const auto& [x, y] : run)
      if (std::isfinite(x) && std::isfinite(y)) lo = std::min(lo, y), hi = std::max(hi, y);
  if (!(hi >= lo)) return std::nullopt;
  return std::pair{lo, hi};
}

std::pair<double, double> robust_range(const Runs& runs) {
  const auto full = full_range(runs);
  if (!full) return {0.0, 1.0};
  std::vector<std::pair<double, double>> weighted;  // (y, half the x extent of its segments)
  for (const auto& run : runs)
    for (std::size_t i = 0; i < run.size(); ++i) {
      if (!std::isfinite(run[i].first) || !std::isfinite(run[i].second)) continue;
      double w = 0.0;
      if (i > 0 && std::isfinite(run[i - 1].first)) w += std::abs(run[i].first - run[i - 1].first) / 2.0;
      if (i + 1 < run.size() && std::isfinite(run[i + 1].first)) w += std::abs(run[i + 1].first - run[i].first) / 2.0;
      weighted.emplace_back(run[i].second, w);
    }
  double total = 0.0;
  for (const auto& p : weighted) total += p.second;
  if (!(total > 0.0)) return *full;  // no horizontal extent: every point counts once
  std::sort(weighted.begin(), weighted.end());
  const double q1 = quantile(weighted, total, 0.25), q3 = quantile(weighted, total, 0.75);
  if (!(q3 > q1)) return *full;
  return {std::max(full->first, q1 - robust_fence * (q3 - q1)), std::min(full->second, q3 + robust_fence * (q3 - q1))};
}

void check_log_y(const Runs& runs, double x0, double x1, const std::string& what, const PlotOptions& options,
                 const std::string& x_name) {
  if (!options.log_y || options.y_range) return;  // a --y-range (checked above 0) leaves y <= 0 out: clipped
  for (const auto& run : runs)
    for (const auto& [x, y] : run)
      if (y <= 0.0 && x >= x0 && x <= x1)
        throw InputError(fmt::format("--log-y: {} reaches {} <= 0 at {} = {}; give a --y-range=A:B with A > 0, an "
                                     "--x-range without it, or drop --log-y", what, y, x_name, x));
}

std::pair<double, double> log_range(const Runs& runs, double x0, double x1, double padding) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (const auto& run : runs)
    for (const auto& [x, y] : run)
      if (y > 0.0 && std::isfinite(y) && x >= x0 && x <= x1) lo = std::min(lo, y), hi = std::max(hi, y);
  if (!(hi >= lo)) return {0.1, 10.0};  // nothing above 0 shown: a decade about 1
  const double span = std::log10(hi) - std::log10(lo), pad = span > 0.0 ? padding * span : 0.5;
  return {lo / std::pow(10.0, pad), hi * std::pow(10.0, pad)};
}

std::pair<double, double> checked_log_x(std::pair<double, double> x, const PlotOptions& options, const std::string& name) {
  check_log_y_range(options);
  if (!options.log_x || x.first > 0.0) return x;
  if (options.x_range)
    throw InputError(fmt::format("--x-range: must lie above 0 on the logarithmic axis {} of --log-x (got {}:{})", name,
                                 x.first, x.second));
  throw InputError(fmt::format("--log-x: the axis {} reaches {} <= 0; give an --x-range=A:B with A > 0 or drop --log-x",
                               name, x.first));
}

void check_log_y_range(const PlotOptions& options) {
  if (options.log_y && options.y_range && !(options.y_range->first > 0.0))
    throw InputError(fmt::format("--y-range: must lie above 0 on the logarithmic vertical axis of --log-y (got {}:{})",
                                 options.y_range->first, options.y_range->second));
}

std::pair<double, double> axis_range(const std::optional<std::pair<double, double>>& given, double lo, double hi,
                                     double padding) {
  if (given) return *given;
  if (!(hi > lo)) return {lo - 0.5, lo + 0.5};
  const double pad = padding * (hi - lo);
  return {lo - pad, hi + pad};
}

std::pair<int, int> mark_clipped(svg::Document& doc, const svg::Frame& frame, const Runs& runs) {
  const double size = 5.0 * doc.marker_scale();  // px on screen, half the base of a triangle
  std::pair<int, int> count{0, 0};
  doc.begin_group("", "clipped");
  for (const auto& run : runs) {
    int side = 0;  // of the previous point: -1 below, +1 above, 0 inside (or outside in x)
    for (const auto& [x, y] : run) {
      const bool shown_x = std::isfinite(x) && x >= frame.to_x.d0 && x <= frame.to_x.d1 && std::isfinite(y);
      const int here = !shown_x ? 0 : !(y >= frame.to_y.d0) ? -1 : y > frame.to_y.d1 ? 1 : 0;
      if (here != 0 && here != side) {
        // the tip on the frame edge, the base inside: it points the way the data went
        const double px = frame.to_x(x), tip = here < 0 ? frame.y + frame.height : frame.y;
        const double base = here < 0 ? tip - 2.0 * size : tip + 2.0 * size;
        doc.polygon({{px - size, base}, {px + size, base}, {px, tip}}, {"#b00000", 1.0, "#b00000", "", 1.0});
        (here < 0 ? count.first : count.second) += 1;
      }
      side = here;
    }
  }
  doc.end_group();
  return count;
}

void note_clipped(svg::Document& doc, const svg::Frame& frame, std::pair<int, int> clipped) {
  if (clipped.first + clipped.second == 0) return;
  std::string note = "red triangles: data clipped";
  if (clipped.first > 0) note += fmt::format(" below {:.3g}", frame.to_y.d0);
  if (clipped.second > 0) note += std::string(clipped.first > 0 ? " and" : "") + fmt::format(" above {:.3g}", frame.to_y.d1);
  const svg::Box area = frame_box(frame);
  std::vector<svg::Point> centres;
  const double h = 14.0 * doc.font_scale();
  for (double y = area.y + area.h - 2.0 * h; y > area.y + h; y -= h) centres.push_back({area.x + area.w / 2.0, y});
  if (!svg::place_text(doc, centres, note, {10.0, "middle", "#b00000"}, area)) svg::note_dropped(doc, 1, area);
}

void check_room(const svg::Document& doc, double frame_w, double frame_h) {
  if (frame_w < min_frame_side || frame_h < min_frame_side)
    throw InputError(fmt::format("the {:g} x {:g} px figure leaves a plot frame of {:.0f} x {:.0f} px (less than {:g}) "
                                 "beside its text; enlarge --width/--height or lower --font-size",
                                 doc.width(), doc.height(), std::max(0.0, frame_w), std::max(0.0, frame_h), min_frame_side));
}

svg::Box frame_box(const svg::Frame& frame) { return {frame.x, frame.y, frame.width, frame.height}; }

}  // namespace limitdir::plot_detail
