// Outward rounding of the interval type (numerics/interval.hpp) checked by exact integer arithmetic, and
// the forward-mode derivatives over intervals against hand-derived partials.
#include <doctest/doctest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "numerics/arb_support.hpp"

namespace test_interval {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {
__extension__ typedef __int128 Int128;  // exact products of 53-bit integers
/// x = m 2^e with m an integer of at most 53 bits.
struct Dyadic {
  std::int64_t m;
  int e;
};
Dyadic dyadic(double x) {
  int e = 0;
  const double f = std::frexp(x, &e);
  return {static_cast<std::int64_t>(std::ldexp(f, 53)), e - 53};
}
/// sign of (a m 2^e - b) for integers a, b (exact, no floating point).
int compare(const Dyadic& x, Int128 a, Int128 b) {
  Int128 lhs = a * x.m, rhs = b;
  if (x.e >= 0)
    lhs <<= x.e;
  else
    rhs <<= -x.e;
  return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}
}  // namespace

TEST_CASE("interval: the enclosure of 1/3 is outward rounded: 3 lower < 1 < 3 upper in exact integer arithmetic") {
  const Interval third = Interval(1.0) / Interval(3.0);
  CHECK(third.lower() < third.upper());
  CHECK(compare(dyadic(third.lower()), 3, 1) < 0);
  CHECK(compare(dyadic(third.upper()), 3, 1) > 0);
  CHECK(std::fegetround() == FE_TONEAREST);  // the rounding mode is restored after each operation
}

TEST_CASE("interval: a sum of 10^6 copies of 0.1 encloses the exact sum 10^6 x fl(0.1) computed with integers") {
  const double tenth = 0.1;
  const Dyadic t = dyadic(tenth);
  REQUIRE(t.e < 0);
  constexpr std::int64_t n = 1000000;
  Interval s(0.0);
  for (std::int64_t i = 0; i < n; ++i) s += Interval(tenth);
  // exact sum = n m 2^e: compare lower/upper = L 2^l with it, both scaled by 2^-e
  const auto side = [&](double bound) {
    const Dyadic b = dyadic(bound);
    return compare(Dyadic{b.m, b.e - t.e}, 1, static_cast<Int128>(n) * t.m);
  };
  CHECK(side(s.lower()) < 0);
  CHECK(side(s.upper()) > 0);
  double naive = 0.0;  // round to nearest drifts by ~1e-6 relative; the enclosure stays tight
  for (std::int64_t i = 0; i < n; ++i) naive += tenth;
  CHECK(width_of(s) < 1e-4);
  CHECK(std::abs(naive - 1e5) > 1e-7);
}

TEST_CASE("interval: sqrt and division by directed rounding enclose sqrt(2) and 1/10 exactly") {
  const Interval r = boost::numeric::sqrt(Interval(2.0));
  // r_lo^2 < 2 < r_hi^2 exactly: m^2 2^(2e) against 2
  const auto square_vs_two = [](double x) {
    const Dyadic d = dyadic(x);
    const Int128 m2 = static_cast<Int128>(d.m) * d.m;
    return compare(Dyadic{1, 2 * d.e}, m2, 2);
  };
  CHECK(square_vs_two(r.lower()) < 0);
  CHECK(square_vs_two(r.upper()) > 0);
  const Interval tenth = Interval(1.0) / Interval(10.0);
  CHECK(compare(dyadic(tenth.lower()), 10, 1) < 0);
  CHECK(compare(dyadic(tenth.upper()), 10, 1) > 0);
}

TEST_CASE("interval: inverse_enclosure contains the inverse of a 3x3 matrix with an exact rational inverse") {
  Eigen::Matrix3d M;  // det = 3; inverse has entries in (1/3) Z
  M << 2, 1, 0, 1, 2, 1, 0, 1, 2;
  const Eigen::Matrix3d exact3 = (Eigen::Matrix3d() << 3, -2, 1, -2, 4, -2, 1, -2, 3).finished();  // 4 M^-1
  const auto inv = inverse_enclosure(to_interval<3>(M));
  REQUIRE(inv);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      CHECK((*inv)(i, j).lower() * 4 <= exact3(i, j));
      CHECK((*inv)(i, j).upper() * 4 >= exact3(i, j));
      CHECK(width_of((*inv)(i, j)) < 1e-15);
    }
  Eigen::Matrix3d S = Eigen::Matrix3d::Ones();
  CHECK_FALSE(inverse_enclosure(to_interval<3>(S)).has_value());
}

TEST_CASE("IDual: partials of x1 x2 / x3 + sqrt(x1) at a point match the hand-derived gradient") {
  const double a = 0.7, b = -1.3, c = 2.1;
  const IDual x1 = IDual::variable(Interval(a), 0), x2 = IDual::variable(Interval(b), 1),
              x3 = IDual::variable(Interval(c), 2);
  const IDual f = x1 * x2 / x3 + sqrt(x1);
  const double grad[3] = {b / c + 0.5 / std::sqrt(a), a / c, -a * b / (c * c)};
  CHECK(f.v.lower() <= a * b / c + std::sqrt(a) + 1e-15);
  for (int i = 0; i < 3; ++i) {
    CHECK(f.d[i].lower() <= grad[i] + 1e-15);
    CHECK(f.d[i].upper() >= grad[i] - 1e-15);
    CHECK(width_of(f.d[i]) < 1e-14);
  }
}

