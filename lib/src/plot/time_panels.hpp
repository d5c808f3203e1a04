#pragma once
// Internal: what the time-history figures of the rolling sphere (roll.cpp) and the Celtic stone
// (celt.cpp) share (docs/manual.md section 11): numeric columns read from a report with one-line
// InputErrors, panels of several series against t side by side with a legend under each, and
// vertical marks at given times.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

/// document[key]: a non-empty array of finite numbers, of `size` entries when size != 0;
/// InputError "<where>.<key>: ..." otherwise.
std::vector<double> number_column(const nlohmann::json& document, const std::string& key, const std::string& where,
                                  std::size_t size = 0);

/// One line of a panel: values over the panel's t, a legend label, its stroke. `key` names it
/// for tests: its polylines are in a <g class="series KEY">.
struct Series {
  std::string key;
  std::string label;
  std::vector<double> values;
  svg::Style style;
};

/// A panel: its series over t, the vertical axis label, and lines drawn over the data (e.g. a
/// closed form) that do not set the range: (t, value) runs.
struct Panel {
  std::string y_label;
  std::vector<Series> series;
  std::vector<Series> overlays;
  std::vector<double> overlay_t;
};

/// The range [lo, hi] of every finite value of the panel's series, padded by 5 % of its span (a
/// single value: +-0.5 about it).
std::pair<double, double> panel_range(const Panel& panel);

/// Draws the panels side by side below `top` (px) over [t0, t1], each with its legend under its
/// x axis label; returns their frames in order.
std::vector<svg::Frame> draw_panels(svg::Document& doc, double top, const std::vector<double>& t, double t0, double t1,
                                    const std::vector<Panel>& panels);

/// A dashed vertical line at each time in `times` inside the frame's t range.
void time_marks(svg::Document& doc, const svg::Frame& frame, const std::vector<double>& times, const svg::Style& style);

/// `text` cut to about `width` px of `size` px text (~0.55 size a character), ending in "...".
std::string fitted(const std::string& text, double width, double size);

}  // namespace limitdir::plot_detail
