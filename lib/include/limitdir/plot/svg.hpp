#pragma once
// A tiny SVG 1.1 writer for the figures of `plot` (docs/manual.md section 11): a document of
// fixed pixel size, axes with nice ticks, polylines, markers, text (escaped) and clipping to
// a plot frame. No plotting dependency: the text is written here.
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace limitdir::svg {

/// `text` with the five XML special characters & < > " ' replaced by entities, so that it can
/// stand in character data and in attribute values. Control characters other than tab,
/// newline and carriage return (not allowed in XML 1.0) become U+FFFD.
std::string escape(std::string_view text);

/// A number as an attribute value: at most 2 decimals (1/100 px), no trailing zeros.
std::string number(double value);

/// Ticks at the "nice" multiples k * step of step = m * 10^e, m in {1, 2, 5}, inside [lo, hi]:
/// the smallest such step giving at most `max_ticks` ticks. With max_ticks >= 5 there are at
/// least 2: the next finer step s' gives more than max_ticks ticks, so hi - lo >= max_ticks s'
/// >= max_ticks s / 2.5 >= 2 s. lo == hi is widened to a unit interval about the value first.
struct Ticks {
  double step = 1.0;
  std::vector<double> values;
};
Ticks nice_ticks(double lo, double hi, int max_ticks = 7);
/// A tick value written with as many decimals as its step needs ("0.25", "-1", "0"); for steps
/// below 1e-4 or values from 1e7 on, in scientific notation with the mantissa digits the step
/// needs ("5e-13", "1.5e300").
std::string tick_label(double value, double step);

/// Ticks of a logarithmic axis over [lo, hi] (0 < lo < hi): the decades 10^k inside, every
/// step-th when there are more than max_ticks, labelled; with fewer than 3 decades inside also
/// 2 10^k and 5 10^k labelled. `minor`: the other multiples m 10^k (m = 2..9) of the labelled
/// decades, unlabelled, while there are at most 10 per max_ticks. `plain` when fewer than 2
/// labelled ticks result (a range inside one decade, as [0.3, 0.8]): then `values` are the
/// nice_ticks of [lo, hi], labelled by tick_label with step `step`.
struct LogTicks {
  std::vector<double> values, minor;
  bool plain = false;
  double step = 1.0;
};
LogTicks log_ticks(double lo, double hi, int max_ticks = 7);
/// The label of a log tick m 10^k as its base ("10", or "m\u00d710") and its exponent k (with
/// the minus sign U+2212), the exponent written as a superscript (Document::text_power).
std::pair<std::string, std::string> power_label(double value);

/// The map of the data interval [d0, d1] onto the pixel interval [p0, p1] (p1 < p0 for a y
/// axis, whose pixels grow downwards): affine in d, or with `log` (a logarithmic axis, 0 < d0
/// < d1) affine in log10 d, d <= 0 mapping to minus infinity in log10 (beyond p0, clipped).
struct LinearMap {
  double d0 = 0.0, d1 = 1.0, p0 = 0.0, p1 = 1.0;
  bool log = false;
  // the fraction of the data range first: (d - d0) (p1 - p0) overflows for ranges near 1e308
  double operator()(double d) const {
    if (!log) return p0 + (d - d0) / (d1 - d0) * (p1 - p0);
    const double u = d > 0.0 ? std::log10(d) : -std::numeric_limits<double>::infinity();
    const double u0 = std::log10(d0), u1 = std::log10(d1);
    return p0 + (u - u0) / (u1 - u0) * (p1 - p0);
  }
  /// The data value at pixel p (the inverse map).
  double inverse(double p) const {
    const double f = (p - p0) / (p1 - p0);
    return log ? std::pow(10.0, std::log10(d0) + f * (std::log10(d1) - std::log10(d0))) : d0 + f * (d1 - d0);
  }
};

struct Style {
  std::string stroke = "black";
  double width = 1.0;
  std::string fill = "none";
  std::string dash;  // stroke-dasharray, e.g. "6 4"; empty: solid
  double opacity = 1.0;
};

struct TextStyle {
  double size = 12.0;
  std::string anchor = "start";  // start | middle | end
  std::string fill = "black";
  double rotate = 0.0;           // degrees about the anchor point
  bool bold = false;
};

using Point = std::pair<double, double>;

/// An axis-aligned pixel rectangle, (x, y) its top left corner.
struct Box {
  double x = 0, y = 0, w = 0, h = 0;
};
/// Whether two boxes overlap in an area (touching edges do not count).
bool intersects(const Box& a, const Box& b);
/// Whether `inner` lies within `outer`.
bool contains(const Box& outer, const Box& inner);

/// The box a text occupies, estimated (a standalone writer has no font metrics) from its size s
/// and its number n of characters (the code points of its typeset form, plot/typeset.hpp, those
/// of a subscript counting subscript_scale; a subscript with a descender, subscript_descends,
/// lowers the bottom to subscript_drop + text_descent subscript_scale below the baseline): width text_advance s n (text_advance_bold
/// s n when bold), from text_ascent s above the baseline to text_descent s below it, placed by
/// its anchor (start, middle, end) and, rotated by +-90 degrees, turned about the anchor point.
/// The advances are those of a digit in DejaVu Sans (0.636 em, bold 0.696 em), the renderer's
/// sans-serif, about the mean advance of mixed text; a run of wide capitals (W, M) can exceed it.
inline constexpr double text_advance = 0.64;
inline constexpr double text_advance_bold = 0.70;
inline constexpr double text_ascent = 0.80;
inline constexpr double text_descent = 0.25;
Box text_box(double x, double y, std::string_view content, const TextStyle& style);
/// The box of Document::text_power's text (upright only): the base's advance and the exponent's
/// at superscript_scale, raised by superscript_rise of the size above the base's ascent.
inline constexpr double superscript_scale = 0.7;
inline constexpr double superscript_rise = 0.33;  // em: the rise of baseline-shift="super" in librsvg (about 1/3 em)
Box power_box(double x, double y, std::string_view base, std::string_view exponent, const TextStyle& style);

/// The paper style's font: DejaVu Serif (Debian's fonts-dejavu-core, which librsvg finds through
/// fontconfig; its digits advance 0.636 em as DejaVu Sans's, so text_box holds), with Greek.
inline constexpr const char* paper_font_family = "DejaVu Serif, serif";
/// The paper style's strokes: 0.6 of the screen widths (a 1 px frame 0.6 pt, a 2.5 px branch 1.5 pt).
inline constexpr double paper_line_scale = 0.6;

/// An SVG document being written; str() closes it.
class Document {
 public:
  Document(double width, double height, const std::string& title);
  double width() const { return width_; }
  double height() const { return height_; }

  /// `extra`: further attributes written as given (the caller escapes their values).
  void rect(double x, double y, double w, double h, const Style& style, const std::string& extra = "");
  void line(double x1, double y1, double x2, double y2, const Style& style);
  /// A polyline through `points` (pixels); fewer than 2 points draw nothing.
  void polyline(const std::vector<Point>& points, const Style& style);
  void polygon(const std::vector<Point>& points, const Style& style);
  void circle(double cx, double cy, double r, const Style& style, const std::string& extra = "");
  /// A text at (x, y), typeset (plot/typeset.hpp: Greek letters, subscripts, minus signs); its
  /// size is style.size times font_scale(). Its box (text_box) is recorded in occupied().
  void text(double x, double y, std::string_view content, const TextStyle& style = {});
  /// `base` followed by `exponent` as a superscript (a <tspan baseline-shift="super"> at
  /// superscript_scale of the size), e.g. 10^-2; its box (power_box) is recorded in occupied().
  void text_power(double x, double y, std::string_view base, std::string_view exponent, const TextStyle& style = {});
  /// The factor of every text size (PlotOptions::font_size / 12); 1 by default.
  void set_font_scale(double scale) { font_scale_ = scale; }
  double font_scale() const { return font_scale_; }
  /// The paper style (PlotOptions::style, docs/manual.md section 11, "Paper style"): every text
  /// in paper_font_family and every stroke paper_line_scale as wide; else sans-serif at the widths given.
  void set_paper(bool paper) { paper_ = paper; }
  bool paper() const { return paper_; }
  std::string font_family() const { return paper_ ? paper_font_family : "sans-serif"; }
  double line_scale() const { return paper_ ? paper_line_scale : 1.0; }
  /// The factor of the markers' size (event and point markers, clipping marks): the font scale
  /// in the paper styles, as their letters and strokes shrink; 1 on screen.
  double marker_scale() const { return paper_ ? font_scale_ : 1.0; }
  /// The figure's title (plot's figure_title, docs/manual.md section 11, "Titles"): whether it
  /// is drawn (the paper styles leave it to the caption unless asked), and the room (px) it takes
  /// below the figure's top beyond one line of its size (negative when it is left out), which the
  /// frames' top margin includes.
  void set_titled(bool titled) { titled_ = titled; }
  bool titled() const { return titled_; }
  void set_title_room(double px) { title_room_ = px; }
  double title_room() const { return title_room_; }
  /// The boxes labels must avoid: every text written so far and the obstacles reserved
  /// (markers), in pixels of the document.
  const std::vector<Box>& occupied() const { return occupied_; }
  void reserve(const Box& box) { occupied_.push_back(box); }
  /// Whether `box` lies in the document and meets no occupied box.
  bool is_free(const Box& box) const;
  /// A clip path of the rectangle; returns its id for begin_group.
  std::string clip_rect(double x, double y, double w, double h);
  /// <g> with an optional clip-path (an id from clip_rect) and class; end_group closes it.
  void begin_group(const std::string& clip_id = "", const std::string& css_class = "");
  void end_group();
  std::string str() const;

 private:
  double width_, height_;
  std::string body_;
  int clips_ = 0, open_groups_ = 0;
  double font_scale_ = 1.0;
  bool paper_ = false;
  bool titled_ = true;
  double title_room_ = 0.0;
  std::vector<Box> occupied_;
};

/// A plot frame: a pixel rectangle with a data range on each axis.
struct Frame {
  double x = 0, y = 0, width = 1, height = 1;  // pixels, (x, y) the top left corner
  LinearMap to_x, to_y;                        // data -> pixels
  std::string clip_id;
  Point pixel(double u, double v) const { return {to_x(u), to_y(v)}; }
};

struct AxesSpec {
  double x0, x1, y0, y1;  // data ranges (x0 < x1, y0 < y1; on a log axis 0 < x0 or 0 < y0)
  std::string x_label, y_label, title;
  bool log_x = false, log_y = false;  // logarithmic axes (ticks by log_ticks, LinearMap::log)
};

/// Draws the frame rectangle at (x, y, w, h) in pixels with its ticks, tick labels, axis
/// labels and title, and returns the frame. The frame rectangle carries
/// data-x-range="x0 x1" and data-y-range="y0 y1" (and data-x-scale="log", data-y-scale="log"
/// for a logarithmic axis, on which a pixel is affine in log10 of the value) so that tests can
/// map data to pixels without this code.
Frame axes(Document& doc, double x, double y, double w, double h, const AxesSpec& spec);

/// A polyline of data points clipped to the frame; a non-finite coordinate breaks the line.
void data_line(Document& doc, const Frame& frame, const std::vector<Point>& data, const Style& style);

}  // namespace limitdir::svg
