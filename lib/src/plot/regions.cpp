// classify --regions (limitdir.regions/1, docs/manual.md sections 5 and 11): the intervals of the
// swept parameter with one structure (the Cases 1-4 of Sect. 7.4 [Nonlinear Dyn. 2024]) as a strip
// along it: each region shaded by its number of limit directions and labelled with it (and its
// Case where the report has one), its types in the legend, each boundary a line labelled with its
// value, each event a marker on the strip's lower edge labelled with its letter as in a diagram
// (the labels placed by plot/labels.hpp, never overlapping).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/category_frame.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

constexpr double count_size = 13.0;
constexpr double value_size = 10.0;
const svg::Style boundary_style{"#333333", 1.2, "none", "", 1.0};

/// The letter of an event kind, as the diagram labels its events (plot/diagram.cpp).
std::string event_letter(const std::string& kind, const std::string& where) {
  static const std::map<std::string, std::string> letters{
      {"tangency", "T"}, {"fold", "F"}, {"pitchfork", "P"}, {"branch-point", "B"},
      {"hopf", "H"},     {"continuum", "C"}, {"kink", "K"}, {"jump", "J"}};
  const auto it = letters.find(kind);
  if (it == letters.end()) throw InputError(where + ".kind: not an event kind (got \"" + kind + "\")");
  return it->second;
}

struct StripEvent {
  double value;
  std::string letter, kind;
};

/// "C continuum, F fold" for the kinds of `events`, each once in the order they first occur.
std::string event_key(const std::vector<StripEvent>& events) {
  std::string key;
  for (std::size_t k = 0; k < events.size(); ++k) {
    bool seen = false;
    for (std::size_t j = 0; j < k; ++j) seen = seen || events[j].kind == events[k].kind;
    if (!seen) key += (key.empty() ? "" : ", ") + events[k].letter + " " + events[k].kind;
  }
  return key;
}

/// The report's events in brief; none (and `given` false) in a report written before they were added.
std::vector<StripEvent> read_events(const json& report, bool& given) {
  std::vector<StripEvent> events;
  given = report.contains("events");
  if (!given) return events;
  const json& list = array_field(report, "events", "regions");
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = "regions.events[" + std::to_string(k) + "]";
    const std::string kind = string_field(list[k], "kind", at);
    events.push_back({number_field(list[k], "value", at), event_letter(kind, at), kind});
  }
  return events;
}

/// Each event inside the range a white marker on the strip's lower edge, labelled with its letter;
/// returns the labels left out.
int draw_events(svg::Document& doc, const svg::Frame& frame, const std::vector<StripEvent>& events) {
  const double r = 4.5 * doc.marker_scale();  // px on screen, as a diagram's event markers
  const double y = frame.y + frame.height;
  doc.begin_group("", "event-markers");
  for (const StripEvent& e : events)
    if (e.value >= frame.to_x.d0 && e.value <= frame.to_x.d1) {
      doc.circle(frame.to_x(e.value), y, r, {"black", 1.2, "white", "", 1.0},
                 fmt::format("data-value=\"{}\"", e.value));
      svg::reserve_marker(doc, {frame.to_x(e.value), y}, r);
    }
  doc.end_group();
  int dropped = 0;
  doc.begin_group("", "events");
  for (const StripEvent& e : events)
    if (e.value >= frame.to_x.d0 && e.value <= frame.to_x.d1 &&
        !svg::place_marker_label(doc, {frame.to_x(e.value), y}, r, e.letter, {13.0, "middle", "black", 0.0, true},
                                 frame_box(frame), 10))
      ++dropped;
  doc.end_group();
  return dropped;
}

struct StripRegion {
  double from, to;
  int count;
  std::string label;  // "8" or "2, Case 3"
  std::string types;  // the legend's line
};

/// The shade of a region by its number of limit directions (2, 4, 6, 8 one each, others grey).
std::string count_shade(int count) {
  const char* const shades[] = {"#e3eefb", "#e6f4e3", "#fbefdc", "#f5e3f1"};
  return count >= 2 && count <= 8 && count % 2 == 0 ? shades[count / 2 - 1] : "#eeeeee";
}

StripRegion read_region(const json& r, std::size_t k) {
  const std::string at = "regions.regions[" + std::to_string(k) + "]";
  StripRegion region{number_field(r, "from", at), number_field(r, "to", at), 0, "", ""};
  const json& count = field(r, "count", at);
  if (!count.is_number_integer() || count.get<long long>() < 0 || count.get<long long>() > 1000000)
    throw InputError(at + ".count: must be an integer >= 0");
  region.count = count.get<int>();
  region.label = std::to_string(region.count);
  if (r.contains("case") && !r["case"].is_null()) region.label += fmt::format(", Case {}", number_field(r, "case", at));
  const json& types = field(r, "types", at);
  if (!types.is_object()) throw InputError(at + ".types: must be an object");
  for (const auto& [type, n] : types.items()) {
    if (!n.is_number_integer()) throw InputError(at + ".types." + type + ": must be an integer");
    region.types += fmt::format("{}{} {}", region.types.empty() ? "" : ", ", n.get<long long>(), type);
  }
  region.types = fmt::format("[{:.6g}, {:.6g}]: {} = {}", region.from, region.to, region.label,
                             region.types.empty() ? "none" : region.types);
  return region;
}

