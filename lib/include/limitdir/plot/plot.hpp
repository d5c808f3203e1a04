#pragma once
// Figures of limitdir reports as standalone SVG (docs/manual.md section 11), written by plot/svg.hpp:
//  * a bifurcation diagram (limitdir.diagram/1) as in Figs 13-14 [Nonlinear Dyn. 2024]: one
//    coordinate of the limit directions (theta, w1, w2, w3 or rdot) against the parameter,
//    the branches coloured by the Fig. 11 code, solid where the direction is a stable node or
//    focus on the sphere and dashed elsewhere, the events marked and labelled, the regions
//    shaded;
//  * the limit directions of one load (limitdir.limits/1) on the sphere: two orthographic
//    hemispheres side by side with the directions in the Fig. 11 colours and the field V*
//    (122) drawn as streamlines, rebuilt from the report's embedded problem;
//  * a friction table (limitdir.friction/1): Q and T against theta for the model and the
//    exact model, as Figs 4-10;
//  * a simulation (simulate's JSON Lines ending in limitdir.simulation/1): w and r against t;
//  * a degree study (limitdir.degree-study/1) as Figs 17-18: the branches of the harmonic model
//    of every degree (one colour each) and of the exact model (black) on one figure, or with
//    `convergence` the log10 of each event kind's error against N;
//  * a two-parameter map (limitdir.map/1): its curves in the (x, y) plane, one style per kind,
//    the codimension-2 points labelled, the regions shaded by their number of limit directions
//    and labelled with it and the paper's Case; several maps of one parameter pair overlaid,
//    one colour per map;
//  * a scan summary (limitdir.scan-summary/1, docs/manual.md section 14) as a heat map over the
//    two axes of its table: each cell coloured by its class (a legend), its certificate level or
//    a numeric field (a colour bar), hatched where points are missing and crossed where the
//    weakest level is incomplete or none;
//  * the rolling sphere (docs/manual.md section 10): a run (limitdir.roll-report/1) as Fig. 3
//    [Acary & Bourrier 2021], X, U_X and Omega_Y, r_T and m_T against t with the closed form
//    dotted and the mode changes dashed; the X_max(mu, mu_r) map (limitdir.roll-map/1) as a heat
//    map, Fig. 2;
//  * the Celtic stone's run (limitdir.celt-report/1 of kind run, section 12): omega (body)
//    against t and the vertical spin with its reversals marked; a model comparison (kind
//    comparison, Sect. 4): each model's cost against its mean square deviation from W1.
// write_figure writes a figure as SVG, or renders it in-process to PDF or PNG (librsvg + cairo).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace limitdir {

struct PlotOptions {
  int width = 800;   // px
  int height = 500;  // px
  /// --style: "screen" (the default: sans-serif, the sizes above), "paper" (a journal's single
  /// column) or "paper-wide" (its double column): apply_style (docs/manual.md section 11, "Paper style").
  std::string style = "screen";
  /// --title: draw the figure's title in the paper styles too (they leave it to the caption);
  /// on screen it is always drawn (docs/manual.md section 11, "Titles").
  bool title = false;
  /// Diagrams: the coordinate on the vertical axis: "theta" (latitude asin w3), "w1", "w2",
  /// "w3" or "rdot".
  std::string y = "theta";
  /// Sphere figures: the axis "w1", "w2" or "w3" that the two hemispheres are seen along (left
  /// the hemisphere where it is >= 0, seen from outside; right the one where it is <= 0).
  std::string view = "w2";
  /// Simulations: the time on the horizontal axis: "t" (physical) or "tau" (the rescaled time
  /// of (114), in which the approach to stick is spread out).
  std::string time = "t";
  /// Degree studies: the errors of the events against N instead of the branches.
  bool convergence = false;
  /// Friction tables over the sphere (--surface): the friction surface -q(w) seen obliquely, as
  /// Fig. 6 [Kudra & Awrejcewicz 2013], one panel a report.
  bool surface = false;
  /// Friction tables over the sphere (--components): the components (T_sx, T_sy, M_s) = -q of the
  /// model (solid) and of the exact model (dotted) against theta, one panel per longitude phi, as
  /// Figs 11-12 [Kudra & Awrejcewicz 2013] (docs/manual.md section 11).
  bool components = false;
  /// Scan summaries: what colours a cell: "class", "level", or the table's field's "mean", "min"
  /// or "max"; "" (not given): "mean" when the table has a field, else "class".
  std::string colour_by;

