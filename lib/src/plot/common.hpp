#pragma once
// Internal: what the figures of plot/plot.hpp share: reading report fields with one-line
// InputErrors, the Fig. 11 colour code, margins.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

// Margins of a plot frame inside the figure (px): room for tick labels and axis labels.
inline constexpr double margin_left = 70.0;
inline constexpr double margin_right = 20.0;
inline constexpr double margin_top = 34.0;
inline constexpr double margin_bottom = 52.0;
// The largest share of the figure's height a legend below the frame may take.
inline constexpr double max_legend = 0.35;

/// document[key], which must exist; InputError "<where>: missing key \"key\"" otherwise.
const nlohmann::json& field(const nlohmann::json& document, const std::string& key, const std::string& where);
/// A finite number, a string, a non-empty array, a 3-vector of finite numbers at `key`;
/// InputError "<where>.<key>: must be ... (got ...)" otherwise.
double number_field(const nlohmann::json& document, const std::string& key, const std::string& where);
std::string string_field(const nlohmann::json& document, const std::string& key, const std::string& where);
const nlohmann::json& array_field(const nlohmann::json& document, const std::string& key, const std::string& where);
Eigen::Vector3d vector3_field(const nlohmann::json& document, const std::string& key, const std::string& where);

/// The Fig. 11 colour [Nonlinear Dyn. 2024] of a limit direction as an SVG colour. `colour`
/// is the report's (purple, red, green, brown or blue, defined on the invariant circle);
/// without it the classes the code names without reference to the circle are still coloured
/// (repelling stable node purple, attracting unstable node red, attracting stable node blue)
/// and every other direction is grey.
std::string fig11_colour(const std::optional<std::string>& colour, const std::string& radial,
                         const std::string& sphere_type);
/// The friction model's description up to its first ", " in a caption's words, for titles:
/// "harmonic N=2 of exact" is "harmonic model N = 2 of the exact model", "exact" "exact model".
std::string short_model(const std::string& description);
/// The model's name in a legend: its description up to its first ", " and " of ", "N=" spaced
/// ("harmonic N = 2", "exact").
std::string model_name(const std::string& description);

/// The coordinate `y` of plot/plot.hpp (PlotOptions::y) of a limit direction w with rdot = R*(w):
/// theta = asin w3 (33), psi = atan2(w3, w1) on the invariant circle w2 = 0 (cut at w = -e3, so
/// in (-pi/2, 3pi/2]), w1, w2, w3 or rdot; and its axis label.
double diagram_coordinate(const std::string& y, const Eigen::Vector3d& w, double rdot);
std::string diagram_y_label(const std::string& y);

/// The grey of directions the Fig. 11 code does not name.
inline const std::string uncoloured = "#707070";

/// "F" for the load, else the parameter's name.
std::string parameter_label(const std::string& parameter);
/// `name` with "p from a to b" for the parameter p: its "p = v" replaced (a name stating the
/// value p had before a sweep), else appended after ", ".
std::string name_with_range(std::string name, const std::string& parameter, double from, double to);
/// The title of a sweep of `parameter` over [from, to] of the problem `name` (docs/manual.md
/// section 11): "name, F from a to b", or for another parameter the name with its "p = v"
/// replaced by "p from a to b" (a name stating the value it had before the sweep) and the load.
std::string swept_title(const std::string& name, const std::string& parameter, double from, double to, double force);

/// The Fig. 11 code as legend items (lines, or markers when `markers`).
std::vector<svg::LegendItem> fig11_items(bool markers);
/// The colour of the k-th report of an overlay (cycled beyond eight).
std::string overlay_colour(std::size_t k);

/// A document of the options' size with their font scale (font_size / 12), the paper style's
/// fonts and strokes, and whether it draws its title (the screen style, or --title).
svg::Document make_document(const PlotOptions& options, const std::string& title);
/// The margins above at the document's font scale; the top one with the room of the figure's
/// title (figure_title: less when it is left out, more when it takes several lines).
struct Margins {
  double left, right, top, bottom;
};
Margins margins(const svg::Document& doc);

using Runs = std::vector<std::vector<svg::Point>>;

/// The robust vertical range of `runs` (docs/manual.md section 11): the quartiles q1, q3 of y
/// weighted by horizontal extent (each point carries half the length in x of its segments,
/// so that a plunge in a short time at the end weighs little however many samples it has),
/// the range [q1 - robust_fence (q3 - q1), q3 + robust_fence (q3 - q1)] (Tukey's far-out
/// fences) cut to the data's [min, max]; the whole [min, max] when q3 = q1.
inline constexpr double robust_fence = 3.0;
std::pair<double, double> robust_range(const Runs& runs);
/// [min, max] of y over the runs; nullopt when they hold no finite point.
std::optional<std::pair<double, double>> full_range(const Runs& runs);

