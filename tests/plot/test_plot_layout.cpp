// Label placement, compact legends, robust axis ranges, axis options and overlays of plot
// (plot/labels.hpp, plot/plot.hpp, docs/manual.md section 11). The figures of the bundled
// problems are made from the apps' reports; their text boxes are read back from the SVG and
// estimated with svg::text_box, the documented estimate.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/plot/typeset.hpp"
#include "plot/common.hpp"

namespace test_plot_layout {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

const std::string problems = std::string(LIMITDIR_SHARE_DIR) + "/problems/";

/// The standard output of an app of the build on a bundled problem (exit 0 or 3 expected).
std::string app_output(const std::string& app, const std::string& problem, const std::string& args) {
  const std::string command = std::string(LIMITDIR_BIN_DIR) + "/" + app + " " + problems + problem + " " + args + " 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) out.append(buffer, n);
  const int raw = pclose(pipe.release());
  REQUIRE(WIFEXITED(raw));
  REQUIRE((WEXITSTATUS(raw) == 0 || WEXITSTATUS(raw) == 3));
  return out;
}

std::string figure(const std::string& report, const PlotOptions& options = {}) {
  return plot_report(read_plot_input(report, "test"), options);
}

/// Character data with its five entities back to one character each.
std::string unescaped(std::string text) {
  for (const auto& [entity, ch] : {std::pair{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}}) {
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
      text.replace(at, std::string(entity).size(), ch);
  }
  return text;
}

struct Label {
  std::string text;
  svg::Box box;
};

double code_points(const std::string& text) {
  return static_cast<double>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// The box of a text from its SVG markup (as tests/cli/check_labels.py measures it): the
/// character data at the text's size s, each <tspan> at its font-size and the text after it at s,
/// a subscript with a descender its bottom subscript_drop s + text_descent of its size below the baseline, a
/// superscript's top superscript_rise s + text_ascent of its size above it; turned as text_box turns.
svg::Box markup_box(double x, double y, const std::string& markup, const svg::TextStyle& style) {
  static const std::regex span_re(R"re(<tspan baseline-shift="(sub|super)" font-size="([0-9.]+)">([^<]*)</tspan>)re");
  const double s = style.size, advance = style.bold ? svg::text_advance_bold : svg::text_advance;
  double w = 0.0, top = y - svg::text_ascent * s, bottom = y + svg::text_descent * s;
  std::size_t from = 0;
  for (auto it = std::sregex_iterator(markup.begin(), markup.end(), span_re); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const double size = std::stod(m[2]);
    w += advance * s * code_points(unescaped(markup.substr(from, static_cast<std::size_t>(m.position(0)) - from)));
    w += advance * size * code_points(unescaped(m[3]));
    const bool descends = m[3].str().find_first_of("gjpqy,()[]{}|") != std::string::npos;
    if (m[1] == "sub" && descends) bottom = std::max(bottom, y + svg::subscript_drop * s + svg::text_descent * size);
    else top = std::min(top, y - svg::superscript_rise * s - svg::text_ascent * size);
    from = static_cast<std::size_t>(m.position(0) + m.length(0));
  }
  w += advance * s * code_points(unescaped(markup.substr(from)));
  const double shift = style.anchor == "middle" ? w / 2.0 : style.anchor == "end" ? w : 0.0;
  const svg::Box upright{x - shift, top, w, bottom - top};
  if (style.rotate == 0.0) return upright;
  // a quarter turn about (x, y): -90 maps (dx, dy) to (dy, -dx), +90 to (-dy, dx)
  const double dx0 = upright.x - x, dx1 = dx0 + w, dy0 = top - y, dy1 = bottom - y;
  if (style.rotate < 0.0) return {x + dy0, y - dx1, upright.h, upright.w};
  return {x - dy1, y + dx0, upright.h, upright.w};
}

/// Every <text> of a figure with its estimated box (the sizes in the SVG are already scaled).
std::vector<Label> labels_of(const std::string& svg_text) {
  static const std::regex text_re(
      R"re(<text x="([-0-9.]+)" y="([-0-9.]+)" font-family="[^"]*" font-size="([0-9.]+)" text-anchor="(\w+)" fill="[^"]*"( font-weight="bold")?( transform="rotate\(([-0-9.]+) [^"]*\)")?>(.*?)</text>)re");
  std::vector<Label> out;
  for (auto it = std::sregex_iterator(svg_text.begin(), svg_text.end(), text_re); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    svg::TextStyle style{std::stod(m[3]), m[4], "black", m[7].matched ? std::stod(m[7]) : 0.0, m[5].matched};
    out.push_back({m[8], markup_box(std::stod(m[1]), std::stod(m[2]), m[8], style)});
  }
  return out;
}

/// No two label boxes intersect and none leaves the figure (width x height).
void check_labels(const std::string& svg_text, double width, double height) {
  const std::vector<Label> labels = labels_of(svg_text);
  std::size_t texts = 0;  // every <text> must have been read
  for (std::size_t at = svg_text.find("<text "); at != std::string::npos; at = svg_text.find("<text ", at + 1)) ++texts;
  REQUIRE(labels.size() == texts);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    INFO("label \"" << labels[i].text << "\"");
    CHECK(svg::contains({0.0, 0.0, width, height}, labels[i].box));
    for (std::size_t j = i + 1; j < labels.size(); ++j) {
      INFO("and \"" << labels[j].text << "\"");
      CHECK_FALSE(svg::intersects(labels[i].box, labels[j].box));
    }
  }
}

/// The frame's data-x-range and data-y-range attributes (the first frame).
std::pair<std::string, std::string> frame_ranges(const std::string& svg_text) {
  static const std::regex frame_re(R"re(class="frame" data-x-range="([^"]*)" data-y-range="([^"]*)")re");
  std::smatch m;
  REQUIRE(std::regex_search(svg_text, m, frame_re));
  return {m[1], m[2]};
}

}  // namespace

TEST_CASE("labels: the estimated box of a text, worked by hand") {
  // "12" at size 10, anchor middle at (100, 50): width 2 x 0.64 x 10 = 12.8 about x = 100,
  // from 8 above the baseline to 2.5 below it
  svg::Box b = svg::text_box(100.0, 50.0, "12", {10.0, "middle"});
  CHECK(b.x == doctest::Approx(93.6));
  CHECK(b.y == doctest::Approx(42.0));
  CHECK(b.w == doctest::Approx(12.8));
  CHECK(b.h == doctest::Approx(10.5));
  // anchor end, bold: 0.70 x 10 x 3 = 21 left of x
  b = svg::text_box(100.0, 50.0, "abc", {10.0, "end", "black", 0.0, true});
  CHECK(b.x == doctest::Approx(79.0));
  // turned -90 degrees (read upwards) about (20, 200): the 12.8 px run goes up from 206.4 to
  // 193.6, the ascent 8 px to the left of x = 20, the descent 2.5 px to its right
  b = svg::text_box(20.0, 200.0, "12", {10.0, "middle", "black", -90.0});
  CHECK(b.x == doctest::Approx(12.0));
  CHECK(b.y == doctest::Approx(193.6));
  CHECK(b.w == doctest::Approx(10.5));
  CHECK(b.h == doctest::Approx(12.8));
  // a multi-byte character counts once: "θ" is 2 bytes in UTF-8
  CHECK(svg::text_box(0.0, 0.0, "\xCE\xB8", {10.0}).w == doctest::Approx(6.4));
  CHECK(svg::intersects({0, 0, 10, 10}, {9, 9, 5, 5}));
  CHECK_FALSE(svg::intersects({0, 0, 10, 10}, {10, 0, 5, 5}));  // touching edges
}

TEST_CASE("labels: crowded markers get disjoint labels, off every marker, or a visible note") {
  svg::Document doc(300, 200, "crowd");
  std::vector<svg::Point> markers;
  for (int k = 0; k < 40; ++k) markers.push_back({100.0 + 3.0 * (k % 10), 80.0 + 4.0 * (k / 10)});
  for (const svg::Point& m : markers) svg::reserve_marker(doc, m, 2.0);
  const std::size_t obstacles = doc.occupied().size();
  int placed = 0;
  for (const svg::Point& m : markers) placed += svg::place_marker_label(doc, m, 2.0, "F", {12.0}, {0, 0, 300, 200}) ? 1 : 0;
  CHECK(placed == static_cast<int>(doc.occupied().size() - obstacles));
  svg::note_dropped(doc, 40 - placed, {0, 0, 300, 200});
  const std::string text = doc.str();
  check_labels(text, 300, 200);
  if (placed < 40) CHECK(text.find("left out (no free place)") != std::string::npos);
  // and no label box meets a marker's box (the first `obstacles` occupied boxes)
  for (std::size_t i = obstacles; i < doc.occupied().size(); ++i)
    for (std::size_t k = 0; k < obstacles; ++k) CHECK_FALSE(svg::intersects(doc.occupied()[i], doc.occupied()[k]));
}

TEST_CASE("labels: a legend in rows fits its width, long text wrapped at spaces") {
  std::vector<svg::LegendItem> items;
  for (int k = 0; k < 9; ++k) items.push_back({svg::LegendItem::Kind::line, {}, "entry number " + std::to_string(k)});
  items.push_back({svg::LegendItem::Kind::text, {}, std::string(30, 'x') + " " + std::string(30, 'y') + " " + std::string(30, 'z')});
  svg::Document doc(400, 300, "legend");
  const double h = svg::legend_height(doc, items, 380.0);
  svg::legend_rows(doc, 10.0, 300.0 - h - 2.0, 380.0, items);
  check_labels(doc.str(), 400, 300);
  // each entry: 28 px + 14 x 7.04 px = 126.6 px, 16 px apart: 2 a row of 380 px (3 need 412) -> 5
  // rows, the last with one entry; the text (92 characters, 648 px) breaks into its three runs
  // of 30 letters (211 px): the first joins that row (142.6 + 211.2 = 353.8 <= 380), the other
  // two take a row each: 7 rows of 1.4 x 11 px
  CHECK(h == doctest::Approx(7 * 15.4));
}

TEST_CASE("labels: in the paper styles a wrapped legend entry breaks never beside an =, its pieces on rows alone") {
  // at font scale 1 a letter is 0.64 x 11 = 7.04 px, a line entry's symbol 28 px; in 200 px:
  // "first = 1" 28 + 9 x 7.04 = 91.4 px, "last = 2" 84.3 px; "xxxxxxxxxx yyyyyyyyyy w = 0" (27
  // letters, 218.1 px) is wider and breaks
  const std::string wide = "xxxxxxxxxx yyyyyyyyyy w = 0";
  const std::vector<svg::LegendItem> items{{svg::LegendItem::Kind::line, {}, "first = 1"},
                                           {svg::LegendItem::Kind::line, {}, wide},
                                           {svg::LegendItem::Kind::line, {}, "last = 2"}};
  svg::Document screen(400, 300, "legend"), paper(400, 300, "legend");
  paper.set_paper(true);
  // screen: "... yyyyyyyyyy w" (23 letters, 189.9 px) joins no row after "first = 1" (107.4 px
  // used), "= 0" (21.1 px) no row after it (205.9 px used), "last = 2" joins "= 0": 3 rows of 15.4 px
  CHECK(svg::legend_height(screen, items, 200.0) == doctest::Approx(3 * 15.4));
  // paper: "w = 0" one piece (35.2 px) at the row's start; both pieces alone: 4 rows
  const double h = svg::legend_height(paper, items, 200.0);
  CHECK(h == doctest::Approx(4 * 15.4));
  svg::legend_rows(paper, 10.0, 300.0 - h - 2.0, 200.0, items);
  const std::string out = paper.str();
  check_labels(out, 400, 300);
  CHECK(std::regex_search(out, std::regex(R"re(<text x="10" y="([0-9.]+)"[^>]*>w = 0</text>)re")));
  // the rows 15.4 px apart, the last ("last = 2") at the legend's bottom row: the height holds every row drawn
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex(R"re(<text x="38" y="([0-9.]+)"[^>]*>last = 2</text>)re")));
  CHECK(std::stod(m[1]) < 300.0 - 2.0);
  CHECK(std::stod(m[1]) > 300.0 - 2.0 - 15.4);
}

