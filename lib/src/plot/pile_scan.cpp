// The records of `scan --job pile` (limitdir.scan-record/1, docs/manual.md sections 11, 14 and
// 15) as Fig. 5 of [Acary & Bourrier 2021]: H/d and the base radius/d against mu_r on a log axis
// (drawn in log10 of law.mu_r, as the heat maps draw a log axis), one curve per law.mu through the
// mean over the records of each (mu, mu_r) (the seeds, and any other axis), with their min-max
// band. plot reads the records, not a summary: a summary's table carries one field. A pile that
// reached the drop height (summary.reached_drop_height, docs/manual.md section 15) is an open
// triangle pointing up at its values of that moment, a lower bound, apart from the curves.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

constexpr double band_opacity = 0.18;
constexpr double pile_marker_radius = 3.2;  // px at font size 12
const char* const fields[] = {"H_over_d", "base_radius_over_d"};
const char* const field_labels[] = {"H/d", "base radius/d"};

/// The values of one (mu, mu_r): per field, the records' numbers - of the finished piles, and of
/// those that reached the drop height (at that moment).
struct Point {
  std::vector<double> values[2];
  std::vector<double> reached[2];
};

struct Study {
  std::map<double, std::map<double, Point>> curves;  // mu -> mu_r -> values
  std::size_t records = 0, without = 0;               // all records, those without both numbers
  std::size_t unconverged = 0;                        // drawn, their summary's converged false
  std::size_t reached = 0;                            // drawn as lower bounds
};

double point_value(const json& record, const char* key, const std::string& where) {
  const json& point = field(record, "point", where);
  if (!point.is_object() || !point.contains(key))
    throw InputError(where + ".point: missing \"" + key + "\"; plot draws the records of a pile scan over law.mu and "
                     "law.mu_r (e.g. --grid law.mu=0.1,0.3,1 --grid law.mu_r=log:1e-5:1e-1:9 --grid seed=1,2,3)");
  const double v = number_field(point, key, where + ".point");
  if (std::string(key) == "law.mu_r" && !(v > 0.0)) throw InputError(where + ".point.law.mu_r: must be > 0 on a log axis");
  return v;
}

Study read_study(const std::vector<json>& records) {
  Study s;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::string where = "record " + std::to_string(i + 1);
    const json& r = records[i];
    Point& p = s.curves[point_value(r, "law.mu", where)][point_value(r, "law.mu_r", where)];
    ++s.records;
    const json& summary = field(r, "summary", where);
    const auto number = [&](const char* key) {
      return summary.is_object() && summary.contains(key) && summary[key].is_number() &&
             std::isfinite(summary[key].get<double>());
    };
    if (!number(fields[0]) || !number(fields[1])) {
      ++s.without;  // a failed point (its status and reason in the record)
      continue;
    }
    const bool reached = summary.contains("reached_drop_height") && summary["reached_drop_height"] == true;
    for (int k = 0; k < 2; ++k) (reached ? p.reached[k] : p.values[k]).push_back(summary[fields[k]].get<double>());
    if (reached) ++s.reached;
    if (summary.contains("converged") && summary["converged"] == false) ++s.unconverged;
  }
  return s;
}