/// With --log-y (a logarithmic vertical axis): InputError "--log-y: <what> reaches ... <= 0 at
/// <x_name> = ..." when a point inside the shown x range [x0, x1] has y <= 0 and no --y-range
/// (above 0) leaves it out.
void check_log_y(const Runs& runs, double x0, double x1, const std::string& what, const PlotOptions& options,
                 const std::string& x_name = "x");
/// The vertical range of the runs' points with y > 0 (inside [x0, x1]) on a log axis, widened
/// by `padding` of its length in log10 (a single value to a decade about it).
std::pair<double, double> log_range(const Runs& runs, double x0, double x1, double padding);
/// The horizontal range `x` (the option's or the data's) checked for a log axis (--log-x): a
/// range reaching 0 or below is an InputError naming the axis `name` and the value. Also checks
/// a --y-range given with --log-y. Returns x.
std::pair<double, double> checked_log_x(std::pair<double, double> x, const PlotOptions& options, const std::string& name);
void check_log_y_range(const PlotOptions& options);

/// The axis range of data [lo, hi]: the option's range when given, else [lo, hi] padded by
/// `padding` of its length (a single value widened to a unit interval).
std::pair<double, double> axis_range(const std::optional<std::pair<double, double>>& given, double lo, double hi,
                                     double padding);

/// Marks where the runs leave the frame's vertical range inside its horizontal one: a small
/// triangle on the frame edge pointing outwards at the first point of each stretch beyond it
/// (class "clipped"); returns the number of such stretches below and above.
std::pair<int, int> mark_clipped(svg::Document& doc, const svg::Frame& frame, const Runs& runs);
/// The note "data clipped below Y / above Y (triangles)" inside the frame, when any were.
void note_clipped(svg::Document& doc, const svg::Frame& frame, std::pair<int, int> clipped);

/// InputError when a plot frame of frame_w x frame_h px would be smaller than min_frame_side
/// on a side (a small figure with large text: --width, --height, --font-size).
inline constexpr double min_frame_side = 16.0;  // px: room for a few ticks (--width 200 leaves 20 px a panel)
void check_room(const svg::Document& doc, double frame_w, double frame_h);

/// The title of an overlay: the reports' problem name when they share it, else "N <what>".
std::string overlay_title(const std::vector<PlotInput>& inputs, const std::string& what);

/// The figure's title laid out (docs/manual.md section 11, "Titles"): its lines (none when the
/// document draws no title: Document::titled) at `size` px before the font scale.
struct FigureTitle {
  std::vector<std::string> lines;
  double size = 0.0;
};
/// A title shrinks to at most this share of its size before it wraps (on screen) ...
inline constexpr double title_least_share = 0.75;
/// ... and in the paper styles to no less than this (pt: the tick labels' size, legible in print).
inline constexpr double paper_title_least = 8.0;
/// The most lines of a title; beyond them its last line is cut with "...".
inline constexpr std::size_t max_title_lines = 3;
/// The baseline pitch of a title's lines, in its size.
inline constexpr double title_pitch = 1.2;
/// Lays out `text` as the figure's title of at most `size` (px at font size 12) within the
/// figure's width less 8 px: one line, shrunk down to its least size (title_least_share of
/// `size`; paper_title_least in the paper styles); when longer, broken at spaces (never beside
/// an "=") into at most max_title_lines lines of even length at the largest size down to that
/// least. Records in `doc` the room it takes (Document::title_room): (lines - 1) pitches, or
/// minus one pitch at `size` when the document draws no title. Call it before margins().
FigureTitle figure_title(svg::Document& doc, const std::string& text, double size);
/// Draws the title centred in the figure (bold), its last line's baseline at y, the others above.
void draw_title(svg::Document& doc, double y, const FigureTitle& title);

/// A line of text centred in the figure at baseline y, shrunk or cut to its width (svg::fit_text).
void centred_line(svg::Document& doc, double y, const std::string& text, double size, bool bold);

/// The box of a frame, for placing labels inside it.
svg::Box frame_box(const svg::Frame& frame);

}  // namespace limitdir::plot_detail

namespace limitdir {

/// Overlays of diagrams, friction tables and simulations (plot_overlay): `names` name the
/// reports in the legend.
std::string plot_diagram_overlay(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                 const PlotOptions& options);
std::string plot_friction_overlay(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                  const PlotOptions& options);
/// Overlays of degree studies (one dash style per study) and of roll runs and celt runs (time
/// panels, one colour per report).
std::string plot_degree_study_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                                      const PlotOptions& options);
std::string plot_roll_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                              const PlotOptions& options);
/// Overlays of two-parameter maps of one parameter pair (plot/map.cpp): one colour per map.
std::string plot_map_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                             const PlotOptions& options);
std::string plot_celt_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                              const PlotOptions& options);
std::string plot_simulation_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                                    const PlotOptions& options);
/// Several limits reports side by side (Figs 11-12 [Nonlinear Dyn. 2024]: the Cases), one a
/// column, its two hemispheres along options.view stacked (plot/limits.cpp).
std::string limits_columns(const std::vector<PlotInput>& inputs, const PlotOptions& options);

}  // namespace limitdir
