// The tiny SVG writer of plot/svg.hpp (docs/manual.md section 11).
#include "limitdir/plot/svg.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "limitdir/plot/typeset.hpp"

namespace limitdir::svg {

namespace {

/// A tick k * step counts as inside [lo, hi] when it is outside by at most this fraction of
/// the step: k * step carries a rounding error of a few ulp of k * step, far below 1e-9 step
/// for the <= 10^3 ticks an axis can have.
constexpr double tick_slack = 1e-9;

std::string trim_zeros(std::string text) {
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

/// `line_scale`: the factor of the stroke width (Document::line_scale).
std::string style_attributes(const Style& s, double line_scale) {
  std::string out = "stroke=\"" + escape(s.stroke) + "\" stroke-width=\"" + number(s.width * line_scale) + "\" fill=\"" +
                    escape(s.fill) + "\"";
  if (!s.dash.empty()) out += " stroke-dasharray=\"" + escape(s.dash) + "\"";
  if (s.opacity < 1.0) out += " opacity=\"" + number(s.opacity) + "\"";
  return out;
}

std::string points_attribute(const std::vector<Point>& points) {
  std::string out;
  for (const auto& [x, y] : points) {
    if (!out.empty()) out += ' ';
    out += number(x) + "," + number(y);
  }
  return out;
}

}  // namespace

bool intersects(const Box& a, const Box& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool contains(const Box& outer, const Box& inner) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
         inner.y + inner.h <= outer.y + outer.h;
}

Box text_box(double x, double y, std::string_view content, const TextStyle& style) {
  // the typeset text (plot/typeset.hpp): its code points, those of subscripts at their size
  const double n = typeset_advances(content);
  const double s = style.size;
  const double w = (style.bold ? text_advance_bold : text_advance) * s * n;
  const double shift = style.anchor == "middle" ? w / 2.0 : style.anchor == "end" ? w : 0.0;
  // a subscript's descender reaches below the text's (plot/typeset.hpp: subscript_descends)
  const double descent = subscript_descends(content) ? subscript_drop + text_descent * subscript_scale : text_descent;
  const Box upright{x - shift, y - text_ascent * s, w, (text_ascent + descent) * s};
  if (style.rotate == 0.0) return upright;
  // a quarter turn about (x, y): -90 (reading upwards) maps (dx, dy) to (dy, -dx), +90 to (-dy, dx)
  const double dx0 = upright.x - x, dx1 = dx0 + upright.w, dy0 = upright.y - y, dy1 = dy0 + upright.h;
  if (style.rotate < 0.0) return {x + dy0, y - dx1, upright.h, upright.w};
  return {x - dy1, y + dx0, upright.h, upright.w};
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const auto c = static_cast<unsigned char>(ch);
    // U+FFFE and U+FFFF (UTF-8 EF BF BE/BF) are no XML 1.0 characters either: U+FFFD for them
    if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xBE) {
      out += "\xEF\xBF\xBD";
      i += 2;
      continue;
    }
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (c < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') out += "\xEF\xBF\xBD";  // U+FFFD
        else out += ch;
    }
  }
  return out;
}

std::string number(double value) {
  if (!std::isfinite(value)) throw std::invalid_argument("svg::number: not finite");
  return trim_zeros(fmt::format("{:.2f}", value));
}

Ticks nice_ticks(double lo, double hi, int max_ticks) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo || max_ticks < 2)
    throw std::invalid_argument("nice_ticks: needs finite lo <= hi and max_ticks >= 2");
  if (hi == lo) {
    lo -= 0.5;
    hi += 0.5;
  }
  const auto count = [&](double step) {
    return std::floor(hi / step + tick_slack) - std::ceil(lo / step - tick_slack) + 1.0;
  };
  // Start one decade below the step that gives max_ticks intervals and go up 1, 2, 5, 10, ...
  int e = static_cast<int>(std::floor(std::log10((hi - lo) / max_ticks))) - 1;
  Ticks t;
  for (;; ++e) {
    bool found = false;
    for (const double m : {1.0, 2.0, 5.0}) {
      const double step = m * std::pow(10.0, e);
      if (count(step) <= max_ticks) {
        t.step = step;
        found = true;
        break;
      }
    }
    if (found) break;
  }
  const auto k0 = static_cast<long long>(std::ceil(lo / t.step - tick_slack));
  const auto k1 = static_cast<long long>(std::floor(hi / t.step + tick_slack));
  for (long long k = k0; k <= k1; ++k) t.values.push_back(k == 0 ? 0.0 : static_cast<double>(k) * t.step);
  return t;
}

