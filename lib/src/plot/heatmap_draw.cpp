// The colours, cells and legend of a scan summary's heat map (plot/heatmap.hpp, docs/manual.md
// section 11): categorical colours for classes and levels, a continuous scale with a colour bar
// for a numeric field.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "plot/common.hpp"
#include "plot/heatmap.hpp"
#include "plot/time_panels.hpp"

namespace limitdir::plot_detail {

namespace {

/// Ten distinct colours for the classes, the most frequent first (none near black or white, so
/// that crosses and hatching stay visible); further classes share other_colour.
constexpr std::array<const char*, 10> class_palette = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                                       "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#aec7e8"};
const std::string other_colour = "#7f7f7f";
const std::string no_class_colour = "#c7c7c7";  // records without a class (a failed job)
const std::string no_value_colour = "#e0e0e0";  // records without a number in the field
const std::string missing_colour = "#ffffff";   // no record: white, hatched

/// The levels from the weakest up (scan/summary.hpp) and their colours.
constexpr std::array<const char*, 4> level_names = {"none", "incomplete", "checked", "proven"};
constexpr std::array<const char*, 4> level_colours = {"#d73027", "#fdae61", "#a6d96a", "#1a9850"};

/// The continuous scale: viridis sampled at 0, 1/4, 1/2, 3/4, 1, linear in RGB between them.
constexpr std::array<std::array<int, 3>, 5> scale = {
    {{0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c}, {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25}}};

constexpr double swatch_w = 18.0, swatch_h = 11.0, line_height = 15.0;  // px, legend entries
constexpr double seam_width = 0.6;     // px: a cell's outline in its own colour covers the seams

std::string scale_colour(double t) {
  t = std::clamp(t, 0.0, 1.0) * 4.0;
  const auto k = static_cast<std::size_t>(std::min(3.0, std::floor(t)));
  const double f = t - static_cast<double>(k);
  std::array<int, 3> rgb{};
  for (int c = 0; c < 3; ++c) rgb[c] = static_cast<int>(std::lround(scale[k][c] + f * (scale[k + 1][c] - scale[k][c])));
  return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
}

/// A colour that stands out on `fill` (#rrggbb): white on a dark fill, dark grey on a light one,
/// by the relative luminance 0.2126 R + 0.7152 G + 0.0722 B (ITU-R BT.709) against its middle.
}  // namespace

std::string heat_contrast(const std::string& fill) {
  const auto channel = [&](int k) { return std::stoi(fill.substr(1 + 2 * k, 2), nullptr, 16) / 255.0; };
  const double luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance < 0.5 ? "#ffffff" : "#303030";
}

namespace {

std::string level_colour(const std::string& level) {
  for (std::size_t r = 0; r < level_names.size(); ++r)
    if (level == level_names[r]) return level_colours[r];
  return other_colour;
}

constexpr double entry_size = 11.0;  // px, the legend's text (times the font scale)

/// The width (px) of `text` as a legend entry's text in `doc` (svg::text_box).
double entry_width(const svg::Document& doc, const std::string& text) {
  return svg::text_box(0.0, 0.0, text, {entry_size * doc.font_scale()}).w;
}

/// The longest prefix of `word` (whole code points, at least one) at most `width` px wide.
std::size_t fitting_prefix(const svg::Document& doc, const std::string& word, double width) {
  std::size_t fit = 0;
  for (std::size_t i = 1; i <= word.size(); ++i) {
    if (i < word.size() && (static_cast<unsigned char>(word[i]) & 0xC0) == 0x80) continue;  // inside a code point
    if (fit > 0 && entry_width(doc, word.substr(0, i)) > width) break;
    fit = i;
  }
  return fit;
}

/// `text` broken at spaces into lines at most `width` px wide; a word wider than that is broken
/// between code points (nothing is left out).
std::vector<std::string> wrapped(const svg::Document& doc, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    start = end + 1;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (line.empty() || entry_width(doc, longer) <= width) {
      line = longer;
    } else {
      lines.push_back(line);
      line = word;
    }
    while (entry_width(doc, line) > width && line.size() > fitting_prefix(doc, line, width)) {
      const std::size_t cut = fitting_prefix(doc, line, width);
      lines.push_back(line.substr(0, cut));
      line = line.substr(cut);
    }
  }
  lines.push_back(line);
  return lines;
}

}  // namespace

double heat_swatch(svg::Document& doc, double x, double y, const std::string& fill, const std::string& label,
                   const std::string& suffix) {
  const double sc = doc.font_scale(), pitch = 13.0 * sc;
  doc.rect(x, y - 9.0 * sc, swatch_w * sc, swatch_h * sc, {"#999999", 0.5, fill, "", 1.0},
           "class=\"swatch\" data-label=\"" + svg::escape(label + suffix) + "\"");
  // the lines after the first indented 8 px more; all within the figure, 4 px from its edge
  const double width = doc.width() - 4.0 - (x + (swatch_w + 14.0) * sc);
  const std::vector<std::string> lines = wrapped(doc, label + suffix, width);
  for (std::size_t k = 0; k < lines.size(); ++k)
    doc.text(x + (swatch_w + (k == 0 ? 6.0 : 14.0)) * sc, y + pitch * static_cast<double>(k), lines[k], {entry_size});
  return line_height * sc + pitch * static_cast<double>(lines.size() - 1);
}

