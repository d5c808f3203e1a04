// The exact model of the thin ring of [Kireenkov] (sigma = delta(r - xi0)/(2 pi), Pressure::ring)
// against values obtained independently of the library:
//  * ring_reference.hpp: brute-force tanh-sinh quadrature over the ring's angle of (8) [Kireenkov]
//    (no elliptic integrals, no library code);
//  * a narrow tabulated profile concentrated at xi0, whose exact model is the library's ring
//    quadrature (a different algorithm: tanh-sinh over xi of the profile), converging to the ring
//    at the rate of a symmetric mollifier;
//  * Property 5 [Kireenkov] and the moments of a Dirac measure;
//  * the harmonic model's coefficients (83) against a nested quadrature of that reference.
// Units: R = 1, mu = 1, q = (Q_x, Q_y, T_z/rho)/(mu N) (docs/manual.md section 1).
#include <doctest/doctest.h>

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "limitdir/contact/pressure.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/model.hpp"
#include "ring_reference.hpp"

namespace test_exact_ring {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::make_exact_model;
using limitdir::Pressure;
using Vec = Eigen::Vector3d;

const double kRadii[] = {1.0, 0.6, 0.25};

// The closed forms use E, K, B, D, Sigma within 0.7 ulp (numerics/elliptic.hpp) and the reference
// tanh-sinh stops at 1e-15; near the centre of rotation on the ring (eps -> xi0) the reference's
// integrand has an endpoint layer of width |u - v|, resolved by tanh-sinh to ~1e-14: 1e-12 leaves
// a factor 100.
constexpr double kRingTol = 1e-12;

// The slips eps = v/(omega R) of the test, relative to the ring's radius where it matters.
std::vector<double> slips(double xi0) {
  return {0.0, 1e-3, 0.1 * xi0, 0.5 * xi0, 0.999 * xi0, xi0, 1.001 * xi0, 0.5 * (1.0 + xi0), 1.0, 1.7, 10.0, 1e4};
}

}  // namespace

TEST_CASE("(8) [Kireenkov] thin ring: force and torque of the exact model against quadrature over the ring's angle") {
  double worst = 0.0;
  for (double xi0 : kRadii) {
    for (double rho : {xi0, 1.0}) {
      const auto model = make_exact_model(Pressure::ring(xi0), rho);
      for (double eps : slips(xi0)) {
        CAPTURE(xi0);
        CAPTURE(rho);
        CAPTURE(eps);
        const auto got = model->at_epsilon(eps);
        const ring_ref::Laws want = ring_ref::laws(xi0, eps);
        CHECK(std::abs(got.Q - want.Q) <= kRingTol);
        CHECK(std::abs(got.T - want.T) <= kRingTol);
        worst = std::max({worst, std::abs(got.Q - want.Q), std::abs(got.T - want.T)});
      }
      // and q on the sphere, through the meridian functions (31): random-ish directions
      for (const Vec& x : {Vec(1, 0, 0), Vec(0, 0, -1), Vec(0.3, -0.4, 0.2), Vec(-1, 2, -3), Vec(xi0, 0, rho)}) {
        CAPTURE(x.transpose());
        CHECK((model->q(x) - ring_ref::q(xi0, rho, x)).norm() <= kRingTol);
      }
    }
  }
  MESSAGE("largest difference of Q_eps, T_eps from the angular quadrature: " << worst);
}

TEST_CASE("(53) thin ring: the derivatives dQ/deps and dT/deps against central differences of the quadrature") {
  // central differences with h = 1e-5: truncation h^2 f'''/6 with f''' = O(1/|eps - xi0|^2)
  // <= ~1e-7 at the test's distance >= 0.1 xi0 from the ring, rounding 1e-15/h = 1e-10: 1e-6
  constexpr double h = 1e-5, kDiffTol = 1e-6;
  for (double xi0 : kRadii) {
    const auto model = make_exact_model(Pressure::ring(xi0), xi0);
    for (double eps : {0.3 * xi0, 0.7 * xi0, 1.3 * xi0, 2.0, 5.0}) {
      CAPTURE(xi0);
      CAPTURE(eps);
      const auto got = model->at_epsilon(eps);
      const ring_ref::Laws hi = ring_ref::laws(xi0, eps + h), lo = ring_ref::laws(xi0, eps - h);
      CHECK(std::abs(got.dQ - (hi.Q - lo.Q) / (2.0 * h)) <= kDiffTol);
      CHECK(std::abs(got.dT - (hi.T - lo.T) / (2.0 * h)) <= kDiffTol);
    }
  }
}

