// Gauss-Jacobi rules (numerics/gauss_jacobi.hpp), held against the moments of the weight in
// closed form: with t = (1 + y)/2, the integral of (1 - y)^a (1 + y)^b t^m over [-1, 1] is
// 2^(a + b + 1) B(b + m + 1, a + 1), which an n-point rule matches for m <= 2n - 1.
#include <doctest/doctest.h>

#include <boost/math/special_functions/beta.hpp>
#include <cmath>

#include "numerics/gauss_jacobi.hpp"

namespace test_gauss_jacobi {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

TEST_CASE("Gauss-Jacobi rules integrate t^m, m <= 2n - 1, against (1 - y)^a (1 + y)^b exactly (the moments 2^(a+b+1) B(b+m+1, a+1))") {
  // Every term of a moment is positive (t >= 0): the sum of n terms, each with a relative error
  // of a few ulps (the node's and the weight's), has a relative error below ~n eps = 6e-14 at
  // n = 256; the Beta function in double is good to a few ulps.
  constexpr double kMoment = 1e-12;
  struct Case {
    int n;
    double a, b;
  };
  for (const Case& c : {Case{8, 0, 0}, Case{16, 0.5, 0.5}, Case{64, 1.5, 1.5}, Case{256, 0.5, 0.5},
                        Case{256, -0.4, 0}, Case{128, 2.5, 0}}) {
    CAPTURE(c.n);
    CAPTURE(c.a);
    CAPTURE(c.b);
    const auto rule = detail::gauss_jacobi(c.n, c.a, c.b);
    REQUIRE(static_cast<int>(rule->y.size()) == c.n);
    for (int i = 0; i < c.n; ++i) {
      CHECK(rule->y[i] > -1);
      CHECK(rule->y[i] < 1);
      CHECK(rule->w[i] > 0);
      if (i > 0) CHECK(rule->y[i] > rule->y[i - 1]);
    }
    for (int m : {0, 1, 2, c.n, 2 * c.n - 1}) {
      CAPTURE(m);
      double sum = 0;
      for (int i = 0; i < c.n; ++i) sum += rule->w[i] * std::pow(0.5 * (1 + rule->y[i]), m);
      const double exact = std::pow(2.0, c.a + c.b + 1) * boost::math::beta(c.b + m + 1, c.a + 1);
      CHECK(std::abs(sum - exact) <= kMoment * exact);
    }
  }
}

}  // namespace test_gauss_jacobi
