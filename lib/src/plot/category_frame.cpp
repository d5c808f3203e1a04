// A plot frame with ticks on one axis only (plot/category_frame.hpp).
#include "plot/category_frame.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "limitdir/plot/labels.hpp"
#include "plot/common.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir::plot_detail {

namespace {
constexpr double note_pitch = 1.25;  // the baseline pitch of a note's lines, in its size
}  // namespace

namespace {

constexpr double tick = 5.0;         // px, as svg::axes
constexpr double tick_size = 12.0;   // px, tick labels
constexpr double label_size = 13.0;  // px, axis labels
const svg::Style edge{"black", 1.0, "none", "", 1.0};
const svg::Style grid{"#dddddd", 0.6, "none", "", 1.0};

}  // namespace

svg::Frame category_frame(svg::Document& doc, double x, double y, double w, double h, const svg::AxesSpec& spec,
                          char numeric) {
  if (!(spec.x1 > spec.x0) || !(spec.y1 > spec.y0))
    throw std::invalid_argument("category_frame: needs finite ranges x0 < x1, y0 < y1");
  svg::Frame f{x, y, w, h, {spec.x0, spec.x1, x, x + w}, {spec.y0, spec.y1, y + h, y}, ""};
  const double s = doc.font_scale();
  double widest = 0.0;  // of the y tick labels
  if (numeric == 'x') {
    const svg::Ticks t = svg::nice_ticks(spec.x0, spec.x1, std::max(5, static_cast<int>(w / (70.0 * s))));
    for (const double v : t.values) {
      doc.line(f.to_x(v), y, f.to_x(v), y + h, grid);
      doc.line(f.to_x(v), y + h, f.to_x(v), y + h + tick, edge);
      doc.text(f.to_x(v), y + h + tick + 1.4 * tick_size * s, svg::tick_label(v, t.step), {tick_size, "middle"});
    }
  } else {
    const svg::Ticks t = svg::nice_ticks(spec.y0, spec.y1, std::max(5, static_cast<int>(h / (45.0 * s))));
    for (const double v : t.values) {
      const std::string label = svg::tick_label(v, t.step);
      doc.line(x, f.to_y(v), x + w, f.to_y(v), grid);
      doc.line(x - tick, f.to_y(v), x, f.to_y(v), edge);
      doc.text(x - tick - 2.0, f.to_y(v) + tick_size * s / 3.0, label, {tick_size, "end"});
      widest = std::max(widest, svg::text_box(0.0, 0.0, label, {tick_size * s, "end"}).w);
    }
  }
  doc.rect(x, y, w, h, edge,
           fmt::format("class=\"frame\" data-x-range=\"{} {}\" data-y-range=\"{} {}\"", spec.x0, spec.x1, spec.y0, spec.y1));
  if (!spec.x_label.empty())  // below the tick labels (or the categories' labels, one line)
    doc.text(x + w / 2.0, y + h + tick + (1.4 + 0.25 + 0.8) * tick_size * s + 4.0, spec.x_label,
             {svg::fitting_size(doc, spec.x_label, label_size, w, false), "middle"});
  if (!spec.y_label.empty()) {
    const double size = svg::fitting_size(doc, spec.y_label, label_size, h, false);
    doc.text(std::max(0.8 * size * s, x - tick - 6.0 - widest - 0.25 * size * s), y + h / 2.0, spec.y_label,
             {size, "middle", "black", -90.0});
  }
  f.clip_id = doc.clip_rect(x, y, w, h);
  return f;
}

FigureTitle note_layout(const svg::Document& doc, const std::string& note) {
  if (doc.paper()) return wrapped_text(doc, note, 11.0, doc.width() - 8.0, false);
  return {{note}, svg::fitting_size(doc, note, 11.0, doc.width() - 8.0, false)};
}

double note_room(const svg::Document& doc, const FigureTitle& note) {
  return note.lines.empty() ? 0.0 : note_pitch * note.size * doc.font_scale() * static_cast<double>(note.lines.size() - 1);
}

void draw_note(svg::Document& doc, double y, const FigureTitle& note) {
  const double pitch = note_pitch * note.size * doc.font_scale();
  for (std::size_t k = 0; k < note.lines.size(); ++k)
    doc.text(doc.width() / 2.0, y - pitch * static_cast<double>(note.lines.size() - 1 - k), note.lines[k],
             {note.size, "middle"});
}

svg::Frame titled_category_frame(svg::Document& doc, const svg::AxesSpec& spec, char numeric, const std::string& title,
                                 const std::string& note, const std::vector<svg::LegendItem>& legend) {
  const double s = doc.font_scale(), W = doc.width(), H = doc.height();
  const FigureTitle heading = figure_title(doc, title, 14.0);
  const Margins m = margins(doc);
  const FigureTitle lines = note_layout(doc, note);
  const double top = m.top + 16.0 * s + note_room(doc, lines), frame_w = W - m.left - m.right;  // the note below the title
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, frame_w, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, frame_w), frame_h = H - top - m.bottom - legend_h;
  check_room(doc, frame_w, frame_h);
  const svg::Frame frame = category_frame(doc, m.left, top, frame_w, frame_h, spec, numeric);
  // the note's descent (2.75 s) clear of the top y tick label's ascent above the frame (5.6 s)
  draw_title(doc, top - 30.0 * s - note_room(doc, lines), heading);
  draw_note(doc, top - 12.0 * s, lines);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  return frame;
}

}  // namespace limitdir::plot_detail