TEST_CASE("Property 5 [Kireenkov] thin ring: pure spin torque M_0 = 2 pi f N R I_2 = xi0 mu N R, pure slip force mu N") {
  // sigma = delta(r - xi0)/(2 pi xi0) carries the unit load 2 pi I_1 = 1, so I_2 = xi0/(2 pi) and
  // M_0 = 2 pi f N R I_2 = xi0 f N R. The model's value is (2/pi) E(0) = (2/pi)(pi/2): two roundings.
  constexpr double kTol = 4e-16;
  for (double xi0 : kRadii) {
    for (double rho : {xi0, 0.5}) {
      CAPTURE(xi0);
      CAPTURE(rho);
      const auto model = make_exact_model(Pressure::ring(xi0), rho);
      const Vec spin = model->q(Vec(0, 0, 1));       // q3 = T_z/rho
      CHECK(std::abs(spin.z() * rho + xi0) <= kTol * xi0);
      CHECK(spin.head<2>().norm() == 0.0);
      const Vec slide = model->q(Vec(0.6, -0.8, 0));
      CHECK((slide - Vec(-0.6, 0.8, 0)).norm() <= kTol);
      CHECK(slide.z() == 0.0);
    }
  }
}

TEST_CASE("(39) thin ring: the moments of the Dirac measure M_k = xi0^k and kappa = xi0") {
  for (double xi0 : kRadii) {
    CAPTURE(xi0);
    const Pressure p = Pressure::ring(xi0);
    for (int k = 0; k <= 7; ++k) CHECK(p.moment(k) == doctest::Approx(std::pow(xi0, k)).epsilon(1e-15));
    CHECK(p.kappa() == doctest::Approx(xi0).epsilon(1e-15));
  }
}

TEST_CASE("Thin ring as the limit of a narrow tabulated profile: a triangle of half-width w at xi0 converges as w^2") {
  // A symmetric triangle of half-width w about xi0 has the mean xi0 and the variance
  // sigma^2 = w^2/6, so for smooth g(xi) = xi f_Q(xi/eps), k(xi) = xi^2 f_T(xi/eps) (the ring
  // decomposition, friction/exact.cpp) and the ring's Q0 = g(xi0)/xi0, T0 = k(xi0)/xi0^2:
  //   Q - Q0 = g''(xi0) w^2/(12 xi0) + O(w^4),  T - T0 = (k''(xi0)/2 - T0) w^2/(6 xi0^2) + O(w^4),
  // away from eps = xi0 (no centre of rotation in the triangle). g'', k'' from second differences
  // of the reference quadrature over the angle; the profile's laws from the library's ring
  // quadrature over xi (another algorithm than the ring's closed form).
  const double xi0 = 0.6;
  const auto ring = make_exact_model(Pressure::ring(xi0), xi0);
  // second differences with step hd = 1e-3: truncation hd^2 g/12 ~ 1e-7 (g = O(1/d^4),
  // d >= 0.35 the distance to the centre of rotation), rounding 4e-15/hd^2 = 4e-9
  constexpr double hd = 1e-3;
  // the O(w^4) term relative to the w^2 one: ~ (w/d)^2 with d >= 0.35 (eps = 0.25 and eps = 1.5
  // keep xi/eps away from 1 on the whole triangle): 1.3e-3 at w = 0.0125; 1e-2 leaves a margin
  constexpr double kLimitTol = 1e-2;
  for (double eps : {0.25, 1.5}) {
    CAPTURE(eps);
    const auto law = ring->at_epsilon(eps);
    const auto ref = [&](double x) { return ring_ref::laws_uv(x, eps); };  // omega R = 1: u = x, v = eps
    const ring_ref::Laws lo = ref(xi0 - hd), mid = ref(xi0), hi = ref(xi0 + hd);
    const double gpp = ((xi0 + hd) * hi.Q - 2.0 * xi0 * mid.Q + (xi0 - hd) * lo.Q) / (hd * hd);
    const double kpp = ((xi0 + hd) * (xi0 + hd) * hi.T - 2.0 * xi0 * xi0 * mid.T + (xi0 - hd) * (xi0 - hd) * lo.T) /
                       (hd * hd);
    const double cQ = gpp / (12.0 * xi0), cT = (0.5 * kpp - mid.T) / (6.0 * xi0 * xi0);
    for (double w : {0.05, 0.025, 0.0125}) {
      CAPTURE(w);
      const Pressure triangle = Pressure::profile({0.0, xi0 - w, xi0, xi0 + w, 1.0}, {0.0, 0.0, 1.0, 0.0, 0.0});
      const auto got = make_exact_model(triangle, xi0)->at_epsilon(eps);
      const double dQ = (got.Q - law.Q) / (w * w), dT = (got.T - law.T) / (w * w);
      MESSAGE("eps = " << eps << ", w = " << w << ": (Q - Q0)/w^2 = " << dQ << " (predicted " << cQ
                       << "), (T - T0)/w^2 = " << dT << " (predicted " << cT << ")");
      if (w == 0.0125) {
        CHECK(std::abs(dQ - cQ) <= kLimitTol * std::abs(cQ));
        CHECK(std::abs(dT - cT) <= kLimitTol * std::abs(cT));
      }
    }
  }
}