std::string tick_label(double value, double step) {
  // fixed decimals while they stay short: steps down to 1e-4, values below 1e7 (at most 8 digits)
  constexpr double smallest_fixed_step = 1e-4, largest_fixed_value = 1e7;
  if (step >= smallest_fixed_step && std::abs(value) < largest_fixed_value) {
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + tick_slack)));
    return trim_zeros(fmt::format("{:.{}f}", value, decimals));
  }
  // the tick k = 0 (or a rounding error of it); == 0 too, as step / 2 underflows to 0 at the
  // smallest subnormal step 4.9e-324, and log10(0) below has no integer part
  if (value == 0.0 || std::abs(value) < step / 2.0) return "0";
  // scientific: as many mantissa digits as the step needs below the value's leading one ("5e-13", "1.5e300")
  const int digits = std::max(0, static_cast<int>(std::floor(std::log10(std::abs(value)) + tick_slack)) -
                                     static_cast<int>(std::floor(std::log10(step) + tick_slack)));
  const std::string text = fmt::format("{:.{}e}", value, digits);
  const std::size_t e = text.find('e');
  return trim_zeros(text.substr(0, e)) + "e" + std::to_string(std::stoi(text.substr(e + 1)));
}

LogTicks log_ticks(double lo, double hi, int max_ticks) {
  if (!(lo > 0.0) || !(hi > lo) || !std::isfinite(hi) || max_ticks < 2)
    throw std::invalid_argument("log_ticks: needs finite 0 < lo < hi and max_ticks >= 2");
  const double slack = tick_slack;  // of a decade: log10 of a tick at the range's end rounds either way
  const auto k0 = static_cast<long long>(std::ceil(std::log10(lo) - slack));
  const auto k1 = static_cast<long long>(std::floor(std::log10(hi) + slack));
  const auto inside = [&](double v) { return v >= lo * (1.0 - slack) && v <= hi * (1.0 + slack); };
  LogTicks t;
  const long long decades = k1 - k0 + 1;
  const long long every = std::max(1LL, (decades + max_ticks - 1) / max_ticks);  // every-th decade labelled
  std::vector<long long> labelled;
  for (long long k = k0; k <= k1; ++k)
    if (((k % every) + every) % every == 0) labelled.push_back(k);
  // with few decades the multiples 2 and 5 are labelled too (each decade then has 3 labels)
  const bool subdivide = decades < 3;
  for (long long k = k0 - 1; k <= k1; ++k)
    for (int m = 1; m <= 9; ++m) {
      const double v = m * std::pow(10.0, static_cast<double>(k));
      if (!inside(v)) continue;
      const bool decade = m == 1 && std::find(labelled.begin(), labelled.end(), k) != labelled.end();
      if (decade || (subdivide && (m == 2 || m == 5))) t.values.push_back(v);
      else if (every == 1 && decades <= 10LL * max_ticks) t.minor.push_back(v);
    }
  if (t.values.size() < 2) {  // inside one decade: the linear ticks of the range (those above 0: a
    // range of subnormals, as [5e-324, 1e-323], has the tick 0 at minus infinity in log10)
    const Ticks linear = nice_ticks(lo, hi, max_ticks);
    t = LogTicks{{}, {}, true, linear.step};
    for (const double v : linear.values)
      if (v > 0.0) t.values.push_back(v);
  }
  return t;
}

std::pair<std::string, std::string> power_label(double value) {
  const double k = std::floor(std::log10(value) + tick_slack);
  const double m = std::round(value / std::pow(10.0, k));
  const std::string exponent = (k < 0 ? "\u2212" : "") + fmt::format("{}", static_cast<long long>(std::abs(k)));
  return {m == 1.0 ? "10" : fmt::format("{}\u00d710", m), exponent};
}

Box power_box(double x, double y, std::string_view base, std::string_view exponent, const TextStyle& style) {
  const double sup = superscript_scale * style.size;
  const Box b = text_box(0.0, y, base, {style.size, "start", style.fill, 0.0, style.bold});
  const Box e = text_box(0.0, y, exponent, {sup, "start", style.fill, 0.0, style.bold});
  const double w = b.w + e.w;
  const double shift = style.anchor == "middle" ? w / 2.0 : style.anchor == "end" ? w : 0.0;
  const double top = std::min(b.y, y - superscript_rise * style.size - text_ascent * sup);
  return {x - shift, top, w, b.y + b.h - top};
}

