// The truncated nome series (64)-(65) [Kudra & Awrejcewicz 2013] (numerics/elliptic_nome.hpp)
// against values obtained independently of them:
//  * its coefficients a_n against the reversion, in exact integer arithmetic, of the theta
//    quotient epsilon = sum q^((2n+1)^2)/(1 + 2 sum q^((2n)^2)) (the definition of (65));
//  * the nome, K and E against Boost.Math's comp_ellint_1/comp_ellint_2 (Carlson forms, an
//    independent algorithm): the exact nome exp(-pi K(b)/K(e)), convergence as n -> infinity;
//  * the limits b = 1 (q = 0: K = E = pi/2) and b -> 0 (q -> 1/2: K_{1,1} -> 2 pi);
//  * what the text says of Fig. 13 (higher orders are better, the errors fall as b grows), and
//    the manual's Fig. 13 table (docs/manual.md section 7), which this file generates.
#include <doctest/doctest.h>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/ellint_2.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/numerics/elliptic_nome.hpp"

namespace test_elliptic_nome {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {
using limitdir::elliptic_ke_nome;
using limitdir::NomeSeriesOrder;
constexpr double kPi = 3.14159265358979323846;
constexpr double kEps = 2.220446049250313e-16;

// ----- power series in epsilon with integer coefficients, truncated at degree kDegree -------
// a_10 multiplies epsilon^37; the products below have coefficients < 1e15 (a_10^1 times small
// multinomials), far inside 64 bits.
constexpr int kDegree = 4 * limitdir::kNomeSeriesMaxOrder - 3;
using Series = std::vector<long long>;

Series multiply(const Series& u, const Series& v) {
  Series w(kDegree + 1, 0);
  for (int i = 0; i <= kDegree; ++i)
    if (u[i] != 0)
      for (int j = 0; i + j <= kDegree; ++j) w[i + j] += u[i] * v[j];
  return w;
}
Series power(const Series& u, int n) {
  Series w(kDegree + 1, 0);
  w[0] = 1;
  for (int i = 0; i < n; ++i) w = multiply(w, u);
  return w;
}

// Boost's K and E of the modulus e = sqrt(1 - b^2) (its complement b given exactly).
double boost_K(double b) { return boost::math::ellint_1(std::sqrt((1.0 - b) * (1.0 + b))); }
double boost_E(double b) { return boost::math::ellint_2(std::sqrt((1.0 - b) * (1.0 + b))); }

// Fig. 13's three settings of each panel: a) (n_q, n_K), b) (n_q, n_K, n_E).
const NomeSeriesOrder kFig13[3] = {{1, 1, 1}, {2, 2, 2}, {5, 4, 8}};
}  // namespace

TEST_CASE("(65) [Kudra & Awrejcewicz 2013]: a_n = 1, 2, 15, 150, 1707, ... are the reversion of the theta quotient for epsilon") {
  // 2 epsilon = (1 - sqrt(k'))/(1 + sqrt(k')) with sqrt(k') = theta_4(q)/theta_3(q) gives
  // epsilon = (q + q^9 + q^25 + ...)/(1 + 2 q^4 + 2 q^16 + ...), so q is the fixed point of
  // q = epsilon (1 + 2 q^4 + 2 q^16 + 2 q^36) - (q^9 + q^25): each pass fixes four more orders.
  Series eps(kDegree + 1, 0);
  eps[1] = 1;
  Series q = eps;
  for (int pass = 0; pass < limitdir::kNomeSeriesMaxOrder + 1; ++pass) {
    const Series q4 = power(q, 4);
    Series theta3(kDegree + 1, 0);
    theta3[0] = 1;
    for (int n : {1, 4, 9}) {  // q^(4 n^2), n = 1, 2, 3 (q^64 is past the degree)
      const Series t = power(q4, n);
      for (int i = 0; i <= kDegree; ++i) theta3[i] += 2 * t[i];
    }
    Series next = multiply(eps, theta3);
    for (int m : {9, 25}) {  // q^((2n+1)^2), n = 1, 2 (q^49 is past the degree)
      const Series t = power(q, m);
      for (int i = 0; i <= kDegree; ++i) next[i] -= t[i];
    }
    q = next;
  }
  for (int i = 0; i <= kDegree; ++i) {
    CAPTURE(i);
    if (i % 4 == 1)
      CHECK(static_cast<double>(q[i]) == limitdir::nome_series_coefficient((i + 3) / 4));
    else
      CHECK(q[i] == 0);
  }
  CHECK_THROWS_AS(limitdir::nome_series_coefficient(0), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::nome_series_coefficient(limitdir::kNomeSeriesMaxOrder + 1), limitdir::InputError);
}

TEST_CASE("(65): q_10 is the nome exp(-pi K(b)/K(e)) of Boost.Math's K") {
  // The dropped tail a_11 epsilon^41 < 1e-25 for b >= 0.2 (epsilon <= 0.19). The exponent
  // pi K(b)/K(e) <= 6 carries ~2 roundings of Boost's K: its relative error ~6 * 3 eps moves q
  // by that relative amount; 32 eps covers it.
  constexpr double kTolNome = 32.0 * kEps;
  for (double b : {0.2, 0.3, 0.5, 0.7, 0.9, 0.99}) {
    CAPTURE(b);
    const double q = std::exp(-kPi * boost::math::ellint_1(b) / boost_K(b));
    CHECK(std::abs(limitdir::nome_series(b, 10) - q) <= kTolNome * q);
  }
}

TEST_CASE("(64)-(65): K_{n_q,n_K} -> K and E_{n_q,n_K,n_E} -> E (Boost.Math) as the orders grow") {
  // Orders past convergence for b >= 0.2 (q <= 0.2: q^(n^2) < 1e-17 for n >= 5, q^(2n) < 1e-17
  // for n >= 12). K rounds theta^2 (~4 eps); E = (1 + b^2)/3 K + pi^2/K (1/12 - 2 sum) cancels
  // by at most a factor 10 at b = 0.2 (E = 1.05 of terms 0.96 and 0.09 whose bracket cancels 3x):
  // ~30 eps; 64 eps leaves a factor 2.
  constexpr double kTolConverged = 64.0 * kEps;
  const NomeSeriesOrder full{10, 10, 40};
  for (double b = 0.2; b <= 1.0; b += 0.05) {
    CAPTURE(b);
    const auto ke = elliptic_ke_nome(b, full);
    CHECK(std::abs(ke.K - boost_K(b)) <= kTolConverged * ke.K);
    CHECK(std::abs(ke.E - boost_E(b)) <= kTolConverged * ke.E);
  }
  // For a slender contact (b = 0.01: q = 0.18, epsilon = 0.41) the series converges slowly: the
  // error falls at every order n_q, by more than 10^4 from n_q = 1 to 10.
  const double b = 0.01, K = boost_K(b), E = boost_E(b);
  double first_K = 0, first_E = 0, last_K = 1e300, last_E = 1e300;
  for (int nq = 1; nq <= limitdir::kNomeSeriesMaxOrder; ++nq) {
    CAPTURE(nq);
    const auto ke = elliptic_ke_nome(b, {nq, 40, 200});
    const double eK = std::abs(ke.K - K), eE = std::abs(ke.E - E);
    CHECK(eK < last_K);
    CHECK(eE < last_E);
    if (nq == 1) first_K = eK, first_E = eE;
    last_K = eK, last_E = eE;
  }
  CHECK(last_K < 1e-4 * first_K);
  CHECK(last_E < 1e-4 * first_E);
}

TEST_CASE("(64)-(65): exact at b = 1 (circle, q = 0), K_{1,1} -> 2 pi as b -> 0 (epsilon -> 1/2)") {
  for (const NomeSeriesOrder& o : kFig13) {
    const auto ke = elliptic_ke_nome(1.0, o);
    CHECK(ke.K == doctest::Approx(kPi / 2).epsilon(2 * kEps));
    CHECK(ke.E == doctest::Approx(kPi / 2).epsilon(2 * kEps));
  }
  // epsilon = 1/2 - O(sqrt(b)): at b = 1e-30, q_1 = 1/2 - 1e-15 and K_{1,1} = (pi/2)(1 + 2 q)^2.
  CHECK(elliptic_ke_nome(1e-30, {1, 1, 1}).K == doctest::Approx(2 * kPi).epsilon(1e-14));
  CHECK_THROWS_AS(elliptic_ke_nome(0.0, {1, 1, 1}), limitdir::InputError);
  CHECK_THROWS_AS(elliptic_ke_nome(1.5, {1, 1, 1}), limitdir::InputError);
  CHECK_THROWS_AS(elliptic_ke_nome(0.5, {1, 0, 1}), limitdir::InputError);
  CHECK_THROWS_AS(elliptic_ke_nome(0.5, {11, 1, 1}), limitdir::InputError);
}

TEST_CASE("Fig. 13 [Kudra & Awrejcewicz 2013]: the higher orders (2), (3) are better and the errors fall as b grows") {
  // The text's reading of Fig. 13 (the figure itself is not available to us as data): the
  // errors are largest for slender contacts and for (n_q, n_K, n_E) = (1, 1, 1), "sufficient for
  // sufficiently large b". Errors below kTolConverged-size rounding are not compared.
  constexpr double kRounding = 1e-14;  // ~50 eps of K, E <= 3: the converged rounding above
  for (int i = 10; i < 99; ++i) {
    const double b = i / 100.0, b1 = (i + 1) / 100.0;
    CAPTURE(b);
    const double K = boost_K(b), E = boost_E(b), K1 = boost_K(b1), E1 = boost_E(b1);
    for (int s = 0; s < 3; ++s) {
      CAPTURE(s);
      const auto ke = elliptic_ke_nome(b, kFig13[s]), next = elliptic_ke_nome(b1, kFig13[s]);
      const double eK = std::abs(ke.K - K), eE = std::abs(ke.E - E);
      if (s == 0 && b >= 0.5) CHECK(std::max(eK, eE) <= 5e-4);  // the manual's "sufficient for large b"
      if (eK > kRounding) CHECK(std::abs(next.K - K1) < eK);  // falls as b grows
      if (eE > kRounding) CHECK(std::abs(next.E - E1) < eE);
      if (s > 0) {
        const auto lower = elliptic_ke_nome(b, kFig13[s - 1]);
        if (eK > kRounding) CHECK(eK < std::abs(lower.K - K));  // (3) < (2) < (1)
        if (eE > kRounding) CHECK(eE < std::abs(lower.E - E));
      }
    }
  }
}

namespace {
// The manual's Fig. 13 table: the errors K_n - K, E_n - E (Boost.Math's K, E) of the three
// settings at a few b, two significant digits; below 1e-14 they are rounding.
std::string fig13_table() {
  const auto cell = [](double err) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", err);
    return std::abs(err) < 1e-14 ? std::string("< 1e-14") : std::string(text);
  };
  std::string out = "| b | K (1,1) | K (2,2) | K (5,4) | E (1,1,1) | E (2,2,2) | E (5,4,8) |\n|---|---|---|---|---|---|---|\n";
  for (double b : {0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9}) {
    char head[32];
    std::snprintf(head, sizeof head, "| %g |", b);
    out += head;
    for (const NomeSeriesOrder& o : kFig13) out += " " + cell(elliptic_ke_nome(b, o).K - boost_K(b)) + " |";
    for (const NomeSeriesOrder& o : kFig13) out += " " + cell(elliptic_ke_nome(b, o).E - boost_E(b)) + " |";
    out += "\n";
  }
  return out;
}
}  // namespace

TEST_CASE("Fig. 13 [Kudra & Awrejcewicz 2013]: the manual's table of the errors of (64)-(65) is this file's") {
  std::ifstream in(std::string(LIMITDIR_SHARE_DIR) + "/../docs/manual.md");
  REQUIRE(in.good());
  std::stringstream manual;
  manual << in.rdbuf();
  const std::string table = fig13_table();
  INFO("the table to paste into docs/manual.md section 7:\n" << table);
  CHECK(manual.str().find(table) != std::string::npos);
}

}  // namespace test_elliptic_nome
