// Rigorous enclosures of the exact model (uniform pressure (57)-(60), Hertz pressure (61)-(63)
// [Nonlinear Dyn. 2024], Galin's pressure in closed form (docs/manual.md section 4);
// friction/exact_enclose.cpp with Arb): they contain the model's double
// q and analytic Jacobian at random points of random boxes of several widths (near both poles,
// on the equator, across eps = 1), the brute-force 2-D quadrature of the contact integral (23)
// (tests/reference_quadrature.hpp, which shares nothing with the library), and they shrink with
// the box. Then find-limits reaches "proven" with them, with the count of the checked solver.
// The thin ring at the rim (Pressure::ring(), friction/exact_ring.cpp) likewise, against the
// quadrature over the ring's angle (tests/ring_reference.hpp), across eps = 1 too, where the
// centre of rotation is on the ring and dq/dw is unbounded.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "reference_quadrature.hpp"
#include "ring_reference.hpp"

namespace test_exact_enclosure {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The double evaluation of q and dq_dw carries rounding errors of a few ulps of its largest
// intermediate terms (|q|, |dq_dw| <= ~10 here; the closed forms lose at most one digit):
// 1e-13 absolute bounds them with margin.
constexpr double kDoubleRounding = 1e-13;
// The reference quadrature's error is <= 1.3e-15 |q| (observed, reference_quadrature.hpp) and
// |q| <= 1.5: 1e-14 absolute is five times that.
constexpr double kQuadratureError = 1e-14;
// A box of half-width 1e-12 maps to an enclosure of width ~ Lipschitz (<= ~10) x 2e-12 plus the
// outward rounding: 1e-10 shows that the quadrature comparison is not vacuous.
constexpr double kThinWidth = 1e-10;
// Shrinking the box tenfold shrinks the enclosure about tenfold (it is first-order: f(t0) and
// f'(t0) of the endpoints, the gradient of t); at eps = 1, where f'' ~ log|1 - t|, the width
// of f' is ~ h log(1/h), a factor 0.1 (1 + ln 10/ln(1/h)) <= 0.125 for h <= 1e-4.
constexpr double kShrinkFactor = 0.15;
// Galin's equator laws have f' ~ f'(1) + k sqrt(1 - t) at the rim (docs/manual.md section 4): there
// the width of f' is ~ sqrt(h), a factor sqrt(0.1) = 0.316 for a tenfold smaller box.
constexpr double kShrinkFactorSqrt = 0.35;

struct Case {
  std::string name;
  std::shared_ptr<const ExactModel> model;
  reference::RadialPressure ref;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (double c : {2.0 / 3.0, 1.0, 0.3})  // rho/R: kappa of uniform pressure, R, small
    out.push_back({"uniform c=" + std::to_string(c), make_exact_model(Pressure::uniform(), c),
                   reference::uniform_pressure()});
  for (double c : {3.0 * M_PI / 16.0, 1.0, 2.5})  // kappa of Hertz pressure, R, large
    out.push_back({"hertz c=" + std::to_string(c), make_exact_model(Pressure::hertz(), c),
                   reference::hertz_pressure()});
  for (double c : {M_PI / 4.0, 1.0, 0.3})  // kappa of Galin's pressure, R, small
    out.push_back({"galin c=" + std::to_string(c), make_exact_model(Pressure::galin(), c),
                   reference::galin_pressure()});
  return out;
}

bool inside(double v, const Interval& I, double slack) { return I.lower() - slack <= v && v <= I.upper() + slack; }

IVec3 box_around(const Eigen::Vector3d& x0, double h) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = Interval(x0(i) - h, x0(i) + h);
  return x;
}

/// Unit directions with eps = c w12/|w3| as given (0: a pole; infinity: the equator), at
/// longitude phi and on the side sign(w3) = side.
Eigen::Vector3d with_epsilon(double eps, double c, double phi, double side) {
  if (std::isinf(eps)) return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0);
  const double w3 = 1.0 / std::hypot(1.0, eps / c), w12 = eps / c * w3;  // c w12/w3 = eps
  return Eigen::Vector3d(w12 * std::cos(phi), w12 * std::sin(phi), side * w3);
}

