// The X_max(mu, mu_r) map of roll --map (limitdir.roll-map/1, docs/manual.md sections 10-11) as
// the heat map of Fig. 2 of [Acary & Bourrier 2021]: one cell per (mu, mu_r) coloured by X_max
// on the continuous scale of the scan summaries' heat maps (plot/heatmap.hpp, whose cells, colour
// bar and hatching it reuses), hatched where the run did not stop by t_end (X_max is then a lower
// bound), light grey where X_max is null.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/heatmap.hpp"
#include "plot/time_panels.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

const std::string not_stopped_fill = "#ffffff";  // the legend's swatch of a hatched cell

/// The grid `key` of the map: one row per mu, one entry per mu_r; each a finite number or null.
std::vector<std::vector<std::optional<double>>> read_grid(const json& map, const std::string& key, std::size_t rows,
                                                          std::size_t columns) {
  const json& grid = array_field(map, key, "map");
  if (grid.size() != rows) throw InputError("map." + key + ": must have one row per mu (" + std::to_string(rows) + ")");
  std::vector<std::vector<std::optional<double>>> values(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    const std::string where = "map." + key + "[" + std::to_string(i) + "]";
    if (!grid[i].is_array() || grid[i].size() != columns)
      throw InputError(where + ": must have one entry per mu_r (" + std::to_string(columns) + ")");
    for (std::size_t k = 0; k < columns; ++k) {
      const json& v = grid[i][k];
      if (v.is_null()) values[i].emplace_back();
      else if (v.is_boolean()) values[i].emplace_back(v.get<bool>() ? 1.0 : 0.0);
      else if (v.is_number() && std::isfinite(v.get<double>())) values[i].emplace_back(v.get<double>());
      else throw InputError(where + "[" + std::to_string(k) + "]: must be a finite number or null");
    }
  }
  return values;
}

/// The map as a heat map: x = mu, y = mu_r, a cell's value X_max, "missing" where it did not stop.
Heat read_map(const json& map) {
  const std::vector<double> mu = number_column(map, "mu", "map"), mu_r = number_column(map, "mu_r", "map");
  const auto x_max = read_grid(map, "X_max", mu.size(), mu_r.size());
  const auto stopped = read_grid(map, "stopped", mu.size(), mu_r.size());
  Heat heat{heat_axis("mu", mu), heat_axis("mu_r [m]", mu_r), {}, {}, "X_max", {}, "mean", 0, 0, 0, "", ""};
  for (std::size_t k = 0; k < mu_r.size(); ++k) {
    std::vector<HeatCell> row;
    for (std::size_t i = 0; i < mu.size(); ++i) {
      if (!stopped[i][k]) throw InputError(fmt::format("map.stopped[{}][{}]: must be true or false", i, k));
      HeatCell cell;
      cell.points = 1;
      cell.missing = *stopped[i][k] == 0.0 ? 1 : 0;  // hatched: did not stop
      cell.value = x_max[i][k];
      heat.recorded += 1 - cell.missing;
      row.push_back(cell);
    }
    heat.cells.push_back(std::move(row));
  }
  heat.points = mu.size() * mu_r.size();
  heat.missing = heat.points - heat.recorded;
  return heat;
}

std::string title(const json& map, const Heat& heat) {
  std::string text = fmt::format("X_max(mu, mu_r) [m]: {} runs, {} stopped", heat.points, heat.recorded);
  const json& difference = field(map, "max_abs_difference", "map");
  if (difference.is_number())
    text += fmt::format(", within {:.2g} m of the closed form", number_field(map, "max_abs_difference", "map"));
  return text;
}

void legend(svg::Document& doc, double x, double y, const Heat& heat, const HeatColours& colours) {
  const double sc = doc.font_scale();
  y = heat_legend_title(doc, x, y, "X_max [m]");
  const double height = std::clamp(doc.height() - y - 120.0 * sc, 60.0, 220.0);  // px: room for the entries below
  heat_colour_bar(doc, x, y - 9.0 * sc, colours, height);
  y += height + 15.0 * sc;
  bool any_null = false;
  for (const auto& row : heat.cells)
    for (const HeatCell& c : row) any_null = any_null || !c.value;
  if (any_null) y += heat_swatch(doc, x, y, heat_fill(heat, colours, HeatCell{1, 0, {}, {}, {}}), "X_max null");
  if (heat.missing == 0) return;
  heat_swatch(doc, x, y, not_stopped_fill, "did not stop by t_end (hatched; X_max a lower bound)");
  hatch(doc, x, y - 9.0 * sc, x + 18.0 * sc, y + 2.0 * sc, heat_contrast(not_stopped_fill));
}

}  // namespace

std::string plot_roll_map(const nlohmann::json& map, const PlotOptions& options) {
  const Heat heat = read_map(map);
  const HeatColours colours = heat_colours(heat);
  const HeatLegend drawn = [&](svg::Document& d, double x, double y) { legend(d, x, y, heat, colours); };
  svg::Document doc = make_document(heat_room(options, title(map, heat), drawn),
                                    "limitdir roll map: " + string_field(field(map, "problem", "map"), "name", "map.problem"));
  heat_figure(doc, heat, colours, title(map, heat), "map.mu", "map.mu_r", options, drawn);
  return doc.str();
}

}  // namespace limitdir
