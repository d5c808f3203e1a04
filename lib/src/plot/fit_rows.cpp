// The data and the model of a fit report, row by row (plot/fit_rows.hpp, docs/manual.md
// sections 11 and 16).
#include "plot/fit_rows.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "limitdir/core/errors.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

namespace {

using json = nlohmann::json;

const char* const column_colours[] = {"#1f63d4", "#d62728", "#2ca02c"};
constexpr double data_width = 3.4;       // px: the reference run drawn broad and pale under the model
constexpr double data_opacity = 0.35;
constexpr double model_width = 1.3;      // px
constexpr double marker_radius = 2.0;    // px (times the font scale), a row's marker
constexpr double range_padding = 0.05;   // of the data's span on each side

std::array<double, 3> triple(const json& v, const std::string& where) {
  if (!v.is_array() || v.size() != 3) throw InputError(where + ": must be an array of three numbers");
  std::array<double, 3> out{};
  for (std::size_t c = 0; c < 3; ++c) {
    if (!v[c].is_number() || !std::isfinite(v[c].get<double>())) throw InputError(where + ": must hold finite numbers");
    out[c] = v[c].get<double>();
  }
  return out;
}

std::vector<std::array<double, 3>> triples(const json& rows, const char* key) {
  const json& a = array_field(rows, key, "fit.rows");
  std::vector<std::array<double, 3>> out;
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(triple(a[i], "fit.rows." + std::string(key) + "[" + std::to_string(i) + "]"));
  return out;
}

// [lo, hi] of the values as axis_range pads them; no value: [0, 1]; a span beyond a double: an error.
std::pair<double, double> padded(double lo, double hi) {
  if (!(hi >= lo)) return {0.0, 1.0};
  const auto range = axis_range(std::nullopt, lo, hi, range_padding);
  if (!std::isfinite(range.second - range.first)) throw InputError("fit.rows: the values span more than a double");
  return range;
}

std::pair<double, double> span(const std::vector<std::array<double, 3>>& a, const std::vector<std::array<double, 3>>& b) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto* v : {&a, &b})
    for (const auto& x : *v)
      for (const double c : x) lo = std::min(lo, c), hi = std::max(hi, c);
  return padded(lo, hi);
}

// The run's time axis: [t_first, t_last], a unit interval about a single sample.
std::pair<double, double> times(const FitRowsView& r) {
  const double t0 = r.t.front(), t1 = r.t.back();
  return t1 > t0 ? std::pair{t0, t1} : std::pair{t0, t0 + 1.0};
}

std::vector<std::array<double, 3>> differences(const FitRowsView& r) {
  std::vector<std::array<double, 3>> d(r.size());
  for (std::size_t i = 0; i < r.size(); ++i)
    for (std::size_t c = 0; c < 3; ++c) d[i][c] = r.model[i][c] - r.data[i][c];
  return d;
}

// Column c of `v` against t, a line.
std::vector<svg::Point> line(const std::vector<double>& t, const std::vector<std::array<double, 3>>& v, std::size_t c) {
  std::vector<svg::Point> p;
  for (std::size_t i = 0; i < v.size(); ++i) p.emplace_back(t[i], v[i][c]);
  return p;
}

// Markers at (x(i), y(i)) for every drawn row i, column c's colour, in the frame's clip.
template <class X, class Y>
void markers(svg::Document& doc, const svg::Frame& f, std::size_t n, std::size_t c, const X& x, const Y& y) {
  const std::size_t step = drawn_step(n);
  const double r = marker_radius * doc.font_scale();
  doc.begin_group(f.clip_id, "rows column-" + std::to_string(c + 1));
  for (std::size_t i = 0; i < n; i += step)
    doc.circle(f.to_x(x(i)), f.to_y(y(i)), r, {"none", 0.0, column_colours[c], "", 0.7});
  doc.end_group();
}

}  // namespace

FitRowsView read_fit_rows(const json& report) {
  const json& rows = field(report, "rows", "fit");
  FitRowsView v;
  v.data = triples(rows, "data");
  v.model = triples(rows, "model");
  if (v.model.size() != v.data.size()) throw InputError("fit.rows: data and model must have as many rows");
  if (v.data.empty()) throw InputError("fit.rows.data: must not be empty");
  const json& t = field(rows, "t", "fit.rows");
  v.run = !t.is_null();
  if (v.run) {
    for (std::size_t i = 0; i < array_field(rows, "t", "fit.rows").size(); ++i) {
      const json& x = t[i];
      if (!x.is_number() || !std::isfinite(x.get<double>())) throw InputError("fit.rows.t: must hold finite numbers");
      v.t.push_back(x.get<double>());
    }
    if (v.t.size() != v.data.size()) throw InputError("fit.rows: t and data must have as many rows");
  }
  const json& columns = array_field(rows, "columns", "fit.rows");
  if (columns.size() != 3) throw InputError("fit.rows.columns: must name three columns");
  for (const json& c : columns) {
    if (!c.is_string()) throw InputError("fit.rows.columns: must name three columns");
    v.columns.push_back(c.get<std::string>());
  }
  return v;
}

