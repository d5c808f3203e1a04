// A fit (limitdir.fit-report/1, docs/manual.md sections 11 and 16): one row per free parameter on
// a common axis, its position between its bounds (0 the lower bound, 1 the upper; a side without
// a bound drawn 4 standard errors past the farther of the start and the interval), the start a
// hollow circle, the estimate a filled one, its 95 % interval a bar, each row labelled with the
// key, the value and the interval; an undetermined parameter said so instead of a bar.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/category_frame.hpp"
#include "plot/common.hpp"
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

std::string text_of(const Row& r) {
  std::string s = fmt::format("{} = {:.6g}", r.key, r.value);
  if (std::isfinite(r.lo95)) s += fmt::format("   95 %: [{:.6g}, {:.6g}]", r.lo95, r.hi95);
  else s += "   undetermined by the data";
  s += fmt::format("   (bounds {}, {})", r.lower_bounded ? fmt::format("{:.4g}", r.lower) : "none",
                   r.upper_bounded ? fmt::format("{:.4g}", r.upper) : "none");
  return s;
}

void draw_row(svg::Document& doc, const svg::Frame& f, const Row& r, double y) {
  const double s = doc.font_scale(), yp = f.to_y(y);
  const auto x = [&](double v) { return f.to_x(std::clamp(position(r, v), -0.05, 1.05)); };
  doc.line(f.to_x(0.0), yp, f.to_x(1.0), yp, {"#cccccc", 1.0, "none", r.lower_bounded && r.upper_bounded ? "" : "4 3", 1.0});
  if (std::isfinite(r.lo95)) doc.line(x(r.lo95), yp, x(r.hi95), yp, {estimate_colour, 5.0, "none", "", 0.45});
  doc.circle(x(r.start), yp, 4.5 * s, {start_colour, 1.4, "white", "", 1.0}, "data-start=\"" + svg::escape(r.key) + "\"");
  const std::string colour = r.determined ? estimate_colour : undetermined_colour;
  doc.circle(x(r.value), yp, 4.5 * s, {colour, 1.0, colour, "", 1.0}, "data-estimate=\"" + svg::escape(r.key) + "\"");
  doc.text(f.x + 4.0 * s, yp - 9.0 * s, fitted(doc, text_of(r), f.width - 8.0 * s, 11.0),
           {11.0, "start", r.determined ? "black" : undetermined_colour});
}

}  // namespace

std::string plot_fit(const nlohmann::json& report, const PlotOptions& options) {
  if (options.log_y || options.x_range || options.y_range)
    throw InputError("--x-range, --y-range, --log-y: do not apply to a fit (its axis is each parameter's place "
                     "between its bounds)");
  if (options.panel != 0) throw InputError("--panel: a fit has one frame");
  const std::vector<Row> rows = read_rows(report);
  const std::string name = string_field(report, "name", "fit");
  const double rms = field(report, "rms", "fit").is_number() ? number_field(report, "rms", "fit") : std::nan("");
  const bool converged = field(report, "converged", "fit").is_boolean() && field(report, "converged", "fit").get<bool>();
  const std::size_t minima = array_field(report, "minima", "fit").size(), starts = array_field(report, "starts", "fit").size();
  const json& objective = field(report, "objective", "fit");
  std::string note = fmt::format("{}; rms {:.4g}; {} distinct minim{} from {} start{}", converged ? "converged" : "NOT converged",
                                 rms, minima, minima == 1 ? "um" : "a", starts, starts == 1 ? "" : "s");
  if (objective.is_number()) note += fmt::format("; objective {:.4g} (rad/s)^2", objective.get<double>());
  const std::vector<svg::LegendItem> legend{
      {svg::LegendItem::Kind::marker, {start_colour, 1.4, "white", "", 1.0}, "start"},
      {svg::LegendItem::Kind::marker, {estimate_colour, 1.0, estimate_colour, "", 1.0}, "estimate"},
      {svg::LegendItem::Kind::line, {estimate_colour, 5.0, "none", "", 0.45}, "95 % interval"},
      {svg::LegendItem::Kind::line, {"#cccccc", 1.0, "none", "4 3", 1.0}, "a side without a bound"}};
  svg::Document doc = make_document(options, "limitdir fit: " + (name.empty() ? std::string("fit") : name));
  const double p = static_cast<double>(rows.size());
  const svg::Frame f = titled_category_frame(
      doc, {-0.05, 1.05, 0.0, p, "place between the bounds (0 lower, 1 upper)", "", ""}, 'x',
      name.empty() ? "fit" : name, note, legend);
  doc.begin_group(f.clip_id, "parameters");
  for (std::size_t k = 0; k < rows.size(); ++k) draw_row(doc, f, rows[k], p - 0.5 - static_cast<double>(k) - 0.1);
  doc.end_group();
  return doc.str();
}

}  // namespace limitdir
