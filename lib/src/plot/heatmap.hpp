#pragma once
// Internal: the heat map of a scan summary (plot/plot.hpp, docs/manual.md section 11): the table
// read from limitdir.scan-summary/1, its colours, cells, legend.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

/// The legend column right of the frame (px).
inline constexpr double heat_legend_width = 240.0;

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
};

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

/// The title: what is coloured, the points recorded and missing.
std::string heat_title(const Heat& heat);
void draw_heat_cells(svg::Document& doc, const svg::Frame& frame, const Heat& heat, const HeatColours& colours);
void draw_heat_legend(svg::Document& doc, double x, double y, const Heat& heat, const HeatColours& colours);

/// Diagonal hatching in `colour` of the pixel rectangle [x0, x1] x [y0, y1] (a cell with missing
/// points).
void hatch(svg::Document& doc, double x0, double y0, double x1, double y1, const std::string& colour);
/// A cross at (cx, cy) sized to the cell (a cell whose weakest level is incomplete or none).
void cross(svg::Document& doc, double cx, double cy, double cell_w, double cell_h);

}  // namespace limitdir::plot_detail
