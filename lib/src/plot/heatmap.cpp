// A scan summary's table as a heat map (plot/plot.hpp, docs/manual.md sections 11 and 14): one
// rectangle per cell (x, y) coloured by its class, its level or a numeric field, hatched where
// points are missing and crossed where the weakest level is neither proven nor checked. The
// summary is read by its schema (share/schemas/scan-summary.schema.json); plot does not use scan.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/heatmap.hpp"

namespace limitdir {

namespace plot_detail {

namespace {

using json = nlohmann::json;

constexpr double hatch_spacing = 6.0;  // px between the hatch lines along x (and y)
const svg::Style cross_style{"black", 1.6, "none", "", 1.0};
const svg::Style halo_style{"white", 3.4, "none", "", 1.0};  // under the cross: visible on dark cells

/// Whether the axis is logarithmic: its "scale" is "log" (a KEY=log:FROM:TO:COUNT axis of the
/// scan); "linear" or absent (a summary written before the scale was recorded): not.
bool log_scale(const json& axis, const std::string& where) {
  if (!axis.contains("scale")) return false;
  const std::string scale = string_field(axis, "scale", where);
  if (scale != "log" && scale != "linear")
    throw InputError(where + ".scale: must be \"linear\" or \"log\" (got \"" + scale + "\")");
  return scale == "log";
}

/// An axis of the table; a log axis (its "scale") drawn in log10 of its key, its cells then
/// reaching halfway to their neighbours in log.
HeatAxis read_axis(const json& table, const std::string& name) {
  const std::string where = "summary.table." + name;
  const json& a = field(table, name, "summary.table");
  const std::string key = string_field(a, "key", where);
  const json& values = array_field(a, "values", where);
  if (values.empty()) throw InputError(where + ".values: must not be empty");
  const bool log = log_scale(a, where);
  std::vector<double> v;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!values[i].is_number() || !std::isfinite(values[i].get<double>()))
      throw InputError(where + ".values[" + std::to_string(i) + "]: must be a finite number");
    const double x = values[i].get<double>();
    if (log && !(x > 0.0)) throw InputError(where + ".values[" + std::to_string(i) + "]: must be > 0 on a log axis");
    v.push_back(log ? std::log10(x) : x);
  }
  return heat_axis(log ? "log10 of " + key : key, std::move(v));
}

/// A count: an integer >= 0 at `key` (below 2^53, the largest a JSON reader keeps exactly).
std::uint64_t count_field(const json& document, const std::string& key, const std::string& where) {
  const double value = number_field(document, key, where);
  if (!(value >= 0.0 && value <= 9007199254740992.0 && value == std::floor(value)))
    throw InputError(where + "." + key + ": must be an integer >= 0 (got " + field(document, key, where).dump() + ")");
  return static_cast<std::uint64_t>(value);
}

HeatCell read_cell(const json& c, const std::string& where, const std::string& statistic) {
  HeatCell cell;
  cell.points = count_field(c, "points", where);
  cell.missing = count_field(c, "missing", where);
  const json& cls = field(c, "class", where);
  if (!cls.is_null()) cell.cls = string_field(c, "class", where);
  const json& level = field(c, "level", where);
  if (!level.is_null()) cell.level = string_field(c, "level", where);
  if (cell.points > 0 && !cell.level) throw InputError(where + ".level: must be a level for a cell with points");
  if (!statistic.empty()) {
    const json& f = field(c, "field", where);
    if (!f.is_null()) cell.value = number_field(f, statistic, where + ".field");
  }
  return cell;
}

}  // namespace