TEST_CASE("IDual: abs and hypot2 take the Clarke hull [-1, 1] where they are not differentiable") {
  const IDual t = IDual::variable(Interval(-1e-3, 2e-3), 0);
  const IDual at = abs(t);
  CHECK(at.v.lower() == 0.0);
  CHECK(at.v.upper() >= 2e-3);
  CHECK(at.d[0].lower() == -1.0);
  CHECK(at.d[0].upper() == 1.0);
  CHECK(abs(IDual::variable(Interval(-3.0, -2.0), 0)).d[0].upper() == -1.0);
  const IDual a = IDual::variable(Interval(-1e-3, 1e-3), 0), b = IDual::variable(Interval(-1e-3, 1e-3), 1);
  const IDual h = hypot2(a, b);
  CHECK(h.d[0].lower() == -1.0);
  CHECK(h.d[0].upper() == 1.0);
  // away from the origin: d hypot/da = a/h = 3/5 at (3, 4)
  const IDual g = hypot2(IDual::variable(Interval(3.0), 0), IDual::variable(Interval(4.0), 1));
  CHECK(g.d[0].lower() <= 0.6);
  CHECK(g.d[0].upper() >= 0.6);
  CHECK(g.d[1].lower() <= 0.8);
  CHECK(g.d[1].upper() >= 0.8);
  CHECK(width_of(g.d[0]) < 1e-15);
}


namespace {
/// Intervals whose products, sums and quotients exercise every sign case of Boost's operators:
/// random bounds of mixed signs over many binades, exact zeros, points, infinite bounds, empty.
std::vector<Interval> operands() {
  std::mt19937_64 g(20261202);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> e(-40, 40);
  std::vector<Interval> r;
  const double inf = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 400; ++i) {
    const double a = std::ldexp(u(g), e(g)), b = std::ldexp(u(g), e(g));
    r.emplace_back(std::min(a, b), std::max(a, b));
    r.emplace_back(std::abs(a));
  }
  for (const double a : {-3.0, -1.0, 0.0, 0.1, 2.5})
    for (const double b : {0.0, 0.1, 1.0 / 3.0, 7.0, inf}) r.emplace_back(std::min(a, b), std::max(a, b));
  r.emplace_back(-inf, inf);
  r.emplace_back(-inf, -2.0);
  r.emplace_back(Interval::empty());
  return r;
}
/// The same bounds, or both NaN (an empty result).
bool same(const Interval& a, const Interval& b) {
  const bool na = std::isnan(a.lower()) || std::isnan(a.upper()), nb = std::isnan(b.lower()) || std::isnan(b.upper());
  if (na || nb) return na && nb;
  return a.lower() == b.lower() && a.upper() == b.upper();
}
}  // namespace

TEST_CASE("interval: + - * / inside an UpwardRounding scope equal Boost's operators outside one, in every sign case") {
  // Outside a scope every operation sets the mode itself and takes Boost's case-by-case bounds;
  // inside, + - * / take the corner bounds without reading the mode (numerics/interval.hpp).
  const std::vector<Interval> x = operands();
  std::vector<std::array<Interval, 4>> boost_results;
  for (const Interval& a : x)
    for (const Interval& b : x) boost_results.push_back({a + b, a - b, a * b, a / b});
  REQUIRE(std::fegetround() == FE_TONEAREST);
  std::size_t k = 0, differ = 0;
  {
    const UpwardRounding upward;
    for (const Interval& a : x)
      for (const Interval& b : x) {
        const std::array<Interval, 4> f{a + b, a - b, a * b, a / b};
        for (int op = 0; op < 4; ++op) differ += same(f[op], boost_results[k][op]) ? 0 : 1;
        ++k;
      }
  }
  CHECK(differ == 0);
  CHECK(std::fegetround() == FE_TONEAREST);
  // mixed with a double, and a nested scope of round-to-nearest (Arb's, numerics/arb_support.hpp)
  const Interval third = Interval(1.0) / Interval(3.0);
  const UpwardRounding upward;
  CHECK(same(1.0 / Interval(3.0), third));
  CHECK(same(Interval(3.0) * 0.1, Interval(3.0) * Interval(0.1)));
  {
    const detail::NearestRounding nearest;
    CHECK(same(Interval(1.0) / Interval(3.0), third));  // the operator sets upward rounding itself
    CHECK(std::fegetround() == FE_TONEAREST);
  }
  CHECK(compare(dyadic((Interval(1.0) / Interval(3.0)).lower()), 3, 1) < 0);
  CHECK(compare(dyadic((Interval(1.0) / Interval(3.0)).upper()), 3, 1) > 0);
}

}  // namespace test_interval
