// The exact model of a tabulated pressure, enclosed rigorously (friction/exact_profile.cpp;
// docs/manual.md section 4, "A tabulated profile, enclosed"): the enclosures contain the
// brute-force 2-D quadrature of the contact integral (23) (tests/reference_quadrature.hpp, which
// shares nothing with the library) and its finite-difference Jacobian at many directions, on
// both halves of the sphere, at the profile's node circles eps = xi_i and at the rim; a
// constant table reproduces the uniform disc's closed form (57)-(60); and find-limits on the
// truncated cone of share/problems/disc-profile.json is proven with the checked solver's
// directions.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/system/problem.hpp"
#include "reference_quadrature.hpp"

namespace test_exact_profile {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The reference quadrature's error is <= 1.3e-15 |q| (reference_quadrature.hpp) and |q| <= 1.5:
// 1e-14 absolute is five times that.
constexpr double kQuadratureError = 1e-14;
// Central differences of the reference with step 1e-4 in x: truncation h^2 |q'''|/6 ~ 2e-9 (|q'''|
// <= ~100 away from the node circles, which the Jacobian directions avoid) and the quadrature's
// 1e-14/1e-4 = 1e-10: 1e-7 bounds both with margin.
constexpr double kDifferenceStep = 1e-4;
constexpr double kDifferenceError = 1e-7;
// The double laws of the uniform closed form (57)-(60) carry a few ulps of |q|, |dq_dw| <= ~10:
// 1e-13 absolute (as tests/friction/test_exact_enclosure.cpp).
constexpr double kDoubleRounding = 1e-13;
// Narrowness. Near the equator (eps > 1), over a box of half-width 1e-12, the moment series is
// summed to 2^-60 with its tail bound: q to ~1e-11 (the box's own spread ~ 10 x 2e-12, as the
// closed forms). Near the poles, at a point, the cells of 1/2048 of R and E, B tabulated at steps
// 1/4096 of m give G, T to ~2e-3 relative (a first-order rule, exact_profile.cpp), and
// q = -(w1 C, w2 C, (kappa/rho) w3 S) with C, S ~ c G/|w3|, T/|w3| to a few 1e-3.
constexpr double kEquatorWidth = 1e-10;
constexpr double kPoleWidth = 5e-3;
// Within 1e-6 of the rim (t = 1/eps^2 > 1 - 3e-6) t^N/(1 - t) is no bound after N = 2000 terms and
// the tail is kappa/(2 (N - 2)^2): 0.239/8e6 = 3.0e-8 for Q (kappa = max p/(4 pi M_1), M_1 = 1/3)
// and 4.8e-8 for H (M_2 = 5/24), widths 6e-8 and 9.6e-8, then divided by w12 and c w12 in C, S
// (~0.85 and 0.53 there) and S times kappa/rho: 2e-7.
constexpr double kRimWidth = 2e-7;
constexpr double kTightSeries = 1.026;  // eps above which t <= 0.95: the series tail is 2^-60
// Boxes: half-width 1e-12 near the equator; near the poles a point (the pole half encloses points
// and boxes at least 1e-4 wide in eps, exact_profile.cpp) and a box of half-width 1e-3.
constexpr double kThinBox = 1e-12;
constexpr double kWideBox = 1e-3;

const std::vector<double> kConeXi{0.0, 0.25, 0.5, 0.75, 1.0}, kConeP{1.0, 0.875, 0.75, 0.625, 0.5};

Pressure cone() { return Pressure::profile(kConeXi, kConeP); }  // share/problems/disc-profile.json

IVec3 box_around(const Eigen::Vector3d& x0, double h) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = Interval(x0(i) - h, x0(i) + h);
  return x;
}

bool inside(double v, const Interval& I, double slack) { return I.lower() - slack <= v && v <= I.upper() + slack; }

