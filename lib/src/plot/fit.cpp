// A fit (limitdir.fit-report/1, docs/manual.md sections 11 and 16): one row per free parameter on
// a common axis, its position between its bounds (0 the lower bound, 1 the upper; a side without
// a bound drawn 4 standard errors past the farther of the start and the interval), the start a
// hollow circle, the estimate a filled one, its 95 % interval a bar, each row labelled with the
// key, the value and the interval; an undetermined parameter said so instead of a bar.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/category_frame.hpp"
#include "plot/common.hpp"
#include "plot/fit_rows.hpp"
#include "plot/time_panels.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

const char* const estimate_colour = "#1f63d4";
const char* const start_colour = "#7f7f7f";
const char* const undetermined_colour = "#d62728";

struct Row {
  std::string key;
  double value, start, lower, upper;  // lower/upper: the row's scale (the bounds, or made)
  bool lower_bounded, upper_bounded, determined;
  double lo95, hi95;
};

double optional_number(const json& p, const char* key, const std::string& where) {
  const json& v = field(p, key, where);
  if (v.is_null()) return std::nan("");
  return number_field(p, key, where);
}

Row read_row(const json& p, const std::string& where) {
  Row r{string_field(p, "key", where), number_field(p, "value", where), number_field(p, "start", where),
        optional_number(p, "lower", where), optional_number(p, "upper", where), false, false,
        field(p, "determined", where).is_boolean() && field(p, "determined", where).get<bool>(), std::nan(""),
        std::nan("")};
  const json& interval = array_field(p, "interval95", where);
  if (interval.size() != 2) throw InputError(where + ".interval95: must hold two numbers or nulls");
  if (r.determined && interval[0].is_number() && interval[1].is_number())
    r.lo95 = interval[0].get<double>(), r.hi95 = interval[1].get<double>();
  r.lower_bounded = std::isfinite(r.lower);
  r.upper_bounded = std::isfinite(r.upper);
  // A side without a bound: past the farther of the start, the value and the interval by 4
  // standard errors (the interval's half-width / t975 ~ 2), or by 1 where there is no interval.
  double near_lo = std::min(r.start, r.value), near_hi = std::max(r.start, r.value);
  if (std::isfinite(r.lo95)) near_lo = std::min(near_lo, r.lo95), near_hi = std::max(near_hi, r.hi95);
  const double margin = std::isfinite(r.lo95) ? 2.0 * (r.hi95 - r.lo95) / 2.0 : 1.0;
  if (!r.lower_bounded) r.lower = near_lo - margin;
  if (!r.upper_bounded) r.upper = near_hi + margin;
  if (!(r.upper > r.lower) || !std::isfinite(r.value) || !std::isfinite(r.start))
    throw InputError(where + ": the bounds, start and value must be finite numbers with lower < upper");
  return r;
}

std::vector<Row> read_rows(const json& report) {
  const json& parameters = array_field(report, "parameters", "fit");
  if (parameters.empty()) throw InputError("fit.parameters: must not be empty");
  std::vector<Row> rows;
  for (std::size_t k = 0; k < parameters.size(); ++k) rows.push_back(read_row(parameters[k], "fit.parameters[" + std::to_string(k) + "]"));
  return rows;
}

double position(const Row& r, double v) { return (v - r.lower) / (r.upper - r.lower); }

/// The pitch (px at font size 12) of a row's lines of text.
constexpr double row_line = 13.0;

/// The row's text - the key and value, the 95 % interval, the bounds - joined on as few lines as
/// fit `width` px at 11 px; never cut (a part wider than the width on a line of its own).
std::vector<std::string> text_lines(const svg::Document& doc, const Row& r, double width) {
  const std::vector<std::string> parts{
      fmt::format("{} = {:.6g}", r.key, r.value),
      std::isfinite(r.lo95) ? fmt::format("95 %: [{:.6g}, {:.6g}]", r.lo95, r.hi95) : "undetermined by the data",
      fmt::format("(bounds {}, {})", r.lower_bounded ? fmt::format("{:.4g}", r.lower) : "none",
                  r.upper_bounded ? fmt::format("{:.4g}", r.upper) : "none")};
  std::vector<std::string> lines{parts[0]};
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const std::string longer = lines.back() + "   " + parts[k];
    if (svg::text_box(0.0, 0.0, longer, {11.0 * doc.font_scale()}).w <= width) lines.back() = longer;
    else lines.push_back(parts[k]);
  }
  return lines;
}

