// Kireenkov's own models on the thin ring (sigma = delta(r - xi0)/(2 pi xi0), Pressure::ring):
// kireenkov-exact (the coupled shift k = k0 Q (8) [Kireenkov] on the ring) and the Pade
// approximants (9)/(10), against values obtained independently of the library:
//  * ring_reference.hpp: brute-force tanh-sinh quadrature over the ring's angle of the force,
//    the torque and the lateral force of the shift (no elliptic integrals, no library code);
//  * the closed forms of the approximants' defining conditions on the ring (docs/manual.md
//    section 7): Q'(0) = pi I_0 = 1/(2 xi0), lim eps T = I_3/(2 I_2) = xi0/2, the lateral force
//    of the unit shift pi I_2 = xi0/2 at pure spin and ~ pi I_3/eps = xi0^2/(2 eps) at pure sliding;
//  * the ring at the rim as the limit alpha -> -1 of the pressures (1 - r^2)^alpha, whose
//    moments concentrate at r = 1 (first-order coefficients from the digamma function).
// Units: R = 1, mu = 1, q = (Q_x, Q_y, T_z/rho)/(mu N) (docs/manual.md section 1).
#include <doctest/doctest.h>

#include <boost/math/special_functions/digamma.hpp>
#include <algorithm>
#include <cmath>
#include <memory>

#include "limitdir/contact/pressure.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/speed_law.hpp"
#include "ring_reference.hpp"

namespace test_kireenkov_ring {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::KireenkovExactModel;
using limitdir::KireenkovPadeModel;
using limitdir::Pressure;
using Vec = Eigen::Vector3d;

const double kRadii[] = {1.0, 0.6, 0.25};

// The direction of slip eps = v/(omega R) along e1 with omega > 0 (rho/R = r): w = (eps/r, 0, 1).
Vec at_eps(double eps, double r) { return Vec(eps / r, 0.0, 1.0); }

// Q (along -s), P (along -n, n = e_z x s = e2 for s = e1) and T (q3 = -(kappa/rho) T) of a model
// at eps, omega > 0.
struct Laws {
  double Q, P, T;
};
Laws laws_of(const limitdir::FrictionModel& m, double eps, double xi0) {
  const Vec q = m.q(at_eps(eps, m.rho_over_R()));
  return {-q.x(), -q.y(), -q.z() * m.rho_over_R() / xi0};
}

}  // namespace

TEST_CASE("(8) [Kireenkov] thin ring, coupled shift: kireenkov-exact against quadrature over the ring's angle") {
  // the ring's closed forms (E, K, B, D, Sigma within 0.7 ulp) against tanh-sinh at 1e-15, resolved
  // to ~1e-14 near the centre of rotation on the ring (tests/friction/test_exact_ring.cpp): 1e-12
  constexpr double kRingTol = 1e-12;
  double worst = 0.0;
  for (double xi0 : kRadii) {
    for (double rho : {xi0, 1.0}) {
      for (double k0 : {0.5, -0.8, 1.0}) {
        const KireenkovExactModel model(Pressure::ring(xi0), rho, k0);
        for (const Vec& x : {Vec(1, 0, 0), Vec(0, 0, -1), Vec(0.3, -0.4, 0.2), Vec(-1, 2, -3), Vec(xi0, 0, rho),
                             Vec(0.999 * xi0, 0, rho), Vec(1e-3, 2e-3, -1), Vec(1, -1, 1e-4), Vec(-2, 0.5, 0.7)}) {
          CAPTURE(xi0);
          CAPTURE(rho);
          CAPTURE(k0);
          CAPTURE(x.transpose());
          const double d = (model.q(x) - ring_ref::q_coupled(xi0, rho, k0, x)).norm();
          CHECK(d <= kRingTol);
          worst = std::max(worst, d);
        }
      }
    }
  }
  MESSAGE("largest |q - q_quadrature| of kireenkov-exact on the ring: " << worst);
}

