// Several fits (limitdir.fit-report/1, docs/manual.md section 16) of one fit file whose problems
// differ in one numeric key (fit FILE --set KEY=V for several V) as Fig. 10 of [Kudra & Awrejcewicz
// 2013]: each fitted parameter against that key, its estimate a filled point with its 95 %
// interval as a bar, one colour per parameter. For the joins u0 of W (friction.u0.0..2 of the
// kudra-w model, Hertz pressure) against the ellipse's axis ratio the paper's cubics (58) are drawn
// as dashed reference lines, so named in the legend: they are the paper's printed fit, not ours.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

constexpr double marker_radius = 3.2;  // px at font size 12, as the pile scan's means
constexpr int reference_samples = 101;  // points of each reference cubic across the axis

/// The numeric leaves of a problem by their dotted paths, array elements by their index
/// ("contact.shape.ellipse.1", as --set names them, docs/manual.md section 4).
void numeric_leaves(const json& j, const std::string& path, std::map<std::string, double>& out) {
  if (j.is_object() || j.is_array()) {
    std::size_t i = 0;
    for (const auto& item : j.items()) {
      const std::string key = j.is_array() ? std::to_string(i++) : item.key();
      numeric_leaves(item.value(), path.empty() ? key : path + "." + key, out);
    }
  } else if (j.is_number()) {
    out[path] = j.get<double>();
  }
}

/// One parameter's estimate and 95 % interval (NaN when the report has none) at x.
struct Estimate {
  double x, value, lo, hi;
};

struct Sweep {
  std::string key;                          // the problem key the fits differ in
  std::vector<std::string> parameters;      // the fitted keys, in the reports' order
  std::vector<std::vector<Estimate>> points;  // per parameter
  bool joins = false;                       // the joins u0 of W against the ellipse's b: (58) applies
};

/// The one numeric problem key (other than the fitted ones) whose value differs between the fits.
std::string swept_key(const std::vector<PlotInput>& inputs, const std::vector<std::map<std::string, double>>& problems,
                      const std::set<std::string>& fitted) {
  std::set<std::string> keys;
  for (const auto& p : problems)
    for (const auto& [key, value] : p) keys.insert(key);
  std::vector<std::string> differing;
  for (const std::string& key : keys) {
    if (fitted.count(key)) continue;
    for (std::size_t k = 0; k < problems.size(); ++k)
      if (!problems[0].count(key) || !problems[k].count(key) || problems[k].at(key) != problems[0].at(key)) {
        differing.push_back(key);
        break;
      }
  }
  if (differing.size() != 1) {
    std::string list;
    for (const std::string& key : differing) list += (list.empty() ? "" : ", ") + key;
    throw InputError(fmt::format("overlay: {} fits ({}, ...) whose problems differ in {} numeric keys{}; plot draws the "
                                 "fitted parameters of fits differing in one key (fit FILE --set KEY=V for several V)",
                                 inputs.size(), inputs.front().source, differing.size(),
                                 list.empty() ? std::string() : " (" + list + ")"));
  }
  return differing.front();
}

Sweep read_sweep(const std::vector<PlotInput>& inputs) {
  Sweep s;
  std::vector<std::map<std::string, double>> problems(inputs.size());
  for (const json& p : array_field(inputs.front().report, "parameters", inputs.front().source))
    s.parameters.push_back(string_field(p, "key", inputs.front().source + ".parameters"));
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    numeric_leaves(field(inputs[k].report, "problem", inputs[k].source), "", problems[k]);
    std::vector<std::string> keys;
    for (const json& p : array_field(inputs[k].report, "parameters", inputs[k].source))
      keys.push_back(string_field(p, "key", inputs[k].source + ".parameters"));
    if (keys != s.parameters)
      throw InputError("overlay: " + inputs[k].source + " fits other parameters than " + inputs.front().source);
  }
  s.key = swept_key(inputs, problems, {s.parameters.begin(), s.parameters.end()});
  s.points.resize(s.parameters.size());
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const double x = problems[k].at(s.key);
    const json& parameters = inputs[k].report["parameters"];
    for (std::size_t i = 0; i < s.parameters.size(); ++i) {
      const std::string where = inputs[k].source + ".parameters[" + std::to_string(i) + "]";
      const json& interval = parameters[i].contains("interval95") ? parameters[i]["interval95"] : json();
      const bool bar = interval.is_array() && interval.size() == 2 && interval[0].is_number() && interval[1].is_number();
      s.points[i].push_back({x, number_field(parameters[i], "value", where), bar ? interval[0].get<double>() : std::nan(""),
                             bar ? interval[1].get<double>() : std::nan("")});
    }
  }
  for (auto& p : s.points) std::sort(p.begin(), p.end(), [](const Estimate& a, const Estimate& b) { return a.x < b.x; });
  // (58) is the paper's fit for W with the Hertz pressure on the ellipse [1, b], b in (0, 1]
  const json& problem = inputs.front().report["problem"];
  const auto text = [&](const char* pointer) {
    const json::json_pointer ptr(pointer);
    return problem.contains(ptr) && problem[ptr].is_string() ? problem[ptr].get<std::string>() : std::string();
  };
  s.joins = text("/friction/model") == "kudra-w" && text("/contact/pressure") == "hertz" &&
            s.key == "contact.shape.ellipse.1" &&
            s.parameters == std::vector<std::string>{"friction.u0.0", "friction.u0.1", "friction.u0.2"};
  for (const std::map<std::string, double>& p : problems)
    s.joins = s.joins && p.count("contact.shape.ellipse.0") && p.at("contact.shape.ellipse.0") == 1.0 &&
              p.at(s.key) > 0.0 && p.at(s.key) <= 1.0;
  return s;
}