TEST_CASE("labels: fit_text shrinks a title to 3/4 of its size at most, then cuts it, worked by hand") {
  svg::Document doc(800, 500, "fit");
  const std::string text(100, 'a');  // 100 characters: 0.64 s x 100 = 64 s px wide at size s
  // 600 px: s = 600 / 64 = 9.375 >= 0.75 x 12 = 9, shrunk and whole
  const svg::FittedText wide = svg::fit_text(doc, text, 12.0, 600.0, false);
  CHECK(wide.size == doctest::Approx(9.375));
  CHECK(wide.content == text);
  // 300 px: 300 / 64 = 4.69 < 9, so s = 9 and k letters with "..." fit when 0.64 x 9 (k + 3) <= 300,
  // k + 3 <= 52.08: k = 49
  const svg::FittedText cut = svg::fit_text(doc, text, 12.0, 300.0, false);
  CHECK(cut.size == doctest::Approx(9.0));
  CHECK(cut.content == std::string(49, 'a') + "...");
  // bold at twice the font scale: 0.70 x 2 x 12 = 16.8 px a letter at full size; 20 letters in
  // 300 px need s <= 300 / (0.70 x 2 x 20) = 10.71 >= 9: shrunk and whole
  doc.set_font_scale(2.0);
  CHECK(svg::fit_text(doc, std::string(20, 'b'), 12.0, 300.0, true).size == doctest::Approx(300.0 / 28.0));
}