/// The cell edges of an axis: sorted distinct values get the midpoints between neighbours (the
/// ends half a gap out; one value: +-0.5); values not all distinct are placed by their index.
HeatAxis heat_axis(const std::string& key, std::vector<double> values) {
  HeatAxis axis{key, std::move(values), {}, {}, false};
  std::vector<std::size_t> order(axis.values.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t p, std::size_t q) { return axis.values[p] < axis.values[q]; });
  std::vector<double> sorted;
  for (const std::size_t i : order) sorted.push_back(axis.values[i]);
  axis.by_index = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
  const std::size_t n = sorted.size();
  axis.lo.resize(n);
  axis.hi.resize(n);
  for (std::size_t r = 0; r < n; ++r) {
    const std::size_t i = order[r];
    if (axis.by_index) {
      axis.lo[i] = static_cast<double>(i) - 0.5;
      axis.hi[i] = static_cast<double>(i) + 0.5;
      continue;
    }
    const double below = r > 0 ? sorted[r] - sorted[r - 1] : (n > 1 ? sorted[1] - sorted[0] : 1.0);
    const double above = r + 1 < n ? sorted[r + 1] - sorted[r] : (n > 1 ? sorted[r] - sorted[r - 1] : 1.0);
    axis.lo[i] = sorted[r] - 0.5 * below;
    axis.hi[i] = sorted[r] + 0.5 * above;
  }
  return axis;
}

Heat read_heat(const json& summary, const std::string& colour_by) {
  const json& table = field(summary, "table", "summary");
  if (table.is_null())
    throw InputError("summary.table: null (a list of points or a one-axis grid has no table to draw as a heat map)");
  Heat heat{read_axis(table, "x"), read_axis(table, "y"), {}, {}, "", {}, "", 0, 0, 0, "", ""};
  const json& f = field(table, "field", "summary.table");
  heat.field = f.is_null() ? "" : string_field(table, "field", "summary.table");
  heat.mode = colour_by.empty() ? (heat.field.empty() ? "class" : "mean") : colour_by;
  if (heat.mode != "class" && heat.mode != "level" && heat.field.empty())
    throw InputError("--colour-by " + heat.mode + ": the summary has no field (scan --summary --field NAME)");
  for (const json& a : array_field(table, "aggregated", "summary.table"))
    heat.aggregated.push_back(string_field(a, "key", "summary.table.aggregated[]"));
  const json& classes = array_field(summary, "classes", "summary");
  for (std::size_t k = 0; k < classes.size(); ++k) {
    const std::string where = "summary.classes[" + std::to_string(k) + "]";
    const json& c = field(classes[k], "class", where);
    heat.classes.push_back(
        {c.is_null() ? std::nullopt : std::optional<std::string>(string_field(classes[k], "class", where)),
         count_field(classes[k], "count", where)});
  }
  // what was scanned (summaries written before they named it have neither)
  if (summary.contains("job") && !summary["job"].is_null()) heat.job = string_field(summary, "job", "summary");
  if (summary.contains("problem") && !summary["problem"].is_null()) {
    const json& problem = summary["problem"];
    heat.problem = string_field(problem, "name", "summary.problem");
    if (heat.problem.empty()) heat.problem = string_field(problem, "file", "summary.problem");
  }
  heat.points = count_field(summary, "points", "summary");
  heat.recorded = count_field(summary, "recorded", "summary");
  heat.missing = count_field(field(summary, "missing", "summary"), "count", "summary.missing");
  const json& rows = array_field(table, "cells", "summary.table");
  if (rows.size() != heat.y.values.size())
    throw InputError("summary.table.cells: must have one row per y value (" + std::to_string(heat.y.values.size()) + ")");
  const std::string statistic = heat.mode == "class" || heat.mode == "level" ? "" : heat.mode;
  for (std::size_t j = 0; j < rows.size(); ++j) {
    const std::string where = "summary.table.cells[" + std::to_string(j) + "]";
    if (!rows[j].is_array() || rows[j].size() != heat.x.values.size())
      throw InputError(where + ": must have one cell per x value (" + std::to_string(heat.x.values.size()) + ")");
    std::vector<HeatCell> row;
    for (std::size_t i = 0; i < rows[j].size(); ++i)
      row.push_back(read_cell(rows[j][i], where + "[" + std::to_string(i) + "]", statistic));
    heat.cells.push_back(std::move(row));
  }
  return heat;
}

