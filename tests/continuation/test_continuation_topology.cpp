// Branch topology of the continuation (issue: loops traced once, continua crossed): checked
// against (137)-(138) of [Nonlinear Dyn. 2024] carried over by the rotational symmetry of the disc.
#include <doctest/doctest.h>

#include <cmath>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"

namespace test_continuation_topology {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {
Problem disc_n2() {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = "harmonic";
  p.friction.degree = 2;
  return p;
}

// (137)-(138) for the disc (M^-1 = diag(1, 1, 8/9) with rho = kappa): k1, k2 from C_i, S_i and
// F_F = sqrt(4 (k1 + k2)^3/(27 k2)), F_P = k1 (133), F_T = C1 (130).
struct Closed {
  double FT, FP, FF;
};
Closed closed_forms(const Problem& p) {
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double k1 = h.C()[0] - 8.0 / 9.0 * h.S()[0], k2 = h.C()[1] - 8.0 / 9.0 * h.S()[1];
  return {h.C()[0], k1, std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2))};
}

int count(const Diagram& d, EventKind k) {
  int n = 0;
  for (const auto& e : d.events) n += e.kind == k;
  return n;
}
}  // namespace

TEST_CASE("A closed branch (isola) is recognised and traced once: folds at |c| = F_F (138)") {
  // General system: the disc's M with the load c = (F - 1/2, 0.01, 0). By the rotational
  // symmetry of the disc about e3 this is the disc at load |c|, so the Case-4 limit directions
  // exist for |c| < F_F only: two isolas (a mirror pair under w3 -> -w3) between the folds at
  // F = 1/2 -+ sqrt(F_F^2 - 0.01^2).
  Problem p = disc_n2();
  const Closed cf = closed_forms(p);
  p.system.preset = "general";
  p.system.mass = Eigen::Vector3d(1.0, 1.0, 9.0 / 8.0).asDiagonal();
  p.system.load_direction = Eigen::Vector3d::UnitX();
  p.system.load_offset = Eigen::Vector3d(-0.5, 0.01, 0.0);
  const Diagram d = sweep(parameter_family(p, "force"), 0.3, 0.7);
  CHECK(d.certificate.complete());
  int closed = 0;
  for (const auto& b : d.branches) closed += b.closed;
  CHECK(closed == 2);
  const double half = std::sqrt(cf.FF * cf.FF - 1e-4);
  REQUIRE(count(d, EventKind::fold) == 2);
  CHECK(std::abs(d.events.front().p - (0.5 - half)) <= 1e-10);
  CHECK(std::abs(d.events.back().p - (0.5 + half)) <= 1e-10);
  for (const auto& e : d.events) CHECK(e.directions.size() == 2);  // the mirror pair, once
  // each closed branch is traced once: its points go round once (no repeated segment)
  for (const auto& b : d.branches) {
    if (!b.closed) continue;
    for (std::size_t i = 2; i + 1 < b.points.size(); ++i)
      CHECK((b.points[i].w - b.points[0].w).norm() + std::abs(b.points[i].p - b.points[0].p) > 1e-6);
  }
}

