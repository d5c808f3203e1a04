#pragma once
// Internal: what the time-history figures of the rolling sphere (roll.cpp) and the Celtic stone
// (celt.cpp) share (docs/manual.md section 11): numeric columns read from a report with one-line
// InputErrors, a figure of panels of several series against t side by side (a title and lines of
// text above, a legend under each panel and one across the figure), the options --x-range (the
// time shown in every panel), --panel (one panel alone), --y-range (one panel's vertical axis),
// --log-y and --font-size applied to them, and vertical marks at given times.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

/// document[key]: a non-empty array of finite numbers, of `size` entries when size != 0;
/// InputError "<where>.<key>: ..." otherwise.
std::vector<double> number_column(const nlohmann::json& document, const std::string& key, const std::string& where,
                                  std::size_t size = 0);

/// One line of a panel: values over its times, a legend label, its stroke. `key` names it for
/// tests: its polylines are in a <g class="series KEY">.
struct Series {
  std::string key;
  std::string label;
  std::vector<double> values;
  svg::Style style;
  /// Its times; empty: the figure's t.
  std::vector<double> t = {};
  /// false: drawn over the data without setting the vertical range (a closed form).
  bool sets_range = true;
};

/// A panel: its series and the vertical axis label; its legend (empty: one line entry for each
/// series with a label).
struct Panel {
  std::string y_label;
  std::vector<Series> series;
  std::vector<svg::LegendItem> legend = {};
};

/// A figure of panels: its title (bold) and lines of text above the panels, the series' times
/// (unless their own), the panels, and a legend across the figure under the panels' (an
/// overlay's reports).
struct PanelFigure {
  std::string title;
  std::vector<std::string> lines;
  std::vector<double> t;
  std::vector<Panel> panels;
  std::vector<svg::LegendItem> legend = {};
};

/// A panel drawn: its index in PanelFigure::panels and its frame.
struct ShownPanel {
  std::size_t index;
  svg::Frame frame;
};

/// Draws the figure's title and lines, and its panels side by side (only panel options.panel
/// with --panel), each over the time range (--x-range, else that of every series' times, the
/// lines cut at its ends) and on the vertical range of its data in that time range padded by
/// 5 % (--y-range when one panel is shown; with --log-y a logarithmic axis padded by 5 % of its
/// span in log10, and with --log-x a logarithmic time axis), with its legend under it. InputError
/// (one line) for --panel beyond the panels, --y-range with several panels shown, a time range
/// reaching 0 with --log-x, and with --log-y a value <= 0 in the time range (naming the series and
/// the time) unless a --y-range above 0 leaves it out.
std::vector<ShownPanel> draw_panels(svg::Document& doc, const PanelFigure& figure, const PlotOptions& options);

/// `options` with the figure `px` (rounded up) higher when px > 0: the paper styles' room for a
/// text that would otherwise shrink below svg::paper_least_size (a journal fixes a column's
/// width, not a figure's height; docs/manual.md section 11, "Paper style").
PlotOptions taller(const PlotOptions& options, double px);

/// The document of `figure` (make_document titled `title`), in the paper styles grown in height
/// until every shown panel's y label fits along its frame at svg::paper_least_size (the panels
/// drawn first on a trial document: their height is the figure's less a fixed part).
svg::Document panel_document(const PanelFigure& figure, const PlotOptions& options, const std::string& title);

/// A dashed vertical line at each time in `times` inside the frame's t range.
void time_marks(svg::Document& doc, const svg::Frame& frame, const std::vector<double>& times, const svg::Style& style);

}  // namespace limitdir::plot_detail