void draw_row(svg::Document& doc, const svg::Frame& f, const Row& r, double y) {
  const double s = doc.font_scale(), yp = f.to_y(y);
  const auto x = [&](double v) { return f.to_x(std::clamp(position(r, v), -0.05, 1.05)); };
  doc.line(f.to_x(0.0), yp, f.to_x(1.0), yp, {"#cccccc", 1.0, "none", r.lower_bounded && r.upper_bounded ? "" : "4 3", 1.0});
  if (std::isfinite(r.lo95)) doc.line(x(r.lo95), yp, x(r.hi95), yp, {estimate_colour, 5.0, "none", "", 0.45});
  doc.circle(x(r.start), yp, 4.5 * s, {start_colour, 1.4, "white", "", 1.0}, "data-start=\"" + svg::escape(r.key) + "\"");
  const std::string colour = r.determined ? estimate_colour : undetermined_colour;
  doc.circle(x(r.value), yp, 4.5 * s, {colour, 1.0, colour, "", 1.0}, "data-estimate=\"" + svg::escape(r.key) + "\"");
  const std::vector<std::string> lines = text_lines(doc, r, f.width - 8.0 * s);
  for (std::size_t k = 0; k < lines.size(); ++k)  // the last line's baseline 9 px above the marker
    doc.text(f.x + 4.0 * s, yp - 9.0 * s - row_line * s * static_cast<double>(lines.size() - 1 - k), lines[k],
             {11.0, "start", r.determined ? "black" : undetermined_colour});
}

// The parameters' rows in their frame (y from p at the top to 0).
void draw_parameters(svg::Document& doc, const svg::Frame& f, const std::vector<Row>& rows) {
  const double p = static_cast<double>(rows.size());
  doc.begin_group(f.clip_id, "parameters");
  // each marker 0.4 of its row's height above the row's bottom, at most 14 px (the text above it)
  const double below = std::min(0.4, 14.0 * doc.font_scale() * p / f.height);
  for (std::size_t k = 0; k < rows.size(); ++k) draw_row(doc, f, rows[k], p - 1.0 - static_cast<double>(k) + below);
  doc.end_group();
}

svg::AxesSpec parameters_spec(const std::vector<Row>& rows) {
  return {-0.05, 1.05, 0.0, static_cast<double>(rows.size()), "place between bounds (0 lower, 1 upper)", "", ""};
}

/// A row needs ~32 px (its text 9 px above its marker and 11 px high, the marker's 4.5 px
/// radius, gaps) and row_line more for each further line of its text.
constexpr double parameter_row = 32.0;

/// The height (px) the parameters' frame needs for its rows' text in a frame `width` px wide.
double parameters_need(const svg::Document& doc, const std::vector<Row>& rows, double width) {
  std::size_t most = 1;
  for (const Row& r : rows) most = std::max(most, text_lines(doc, r, width - 8.0 * doc.font_scale()).size());
  const double row_h = (parameter_row + row_line * static_cast<double>(most - 1)) * doc.font_scale();
  return std::max(static_cast<double>(rows.size()) * row_h, 2.0 * parameter_row * doc.font_scale());
}

std::vector<svg::LegendItem> parameters_legend() {
  return {{svg::LegendItem::Kind::marker, {start_colour, 1.4, "white", "", 1.0}, "start"},
          {svg::LegendItem::Kind::marker, {estimate_colour, 1.0, estimate_colour, "", 1.0}, "estimate"},
          {svg::LegendItem::Kind::line, {estimate_colour, 5.0, "none", "", 0.45}, "95 % interval"},
          {svg::LegendItem::Kind::line, {"#cccccc", 1.0, "none", "4 3", 1.0}, "a side without a bound"}};
}