namespace {

/// The data ranges of the frame: the options' when given, else those covering every cell.
std::pair<std::pair<double, double>, std::pair<double, double>> heat_ranges(const Heat& heat, const PlotOptions& options) {
  const auto range = [](const HeatAxis& a, const std::optional<std::pair<double, double>>& given) {
    return given.value_or(std::pair{*std::min_element(a.lo.begin(), a.lo.end()), *std::max_element(a.hi.begin(), a.hi.end())});
  };
  return {range(heat.x, options.x_range), range(heat.y, options.y_range)};
}

/// The cells wholly outside the ranges (left out by draw_heat_cells).
std::size_t cells_outside(const Heat& heat, std::pair<double, double> x, std::pair<double, double> y) {
  std::size_t n = 0;
  for (std::size_t j = 0; j < heat.y.values.size(); ++j)
    for (std::size_t i = 0; i < heat.x.values.size(); ++i)
      n += heat.x.hi[i] <= x.first || heat.x.lo[i] >= x.second || heat.y.hi[j] <= y.first || heat.y.lo[j] >= y.second;
  return n;
}

}  // namespace

svg::Frame heat_axes(svg::Document& doc, const Heat& heat, double frame_w, const std::string& x_where,
                     const std::string& y_where, const PlotOptions& options, double below, double under) {
  const auto [x, y] = heat_ranges(heat, options);
  for (const auto& [where, lo, hi] : {std::tuple{&x_where, x.first, x.second}, std::tuple{&y_where, y.first, y.second}})
    if (!std::isfinite(hi - lo)) throw InputError(*where + ": their span overflows a double; cannot draw it");
  const auto label = [](const HeatAxis& a) { return a.by_index ? a.key + " (index of its value)" : a.key; };
  const Margins m = margins(doc);
  const double frame_h = doc.height() - m.top - below - m.bottom - under;
  check_room(doc, frame_w, frame_h);
  return svg::axes(doc, m.left, m.top + below, frame_w, frame_h,
                   {x.first, x.second, y.first, y.second, label(heat.x), label(heat.y), ""});
}

namespace {

/// The left edge of the legend column: the narrowest (from heat_legend_width, widened in steps of
/// 10 px up to heat_legend_share of the figure) in which `legend`, drawn on a copy of `doc` from
/// its top y, ends within the figure (the bottom of its last text 4 px above the figure's);
/// nullopt when none does.
/// The bottom (px) of `legend` drawn from (x, y) on a copy of `doc`: of its last text, y at least.
double legend_bottom(const svg::Document& doc, double x, double y, const HeatLegend& legend) {
  svg::Document trial = doc;
  const std::size_t before = trial.occupied().size();
  legend(trial, x, y);
  double bottom = y;
  for (std::size_t k = before; k < trial.occupied().size(); ++k)
    bottom = std::max(bottom, trial.occupied()[k].y + trial.occupied()[k].h);
  return bottom;
}

/// The depth (px) of `legend` below the map from the top of its room (its first baseline 12 px
/// below it) to 6 px under its last text, measured where it goes - at the figure's bottom, where
/// a colour bar takes its least length - so that the room kept is the room it takes.
double legend_depth(const svg::Document& doc, double x, const HeatLegend& legend) {
  const double s = doc.font_scale(), H = doc.height();
  return legend_bottom(doc, x, H + 12.0 * s, legend) - H + 6.0 * s;
}

std::optional<double> legend_column(const svg::Document& doc, double y, const HeatLegend& legend) {
  const double W = doc.width(), s = doc.font_scale();
  for (double w = heat_legend_width * s; w <= heat_legend_share * W; w += 10.0 * s)
    if (legend_bottom(doc, W - w + 10.0 * s, y, legend) <= doc.height() - 4.0) return W - w;
  return std::nullopt;
}

}  // namespace

PlotOptions heat_room(const PlotOptions& options, const std::string& title, const HeatLegend& legend) {
  if (options.style == "screen") return options;
  svg::Document trial = make_document(options, "");
  figure_title(trial, title, 14.0);
  const Margins m = margins(trial);
  const double s = trial.font_scale();
  if (trial.width() >= heat_legend_min_figure * s && legend_column(trial, m.top + 10.0 * s, legend)) return options;
  PlotOptions grown = options;  // (in the taller figure the column beside the map when it fits now, else below)
  grown.height += static_cast<int>(std::ceil(legend_depth(trial, m.left, legend)));
  return grown;
}

