#pragma once
// Internal: the data and the model of a fit report, row by row (its "rows", docs/manual.md
// sections 11 and 16), read and drawn (plot/fit_rows.cpp): for a run as the data omega(t) of the
// reference and of the model and their difference against t; for slip data the model against
// the data (a parity plot, the diagonal y = x where they agree) and their difference against the
// row's index.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

struct FitRowsView {
  bool run = false;                  ///< a run's samples (t), else slip data
  std::vector<double> t;             ///< a run's times
  std::vector<std::array<double, 3>> data, model;
  std::vector<std::string> columns;  ///< the three columns' names
  std::size_t size() const { return data.size(); }
};

/// The report's rows when it holds them (rows.included); InputError (one line) for rows that are
/// not three finite numbers each, or whose data, model and t differ in length.
FitRowsView read_fit_rows(const nlohmann::json& report);

/// Rows past this many are drawn every k-th (k the least that keeps at most this many), as the
/// figure's note says: 2000 markers of three components keep an SVG under ~1 MB and legible.
inline constexpr std::size_t kDrawnRows = 2000;
/// The step k between the rows drawn (1: all).
std::size_t drawn_step(std::size_t rows);

/// The y labels of those two frames: of the data and the model, and of model - data.
std::array<std::string, 2> fit_rows_y_labels(const FitRowsView& rows);
/// The frame of the data and the model in the box (x, y, w, h) px.
void draw_fit_data(svg::Document& doc, const FitRowsView& rows, const svg::Box& box);
/// The frame of model - data in the box.
void draw_fit_residuals(svg::Document& doc, const FitRowsView& rows, const svg::Box& box);
/// The legend items of those two frames: data, model (and the diagonal), the three columns.
std::vector<svg::LegendItem> fit_rows_legend(const FitRowsView& rows);

}  // namespace limitdir::plot_detail