TEST_CASE("axes: the robust range leaves out a final plunge (weighted by time, Tukey's far-out fences)") {
  // y = -t on [0, 1] in 1000 steps, then a plunge to -33 within t in [1, 1.001] in 200 samples:
  // the time-weighted quartiles are -0.75 and -0.25 (the plunge weighs 0.1 %), the fences
  // -0.75 - 3 x 0.5 = -2.25 and 1.25, cut to the data's maximum 0
  plot_detail::Runs runs(1);
  for (int i = 0; i <= 1000; ++i) runs[0].push_back({i / 1000.0, -i / 1000.0});
  for (int i = 1; i <= 200; ++i) runs[0].push_back({1.0 + i * 5e-6, -1.0 - 32.0 * i / 200.0});
  const auto [lo, hi] = plot_detail::robust_range(runs);
  CHECK(lo == doctest::Approx(-2.25).epsilon(0.01));
  CHECK(hi == 0.0);
  // spread data keep their whole range: y = t^2 on [0, 1] (quartiles 1/16, 9/16: fences beyond)
  plot_detail::Runs spread(1);
  for (int i = 0; i <= 100; ++i) spread[0].push_back({i / 100.0, i * i / 1e4});
  CHECK(plot_detail::robust_range(spread).first == 0.0);
  CHECK(plot_detail::robust_range(spread).second == 1.0);
}