/// Centres: both poles, the equator, eps = 1 (the rim), eps near 1/sqrt(2) and sqrt(2) (where
/// the laws switch from series to closed forms) and random directions.
std::vector<Eigen::Vector3d> centres(double c, std::mt19937_64& g) {
  std::vector<Eigen::Vector3d> x;
  for (double side : {1.0, -1.0})
    for (double eps : {0.0, 1e-6, 0.3, std::sqrt(0.5), 1.0, 1.0 + 1e-9, std::sqrt(2.0), 5.0, 1e6, double(INFINITY)})
      x.push_back(with_epsilon(eps, c, 0.7 * side + std::min(eps, 3.0), side));
  std::normal_distribution<double> n;
  for (int i = 0; i < 10; ++i) x.push_back(Eigen::Vector3d(n(g), n(g), n(g)).normalized());
  return x;
}

std::pair<double, double> widest(const QEnclosure& e) {
  double q = 0, d = 0;
  for (int i = 0; i < 3; ++i) {
    q = std::max(q, width_of(e.q(i)));
    for (int j = 0; j < 3; ++j) d = std::max(d, width_of(e.dq_dw(i, j)));
  }
  return {q, d};
}

// The ring's q, dq_dw: ~30 within 1e-9 of eps = 1 (dq/dw ~ log|eps - 1|): kDoubleRounding relative
// to max(1, |v|).
bool inside_scaled(double v, const Interval& I) { return inside(v, I, kDoubleRounding * std::max(1.0, std::abs(v))); }

const double kRingSlips[] = {0.0, 1e-6, 0.3, 0.7071, 0.99, 1.0, 1.0 + 1e-9, 1.4143, 5.0, 1e6, double(INFINITY)};

Problem exact_problem(const std::string& preset, const Pressure& pressure) {
  Problem p;
  p.system.preset = preset;
  if (preset == "ball") p.system.j = 0.4;  // share/problems/ball.json
  p.pressure = pressure;
  p.friction.model = "exact";
  return p;
}

}  // namespace

TEST_CASE("(86) of the exact model, uniform and Hertz pressure: the enclosure holds q and dq_dw at every point of the box") {
  std::mt19937_64 g(20261122);
  for (const Case& k : cases()) {
    for (const Eigen::Vector3d& x0 : centres(k.model->rho_over_R(), g)) {
      for (double h : {0.2, 3e-2, 1e-3, 1e-5, 1e-9}) {
        const IVec3 box = box_around(x0, h);
        const auto E = k.model->enclose(box);
        CAPTURE(k.name);
        CAPTURE(x0.transpose());
        CAPTURE(h);
        REQUIRE(E);
        std::uniform_real_distribution<double> u(-h, h);
        for (int s = 0; s < 40; ++s) {
          const Eigen::Vector3d x = x0 + Eigen::Vector3d(u(g), u(g), u(g));
          const FrictionJacobian J = k.model->jacobian(x);
          CAPTURE(x.transpose());
          for (int i = 0; i < 3; ++i) {
            CHECK(inside(J.q(i), E->q(i), kDoubleRounding));
            for (int j = 0; j < 3; ++j) CHECK(inside(J.dq_dw(i, j), E->dq_dw(i, j), kDoubleRounding));
          }
        }
      }
    }
  }
}

TEST_CASE("(23) of the exact model by brute-force quadrature lies in the enclosure of a thin box") {
  std::mt19937_64 g(7);
  for (const Case& k : cases()) {
    const double c = k.model->rho_over_R();
    for (const Eigen::Vector3d& x0 : {with_epsilon(0.2, c, 0.4, 1.0), with_epsilon(0.9, c, -1.0, -1.0),
                                      with_epsilon(1.0, c, 2.0, 1.0), with_epsilon(1.3, c, 0.1, -1.0),
                                      with_epsilon(4.0, c, 3.0, 1.0)}) {
      const auto E = k.model->enclose(box_around(x0, 1e-12));
      REQUIRE(E);
      const Eigen::Vector3d want = reference::friction(k.ref, x0, c);  // R = 1: rho = c
      CAPTURE(k.name);
      CAPTURE(x0.transpose());
      CAPTURE(want.transpose());
      for (int i = 0; i < 3; ++i) {
        CHECK(width_of(E->q(i)) <= kThinWidth);
        CHECK(inside(want(i), E->q(i), kQuadratureError));
      }
    }
  }
}