  // --- axes, scaling and fonts (docs/manual.md section 11, "Axes, labels and overlays") ---
  /// --x-range / --y-range A:B: the data shown on the axes (A < B, finite); data outside are
  /// clipped at the frame and marked. Unset: the data's range (the vertical one robust, below).
  std::optional<std::pair<double, double>> x_range, y_range;
  /// --log-x / --log-y: a logarithmic horizontal / vertical axis (ticks at the decades labelled
  /// 10^k, the data placed by log10); data <= 0 in the shown range are bad input.
  bool log_x = false, log_y = false;
  /// Maps: shade the (first) map's regions and label them with their counts; --no-regions: false.
  bool map_regions = true;
  /// --font-size: the size of tick labels (px); every other text scales with it.
  double font_size = 12.0;
  /// --panel K: figures of several panels side by side (roll and celt runs): the K-th alone
  /// (1-based), to which --y-range then applies; 0 (not given): every panel.
  int panel = 0;
};

/// The paper styles' figure (1 px = 1 pt in the PDF): a single column 3.5 in = 252 pt wide, a
/// double column 7.2 in = 518 pt; tick labels 8 pt (font_size; axis labels 8.7 pt, titles 9.3 pt).
inline constexpr int paper_width = 252, paper_height = 216;
inline constexpr int paper_wide_width = 518, paper_wide_height = 324;
inline constexpr double paper_font_size = 8.0;

/// Sets the size and font size of options.style ("screen" leaves them; "paper": paper_width x
/// paper_height, "paper-wide": paper_wide_width x paper_wide_height, both paper_font_size);
/// InputError naming the styles for any other. --width, --height and --font-size given override
/// these (the app applies them after).
void apply_style(PlotOptions& options);

/// The font sizes accepted by --font-size (px).
inline constexpr double min_font_size = 6.0;
inline constexpr double max_font_size = 40.0;

/// The smallest and largest figure sides accepted (px).
inline constexpr int min_plot_side = 200;
inline constexpr int max_plot_side = 10000;

/// A report read for plotting: its kind ("diagram", "limits", "classification", "friction",
/// "simulation", "survey", "regions", "degree-study", "map", "scan-summary", "roll", "roll-map",
/// "celt", "celt-slip-system", "pressure" (a problem file); plot_kinds_help lists them), the
/// document (for a simulation, its final record) and, for a simulation, the records before it.
struct PlotInput {
  std::string kind;
  nlohmann::json report;
  std::vector<nlohmann::json> records;
  /// Where it was read from (a file name, or "<stdin>"): names it in an overlay's legend.
  std::string source;
};

/// Reads `text` (from `source`, for messages) as one JSON report or as simulate's JSON Lines
/// (records {"t", "tau", "r", "w"} then the final record). Every input is bounded as in
/// core/json_input.hpp. InputError when it is neither, or when its schema is not one plot draws
/// (the message names the schema and what is drawn).
PlotInput read_plot_input(const std::string& text, const std::string& source);

/// Checks the options (sizes within [min_plot_side, max_plot_side], y, view and time names) and
/// whether they apply to `kind` (--y to diagrams and degree studies, --view to the sphere figures
/// of limits, classifications and celt slip systems, --time to simulations, --convergence to
/// degree studies and not with --y, --colour-by to scan summaries; --x-range, --y-range and
/// --log-y not to classifications, celt slip systems and surveys, of them only --x-range to
/// regions); InputError otherwise. `given_*`: whether the user set them.
void check_plot_options(const PlotOptions& options, const std::string& kind, bool given_y, bool given_view,
                        bool given_time = false);

/// Checks --x-range, --y-range, --log-x, --log-y, --no-regions and --font-size (`given_font`: whether it was set)
/// against `kind` (docs/manual.md section 11) and that `reports` > 1 (an overlay) is drawn for
/// it; InputError naming the kind otherwise.
void check_layout_options(const PlotOptions& options, const std::string& kind, bool given_font,
                          std::size_t reports = 1);

/// InputError when `inputs` is empty or holds reports of different kinds (naming two of them).
void check_overlay(const std::vector<PlotInput>& inputs);

/// Several reports of one kind (diagram, friction, simulation, degree study, map, roll or celt run) on one figure, one colour or
/// dash style each with a legend entry naming it; InputError when their kinds differ (naming
/// them) or the kind is not drawn as an overlay.
std::string plot_overlay(const std::vector<PlotInput>& inputs, const PlotOptions& options);

