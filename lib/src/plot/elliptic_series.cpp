// The errors of the nome series (64)-(65) [Kudra & Awrejcewicz 2013] (elliptic-series' report,
// limitdir.elliptic-series/1, docs/manual.md section 7) as its Fig. 13: |K_n - K| (a) and
// |E_n - E| (b) against b on a log axis, one curve per order (n_q, n_K, n_E). A zero error (b = 1,
// where the series is exact, or a difference below the rounding of K, E) has no place on a log
// axis: the curve is broken there, and the line under the title says how many such points were
// left out.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

const char* const error_fields[] = {"K_error", "E_error"};
const char* const panel_titles[] = {"a) K", "b) E"};
const char* const panel_labels[] = {"|K_n - K|", "|E_n - E|"};

/// Per panel (K, E) and order, the points (b, |error|); a zero error is NaN (not drawn).
struct SeriesErrors {
  std::vector<std::string> orders;
  Runs runs[2];
  std::size_t zeros = 0;
  double b0 = 0, b1 = 0;
};

SeriesErrors read_series(const json& report) {
  const std::string where = "elliptic-series";
  SeriesErrors s;
  for (const json& o : array_field(report, "orders", where))
    s.orders.push_back(fmt::format("(n_q, n_K, n_E) = ({}, {}, {})", number_field(o, "n_q", where + ".orders"),
                                   number_field(o, "n_K", where + ".orders"), number_field(o, "n_E", where + ".orders")));
  if (s.orders.empty()) throw InputError(where + ".orders: empty (no series to draw)");
  for (int p = 0; p < 2; ++p) s.runs[p].resize(s.orders.size());
  const json& rows = array_field(report, "rows", where);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string at = where + ".rows[" + std::to_string(i) + "]";
    const double b = number_field(rows[i], "b", at);
    s.b0 = i == 0 ? b : std::min(s.b0, b);
    s.b1 = i == 0 ? b : std::max(s.b1, b);
    for (int p = 0; p < 2; ++p) {
      const json& errors = array_field(rows[i], error_fields[p], at);
      if (errors.size() != s.orders.size())
        throw InputError(fmt::format("{}.{}: {} errors for {} orders", at, error_fields[p], errors.size(), s.orders.size()));
      for (std::size_t k = 0; k < errors.size(); ++k) {
        if (!errors[k].is_number() || !std::isfinite(errors[k].get<double>()))
          throw InputError(fmt::format("{}.{}[{}]: must be a finite number", at, error_fields[p], k));
        const double e = std::abs(errors[k].get<double>());
        if (e == 0.0) ++s.zeros;
        s.runs[p][k].emplace_back(b, e > 0.0 ? e : std::nan(""));
      }
    }
  }
  if (!(s.b0 < s.b1)) throw InputError(where + ".rows: needs two or more values of b");
  return s;
}

}  // namespace

std::string plot_elliptic_series(const nlohmann::json& report, const PlotOptions& options) {
  const SeriesErrors s = read_series(report);
  svg::Document doc = make_document(options, "limitdir elliptic-series");
  const double sc = doc.font_scale(), W = options.width, H = options.height;
  const FigureTitle heading =
      figure_title(doc, "errors of the series (64)-(65) of K and E against Boost.Math (Fig. 13 [Kudra & Awrejcewicz 2013])", 14.0);
  const Margins m = margins(doc);
  std::vector<svg::LegendItem> legend;
  for (std::size_t k = 0; k < s.orders.size(); ++k)
    legend.push_back({svg::LegendItem::Kind::line, {overlay_colour(k), 2.0, "none", "", 1.0}, s.orders[k]});
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  std::string caption = "K_n, E_n: the series of order (n_q, n_K, n_E); K, E: Boost.Math; near 1e-15 the errors are rounding";
  if (s.zeros > 0) caption += fmt::format("; {} zero errors not drawn", s.zeros);
  // room for the line under the title (as the pile scan's), in the paper styles its lines
  const double top = m.top + 40.0 * sc + centred_text_extra(doc, caption, 12.0);
  const double panel_w = (W - 2.0 * m.left - 2.0 * m.right) / 2.0, panel_h = H - top - m.bottom - legend_h;
  check_room(doc, panel_w, panel_h);
  draw_title(doc, 18.0 * sc + doc.title_room(), heading);
  centred_text(doc, 36.0 * sc + doc.title_room(), caption, 12.0);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, W - m.left - m.right, shown);
  const std::pair<double, double> x = axis_range(std::nullopt, s.b0, s.b1, 0.0);
  for (int p = 0; p < 2; ++p) {
    const auto [y0, y1] = log_range(s.runs[p], x.first, x.second, 0.05);
    const double left = m.left + p * (panel_w + m.left + m.right);
    const svg::Frame f = svg::axes(doc, left, top, panel_w, panel_h,
                                   {x.first, x.second, y0, y1, doc.paper() ? "axis ratio b" : "b (axis ratio of the ellipse)", panel_labels[p],
                                    panel_titles[p], false, true});
    doc.begin_group(f.clip_id, std::string("errors ") + error_fields[p]);
    for (std::size_t k = 0; k < s.orders.size(); ++k)
      svg::data_line(doc, f, s.runs[p][k], {overlay_colour(k), 2.0, "none", "", 1.0});
    doc.end_group();
  }
  return doc.str();
}

}  // namespace limitdir
