#pragma once
// Internal: the heat map of a scan summary (plot/plot.hpp, docs/manual.md section 11): the table
// read from limitdir.scan-summary/1, its colours, cells, legend.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

/// The legend column right of the frame (px at font size 12; it scales with the font), at its
/// narrowest; it widens (in steps of 10 px) while its entries, wrapped whole within it, would run
/// below the figure, up to heat_legend_share of the figure's width.
inline constexpr double heat_legend_width = 240.0;
inline constexpr double heat_legend_share = 0.5;
/// The narrowest figure (px at font size 12) that has room for the legend column beside the frame.
inline constexpr double heat_legend_min_figure = 600.0;
/// Where the column does not fit (a narrow figure: the single-column paper style) the legend goes
/// below the frame, across the figure, if the frame keeps at least this share of the height it
/// would have without it (a map squeezed flatter than that says less than its legend).
inline constexpr double heat_legend_below_keep = 0.4;

/// An axis of the table: its key, values and each value's cell [lo, hi] in data (by_index: the
/// values are not distinct, the cells are [i - 0.5, i + 0.5] about the index i).
struct HeatAxis {
  std::string key;
  std::vector<double> values, lo, hi;
  bool by_index = false;
};

struct HeatCell {
  std::uint64_t points = 0, missing = 0;
  std::optional<std::string> cls;    // null: no record or no class
  std::optional<std::string> level;  // null only for a cell without records
  std::optional<double> value;       // the field's statistic shown (modes mean, min, max)
};

struct Heat {
  HeatAxis x, y;
  std::vector<std::vector<HeatCell>> cells;  // [j][i]: y.values[j], x.values[i]
  std::vector<std::pair<std::optional<std::string>, std::uint64_t>> classes;  // the summary's, in order
  std::string field;                        // the table's field, or ""
  std::vector<std::string> aggregated;      // the other axes' keys
  std::string mode;                         // class, level, mean, min or max
  std::uint64_t points = 0, recorded = 0, missing = 0;
  std::string job, problem;                 // what was scanned (the summary's job and problem), or ""
};

/// An axis of values `values` named `key`: sorted distinct values get cells reaching halfway to
/// their neighbours (the ends half a gap out; one value: +-0.5); values not all distinct are
/// placed by their index.
HeatAxis heat_axis(const std::string& key, std::vector<double> values);

/// Reads the summary's table (InputError "summary.<path>: ..." when it breaks the schema, or has
/// no table, or `colour_by` needs a field it does not have). colour_by "" picks "mean" when the
/// table has a field, else "class".
Heat read_heat(const nlohmann::json& summary, const std::string& colour_by);

/// The colours: one per class (the first heat_palette_size classes; the others share one), or
/// the field's range [lo, hi] over the cells for the continuous scale.
struct HeatColours {
  std::vector<std::string> class_colour;
  std::size_t others = 0;  // classes beyond the palette
  double lo = 0.0, hi = 1.0;
};
HeatColours heat_colours(const Heat& heat);
/// The fill of a cell with records in the figure's mode.
std::string heat_fill(const Heat& heat, const HeatColours& colours, const HeatCell& cell);

/// The frame of the heat map: frame_w wide at the margins of plot/common.hpp, covering every
/// cell or the given ranges (--x-range, --y-range), `below` px lower than the top margin, the axes
/// labelled by their keys, `under` px of the figure's bottom kept free (a legend below). InputError
/// "<x_where or y_where>: their span overflows a double ..." when an axis' span is not finite.
svg::Frame heat_axes(svg::Document& doc, const Heat& heat, double frame_w, const std::string& x_where,
                     const std::string& y_where, const PlotOptions& options, double below = 0.0,
                     double under = 0.0);

/// Draws a heat map's legend column with its top left corner at (x, y).
using HeatLegend = std::function<void(svg::Document& doc, double x, double y)>;
/// A heat map's figure: the frame (heat_axes), the cells (draw_heat_cells), the title above the
/// frame with lines saying how many cells lie outside --x-range/--y-range (left out), and the
/// legend column right of the frame, as narrow as holds `legend` (tried on a copy of the
/// document) within the figure. A figure narrower than heat_legend_min_figure, or whose legend
/// does not fit at heat_legend_share of its width, has the legend below the frame across the
/// figure (heat_legend_below_keep), or when that does not fit either says so in a line instead
/// (never cut); in the paper styles always below it there (the figure grown for it: heat_room).
/// Returns the frame.
svg::Frame heat_figure(svg::Document& doc, const Heat& heat, const HeatColours& colours, const std::string& title,
                       const std::string& x_where, const std::string& y_where, const PlotOptions& options,
                       const HeatLegend& legend);

/// `options`, in the paper styles with the figure grown in height by the depth of `legend` when
/// it goes below the map (no column beside it holds it), so that the map keeps the height it has
/// without the legend and the legend is never left out (a journal fixes a column's width, not a
/// figure's height; docs/manual.md section 11, "Paper style"). `title` as heat_figure's.
PlotOptions heat_room(const PlotOptions& options, const std::string& title, const HeatLegend& legend);

/// A legend entry: a swatch of `fill` and `label` then `suffix` (e.g. a count), wrapped whole at
/// spaces on as many lines as it needs within the figure's width (svg::text_box; a word wider
/// than that broken); returns the height used (px).
double heat_swatch(svg::Document& doc, double x, double y, const std::string& fill, const std::string& label,
                   const std::string& suffix = "");
/// The continuous scale's colour bar, `height` px tall, its top at y, ticked over
/// [colours.lo, colours.hi].
void heat_colour_bar(svg::Document& doc, double x, double y, const HeatColours& colours, double height);
/// The continuous scale's colour at t in [0, 1] (viridis; t clamped): the fill of a value
/// (t - lo) / (hi - lo) on the colour bar.
std::string heat_scale_colour(double t);
/// White on a dark fill (#rrggbb), dark grey on a light one: hatching and crosses that stand out.
std::string heat_contrast(const std::string& fill);

/// The title: the job and the problem scanned (when the summary names them), what is coloured,
/// the points recorded and missing.
std::string heat_title(const Heat& heat);
/// Draws the cells, each cut to the frame's data ranges; returns the number of cells wholly
/// outside them (not drawn).
std::size_t draw_heat_cells(svg::Document& doc, const svg::Frame& frame, const Heat& heat, const HeatColours& colours);
/// The legend's bold title at (x, y) (shrunk to the figure's width); returns the first entry's y.
double heat_legend_title(svg::Document& doc, double x, double y, const std::string& title);
void draw_heat_legend(svg::Document& doc, double x, double y, const Heat& heat, const HeatColours& colours);

/// Diagonal hatching in `colour` of the pixel rectangle [x0, x1] x [y0, y1] (a cell with missing
/// points).
void hatch(svg::Document& doc, double x0, double y0, double x1, double y1, const std::string& colour);
/// A cross at (cx, cy) sized to the cell (a cell whose weakest level is incomplete or none).
void cross(svg::Document& doc, double cx, double cy, double cell_w, double cell_h);

}  // namespace limitdir::plot_detail
