// Label placement and compact legends (plot/labels.hpp, docs/manual.md section 11).
#include "limitdir/plot/labels.hpp"

#include "limitdir/plot/typeset.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace limitdir::svg {

namespace {

constexpr double label_gap = 2.0;       // px between a marker and its label's box
constexpr double legend_size = 11.0;    // px, legend text (times the font scale)
constexpr double legend_symbol = 24.0;  // px, the line or marker before a legend label
constexpr double legend_space = 16.0;   // px between two legend entries on a row
constexpr double legend_line = 1.4;     // rows are this many legend text sizes apart

double item_width(const LegendItem& item, double scale) {
  const double text = text_advance * legend_size * scale * typeset_advances(item.label);
  return (item.kind == LegendItem::Kind::text ? 0.0 : (legend_symbol + 4.0) * scale) + text;
}

/// The words of a label; with `glued` a space beside "=" does not break ("v_r = 0.5" stays whole).
std::vector<std::string> words_of(const std::string& label, bool glued) {
  std::vector<std::string> words;
  bool glue = false;  // the last word was "="
  for (std::size_t start = 0; start < label.size();) {
    std::size_t end = label.find(' ', start);
    if (end == std::string::npos) end = label.size();
    const std::string word = label.substr(start, end - start);
    start = end + 1;
    if (glued && !words.empty() && (glue || word == "=")) words.back() += " " + word;
    else words.push_back(word);
    glue = word == "=";
  }
  return words;
}

/// A legend laid out: its items with every item wider than the width broken at spaces into
/// pieces that fit (the first keeps the item's symbol, the others are text at the row's start).
/// In the paper styles (legend_rows) never beside an "=", and each piece takes its row alone
/// (`alone`); on screen the pieces share rows as other items do.
struct Laid {
  std::vector<LegendItem> items;
  std::vector<char> alone;
};

Laid wrapped(const std::vector<LegendItem>& items, double width, double scale, bool paper) {
  Laid out;
  const auto add = [&](const LegendItem& item, bool piece) { out.items.push_back(item), out.alone.push_back(piece && paper); };
  for (const LegendItem& item : items) {
    if (item_width(item, scale) <= width) {
      add(item, false);
      continue;
    }
    LegendItem piece = item;
    piece.label.clear();
    for (const std::string& word : words_of(item.label, paper)) {
      LegendItem longer = piece;
      longer.label += (piece.label.empty() ? "" : " ") + word;
      if (!piece.label.empty() && item_width(longer, scale) > width) {
        add(piece, true);
        piece = {LegendItem::Kind::text, {}, word};
      } else {
        piece = longer;
      }
    }
    if (!piece.label.empty()) add(piece, true);
  }
  // a single word wider than the width (a very narrow legend): cut to the letters that fit
  for (LegendItem& item : out.items)
    while (!item.label.empty() && item_width(item, scale) > width) {
      // the last code point: its continuation bytes (10xxxxxx), then its first byte
      while (!item.label.empty() && (static_cast<unsigned char>(item.label.back()) & 0xC0) == 0x80) item.label.pop_back();
      if (!item.label.empty()) item.label.pop_back();
    }
  Laid kept;
  for (std::size_t i = 0; i < out.items.size(); ++i)
    if (!out.items[i].label.empty()) kept.items.push_back(out.items[i]), kept.alone.push_back(out.alone[i]);
  return kept;
}

/// Whether items[i] is a key: a text ending in ':' followed by swatches (the shading's key).
bool is_key(const std::vector<LegendItem>& items, std::size_t i) {
  return items[i].kind == LegendItem::Kind::text && !items[i].label.empty() && items[i].label.back() == ':' &&
         i + 1 < items.size() && items[i + 1].kind == LegendItem::Kind::swatch;
}

/// The units of a legend: each item alone, but a key with the swatches after it one unit, kept together.
std::vector<std::vector<std::size_t>> units_of(const std::vector<LegendItem>& items) {
  std::vector<std::vector<std::size_t>> units;
  for (std::size_t i = 0; i < items.size(); ++i) {
    units.push_back({i});
    if (!is_key(items, i)) continue;
    while (i + 1 < items.size() && items[i + 1].kind == LegendItem::Kind::swatch) units.back().push_back(++i);
  }
  return units;
}

/// The rows of a legend: indices of the items on each, filling `width` left to right. A unit
/// (units_of) goes whole onto the row if it fits there, else whole onto a new row; one wider
/// than a row puts its key where it fits and its swatches together from the start of the next row.
/// A piece of a broken item (Laid::alone) takes its row alone.
std::vector<std::vector<std::size_t>> rows_of(const Laid& laid, double width, double scale) {
  const std::vector<LegendItem>& items = laid.items;
  std::vector<std::vector<std::size_t>> rows;
  double used = 0.0;
  const auto add = [&](std::size_t i, bool new_row) {
    const double w = item_width(items[i], scale);
    const bool after_alone = !rows.empty() && !rows.back().empty() && laid.alone[rows.back().back()];
    if (rows.empty() || new_row || laid.alone[i] || after_alone || (!rows.back().empty() && used + w > width)) {
      rows.emplace_back();
      used = 0.0;
    }
    rows.back().push_back(i);
    used += w + legend_space * scale;
  };
  for (const std::vector<std::size_t>& unit : units_of(items)) {
    double w = -legend_space * scale;
    for (const std::size_t i : unit) w += item_width(items[i], scale) + legend_space * scale;
    const bool fits_here = !rows.empty() && used + w <= width;
    for (std::size_t k = 0; k < unit.size(); ++k)
      add(unit[k], (k == 0 && !fits_here && w <= width) || (k == 1 && w > width));
  }
  return rows;
}

}  // namespace

