// Plot frames of plot/svg.hpp: axes with nice ticks, data lines clipped to the frame, legends.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"

namespace limitdir::svg {

namespace {

constexpr double tick_length = 5.0;  // px
constexpr double label_size = 12.0;  // px, tick labels
constexpr double title_size = 14.0;  // px

constexpr double x_label_drop = 1.4;  // sizes from the tick's end to an x tick label's baseline

const Style frame_style{"black", 1.0, "none", "", 1.0};
const Style grid_style{"#dddddd", 0.6, "none", "", 1.0};

/// "x0 x1" with every digit (shortest round trip), for the frame's data-*-range attributes.
std::string fmt_range(double a, double b) { return fmt::format("{} {}", a, b); }

constexpr double label_gap = 6.0;  // px (times the font scale) at least between two x tick labels

/// The widest of the tick labels of `t` (px, at `size` px).
double widest_label(const Ticks& t, double size) {
  double widest = 0.0;
  for (const double v : t.values) widest = std::max(widest, text_box(0.0, 0.0, tick_label(v, t.step), {size}).w);
  return widest;
}

/// A tick label of a log axis (a power of ten, or plain when the ticks are) at (x, y): its box,
/// and with `write` the text.
Box log_label(Document& doc, const LogTicks& t, double v, double x, double y, const std::string& anchor, bool write) {
  const double size = label_size * doc.font_scale();
  if (t.plain) {
    const std::string label = tick_label(v, t.step);
    if (write) doc.text(x, y, label, {label_size, anchor});
    return text_box(x, y, label, {size, anchor});
  }
  const auto [base, exponent] = power_label(v);
  if (write) doc.text_power(x, y, base, exponent, {label_size, anchor});
  return power_box(x, y, base, exponent, {size, anchor});
}

/// The ticks of a logarithmic x axis: labelled ticks (log_ticks) with grid lines, minor ticks
/// half as long; a label that would meet the previous one is left out (the tick stays).
void log_x_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  const double s = doc.font_scale(), size = label_size * s, bottom = f.y + f.height;
  const LogTicks t = log_ticks(spec.x0, spec.x1, std::max(5, static_cast<int>(f.width / (70.0 * s))));
  for (const double v : t.minor) doc.line(f.to_x(v), bottom, f.to_x(v), bottom + tick_length / 2.0, frame_style);
  double free_from = 0.0;
  for (const double v : t.values) {
    const double px = f.to_x(v), baseline = bottom + tick_length + x_label_drop * size;
    doc.line(px, f.y, px, bottom, grid_style);
    doc.line(px, bottom, px, bottom + tick_length, frame_style);
    const Box box = log_label(doc, t, v, px, baseline, "middle", false);
    if (box.x < free_from || box.x < 0.0 || box.x + box.w > doc.width()) continue;
    log_label(doc, t, v, px, baseline, "middle", true);
    free_from = box.x + box.w + label_gap * s;
  }
}

/// The ticks of a logarithmic y axis (as log_x_ticks); returns the widest label written (px).
double log_y_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  const double s = doc.font_scale(), size = label_size * s;
  const double room = (text_ascent + text_descent) * (label_size + 1.0) * s + 2.0;  // px: the axis label's
  const LogTicks t = log_ticks(spec.y0, spec.y1, std::max(5, static_cast<int>(f.height / (45.0 * s))));
  for (const double v : t.minor) doc.line(f.x - tick_length / 2.0, f.to_y(v), f.x, f.to_y(v), frame_style);
  double widest = 0.0, free_above = doc.height();
  for (const double v : t.values) {
    const double py = f.to_y(v), x = f.x - tick_length - 2.0;
    doc.line(f.x, py, f.x + f.width, py, grid_style);
    doc.line(f.x - tick_length, py, f.x, py, frame_style);
    const Box box = log_label(doc, t, v, x, py + size / 3.0, "end", false);
    if (box.x < room || box.y + box.h > free_above || box.y < 0.0) continue;
    log_label(doc, t, v, x, py + size / 3.0, "end", true);
    widest = std::max(widest, box.w);
    free_above = box.y - 2.0;
  }
  return widest;
}

void x_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  if (spec.log_x) return log_x_ticks(doc, f, spec);
  const double s = doc.font_scale(), size = label_size * s;
  // at most one tick per 70 px (at least 5), fewer while neighbouring labels would meet
  Ticks t = nice_ticks(spec.x0, spec.x1, std::max(5, static_cast<int>(f.width / (70.0 * s))));
  for (int most = static_cast<int>(t.values.size()) - 1; most >= 2; --most) {
    const double spacing = t.step / (spec.x1 - spec.x0) * f.width;
    if (t.values.size() < 2 || spacing >= widest_label(t, size) + label_gap * s) break;
    t = nice_ticks(spec.x0, spec.x1, most);
  }
  const double bottom = f.y + f.height;
  double free_from = 0.0;  // px: where the last label written ends (plus the gap)
  for (const double v : t.values) {
    const double px = f.to_x(v);
    doc.line(px, f.y, px, bottom, grid_style);
    doc.line(px, bottom, px, bottom + tick_length, frame_style);
    // the top of the label (its baseline less the ascent 0.8 size) below the box of a y tick
    // label at the bottom corner (down to (1/3 + 0.25) size below the frame)
    const std::string label = tick_label(v, t.step);
    const Box box = text_box(px, 0.0, label, {size, "middle"});
    if (box.x < free_from || box.x < 0.0 || box.x + box.w > doc.width()) continue;  // no room: the tick alone
    doc.text(px, bottom + tick_length + x_label_drop * size, label, {label_size, "middle"});
    free_from = box.x + box.w + label_gap * s;
  }
}