TEST_CASE("Enclosures of the exact model shrink linearly with the box (poles, equator, rim)") {
  std::mt19937_64 g(3);
  for (const Case& k : cases()) {
    for (const Eigen::Vector3d& x0 : centres(k.model->rho_over_R(), g)) {
      const auto big = k.model->enclose(box_around(x0, 1e-4));
      const auto small = k.model->enclose(box_around(x0, 1e-5));
      REQUIRE(big);
      REQUIRE(small);
      const auto [bq, bd] = widest(*big);
      const auto [sq, sd] = widest(*small);
      CAPTURE(k.name);
      CAPTURE(x0.transpose());
      const double eps = k.model->rho_over_R() * std::hypot(x0(0), x0(1)) / std::abs(x0(2));
      const bool galin_rim = k.name.rfind("galin", 0) == 0 && std::abs(eps - 1.0) < 1e-3;
      CHECK(sq <= kShrinkFactor * bq);
      CHECK(sd <= (galin_rim ? kShrinkFactorSqrt : kShrinkFactor) * bd);
    }
  }
}

// The enclosures take a law's derivative over a t interval from its two endpoints, which holds
// because every f' is monotone on [0, 1] (one-signed series coefficients,
// friction/exact_laws.cpp). Checked here on a grid with the model's own double laws (the
// RegionModel pole and equator functions, d/dt = (d/deps)/(2 eps) and (d/ds)/(2 s)).
TEST_CASE("(57)-(63): the t-derivatives of the exact laws are monotone on [0, 1], t = eps^2 and t = 1/eps^2") {
  constexpr int kGrid = 4000;
  for (const Case& k : cases()) {
    std::vector<std::array<double, 4>> d;  // dG/dt, dT/dt (poles), dQ/dt, dH/dt (equator)
    for (int i = 1; i <= kGrid; ++i) {
      const double r = std::sqrt(static_cast<double>(i) / kGrid);  // eps resp. s
      const RegionModel::Pole p = k.model->pole(r);
      const RegionModel::Equator e = k.model->equator(r);
      d.push_back({p.dG / (2 * r), p.dT / (2 * r), e.dQ / (2 * r), e.dH / (2 * r)});
    }
    for (int j = 0; j < 4; ++j) {
      const double trend = d.back()[j] - d.front()[j];
      int against = 0;
      for (int i = 0; i + 1 < kGrid; ++i)
        if ((d[i + 1][j] - d[i][j]) * trend < 0 && std::abs(d[i + 1][j] - d[i][j]) > kDoubleRounding) ++against;
      CAPTURE(k.name);
      CAPTURE(j);
      CHECK(against == 0);
    }
  }
}

// Galin's closed forms against the ring quadrature of friction/exact.cpp (tanh-sinh over the ring
// radius of the rings' elliptic integrals, split at the centre of rotation, the 1/sqrt edge
// removed by substitution): a different algorithm for the same integrals (23).
TEST_CASE("Galin's pressure in closed form: G = pi/4, T = 1 - eps^2/2, Q, H in asin and sqrt agree with the ring quadrature") {
  // The ring quadrature's tolerance 1e-13 relative to min(M1, M2) = pi/4 (friction/exact.cpp),
  // summed over at most 3 pieces, and the closed forms' few ulps: 5e-13 absolute on O(1) laws.
  constexpr double kRingQuadrature = 5e-13;
  const auto closed = make_exact_model(Pressure::galin(), 1.0);
  const auto rings = make_exact_model(Pressure::galin(), 1.0, ExactMethod::ring_quadrature);
  for (int i = 1; i <= 64; ++i) {
    const double r = i / 64.0;  // eps near the poles, s = 1/eps near the equator
    CAPTURE(r);
    const RegionModel::Pole a = closed->pole(r), b = rings->pole(r);
    CHECK(a.G == doctest::Approx(M_PI / 4.0).epsilon(1e-15));
    CHECK(std::abs(a.G - b.G) <= kRingQuadrature);
    CHECK(std::abs(a.T - b.T) <= kRingQuadrature);
    CHECK(std::abs(a.dT - b.dT) <= kRingQuadrature);
    const RegionModel::Equator c = closed->equator(r), d = rings->equator(r);
    CHECK(std::abs(c.Q - d.Q) <= kRingQuadrature);
    CHECK(std::abs(c.H - d.H) <= kRingQuadrature);
    CHECK(std::abs(c.dQ - d.dQ) <= kRingQuadrature);
    CHECK(std::abs(c.dH - d.dH) <= kRingQuadrature);
  }
}

