// The SVG writer of plot (plot/svg.hpp) and the reading of reports for plot (plot/plot.hpp),
// docs/manual.md section 11. Expected values are worked out by hand in the comments.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/system/system.hpp"

namespace test_plot {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The number of ticks k * step inside [lo, hi], counted by walking k one by one (not the
/// floor/ceil formula of nice_ticks).
int ticks_by_walking(double lo, double hi, double step) {
  int n = 0;
  const double slack = 1e-9 * step;  // as nice_ticks: rounding of k * step, far below the step
  for (long long k = static_cast<long long>(std::floor(lo / step)) - 1; k * step <= hi + slack; ++k)
    if (k * step >= lo - slack) ++n;
  return n;
}

}  // namespace

TEST_CASE("svg: escape replaces the five XML special characters and control characters") {
  CHECK(svg::escape("a<b & \"c\" 'd' >e") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;e");
  CHECK(svg::escape("theta = asin w3") == "theta = asin w3");
  CHECK(svg::escape("tab\tand\nline") == "tab\tand\nline");          // allowed in XML 1.0
  CHECK(svg::escape(std::string("x\x01y")) == "x\xEF\xBF\xBDy");     // not allowed: U+FFFD
  CHECK(svg::escape("&amp;") == "&amp;amp;");                        // escaped once more, not kept
}

TEST_CASE("svg: numbers with at most two decimals") {
  CHECK(svg::number(12.3456) == "12.35");
  CHECK(svg::number(2.0) == "2");
  CHECK(svg::number(0.5) == "0.5");
  CHECK(svg::number(-0.001) == "0");  // -0.00 is written 0
  CHECK(svg::number(-7.25) == "-7.25");
  CHECK_THROWS(svg::number(std::numeric_limits<double>::quiet_NaN()));
}

TEST_CASE("svg: nice ticks, worked by hand") {
  // [0, 1.5], at most 7: step 0.1 gives 16 ticks, 0.2 gives 8 (0 .. 1.4), 0.5 gives 4.
  svg::Ticks t = svg::nice_ticks(0.0, 1.5, 7);
  CHECK(t.step == doctest::Approx(0.5));
  REQUIRE(t.values.size() == 4);
  CHECK(t.values[3] == doctest::Approx(1.5));
  // [-0.37, 2.2]: 0.2 gives -0.2 .. 2.2, 13 ticks; 0.5 gives 0 .. 2, 5 ticks.
  t = svg::nice_ticks(-0.37, 2.2, 7);
  CHECK(t.step == doctest::Approx(0.5));
  REQUIRE(t.values.size() == 5);
  CHECK(t.values[0] == 0.0);
  // [0.001, 0.0049], at most 5: 0.0005 gives 0.001 .. 0.0045, 8 ticks; 0.001 gives 4.
  t = svg::nice_ticks(0.001, 0.0049, 5);
  CHECK(t.step == doctest::Approx(0.001));
  CHECK(t.values.size() == 4);
  // A single value is widened to [v - 0.5, v + 0.5]: [1.5, 2.5] in steps of 0.2 is 1.6 .. 2.4.
  t = svg::nice_ticks(2.0, 2.0, 7);
  CHECK(t.step == doctest::Approx(0.2));
  CHECK(t.values.size() == 5);
  // theta in [-pi/2, pi/2] at most 7: 0.5 gives -1.5 .. 1.5, 7 ticks.
  t = svg::nice_ticks(-M_PI / 2, M_PI / 2, 7);
  CHECK(t.step == doctest::Approx(0.5));
  CHECK(t.values.size() == 7);
  CHECK_THROWS(svg::nice_ticks(1.0, 0.0));
}

TEST_CASE("svg: nice ticks are the finest 1-2-5 step within the limit (by walking every candidate)") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  for (int trial = 0; trial < 300; ++trial) {
    const double scale = std::pow(10.0, u(rng)), a = u(rng) * scale, b = a + std::abs(u(rng)) * scale + 1e-3 * scale;
    const int max_ticks = 2 + trial % 9;
    const svg::Ticks t = svg::nice_ticks(a, b, max_ticks);
    CHECK(static_cast<int>(t.values.size()) == ticks_by_walking(a, b, t.step));
    CHECK(static_cast<int>(t.values.size()) <= max_ticks);
    if (max_ticks >= 5) CHECK(t.values.size() >= 2);  // hi - lo >= max_ticks s / 2.5 (plot/svg.hpp)
    // the next finer step of the 1-2-5 sequence: 1 -> 0.5, 2 -> 1, 5 -> 2 (times 10^e)
    const double e = std::floor(std::log10(t.step) + 1e-9), m = t.step / std::pow(10.0, e);
    const double finer = (m < 1.5 ? 0.5 : m < 3.0 ? 1.0 : 2.0) * std::pow(10.0, e);
    CHECK(ticks_by_walking(a, b, finer) > max_ticks);
  }
}

TEST_CASE("svg: tick labels with the decimals of their step") {
  CHECK(svg::tick_label(0.25, 0.05) == "0.25");
  CHECK(svg::tick_label(-1.0, 1.0) == "-1");
  CHECK(svg::tick_label(3.0, 0.5) == "3");
  CHECK(svg::tick_label(1e-17, 0.1) == "0");
  CHECK(svg::tick_label(1500.0, 500.0) == "1500");
  CHECK(svg::tick_label(0.002, 0.001) == "0.002");
  // below steps of 1e-4 or from 1e7 on: scientific, the mantissa digits the step needs
  CHECK(svg::tick_label(5e-13, 5e-13) == "5e-13");
  CHECK(svg::tick_label(1.5e300, 1e299) == "1.5e300");
  CHECK(svg::tick_label(-2e8, 1e8) == "-2e8");
  CHECK(svg::tick_label(100000001.0, 1.0) == "1.00000001e8");
  CHECK(svg::tick_label(1e-30, 1e-13) == "0");
  // subnormal steps: the smallest, 4.9e-324, halves to 0; its ticks are its multiples
  const double tiny = std::numeric_limits<double>::denorm_min();
  CHECK(svg::tick_label(0.0, tiny) == "0");
  CHECK(svg::tick_label(2.0 * tiny, tiny) == "1e-323");
}

TEST_CASE("svg: the data-to-pixel map of a frame") {
  svg::Document doc(800, 500, "map");
  // x in [0, 2] onto [70, 470]: 0.5 is a quarter across, 70 + 100 = 170; y in [-1, 1] onto
  // [334, 34] (pixels grow downwards): 0.5 is three quarters up, 334 - 225 = 109.
  const svg::Frame f = svg::axes(doc, 70, 34, 400, 300, {0.0, 2.0, -1.0, 1.0, "x", "y", ""});
  CHECK(f.pixel(0.5, 0.5).first == doctest::Approx(170.0));
  CHECK(f.pixel(0.5, 0.5).second == doctest::Approx(109.0));
  CHECK(f.pixel(2.0, -1.0).first == doctest::Approx(470.0));
  CHECK(f.pixel(2.0, -1.0).second == doctest::Approx(334.0));
  const std::string text = doc.str();
  CHECK(count(text, "data-x-range=\"0 2\"") == 1);
  CHECK(count(text, "data-y-range=\"-1 1\"") == 1);
  CHECK_THROWS(svg::axes(doc, 0, 0, 10, 10, {1.0, 1.0, 0.0, 1.0, "", "", ""}));
}

TEST_CASE("svg: documents, groups, clipping and lines broken at non-finite points") {
  svg::Document doc(300, 200, "a <title>");
  const svg::Frame f = svg::axes(doc, 50, 20, 200, 150, {0.0, 1.0, 0.0, 1.0, "x", "y", "t & u"});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t before = count(doc.str(), "<polyline");
  svg::data_line(doc, f, {{0.0, 0.0}, {0.5, 0.5}, {nan, 0.0}, {0.6, 0.6}, {1.0, 1.0}}, {});
  const std::string text = doc.str();
  CHECK(count(text, "<polyline") == before + 2);
  CHECK(count(text, "clip-path=\"url(#clip1)\"") == 1);
  CHECK(count(text, "<title>a &lt;title&gt;</title>") == 1);
  CHECK(count(text, ">t &amp; u</text>") == 1);
  CHECK(text.rfind("</svg>\n") == text.size() - 7);
  CHECK(count(text, "<g") == count(text, "</g>"));
  svg::Document bad(100, 100, "");
  CHECK_THROWS(bad.end_group());
  bad.begin_group();
  CHECK_THROWS(bad.str());
}

TEST_CASE("plot: reports are recognised by their schema, others are bad input") {
  const std::string problem =
      R"({"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "friction": {"model": "linear-fit"}})";
  CHECK(read_plot_input(R"({"schema": "limitdir.diagram/1"})", "x").kind == "diagram");
  CHECK(read_plot_input(R"({"schema": "limitdir.limits/1"})", "x").kind == "limits");
  CHECK(read_plot_input(R"({"schema": "limitdir.friction/1"})", "x").kind == "friction");
  CHECK(read_plot_input(R"({"schema": "limitdir.roll-report/1"})", "x").kind == "roll");
  CHECK(read_plot_input(R"({"schema": "limitdir.roll-map/1"})", "x").kind == "roll-map");
  CHECK(read_plot_input(R"({"schema": "limitdir.celt-report/1", "kind": "run"})", "x").kind == "celt");
  CHECK(read_plot_input(R"({"schema": "limitdir.celt-report/1", "kind": "comparison"})", "x").kind == "celt");
  CHECK(read_plot_input(R"({"schema": "limitdir.celt-report/1", "kind": "slip-system"})", "x").kind ==
        "celt-slip-system");
  CHECK(read_plot_input(R"({"schema": "limitdir.classification/1"})", "x").kind == "classification");
  CHECK(read_plot_input(R"({"schema": "limitdir.survey/1"})", "x").kind == "survey");
  CHECK(read_plot_input(R"({"schema": "limitdir.regions/1"})", "x").kind == "regions");
  // a celt report of no known kind; the reports without a figure, named with what to plot instead
  CHECK_THROWS_AS(read_plot_input(R"({"schema": "limitdir.celt-report/1"})", "x"), InputError);
  CHECK_THROWS_WITH_AS(read_plot_input(R"({"schema": "limitdir.diagram-diff/1"})", "x"),
                       doctest::Contains("plot A.json B.json"), InputError);
  CHECK_THROWS_WITH_AS(read_plot_input(R"({"schema": "limitdir.scan-record/1"})", "x"),
                       doctest::Contains("--summary"), InputError);
  // the records of scan --job pile are drawn (Fig. 5), known by a summary holding H_over_d even
  // after a failed point's record (its summary only the common keys)
  CHECK(read_plot_input(R"({"schema": "limitdir.pile-report/1"})", "x").kind == "pile");
  const std::string failed = R"({"schema": "limitdir.scan-record/1", "summary": {"class": null}})";
  const std::string pile = R"({"schema": "limitdir.scan-record/1", "summary": {"H_over_d": 1}})";
  const PlotInput records = read_plot_input(failed + "\n" + pile + "\n", "x");
  CHECK(records.kind == "pile-scan");
  CHECK(records.records.size() == 2);
  CHECK_THROWS_WITH_AS(read_plot_input(failed + "\n" + failed + "\n", "x"), doctest::Contains("--summary"), InputError);
  const std::string lines = R"({"t": 0, "tau": 0, "r": 1, "w": [1, 0, 0]})"
                            "\n"
                            R"({"t": 1, "tau": 1, "r": 0.5, "w": [1, 0, 0]})"
                            "\n"
                            R"({"schema": "limitdir.simulation/1", "problem": )" + problem + "}\n";
  const PlotInput sim = read_plot_input(lines, "x");
  CHECK(sim.kind == "simulation");
  CHECK(sim.records.size() == 2);
  CHECK_THROWS_AS(read_plot_input(R"({"schema": "limitdir.nonesuch/1"})", "x"), InputError);
  CHECK_THROWS_AS(read_plot_input(R"({"schema": "limitdir.simulation/1"})", "x"), InputError);
  CHECK_THROWS_AS(read_plot_input(R"([1, 2])", "x"), InputError);
  CHECK_THROWS_AS(read_plot_input("   \n", "x"), InputError);
  CHECK_THROWS_AS(read_plot_input(R"({"schema": "limitdir.limits/1"} {})", "x"), InputError);
}

