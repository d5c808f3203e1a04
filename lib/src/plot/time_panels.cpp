// The time-history panels shared by the figures of roll and celt reports (plot/time_panels.hpp,
// docs/manual.md section 11).
#include "plot/time_panels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "plot/common.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double panel_gap = 75.0;    // px between panels: room for the next panel's tick and axis labels
constexpr double legend_drop = 4.0;   // px between the figure's bottom and the legend's last row
constexpr double title_size = 14.0;   // px, the figure's title (bold)
constexpr double line_size = 12.0;    // px, the lines of text under it
constexpr double line_pitch = 18.0;   // px between their baselines (1.5 lines of 12 px)
constexpr double below_lines = 16.0;  // px from the last baseline to the panels' top (a frame's top tick label reaches 6 px above it)
constexpr double log_padding = 0.05;  // of the span in log10 on a log axis, as padded_range pads a linear one

/// The time axis: --x-range, else [min, max] over the figure's and every series' own times.
std::pair<double, double> time_range(const PanelFigure& figure, const PlotOptions& options) {
  if (options.x_range) return *options.x_range;
  double t0 = std::numeric_limits<double>::infinity(), t1 = -t0;
  const auto extend = [&](const std::vector<double>& t) {
    for (const double v : t) t0 = std::min(t0, v), t1 = std::max(t1, v);
  };
  extend(figure.t);
  for (const Panel& p : figure.panels)
    for (const Series& s : p.series) extend(s.t);
  if (!(t1 >= t0)) return {0.0, 1.0};
  if (t1 == t0) return {t0, t0 + 1.0};  // a single sample: a unit interval, as nice_ticks widens
  return {t0, t1};
}

/// The polyline `line` (t increasing) cut to t in [t0, t1]: the points inside, and where a
/// segment crosses t0 or t1 its point there (linear interpolation); a NaN breaks the line where it
/// leaves the range.
std::vector<svg::Point> cropped(const std::vector<svg::Point>& line, double t0, double t1) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<svg::Point> out;
  const auto inside = [&](const svg::Point& p) { return std::isfinite(p.second) && p.first >= t0 && p.first <= t1; };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const svg::Point& p = line[i];
    if (i > 0) {
      const svg::Point& q = line[i - 1];
      const double a = std::min(q.first, p.first), b = std::max(q.first, p.first);
      for (const double edge : q.first <= p.first ? std::vector{t0, t1} : std::vector{t1, t0})
        if (a < edge && edge < b && std::isfinite(q.second) && std::isfinite(p.second))
          out.push_back({edge, q.second + (p.second - q.second) * (edge - q.first) / (p.first - q.first)});
    }
    if (inside(p)) out.push_back(p);
    else if (!out.empty() && std::isfinite(out.back().first)) out.push_back({nan, nan});
  }
  return out;
}

/// The line of a series over its times.
std::vector<svg::Point> series_line(const Series& s, const std::vector<double>& figure_t) {
  const std::vector<double>& t = s.t.empty() ? figure_t : s.t;
  std::vector<svg::Point> line;
  for (std::size_t i = 0; i < t.size() && i < s.values.size(); ++i) line.emplace_back(t[i], s.values[i]);
  return line;
}

/// The legend of one panel: its own, else its labelled series.
std::vector<svg::LegendItem> panel_legend(const Panel& panel) {
  if (!panel.legend.empty()) return panel.legend;
  std::vector<svg::LegendItem> legend;
  for (const Series& s : panel.series)
    if (!s.label.empty()) legend.push_back({svg::LegendItem::Kind::line, s.style, s.label});
  return legend;
}

/// The vertical range of `runs` (those that set it), padded by 5 % of its span (a single value:
/// +-0.5 about it).
std::pair<double, double> padded_range(const Runs& runs, const std::string& what) {
  const auto full = full_range(runs);
  if (!full) return {0.0, 1.0};
  const auto [lo, hi] = *full;
  if (hi == lo) return {lo - 0.5, hi + 0.5};
  const double pad = 0.05 * (hi - lo);
  if (!std::isfinite(hi - lo + 2.0 * pad)) throw InputError("the values of " + what + " span more than a double");
  return {lo - pad, hi + pad};
}

/// Which panels are drawn: all, or the one --panel names.
std::vector<std::size_t> shown_panels(const PanelFigure& figure, const PlotOptions& options) {
  const std::size_t n = figure.panels.size();
  if (options.panel > static_cast<int>(n))
    throw InputError(fmt::format("--panel: this figure has {} panel{} (got {})", n, n == 1 ? "" : "s", options.panel));
  if (options.panel > 0) return {static_cast<std::size_t>(options.panel - 1)};
  if (options.y_range && n > 1)
    throw InputError(fmt::format("--y-range: this figure has {} panels with different vertical axes; give --panel K "
                                 "(1..{}) to draw the one it applies to", n, n));
  std::vector<std::size_t> all(n);
  for (std::size_t k = 0; k < n; ++k) all[k] = k;
  return all;
}