TEST_CASE("plot: the bundled diagrams and the map have disjoint labels inside the figure") {
  // sweep-force of ellipse.json (over its events, F <= 0.2), of disc.json (Fig. 14), a lambda
  // sweep of ball.json, and the ball's map in (lambda, F)
  const std::vector<std::string> reports{
      app_output("sweep-force", "ellipse.json", "--from 0 --to 0.4"),
      app_output("sweep-force", "disc.json", "--from 0 --to 1.5"),
      app_output("sweep-force", "ball.json", "--parameter lambda --from 0.2 --to 1.2 --force 1"),
      app_output("bifurcation-map", "ball.json", "--x lambda --x-range 0.15,1.2 --y force --y-range 0,4")};
  for (const std::string& report : reports) {
    for (const auto& [w, h] : {std::pair{800, 500}, std::pair{500, 360}}) {
      PlotOptions options;
      options.width = w;
      options.height = h;
      const std::string svg_text = figure(report, options);
      INFO(svg_text.substr(0, 300));
      check_labels(svg_text, w, h);
    }
  }
  // the lambda sweep's title names the parameter's range, not the problem's lambda = 5
  const std::string lambda = figure(reports[2]);
  CHECK(lambda.find("lambda from 0.2 to 1.2") != std::string::npos);
  CHECK(lambda.find("lambda = 5") == std::string::npos);
}

