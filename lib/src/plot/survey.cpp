// simulate --survey (limitdir.survey/1, docs/manual.md sections 5 and 11): how many seeds end at
// each limit direction or circle of limit directions, one bar each in the class's colour (the
// Fig. 11 code [Nonlinear Dyn. 2024] off the circle, as plot_limits colours them), labelled with
// its count and share of the seeds; the seeds, those that stick, never stick, failed or ended
// at no known direction stated under the title.
#include <algorithm>
#include <cmath>
#include <optional>
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

constexpr double bar_half = 0.35;   // bars 0.7 of the unit between neighbours
constexpr double head_room = 0.18;  // above the tallest bar: room for its label
constexpr double survey_count_size = 11.0;

struct Bar {
  int count = 0;
  std::string colour, label;  // the legend's description
};

/// A survey entry: its count (an integer in [0, seeds]) and what it is.
Bar read_bar(const json& e, std::size_t k, int seeds) {
  const std::string at = "survey.entries[" + std::to_string(k) + "]";
  const json& count = field(e, "count", at);
  if (!count.is_number_integer() || count.get<long long>() < 0 || count.get<long long>() > seeds)
    throw InputError(fmt::format("{}.count: must be an integer in [0, {}] (the seeds)", at, seeds));
  const std::string radial = string_field(e, "radial", at), type = string_field(e, "sphere_type", at);
  const json& circle = field(e, "circle", at);
  if (!circle.is_boolean()) throw InputError(at + ".circle: must be true or false");
  Bar bar{count.get<int>(), uncoloured, ""};
  if (circle.get<bool>()) {  // coloured as plot_limits colours circles: attracting blue, repelling red
    bar.colour = type == "stable-circle" ? "#1f63d4" : type == "unstable-circle" ? "#d62728" : uncoloured;
    bar.label = fmt::format("{}: {} {}, theta = {:.4g}", k + 1, radial, type, number_field(e, "theta", at));
  } else {
    const Eigen::Vector3d w = vector3_field(e, "w", at);
    bar.colour = fig11_colour(std::nullopt, radial, type);
    bar.label = fmt::format("{}: {} {} at ({:.3g}, {:.3g}, {:.3g})", k + 1, radial, type, w.x(), w.y(), w.z());
  }
  return bar;
}

int count_field(const json& survey, const std::string& key, int seeds) {
  const json& v = field(survey, key, "survey");
  if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > seeds)
    throw InputError(fmt::format("survey.{}: must be an integer in [0, {}] (the seeds)", key, seeds));
  return v.get<int>();
}

/// The bars, each `data-count` its count, and their labels "count (share %)" above them.
int draw_bars(svg::Document& doc, const svg::Frame& frame, const std::vector<Bar>& bars, int seeds) {
  doc.begin_group(frame.clip_id, "bars");
  for (std::size_t k = 0; k < bars.size(); ++k) {
    const double x0 = frame.to_x(k + 1 - bar_half), x1 = frame.to_x(k + 1 + bar_half);
    const double top = frame.to_y(bars[k].count), base = frame.to_y(0.0);
    doc.rect(x0, top, x1 - x0, base - top, {"black", 0.8, bars[k].colour, "", 1.0},
             fmt::format("class=\"bar\" data-index=\"{}\" data-count=\"{}\"", k + 1, bars[k].count));
  }
  doc.end_group();
  // each bar's number (the legend's) below it as a tick label, every `every`-th where they would crowd
  const double s = doc.font_scale(), below = frame.y + frame.height + 5.0 + 1.4 * 12.0 * s;
  const double widest = svg::text_box(0.0, 0.0, std::to_string(bars.size()), {12.0 * s}).w + 4.0;
  const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(widest / (frame.width / bars.size()))));
  for (std::size_t k = 0; k < bars.size(); ++k)
    if ((k + 1) % every == 0 || k == 0) doc.text(frame.to_x(k + 1.0), below, std::to_string(k + 1), {12.0, "middle"});
  int dropped = 0;
  doc.begin_group("", "bar-labels");
  const double step = survey_count_size * doc.font_scale();
  for (std::size_t k = 0; k < bars.size(); ++k) {
    const double cx = frame.to_x(k + 1.0), top = frame.to_y(bars[k].count);
    std::vector<svg::Point> centres;  // just above the bar, then higher, then inside it
    for (double y = top - 0.8 * step; y > frame.y; y -= step) centres.push_back({cx, y});
    for (double y = top + 0.8 * step; y < frame.y + frame.height; y += step) centres.push_back({cx, y});
    const std::string label = fmt::format("{} ({:.3g} %)", bars[k].count, 100.0 * bars[k].count / seeds);
    if (!svg::place_text(doc, centres, label, {survey_count_size, "middle"}, frame_box(frame))) ++dropped;
  }
  doc.end_group();
  return dropped;
}

}  // namespace

std::string plot_survey(const nlohmann::json& survey, const PlotOptions& options) {
  const json& seeds_field = field(survey, "trajectories", "survey");
  if (!seeds_field.is_number_integer() || seeds_field.get<long long>() < 1 || seeds_field.get<long long>() > 1000000000)
    throw InputError("survey.trajectories: must be an integer >= 1");
  const int seeds = seeds_field.get<int>();
  const json& entries = array_field(survey, "entries", "survey");
  std::vector<Bar> bars;
  int highest = 0;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    bars.push_back(read_bar(entries[k], k, seeds));
    highest = std::max(highest, bars.back().count);
  }
  const json& backward = field(survey, "backward", "survey");
  if (!backward.is_boolean()) throw InputError("survey.backward: must be true or false");
  const std::string name = string_field(field(survey, "problem", "survey"), "name", "survey.problem");
  const std::string title = fmt::format("{}: F = {}, {} seeds {} (simulate --survey)", name,
                                        number_field(survey, "force", "survey"), seeds,
                                        backward.get<bool>() ? "backward in time" : "forward");
  const std::string note = fmt::format(
      "{} {}, {} never stick, {} failed, {} ended at no known limit direction", count_field(survey, "stick", seeds),
      backward.get<bool>() ? "came from stick" : "stick", count_field(survey, "never_stick", seeds),
      count_field(survey, "failed", seeds), count_field(survey, "unmatched", seeds));

  std::vector<svg::LegendItem> legend;
  for (const Bar& b : bars) legend.push_back({svg::LegendItem::Kind::swatch, {"black", 0.8, b.colour, "", 1.0}, b.label});
  svg::Document doc = make_document(options, "limitdir survey: " + name);
  const svg::Frame frame = titled_category_frame(
      doc, {0.5, std::max<std::size_t>(bars.size(), 1) + 0.5, 0.0, std::max(1.0, highest * (1.0 + head_room)),
            "limit direction or circle (numbered below)", "seeds ending there", ""},
      'y', title, note, legend);
  svg::note_dropped(doc, draw_bars(doc, frame, bars, seeds), frame_box(frame));
  return doc.str();
}

}  // namespace limitdir