// The line under the title: convergence, rms, minima, the objective of a run, and what of the
// rows is drawn (or why none are).
std::string note_of(const json& report, const std::optional<FitRowsView>& data, const std::string& absent) {
  const double rms = field(report, "rms", "fit").is_number() ? number_field(report, "rms", "fit") : std::nan("");
  const bool converged = field(report, "converged", "fit").is_boolean() && field(report, "converged", "fit").get<bool>();
  const std::size_t minima = array_field(report, "minima", "fit").size(), starts = array_field(report, "starts", "fit").size();
  const json& objective = field(report, "objective", "fit");
  std::string note = fmt::format("{}; rms {:.4g}; {} distinct minim{} from {} start{}", converged ? "converged" : "NOT converged",
                                 rms, minima, minima == 1 ? "um" : "a", starts, starts == 1 ? "" : "s");
  if (objective.is_number()) note += fmt::format("; objective {:.4g} (rad/s)^2", objective.get<double>());
  if (!data) note += "; no rows: " + absent;
  else if (!data->run && drawn_step(data->size()) > 1)
    note += fmt::format("; every {}th of {} rows drawn", drawn_step(data->size()), data->size());
  return note;
}

// The heading above frames whose top is `top`, and the legend at the bottom.
void heading_and_legend(svg::Document& doc, double top, const FigureTitle& title, const FigureTitle& note,
                        const std::vector<svg::LegendItem>& legend, double legend_h) {
  const double s = doc.font_scale(), W = doc.width(), H = doc.height();
  // the note's descent (2.75 s) clear of the top y tick label's ascent above the frame (5.6 s)
  draw_title(doc, top - 30.0 * s - note_room(doc, note), title);
  draw_note(doc, top - 12.0 * s, note);
  svg::legend_rows(doc, margins(doc).left, H - legend_h - 4.0, W - margins(doc).left - margins(doc).right, legend);
}

/// The parameters' frame fills at most this fraction of the height under the data's frames.
constexpr double max_parameters_share = 0.45;

// Every frame: the data and the model (left) and their difference (right) above the parameters.
// In the paper styles nothing is drawn when the figure is too low for the rows' text or the
// frames' y labels at svg::paper_least_size: returns how much higher (px) it must be, else 0.
double draw_everything(svg::Document& doc, const std::vector<Row>& rows, const FitRowsView& data, const std::string& title,
                       const std::string& note) {
  const double s = doc.font_scale(), W = doc.width(), H = doc.height();
  const FigureTitle heading = figure_title(doc, title, 14.0), lines = note_layout(doc, note);
  const Margins m = margins(doc);
  const double top = m.top + 16.0 * s + note_room(doc, lines), full_w = W - m.left - m.right, half_w = (full_w - m.left) / 2.0;
  std::vector<svg::LegendItem> items = fit_rows_legend(data);
  for (const svg::LegendItem& item : parameters_legend()) items.push_back(item);
  const std::vector<svg::LegendItem> legend = svg::fit_legend(doc, items, full_w, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, full_w);
  const double frames_h = H - top - m.bottom - legend_h - m.bottom;  // two rows of frames, each with labels below
  // the paper styles: the rows' whole height, the upper frames as high as their y labels are long
  // and 3/4 as high as wide at least
  const double wanted = parameters_need(doc, rows, full_w);
  const double params_h = doc.paper() ? wanted : std::min(wanted, max_parameters_share * frames_h);
  const double upper_h = frames_h - params_h;
  if (doc.paper()) {
    double need = 0.75 * half_w;
    for (const std::string& y : fit_rows_y_labels(data)) need = std::max(need, svg::y_label_shortfall(doc, y, 0.0));
    if (upper_h < need) return need - upper_h;
  }
  check_room(doc, half_w, upper_h);
  check_room(doc, full_w, params_h);
  draw_fit_data(doc, data, {m.left, top, half_w, upper_h});
  draw_fit_residuals(doc, data, {2.0 * m.left + half_w, top, half_w, upper_h});
  const svg::Frame f = category_frame(doc, m.left, top + upper_h + m.bottom, full_w, params_h, parameters_spec(rows), 'x');
  draw_parameters(doc, f, rows);
  heading_and_legend(doc, top, heading, lines, legend, legend_h);
  return 0.0;
}

