// Plot frames of plot/svg.hpp: axes with nice ticks, data lines clipped to the frame, legends.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "limitdir/plot/svg.hpp"

namespace limitdir::svg {

namespace {

constexpr double tick_length = 5.0;  // px
constexpr double label_size = 12.0;  // px, tick labels
constexpr double title_size = 14.0;  // px

const Style frame_style{"black", 1.0, "none", "", 1.0};
const Style grid_style{"#dddddd", 0.6, "none", "", 1.0};

/// "x0 x1" with every digit (shortest round trip), for the frame's data-*-range attributes.
std::string fmt_range(double a, double b) { return fmt::format("{} {}", a, b); }

void x_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  const Ticks t = nice_ticks(spec.x0, spec.x1, std::max(5, static_cast<int>(f.width / 70.0)));
  const double bottom = f.y + f.height;
  for (const double v : t.values) {
    const double px = f.to_x(v);
    doc.line(px, f.y, px, bottom, grid_style);
    doc.line(px, bottom, px, bottom + tick_length, frame_style);
    doc.text(px, bottom + tick_length + label_size, tick_label(v, t.step), {label_size, "middle"});
  }
}

void y_ticks(Document& doc, const Frame& f, const AxesSpec& spec) {
  const Ticks t = nice_ticks(spec.y0, spec.y1, std::max(5, static_cast<int>(f.height / 45.0)));
  for (const double v : t.values) {
    const double py = f.to_y(v);
    doc.line(f.x, py, f.x + f.width, py, grid_style);
    doc.line(f.x - tick_length, py, f.x, py, frame_style);
    doc.text(f.x - tick_length - 2.0, py + label_size / 3.0, tick_label(v, t.step), {label_size, "end"});
  }
}

}  // namespace

Frame axes(Document& doc, double x, double y, double w, double h, const AxesSpec& spec) {
  if (!(spec.x1 > spec.x0) || !(spec.y1 > spec.y0) || !std::isfinite(spec.x1 - spec.x0) ||
      !std::isfinite(spec.y1 - spec.y0))
    throw std::invalid_argument("svg::axes: needs finite ranges x0 < x1, y0 < y1");
  Frame f;
  f.x = x;
  f.y = y;
  f.width = w;
  f.height = h;
  f.to_x = LinearMap{spec.x0, spec.x1, x, x + w};
  f.to_y = LinearMap{spec.y0, spec.y1, y + h, y};
  x_ticks(doc, f, spec);
  y_ticks(doc, f, spec);
  doc.rect(x, y, w, h, frame_style,
           "class=\"frame\" data-x-range=\"" + escape(fmt_range(spec.x0, spec.x1)) + "\" data-y-range=\"" +
               escape(fmt_range(spec.y0, spec.y1)) + "\"");
  doc.text(x + w / 2.0, y + h + tick_length + 2.4 * label_size + 4.0, spec.x_label, {label_size + 1.0, "middle"});
  doc.text(x - 3.6 * label_size, y + h / 2.0, spec.y_label, {label_size + 1.0, "middle", "black", -90.0});
  if (!spec.title.empty()) doc.text(x + w / 2.0, y - 8.0, spec.title, {title_size, "middle", "black", 0.0, true});
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

void legend_entry(Document& doc, double x, double y, const Style& style, const std::string& label, bool marker) {
  if (marker) {
    doc.circle(x + 10.0, y - 4.0, 4.5, style);
  } else {
    doc.line(x, y - 4.0, x + 22.0, y - 4.0, style);
  }
  doc.text(x + 28.0, y, label, {label_size - 1.0});
}

}  // namespace limitdir::svg
