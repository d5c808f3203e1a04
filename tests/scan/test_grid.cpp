// The points of a scan (docs/manual.md section 14, scan/grid.hpp): the product of the axes in its
// documented order against a hand-written list, the exact ends of FROM:TO:COUNT, the values of
// log:FROM:TO:COUNT against the closed form FROM (TO/FROM)^(i/(COUNT-1)), the Latin hypercube's
// one point per stratum (equal in log on a log axis) and its documented derivation, and the
// one-line errors.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <tuple>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/scan/grid.hpp"

namespace test_grid {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::InputError;
using limitdir::parse_scan_axis;
using limitdir::ScanAxis;
using limitdir::ScanGrid;
using limitdir::ScanScale;

namespace {

/// The relative error of the closed form FROM (TO/FROM)^t in long double (powl) for the axes
/// checked with it (|ln(TO/FROM)| <= 2^5): t and TO/FROM rounded to 64 bits (2^-64 each, t's
/// amplified by |ln(TO/FROM)| t <= 2^5: 2^-59), powl's own error (~2^-63) and the product with
/// FROM (2^-64) sum below 2^-58.5; 2^-58 is 1/16 of the half ulp (2^-54 relative at least) that
/// separates the nearest double from its neighbours.
constexpr long double closed_form_tolerance = 0x1p-58L;

/// FROM (TO/FROM)^(p/q) in long double, the closed form of a log axis.
long double closed_form(double from, double to, long double p, long double q) {
  return static_cast<long double>(from) * std::pow(static_cast<long double>(to) / from, p / q);
}

/// Whether v is the double nearest `exact` (known to closed_form_tolerance): `exact` within half
/// the gap to each neighbour of v, widened by the tolerance.
bool nearest_double(double v, long double exact) {
  const long double below = v - std::nextafter(v, 0.0), above = std::nextafter(v, 2.0 * v) - v;
  const long double slack = std::fabs(exact) * closed_form_tolerance;
  return exact >= v - below / 2 - slack && exact <= v + above / 2 + slack;
}

/// The values are monotone from FROM to TO: non-decreasing when TO > FROM, non-increasing else.
bool monotone(const std::vector<double>& v) {
  for (std::size_t i = 1; i < v.size(); ++i)
    if (v.back() >= v.front() ? v[i] < v[i - 1] : v[i] > v[i - 1]) return false;
  return true;
}

}  // namespace

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

TEST_CASE("log:FROM:TO:COUNT has COUNT points FROM (TO/FROM)^(i/(COUNT-1)), the nearest doubles, monotone, ends exact") {
  static_assert(std::numeric_limits<long double>::digits >= 64, "the closed form needs a long double of >= 64 bits");
  for (const auto& [spec, from, to, count] :
       {std::tuple{"k=log:1e-5:1:6", 1e-5, 1.0, 6}, std::tuple{"k=log:1e-3:1:7", 1e-3, 1.0, 7},
        std::tuple{"mu_r=log:1e-5:1:20", 1e-5, 1.0, 20}, std::tuple{"k=log:0.5:2e3:13", 0.5, 2e3, 13},
        std::tuple{"k=log:7:0.02:9", 7.0, 0.02, 9}, std::tuple{"k=log:3:1e-7:777", 3.0, 1e-7, 777},
        std::tuple{"k=log:2.5:2.5:1", 2.5, 2.5, 1}, std::tuple{"k=log:2.5:2.5:4", 2.5, 2.5, 4}}) {
    CAPTURE(spec);
    const ScanAxis axis = parse_scan_axis(spec);
    CHECK(axis.scale == ScanScale::log);
    REQUIRE(axis.range);
    CHECK(axis.range->from == from);
    CHECK(axis.range->to == to);
    REQUIRE(axis.values.size() == static_cast<std::size_t>(count));
    CHECK(axis.values.front() == from);  // bit for bit
    CHECK(axis.values.back() == to);
    CHECK(monotone(axis.values));
    for (std::size_t i = 1; i + 1 < axis.values.size(); ++i) {
      CAPTURE(i);
      CHECK(nearest_double(axis.values[i], closed_form(from, to, static_cast<long double>(i), count - 1.0L)));
    }
  }
  // strictly monotone where the points are many ulps apart
  const ScanAxis down = parse_scan_axis("k=log:3:1e-7:777");
  for (std::size_t i = 1; i < down.values.size(); ++i) CHECK(down.values[i] < down.values[i - 1]);
}

TEST_CASE("log:FROM:TO:COUNT: the values the nearest doubles of the exact points (mpmath), exact where the point is a double") {
  // mpmath at 400 bits, FROM (TO/FROM)^(i/(COUNT-1)) with FROM and TO the doubles, then the
  // nearest double found by comparing the neighbours; std::pow gives 0.0099999999999999985 and
  // 0.31622776601683805 for the third and sixth points of log:1e-3:1:7
  CHECK(parse_scan_axis("k=log:1e-3:1:7").values ==
        std::vector<double>{0.001, 0.0031622776601683794, 0.01, 0.03162277660168379, 0.1, 0.31622776601683794, 1.0});
  CHECK(parse_scan_axis("k=log:1e-5:1:6").values == std::vector<double>{1e-05, 0.0001, 0.001, 0.01, 0.1, 1.0});
  CHECK(parse_scan_axis("k=log:7:0.02:9").values ==
        std::vector<double>{7.0, 3.3658095200038933, 1.618381960706977, 0.7781664871928728, 0.37416573867739417,
                            0.1799100864713803, 0.08650615454144221, 0.04159474835635917, 0.02});
  // exact points that are doubles come out exactly: 10^i (exact doubles up to 10^22), 2^i
  std::vector<double> decades, down, twos;
  for (int i = 0; i <= 10; ++i) decades.push_back(std::pow(10.0, i));  // exact for integer i <= 22
  for (int i = 22; i >= 0; --i) down.push_back(std::pow(10.0, i));
  for (int i = 0; i <= 10; ++i) twos.push_back(std::ldexp(1.0, i));
  CHECK(parse_scan_axis("k=log:1:1e10:11").values == decades);
  CHECK(parse_scan_axis("k=log:1e22:1:23").values == down);
  CHECK(parse_scan_axis("k=log:1:1024:11").values == twos);
  CHECK(parse_scan_axis("k=log:0.25:64:5").values == std::vector<double>{0.25, 1.0, 4.0, 16.0, 64.0});
}

TEST_CASE("log:FROM:TO:COUNT is monotone with its ends exact over the widest and the narrowest ranges") {
  // 1e-300 .. 1e300: ln(TO/FROM) = 1381, so the closed form in long double is good to ~2^-53
  // only (t's rounding 2^-64 times 1381): a relative 2^-48 (32 times that) checks it
  constexpr double wide_tolerance = 0x1p-48;
  const ScanAxis wide = parse_scan_axis("k=log:1e-300:1e300:61");
  CHECK(wide.values.front() == 1e-300);
  CHECK(wide.values.back() == 1e300);
  for (std::size_t i = 1; i < wide.values.size(); ++i) CHECK(wide.values[i] > wide.values[i - 1]);
  for (std::size_t i = 0; i < wide.values.size(); ++i)
    CHECK(static_cast<double>(std::fabs(wide.values[i] / closed_form(1e-300, 1e300, static_cast<long double>(i), 60.0L) - 1)) <=
          wide_tolerance);
  // ends 4 ulps apart, 100 points: many equal neighbours, never a step back, never past the ends
  const double to = std::nextafter(std::nextafter(std::nextafter(std::nextafter(1.0, 2.0), 2.0), 2.0), 2.0);
  const ScanAxis narrow = parse_scan_axis("k=log:1:1.0000000000000009:100");
  REQUIRE(narrow.range->to == to);
  CHECK(narrow.values.front() == 1.0);
  CHECK(narrow.values.back() == to);
  CHECK(monotone(narrow.values));
  for (std::size_t i = 1; i + 1 < narrow.values.size(); ++i)
    CHECK(nearest_double(narrow.values[i], closed_form(1.0, to, static_cast<long double>(i), 99.0L)));
  // the smallest and the largest normal doubles as ends
  const ScanAxis extreme = parse_scan_axis("k=log:2.2250738585072014e-308:1.7976931348623157e308:9");
  CHECK(extreme.values.front() == std::numeric_limits<double>::min());
  CHECK(extreme.values.back() == std::numeric_limits<double>::max());
  CHECK(monotone(extreme.values));
}

TEST_CASE("bad log axes are one-line InputErrors: FROM or TO <= 0 or not finite, COUNT < 1, too many values") {
  for (const auto& [spec, why] :
       {std::pair{"k=log:0:1:3", "FROM must be > 0 on a log axis"}, std::pair{"k=log:-1:1:3", "FROM must be > 0"},
        std::pair{"k=log:1:0:3", "TO must be > 0 on a log axis"}, std::pair{"k=log:1:-2:3", "TO must be > 0"},
        std::pair{"k=log:-0:1:3", "FROM must be > 0"}, std::pair{"k=log:nan:1:3", "FROM must be a finite number"},
        std::pair{"k=log:1:inf:3", "TO must be a finite number"}, std::pair{"k=log:1:1e999:3", "TO must be a finite number"},
        std::pair{"k=log:1e-320:1:3", "FROM must be at least 2.2250738585072014e-308"},
        std::pair{"k=log:1:2:0", "COUNT must be an integer >= 1"}, std::pair{"k=log:1:2:-1", "COUNT must be an integer >= 1"},
        std::pair{"k=log:1:2:x", "COUNT must be an integer >= 1"}, std::pair{"k=log:1:2:1", "COUNT 1 needs FROM = TO"},
        std::pair{"k=log:1:2:16777217", "COUNT must be at most 2^24"},
        std::pair{"k=log:1:2:1000000000000", "COUNT must be at most 2^24"},
        std::pair{"k=log:1:2", "a log range must be log:FROM:TO:COUNT"},
        std::pair{"k=log:1:2:3:4", "a log range must be log:FROM:TO:COUNT"},
        std::pair{"k=log:", "a log range must be log:FROM:TO:COUNT"},
        std::pair{"k=log:1,2", "a log range must be log:FROM:TO:COUNT"},
        std::pair{"k=log:1:2,3:4", "not both"}, std::pair{"k=log", "a value must be a finite number"}}) {
    CAPTURE(spec);
    try {
      (void)parse_scan_axis(spec);
      FAIL("accepted");
    } catch (const InputError& e) {
      const std::string what = e.what();
      CHECK(what.find('\n') == std::string::npos);
      CHECK(what.rfind(std::string("--grid ") + spec + ": ", 0) == 0);
      CHECK(what.find(why) != std::string::npos);
    }
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

TEST_CASE("a Latin hypercube over a log axis holds one point in each stratum equal in log") {
  // strata [FROM (TO/FROM)^(s/n), FROM (TO/FROM)^((s+1)/n)): s = floor(n log(v/FROM)/log(TO/FROM))
  const std::vector<ScanAxis> axes = {parse_scan_axis("a=log:1e-4:1:2"), parse_scan_axis("b=0:1:2"),
                                      parse_scan_axis("c=log:1e3:1e-2:2")};
  for (const std::uint64_t n : {1u, 2u, 7u, 100u, 1000u}) {
    CAPTURE(n);
    const ScanGrid grid = limitdir::scan_latin_hypercube(axes, n, 42);
    CHECK(grid.scales == std::vector<ScanScale>{ScanScale::log, ScanScale::linear, ScanScale::log});
    for (const std::size_t k : {std::size_t{0}, std::size_t{2}}) {
      const double from = axes[k].range->from, to = axes[k].range->to;
      std::set<std::uint64_t> strata;
      for (std::uint64_t i = 0; i < n; ++i) {
        const double t = std::log(grid.point(i)[k] / from) / std::log(to / from);
        REQUIRE(t >= 0.0);
        REQUIRE(t < 1.0);
        strata.insert(static_cast<std::uint64_t>(t * static_cast<double>(n)));
      }
      CHECK(strata.size() == n);  // n points in n distinct strata
    }
  }
  // evenly in log, not in value: of 1000 points over 1e-4 .. 1, 750 lie below 1e-1 (3 of the 4
  // decades), where an even spread in value would put 100
  const ScanGrid grid = limitdir::scan_latin_hypercube(axes, 1000, 7);
  std::size_t below = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) below += grid.point(i)[0] < 1e-1;
  CHECK(below == 750);
}

TEST_CASE("a Latin hypercube over a log axis follows its documented derivation, one draw per point as on a linear axis") {
  // the steps of scan/grid.hpp on the raw draws: value = the double nearest FROM (TO/FROM)^t,
  // t = (p[i] + u)/n, checked against the closed form in long double
  std::mt19937_64 draw(2024);
  const auto u = [&draw] { return static_cast<double>(draw() >> 11) * 0x1p-53; };
  const double from[2] = {1e-5, 10.0}, to[2] = {1.0, 20.0};
  std::vector<std::vector<long double>> expected(5, std::vector<long double>(2));
  for (int k = 0; k < 2; ++k) {
    std::uint64_t p[5] = {0, 1, 2, 3, 4};
    for (std::uint64_t j = 4; j >= 1; --j) std::swap(p[j], p[draw() % (j + 1)]);
    for (int i = 0; i < 5; ++i) {
      const double ui = u();
      expected[i][k] = k == 0 ? closed_form(from[0], to[0], static_cast<long double>(p[i]) + ui, 5.0L)  // p + u exact in 64 bits
                              : from[1] + (to[1] - from[1]) * ((static_cast<double>(p[i]) + ui) / 5.0);
    }
  }
  const ScanGrid grid = limitdir::scan_latin_hypercube({parse_scan_axis("a=log:1e-5:1:2"), parse_scan_axis("b=10:20:5")}, 5, 2024);
  for (int i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(nearest_double(grid.point(i)[0], expected[i][0]));
    CHECK(grid.point(i)[1] == static_cast<double>(expected[i][1]));  // the linear axis as documented, bit for bit
  }
  // the log axis draws as a linear one: the second axis is the same with a linear first axis
  const ScanGrid linear = limitdir::scan_latin_hypercube({parse_scan_axis("a=1e-5:1:2"), parse_scan_axis("b=10:20:5")}, 5, 2024);
  for (int i = 0; i < 5; ++i) CHECK(grid.point(i)[1] == linear.point(i)[1]);
}

TEST_CASE("the product records each axis's scale, and the grid's values are those of its axes") {
  const ScanGrid grid =
      limitdir::scan_product({parse_scan_axis("mu=0.1,0.3"), parse_scan_axis("mu_r=log:1e-3:1:4"), parse_scan_axis("h=1:2:2")});
  CHECK(grid.scales == std::vector<ScanScale>{ScanScale::linear, ScanScale::log, ScanScale::linear});
  CHECK(grid.scale(1) == ScanScale::log);
  CHECK(grid.scale(7) == ScanScale::linear);  // past the keys: linear
  CHECK(grid.axes[1] == std::vector<double>{1e-3, 1e-2, 1e-1, 1.0});  // the nearest doubles of the decades
  CHECK(limitdir::scan_points_from_jsonl("{\"a\": 1}\n", "p.jsonl").scales == std::vector<ScanScale>{ScanScale::linear});
}

}  // namespace test_grid