/// The y ticks; returns the width of the widest tick label written (px). A label that would
/// reach into the room of the axis label at the figure's left edge is left out (the tick stays).
double y_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  if (spec.log_y) return log_y_ticks(doc, f, spec);
  const double s = doc.font_scale(), size = label_size * s;
  const double room = (text_ascent + text_descent) * (label_size + 1.0) * s + 2.0;  // px: the axis label's
  // at most one tick per 45 px (at least 5), fewer while neighbouring labels would meet
  const double line = (text_ascent + text_descent) * size + 2.0;
  Ticks t = nice_ticks(spec.y0, spec.y1, std::max(5, static_cast<int>(f.height / (45.0 * s))));
  for (int most = static_cast<int>(t.values.size()) - 1; most >= 2; --most) {
    if (t.values.size() < 2 || t.step / (spec.y1 - spec.y0) * f.height >= line) break;
    t = nice_ticks(spec.y0, spec.y1, most);
  }
  double widest = 0.0, free_above = doc.height();  // px: the top of the last label written (less 2 px)
  for (const double v : t.values) {
    const double py = f.to_y(v);
    doc.line(f.x, py, f.x + f.width, py, grid_style);
    doc.line(f.x - tick_length, py, f.x, py, frame_style);
    const std::string label = tick_label(v, t.step);
    const Box box = text_box(f.x - tick_length - 2.0, py + size / 3.0, label, {size, "end"});
    if (box.x < room || box.y + box.h > free_above || box.y < 0.0) continue;  // no room: the tick alone
    doc.text(f.x - tick_length - 2.0, py + size / 3.0, label, {label_size, "end"});
    widest = std::max(widest, box.w);
    free_above = box.y - 2.0;
  }
  return widest;
}

}  // namespace

Frame axes(Document& doc, double x, double y, double w, double h, const AxesSpec& spec) {
  if (!(spec.x1 > spec.x0) || !(spec.y1 > spec.y0) || !std::isfinite(spec.x1 - spec.x0) ||
      !std::isfinite(spec.y1 - spec.y0))
    throw std::invalid_argument("svg::axes: needs finite ranges x0 < x1, y0 < y1");
  if ((spec.log_x && !(spec.x0 > 0.0)) || (spec.log_y && !(spec.y0 > 0.0)))
    throw std::invalid_argument("svg::axes: a logarithmic axis needs a range above 0");
  Frame f;
  f.x = x;
  f.y = y;
  f.width = w;
  f.height = h;
  f.to_x = LinearMap{spec.x0, spec.x1, x, x + w, spec.log_x};
  f.to_y = LinearMap{spec.y0, spec.y1, y + h, y, spec.log_y};
  x_ticks(doc, f, spec);
  const double widest = y_ticks(doc, f, spec);
  doc.rect(x, y, w, h, frame_style,
           "class=\"frame\" data-x-range=\"" + escape(fmt_range(spec.x0, spec.x1)) + "\" data-y-range=\"" +
               escape(fmt_range(spec.y0, spec.y1)) + "\"" + (spec.log_x ? " data-x-scale=\"log\"" : "") +
               (spec.log_y ? " data-y-scale=\"log\"" : ""));
  const double s = doc.font_scale(), axis_size = (label_size + 1.0) * s;
  // no wider than the figure about the frame's middle
  const double x_room = 2.0 * std::min(x + w / 2.0, doc.width() - x - w / 2.0) - 4.0;
  doc.text(x + w / 2.0, y + h + tick_length + label_size * s * (x_label_drop + text_descent) + 4.0 + text_ascent * axis_size,
           spec.x_label, {fitting_size(doc, spec.x_label, label_size + 1.0, x_room, false), "middle"});
  // the y label (turned -90 degrees) clear of the widest tick label
  const double label_x = std::max(text_ascent * axis_size, x - tick_length - 2.0 - widest - 4.0 - text_descent * axis_size);
  // no longer than the frame is high (it would run into the title); in the paper styles no
  // smaller than paper_least_size, the figure grown for it (y_label_shortfall)
  const double y_size = fitting_size(doc, spec.y_label, label_size + 1.0, h, false);
  doc.text(label_x, y + h / 2.0, spec.y_label,
           {doc.paper() ? std::max(y_size, paper_least_size) : y_size, "middle", "black", -90.0});
  if (!spec.title.empty())
    doc.text(x + w / 2.0, y - 8.0 * s, spec.title,
             {fitting_size(doc, spec.title, title_size, w, true), "middle", "black", 0.0, true});
  f.clip_id = doc.clip_rect(x, y, w, h);
  return f;
}

void data_line(Document& doc, const Frame& frame, const std::vector<Point>& data, const Style& style) {
  doc.begin_group(frame.clip_id);
  std::vector<Point> run;
  const auto flush = [&] {
    doc.polyline(run, style);
    run.clear();
  };
  for (const auto& [u, v] : data) {
    if (!std::isfinite(u) || !std::isfinite(v)) {
      flush();
      continue;
    }
    const Point p = frame.pixel(u, v);
    // far outside the frame, pixels would overflow the 2-decimal text: clamp (clipped anyway)
    constexpr double far = 1e6;
    run.emplace_back(std::clamp(p.first, -far, far), std::clamp(p.second, -far, far));
  }
  flush();
  doc.end_group();
}

}  // namespace limitdir::svg