TEST_CASE("plot: --x-range and --y-range set the frame, --font-size scales the text, bad values are bad input") {
  const std::string report = app_output("sweep-force", "disc.json", "--from 0 --to 1.5");
  PlotOptions options;
  options.x_range = std::pair{0.2, 1.0};
  options.y_range = std::pair{-1.0, 0.5};
  options.font_size = 16.0;
  const std::string svg_text = figure(report, options);
  CHECK(frame_ranges(svg_text) == std::pair<std::string, std::string>{"0.2 1", "-1 0.5"});
  check_labels(svg_text, 800, 500);
  CHECK(svg_text.find("font-size=\"16\"") != std::string::npos);  // tick labels at 12 x 16/12
  // every event marker drawn lies in the frame: events outside the ranges are left out
  const std::regex circle_re(R"re(<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="5")re");
  static const std::regex rect_re(R"re(<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([-0-9.]+)" height="([-0-9.]+)"[^>]*class="frame")re");
  std::smatch frame;
  REQUIRE(std::regex_search(svg_text, frame, rect_re));
  const double x0 = std::stod(frame[1]), y0 = std::stod(frame[2]), x1 = x0 + std::stod(frame[3]), y1 = y0 + std::stod(frame[4]);
  int markers = 0;
  for (auto it = std::sregex_iterator(svg_text.begin(), svg_text.end(), circle_re); it != std::sregex_iterator(); ++it) {
    CHECK(std::stod((*it)[1]) >= x0 - 0.01);
    CHECK(std::stod((*it)[1]) <= x1 + 0.01);
    CHECK(std::stod((*it)[2]) >= y0 - 0.01);
    CHECK(std::stod((*it)[2]) <= y1 + 0.01);
    ++markers;
  }
  // of the events of Fig. 14 (folds near F = 0.05, pitchfork near 0.39, tangency near 1.05,
  // continuum at 0) only the pitchfork lies in F in [0.2, 1]
  CHECK(markers == 1);
  const PlotInput input = read_plot_input(report, "test");
  for (const auto& bad : {std::pair{1.0, 0.0}, std::pair{0.0, 0.0}, std::pair{0.0, std::numeric_limits<double>::infinity()}}) {
    PlotOptions o;
    o.x_range = bad;
    CHECK_THROWS_AS(check_layout_options(o, input.kind, false), InputError);
  }
  PlotOptions big;
  big.font_size = 41.0;
  CHECK_THROWS_AS(check_layout_options(big, "diagram", true), InputError);
  PlotOptions log;
  log.log_y = true;
  CHECK_THROWS_AS(check_layout_options(log, "simulation", false), InputError);  // already log10 r
  CHECK_THROWS_AS(figure(report, log), InputError);  // theta = 0 on the trivial branch
  PlotOptions font;
  font.font_size = 14.0;
  for (const char* kind : {"scan-summary", "roll", "roll-map", "celt", "limits"})
    CHECK_NOTHROW(check_layout_options(font, kind, true));  // every kind plot draws (issue 23)
  CHECK_THROWS_AS(check_layout_options(log, "roll-map", false), InputError);  // its vertical axis is mu_r
  PlotOptions panel;
  panel.panel = 2;
  CHECK_NOTHROW(check_layout_options(panel, "roll", false));
  CHECK_THROWS_AS(check_layout_options(panel, "diagram", false), InputError);  // one frame
  PlotOptions range;
  range.x_range = std::pair{0.0, 1.0};
  CHECK_THROWS_AS(check_layout_options(range, "limits", false), InputError);
}