/// The parameters' names in the legend: the joins' u0,f of (58), else their keys.
std::string parameter_name(const Sweep& s, std::size_t i) {
  static const char* const joins[] = {"u0,T_sx", "u0,T_sy", "u0,M_s"};
  return s.joins ? joins[i] : s.parameters[i];
}

/// The reference cubics (58) over [x0, x1], one run per join.
Runs joins_58(double x0, double x1) {
  Runs runs(3);
  for (int j = 0; j < reference_samples; ++j) {
    const double b = x0 + (x1 - x0) * j / (reference_samples - 1.0);
    const std::array<double, 3> u0 = kudra_w_joins(b);
    for (int f = 0; f < 3; ++f) runs[f].emplace_back(b, u0[f]);
  }
  return runs;
}

void draw_sweep_points(svg::Document& doc, const svg::Frame& f, const Sweep& s) {
  doc.begin_group(f.clip_id, "fitted parameters");
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const std::string colour = overlay_colour(i);
    for (const Estimate& e : s.points[i]) {
      if (std::isfinite(e.lo))
        doc.line(f.to_x(e.x), f.to_y(e.lo), f.to_x(e.x), f.to_y(e.hi), {colour, 1.5, "none", "", 1.0});
      doc.circle(f.to_x(e.x), f.to_y(e.value), marker_radius * doc.font_scale(), {colour, 1.0, colour, "", 1.0},
                 fmt::format("class=\"estimate\" data-parameter=\"{}\" data-x=\"{}\" data-value=\"{}\"", s.parameters[i],
                             e.x, e.value));
    }
  }
  doc.end_group();
}

}  // namespace

std::string plot_fit_sweep(const std::vector<PlotInput>& inputs, const PlotOptions& options) {
  if (options.panel != 0) throw InputError("--panel: applies to one fit (this is an overlay of fits)");
  const Sweep s = read_sweep(inputs);
  double x0 = s.points[0].front().x, x1 = s.points[0].back().x, lo = INFINITY, hi = -INFINITY;
  for (const auto& p : s.points)
    for (const Estimate& e : p)
      lo = std::min({lo, e.value, std::isfinite(e.lo) ? e.lo : e.value}),
      hi = std::max({hi, e.value, std::isfinite(e.hi) ? e.hi : e.value});
  const Runs reference = s.joins ? joins_58(x0, x1) : Runs{};
  for (const auto& run : reference)
    for (const auto& [x, y] : run) lo = std::min(lo, y), hi = std::max(hi, y);
  svg::Document doc = make_document(options, "limitdir fits against " + s.key);
  const double sc = doc.font_scale(), W = options.width, H = options.height;
  const std::string what = s.joins ? "the joins u0 of W fitted against b (Fig. 10 [Kudra & Awrejcewicz 2013])"
                                   : "the fitted parameters against " + s.key;
  const FigureTitle heading = figure_title(doc, what, 14.0);
  const Margins m = margins(doc);
  std::vector<svg::LegendItem> legend;
  for (std::size_t i = 0; i < s.parameters.size(); ++i)
    legend.push_back({svg::LegendItem::Kind::marker, {overlay_colour(i), 1.0, overlay_colour(i), "", 1.0},
                      parameter_name(s, i) + " fitted"});
  if (s.joins) legend.push_back({svg::LegendItem::Kind::line, {"black", 1.5, "none", "6 4", 1.0}, "(58) [Kudra & Awrejcewicz 2013]"});
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, W - m.left - m.right, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, W - m.left - m.right);
  const double top = m.top + 20.0 * sc;  // room for the line under the title
  const double frame_w = W - m.left - m.right, frame_h = H - top - m.bottom - legend_h;
  check_room(doc, frame_w, frame_h);
  draw_title(doc, 18.0 * sc + doc.title_room(), heading);
  centred_line(doc, 36.0 * sc + doc.title_room(),
               fmt::format("{} fits; points: the estimates, bars: their 95 % intervals (under a point when shorter)",
                           inputs.size()),
               12.0, false);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  const auto x = axis_range(std::nullopt, x0, x1, 0.04);
  const auto y = axis_range(std::nullopt, lo, hi, 0.06);
  const std::string x_label = s.joins ? "b (contact.shape.ellipse.1)" : s.key;
  const svg::Frame f = svg::axes(doc, m.left, top, frame_w, frame_h,
                                 {x.first, x.second, y.first, y.second, x_label, s.joins ? "u0" : "fitted value", "",
                                  false, false});
  doc.begin_group(f.clip_id, "reference (58)");
  for (std::size_t i = 0; i < reference.size(); ++i)
    svg::data_line(doc, f, reference[i], {overlay_colour(i), 1.5, "none", "6 4", 1.0});
  doc.end_group();
  draw_sweep_points(doc, f, s);
  return doc.str();
}

}  // namespace limitdir