// One frame of the data (panel 2) or of the differences (panel 3) filling the figure; returns
// as draw_everything.
double draw_one_rows_frame(svg::Document& doc, const FitRowsView& data, int panel, const std::string& title,
                           const std::string& note) {
  const double s = doc.font_scale(), W = doc.width(), H = doc.height();
  const FigureTitle heading = figure_title(doc, title, 14.0), lines = note_layout(doc, note);
  const Margins m = margins(doc);
  const double top = m.top + 16.0 * s + note_room(doc, lines), full_w = W - m.left - m.right;
  const std::vector<svg::LegendItem> legend = svg::fit_legend(doc, fit_rows_legend(data), full_w, max_legend * H);
  const double legend_h = svg::legend_height(doc, legend, full_w), frame_h = H - top - m.bottom - legend_h;
  const double shortfall = svg::y_label_shortfall(doc, fit_rows_y_labels(data)[panel == 2 ? 0 : 1], frame_h);
  if (shortfall > 0.0) return shortfall;
  check_room(doc, full_w, frame_h);
  if (panel == 2) draw_fit_data(doc, data, {m.left, top, full_w, frame_h});
  else draw_fit_residuals(doc, data, {m.left, top, full_w, frame_h});
  heading_and_legend(doc, top, heading, lines, legend, legend_h);
  return 0.0;
}

}  // namespace

std::string plot_fit(const nlohmann::json& report, const PlotOptions& options) {
  if (options.log_y || options.x_range || options.y_range)
    throw InputError("--x-range, --y-range, --log-y: do not apply to a fit (its frames take their ranges from the "
                     "bounds and the rows)");
  const std::vector<Row> rows = read_rows(report);
  const json& in = field(report, "rows", "fit");
  if (!field(in, "included", "fit.rows").is_boolean()) throw InputError("fit.rows.included: must be true or false");
  std::optional<FitRowsView> data;
  std::string absent;
  if (in["included"].get<bool>()) data = read_fit_rows(report);
  else absent = string_field(in, "reason", "fit.rows");
  const int panels = data ? 3 : 1;
  if (options.panel > panels)
    throw InputError(data ? fmt::format("--panel: a fit has 3 panels (1 parameters, 2 data and model, 3 model - data) "
                                        "(got {})", options.panel)
                          : fmt::format("--panel: this fit report has 1 panel, its parameters (no rows: {}) (got {})",
                                        absent, options.panel));
  const std::string name = string_field(report, "name", "fit");
  const std::string title = name.empty() ? std::string("fit") : name, note = note_of(report, data, absent);
  svg::Document doc = make_document(options, "limitdir fit: " + title);
  // the paper styles: the figure grown (drawn anew) until every text has its room at its size
  double shortfall = 0.0;
  if (data && options.panel == 0) {
    shortfall = draw_everything(doc, rows, *data, title, note);
  } else if (data && options.panel >= 2) {
    shortfall = draw_one_rows_frame(doc, *data, options.panel, title, note);
  } else {
    const svg::Frame f = titled_category_frame(doc, parameters_spec(rows), 'x', title, note, parameters_legend());
    if (doc.paper()) shortfall = parameters_need(doc, rows, f.width) - f.height;
    if (shortfall <= 0.0) draw_parameters(doc, f, rows);
  }
  if (shortfall > 0.0) return plot_fit(report, taller(options, shortfall));
  return doc.str();
}

}  // namespace limitdir