/// Draws the title and lines of text; returns the top of the panels.
double draw_heading(svg::Document& doc, const PanelFigure& figure) {
  const double s = doc.font_scale(), W = doc.width();
  const FigureTitle title = figure_title(doc, figure.title, title_size);
  double y = line_pitch * s + doc.title_room();  // the lines below the title (or from the top without one)
  draw_title(doc, y, title);
  for (const std::string& line : figure.lines) {  // each wrapped whole, never cut
    const FigureTitle wrapped = wrapped_text(doc, line, line_size, W - 20.0, false);
    for (const std::string& piece : wrapped.lines) {
      y += line_pitch * s * wrapped.size / line_size;
      doc.text(W / 2.0, y, piece, {wrapped.size, "middle", "#333333"});
    }
  }
  return y + below_lines * s;
}

/// Draws one panel in `box`: its frame over [t.first, t.second], its series, and with --y-range
/// the marks of data clipped at the frame; returns the frame.
svg::Frame draw_panel(svg::Document& doc, const PanelFigure& figure, const Panel& panel, const svg::Box& box,
                      std::pair<double, double> t, const PlotOptions& options) {
  std::vector<Runs> lines;  // one run per series
  Runs ranged;
  for (const Series& s : panel.series) {
    Runs run{series_line(s, figure.t)};
    check_log_y(run, t.first, t.second, s.label.empty() ? s.key : s.label, options, "t");
    if (options.x_range) run.front() = cropped(run.front(), t.first, t.second);
    if (s.sets_range) ranged.push_back(run.front());
    lines.push_back(std::move(run));
  }
  const auto [y0, y1] = options.y_range ? *options.y_range
                        : options.log_y ? log_range(ranged, t.first, t.second, log_padding)
                                        : padded_range(ranged, panel.y_label);
  const svg::Frame frame = svg::axes(doc, box.x, box.y, box.w, box.h,
                                     {t.first, t.second, y0, y1, "t [s]", panel.y_label, "", options.log_x, options.log_y});
  for (std::size_t k = 0; k < panel.series.size(); ++k) {
    doc.begin_group("", "series " + panel.series[k].key);
    svg::data_line(doc, frame, lines[k].front(), panel.series[k].style);
    doc.end_group();
  }
  if (options.y_range) {
    Runs all;
    for (const Runs& r : lines) all.push_back(r.front());
    note_clipped(doc, frame, mark_clipped(doc, frame, all));
  }
  return frame;
}

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

std::vector<ShownPanel> draw_panels(svg::Document& doc, const PanelFigure& figure, const PlotOptions& options) {
  const std::vector<std::size_t> shown = shown_panels(figure, options);
  const std::pair<double, double> t = checked_log_x(time_range(figure, options), options, "t");
  const double s = doc.font_scale(), W = doc.width(), H = doc.height(), n = static_cast<double>(shown.size());
  const Margins m = margins(doc);
  const double top = draw_heading(doc, figure), gap = panel_gap * s;
  const double panel_w = (W - m.left - m.right - (n - 1.0) * gap) / n;
  // each panel's legend in rows under it, the figure's across the width, at most max_legend of the height each
  std::vector<std::vector<svg::LegendItem>> legends;
  double legend_h = 0.0;
  for (const std::size_t k : shown) {
    legends.push_back(svg::fit_legend(doc, panel_legend(figure.panels[k]), std::max(panel_w, 1.0), max_legend * H));
    legend_h = std::max(legend_h, svg::legend_height(doc, legends.back(), std::max(panel_w, 1.0)));
  }
  const double wide = W - m.left - m.right;
  const std::vector<svg::LegendItem> common = svg::fit_legend(doc, figure.legend, wide, max_legend * H);
  const double common_h = svg::legend_height(doc, common, wide);
  const double panel_h = H - top - m.bottom - legend_h - common_h - legend_drop;
  check_room(doc, panel_w, panel_h);
  std::vector<ShownPanel> frames;
  for (std::size_t p = 0; p < shown.size(); ++p) {
    const double x = m.left + static_cast<double>(p) * (panel_w + gap);
    frames.push_back({shown[p], draw_panel(doc, figure, figure.panels[shown[p]], {x, top, panel_w, panel_h}, t, options)});
    svg::legend_rows(doc, x, H - legend_drop - common_h - legend_h, panel_w, legends[p]);
  }
  if (!common.empty()) svg::legend_rows(doc, m.left, H - legend_drop - common_h, wide, common);
  return frames;
}

PlotOptions taller(const PlotOptions& options, double px) {
  PlotOptions grown = options;
  if (px > 0.0) grown.height += static_cast<int>(std::ceil(px));
  return grown;
}

svg::Document panel_document(const PanelFigure& figure, const PlotOptions& options, const std::string& title) {
  if (options.style == "screen") return make_document(options, title);
  svg::Document trial = make_document(options, title);
  double shortfall = 0.0;
  for (const ShownPanel& p : draw_panels(trial, figure, options))
    shortfall = std::max(shortfall, svg::y_label_shortfall(trial, figure.panels[p.index].y_label, p.frame.height));
  return make_document(taller(options, shortfall), title);
}

void time_marks(svg::Document& doc, const svg::Frame& frame, const std::vector<double>& times, const svg::Style& style) {
  for (const double ts : times) {
    if (!std::isfinite(ts) || ts < frame.to_x.d0 || ts > frame.to_x.d1) continue;
    const double x = frame.to_x(ts);
    doc.line(x, frame.y, x, frame.y + frame.height, style);
  }
}

}  // namespace limitdir::plot_detail