Point centred_baseline(Point c, const TextStyle& style) {
  return {c.first, c.second + (text_ascent - text_descent) / 2.0 * style.size};
}

std::optional<Point> place_text(Document& doc, const std::vector<Point>& centres, std::string_view content,
                                const TextStyle& style, const Box& area) {
  TextStyle s = style;
  s.anchor = "middle";
  TextStyle scaled = s;
  scaled.size *= doc.font_scale();
  for (const Point& c : centres) {
    const auto [x, y] = centred_baseline(c, scaled);
    const Box box = text_box(x, y, content, scaled);
    if (contains(area, box) && doc.is_free(box)) {
      doc.text(x, y, content, s);
      return c;
    }
  }
  return std::nullopt;
}

void reserve_marker(Document& doc, Point centre, double r) {
  doc.reserve({centre.first - r, centre.second - r, 2.0 * r, 2.0 * r});
}

bool place_marker_label(Document& doc, Point anchor, double r, std::string_view content, const TextStyle& style,
                        const Box& area, int rings) {
  const double size = style.size * doc.font_scale();
  const double w = (style.bold ? text_advance_bold : text_advance) * size * typeset_advances(content);
  const double h = (text_ascent + text_descent) * size;
  std::vector<Point> centres;
  for (int k = 0; k < rings; ++k) {
    const double dx = r + label_gap + w / 2.0 + k * h, dy = r + label_gap + h / 2.0 + k * h;
    const auto [ax, ay] = anchor;
    for (const Point& c : {Point{ax + dx, ay - dy}, Point{ax + dx, ay}, Point{ax + dx, ay + dy}, Point{ax - dx, ay - dy},
                           Point{ax - dx, ay}, Point{ax - dx, ay + dy}, Point{ax, ay - dy}, Point{ax, ay + dy}})
      centres.push_back(c);
  }
  const std::optional<Point> at = place_text(doc, centres, content, style, area);
  if (!at) return false;
  if (std::hypot(at->first - anchor.first, at->second - anchor.second) > r + label_gap + w / 2.0 + h)
    doc.line(anchor.first, anchor.second, at->first, at->second, {"#777777", 0.6, "none", "", 1.0});
  return true;
}