Document::Document(double width, double height, const std::string& title) : width_(width), height_(height) {
  body_ += "<title>" + escape(title) + "</title>\n";
  rect(0, 0, width, height, Style{"none", 0.0, "white", "", 1.0});
}

void Document::rect(double x, double y, double w, double h, const Style& style, const std::string& extra) {
  body_ += "<rect x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" + number(w) + "\" height=\"" +
           number(h) + "\" " + style_attributes(style, line_scale()) + (extra.empty() ? "" : " " + extra) + "/>\n";
}

void Document::line(double x1, double y1, double x2, double y2, const Style& style) {
  body_ += "<line x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(x2) + "\" y2=\"" +
           number(y2) + "\" " + style_attributes(style, line_scale()) + "/>\n";
}

void Document::polyline(const std::vector<Point>& points, const Style& style) {
  if (points.size() < 2) return;
  body_ += "<polyline points=\"" + points_attribute(points) + "\" " + style_attributes(style, line_scale()) +
           " stroke-linejoin=\"round\"/>\n";
}

void Document::polygon(const std::vector<Point>& points, const Style& style) {
  if (points.size() < 3) return;
  body_ += "<polygon points=\"" + points_attribute(points) + "\" " + style_attributes(style, line_scale()) + "/>\n";
}

void Document::circle(double cx, double cy, double r, const Style& style, const std::string& extra) {
  body_ += "<circle cx=\"" + number(cx) + "\" cy=\"" + number(cy) + "\" r=\"" + number(r) + "\" " +
           style_attributes(style, line_scale()) + (extra.empty() ? "" : " " + extra) + "/>\n";
}

bool Document::is_free(const Box& box) const {
  if (!contains({0.0, 0.0, width_, height_}, box)) return false;
  return std::none_of(occupied_.begin(), occupied_.end(), [&](const Box& b) { return intersects(b, box); });
}

void Document::text(double x, double y, std::string_view content, const TextStyle& style) {
  TextStyle s = style;
  s.size *= font_scale_;
  occupied_.push_back(text_box(x, y, content, s));
  body_ += "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" font-family=\"" + font_family() + "\" font-size=\"" +
           number(s.size) + "\" text-anchor=\"" + escape(s.anchor) + "\" fill=\"" + escape(s.fill) + "\"";
  if (s.bold) body_ += " font-weight=\"bold\"";
  if (s.rotate != 0.0)
    body_ += " transform=\"rotate(" + number(s.rotate) + " " + number(x) + " " + number(y) + ")\"";
  body_ += ">" + typeset_markup(typeset(content), s.size) + "</text>\n";
}

void Document::text_power(double x, double y, std::string_view base, std::string_view exponent,
                          const TextStyle& style) {
  TextStyle s = style;
  s.size *= font_scale_;
  occupied_.push_back(power_box(x, y, base, exponent, s));
  body_ += "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" font-family=\"" + font_family() + "\" font-size=\"" +
           number(s.size) + "\" text-anchor=\"" + escape(s.anchor) + "\" fill=\"" + escape(s.fill) + "\"";
  if (s.bold) body_ += " font-weight=\"bold\"";
  body_ += ">" + escape(base) + "<tspan baseline-shift=\"super\" font-size=\"" + number(superscript_scale * s.size) +
           "\">" + escape(exponent) + "</tspan></text>\n";
}

std::string Document::clip_rect(double x, double y, double w, double h) {
  const std::string id = "clip" + std::to_string(++clips_);
  body_ += "<clipPath id=\"" + id + "\"><rect x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" +
           number(w) + "\" height=\"" + number(h) + "\"/></clipPath>\n";
  return id;
}

void Document::begin_group(const std::string& clip_id, const std::string& css_class) {
  body_ += "<g";
  if (!clip_id.empty()) body_ += " clip-path=\"url(#" + escape(clip_id) + ")\"";
  if (!css_class.empty()) body_ += " class=\"" + escape(css_class) + "\"";
  body_ += ">\n";
  ++open_groups_;
}

void Document::end_group() {
  if (open_groups_ == 0) throw std::logic_error("svg::Document::end_group without begin_group");
  body_ += "</g>\n";
  --open_groups_;
}

std::string Document::str() const {
  if (open_groups_ != 0) throw std::logic_error("svg::Document::str with an open group");
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
         "width=\"" + number(width_) + "\" height=\"" + number(height_) + "\" viewBox=\"0 0 " + number(width_) + " " +
         number(height_) + "\">\n" + body_ + "</svg>\n";
}

}  // namespace limitdir::svg