TEST_CASE("Ring-quadrature pressures (Galin and a profile forced to it, a power) have no enclosure") {
  const auto galin = make_exact_model(Pressure::galin(), 1.0, ExactMethod::ring_quadrature);
  CHECK_FALSE(galin->enclose(box_around(Eigen::Vector3d(0.6, 0, 0.8), 1e-3)).has_value());
  const auto profile =
      make_exact_model(Pressure::profile({0.0, 0.5, 1.0}, {1.0, 0.75, 0.5}), 1.0, ExactMethod::ring_quadrature);
  CHECK_FALSE(profile->enclose(box_around(Eigen::Vector3d(0.6, 0, 0.8), 1e-3)).has_value());
  const auto power = make_exact_model(Pressure::power(0.3), 1.0);
  CHECK_FALSE(power->enclose(box_around(Eigen::Vector3d(0.6, 0, 0.8), 1e-3)).has_value());
}

// The proof's count against the checked solver (a different algorithm: sphere search, Newton,
// Poincare-Hopf check) and the index sum 2 of the Poincare-Hopf theorem.
TEST_CASE("find-limits: the disc with exact uniform and Galin pressure, the Hertz ball and a general system with the exact model are proven") {
  struct Load {
    Problem problem;
    double F;
  };
  std::vector<Load> loads;
  for (double F : {0.03, 0.1, 0.3, 0.6, 1.5}) loads.push_back({exact_problem("disc", Pressure::uniform()), F});
  for (double F : {0.2, 0.6}) loads.push_back({exact_problem("ball", Pressure::hertz()), F});
  for (double F : {0.1, 0.4, 1.2}) loads.push_back({exact_problem("disc", Pressure::galin()), F});
  Problem general = exact_problem("general", Pressure::uniform());  // no invariant circle: the cube cover
  general.system.mass << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;  // share/problems/general.json
  general.system.load_offset = Eigen::Vector3d(0.0, 0.0, 0.1);
  for (double F : {0.3, 0.8}) loads.push_back({general, F});
  for (const Load& l : loads) {
    CAPTURE(l.problem.system.preset);
    CAPTURE(l.F);
    const System sys = make_system(l.problem);
    SolverOptions unproven, zeros_only;
    unproven.prove = false;
    // the level of the limit directions alone: the general system has no symmetry that
    // excludes closed orbits, and the orbit search is numerical (checked at best)
    unproven.closed_orbits = zeros_only.closed_orbits = false;
    const LimitSet checked = find_limit_directions(sys, l.F, unproven);
    const LimitSet L = find_limit_directions(sys, l.F, zeros_only);
    CAPTURE(L.certificate.reason);
    CHECK(L.certificate.level == Level::proven);
    CHECK(L.directions.size() == checked.directions.size());
    CHECK(L.certificate.index_sum == 2);
  }
}

TEST_CASE("find-limits: a power pressure (ring quadrature) stays checked, with a reason naming the model") {
  const System sys = make_system(exact_problem("disc", Pressure::power(0.3)));
  const LimitSet L = find_limit_directions(sys, 0.3);
  CHECK(L.certificate.level == Level::checked);
  CAPTURE(L.certificate.reason);
  CHECK(L.certificate.reason.find("no rigorous (interval) enclosure") != std::string::npos);
  CHECK(L.certificate.reason.find("ring quadrature") != std::string::npos);
}

TEST_CASE("Thin ring at the rim: the enclosure holds q and dq_dw at every point of the box") {
  std::mt19937_64 g(20261130);
  for (double c : {1.0, 0.5, 2.0}) {  // rho/R: kappa = 1 of the ring, small, large
    const auto model = make_exact_model(Pressure::ring(), c);
    for (double side : {1.0, -1.0}) {
      for (double eps : kRingSlips) {
        const Eigen::Vector3d x0 = with_epsilon(eps, c, 0.3 + side, side);
        for (double h : {0.2, 3e-2, 1e-3, 1e-6}) {
          const auto E = model->enclose(box_around(x0, h));
          CAPTURE(c);
          CAPTURE(x0.transpose());
          CAPTURE(h);
          REQUIRE(E);
          std::uniform_real_distribution<double> u(-h, h);
          for (int s = 0; s < 30; ++s) {
            const Eigen::Vector3d x = x0 + Eigen::Vector3d(u(g), u(g), u(g));
            const FrictionJacobian J = model->jacobian(x);
            CAPTURE(x.transpose());
            for (int i = 0; i < 3; ++i) {
              CHECK(inside_scaled(J.q(i), E->q(i)));
              for (int j = 0; j < 3; ++j) CHECK(inside_scaled(J.dq_dw(i, j), E->dq_dw(i, j)));
            }
          }
        }
      }
    }
  }
}

