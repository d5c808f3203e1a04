// The values of a log axis (scan/log_spacing.hpp, docs/manual.md section 14, "Grids"): the
// precision is doubled until the ball of FROM (TO/FROM)^t rounds to one double. Started at 8 bits,
// where no ball decides a double, every value comes out of the doubling loop; it must equal the
// value decided at the default 96 bits, as both are the double nearest the same exact point.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <utility>

#include "scan/log_spacing.hpp"

namespace test_log_spacing {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::detail::LogSpacing;

TEST_CASE("a log axis's value decided after doubling the precision equals the one decided at once") {
  std::mt19937_64 draw(36);
  for (const auto& [from, to] : {std::pair{1e-5, 1.0}, std::pair{7.0, 0.02}, std::pair{1e-300, 1e300},
                                 std::pair{1.0, 1.0000000000000009}}) {
    CAPTURE(from);
    CAPTURE(to);
    const LogSpacing usual(from, to), doubling(from, to, 8);
    for (std::uint64_t i = 0; i <= 40; ++i) CHECK(doubling.at(i, 0.0, 40) == usual.at(i, 0.0, 40));
    for (int k = 0; k < 40; ++k) {  // Latin-hypercube exponents (p + u)/n, u of 53 bits
      const double u = static_cast<double>(draw() >> 11) * 0x1p-53;
      const std::uint64_t p = draw() % 1000;
      CHECK(doubling.at(p, u, 1000) == usual.at(p, u, 1000));
    }
  }
}

TEST_CASE("a log axis's ends are FROM and TO themselves") {
  const LogSpacing spacing(0.1, 3.0);
  CHECK(spacing.at(0, 0.0, 7) == 0.1);
  CHECK(spacing.at(7, 0.0, 7) == 3.0);
}

}  // namespace test_log_spacing
