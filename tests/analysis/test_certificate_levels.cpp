// The three certificate levels of find-limits (limits/limits.hpp): "proven" where the proof of
// limits/proof.hpp holds (linear, harmonic, Pade and exact uniform/Hertz models), "checked" where only
// the numerical consistency checks pass (the exact model by ring quadrature has no interval
// enclosure; continua), and never a
// level above what was shown. Expected counts come from the closed forms (128)-(138)
// [Nonlinear Dyn. 2024] of the disc with harmonic N = 2 (k_i = C_i - 8/9 S_i).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/friction/harmonic.hpp"

namespace test_certificate_levels {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

Problem disc(const std::string& model) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = model;
  if (model == "harmonic") p.friction.degree = 2;
  return p;
}

struct DiscN2 {
  double FT, FP, FF;  // (130), (133), (138)
};
DiscN2 closed_forms() {
  const auto model = make_friction_model(disc("harmonic"));
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double k1 = h.C()[0] - 8.0 / 9.0 * h.S()[0], k2 = h.C()[1] - 8.0 / 9.0 * h.S()[1];
  return {h.C()[0], k1, std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2))};
}

}  // namespace

TEST_CASE("(131)-(138) the disc, harmonic N = 2: proven in Cases 1-4 with the closed-form counts 2, 2, 4, 8") {
  const DiscN2 cf = closed_forms();
  const System sys = make_system(disc("harmonic"));
  struct Case {
    double F;
    std::size_t count;
  };
  for (const Case& c : {Case{0.5 * cf.FF, 8}, Case{0.5 * (cf.FF + cf.FP), 4}, Case{0.5 * (cf.FP + cf.FT), 2},
                        Case{1.5 * cf.FT, 2}}) {
    CAPTURE(c.F);
    const LimitSet L = find_limit_directions(sys, c.F);
    CHECK(L.certificate.level == Level::proven);
    CHECK(L.directions.size() == c.count);
    CHECK(L.certificate.reason.rfind("proven:", 0) == 0);
  }
}

TEST_CASE("Certificate levels: the exact model by ring quadrature and continua are checked, never proven, prove = false gives checked") {
  const DiscN2 cf = closed_forms();
  {
    Problem power = disc("exact");  // (1 - xi^2)^0.3: the ring quadrature, no enclosure
    power.pressure = Pressure::power(0.3);
    const LimitSet L = find_limit_directions(make_system(power), 0.3);
    CHECK(L.certificate.level == Level::checked);
    CHECK(L.certificate.reason.find("no rigorous (interval) enclosure") != std::string::npos);
  }
  {
    const LimitSet L = find_limit_directions(make_system(disc("harmonic")), 0.0);  // circles of latitude (Fig. 16)
    CHECK(!L.circles.empty());
    CHECK(L.certificate.level == Level::checked);
  }
  {
    SolverOptions opt;
    opt.prove = false;
    const LimitSet L = find_limit_directions(make_system(disc("harmonic")), 0.5 * (cf.FF + cf.FP), opt);
    CHECK(L.certificate.level == Level::checked);
  }
}

TEST_CASE("(133) at the pitchfork F = F_P the direction (1, 0, 0) is non-hyperbolic: no level above incomplete") {
  // J_T at (1, 0, 0) has the eigenvalue -(C(0) - 8/9 S(0)) + F = F - F_P along the meridian.
  const DiscN2 cf = closed_forms();
  const LimitSet L = find_limit_directions(make_system(disc("harmonic")), cf.FP);
  CHECK(L.certificate.level == Level::incomplete);
}

