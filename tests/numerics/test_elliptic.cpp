// The complete elliptic integrals in the parameter m used by (59)-(60) (docs/errata.md:
// complete integrals, parameter m) against Boost.Math's modulus-based functions, and the
// identities that define B, D and Sigma.
#include <doctest/doctest.h>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/ellint_2.hpp>
#include <boost/math/special_functions/ellint_d.hpp>
#include <cmath>

#include "limitdir/numerics/elliptic.hpp"

namespace test_elliptic {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::elliptic_set;

TEST_CASE("(59)-(60) K(m), E(m) in the parameter m against Boost.Math's K(k), E(k), D(k)") {
  // Both branches: the hypergeometric series (m < 1/2) and the Carlson forms (m >= 1/2).
  // Moduli k whose squares m = k^2 are exact doubles, so that both sides see the same m
  // (K is ill-conditioned as m -> 1: dK/dm ~ 1/(2(1-m))).
  for (double k : {0.0, 1e-6, 0.03125, 0.25, 0.5, 0.625, 0.703125, 0.75, 0.875, 0.9375, 0.99609375,
                   1.0 - std::ldexp(1.0, -20)}) {
    const double m = k * k;
    CAPTURE(m);
    const auto e = elliptic_set(m);
    const double K = boost::math::ellint_1(k), E = boost::math::ellint_2(k), D = boost::math::ellint_d(k);
    CHECK(std::abs(e.K - K) <= 4e-16 * K);
    CHECK(std::abs(e.E - E) <= 4e-16 * E);
    CHECK(std::abs(e.D - D) <= 4e-16 * D);
    // B = K - D and Sigma = (D - B)/m are defined through these (Sigma at m = 0 is pi/16).
    CHECK(std::abs(e.B - (K - D)) <= 1e-15 * K);
    if (m > 0.05) CHECK(std::abs(e.Sigma - (D - (K - D)) / m) <= 1e-14 * e.Sigma);
    // E and B alone (the ring quadrature's values), the complement given as 1 - k^2 exactly
    const auto eb = limitdir::elliptic_eb(m, (1.0 - k) * (1.0 + k));
    CHECK(std::abs(eb.E - E) <= 4e-16 * E);
    CHECK(std::abs(eb.B - (K - D)) <= 1e-15 * K);
  }
  const auto z = elliptic_set(0.0);
  CHECK(z.Sigma == doctest::Approx(M_PI / 16).epsilon(1e-15));
  CHECK(z.B == doctest::Approx(M_PI / 4).epsilon(1e-15));
}

TEST_CASE("Elliptic set at m = 1 and near it with an accurate complement") {
  const auto one = elliptic_set(1.0);
  CHECK(one.E == 1.0);
  CHECK(one.B == 1.0);
  CHECK(std::isinf(one.K));
  // K(m) = ln(4/sqrt(1-m)) + O((1-m) ln) as m -> 1 (A&S 17.3.26): check the complement form.
  const double c = 1e-20;
  const auto e = elliptic_set(1.0 - c, c);
  CHECK(e.K == doctest::Approx(std::log(4.0 / std::sqrt(c))).epsilon(1e-15));
  CHECK(e.E == doctest::Approx(1.0).epsilon(1e-15));
}

TEST_CASE("Elliptic set near m = 1 (A&S 17.6, the arithmetic-geometric mean) against mpmath at 340 digits") {
  // The complement c = 1 - m given exactly, as the ring quadrature gives it; the values from
  // tests/reference/elliptic_near_one.py (the definitions of B, D, Sigma in numerics/elliptic.hpp).
  // The method is within 1.5e-16 relative (0.7 ulp, numerics/elliptic.cpp), the carried constant
  // within 2^-53 (its rounding to a double).
  struct Case {
    double c, K, E, B, D, Sigma;
  };
  const Case cases[] = {
      {0x1p-56, 20.7944154167983593512, 1.00000000000000014082, 0.999999999999999866118, 19.7944154167983594851, 18.7944154167983598798},
      {1e-17, 20.9582676515692789471, 1.00000000000000010229, 0.999999999999999902709, 19.9582676515692790444, 18.9582676515692793313},
      {1e-100, 116.51554901082217481, 1.0, 1.0, 115.51554901082217481, 114.51554901082217481},
      {1e-300, 346.774058310226743209, 1.0, 1.0, 345.774058310226743209, 344.774058310226743209},
  };
  constexpr double bound = 1.5e-16 + 0x1p-53;
  for (const Case& x : cases) {
    CAPTURE(x.c);
    const auto e = elliptic_set(1.0 - x.c, x.c);
    CHECK(std::abs(e.K - x.K) <= bound * x.K);
    CHECK(std::abs(e.E - x.E) <= bound * x.E);
    CHECK(std::abs(e.B - x.B) <= bound * x.B);
    CHECK(std::abs(e.D - x.D) <= bound * x.D);
    CHECK(std::abs(e.Sigma - x.Sigma) <= bound * x.Sigma);
    const auto eb = limitdir::elliptic_eb(1.0 - x.c, x.c);
    CHECK(eb.E == e.E);
    CHECK(eb.B == e.B);
  }
}

}  // namespace test_elliptic