void note_dropped(Document& doc, int dropped, const Box& area) {
  if (dropped <= 0) return;
  const std::string note = std::to_string(dropped) + (dropped == 1 ? " label" : " labels") + " left out (no free place)";
  const TextStyle style{doc.paper() ? paper_least_size : 10.0, "middle", "#b00000"};  // in print 7.33 pt at least
  std::vector<Point> centres;
  const double h = 12.0 * doc.font_scale();
  for (const Box& b : {area, Box{0.0, 0.0, doc.width(), doc.height()}}) {  // the area, else anywhere
    centres.clear();
    for (double y = b.y + b.h - h; y > b.y; y -= h / 2.0)
      for (double f : {0.5, 0.35, 0.65, 0.2, 0.8}) centres.push_back({b.x + f * b.w, y});
    if (place_text(doc, centres, note, style, b)) return;
  }
  // over other text, but shown, and cut to the figure's width
  doc.text(area.x + 2.0, area.y + area.h - 2.0, fit_text(doc, note, style.size, doc.width() - area.x - 4.0, false, 1.0).content,
           {style.size, "start", "#b00000"});
}

double legend_height(const Document& doc, const std::vector<LegendItem>& items, double width) {
  if (items.empty()) return 0.0;
  const double s = doc.font_scale();
  return static_cast<double>(rows_of(wrapped(items, width, s, doc.paper()), width, s).size()) * legend_line * legend_size * s;
}

std::vector<LegendItem> fit_legend(const Document& doc, const std::vector<LegendItem>& items, double width,
                                   double max_height) {
  if (legend_height(doc, items, width) <= max_height) return items;
  return {{LegendItem::Kind::text, {}, "legend left out: the figure is too small for it"}};
}

void legend_rows(Document& doc, double x, double y, double width, const std::vector<LegendItem>& given) {
  const double s = doc.font_scale(), row_h = legend_line * legend_size * s;
  const Laid laid = wrapped(given, width, s, doc.paper());
  const std::vector<LegendItem>& items = laid.items;
  doc.begin_group("", "legend");
  double top = y;
  for (const std::vector<std::size_t>& row : rows_of(laid, width, s)) {
    double left = x;
    const double base = top + row_h / 2.0 + (text_ascent - text_descent) / 2.0 * legend_size * s, mid = top + row_h / 2.0;
    for (const std::size_t i : row) {
      const LegendItem& item = items[i];
      double text_x = left + (legend_symbol + 4.0) * s;
      switch (item.kind) {
        case LegendItem::Kind::line: doc.line(left, mid, left + legend_symbol * s, mid, item.style); break;
        case LegendItem::Kind::marker: doc.circle(left + legend_symbol * s / 2.0, mid, 4.5 * s, item.style); break;
        case LegendItem::Kind::swatch:
          doc.rect(left + 3.0 * s, mid - 5.0 * s, legend_symbol * s - 6.0 * s, 10.0 * s, item.style);
          break;
        case LegendItem::Kind::text: text_x = left; break;
      }
      doc.text(text_x, base, item.label, {legend_size});
      left += item_width(item, s) + legend_space * s;
    }
    top += row_h;
  }
  doc.end_group();
}

double fitting_size(const Document& doc, std::string_view content, double size, double width, bool bold) {
  const double n = std::max(1.0, typeset_advances(content));
  const double fit = width / ((bold ? text_advance_bold : text_advance) * n * doc.font_scale());
  return std::min(size, fit);
}

double y_label_shortfall(const Document& doc, std::string_view label, double height) {
  if (!doc.paper()) return 0.0;
  const double n = std::max(1.0, typeset_advances(label));  // the estimate fitting_size uses
  return std::max(0.0, text_advance * n * paper_least_size * doc.font_scale() - height);
}

FittedText fit_text(const Document& doc, std::string_view content, double size, double width, bool bold,
                    double min_shrink) {
  const double at = std::max(fitting_size(doc, content, size, width, bold), min_shrink * size);
  TextStyle style{at * doc.font_scale()};
  style.bold = bold;
  const auto fits = [&](const std::string& text) { return text_box(0.0, 0.0, text, style).w <= width; };
  if (fits(std::string(content))) return {std::string(content), at};
  std::size_t cut = 0;  // the longest prefix that fits with "...", cut between code points
  for (std::size_t i = 1; i <= content.size(); ++i) {
    if (i < content.size() && (static_cast<unsigned char>(content[i]) & 0xC0) == 0x80) continue;
    if (!fits(std::string(content.substr(0, i)) + "...")) break;
    cut = i;
  }
  return {std::string(content.substr(0, cut)) + "...", at};
}

}  // namespace limitdir::svg