TEST_CASE("(8) [Kireenkov] thin ring, coupled shift: the Jacobian of kireenkov-exact against central differences") {
  // central differences of the quadrature reference with h = 1e-6: truncation h^2 q'''/6 <= ~1e-9
  // at the test's distance >= 0.3 xi0 from the ring's circle eps = xi0, rounding 1e-15/h = 1e-9: 1e-7
  constexpr double h = 1e-6, kDiffTol = 1e-7;
  for (double xi0 : kRadii) {
    const double rho = 1.0, k0 = 0.7;
    const KireenkovExactModel model(Pressure::ring(xi0), rho, k0);
    // the poles too: there the lateral force k0 Q L n ~ k0 (eps/(2 xi0)) (xi0/2) n is linear in (w1, w2)
    for (const Vec& x : {Vec(0.3 * xi0, 0.4 * xi0, 1), Vec(-0.9 * xi0, 1.2 * xi0, -1), Vec(2, -1, 0.5),
                         Vec(1, 0.2, -1e-3), Vec(0, 0, 1), Vec(0, 0, -1)}) {
      CAPTURE(xi0);
      CAPTURE(x.transpose());
      const Vec w = x.normalized();
      const limitdir::FrictionJacobian J = model.jacobian(w);
      CHECK(J.differentiable);
      for (int j = 0; j < 3; ++j) {
        const Vec e = Vec::Unit(j) * h;
        const Vec fd =
            (ring_ref::q_coupled(xi0, rho, k0, w + e) - ring_ref::q_coupled(xi0, rho, k0, w - e)) / (2.0 * h);
        CAPTURE(j);
        CHECK((J.dq_dw.col(j) - fd).norm() <= kDiffTol);
      }
    }
  }
}

TEST_CASE("(9)-(10) [Kireenkov] on the thin ring: the approximants' defining conditions against the exact ring") {
  // Q'(0), lim eps T, P/(k0 Q) at 0 and lim eps P/(k0 Q) of the Pade models against the ring's
  // closed forms (Q ~ eps/(2 xi0): (2/pi) B(0)/xi0, B(0) = pi/4; eps T -> (2/pi) xi0 B(0) = xi0/2;
  // L(0) = (2/(3 pi)) xi0 (E + B)(0) = xi0/2; eps L -> xi0^2/2) and against the quadrature over the
  // ring's angle, both evaluated at eps = 1e-7 and 1e7: the models' next terms are
  // O(eps) and O(1/eps) relative, the ring's O(eps^2), O(1/eps^2): 1e-6 relative.
  constexpr double small = 1e-7, large = 1e7, kLimitTol = 1e-6;
  for (double xi0 : kRadii) {
    const double k0 = 0.6;
    const double slope0 = 1.0 / (2.0 * xi0), arm = xi0 / 2.0, L0 = xi0 / 2.0, Linf = xi0 * xi0 / 2.0;
    // the quadrature's values at the same eps
    const ring_ref::Laws s = ring_ref::laws(xi0, small), l = ring_ref::laws(xi0, large);
    const double qs_slope = s.Q / small, ql_arm = large * l.T;
    const double qs_L = ring_ref::lateral(xi0, small), ql_L = large * ring_ref::lateral(xi0, large);
    CHECK(std::abs(qs_slope - slope0) <= kLimitTol * slope0);
    CHECK(std::abs(ql_arm - arm) <= kLimitTol * arm);
    CHECK(std::abs(qs_L - L0) <= kLimitTol * L0);
    CHECK(std::abs(ql_L - Linf) <= kLimitTol * Linf);
    for (int order : {1, 2}) {
      for (double rho : {xi0, 1.0}) {
        CAPTURE(xi0);
        CAPTURE(order);
        CAPTURE(rho);
        const KireenkovPadeModel pade(Pressure::ring(xi0), rho, order, k0);
        const Laws ps = laws_of(pade, small, xi0), pl = laws_of(pade, large, xi0);
        CHECK(std::abs(ps.Q / small - slope0) <= kLimitTol * slope0);
        CHECK(std::abs(ps.Q / small - qs_slope) <= kLimitTol * slope0);
        CHECK(std::abs(large * pl.T - arm) <= kLimitTol * arm);
        CHECK(std::abs(large * pl.T - ql_arm) <= kLimitTol * arm);
        CHECK(std::abs(ps.P / (k0 * ps.Q) - L0) <= kLimitTol * L0);
        CHECK(std::abs(ps.P / (k0 * ps.Q) - qs_L) <= kLimitTol * L0);
        CHECK(std::abs(large * pl.P / (k0 * pl.Q) - Linf) <= kLimitTol * Linf);
        CHECK(std::abs(large * pl.P / (k0 * pl.Q) - ql_L) <= kLimitTol * Linf);
        // the values at both ends: Q(0) = 0, T(0) = 1, Q(inf) = 1, T(inf) = 0 (and no P at either)
        const Laws p0 = laws_of(pade, 0.0, xi0);
        const Vec slide = pade.q(Vec(1, 0, 0));
        CHECK(p0.Q == 0.0);
        CHECK(std::abs(p0.T - 1.0) <= 1e-15);
        CHECK(std::abs(slide.x() + 1.0) <= 1e-15);
        CHECK(slide.y() == 0.0);
        CHECK(slide.z() == 0.0);
        // and the same limits of kireenkov-exact on the ring
        const KireenkovExactModel exact(Pressure::ring(xi0), rho, k0);
        const Laws es = laws_of(exact, small, xi0), el = laws_of(exact, large, xi0);
        CHECK(std::abs(es.Q / small - slope0) <= kLimitTol * slope0);
        CHECK(std::abs(large * el.T - arm) <= kLimitTol * arm);
        CHECK(std::abs(es.P / (k0 * es.Q) - L0) <= kLimitTol * L0);
        CHECK(std::abs(large * el.P / (k0 * el.Q) - Linf) <= kLimitTol * Linf);
      }
    }
  }
}