TEST_CASE("Thin ring at the rim: the angular quadrature of (8) [Kireenkov] lies in the enclosure of a thin box") {
  for (double c : {1.0, 0.5, 2.0}) {
    const auto model = make_exact_model(Pressure::ring(), c);
    for (double eps : kRingSlips) {
      const Eigen::Vector3d x0 = with_epsilon(eps, c, 0.8, eps < 1.0 ? 1.0 : -1.0);
      const auto E = model->enclose(box_around(x0, 1e-12));
      REQUIRE(E);
      const Eigen::Vector3d want = ring_ref::q(1.0, c, x0);
      CAPTURE(c);
      CAPTURE(eps);
      CAPTURE(want.transpose());
      for (int i = 0; i < 3; ++i) {
        CHECK(inside(want(i), E->q(i), kQuadratureError));
        // within 1e-6 of eps = 1 q is only log-Lipschitz (the mean-value step takes the unbounded
        // derivative at t = 1): its enclosure of a thin box is wider (2.5e-10 measured)
        if (std::abs(eps - 1.0) > 1e-6) CHECK(width_of(E->q(i)) <= kThinWidth);
      }
    }
  }
}

TEST_CASE("find-limits: the disc on the ring at the rim is proven, a ring inside the contact stays checked") {
  for (double F : {0.3, 0.8, 1.5}) {
    CAPTURE(F);
    // j = 0.4: with the disc's j = 1/2 and the ring at the rim the two tangent eigenvalues at pure
    // sliding coincide (the force's slope 1 and the torque's H(0)/j = (1/2)/(1/2)), a star node
    // whose type (node or focus: the discriminant 0) no enclosure decides.
    Problem disc = exact_problem("disc", Pressure::ring());
    disc.system.j = 0.4;
    const System sys = make_system(disc);
    SolverOptions unproven, zeros_only;
    unproven.prove = false;
    unproven.closed_orbits = zeros_only.closed_orbits = false;
    const LimitSet checked = find_limit_directions(sys, F, unproven);
    const LimitSet L = find_limit_directions(sys, F, zeros_only);
    CAPTURE(L.certificate.reason);
    CHECK(L.certificate.level == Level::proven);
    CHECK(L.directions.size() == checked.directions.size());
    CHECK(L.certificate.index_sum == 2);
  }
  const LimitSet inner = find_limit_directions(make_system(exact_problem("disc", Pressure::ring(0.5))), 0.3);
  CHECK(inner.certificate.level == Level::checked);
  CAPTURE(inner.certificate.reason);
  CHECK(inner.certificate.reason.find("no rigorous (interval) enclosure") != std::string::npos);
}

// Table 2 [Nonlinear Dyn. 2024], Galin's row: the force-free disc (j = 1/2, rho = kappa = pi R/4)
// stops where its slip and spin decay at one rate, G(eps) = Q_eps/eps = (c/j) T_eps (c = rho/R;
// for uniform pressure this gives Farkas' 0.653). With Galin's closed forms G = pi/4 and
// T_eps = 1 - eps^2/2 (docs/manual.md section 4) it reads 1 - eps^2/2 = 1/2: eps = 1 exactly, the
// stable circles at theta = +-atan(c) (eps = c cot theta), where the centre of rotation is on the rim.
TEST_CASE("Table 2, Galin's pressure: the force-free disc stops at eps = 1, theta = atan(pi/4)") {
  // The solver's circle (meridian equation, Newton to |V*| <= 1e-13) is within ~1e-13 of the root.
  constexpr double kCircle = 1e-12;
  const LimitSet L = find_limit_directions(make_system(exact_problem("disc", Pressure::galin())), 0.0);
  int stable = 0;
  for (const LimitCircle& circle : L.circles) {
    CAPTURE(circle.theta);
    if (circle.sphere_type != "stable-circle") continue;
    ++stable;
    CHECK(std::abs(std::abs(circle.theta) - std::atan(M_PI / 4.0)) <= kCircle);
  }
  CHECK(stable == 2);
}

}  // namespace test_exact_enclosure