void heat_colour_bar(svg::Document& doc, double x, double y, const HeatColours& colours, double height) {
  constexpr int steps = 64;  // bands of the bar: finer than the eye separates
  const double band = height / steps, sc = doc.font_scale(), bar_w = swatch_w * sc;
  for (int k = 0; k < steps; ++k)
    doc.rect(x, y + height - (k + 1) * band, bar_w, band + 0.5, {"none", 0.0, scale_colour((k + 0.5) / steps), "", 1.0});
  doc.rect(x, y, bar_w, height, {"black", 0.8, "none", "", 1.0}, "class=\"colour-bar\" data-range=\"" +
                                                                   fmt::format("{} {}", colours.lo, colours.hi) + "\"");
  // at most one tick label per 1.5 text heights of the bar
  const int most = std::clamp(static_cast<int>(height / (1.5 * entry_size * sc)), 2, 6);
  const svg::Ticks ticks = svg::nice_ticks(colours.lo, colours.hi, most);
  for (const double v : ticks.values) {
    const double py = y + height - (v - colours.lo) / (colours.hi - colours.lo) * height;
    doc.line(x + bar_w, py, x + bar_w + 4.0, py, {"black", 0.8, "none", "", 1.0});
    const std::string label = svg::tick_label(v, ticks.step);
    // centred on its tick (0.8 ascent - 0.25 descent: half of 0.55 size below it)
    doc.text(x + bar_w + 7.0, py + 0.275 * entry_size * sc, label, {entry_size});  // a number: whole
  }
}

std::string heat_scale_colour(double t) { return scale_colour(t); }

namespace {

std::string what_is_coloured(const Heat& heat) {
  const bool agg = !heat.aggregated.empty();
  if (heat.mode == "class") return agg ? "most frequent class" : "class";
  if (heat.mode == "level") return agg ? "weakest certificate level" : "certificate level";
  return agg ? heat.mode + " of " + heat.field : heat.field;
}

}  // namespace

HeatColours heat_colours(const Heat& heat) {
  HeatColours colours;
  std::size_t used = 0;
  for (const auto& [cls, count] : heat.classes) {
    if (!cls) colours.class_colour.push_back(no_class_colour);
    else if (used < class_palette.size()) colours.class_colour.push_back(class_palette[used++]);
    else {
      colours.class_colour.push_back(other_colour);
      ++colours.others;
    }
  }
  bool any = false;
  for (const auto& row : heat.cells)
    for (const HeatCell& c : row)
      if (c.value) {
        colours.lo = any ? std::min(colours.lo, *c.value) : *c.value;
        colours.hi = any ? std::max(colours.hi, *c.value) : *c.value;
        any = true;
      }
  if (colours.hi == colours.lo) {  // one value: a unit range about it, as nice_ticks widens
    colours.lo -= 0.5;
    colours.hi += 0.5;
  }
  return colours;
}

std::string heat_fill(const Heat& heat, const HeatColours& colours, const HeatCell& cell) {
  if (cell.points == 0) return missing_colour;
  if (heat.mode == "level") return level_colour(*cell.level);
  if (heat.mode == "class") {
    for (std::size_t k = 0; k < heat.classes.size(); ++k)
      if (heat.classes[k].first == cell.cls) return colours.class_colour[k];
    return other_colour;  // not in the list: cannot happen for a summary of scan/summary.hpp
  }
  if (!cell.value) return no_value_colour;
  return scale_colour((*cell.value - colours.lo) / (colours.hi - colours.lo));
}

std::string heat_title(const Heat& heat) {
  const std::string scanned = heat.job.empty() && heat.problem.empty()
                                  ? ""
                                  : (heat.job.empty() ? "scan" : heat.job) + (heat.problem.empty() ? "" : " of " + heat.problem) + ": ";
  return scanned + what_is_coloured(heat) + (scanned.empty() ? ": " : ", ") + std::to_string(heat.recorded) + " of " + std::to_string(heat.points) +
         " points recorded" + (heat.missing > 0 ? ", " + std::to_string(heat.missing) + " missing" : "");
}