TEST_CASE("(83) harmonic model of the thin ring: Fourier coefficients against nested quadrature of the ring reference") {
  // c_i = (4/pi) int_0^{pi/2} Q(theta) cos((2i-1) theta) dtheta, s_i likewise with T and sin, where
  // Q(theta) = Q_eps(eps), T(theta) = T_eps(eps) at eps = rho cot(theta) (35), (49): here by
  // tanh-sinh over theta split at the ring's latitude theta* = arctan(rho/xi0) (where the laws are
  // only continuous), each value from the quadrature over the ring's angle (ring_reference.hpp).
  // Both quadratures stop at ~1e-15 and the integrand is bounded by 1: 1e-13 over the 2N values.
  constexpr double kCoefficientTol = 1e-13;
  constexpr int N = 4;
  const double half_pi = 0.5 * ring_ref::kPi;
  double worst = 0.0;
  for (double xi0 : {1.0, 0.5}) {
    const double rho = xi0;
    const auto exact = make_exact_model(Pressure::ring(xi0), rho);
    const limitdir::HarmonicModel harmonic(*exact, N);
    const double split = std::atan(rho / xi0);
    boost::math::quadrature::tanh_sinh<double> ts;
    for (int i = 1; i <= N; ++i) {
      CAPTURE(xi0);
      CAPTURE(i);
      const auto law = [&](double theta) { return ring_ref::laws(xi0, rho / std::tan(theta)); };
      const auto fc = [&](double theta) { return law(theta).Q * std::cos((2 * i - 1) * theta); };
      const auto fs = [&](double theta) { return law(theta).T * std::sin((2 * i - 1) * theta); };
      const auto integral = [&](const auto& f) {
        return 4.0 / ring_ref::kPi * (ts.integrate(f, 0.0, split, 1e-15) + ts.integrate(f, split, half_pi, 1e-15));
      };
      const double c = integral(fc), s = integral(fs);
      CHECK(std::abs(harmonic.c()[i - 1] - c) <= kCoefficientTol);
      CHECK(std::abs(harmonic.s()[i - 1] - s) <= kCoefficientTol);
      worst = std::max({worst, std::abs(harmonic.c()[i - 1] - c), std::abs(harmonic.s()[i - 1] - s)});
    }
  }
  MESSAGE("largest difference of c_i, s_i (i <= 4) from the nested quadrature: " << worst);
}

}  // namespace test_exact_ring