double mean(const std::vector<double>& v) {
  double sum = 0.0;
  for (const double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

/// An open triangle pointing up at (x, y) px: a pile that reached the drop height (a lower bound).
void up_triangle(svg::Document& doc, double x, double y, const std::string& colour) {
  const double r = 1.3 * pile_marker_radius * doc.font_scale();
  doc.polygon({{x, y - r}, {x + 0.87 * r, y + 0.5 * r}, {x - 0.87 * r, y + 0.5 * r}}, {colour, 1.3, "none", "", 1.0});
}

/// One panel: per mu the min-max band, the line through the means and a marker at each mean.
void draw_study_panel(svg::Document& doc, const svg::Frame& f, const Study& s, int k) {
  doc.begin_group(f.clip_id, std::string("curves ") + fields[k]);
  std::size_t c = 0;
  for (const auto& [mu, points] : s.curves) {
    const std::string colour = overlay_colour(c++);
    std::vector<svg::Point> line, upper, lower;
    for (const auto& [mu_r, p] : points) {
      if (p.values[k].empty()) continue;
      const double u = std::log10(mu_r);
      const auto [lo, hi] = std::minmax_element(p.values[k].begin(), p.values[k].end());
      line.push_back({u, mean(p.values[k])});
      upper.push_back(f.pixel(u, *hi));
      lower.push_back(f.pixel(u, *lo));
    }
    std::vector<svg::Point> band = upper;
    band.insert(band.end(), lower.rbegin(), lower.rend());
    if (band.size() >= 4) doc.polygon(band, {"none", 0.0, colour, "", band_opacity});
    else
      for (std::size_t i = 0; i < upper.size(); ++i)  // one mu_r: an error bar
        doc.line(upper[i].first, upper[i].second, lower[i].first, lower[i].second, {colour, 1.5, "none", "", 1.0});
    svg::data_line(doc, f, line, {colour, 2.0, "none", "", 1.0});
    for (const auto& [u, v] : line)
      doc.circle(f.to_x(u), f.to_y(v), pile_marker_radius * doc.font_scale(), {colour, 1.0, colour, "", 1.0},
                 fmt::format("class=\"mean\" data-mu=\"{}\"", mu));
  }
  doc.end_group();
  if (s.reached == 0) return;
  doc.begin_group(f.clip_id, std::string("reached ") + fields[k]);
  c = 0;
  for (const auto& [mu, points] : s.curves) {
    const std::string colour = overlay_colour(c++);
    for (const auto& [mu_r, p] : points)
      for (const double v : p.reached[k]) {
        const auto [x, y] = f.pixel(std::log10(mu_r), v);
        up_triangle(doc, x, y, colour);
      }
  }
  doc.end_group();
}

/// The data ranges: log10 mu_r over every point, each field over its min and max.
struct Ranges {
  double u0 = 0, u1 = 0, v0[2] = {0, 0}, v1[2] = {0, 0};
};
Ranges ranges(const Study& s) {
  Ranges r;
  bool first = true;
  for (const auto& [mu, points] : s.curves)
    for (const auto& [mu_r, p] : points)
      for (const auto* values : {p.values, p.reached}) {
        if (values[0].empty()) continue;
        const double u = std::log10(mu_r);
        for (int k = 0; k < 2; ++k) {
          const auto [lo, hi] = std::minmax_element(values[k].begin(), values[k].end());
          r.v0[k] = first ? *lo : std::min(r.v0[k], *lo);
          r.v1[k] = first ? *hi : std::max(r.v1[k], *hi);
        }
        r.u0 = first ? u : std::min(r.u0, u);
        r.u1 = first ? u : std::max(r.u1, u);
        first = false;
      }
  if (first) throw InputError("the pile scan's records hold no H_over_d and base_radius_over_d (every point failed)");
  return r;
}

}  // namespace

std::string plot_pile_scan(const std::vector<nlohmann::json>& records, const PlotOptions& options) {
  const Study s = read_study(records);
  const Ranges r = ranges(s);
  svg::Document doc = make_document(options, "limitdir pile scan");
  const double sc = doc.font_scale();
  const FigureTitle heading = figure_title(doc, "spheres piles: H/d and base radius/d against mu_r (Fig. 5)", 14.0);
  const Margins m = margins(doc);  // (the top one with the title's room)
  std::string line = fmt::format("{} records; line: the mean over the other axes (seeds), band: min-max", s.records);
  if (s.without > 0) line += fmt::format("; {} failed (left out)", s.without);
  if (s.unconverged > 0) line += fmt::format("; {} not converged (drawn)", s.unconverged);
  if (s.reached > 0) line += fmt::format("; {} reached the drop height (triangles: then, a lower bound)", s.reached);
  // in the paper styles the line wrapped whole (never cut in print), the panels below its lines
  const double top = m.top + 40.0 * sc + centred_text_extra(doc, line, 12.0), legend = 22.0 * sc;
  const double panel_w = (doc.width() - 2.0 * m.left - 2.0 * m.right) / 2.0;
  const double panel_h = doc.height() - top - m.bottom - legend;
  check_room(doc, panel_w, panel_h);
  draw_title(doc, 18.0 * sc + doc.title_room(), heading);
  centred_text(doc, 36.0 * sc + doc.title_room(), line, 12.0);
  const auto [u0, u1] = axis_range(std::nullopt, r.u0, r.u1, 0.05);
  for (int k = 0; k < 2; ++k) {
    const auto [v0, v1] = axis_range(std::nullopt, r.v0[k], r.v1[k], 0.08);
    const double x = m.left + k * (panel_w + m.left + m.right);
    // in print a panel's title that would shrink below svg::paper_least_size in its frame's width
    // (7.25 pt in a single column's 66 px) may reach into the margin right of it: 8.7 pt there
    const bool wider = doc.paper() && svg::fitting_size(doc, field_labels[k], 14.0, panel_w, true) < svg::paper_least_size;
    const svg::Frame f = svg::axes(doc, x, top, panel_w, panel_h,
                                   {u0, u1, v0, v1, "log10 of law.mu_r [m]", field_labels[k], wider ? "" : field_labels[k]});
    if (wider)
      doc.text(x + panel_w / 2.0, top - 8.0 * sc, field_labels[k],
               {svg::fitting_size(doc, field_labels[k], 14.0, panel_w + m.right, true), "middle", "black", 0.0, true});
    draw_study_panel(doc, f, s, k);
  }
  // the legend: one entry per mu, in a row under the panels
  double x = m.left;
  const double y = doc.height() - 8.0 * sc;
  std::size_t c = 0;
  for (const auto& [mu, points] : s.curves) {
    const std::string colour = overlay_colour(c++);
    doc.line(x, y - 4.0 * sc, x + 22.0 * sc, y - 4.0 * sc, {colour, 2.0, "none", "", 1.0});
    const std::string label = fmt::format("mu = {:g}", mu);
    doc.text(x + 28.0 * sc, y, label, {12.0});
    x += (40.0 + 12.0 * svg::text_advance * static_cast<double>(label.size())) * sc;
  }
  if (s.reached > 0) {
    up_triangle(doc, x + 6.0 * sc, y - 4.0 * sc, "#444444");
    doc.text(x + 16.0 * sc, y, "reached the drop height (a lower bound)", {12.0});
  }
  return doc.str();
}

}  // namespace limitdir