std::size_t drawn_step(std::size_t rows) { return rows <= kDrawnRows ? 1 : (rows + kDrawnRows - 1) / kDrawnRows; }

std::array<std::string, 2> fit_rows_y_labels(const FitRowsView& r) {
  if (r.run) return {r.columns[0] + ", " + r.columns[1] + ", " + r.columns[2] + " [rad/s]", "model - data [rad/s]"};
  return {"model", "model - data"};
}

void draw_fit_data(svg::Document& doc, const FitRowsView& r, const svg::Box& box) {
  const auto [lo, hi] = span(r.data, r.model);
  const std::string names = r.columns[0] + ", " + r.columns[1] + ", " + r.columns[2];
  if (r.run) {
    const auto [t0, t1] = times(r);
    const svg::Frame f = svg::axes(doc, box.x, box.y, box.w, box.h, {t0, t1, lo, hi, "t [s]", fit_rows_y_labels(r)[0], ""});
    for (std::size_t c = 0; c < 3; ++c) {
      doc.begin_group("", "series data-" + r.columns[c]);
      svg::data_line(doc, f, line(r.t, r.data, c), {column_colours[c], data_width, "none", "", data_opacity});
      doc.end_group();
      doc.begin_group("", "series model-" + r.columns[c]);
      svg::data_line(doc, f, line(r.t, r.model, c), {column_colours[c], model_width, "none", "", 1.0});
      doc.end_group();
    }
    return;
  }
  // A parity plot: one scale on both axes, the diagonal where model = data.
  const svg::Frame f = svg::axes(doc, box.x, box.y, box.w, box.h, {lo, hi, lo, hi, "data (" + names + ")", fit_rows_y_labels(r)[0], ""});
  doc.begin_group(f.clip_id, "diagonal");
  doc.line(f.to_x(lo), f.to_y(lo), f.to_x(hi), f.to_y(hi), {"#888888", 1.0, "none", "5 3", 1.0});
  doc.end_group();
  for (std::size_t c = 0; c < 3; ++c)
    markers(doc, f, r.size(), c, [&](std::size_t i) { return r.data[i][c]; }, [&](std::size_t i) { return r.model[i][c]; });
}

void draw_fit_residuals(svg::Document& doc, const FitRowsView& r, const svg::Box& box) {
  const std::vector<std::array<double, 3>> d = differences(r);
  const auto [lo, hi] = span(d, d);
  if (r.run) {
    const auto [t0, t1] = times(r);
    const svg::Frame f = svg::axes(doc, box.x, box.y, box.w, box.h, {t0, t1, lo, hi, "t [s]", fit_rows_y_labels(r)[1], ""});
    for (std::size_t c = 0; c < 3; ++c) {
      doc.begin_group("", "series residual-" + r.columns[c]);
      svg::data_line(doc, f, line(r.t, d, c), {column_colours[c], model_width, "none", "", 1.0});
      doc.end_group();
    }
    return;
  }
  const double n = static_cast<double>(r.size());
  const svg::Frame f = svg::axes(doc, box.x, box.y, box.w, box.h, {0.5, n + 0.5, lo, hi, "row", fit_rows_y_labels(r)[1], ""});
  for (std::size_t c = 0; c < 3; ++c)
    markers(doc, f, r.size(), c, [](std::size_t i) { return static_cast<double>(i + 1); }, [&](std::size_t i) { return d[i][c]; });
}

std::vector<svg::LegendItem> fit_rows_legend(const FitRowsView& r) {
  std::vector<svg::LegendItem> items;
  if (r.run) {
    items.push_back({svg::LegendItem::Kind::line, {"#444444", data_width, "none", "", data_opacity}, "reference run (the data)"});
    items.push_back({svg::LegendItem::Kind::line, {"#444444", model_width, "none", "", 1.0}, "model at the best"});
  } else {
    items.push_back({svg::LegendItem::Kind::line, {"#888888", 1.0, "none", "5 3", 1.0}, "model = data"});
  }
  for (std::size_t c = 0; c < 3; ++c)
    items.push_back({svg::LegendItem::Kind::swatch, {column_colours[c], 1.0, column_colours[c], "", 1.0}, r.columns[c]});
  return items;
}

}  // namespace limitdir::plot_detail
