// The time-history panels shared by the figures of roll and celt reports (plot/time_panels.hpp).
#include "plot/time_panels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double panel_gap = 75.0;     // px between panels: room for the next panel's tick and axis labels
constexpr double legend_drop = 4.0;    // px between the figure's bottom and the legend's last row
constexpr double char_width = 0.62;    // width of a character of the sans-serif font, in units of its size (wide: "m", "_")

}  // namespace

std::vector<double> number_column(const nlohmann::json& document, const std::string& key, const std::string& where,
                                  std::size_t size) {
  const nlohmann::json& column = array_field(document, key, where);
  if (column.empty()) throw InputError(where + "." + key + ": must not be empty");
  if (size != 0 && column.size() != size)
    throw InputError(where + "." + key + ": must have " + std::to_string(size) + " entries, as t has (got " +
                     std::to_string(column.size()) + ")");
  std::vector<double> values;
  values.reserve(column.size());
  for (std::size_t i = 0; i < column.size(); ++i) {
    if (!column[i].is_number() || !std::isfinite(column[i].get<double>()))
      throw InputError(where + "." + key + "[" + std::to_string(i) + "]: must be a finite number (got " +
                       detail::show(column[i]) + ")");
    values.push_back(column[i].get<double>());
  }
  return values;
}

std::pair<double, double> panel_range(const Panel& panel) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Series& s : panel.series)
    for (const double v : s.values) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (!(hi >= lo)) return {0.0, 1.0};
  if (hi == lo) return {lo - 0.5, hi + 0.5};
  const double pad = 0.05 * (hi - lo);
  if (!std::isfinite(hi - lo + 2.0 * pad)) throw InputError("the values of " + panel.y_label + " span more than a double");
  return {lo - pad, hi + pad};
}

namespace {

// The legend of one panel: its labelled series and overlays (a series with an empty label is
// drawn with the entry before it, e.g. one "closed form").
std::vector<svg::LegendItem> panel_legend(const Panel& panel) {
  std::vector<svg::LegendItem> legend;
  for (const auto* list : {&panel.series, &panel.overlays})
    for (const Series& s : *list)
      if (!s.label.empty()) legend.push_back({svg::LegendItem::Kind::line, s.style, s.label});
  return legend;
}

}  // namespace

std::vector<svg::Frame> draw_panels(svg::Document& doc, double top, const std::vector<double>& t, double t0, double t1,
                                    const std::vector<Panel>& panels) {
  const double n = static_cast<double>(panels.size());
  const double panel_w = (doc.width() - margin_left - margin_right - (n - 1.0) * panel_gap) / n;
  // each panel's legend in rows under it (svg::legend_rows), at most max_legend of the height
  std::vector<std::vector<svg::LegendItem>> legends;
  double legend_h = 0.0;
  for (const Panel& panel : panels) {
    legends.push_back(svg::fit_legend(panel_legend(panel), panel_w, doc.font_scale(), max_legend * doc.height()));
    legend_h = std::max(legend_h, svg::legend_height(legends.back(), panel_w, doc.font_scale()));
  }
  const double panel_h = doc.height() - top - margin_bottom - legend_h - legend_drop;
  if (!(panel_h > 0.0)) throw InputError("the figure is too small for its panels; give a larger --height");
  std::vector<svg::Frame> frames;
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const Panel& panel = panels[p];
    const auto [y0, y1] = panel_range(panel);
    const double x = margin_left + static_cast<double>(p) * (panel_w + panel_gap);
    frames.push_back(svg::axes(doc, x, top, panel_w, panel_h, {t0, t1, y0, y1, "t [s]", panel.y_label, ""}));
    const auto draw = [&](const std::vector<double>& times, const Series& s) {
      std::vector<svg::Point> line;
      for (std::size_t i = 0; i < times.size() && i < s.values.size(); ++i) line.emplace_back(times[i], s.values[i]);
      doc.begin_group("", "series " + s.key);
      svg::data_line(doc, frames.back(), line, s.style);
      doc.end_group();
    };
    for (const Series& s : panel.series) draw(t, s);
    for (const Series& s : panel.overlays) draw(panel.overlay_t, s);
    svg::legend_rows(doc, x, doc.height() - legend_drop - legend_h, panel_w, legends[p]);
  }
  return frames;
}

void time_marks(svg::Document& doc, const svg::Frame& frame, const std::vector<double>& times, const svg::Style& style) {
  for (const double ts : times) {
    if (!std::isfinite(ts) || ts < frame.to_x.d0 || ts > frame.to_x.d1) continue;
    const double x = frame.to_x(ts);
    doc.line(x, frame.y, x, frame.y + frame.height, style);
  }
}

std::string fitted(const std::string& text, double width, double size) {
  const auto room = static_cast<std::size_t>(std::max(4.0, width / (char_width * size)));
  return text.size() <= room ? text : text.substr(0, room - 3) + "...";
}

}  // namespace limitdir::plot_detail