svg::Frame heat_figure(svg::Document& doc, const Heat& heat, const HeatColours& colours, const std::string& title,
                       const std::string& x_where, const std::string& y_where, const PlotOptions& options,
                       const HeatLegend& legend) {
  const double W = doc.width(), s = doc.font_scale();
  const FigureTitle heading = figure_title(doc, title, 14.0);
  const Margins m = margins(doc);
  // (the paper style's margins and legend scale with its smaller text: margins())
  const double least = heat_legend_min_figure * (doc.paper() ? s : std::max(1.0, s));
  const auto [x, y] = heat_ranges(heat, options);
  const std::size_t outside = cells_outside(heat, x, y);
  // the cells left out, and a legend left out, said on lines of their own between the title and the frame
  std::vector<std::string> notes;
  if (outside > 0)
    notes.push_back(std::to_string(outside) + " of " + std::to_string(heat.x.values.size() * heat.y.values.size()) +
                    " cells lie outside --x-range/--y-range: left out");
  const double legend_y = m.top + 16.0 * s * static_cast<double>(notes.size()) + 10.0 * s;
  std::optional<double> column;  // the legend column's left edge
  double under = 0.0;            // or the depth of the legend below the frame
  if (W >= least) column = legend_column(doc, legend_y, legend);
  if (!column) {
    const double depth = legend_depth(doc, m.left, legend);
    const double free_h = doc.height() - m.top - m.bottom - 16.0 * s * static_cast<double>(notes.size());
    if (doc.paper() || free_h - depth >= heat_legend_below_keep * free_h) under = depth;  // paper: heat_room
    else notes.push_back("legend left out: it fits neither beside nor below the map (--height, --width)");
  }
  const double note_h = 16.0 * s * static_cast<double>(notes.size());
  const svg::Frame frame =
      heat_axes(doc, heat, column.value_or(W) - m.left - m.right, x_where, y_where, options, note_h, under);
  draw_heat_cells(doc, frame, heat, colours);
  draw_title(doc, m.top - 10.0 * s, heading);
  for (std::size_t k = 0; k < notes.size(); ++k)
    doc.text(W / 2.0, m.top + (4.0 + 16.0 * static_cast<double>(k)) * s, notes[k],
             {svg::fitting_size(doc, notes[k], 12.0, W - 8.0, false), "middle", "#b00000"});
  if (column) legend(doc, *column + 10.0 * s, legend_y);
  else if (under > 0.0) legend(doc, m.left, doc.height() - under + 12.0 * s);
  return frame;
}

void hatch(svg::Document& doc, double x0, double y0, double x1, double y1, const std::string& colour) {
  // the lines x + y = c, c a multiple of the spacing (so that neighbouring cells' lines meet),
  // each cut to the rectangle: x in [max(x0, c - y1), min(x1, c - y0)]
  for (double c = std::ceil((x0 + y0) / hatch_spacing) * hatch_spacing; c <= x1 + y1; c += hatch_spacing) {
    const double xa = std::max(x0, c - y1), xb = std::min(x1, c - y0);
    if (xb > xa) doc.line(xa, c - xa, xb, c - xb, {colour, 1.0, "none", "", 1.0});
  }
}

void cross(svg::Document& doc, double cx, double cy, double cell_w, double cell_h) {
  const double r = std::clamp(0.3 * std::min(cell_w, cell_h), 2.0, 7.0);  // px: inside small cells, visible in large
  for (const svg::Style* style : {&halo_style, &cross_style}) {
    doc.line(cx - r, cy - r, cx + r, cy + r, *style);
    doc.line(cx - r, cy + r, cx + r, cy - r, *style);
  }
}

}  // namespace plot_detail

std::string plot_scan_summary(const nlohmann::json& summary, const PlotOptions& options) {
  using namespace plot_detail;
  const Heat heat = read_heat(summary, options.colour_by);
  const HeatColours colours = heat_colours(heat);
  const HeatLegend legend = [&](svg::Document& d, double x, double y) { draw_heat_legend(d, x, y, heat, colours); };
  svg::Document doc = make_document(heat_room(options, heat_title(heat), legend), "limitdir scan summary");
  heat_figure(doc, heat, colours, heat_title(heat), "summary.table.x.values", "summary.table.y.values", options, legend);
  return doc.str();
}

}  // namespace limitdir
