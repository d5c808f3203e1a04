// The heat map of a scan summary (plot/plot.hpp, docs/manual.md sections 11 and 14): one cell per
// (x, y) placed between the midpoints of the axis values, coloured as its legend entry says,
// hatched where points are missing, crossed where the weakest level is incomplete or none. The
// summaries are made by summarize_scan from hand-made records whose class is the parity of
// ia + ib; the pixels of the rendered figure are checked in tests/cli/plot_heatmap.sh.
#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/scan/grid.hpp"
#include "limitdir/scan/summary.hpp"

namespace test_heatmap {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;

namespace {

/// a = 0:1.5:4 (x), b = 10,30,20 (y, not sorted): class "even"/"odd" by ia + ib, level
/// "incomplete" at (1, 2), X_max = a b; the indices in `skip` have no record.
json summary(const std::set<int>& skip, const std::string& field = "") {
  const limitdir::ScanGrid grid =
      limitdir::scan_product({limitdir::parse_scan_axis("a=0:1.5:4"), limitdir::parse_scan_axis("b=10,30,20")});
  std::vector<json> records;
  for (int ia = 0; ia < 4; ++ia)
    for (int ib = 0; ib < 3; ++ib) {
      const int i = ia * 3 + ib;
      if (skip.count(i)) continue;
      const double a = 0.5 * ia, b = grid.axes[1][static_cast<std::size_t>(ib)];
      records.push_back({{"index", i},
                         {"grid", "0123456789abcdef"},
                         {"point", {{"a", a}, {"b", b}}},
                         {"status", 0},
                         {"summary",
                          {{"seconds", 0.1},
                           {"level", ia == 1 && ib == 2 ? "incomplete" : "proven"},
                           {"reason", nullptr},
                           {"class", (ia + ib) % 2 == 0 ? "even" : "odd"},
                           {"X_max", a * b}}}});
    }
  return limitdir::summarize_scan(records, grid, {"", "", field, 3, 5, "", "", "", ""});
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The text of the <g class="NAME"> group.
std::string group(const std::string& svg, const std::string& name) {
  const std::size_t start = svg.find("class=\"" + name + "\">");
  REQUIRE(start != std::string::npos);
  return svg.substr(start, svg.find("</g>", start) - start);
}

}  // namespace

TEST_CASE("heat map: cells between the midpoints of the values, as many as the table has") {
  const std::string svg = limitdir::plot_report({"scan-summary", summary({}), {}, "test"}, {});
  CHECK(count(svg, "class=\"cell\"") == 12);
  // a = 0, 0.5, 1, 1.5: edges -0.25 .. 1.75; b = 10, 20, 30 (sorted): 5 .. 35
  CHECK(svg.find("data-x-range=\"-0.25 1.75\" data-y-range=\"5 35\"") != std::string::npos);
  // the frame is 800 - 70 - 20 - 240 = 470 px wide from x = 70: a cell is 470/4 = 117.5 px wide,
  // the first at x = 70; the height 500 - 34 - 52 = 414 px over 30 in b: 13.8 px per unit, the
  // row b = 30 (the top) from y = 34 to 34 + 10 * 13.8 = 172
  CHECK(svg.find("<rect x=\"70\" y=\"34\" width=\"117.5\" height=\"138\"") != std::string::npos);
  // no missing point: nothing hatched; one incomplete cell: one cross of two strokes, each over a halo
  CHECK(count(group(svg, "missing"), "<line") == 0);
  CHECK(count(group(svg, "weak-level"), "<line") == 4);
  // the legend: the classes in the summary's order (6 of each: even first by name), then the marks
  const std::regex swatch("data-label=\"([^\"]*)\"");
  std::vector<std::string> labels;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), swatch); it != std::sregex_iterator(); ++it)
    labels.push_back((*it)[1]);
  CHECK(labels == std::vector<std::string>{"even (6)", "odd (6)", "missing points (hatched)"});
}

TEST_CASE("heat map: missing points hatched (the whole cell or a part), never coloured as a class") {
  // index 11 = (ia 3, ib 2) has no record: its cell (1.5, 20) is white and hatched
  const json s = summary({11});
  const std::string svg = limitdir::plot_report({"scan-summary", s, {}, "test"}, {});
  CHECK(count(svg, "class=\"cell\"") == 12);
  CHECK(count(svg, "fill=\"#ffffff\" class=\"cell\"") == 1);
  CHECK(count(group(svg, "missing"), "<line") > 0);
  CHECK(svg.find("11 of 12 points recorded, 1 missing") != std::string::npos);
}