TEST_CASE("A general system (coupled mass matrix, harmonic N = 3): proven, the count equals the numerical one") {
  Problem p = disc("harmonic");
  p.friction.degree = 3;
  p.system.preset = "general";
  p.system.mass << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;
  p.system.load_direction = Eigen::Vector3d::UnitX();
  p.system.load_offset = Eigen::Vector3d(0.0, 0.0, 0.1);
  const System sys = make_system(p);
  SolverOptions numerical, zeros_only;
  numerical.prove = false;
  numerical.closed_orbits = zeros_only.closed_orbits = false;  // the level of the limit directions alone
  const LimitSet N = find_limit_directions(sys, 0.5, numerical);
  const LimitSet L = find_limit_directions(sys, 0.5, zeros_only);
  CHECK(N.certificate.level == Level::checked);
  CHECK(L.certificate.level == Level::proven);
  // no symmetry excludes closed orbits here, but the combinatorial flow on the proven limit set
  // does (docs/manual.md section 9): the level stays proven (the numerical search, which left it
  // checked before, finds no orbit either: limits/test_orbit_exclusion.cpp)
  const LimitSet O = find_limit_directions(sys, 0.5);
  CHECK(O.certificate.level == Level::proven);
  CHECK(O.certificate.closed_orbits == "excluded");
  CHECK(O.certificate.reason.rfind("proven:", 0) == 0);
  CHECK(O.certificate.reason.find("combinatorial flow") != std::string::npos);
  CHECK(O.closed_orbits.empty());
  CHECK(L.directions.size() == N.directions.size());
  int sum = 0;
  for (const auto& c : L.directions) sum += c.index;
  CHECK(sum == 2);  // Poincare-Hopf, independently of the proof
}

TEST_CASE("(132) load sweeps on the invariant circle of a harmonic model are proven, others are checked") {
  // The disc's events at +-F_F, +-F_P, +-F_T (closed forms (138), (133), (130)) are enclosed
  // and isolated rigorously, each region's structure is proven, and each branch segment lies on
  // a graph of (132); the sweep across F = 0 (the continuum of circles) included.
  const DiscN2 cf = closed_forms();
  const Diagram d = sweep(parameter_family(disc("harmonic"), "force"), -1.5, 1.5);
  INFO(d.certificate.reason);
  CHECK(d.certificate.level == Level::proven);
  int located = 0;
  for (const Event& e : d.events) {
    const double a = std::abs(e.p);
    located += std::abs(a - cf.FF) <= 1e-10 || std::abs(a - cf.FP) <= 1e-10 || std::abs(a - cf.FT) <= 1e-10;
  }
  CHECK(located == 6);
  for (int N : {1, 3, 4}) {
    CAPTURE(N);
    Problem ball;
    ball.system.preset = "ball";
    ball.pressure = Pressure::hertz();
    ball.friction.model = "harmonic";
    ball.friction.degree = N;
    CHECK(sweep(parameter_family(ball, "force"), 0.0, 4.0).certificate.level == Level::proven);
  }
  // the exact uniform model's law on the circle is enclosed too (continuation/circle_exact_law.cpp):
  // its sweep is proven, with the pure sliding's pitchfork at F = 1/2 (Sect. 7.4 [Nonlinear Dyn.
  // 2024]: the exact disc's F_P, independent of this program); no invariant circle for a turned
  // load: checked
  const Diagram exact = sweep(parameter_family(disc("exact"), "force"), 0.0, 1.5);
  INFO(exact.certificate.reason);
  CHECK(exact.certificate.level == Level::proven);
  CHECK(std::any_of(exact.events.begin(), exact.events.end(), [](const Event& e) {
    return e.kind == EventKind::pitchfork && std::abs(e.p - 0.5) <= 1e-9;
  }));
  Problem turned = disc("harmonic");
  turned.system.preset = "general";
  turned.system.mass = Eigen::Vector3d(1.0, 1.0, 9.0 / 8.0).asDiagonal();
  turned.system.load_direction = Eigen::Vector3d(0.6, 0.8, 0.0);
  CHECK(sweep(parameter_family(turned, "force"), 0.1, 0.8).certificate.level == Level::checked);
}

}  // namespace test_certificate_levels
