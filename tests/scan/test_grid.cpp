// The points of a scan (docs/manual.md section 14, scan/grid.hpp): the product of the axes in its
// documented order against a hand-written list, the exact ends of FROM:TO:COUNT, the Latin
// hypercube's one point per stratum and its documented derivation, and the one-line errors.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/scan/grid.hpp"

using limitdir::InputError;
using limitdir::parse_scan_axis;
using limitdir::ScanAxis;
using limitdir::ScanGrid;

TEST_CASE("the grid is the product of its axes, the first axis slowest") {
  const ScanGrid grid = limitdir::scan_product(
      {parse_scan_axis("system.lambda=1:3:3"), parse_scan_axis("friction.degree=1,2"), parse_scan_axis("force=0.5")});
  CHECK(grid.keys == std::vector<std::string>{"system.lambda", "friction.degree", "force"});
  const std::vector<std::vector<double>> expected = {{1, 1, 0.5}, {1, 2, 0.5}, {2, 1, 0.5},
                                                     {2, 2, 0.5}, {3, 1, 0.5}, {3, 2, 0.5}};
  REQUIRE(grid.size() == expected.size());
  for (std::uint64_t i = 0; i < grid.size(); ++i) CHECK(grid.point(i) == expected[i]);
}

TEST_CASE("FROM:TO:COUNT has COUNT points with FROM and TO exact") {
  // In doubles FROM + (TO - FROM) is not TO for -3 -> 1e-3 (0.0009999999999998899) nor for
  // 0.7 -> 0.1 (0.09999999999999998) (Python): the last point must be TO itself.
  REQUIRE(-3.0 + (1e-3 - -3.0) != 1e-3);
  REQUIRE(0.7 + (0.1 - 0.7) != 0.1);
  for (const auto& [spec, from, to, count] :
       {std::tuple{"k=0.1:0.7:10", 0.1, 0.7, 10}, std::tuple{"k=-3:1e-3:7", -3.0, 1e-3, 7},
        std::tuple{"k=0.7:0.1:4", 0.7, 0.1, 4}, std::tuple{"k=2.5:2.5:1", 2.5, 2.5, 1}}) {
    CAPTURE(spec);
    const ScanAxis axis = parse_scan_axis(spec);
    REQUIRE(axis.values.size() == static_cast<std::size_t>(count));
    CHECK(axis.values.front() == from);
    CHECK(axis.values.back() == to);
    REQUIRE(axis.range);
    for (std::size_t i = 1; i + 1 < axis.values.size(); ++i)  // evenly spaced: 1 ulp-level rounding
      CHECK(axis.values[i] == doctest::Approx(from + (to - from) * static_cast<double>(i) / (count - 1)).epsilon(1e-15));
  }
  const ScanAxis list = parse_scan_axis("contact.shape.ellipse.1=0.5,1,+2e-1");
  CHECK(list.values == std::vector<double>{0.5, 1.0, 0.2});
  CHECK_FALSE(list.range);
}

TEST_CASE("FROM:TO:COUNT over integers gives exact integers (an integer key such as friction.degree takes them)") {
  // i/(COUNT - 1) first would give 26.000000000000004 at i = 25 of 1:40:40 (a double 25/39 times 39)
  for (const auto& [spec, from, step, count] :
       {std::tuple{"friction.degree=1:40:40", 1, 1, 40}, std::tuple{"k=0:1000:11", 0, 100, 11},
        std::tuple{"k=-8:8:5", -8, 4, 5}, std::tuple{"k=3:1:3", 3, -1, 3}}) {
    CAPTURE(spec);
    const ScanAxis axis = parse_scan_axis(spec);
    REQUIRE(axis.values.size() == static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) CHECK(axis.values[i] == static_cast<double>(from + step * i));
  }
}

TEST_CASE("bad axis specifications are one-line InputErrors") {
  for (const char* spec : {"lambda", "=1,2", "lambda=", "lambda=1:2", "lambda=1:2:3:4", "lambda=1:2:0", "lambda=1:2:-1",
                           "lambda=1:2:1", "lambda=1:2:x", "lambda=nan,1", "lambda=1,inf", "lambda=1,,2",
                           "lambda=1e999:2:3", "lambda=-1e308:1e308:3", "lambda=1:2,3", "a..b=1", "a b=1", "lambda=1,2 "}) {
    CAPTURE(spec);
    try {
      (void)parse_scan_axis(spec);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
      CHECK(std::string(e.what()).rfind("--grid ", 0) == 0);
    }
  }
  CHECK_THROWS_AS(limitdir::scan_product({parse_scan_axis("force=1,2"), parse_scan_axis("force=3")}), InputError);
  CHECK_THROWS_AS(limitdir::scan_product({}), InputError);
  // an axis of more than 2^24 values (1e12 once failed to allocate: exit 5) is refused before
  // its values are made
  for (const std::string spec : {"force=0:1:16777217", "force=0:1:1000000000000", "force=0:1:9007199254740993"})
    CHECK_THROWS_WITH_AS(parse_scan_axis(spec), doctest::Contains("COUNT must be at most 2^24"), InputError);
  // 3 axes of 2^18 points: 2^54 > 2^53 points
  const ScanAxis big = parse_scan_axis("a=0:1:262144");
  ScanAxis b = big, c = big;
  b.key = "b";
  c.key = "c";
  CHECK_THROWS_AS(limitdir::scan_product({big, b, c}), InputError);
}