/// The unit direction with eps = c w12/|w3| (infinity: the equator) at longitude phi, side sign(w3).
Eigen::Vector3d with_epsilon(double eps, double c, double phi, double side) {
  if (std::isinf(eps)) return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0);
  const double w3 = 1.0 / std::hypot(1.0, eps / c), w12 = eps / c * w3;
  return Eigen::Vector3d(w12 * std::cos(phi), w12 * std::sin(phi), side * w3);
}

// Both halves: the pole, near it, the node circles eps = 0.25, 0.5, 0.75 and beside them, the rim
// eps = 1 and beside it, the limit directions of disc-profile.json at F = 0.4 (eps = 1.0895), the
// equator.
const double kSlips[] = {0.0, 1e-3, 0.1, 0.25, 0.3, 0.5, 0.74, 0.75, 0.9, 1.0 - 1e-6,
                         1.0, 1.0 + 1e-6, 1.0895, 1.5, 3.0, 20.0, double(INFINITY)};

/// The enclosure of q over the box of half-width h about x0 holds the reference's q (want) and is
/// at most `width` wide in each component.
template <class Model>
void check_enclosure(const Model& model, const Eigen::Vector3d& x0, double h, const Eigen::Vector3d& want, double width) {
  CAPTURE(h);
  const auto E = model.enclose(box_around(x0, h));
  REQUIRE(E);
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    CAPTURE(E->q(i));
    CHECK(inside(want(i), E->q(i), kQuadratureError));
    CHECK(width_of(E->q(i)) <= width);
  }
}

Problem cone_disc() {
  Problem p;
  p.system.preset = "disc";
  p.pressure = cone();
  p.friction.model = "exact";
  return p;
}

}  // namespace

TEST_CASE("Tabulated profile: the brute-force quadrature of (23) lies in the enclosure of a thin box at every slip") {
  // the cone of disc-profile.json at rho = kappa and R, and a ridge rising from 0.2 at the centre
  // to 1 at xi = 0.5 and falling to 0 at the rim (p(1) = 0, a slope at the centre, non-monotone)
  struct Profile {
    std::vector<double> xi, p;
    double c;
  };
  const Pressure ridge = Pressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0});
  for (const Profile& pr : {Profile{kConeXi, kConeP, cone().kappa()}, Profile{kConeXi, kConeP, 1.0},
                            Profile{{0.0, 0.5, 1.0}, {0.2, 1.0, 0.0}, ridge.kappa()}}) {
    const reference::RadialPressure ref = reference::tabulated_pressure(pr.xi, pr.p);
    const double c = pr.c;
    const auto model = make_exact_model(Pressure::profile(pr.xi, pr.p), c);
    int k = 0;
    for (double eps : kSlips) {
      const Eigen::Vector3d x0 = with_epsilon(eps, c, 0.3 + 0.7 * k, k % 2 ? -1.0 : 1.0);
      ++k;
      const Eigen::Vector3d want = reference::friction(ref, x0, c);  // R = 1: rho = c
      CAPTURE(c);
      CAPTURE(eps);
      CAPTURE(want.transpose());
      for (double h : eps > 1.0 ? std::vector<double>{kThinBox} : std::vector<double>{0.0, kWideBox})
        check_enclosure(*model, x0, h, want,
                        h > kThinBox ? INFINITY : eps > kTightSeries ? kEquatorWidth : eps > 1.0 ? kRimWidth : kPoleWidth);
    }
  }
}

TEST_CASE("Tabulated profile: near the poles a box narrower than 1e-4 in eps takes the sharp rule, but at the pole itself") {
  const double c = cone().kappa();
  const auto model = make_exact_model(cone(), c);
  const Eigen::Vector3d x0 = with_epsilon(0.5, c, 0.2, 1.0);
  CHECK(model->enclose(box_around(x0, 1e-9)).has_value());
  CHECK(model->enclose(box_around(x0, 0.0)).has_value());
  CHECK(model->enclose(box_around(x0, kWideBox)).has_value());
  // t0 = 0 (the pole, where dG/dt is not bounded): a point, but no narrow box
  CHECK(model->enclose(box_around(Eigen::Vector3d(0.0, 0.0, 1.0), 0.0)).has_value());
  CHECK_FALSE(model->enclose(box_around(Eigen::Vector3d(0.0, 0.0, 1.0), 1e-9)).has_value());
  CHECK(model->enclose(box_around(with_epsilon(2.0, c, 0.2, 1.0), 1e-9)).has_value());  // the equator half: any box
}

