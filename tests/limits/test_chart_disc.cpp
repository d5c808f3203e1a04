// The exact uniform disc (57)-(60) [Nonlinear Dyn. 2024] and its shift (2) [Kireenkov] as a Taylor
// tape (limits/chart_disc.hpp), and the enclosure of E, B it starts from (friction/
// elliptic_enclose.hpp). Independent values: the friction model's own q (friction/exact.cpp and
// exact_disc_shift.cpp: series and closed forms on doubles, not the tape's differential
// equations), E and B from numerics/elliptic.hpp (series and Carlson forms, not Arb), Legendre's
// differential equations as identities, and a Runge-Kutta integration of the chart field against
// the tape's Taylor polynomial.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>

#include "limitdir/friction/elliptic_enclose.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "limits/chart_flow.hpp"

namespace test_chart_disc {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using limitdir::detail::ChartFlow;
using limitdir::detail::FieldTape;

namespace {

constexpr double kPi = 3.14159265358979323846;

bool holds(const Interval& x, double v) { return x.lower() <= v && v <= x.upper(); }

// numerics/elliptic.hpp's E and B are within 0.7 ulp (its header); Arb's enclosures are
// rigorous: 4 ulps of a value ~1 covers the double's rounding and pi/2's.
constexpr double kEllipticTol = 1e-15;
// An enclosure at a point: ~60-117 Horner steps of a few ulps each on values <= 1, the series'
// tail t^N/(1 - t) < 2^-60/0.3, or Arb's 64-bit balls - ~1e-14 at most.
constexpr double kPointWidth = 1e-14;
// The tape's q against the model's at a point: both on doubles, through different formulas
// (series or E, B combinations vs the differential equations' order 0, the same E, B): a few
// ulps of each of ~20 operations on values ~1.
constexpr double kPointTol = 1e-13;
// The Taylor polynomial against Runge-Kutta (the test's own comment derives the two errors,
// ~1e-21 and ~1e-19): what is left is rounding of the two sums of ~4000 and 11 terms of ~0.1.
constexpr double kFlowTol = 1e-13;
// A box of half-width 1e-6 about a point: the enclosure's width ~|Dg| 2e-6 with |Dg| ~ 1, so
// 1e-4 says it is an enclosure of the box (a factor 50), not the whole line.
constexpr double kBoxEnclosureWidth = 1e-4;

System disc_shift() { return make_system(load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json")); }

std::optional<ChartFlow> flow_about(const System& s, double F, const Eigen::Vector3d& c0) {
  std::string why;
  std::optional<ChartFlow> flow = ChartFlow::make(s, F, c0, why);
  INFO(why);
  REQUIRE(flow);
  return flow;
}

}  // namespace

TEST_CASE("E, B enclosed over intervals of t: they hold numerics/elliptic.hpp's values and Legendre's equations") {
  // 0.7 and above it: the ends of the ring's series and Arb's closed forms (friction/exact_laws.cpp)
  for (const double t : {0.0, 0.1, 0.25, 0.426, 0.5, 0.62, 0.7, 0.7000001, 0.75, 0.9, 0.99}) {
    for (const double width : {0.0, 1e-9, 1e-4}) {
      const double t1 = std::min(t + width, 0.995);
      const std::optional<NormalisedEB> x = enclose_normalised_eb(t, t1);
      REQUIRE(x);
      if (width == 0.0) CHECK(std::max(width_of(x->e), width_of(x->b)) < kPointWidth);
      for (const double s : {t, 0.5 * (t + t1), t1}) {
        const EllipticEB el = elliptic_eb(s, 1.0 - s);
        CHECK(x->e.lower() <= el.E / (0.5 * kPi) + kEllipticTol);
        CHECK(el.E / (0.5 * kPi) - kEllipticTol <= x->e.upper());
        CHECK(x->b.lower() <= el.B / (0.5 * kPi) + kEllipticTol);
        CHECK(el.B / (0.5 * kPi) - kEllipticTol <= x->b.upper());
      }
      if (width > 0.0 || t == 0.0) continue;
      // at a point: de/dt = (b - e)/(2 (1 - t)) and, t > 0, db/dt = (e - (2 - t) b)/(2 t (1 - t))
      const Interval T(t);
      const Interval de = (x->b - x->e) / (2.0 * (1.0 - T));
      const Interval db = (x->e - (2.0 - T) * x->b) / (2.0 * T * (1.0 - T));
      CHECK(overlap(de, x->de));
      CHECK(overlap(db, x->db));
    }
  }
  CHECK(enclose_normalised_eb(0.0, 0.0)->e.lower() <= 1.0);
  CHECK(holds(enclose_normalised_eb(0.0, 0.0)->b, 0.5));  // B(0) = pi/4
  CHECK_FALSE(enclose_normalised_eb(0.5, 1.0));           // E' is unbounded at t = 1
  CHECK_FALSE(enclose_normalised_eb(-0.1, 0.2));
  CHECK_FALSE(enclose_normalised_eb(0.3, 0.2));
}

TEST_CASE("(57)-(60) and (2) [Kireenkov] as a tape: order 0 is the model's q on the pole half") {
  const System s = disc_shift();
  std::mt19937 gen(57);
  std::uniform_real_distribution<double> u(-0.25, 0.25);
  for (const double z3 : {0.75, -0.8}) {
    const Eigen::Vector3d c0 = Eigen::Vector3d(0.4, -0.3, z3).normalized();
    const std::optional<ChartFlow> flow = flow_about(s, 0.1, c0);
    for (int i = 0; i < 40; ++i) {
      const Eigen::Vector2d z(u(gen), u(gen));
      FieldTape<double> tape = flow->tape<double>();
      tape.z[0].a[0] = z(0);
      tape.z[1].a[0] = z(1);
      flow->advance(tape, 0);
      const Eigen::Vector3d w = flow->sphere_point(z);
      const Eigen::Vector3d q = s.friction().q(w);
      const double eps = s.friction().rho_over_R() * std::hypot(w.x(), w.y()) / std::abs(w.z());
      REQUIRE(eps < 1.0);  // the pole half, where the series form holds
      for (int j = 0; j < 3; ++j) CHECK(tape.q[j].a[0] == doctest::Approx(q(j)).epsilon(kPointTol));
      // the interval tape over a small box about z holds the rounded value
      const IVec2 Z{{Interval(z(0) - 1e-6, z(0) + 1e-6), Interval(z(1) - 1e-6, z(1) + 1e-6)}};
      const IVec2 g = flow->enclose(Z);
      const Eigen::Vector2d gz = flow->value(z);
      CHECK(holds(g(0), gz(0)));
      CHECK(holds(g(1), gz(1)));
      CHECK(width_of(g(0)) < kBoxEnclosureWidth);
    }
  }
}

TEST_CASE("(57)-(60) as a tape: the Taylor polynomial of the flow is a Runge-Kutta solution's") {
  // dz/dtau = g(z) by classical Runge-Kutta with 4000 steps over H = 0.02 (error ~(H/4000)^4
  // |g''''| ~ 1e-21) against sum_(k <= 10) z_k H^k (remainder ~|z_11| H^11 ~ 1e-19, |z_k| <= ~1):
  // 1e-13 is rounding of the two sums.
  const System s = disc_shift();
  const Eigen::Vector3d c0 = Eigen::Vector3d(0.5, 0.2, 0.7).normalized();
  const std::optional<ChartFlow> flow = flow_about(s, 0.05, c0);
  const Eigen::Vector2d z0(0.12, -0.07);
  const int p = 10;
  FieldTape<double> tape = flow->tape<double>();
  tape.z[0].a[0] = z0(0);
  tape.z[1].a[0] = z0(1);
  for (int k = 0; k < p; ++k) {
    flow->advance(tape, k);
    for (int i = 0; i < 2; ++i) tape.z[i].a[k + 1] = tape.g[i].a[k] / (k + 1.0);
  }
  const double H = 0.02;
  Eigen::Vector2d taylor = Eigen::Vector2d::Zero();
  for (int i = 0; i < 2; ++i)
    for (int k = p; k >= 0; --k) taylor(i) = taylor(i) * H + tape.z[i].a[k];
  Eigen::Vector2d z = z0;
  const int n = 4000;
  const double h = H / n;
  for (int k = 0; k < n; ++k) {
    const Eigen::Vector2d k1 = flow->value(z), k2 = flow->value(z + 0.5 * h * k1), k3 = flow->value(z + 0.5 * h * k2),
                          k4 = flow->value(z + h * k3);
    z += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  CHECK(std::abs(taylor(0) - z(0)) < kFlowTol);
  CHECK(std::abs(taylor(1) - z(1)) < kFlowTol);
  // the series is not trivially short: the orders above 2 matter at H
  CHECK(std::abs(tape.z[0].a[3]) + std::abs(tape.z[1].a[3]) > 1e-6);
}

TEST_CASE("(57)-(60) as a tape: off the pole half there is no series form, and the enclosure says so") {
  const System s = disc_shift();
  const std::optional<ChartFlow> flow = flow_about(s, 0.1, Eigen::Vector3d(0.3, 0.1, 0.9).normalized());
  // a box whose w3 changes sign (the chart about the north pole reaches the equator at |z| ~ 3)
  const IVec2 Z{{Interval(2.5, 12.0), Interval(-0.1, 0.1)}};
  const IVec2 g = flow->enclose(Z);
  CHECK(!(std::isfinite(g(0).lower()) && std::isfinite(g(0).upper())));
  // the chart about a centre on the equator is refused with a reason
  std::string why;
  CHECK_FALSE(ChartFlow::make(s, 0.1, Eigen::Vector3d(0.6, 0.8, 0.0), why));
  CHECK(why.find("pole half") != std::string::npos);
}

TEST_CASE("(57)-(60) as a tape: an orbit given across the rim eps = 1 is not proven, and the reason says why") {
  // a latitude circle at eps = 1.5 (the equator half) and one at eps = 0.9 that dips to 1.1: not
  // orbits of the flow, and off the series form's domain in any case
  const System s = disc_shift();
  const double c = s.friction().rho_over_R();
  for (const double eps : {1.5, 1.1}) {
    ClosedOrbit o;
    for (int k = 0; k < 64; ++k) {
      const double ph = 2 * kPi * k / 64, e = eps == 1.1 ? 0.9 + 0.2 * std::cos(ph) * std::cos(ph) : eps;
      const double w12 = 1.0 / std::sqrt(1.0 + (c / e) * (c / e));  // c w12/w3 = e on the unit sphere
      o.polyline.push_back(Eigen::Vector3d(w12 * std::cos(ph), w12 * std::sin(ph), std::sqrt(1.0 - w12 * w12)));
    }
    o.w = o.polyline.front();
    o.period = 30.0;
    const OrbitProof p = prove_closed_orbit(s, 0.0, o);
    INFO(p.reason);
    CHECK_FALSE(p.proven);
    CHECK(p.reason.find("pole half") != std::string::npos);
  }
}

}  // namespace test_chart_disc