std::string plot_diagram(const nlohmann::json& diagram, const PlotOptions& options);
std::string plot_limits(const nlohmann::json& limits, const PlotOptions& options);
std::string plot_friction(const nlohmann::json& friction, const PlotOptions& options);
std::string plot_degree_study(const nlohmann::json& study, const PlotOptions& options);
std::string plot_map(const nlohmann::json& map, const PlotOptions& options);
std::string plot_scan_summary(const nlohmann::json& summary, const PlotOptions& options);
std::string plot_roll(const nlohmann::json& report, const PlotOptions& options);
std::string plot_roll_map(const nlohmann::json& map, const PlotOptions& options);
/// A spheres pile (limitdir.pile-report/1, Fig. 4 of the rolling-friction paper): side and top
/// views, the spheres shaded by their height (docs/manual.md section 11).
std::string plot_pile(const nlohmann::json& report, const PlotOptions& options);
/// The records of `scan --job pile` (Fig. 5): H/d and base radius/d against log10 mu_r, one curve
/// per mu, the mean over the other axes (seeds) and their min-max band.
std::string plot_pile_scan(const std::vector<nlohmann::json>& records, const PlotOptions& options);
/// A run, or (plot_celt_comparison) a model comparison; InputError for the kind "slip-system"
/// (drawn by plot_celt_slip).
std::string plot_celt(const nlohmann::json& report, const PlotOptions& options);
std::string plot_celt_comparison(const nlohmann::json& report, const PlotOptions& options);
/// A fit (limitdir.fit-report/1, docs/manual.md section 16): each parameter's start, estimate
/// and 95 % interval between its bounds.
std::string plot_fit(const nlohmann::json& report, const PlotOptions& options);
/// Several fits (limitdir.fit-report/1) whose problems differ in one numeric key: each fitted
/// parameter (estimate and 95 % interval) against that key, as Fig. 10 of [Kudra & Awrejcewicz
/// 2013]; the joins u0 of W fitted against the ellipse's b with the paper's cubics (58) as
/// reference lines, so named in the legend.
std::string plot_fit_sweep(const std::vector<PlotInput>& inputs, const PlotOptions& options);
/// elliptic-series' report (limitdir.elliptic-series/1): the errors of the nome series (64)-(65)
/// of K and E against b on a log axis, one curve per order, as Fig. 13 of [Kudra & Awrejcewicz 2013].
std::string plot_elliptic_series(const nlohmann::json& report, const PlotOptions& options);
std::string plot_simulation(const std::vector<nlohmann::json>& records, const nlohmann::json& final_record,
                            const PlotOptions& options);
/// classify's report (limitdir.classification/1): the classified directions on the sphere by class.
std::string plot_classification(const nlohmann::json& report, const PlotOptions& options);
/// simulate --survey (limitdir.survey/1): the seeds' counts per limit direction as bars.
std::string plot_survey(const nlohmann::json& survey, const PlotOptions& options);
/// classify --regions (limitdir.regions/1): the regions as intervals of the swept parameter.
std::string plot_regions(const nlohmann::json& regions, const PlotOptions& options);
/// celt --slip-system (limitdir.celt-report/1 of kind slip-system): the exported problem's limit
/// directions on the sphere.
std::string plot_celt_slip(const nlohmann::json& report, const PlotOptions& options);

/// A problem file (limitdir.problem/1): its contact's normal pressure sigma/N as Fig. 5 [Kudra &
/// Awrejcewicz 2013], over the patch and in sections along the centre of pressure's axis.
std::string plot_pressure(const nlohmann::json& problem, const PlotOptions& options);

/// For plot --help: one paragraph per report plot reads (its schema, what writes it, how it is
/// drawn), then those it refuses and what to plot instead; from the table the dispatch uses.
std::string plot_kinds_help();

/// The formats --output writes, by the file name's extension (.svg, .pdf, .png, any case).
enum class FigureFormat { svg, pdf, png };
/// InputError (one line) for any other extension.
FigureFormat figure_format(const std::string& path);
/// Writes the figure `svg` (of width x height px) to `path`: as it is for .svg; rendered
/// in-process by librsvg and cairo for .pdf (one page of width x height pt, 1 px = 1 pt) and
/// .png (width x height pixels on white). InputError when the extension is none of these or the
/// file cannot be opened for writing; IoError when writing it fails.
void write_figure(const std::string& svg, const std::string& path, int width, int height);

/// The figure of any report read by read_plot_input.
std::string plot_report(const PlotInput& input, const PlotOptions& options);

}  // namespace limitdir