TEST_CASE("an explicit list of points from JSON Lines") {
  const ScanGrid grid =
      limitdir::scan_points_from_jsonl("{\"force\": 0.1, \"system.j\": 0.5}\n\n{\"system.j\": 0.25, \"force\": 2}\n", "p.jsonl");
  CHECK(grid.keys == std::vector<std::string>{"force", "system.j"});  // sorted by name
  REQUIRE(grid.size() == 2);
  CHECK(grid.point(0) == std::vector<double>{0.1, 0.5});
  CHECK(grid.point(1) == std::vector<double>{2.0, 0.25});
  for (const char* text : {"", "\n", "[1]\n", "{}\n", "{\"force\": \"x\"}\n", "{\"force\": 1}\n{\"system.j\": 1}\n",
                           "{\"force\": 1, \"force\": 2}\n", "{\"force\": 1\n"}) {
    CAPTURE(text);
    CHECK_THROWS_AS(limitdir::scan_points_from_jsonl(text, "p.jsonl"), InputError);
  }
}

TEST_CASE("a Latin hypercube holds exactly one point in each stratum of each axis") {
  const std::vector<ScanAxis> axes = {parse_scan_axis("a=0:1:2"), parse_scan_axis("b=-2:6:2"),
                                      parse_scan_axis("c=5:3:2")};
  for (const std::uint64_t n : {1u, 2u, 7u, 100u}) {
    const ScanGrid grid = limitdir::scan_latin_hypercube(axes, n, 42);
    REQUIRE(grid.size() == n);
    for (std::size_t k = 0; k < axes.size(); ++k) {
      std::set<std::uint64_t> strata;
      for (std::uint64_t i = 0; i < n; ++i) {
        const double t = (grid.point(i)[k] - axes[k].range->from) / (axes[k].range->to - axes[k].range->from);
        REQUIRE(t >= 0.0);
        REQUIRE(t < 1.0);
        strata.insert(static_cast<std::uint64_t>(t * static_cast<double>(n)));
      }
      CHECK(strata.size() == n);  // n points in n distinct strata
    }
  }
  // the same seed gives the same points, another seed others
  CHECK(limitdir::scan_latin_hypercube(axes, 50, 7).rows == limitdir::scan_latin_hypercube(axes, 50, 7).rows);
  CHECK(limitdir::scan_latin_hypercube(axes, 50, 7).rows != limitdir::scan_latin_hypercube(axes, 50, 8).rows);
}

TEST_CASE("the Latin hypercube follows its documented derivation from the raw draws") {
  // One point: p = (0), value = FROM + (TO - FROM) u(x1). The first output of mt19937_64 with the
  // default seed 5489 is 14514284786278117030 (the C++ standard fixes the engine; its 10000th
  // output is 9981545732273789042, [rand.predef]); u = (x1 >> 11) 2^-53 = 0.7868209548678019
  // (computed in Python with exact integers).
  std::mt19937_64 engine;  // default seed 5489
  std::uint64_t x = 0;
  for (int i = 0; i < 10000; ++i) x = engine();
  REQUIRE(x == 9981545732273789042ULL);
  const ScanGrid one = limitdir::scan_latin_hypercube({parse_scan_axis("a=2:4:2")}, 1, 5489);
  CHECK(one.point(0)[0] == 2.0 + 2.0 * 0.7868209548678019);
  // Three points on two axes, the steps of scan/grid.hpp written out on the raw draws.
  std::mt19937_64 draw(2024);
  const auto u = [&draw] { return static_cast<double>(draw() >> 11) * 0x1p-53; };
  std::vector<std::vector<double>> expected(3, std::vector<double>(2));
  const double from[2] = {0.0, 10.0}, to[2] = {1.0, 20.0};
  for (int k = 0; k < 2; ++k) {
    std::uint64_t p[3] = {0, 1, 2};
    std::swap(p[2], p[draw() % 3]);
    std::swap(p[1], p[draw() % 2]);
    for (int i = 0; i < 3; ++i) expected[i][k] = from[k] + (to[k] - from[k]) * ((static_cast<double>(p[i]) + u()) / 3.0);
  }
  const ScanGrid grid = limitdir::scan_latin_hypercube({parse_scan_axis("a=0:1:5"), parse_scan_axis("b=10:20:5")}, 3, 2024);
  CHECK(grid.rows == expected);
  CHECK_THROWS_AS(limitdir::scan_latin_hypercube({parse_scan_axis("a=0,1")}, 3, 1), InputError);
  CHECK_THROWS_AS(limitdir::scan_latin_hypercube({parse_scan_axis("a=0:1:2")}, 0, 1), InputError);
  CHECK_THROWS_AS(limitdir::scan_latin_hypercube({parse_scan_axis("a=0:1:2")}, (std::uint64_t{1} << 24) + 1, 1), InputError);
}
