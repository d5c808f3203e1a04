#pragma once
// Label placement and compact legends for the figures of plot (docs/manual.md section 11): every
// text of a figure has a box (svg::text_box, estimated from its size and length); a label is
// written at the first of its candidate places whose box lies in its area and meets no box
// already written or reserved (svg::Document::occupied), so that no two label boxes intersect.
// A label with no free candidate is not written, and the figure says how many were left out.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "limitdir/plot/svg.hpp"

namespace limitdir::svg {

/// The baseline point of `content` in `style` with anchor "middle" whose box is centred on c.
Point centred_baseline(Point c, const TextStyle& style);

/// Writes `content` (anchor "middle") centred on the first of `centres` whose box (at the
/// document's font scale) lies in `area` and is free; returns that centre, or nullopt (nothing
/// written) when none is.
std::optional<Point> place_text(Document& doc, const std::vector<Point>& centres, std::string_view content,
                                const TextStyle& style, const Box& area);

/// A label of a marker of radius r at `anchor`: candidates in rings around it (right above,
/// right, right below, left above, left, left below, above, below; each ring one text height
/// farther out, `rings` rings). Beyond the first ring a thin leader line joins the label to the
/// marker. Returns whether it was written.
bool place_marker_label(Document& doc, Point anchor, double r, std::string_view content, const TextStyle& style,
                        const Box& area, int rings = 6);

/// Reserves a drawn polyline (pixels) inside `area` as boxes along pieces of it at most 3 px
/// long, each widened by `half_width` (half the stroke, and a gap), so that labels keep off it.
void reserve_polyline(Document& doc, const std::vector<Point>& pixels, double half_width, const Box& area);

/// A grid of square cells of `cell` px over `area` (cell (i, j) the i-th from the left, j-th
/// from the top; index j nx + i).
struct CellGrid {
  CellGrid(const Box& area, double cell);
  Point centre(int i, int j) const;
  Box area;
  double cell;
  int nx, ny;
};

/// Where place_in_region wrote its label (nullopt: nowhere free) and the region's cell farthest
/// from every occupied box (nullopt: the region has no cell), for a label with a leader line.
struct RegionPlace {
  std::optional<Point> written, farthest;
};
/// Writes `content` (anchor "middle") centred on the cell of the region (`inside`, one flag per
/// cell of `grid`) whose label box is free, inside the grid's area and farthest from every box
/// occupied (curves reserved by reserve_polyline, markers, labels) and from the area's edge:
/// the largest least chamfer distance over the cells under the box.
RegionPlace place_in_region(Document& doc, const CellGrid& grid, const std::vector<char>& inside,
                            std::string_view content, const TextStyle& style);

/// Reserves the box of a circular marker so that labels keep off it.
void reserve_marker(Document& doc, Point centre, double r);

/// When `dropped` > 0: writes "N labels left out (no free place)" at the first free place along
/// the bottom of `area` (or at its bottom left corner regardless), so that no label goes silently.
void note_dropped(Document& doc, int dropped, const Box& area);

/// A legend entry: a line or a marker (`kind`) in `style`, a filled swatch, or text alone.
struct LegendItem {
  enum class Kind { line, marker, swatch, text };
  Kind kind = Kind::line;
  Style style;
  std::string label;
};

/// The height (px) of a legend laid out left to right in rows of `width` in `doc` (its font scale
/// and style: legend_rows).
double legend_height(const Document& doc, const std::vector<LegendItem>& items, double width);
/// `items`, or when their rows would be higher than `max_height` the one line "legend left out:
/// the figure is too small for it" (a legend never goes silently).
std::vector<LegendItem> fit_legend(const Document& doc, const std::vector<LegendItem>& items, double width,
                                   double max_height);
/// Draws that legend from (x, y), its top left corner, in a group of class "legend". An entry
/// wider than `width` is broken at spaces into pieces that fit, the pieces after the first at the
/// row's start; in the paper styles never beside an "=" and each piece on a row of its own (on
/// screen the pieces share rows as other entries do).
void legend_rows(Document& doc, double x, double y, double width, const std::vector<LegendItem>& items);

/// The size (at most `size`) at which `content` fits in `width` px at the document's font
/// scale, divided by that scale (so that Document::text scales it back).
double fitting_size(const Document& doc, std::string_view content, double size, double width, bool bold);

/// The paper styles' least size of a label that shrinks to fit (px at font size 12, times the
/// font scale: 11 x 8/12 = 7.33 pt, the legends' size): print needs 7 pt at least, so a y axis
/// label stops shrinking there and its figure grows in height instead (y_label_shortfall;
/// docs/manual.md section 11, "Paper style").
inline constexpr double paper_least_size = 11.0;
/// In the paper styles, how much higher (px) than `height` a frame must be for its y label
/// `label` to fit along it at paper_least_size; 0 when it fits and on screen.
double y_label_shortfall(const Document& doc, std::string_view label, double height);

/// A text that fits `width` px: `content` at its fitting_size but at least min_shrink of `size`,
/// and when it is still too wide cut to its longest prefix (whole code points) that fits with
/// "..." (min_shrink 1: cut only).
struct FittedText {
  std::string content;
  double size;
};
FittedText fit_text(const Document& doc, std::string_view content, double size, double width, bool bold,
                    double min_shrink = 0.75);

}  // namespace limitdir::svg