TEST_CASE("heat map: a field on a continuous scale with a colour bar over its range") {
  const std::string svg = limitdir::plot_report({"scan-summary", summary({}, "X_max"), {}, "test"}, {});
  // X_max = a b from 0 (a = 0) to 1.5 * 30 = 45
  CHECK(svg.find("class=\"colour-bar\" data-range=\"0 45\"") != std::string::npos);
  CHECK(svg.find("mean of X") == std::string::npos);  // no axis aggregated: the field itself
  // X_max typeset: X with the subscript max (plot/typeset.hpp)
  CHECK(svg.find(">X<tspan baseline-shift=\"sub\"") != std::string::npos);
  CHECK(svg.find(">max</tspan>: 12 of 12 points recorded<") != std::string::npos);
  // --colour-by class on the same summary: the legend of classes, no bar
  limitdir::PlotOptions by_class;
  by_class.colour_by = "class";
  CHECK(limitdir::plot_report({"scan-summary", summary({}, "X_max"), {}, "test"}, by_class).find("colour-bar") == std::string::npos);
}

TEST_CASE("heat map: bad summaries and options are one-line InputErrors") {
  limitdir::PlotOptions mean;
  mean.colour_by = "mean";
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", summary({}), {}, "test"}, mean),
                       "--colour-by mean: the summary has no field (scan --summary --field NAME)", InputError);
  json no_table = summary({});
  no_table["table"] = nullptr;
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", no_table, {}, "test"}, {}),
                       "summary.table: null (a list of points or a one-axis grid has no table to draw as a heat map)",
                       InputError);
  json short_row = summary({});
  short_row["table"]["cells"][1].erase(0);
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", short_row, {}, "test"}, {}),
                       "summary.table.cells[1]: must have one cell per x value (4)", InputError);
  json bad_value = summary({});
  bad_value["table"]["x"]["values"][2] = "one";
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", bad_value, {}, "test"}, {}),
                       "summary.table.x.values[2]: must be a finite number", InputError);
  json negative = summary({});
  negative["table"]["cells"][0][2]["missing"] = -1;
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", negative, {}, "test"}, {}),
                       "summary.table.cells[0][2].missing: must be an integer >= 0 (got -1)", InputError);
  json wide = summary({});
  wide["table"]["x"]["values"] = {-1e308, 0.0, 1e308, 1.5e308};
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", wide, {}, "test"}, {}),
                       "summary.table.x.values: their span overflows a double; cannot draw it", InputError);
  limitdir::PlotOptions odd;
  odd.colour_by = "median";
  CHECK_THROWS_WITH_AS(limitdir::check_plot_options(odd, "scan-summary", false, false),
                       "--colour-by: must be class, level, mean, min or max (got \"median\")", InputError);
  CHECK_THROWS_WITH_AS(limitdir::check_plot_options(mean, "diagram", false, false),
                       "--colour-by: applies to scan summaries only (this is a diagram report)", InputError);
  CHECK(limitdir::read_plot_input(summary({}).dump(), "s.json").kind == "scan-summary");
}

TEST_CASE("heat map: an axis with a repeated value is placed by index") {
  json s = summary({});
  s["table"]["y"]["values"] = {10.0, 10.0, 20.0};
  const std::string svg = limitdir::plot_report({"scan-summary", s, {}, "test"}, {});
  CHECK(svg.find("data-y-range=\"-0.5 2.5\"") != std::string::npos);
  CHECK(svg.find("b (index of its value)") != std::string::npos);
}

TEST_CASE("heat map: a log axis of the scan (scale log) is drawn in log10 of its key, cells halfway in log") {
  json s = summary({});
  s["table"]["x"]["values"] = {1e-3, 1e-2, 1e-1, 1.0};
  s["table"]["x"]["scale"] = "log";
  s["table"]["y"]["scale"] = "linear";
  const std::string svg = limitdir::plot_report({"scan-summary", s, {}, "test"}, {});
  CHECK(count(svg, "class=\"cell\"") == 12);
  // log10 of the values: -3, -2, -1, 0, the cells reaching halfway to their neighbours: -3.5 .. 0.5;
  // b = 10, 20, 30 stays linear: 5 .. 35
  CHECK(svg.find("data-x-range=\"-3.5 0.5\" data-y-range=\"5 35\"") != std::string::npos);
  CHECK(svg.find(">log<tspan baseline-shift=\"sub\"") != std::string::npos);  // log10 typeset: log with the subscript 10
  CHECK(svg.find(">10</tspan> of a<") != std::string::npos);
  // every cell equally wide (470/4 = 117.5 px, as in the linear a = 0, 0.5, 1, 1.5 above): the
  // decades evenly spaced
  CHECK(svg.find("<rect x=\"70\" y=\"34\" width=\"117.5\" height=\"138\"") != std::string::npos);
  // without a scale (a summary written before it existed) an axis is linear
  json old = s;
  old["table"]["x"].erase("scale");
  CHECK(limitdir::plot_report({"scan-summary", old, {}, "test"}, {}).find("log10 of a") == std::string::npos);
  json bad = s;
  bad["table"]["x"]["scale"] = "ln";
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", bad, {}, "test"}, {}),
                       "summary.table.x.scale: must be \"linear\" or \"log\" (got \"ln\")", InputError);
  json zero = s;
  zero["table"]["x"]["values"][0] = 0.0;
  CHECK_THROWS_WITH_AS(limitdir::plot_report({"scan-summary", zero, {}, "test"}, {}),
                       "summary.table.x.values[0]: must be > 0 on a log axis", InputError);
}

}  // namespace test_heatmap