TEST_CASE("(9)-(10) [Kireenkov] on the thin ring: the parameters a, m, mu, b from I_i = xi0^(i-1)/(2 pi)") {
  // (9): a = 1/(pi I_0) = 2 xi0, m = 2 I_2/I_3 = 2/xi0; (10): a = pi I_0 = 1/(2 xi0), m = I_3/(2 I_2)
  // = xi0/2; both: mu = pi I_2 k0 = xi0 k0/2, b = I_2/I_3 = 1/xi0; a few roundings: 4 ulp
  constexpr double kTol = 1e-15;
  for (double xi0 : kRadii) {
    for (double k0 : {0.0, 0.6, -1.0}) {
      CAPTURE(xi0);
      CAPTURE(k0);
      const KireenkovPadeModel p1(Pressure::ring(xi0), 0.8, 1, k0), p2(Pressure::ring(xi0), 0.8, 2, k0);
      CHECK(std::abs(p1.a() - 2.0 * xi0) <= kTol * 2.0 * xi0);
      CHECK(std::abs(p1.m() - 2.0 / xi0) <= kTol * 2.0 / xi0);
      CHECK(std::abs(p2.a() - 0.5 / xi0) <= kTol * 0.5 / xi0);
      CHECK(std::abs(p2.m() - 0.5 * xi0) <= kTol * 0.5 * xi0);
      for (const KireenkovPadeModel* p : {&p1, &p2}) {
        CHECK(std::abs(p->mu() - 0.5 * xi0 * k0) <= kTol * 0.5 * xi0);
        CHECK(std::abs(p->b() - 1.0 / xi0) <= kTol / xi0);
        CHECK(std::abs(p->kappa_over_rho() - xi0 / 0.8) <= kTol * xi0 / 0.8);
      }
    }
  }
}

TEST_CASE("(9)-(10) [Kireenkov] ring at the rim as the limit alpha -> -1 of the pressures (1 - r^2)^alpha") {
  // With beta = alpha + 1 -> 0, M_k = B((k+1)/2, beta)/2 = (1/beta - gamma - psi((k+1)/2))/2 + O(beta),
  // so I_i = M_i/(2 pi M_1) = (1 - beta (psi((i+1)/2) - psi(1)))/(2 pi) + O(beta^2): the Pade
  // parameters of the circle converge to the ring's at xi0 = 1 with the slope predicted from
  // those I_i (digamma, independent of the library's moments). At beta = 1e-4 the O(beta^2)
  // term is ~ 1e-8 against a slope O(1): (p(beta) - p_ring)/beta within 1e-3 of the prediction.
  constexpr double beta = 1e-4, kSlopeTol = 1e-3;
  const auto dI = [](int i) { return -(boost::math::digamma(0.5 * (i + 1)) - boost::math::digamma(1.0)); };
  // relative first-order changes: I_i = I_ring (1 + beta dI(i))
  const double k0 = 0.6, rho = 1.0;
  const limitdir::Contact circle = limitdir::Contact::circle(1.0, limitdir::NominalPressure::power(beta - 1.0));
  for (int order : {1, 2}) {
    CAPTURE(order);
    const KireenkovPadeModel near(circle, rho, order, k0), ring(Pressure::ring(1.0), rho, order, k0);
    // a: order 1 ~ 1/I_0, order 2 ~ I_0; m: order 1 ~ I_2/I_3, order 2 ~ I_3/I_2; mu ~ I_2; b ~ I_2/I_3
    const double s = order == 1 ? -1.0 : 1.0;
    const double da = s * dI(0), dm = s * (dI(3) - dI(2)), dmu = dI(2), db = dI(2) - dI(3);
    CHECK(std::abs((near.a() / ring.a() - 1.0) / beta - da) <= kSlopeTol);
    CHECK(std::abs((near.m() / ring.m() - 1.0) / beta - dm) <= kSlopeTol);
    CHECK(std::abs((near.mu() / ring.mu() - 1.0) / beta - dmu) <= kSlopeTol);
    CHECK(std::abs((near.b() / ring.b() - 1.0) / beta - db) <= kSlopeTol);
  }
}

