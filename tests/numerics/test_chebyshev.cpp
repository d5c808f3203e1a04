// The rigorous real roots of a Chebyshev series (numerics/chebyshev.hpp) against closed forms:
// the roots of T_n, of T_400 - 1/2, of (y - a)(y - b) for a pair 1e-6 apart and for a root
// 1.3e-6 rad from the end y = 1; and the roots the isolation must leave undecided (a double
// root, a root at y = +-1).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "numerics/chebyshev.hpp"

namespace test_chebyshev {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using namespace limitdir::detail;

namespace {
constexpr double pi = 3.141592653589793;
/// Each expected angle lies in its cell (to the rounding of the closed form, 4 ulps of pi), the
/// cells increase and are disjoint, and none is wider than max_width.
void check_cells(const ChebyshevRoots& r, const std::vector<double>& expected, double max_width) {
  REQUIRE(r.complete);
  REQUIRE(r.cells.size() == expected.size());
  constexpr double slack = 1e-15;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto [lo, hi] = r.cells[i];
    CHECK(lo <= hi);
    CHECK(hi - lo <= max_width);
    CHECK(expected[i] >= lo - slack);
    CHECK(expected[i] <= hi + slack);
    if (i > 0) CHECK(r.cells[i - 1].second < lo);
  }
}
ChebyshevSeries chebyshev_t(int n, double constant) {
  ChebyshevSeries a(static_cast<std::size_t>(n) + 1, Interval(0.0));
  a[0] = Interval(constant);
  a[static_cast<std::size_t>(n)] = Interval(1.0);
  return a;
}
/// (y - a)(y - b) = (T_0 + T_2)/2 - (a + b) T_1 + a b T_0 with enclosures of the coefficients.
ChebyshevSeries quadratic(double a, double b) {
  return {Interval(0.5) + Interval(a) * Interval(b), -(Interval(a) + Interval(b)), Interval(0.5)};
}
}  // namespace

TEST_CASE("Chebyshev roots: T_n has its n roots (2k - 1) pi / (2n), for n up to 400") {
  for (int n : {1, 2, 5, 12, 40, 400}) {
    CAPTURE(n);
    std::vector<double> expected;
    for (int k = 1; k <= n; ++k) expected.push_back((2.0 * k - 1.0) * pi / (2.0 * n));
    check_cells(chebyshev_roots(chebyshev_t(n, 0.0)), expected, 1e-11);
  }
}

TEST_CASE("Chebyshev roots: T_400 - 1/2 has 400 roots, cos(400 theta) = 1/2") {
  std::vector<double> expected;
  for (int k = 0; k < 200; ++k) {
    expected.push_back((pi / 3.0 + 2.0 * pi * k) / 400.0);
    expected.push_back((5.0 * pi / 3.0 + 2.0 * pi * k) / 400.0);
  }
  std::sort(expected.begin(), expected.end());
  check_cells(chebyshev_roots(chebyshev_t(400, -0.5)), expected, 1e-11);
}

TEST_CASE("Chebyshev roots: two simple roots 1e-6 apart, and a root 1.3e-6 rad from y = 1") {
  const double a = 0.3, b = 0.3 + 1e-6;
  // the coefficients' radii (~1 ulp of 0.59 and of 0.6, 2.2e-16 in all; 4.4e-16 where Arb doubles
  // them, y being a ball) over |dp/dtheta| = 1e-6 sin(theta) ~ 9.5e-7 leave ~1e-9 that no cell
  // can be proven narrower than
  check_cells(chebyshev_roots(quadratic(a, b)), {std::acos(b), std::acos(a)}, 4e-9);
  // y0 = 1 - 2^-40 (exact): theta = 2 asin(sqrt((1 - y0)/2)) = 2 asin(2^-20.5)
  const double y0 = 1.0 - std::ldexp(1.0, -40);
  check_cells(chebyshev_roots({Interval(-y0), Interval(1.0)}), {2.0 * std::asin(std::ldexp(std::sqrt(0.5), -20))},
              1e-13);
}

TEST_CASE("Chebyshev roots: none for 2 + T_3, undecided for a double root and for roots at y = +-1") {
  const ChebyshevRoots none = chebyshev_roots(chebyshev_t(3, 2.0));
  CHECK(none.complete);
  CHECK(none.cells.empty());
  // y^2 = (T_0 + T_2)/2: a double root at y = 0
  const ChebyshevRoots double_root = chebyshev_roots({Interval(0.5), Interval(0.0), Interval(0.5)});
  CHECK_FALSE(double_root.complete);
  CHECK(double_root.why.find("multiplicity") != std::string::npos);
  // 1 + y vanishes at y = -1, 1 - y at y = 1
  const ChebyshevRoots at_minus = chebyshev_roots({Interval(1.0), Interval(1.0)});
  CHECK_FALSE(at_minus.complete);
  CHECK(at_minus.why.find("y = -1") != std::string::npos);
  const ChebyshevRoots at_plus = chebyshev_roots({Interval(1.0), Interval(-1.0)});
  CHECK_FALSE(at_plus.complete);
  CHECK(at_plus.why.find("y = 1") != std::string::npos);
}

}  // namespace test_chebyshev