TEST_CASE("Sweeping through F = 0: the events of Sect. 7.4 at +-F_F, +-F_P, +-F_T, each once") {
  const Problem p = disc_n2();
  const Closed cf = closed_forms(p);
  const Diagram d = sweep(parameter_family(p, "force"), -1.5, 1.5);
  CHECK(d.certificate.complete());
  CHECK(count(d, EventKind::fold) == 2);
  CHECK(count(d, EventKind::pitchfork) == 2);
  CHECK(count(d, EventKind::tangency) == 2);
  CHECK(count(d, EventKind::continuum) == 1);
  for (const auto& e : d.events) {
    CAPTURE(to_string(e.kind));
    CAPTURE(e.p);
    const double a = std::abs(e.p);
    if (e.kind == EventKind::fold) CHECK(std::abs(a - cf.FF) <= 1e-10);
    if (e.kind == EventKind::pitchfork) CHECK(std::abs(a - cf.FP) <= 1e-10);
    if (e.kind == EventKind::tangency) CHECK(std::abs(a - cf.FT) <= 1e-10);
    CHECK(e.kind != EventKind::branch_point);                 // where branches meet the circles: the continuum
    if (e.kind == EventKind::continuum) CHECK(e.p == 0.0);  // F = 0 exactly (c1 = 0, Fig. 16)
    CHECK(e.kind != EventKind::hopf);
  }
  // the regions are symmetric about F = 0 (F -> -F with w1 -> -w1 maps the disc to itself)
  const auto& r = d.regions;
  REQUIRE(!r.empty());
  for (std::size_t i = 0; i < r.size(); ++i) {
    CHECK(r[i].count == r[r.size() - 1 - i].count);
    CHECK(std::abs(r[i].from + r[r.size() - 1 - i].to) <= 1e-9);
  }
}

/// Linear model q = Pi w with Pi = [[-1, -a, 0], [a, -1, 0], [0, 0, -b]], M = I, c = (0, 0, F):
/// the pole e3 is a limit direction for every F with rdot = F - b, and on its tangent plane
/// J_T = [[-1 - rdot, -a], [a, -1 - rdot]] has eigenvalues (b - 1 - F) +- i a: a stable focus
/// for F < b - 1, an unstable one above (Hopf at F = b - 1), and tangency at F = b (130-like).
static ParameterFamily rotating_family(double a, double b) {
  Eigen::Matrix3d Pi;
  Pi << -1, -a, 0, a, -1, 0, 0, 0, -b;
  auto model = std::make_shared<const LinearModel>(Pi, 1.0, 1.0, "rotating linear test model");
  ParameterFamily family;
  family.name = "force";
  family.system = [model](double) {
    return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(), model);
  };
  family.force = [](double p) { return p; };
  return family;
}

TEST_CASE("Hopf point on the sphere: a complex pair of J_T crosses the imaginary axis at F = b - 1") {
  const double a = 0.7, b = 1.5;
  const Diagram d = sweep(rotating_family(a, b), 0.0, 2.0);
  CHECK(d.certificate.complete());
  int hopf = 0, tangency = 0;
  for (const auto& e : d.events) {
    CAPTURE(to_string(e.kind));
    CAPTURE(e.p);
    if (e.kind == EventKind::hopf) {
      ++hopf;
      CHECK(std::abs(e.p - (b - 1)) <= 1e-10);
      CHECK((e.directions.front() - Eigen::Vector3d::UnitZ()).norm() <= 1e-8);
    }
    if (e.kind == EventKind::tangency && (e.directions.front() - Eigen::Vector3d::UnitZ()).norm() <= 1e-8) {
      ++tangency;
      CHECK(std::abs(e.p - b) <= 1e-10);
    }
  }
  CHECK(hopf == 1);
  CHECK(tangency == 1);
}

TEST_CASE("A Hopf point crossed inside one step (--h-max 1) is located at F = b - 1") {
  // steps of 1.0 jump over the Hopf point and the tangency at F = b
  const double a = 0.7, b = 1.5;
  ContinuationOptions opt;
  opt.h_max = 1.0;
  opt.h_initial = 1.0;
  const Diagram d = sweep(rotating_family(a, b), 0.0, 2.0, opt);
  CHECK(d.certificate.complete());
  int hopf = 0;
  for (const auto& e : d.events) {
    if (e.kind != EventKind::hopf) continue;
    ++hopf;
    CHECK(std::abs(e.p - (b - 1)) <= 1e-10);
    CHECK((e.directions.front() - Eigen::Vector3d::UnitZ()).norm() <= 1e-8);
  }
  CHECK(hopf == 1);
}

}  // namespace test_continuation_topology