std::size_t draw_heat_cells(svg::Document& doc, const svg::Frame& frame, const Heat& heat, const HeatColours& colours) {
  struct Box {
    double x0, y0, x1, y1;
  };
  // a cell cut to the frame's data ranges (--x-range, --y-range); wholly outside them: not drawn
  const svg::LinearMap &X = frame.to_x, &Y = frame.to_y;
  const auto outside = [&](std::size_t i, std::size_t j) {
    return heat.x.hi[i] <= X.d0 || heat.x.lo[i] >= X.d1 || heat.y.hi[j] <= Y.d0 || heat.y.lo[j] >= Y.d1;
  };
  const auto box = [&](std::size_t i, std::size_t j) {
    return Box{X(std::max(heat.x.lo[i], X.d0)), Y(std::min(heat.y.hi[j], Y.d1)), X(std::min(heat.x.hi[i], X.d1)),
               Y(std::max(heat.y.lo[j], Y.d0))};
  };
  std::size_t left_out = 0;
  doc.begin_group(frame.clip_id, "cells");
  for (std::size_t j = 0; j < heat.cells.size(); ++j)
    for (std::size_t i = 0; i < heat.cells[j].size(); ++i) {
      if (outside(i, j)) {
        ++left_out;
        continue;
      }
      const Box b = box(i, j);
      const std::string fill = heat_fill(heat, colours, heat.cells[j][i]);
      // stroked in its fill: no anti-aliased seams of the background between neighbouring cells
      doc.rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, {fill, seam_width, fill, "", 1.0}, "class=\"cell\"");
    }
  doc.end_group();
  doc.begin_group(frame.clip_id, "missing");
  for (std::size_t j = 0; j < heat.cells.size(); ++j)
    for (std::size_t i = 0; i < heat.cells[j].size(); ++i)
      if (heat.cells[j][i].missing > 0 && !outside(i, j)) {
        const Box b = box(i, j);
        hatch(doc, b.x0, b.y0, b.x1, b.y1, heat_contrast(heat_fill(heat, colours, heat.cells[j][i])));
      }
  doc.end_group();
  doc.begin_group(frame.clip_id, "weak-level");
  for (std::size_t j = 0; j < heat.cells.size(); ++j)
    for (std::size_t i = 0; i < heat.cells[j].size(); ++i) {
      const HeatCell& c = heat.cells[j][i];
      if (heat.mode == "level" || !c.level || (*c.level != "none" && *c.level != "incomplete") || outside(i, j)) continue;
      const Box b = box(i, j);
      cross(doc, 0.5 * (b.x0 + b.x1), 0.5 * (b.y0 + b.y1), b.x1 - b.x0, b.y1 - b.y0);
    }
  doc.end_group();
  return left_out;
}

double heat_legend_title(svg::Document& doc, double x, double y, const std::string& title) {
  doc.text(x, y, title, {svg::fitting_size(doc, title, 12.0, doc.width() - 4.0 - x, true), "start", "black", 0.0, true});
  return y + (line_height + 4.0) * doc.font_scale();
}

void draw_heat_legend(svg::Document& doc, double x, double y, const Heat& heat, const HeatColours& colours) {
  const double sc = doc.font_scale();
  y = heat_legend_title(doc, x, y, what_is_coloured(heat));
  if (heat.mode == "class") {
    for (std::size_t k = 0; k < heat.classes.size(); ++k) {
      const auto& [cls, count] = heat.classes[k];
      if (cls && colours.class_colour[k] == other_colour) continue;
      y += heat_swatch(doc, x, y, colours.class_colour[k], cls ? *cls : "no class (job failed)",
                       " (" + std::to_string(count) + ")");
    }
    if (colours.others > 0) y += heat_swatch(doc, x, y, other_colour, std::to_string(colours.others) + " other classes");
  } else if (heat.mode == "level") {
    for (std::size_t r = level_names.size(); r-- > 0;) y += heat_swatch(doc, x, y, level_colours[r], level_names[r]);
  } else {
    const double height = std::clamp(doc.height() - y - 150.0 * sc, 60.0, 220.0);  // px: room for the entries below
    heat_colour_bar(doc, x, y - 9.0 * sc, colours, height);
    y += height + line_height * sc;
    const auto no_value = [](const HeatCell& c) { return c.points > 0 && !c.value; };
    if (std::any_of(heat.cells.begin(), heat.cells.end(),
                    [&](const auto& row) { return std::any_of(row.begin(), row.end(), no_value); }))
      y += heat_swatch(doc, x, y, no_value_colour, "no value");
  }
  const double used = heat_swatch(doc, x, y, missing_colour, "missing points (hatched)");
  hatch(doc, x, y - 9.0 * sc, x + swatch_w * sc, y + (swatch_h - 9.0) * sc, heat_contrast(missing_colour));
  y += used;
  if (heat.mode != "level") {
    cross(doc, x + swatch_w * sc / 2.0, y - 3.5 * sc, swatch_h * sc, swatch_h * sc);
    const std::vector<std::string> lines = wrapped(doc, "level incomplete or none", doc.width() - 4.0 - x - (swatch_w + 6.0) * sc);
    for (std::size_t k = 0; k < lines.size(); ++k)
      doc.text(x + (swatch_w + 6.0) * sc, y + 13.0 * sc * static_cast<double>(k), lines[k], {entry_size});
    y += line_height * sc + 13.0 * sc * static_cast<double>(lines.size() - 1);
  }
  if (!heat.aggregated.empty()) {
    std::string keys;
    for (const std::string& k : heat.aggregated) keys += (keys.empty() ? "" : ", ") + k;
    const std::vector<std::string> lines = wrapped(doc, "aggregated over " + keys, doc.width() - 4.0 - x);
    for (std::size_t k = 0; k < lines.size(); ++k)
      doc.text(x, y + 6.0 * sc + 13.0 * sc * static_cast<double>(k), lines[k], {entry_size, "start", "#555555"});
  }
}

}  // namespace limitdir::plot_detail