TEST_CASE("plot: an overlay has one legend entry per report, kinds must agree") {
  const std::string a = app_output("sweep-force", "disc.json", "--from 0 --to 1.5");
  const std::string b = app_output("sweep-force", "disc.json", "--from 0 --to 1.5 --model exact");
  std::vector<PlotInput> inputs{read_plot_input(a, "a.json"), read_plot_input(b, "b.json")};
  inputs[0].source = "a.json";
  inputs[1].source = "b.json";
  const std::string svg_text = plot_overlay(inputs, {});
  check_labels(svg_text, 800, 500);
  CHECK(svg_text.find(">disc on a rigid plane: harmonic model N = 2 of the exact model</text>") != std::string::npos);
  CHECK(svg_text.find(">disc on a rigid plane: exact model</text>") != std::string::npos);
  // the same report twice: named by its files
  const std::string twice = plot_overlay({inputs[0], inputs[0]}, {});
  CHECK(twice.find(">a.json (disc on a rigid plane: harmonic model N = 2 of the exact model)</text>") != std::string::npos);
  PlotInput other = read_plot_input(app_output("friction-model", "disc.json", ""), "f.json");
  other.source = "f.json";
  CHECK_THROWS_WITH_AS(plot_overlay({inputs[0], other}, {}),
                       doctest::Contains("a.json is a diagram, f.json a friction"), InputError);
  CHECK_THROWS_AS(check_layout_options({}, "survey", false, 2), InputError);  // limits reports are drawn side by side
}

// docs/manual.md section 11, "Titles" and "Paper style": a title shrinks to at most 3/4 of its
// size, then breaks at spaces into even lines (never beside "="), each within the figure; the
// paper styles draw none (the frames take its room) unless --title, then at >= 8 pt.
TEST_CASE("figure titles shrink to 3/4 then wrap whole and the paper styles leave them to the caption") {
  using namespace plot_detail;
  const std::string title = "disc on a rigid plane, F from 0 to 1.5; harmonic model N = 2 of the exact model";
  const auto words = [](const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& l : lines) all += (all.empty() ? "" : " ") + l;
    return all;
  };
  const auto check_lines = [&](const svg::Document& doc, const FigureTitle& t, double least_px) {
    CHECK(words(t.lines) == title);
    for (const std::string& l : t.lines) {
      svg::TextStyle style{t.size * doc.font_scale()};
      style.bold = true;
      CHECK(svg::text_box(0.0, 0.0, l, style).w <= doc.width() - 8.0 + 1e-9);
      CHECK(l.front() != '=');
      CHECK(l.back() != '=');
    }
    CHECK(t.size * doc.font_scale() >= least_px - 1e-12);
    // the frames move down by the lines added: (lines - 1) pitches of the drawn size
    CHECK(doc.title_room() == doctest::Approx(title_pitch * t.size * doc.font_scale() * double(t.lines.size() - 1)));
  };
  PlotOptions screen;
  svg::Document wide = make_document(screen, "t");
  const FigureTitle one = figure_title(wide, title, 14.0);
  CHECK(one.lines.size() == 1);  // 80 characters of 0.7 x 14 px fit 792 px
  CHECK(wide.title_room() == 0.0);
  screen.width = 400;
  svg::Document narrow = make_document(screen, "t");
  const FigureTitle two = figure_title(narrow, title, 14.0);
  CHECK(two.lines.size() == 2);  // 392 px hold 40 characters at 14 px, 53 at 3/4 of it: two lines
  check_lines(narrow, two, title_least_share * 14.0);

  PlotOptions paper;
  paper.style = "paper";
  apply_style(paper);
  svg::Document column = make_document(paper, "t");
  CHECK(figure_title(column, title, 14.0).lines.empty());
  CHECK(column.title_room() == doctest::Approx(-title_pitch * 14.0 * 8.0 / 12.0));
  paper.title = true;
  svg::Document titled = make_document(paper, "t");
  const FigureTitle forced = figure_title(titled, title, 14.0);
  CHECK(forced.lines.size() == 2);  // 244 pt hold 43 characters of 0.7 x 8 pt
  check_lines(titled, forced, paper_title_least);
}

}  // namespace test_plot_layout