// The sharp rule (friction/exact_profile_sharp.cpp) at points and boxes of half-width 1e-9 near the
// poles: each of the ~20 integrals to a relative 2^-30 ~ 1e-9 (its goal), weighted by |alpha|,
// |beta| <= ~4 and divided by M_1, M_2 >= ~0.1, gives G, T to ~1e-8 (measured ~5e-9); C, S are
// those over |w3| >= 0.6 and q carries w1, w2 and kappa/rho <= 1.6, and the box's own spread is
// |dq/dw| (<= ~10) x 2e-9: 1e-7 bounds all of it, 1/20000 of kPoleWidth.
constexpr double kSharpWidth = 1e-7;
constexpr double kSharpBox = 1e-9;

TEST_CASE("Tabulated profile: near the poles the sharp rule encloses the brute-force quadrature of (23) to 1e-7") {
  struct Profile {
    std::vector<double> xi, p;
    double c;
  };
  const Pressure ridge = Pressure::profile({0.0, 0.5, 1.0}, {0.2, 1.0, 0.0});
  const Pressure ramp = Pressure::profile({0.0, 0.3, 1.0}, {0.1, 0.4, 1.1});  // rising: p(1) > p(0)
  for (const Profile& pr : {Profile{kConeXi, kConeP, cone().kappa()}, Profile{{0.0, 0.5, 1.0}, {0.2, 1.0, 0.0}, ridge.kappa()},
                            Profile{{0.0, 0.3, 1.0}, {0.1, 0.4, 1.1}, ramp.kappa()}}) {
    const reference::RadialPressure ref = reference::tabulated_pressure(pr.xi, pr.p);
    const auto model = make_exact_model(Pressure::profile(pr.xi, pr.p), pr.c);
    int k = 0;
    for (double eps : {0.01, 0.05, 0.2, 0.45, 0.5, 0.8, 1.0}) {
      const Eigen::Vector3d x0 = with_epsilon(eps, pr.c, 0.4 + 0.9 * k, k % 2 ? -1.0 : 1.0);
      ++k;
      const Eigen::Vector3d want = reference::friction(ref, x0, pr.c);
      CAPTURE(pr.c);
      CAPTURE(eps);
      // on the rim (eps = 1) the box meets the equator half too, whose series tail there is kRimWidth
      for (double h : {0.0, kSharpBox}) check_enclosure(*model, x0, h, want, eps < 1.0 ? kSharpWidth : kRimWidth);
    }
  }
}

TEST_CASE("Tabulated profile: central differences of the brute-force quadrature lie in the enclosure of dq/dw") {
  const reference::RadialPressure ref = reference::tabulated_pressure(kConeXi, kConeP);
  const double c = cone().kappa();
  const auto model = make_exact_model(cone(), c);
  for (double eps : {0.4, 0.9, 1.0895, 2.0}) {  // off the node circles, where q is smooth
    const Eigen::Vector3d x0 = with_epsilon(eps, c, 0.8, eps > 1.0 ? -1.0 : 1.0);
    const auto E = model->enclose(box_around(x0, eps > 1.0 ? kThinBox : 0.0));
    REQUIRE(E);
    CAPTURE(eps);
    for (int j = 0; j < 3; ++j) {
      Eigen::Vector3d up = x0, down = x0;
      up(j) += kDifferenceStep;
      down(j) -= kDifferenceStep;
      const Eigen::Vector3d d = (reference::friction(ref, up, c) - reference::friction(ref, down, c)) / (2.0 * kDifferenceStep);
      for (int i = 0; i < 3; ++i) {
        CAPTURE(i);
        CAPTURE(j);
        CAPTURE(d(i));
        CAPTURE(E->dq_dw(i, j));
        CHECK(inside(d(i), E->dq_dw(i, j), kDifferenceError));
      }
    }
  }
}

