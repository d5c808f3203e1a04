// Logarithmic axes of plot (plot/svg.hpp: svg::log_ticks, svg::power_label, LinearMap::log;
// docs/manual.md section 11, "--log-x, --log-y"). The expected ticks are the decades and their
// multiples counted by hand; the map's identity is that of log10: the geometric mean of the ends
// lies halfway, and a factor 10 is the same pixel distance anywhere on the axis.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "limitdir/plot/svg.hpp"

namespace test_log_axis {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// relative: a tick m 10^k is computed as m * 10^k (pow), a few ulp from the decimal value
constexpr double tick_tolerance = 1e-12;
// px: the map's pixels are affine combinations of log10 values of O(1), exact to a few ulp of 1000
constexpr double pixel_tolerance = 1e-9;

bool same(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::abs(got[i] - want[i]) > tick_tolerance * want[i]) return false;
  return true;
}

}  // namespace

TEST_CASE("log axis: the decades of [0.01, 8] labelled, the multiples 2..9 unlabelled") {
  const svg::LogTicks t = svg::log_ticks(0.01, 8.0, 7);
  CHECK_FALSE(t.plain);
  CHECK(same(t.values, {0.01, 0.1, 1.0}));
  // 2..9 x 0.01, 2..9 x 0.1, 2..8 x 1: 8 + 8 + 7
  CHECK(t.minor.size() == 23);
}

TEST_CASE("log axis: fewer than 3 decades label 2 and 5 times each decade too") {
  // [0.5, 20] holds the decades 1 and 10 and the multiples 0.5, 2, 5, 20
  CHECK(same(svg::log_ticks(0.5, 20.0, 7).values, {0.5, 1.0, 2.0, 5.0, 10.0, 20.0}));
}

TEST_CASE("log axis: many decades are thinned to every m-th, with no minor ticks") {
  // 1e-12 .. 1e12: 25 decades, at most 7 labels: every 4th (25 / 4 rounded up is 7), from k = -12
  const svg::LogTicks t = svg::log_ticks(1e-12, 1e12, 7);
  CHECK(same(t.values, {1e-12, 1e-8, 1e-4, 1.0, 1e4, 1e8, 1e12}));
  CHECK(t.minor.empty());
}

TEST_CASE("log axis: a range inside one decade falls back to the linear ticks") {
  const svg::LogTicks t = svg::log_ticks(0.3, 0.8, 7);
  CHECK(t.plain);
  const svg::Ticks linear = svg::nice_ticks(0.3, 0.8, 7);
  CHECK(t.values == linear.values);
  CHECK(t.step == linear.step);
}

TEST_CASE("log axis: a range of subnormals has no tick at 0 (minus infinity in log10)") {
  // [5e-324, 1e-323] is the two smallest doubles: no decade inside, the linear ticks include 0
  for (const double v : svg::log_ticks(4.9e-324, 1e-323, 7).values) CHECK(v > 0.0);
}

TEST_CASE("log axis: labels are powers of ten with the exponent apart") {
  CHECK(svg::power_label(0.01) == std::pair<std::string, std::string>{"10", "\u22122"});
  CHECK(svg::power_label(1.0) == std::pair<std::string, std::string>{"10", "0"});
  CHECK(svg::power_label(5e3) == std::pair<std::string, std::string>{"5\u00d710", "3"});
}

TEST_CASE("log axis: pixels are affine in log10, the geometric mean halfway") {
  const svg::LinearMap m{0.01, 8.0, 100.0, 900.0, true};
  CHECK(std::abs(m(0.01) - 100.0) < pixel_tolerance);
  CHECK(std::abs(m(8.0) - 900.0) < pixel_tolerance);
  CHECK(std::abs(m(std::sqrt(0.01 * 8.0)) - 500.0) < pixel_tolerance);
  // a decade is the same distance anywhere: 800 px / log10(800)
  const double decade = 800.0 / std::log10(800.0);
  CHECK(std::abs((m(1.0) - m(0.1)) - decade) < pixel_tolerance);
  CHECK(std::abs((m(0.1) - m(0.01)) - decade) < pixel_tolerance);
  CHECK(std::abs(m.inverse(m(0.37)) - 0.37) < tick_tolerance);
  // a value <= 0 lies at minus infinity in log10: beyond the axis's start
  CHECK(std::isinf(m(0.0)));
  CHECK(m(-1.0) < 0.0);
}

TEST_CASE("log axis: the superscript is a tspan with baseline-shift super") {
  svg::Document doc(200, 100, "t");
  doc.text_power(50, 50, "10", "\u22122", {12.0, "middle"});
  const std::string s = doc.str();
  CHECK(s.find(">10<tspan baseline-shift=\"super\" font-size=\"8.4\">\u22122</tspan></text>") != std::string::npos);
  const svg::Box plain = svg::text_box(50, 50, "10", {12.0, "middle"});
  const svg::Box power = svg::power_box(50, 50, "10", "\u22122", {12.0, "middle"});
  CHECK(power.w > plain.w);  // the exponent widens it
  CHECK(power.y < plain.y);  // and raises its top
}

}  // namespace test_log_axis