TEST_CASE("(1) [Kireenkov] on the thin ring: the speed terms against the trapezoid rule over the ring's angle") {
  // The speed part is the polynomial share of g(|V|) V/|V| = V/|V| + (mu1 |V|^2 - mu2) V, averaged over
  // the ring with the shifted weight 1 + k xi0 cos(phi - phi_s), k = k0 Q: a trigonometric polynomial
  // of degree 4 in phi, which the trapezoid rule with 16 nodes integrates exactly; what remains is
  // rounding of terms of size ~ mu1 |x|^3 ~ 30: 1e-13.
  constexpr double kSpeedTol = 1e-13;
  constexpr int nodes = 16;
  const limitdir::SpeedLaw law{0.7, 0.9};
  for (double xi0 : kRadii) {
    for (double k0 : {0.0, 0.6, -1.0}) {
      const double rho = 0.8;
      const KireenkovExactModel exact(Pressure::ring(xi0), rho, k0, law);
      const KireenkovPadeModel pade(Pressure::ring(xi0), rho, 2, k0, law);
      for (const Vec& x : {Vec(0.3, -0.4, 0.2), Vec(-1, 2, -1.5), Vec(1.2, 0, 0), Vec(0, 0, 0.9)}) {
        const double v = x.head<2>().norm(), omega = x.z() / rho;
        const double phis = v > 0.0 ? std::atan2(x.y(), x.x()) : 0.0;
        // k = k0 Q: the exact model's Q from the quadrature over the angle, the Pade model's from itself
        const double Q_exact = v > 0.0 ? ring_ref::q(xi0, rho, x).head<2>().norm() : 0.0;
        const double Q_pade = v > 0.0 ? -pade.q(x).head<2>().dot(x.head<2>()) / v : 0.0;
        const auto reference = [&](double k) {
          Vec dq = Vec::Zero();
          for (int j = 0; j < nodes; ++j) {
            const double phi = 2.0 * ring_ref::kPi * j / nodes;
            const Eigen::Vector2d p(xi0 * std::cos(phi), xi0 * std::sin(phi));
            const Eigen::Vector2d V(x.x() - omega * p.y(), x.y() + omega * p.x());
            const double weight = (1.0 + k * xi0 * std::cos(phi - phis)) * (law.mu1 * V.squaredNorm() - law.mu2);
            dq.head<2>() -= weight * V / nodes;
            dq.z() -= weight * (p.x() * V.y() - p.y() * V.x()) / (rho * nodes);
          }
          return dq;
        };
        CAPTURE(xi0);
        CAPTURE(k0);
        CAPTURE(x.transpose());
        CHECK((exact.speed_part(x) - reference(k0 * Q_exact)).norm() <= kSpeedTol);
        CHECK((pade.speed_part(x) - reference(k0 * Q_pade)).norm() <= kSpeedTol);
      }
    }
  }
}

TEST_CASE("Kireenkov models on the thin ring: bad input") {
  CHECK_THROWS_AS(KireenkovPadeModel(Pressure::ring(0.5), 1.0, 3, 0.0), limitdir::InputError);
  CHECK_THROWS_AS(KireenkovPadeModel(Pressure::ring(0.5), 1.0, 2, 1.5), limitdir::InputError);
  CHECK_THROWS_AS(KireenkovExactModel(Pressure::ring(0.5), 0.0, 0.5), limitdir::InputError);
  CHECK_THROWS_AS(KireenkovExactModel(Pressure::hertz(), 1.0, 0.5), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::make_kireenkov_ring_model("kudra-w", Pressure::ring(0.5), 1.0), limitdir::InputError);
}

}  // namespace test_kireenkov_ring