TEST_CASE("Tabulated profile: a constant table encloses the uniform disc's closed form (57)-(60)") {
  const Pressure flat = Pressure::profile({0.0, 0.5, 1.0}, {2.0, 2.0, 2.0});  // the scale cancels
  for (double c : {2.0 / 3.0, 0.3}) {
    const auto table = make_exact_model(flat, c);
    const auto uniform = make_exact_model(Pressure::uniform(), c);
    int k = 0;
    for (double eps : kSlips) {
      const Eigen::Vector3d x0 = with_epsilon(eps, c, 1.1 * k, k % 2 ? 1.0 : -1.0);
      ++k;
      const auto E = table->enclose(box_around(x0, eps > 1.0 ? kThinBox : 0.0));
      REQUIRE(E);
      const FrictionJacobian J = uniform->jacobian(x0);
      CAPTURE(c);
      CAPTURE(eps);
      for (int i = 0; i < 3; ++i) {
        CHECK(inside(J.q(i), E->q(i), kDoubleRounding));
        // the Jacobian where it exists: not on the rim, where the uniform laws are only C^1 and
        // the rule of the poles is first order
        if (eps > 1.0)
          for (int j = 0; j < 3; ++j) CHECK(inside(J.dq_dw(i, j), E->dq_dw(i, j), kDoubleRounding));
      }
    }
  }
}

// The proof's directions against the checked solver (a different algorithm: the invariant
// circle's roots by Newton in double, the ring quadrature) and the index sum 2.
TEST_CASE("find-limits: the disc on the tabulated truncated cone is proven with the checked solver's directions") {
  const System sys = make_system(cone_disc());
  for (double F : {0.4, 0.6, 1.2}) {
    CAPTURE(F);
    SolverOptions unproven;
    unproven.prove = false;
    const LimitSet checked = find_limit_directions(sys, F, unproven);
    const LimitSet L = find_limit_directions(sys, F);
    CAPTURE(L.certificate.reason);
    CHECK(L.certificate.level == Level::proven);
    CHECK(L.certificate.index_sum == 2);
    REQUIRE(L.directions.size() == checked.directions.size());
    for (std::size_t i = 0; i < L.directions.size(); ++i) CHECK((L.directions[i].w - checked.directions[i].w).norm() < 1e-12);
  }
}

// At small loads the stable node sits near a pole (eps < 1), where the first-order rule left its
// type undecided; the sharp rule proves every claim, and the types agree with the double
// classification of the checked solver.
TEST_CASE("find-limits: the disc on the tabulated truncated cone at F = 0.1 is proven in every claim, types included") {
  const System sys = make_system(cone_disc());
  SolverOptions unproven;
  unproven.prove = false;
  const LimitSet checked = find_limit_directions(sys, 0.1, unproven);
  const LimitSet L = find_limit_directions(sys, 0.1);
  CAPTURE(L.certificate.reason);
  CHECK(L.certificate.level == Level::proven);
  for (const Claim& claim : L.certificate.claims) {
    CAPTURE(claim.claim);
    CHECK(claim.level == Level::proven);
  }
  REQUIRE(L.directions.size() == checked.directions.size());
  for (std::size_t i = 0; i < L.directions.size(); ++i) {
    CHECK((L.directions[i].w - checked.directions[i].w).norm() < 1e-12);
    CHECK(L.directions[i].type == checked.directions[i].type);
    CHECK(L.directions[i].radial == checked.directions[i].radial);
  }
}

}  // namespace test_exact_profile