TEST_CASE("plot: options are checked against the kind of report") {
  PlotOptions o;
  CHECK_NOTHROW(check_plot_options(o, "diagram", true, false));
  CHECK_THROWS_AS(check_plot_options(o, "limits", true, false), InputError);   // --y: diagrams only
  CHECK_THROWS_AS(check_plot_options(o, "diagram", false, true), InputError);  // --view: limits only
  o.y = "w4";
  CHECK_THROWS_AS(check_plot_options(o, "diagram", true, false), InputError);
  o = PlotOptions{};
  o.width = 199;
  CHECK_THROWS_AS(check_plot_options(o, "friction", false, false), InputError);
  // the rolling sphere's and the Celtic stone's figures take none of the kind-specific options
  for (const char* kind : {"roll", "roll-map", "celt"}) {
    CAPTURE(kind);
    PlotOptions plain;
    CHECK_NOTHROW(check_plot_options(plain, kind, false, false, false));
    CHECK_THROWS_AS(check_plot_options(plain, kind, true, false, false), InputError);  // --y
    CHECK_THROWS_AS(check_plot_options(plain, kind, false, true, false), InputError);  // --view
    CHECK_THROWS_AS(check_plot_options(plain, kind, false, false, true), InputError);  // --time
    plain.convergence = true;
    CHECK_THROWS_AS(check_plot_options(plain, kind, false, false, false), InputError);
    plain = PlotOptions{};
    plain.colour_by = "class";
    CHECK_THROWS_AS(check_plot_options(plain, kind, false, false, false), InputError);
  }
}