/// The regions shaded, each boundary inside the range a line.
void shade_regions(svg::Document& doc, const svg::Frame& frame, const std::vector<StripRegion>& regions) {
  const double x0 = frame.to_x.d0, x1 = frame.to_x.d1;
  doc.begin_group(frame.clip_id, "regions");
  for (const StripRegion& r : regions) {
    const double a = frame.to_x(std::clamp(std::min(r.from, r.to), x0, x1));
    const double b = frame.to_x(std::clamp(std::max(r.from, r.to), x0, x1));
    doc.rect(a, frame.y, b - a, frame.height, {"none", 0.0, count_shade(r.count), "", 1.0},
             fmt::format("class=\"region\" data-from=\"{}\" data-to=\"{}\" data-count=\"{}\"", r.from, r.to, r.count));
  }
  for (std::size_t k = 1; k < regions.size(); ++k)
    if (regions[k].from > x0 && regions[k].from < x1)
      doc.line(frame.to_x(regions[k].from), frame.y, frame.to_x(regions[k].from), frame.y + frame.height, boundary_style);
  doc.end_group();
}

/// The regions' counts over the middle of their shown parts (as high up as is free) and each
/// boundary's value beside its line; returns the labels left out.
int label_regions(svg::Document& doc, const svg::Frame& frame, const std::vector<StripRegion>& regions) {
  const double x0 = frame.to_x.d0, x1 = frame.to_x.d1, s = doc.font_scale();
  int dropped = 0;
  doc.begin_group("", "region-labels");
  const svg::Box area = frame_box(frame);
  for (const StripRegion& r : regions) {
    const double lo = std::max(std::min(r.from, r.to), x0), hi = std::min(std::max(r.from, r.to), x1);
    if (!(hi > lo)) continue;  // not in the shown range
    std::vector<svg::Point> centres;
    for (double y = frame.y + frame.height / 2.0; y > frame.y; y -= count_size * s) centres.push_back({frame.to_x((lo + hi) / 2.0), y});
    if (!svg::place_text(doc, centres, r.label, {count_size, "middle", "black", 0.0, true}, area)) ++dropped;
  }
  doc.end_group();
  doc.begin_group("", "boundary-values");
  for (std::size_t k = 1; k < regions.size(); ++k) {
    const double p = regions[k].from;
    if (!(p > x0 && p < x1)) continue;
    std::vector<svg::Point> centres;  // beside the line near the bottom, then higher
    for (double y = frame.y + frame.height - value_size * s; y > frame.y; y -= value_size * s)
      for (const double side : {1.0, -1.0})
        centres.push_back({frame.to_x(p) + side * (3.0 + 0.32 * value_size * s * fmt::format("{:.4g}", p).size()), y});
    if (!svg::place_text(doc, centres, fmt::format("{:.4g}", p), {value_size, "middle", "#333333"}, area)) ++dropped;
  }
  doc.end_group();
  return dropped;
}

}  // namespace

std::string plot_regions(const nlohmann::json& report, const PlotOptions& options) {
  const std::string parameter = string_field(report, "parameter", "regions");
  const double from = number_field(report, "from", "regions"), to = number_field(report, "to", "regions");
  if (!(from != to) || !std::isfinite(to - from))
    throw InputError(fmt::format("regions: from and to must differ by a finite amount (got {} and {})", from, to));
  const json& list = array_field(report, "regions", "regions");
  std::vector<StripRegion> regions;
  std::vector<svg::LegendItem> legend;
  for (std::size_t k = 0; k < list.size(); ++k) {
    regions.push_back(read_region(list[k], k));
    legend.push_back({svg::LegendItem::Kind::swatch, {"#999999", 0.6, count_shade(regions.back().count), "", 1.0},
                      regions.back().types});
  }
  const json& force = field(report, "force", "regions");
  std::string title = fmt::format("Regions of {} from {} to {}", parameter_label(parameter), from, to);
  if (!force.is_null()) title += fmt::format(", F = {}", number_field(report, "force", "regions"));
  title += " (classify --regions)";
  bool with_events = false;
  const std::vector<StripEvent> events = read_events(report, with_events);
  const std::string note =
      fmt::format("{} region{}: count of limit directions (and Case); {}", regions.size(), regions.size() == 1 ? "" : "s",
                  with_events ? fmt::format("{} event{}{}{}", events.size(), events.size() == 1 ? "" : "s",
                                            events.empty() ? "" : ": ", event_key(events))
                              : "the report carries no events (plot the diagram for them)");
  const std::pair<double, double> x = options.x_range.value_or(std::pair{std::min(from, to), std::max(from, to)});

  svg::Document doc = make_document(options, "limitdir regions: " + title);
  const svg::Frame frame = titled_category_frame(
      doc, {x.first, x.second, 0.0, 1.0, parameter_label(parameter), "", ""}, 'x', title, note, legend);
  shade_regions(doc, frame, regions);
  const int dropped = draw_events(doc, frame, events);  // the letters first: next to their markers
  svg::note_dropped(doc, dropped + label_regions(doc, frame, regions), frame_box(frame));
  return doc.str();
}

}  // namespace limitdir