TEST_CASE("plot: --output takes .svg, .pdf and .png (any case) and nothing else") {
  CHECK(figure_format("a.svg") == FigureFormat::svg);
  CHECK(figure_format("dir.x/Fig.PDF") == FigureFormat::pdf);
  CHECK(figure_format("b.png") == FigureFormat::png);
  for (const char* bad : {"a.jpg", "a", "svg", "a.svg.gz", "a.", ".pngx"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(figure_format(bad), InputError);
  }
}

namespace {

/// The numbers of attribute `name` in the SVG element text `element`.
std::vector<double> attribute_numbers(const std::string& element, const std::string& name) {
  const std::size_t at = element.find(" " + name + "=\"");
  REQUIRE(at != std::string::npos);
  std::istringstream in(element.substr(at + name.size() + 3, element.find('"', at + name.size() + 3) -
                                                                  (at + name.size() + 3)));
  std::vector<double> values;
  for (std::string token; in >> token;) {
    std::replace(token.begin(), token.end(), ',', ' ');
    std::istringstream pair(token);
    for (double v; pair >> v;) values.push_back(v);
  }
  return values;
}

/// Every `<tag ...>` element (its text up to '>') of the SVG between `from` and `to`.
std::vector<std::string> elements(const std::string& svg, const std::string& tag, std::size_t from, std::size_t to) {
  std::vector<std::string> out;
  for (std::size_t at = svg.find("<" + tag + " ", from); at < to; at = svg.find("<" + tag + " ", at + 1))
    out.push_back(svg.substr(at, svg.find('>', at) - at));
  return out;
}

}  // namespace

TEST_CASE("plot: the streamlines of the sphere follow V* (122), read back from the SVG") {
  // The general system of share/problems/general.json (no invariant circle, directions in the
  // interior of both hemispheres).
  const Problem problem = parse_problem(nlohmann::json::parse(R"({
      "schema": "limitdir.problem/1", "name": "general",
      "system": {"preset": "general", "mass": [[2.0, 0.3, 0.0], [0.3, 1.5, 0.2], [0.0, 0.2, 0.8]],
                 "load": {"direction": [1.0, 0.0, 0.0], "offset": [0.0, 0.0, 0.1]}},
      "friction": {"model": "harmonic", "degree": 3}, "force": 0.5})"), "general");
  const System system = make_system(problem);
  const double F = 0.5;
  const std::string svg =
      plot_limits(limits_report(problem, system, find_limit_directions(system, F)), PlotOptions{});
  // Each hemisphere: its disc (cx, cy, r, right, up, view from the data-* attributes) and the
  // streamlines drawn after it. A pixel (x, y) is w = a right + b up + sqrt(1 - a^2 - b^2) view
  // with a = (x - cx)/r, b = (cy - y)/r; a chord of a streamline must point along the screen
  // image (t . right, -t . up) of t = V*(w) at its middle.
  const std::size_t second = svg.find("class=\"hemisphere\"", svg.find("class=\"hemisphere\"") + 1);
  int chords = 0, aligned = 0, backwards = 0;
  for (const std::size_t start : {std::size_t{0}, second}) {
    const std::size_t disc_at = svg.rfind("<circle", svg.find("class=\"hemisphere\"", start));
    const std::string disc = svg.substr(disc_at, svg.find('>', disc_at) - disc_at);
    const double cx = attribute_numbers(disc, "cx")[0], cy = attribute_numbers(disc, "cy")[0],
                 r = attribute_numbers(disc, "r")[0];
    const auto vec = [&](const char* name) {
      const std::vector<double> v = attribute_numbers(disc, name);
      return Eigen::Vector3d(v[0], v[1], v[2]);
    };
    const Eigen::Vector3d right = vec("data-right"), up = vec("data-up"), view = vec("data-view");
    const std::size_t group = svg.find("class=\"streamlines\"", disc_at);
    for (const std::string& line : elements(svg, "polyline", group, svg.find("</g>", group))) {
      const std::vector<double> p = attribute_numbers(line, "points");
      for (std::size_t i = 0; i + 3 < p.size(); i += 2) {
        const Eigen::Vector2d chord(p[i + 2] - p[i], p[i + 3] - p[i + 1]);
        if (chord.norm() < 1.0) continue;  // 1/100 px rounding: shorter chords have no clear direction
        const double a = ((p[i] + p[i + 2]) / 2 - cx) / r, b = (cy - (p[i + 1] + p[i + 3]) / 2) / r;
        const Eigen::Vector3d w = a * right + b * up + std::sqrt(std::max(0.0, 1.0 - a * a - b * b)) * view;
        const Eigen::Vector3d t = system.spherical(w.normalized(), F);
        const Eigen::Vector2d screen(t.dot(right), -t.dot(up));
        if (screen.norm() < 1e-3 * t.norm()) continue;  // V* along the line of sight
        const double cosine = chord.dot(screen) / (chord.norm() * screen.norm());
        ++chords;
        // 0.1 rad: chords of 0.015 rad on curves whose turning over one step is small away
        // from the zeros of V*, plus 1/100 px rounding over >= 1 px
        if (cosine > std::cos(0.1)) ++aligned;
        if (cosine < 0.0) ++backwards;
      }
    }
  }
  INFO("chords " << chords << ", aligned " << aligned << ", backwards " << backwards);
  CHECK(chords > 1000);
  CHECK(backwards == 0);
  CHECK(aligned >= 0.98 * chords);  // the rest turn sharply near a node
}

TEST_CASE("plot: friction tables over the sphere draw |(q1, q2)| and |q3| (49) per longitude") {
  // Two longitudes, two latitudes; q = (0.6, 0.8, -0.3) gives Q = 1 (a 3-4-5 triangle) and
  // T = 0.3, q_exact = (0, -0.5, 0.9) gives Q = 0.5, T = 0.9: the panels reach 1.08 Q_max = 1.08
  // and 1.08 T_max = 0.972 (8 % headroom above the largest value, plot/friction.cpp).
  nlohmann::json table = nlohmann::json::array();
  for (const double phi : {0.0, 3.0})
    for (const double theta : {-1.0, 1.0})
      table.push_back({{"theta", theta}, {"phi", phi}, {"w", {1, 0, 0}}, {"q", {0.6, 0.8, -0.3}},
                       {"q_exact", {0.0, -0.5, 0.9}}});
  const nlohmann::json report{{"schema", "limitdir.friction/1"}, {"layout", "grid"}, {"description", "d"},
                              {"table", table}};
  const std::string svg = plot_friction(report, PlotOptions{});
  const std::size_t q_at = svg.find("data-y-range=\"");
  const std::size_t t_at = svg.find("data-y-range=\"", q_at + 1);
  REQUIRE(t_at != std::string::npos);
  const auto top = [&](std::size_t at) {
    std::istringstream in(svg.substr(at + 14));
    double lo = 0, hi = 0;
    in >> lo >> hi;
    return hi;
  };
  CHECK(top(q_at) == doctest::Approx(1.08));
  CHECK(top(t_at) == doctest::Approx(0.972));
  CHECK(count(svg, "data-x-range=\"-1.5707963267948966 1.5707963267948966\"") == 2);  // both hemispheres
  nlohmann::json bad = report;
  bad["layout"] = "spiral";
  CHECK_THROWS_AS(plot_friction(bad, PlotOptions{}), InputError);
  bad = report;
  bad["table"][1]["q"] = {1, 2};
  CHECK_THROWS_AS(plot_friction(bad, PlotOptions{}), InputError);
}

}  // namespace test_plot
