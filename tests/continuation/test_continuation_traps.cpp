// Traps for the continuation and its certificate: narrow isolas between the check values, fold
// pairs far below any mesh, several events in one step, a transcritical branch point, a loop
// whose closure overshoots its start, and regions against find-limits at interior points (a
// Hopf point inside one step: continuation/test_continuation_topology.cpp).
// Every expected value is independent of lib/src/continuation/continuation.cpp: the closed forms (130),
// (133), (138) [Nonlinear Dyn. 2024] (from the model's C_i, S_i), carried to general systems by
// the rotational symmetry of the disc about e3; the exact model's fold by a golden-section
// maximisation of |C - 8/9 S| sqrt(1 - w3^2) on its meridian functions ((131) on the invariant
// circle); closed-form eigenvalues of hand-made linear systems; and find_limit_directions,
// a different algorithm, at points the continuation never visited.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"

namespace test_continuation_traps {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kDiscRow3 = 8.0 / 9.0;  // (126): rho = kappa = 2R/3, j = 1/2

Problem disc(const std::string& model, int N = 2) {
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = model;
  if (model == "harmonic") p.friction.degree = N;
  return p;
}

/// (138) for N = 2: F_F = sqrt(4 (k1 + k2)^3/(27 k2)) with k_i = C_i - 8/9 S_i.
double fold_N2(const Problem& p) {
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double k1 = h.C()[0] - kDiscRow3 * h.S()[0], k2 = h.C()[1] - kDiscRow3 * h.S()[1];
  return std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2));
}

/// The exact model's fold: max over w3 of |C(w3) - 8/9 S(w3)| sqrt(1 - w3^2) (from (131),
/// w1 (C - 8/9 S) = -F on the circle w2 = 0), by golden section on w3 in [0.5, 1] where the
/// non-trivial directions with w1 < 0 lie (the maximum is unimodal there).
double fold_exact(const Problem& p) {
  const auto model = make_friction_model(p);
  const auto& a = dynamic_cast<const AxisymmetricModel&>(*model);
  const auto f = [&](double w3) {
    const double w12 = std::sqrt((1 - w3) * (1 + w3));
    const MeridianValue m = a.meridian_values(w12, w3);
    return std::abs(m.C - kDiscRow3 * m.S) * w12;
  };
  const double r = (std::sqrt(5.0) - 1) / 2;
  double lo = 0.5, hi = 0.999;
  double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  for (int k = 0; k < 200 && hi - lo > 1e-13; ++k) {
    if (f(x1) < f(x2)) {
      lo = x1;
      x1 = x2;
      x2 = lo + r * (hi - lo);
    } else {
      hi = x2;
      x2 = x1;
      x1 = hi - r * (hi - lo);
    }
  }
  return f(0.5 * (lo + hi));
}

/// The disc's mass matrix and a load turned by alpha about e3: c = R (F - 1/2, y, 0), the disc
/// at load |c| = sqrt((F - 1/2)^2 + y^2) by rotational symmetry.
Problem rotated_isola(Problem p, double y, double alpha) {
  const Eigen::Matrix3d R = Eigen::AngleAxisd(alpha, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  p.system.preset = "general";
  p.system.mass = Eigen::Vector3d(1.0, 1.0, 1.0 / kDiscRow3).asDiagonal();
  p.system.load_direction = R * Eigen::Vector3d::UnitX();
  p.system.load_offset = R * Eigen::Vector3d(-0.5, y, 0.0);
  return p;
}

std::vector<const Event*> of_kind(const Diagram& d, EventKind k) {
  std::vector<const Event*> out;
  for (const Event& e : d.events)
    if (e.kind == k) out.push_back(&e);
  return out;
}

int closed_branches(const Diagram& d) {
  int n = 0;
  for (const Branch& b : d.branches) n += b.closed;
  return n;
}

/// Each region's count and types equal find-limits' at three interior points.
void check_regions_against_find_limits(const ParameterFamily& family, const Diagram& d) {
  for (const Region& r : d.regions) {
    for (double s : {0.25, 0.5, 0.75}) {
      const double p = r.from + s * (r.to - r.from);
      CAPTURE(r.from);
      CAPTURE(r.to);
      CAPTURE(p);
      const LimitSet L = find_limit_directions(family.system(p), family.force(p));
      if (!L.circles.empty()) continue;
      CHECK(L.certificate.complete());
      std::map<std::string, int> types;
      for (const auto& c : L.directions) ++types[to_string(c.radial) + " " + to_string(c.type)];
      CHECK(static_cast<int>(L.directions.size()) == r.count);
      CHECK(std::vector<std::pair<std::string, int>>(types.begin(), types.end()) == r.types);
    }
  }
}

}  // namespace

TEST_CASE("(138) narrow isolas between the check values: found for any rotation of the load about e3, also exact") {
  struct Case {
    std::string model;
    double y, alpha;
  };
  const double FF2 = fold_N2(disc("harmonic")), FFx = fold_exact(disc("exact"));
  // y just below F_F: the isolas live on 0.5 -+ sqrt(F_F^2 - y^2), ~0.004 wide for N = 2,
  // between two of the 16 check values of [0.35, 0.66] (0.018 apart)
  for (const Case& c : {Case{"harmonic", 0.0489, 0.0}, Case{"harmonic", 0.0489, 0.7}, Case{"harmonic", 0.045, 2.3},
                        Case{"exact", FFx - 0.0005, 1.1}}) {
    CAPTURE(c.model);
    CAPTURE(c.y);
    CAPTURE(c.alpha);
    const double FF = c.model == "exact" ? FFx : FF2;
    REQUIRE(c.y < FF);
    const double half = std::sqrt(FF * FF - c.y * c.y);
    const ParameterFamily family = parameter_family(rotated_isola(disc(c.model), c.y, c.alpha), "force");
    const Diagram d = sweep(family, 0.35, 0.66);
    INFO(d.certificate.reason);
    CHECK(d.certificate.complete());
    CHECK(closed_branches(d) == 2);  // the mirror pair of isolas, each traced once
    const auto folds = of_kind(d, EventKind::fold);
    REQUIRE(folds.size() == 2);
    // the golden section locates the exact model's F_F to ~1e-12 in F (the maximum is flat)
    const double tol = c.model == "exact" ? 1e-7 : 1e-10;
    CHECK(std::abs(folds[0]->p - (0.5 - half)) <= tol);
    CHECK(std::abs(folds[1]->p - (0.5 + half)) <= tol);
    for (const Event* e : folds) CHECK(e->directions.size() == 2);
    check_regions_against_find_limits(family, d);
  }
}

TEST_CASE("(138) pairs born 1e-10 from a fold: find-limits finds all 8 limit directions, with any mesh") {
  // At |c| = F_F - delta the disc has the 4 directions of Case 3 and the pair of each fold,
  // ~sqrt(delta) apart: 8 in all, index sum 2.
  const Problem base = disc("harmonic");
  const double FF = fold_N2(base), y = 0.049;
  const double F_fold = 0.5 - std::sqrt(FF * FF - y * y);
  const System sys = make_system(rotated_isola(base, y, 0.4));
  for (double delta : {1e-5, 1e-8, 1e-10}) {
    for (int level : {4, 2}) {
      CAPTURE(delta);
      CAPTURE(level);
      SolverOptions opt;
      opt.mesh_level = level;
      const LimitSet L = find_limit_directions(sys, F_fold + delta, opt);
      CHECK(L.directions.size() == 8);
      CHECK(L.certificate.index_sum == 2);
      CHECK(L.certificate.complete());
    }
  }
}

TEST_CASE("(130), (133), (138): several events inside one step of --h-max 0.5 are located one by one") {
  const Problem p = disc("harmonic");
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double FT = h.C()[0], FP = h.C()[0] - kDiscRow3 * h.S()[0], FF = fold_N2(p);
  ContinuationOptions opt;
  opt.h_max = 0.5;
  opt.h_initial = 0.5;
  const ParameterFamily family = parameter_family(p, "force");
  const Diagram d = sweep(family, 0.0, 1.5, opt);
  INFO(d.certificate.reason);
  CHECK(d.certificate.complete());
  const auto folds = of_kind(d, EventKind::fold), pitchforks = of_kind(d, EventKind::pitchfork),
             tangencies = of_kind(d, EventKind::tangency);
  REQUIRE(folds.size() == 1);
  REQUIRE(pitchforks.size() == 1);
  REQUIRE(tangencies.size() == 1);
  CHECK(std::abs(folds[0]->p - FF) <= 1e-10);
  CHECK(std::abs(pitchforks[0]->p - FP) <= 1e-10);
  CHECK(std::abs(tangencies[0]->p - FT) <= 1e-10);
  check_regions_against_find_limits(family, d);
}

TEST_CASE("A transcritical branch point (no symmetry) at F = mu - lambda1 on a linear system") {
  // q = Pi w with Pi e1 = lambda1 e1, M = I, c = (F, 0, 0): +-e1 are limit directions for every
  // F (rdot = lambda1 +- F), and J_T there is the compression [[b22, b23], [b32, b33]] - rdot I,
  // singular when rdot is one of its eigenvalues mu: another branch crosses e1 at
  // F = mu - lambda1 and -e1 at F = lambda1 - mu. Pi12, Pi13 != 0 and b23 != b32 leave no
  // reflection symmetry: branch points, no pitchfork.
  const double lambda1 = -1.0, b22 = -0.5, b23 = 0.2, b32 = 0.1, b33 = -1.4;
  Eigen::Matrix3d Pi;
  Pi << lambda1, 0.3, -0.2, 0.0, b22, b23, 0.0, b32, b33;
  const double tr = b22 + b33, det = b22 * b33 - b23 * b32;
  const double mu1 = 0.5 * tr + std::sqrt(0.25 * tr * tr - det), mu2 = 0.5 * tr - std::sqrt(0.25 * tr * tr - det);
  // in [0, 1]: e1 at mu1 - lambda1 = 0.5217, -e1 at lambda1 - mu2 = 0.4217 (the others are < 0)
  const std::vector<std::pair<double, Eigen::Vector3d>> expected{{lambda1 - mu2, -Eigen::Vector3d::UnitX()},
                                                                 {mu1 - lambda1, Eigen::Vector3d::UnitX()}};
  auto model = std::make_shared<const LinearModel>(Pi, 1.0, 1.0, "transcritical test model");
  ParameterFamily family;
  family.name = "force";
  family.system = [model](double) {
    return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), model);
  };
  family.force = [](double p) { return p; };
  const Diagram d = sweep(family, 0.0, 1.0);
  INFO(d.certificate.reason);
  CHECK(d.certificate.complete());
  const auto bps = of_kind(d, EventKind::branch_point);
  REQUIRE(bps.size() == 2);
  CHECK(of_kind(d, EventKind::pitchfork).empty());
  for (std::size_t k = 0; k < 2; ++k) {
    CHECK(std::abs(bps[k]->p - expected[k].first) <= 1e-9);
    CHECK((bps[k]->directions.front() - expected[k].second).norm() <= 1e-7);
    CHECK(bps[k]->branches.size() >= 2);  // the crossing branch was switched to
  }
  check_regions_against_find_limits(family, d);
}

TEST_CASE("(138) a loop whose closure overshoots its start (--h-max 0.2) is closed once") {
  const Problem base = disc("harmonic");
  const double FF = fold_N2(base), y = 0.045;
  const double half = std::sqrt(FF * FF - y * y);
  ContinuationOptions opt;
  opt.h_max = 0.2;
  const ParameterFamily family = parameter_family(rotated_isola(base, y, 0.0), "force");
  const Diagram d = sweep(family, 0.3, 0.71, opt);
  INFO(d.certificate.reason);
  CHECK(d.certificate.complete());
  CHECK(closed_branches(d) == 2);
  for (const Branch& b : d.branches) {
    if (!b.closed) continue;
    // the loop ends where it started, and no point before the end comes back there
    CHECK((b.points.back().w - b.points.front().w).norm() <= 1e-9);
    for (std::size_t i = 2; i + 2 < b.points.size(); ++i)
      CHECK((b.points[i].w - b.points[0].w).norm() + std::abs(b.points[i].p - b.points[0].p) > 1e-6);
  }
  const auto folds = of_kind(d, EventKind::fold);
  REQUIRE(folds.size() == 2);
  CHECK(std::abs(folds[0]->p - (0.5 - half)) <= 1e-10);
  CHECK(std::abs(folds[1]->p - (0.5 + half)) <= 1e-10);
}

TEST_CASE("Every region of the hollow ball's diagram agrees with find-limits at interior points") {
  // The hollow ball (j = 2/3, lambda = 10, Hertz, N = 3) has a narrow region between its
  // pitchfork and its tangency, where a branch once stepped across the pitchfork and back.
  Problem p;
  p.system.preset = "ball";
  p.system.j = 2.0 / 3.0;
  p.system.lambda = 10;
  p.pressure = Pressure::hertz();
  p.friction.model = "harmonic";
  p.friction.degree = 3;
  const ParameterFamily family = parameter_family(p, "force");
  const Diagram d = sweep(family, 0.0, 3.0);
  INFO(d.certificate.reason);
  CHECK(d.certificate.complete());
  CHECK(d.regions.size() >= 3);
  check_regions_against_find_limits(family, d);
  // classify --regions recomputes them from the branches alone: the same
  const std::vector<Region> again = regions_of(d);
  REQUIRE(again.size() == d.regions.size());
  for (std::size_t i = 0; i < again.size(); ++i) {
    CAPTURE(again[i].from);
    CHECK(again[i].count == d.regions[i].count);
    CHECK(again[i].types == d.regions[i].types);
  }
}

TEST_CASE("(132) the event loads of the invariant circle are a cross-check of every located event (disc N = 2: F_F, F_P, F_T)") {
  // The sweep predicts the folds, pitchforks and tangencies of the invariant circle from the
  // polynomial h(u) = A(u)^2 (1 - u) of (132) and demands each be located (and nothing else):
  // for the disc with N = 2 on [0, 1.5] these are the closed forms (138), (133), (130).
  const Diagram d = sweep(parameter_family(disc("harmonic"), "force"), 0.0, 1.5);
  CHECK(d.certificate.complete());
  CHECK(d.certificate.reason.find("the 3 event load(s) of (132) on the invariant circle were all located") !=
        std::string::npos);
  // and the continuum at F = 0, where the sweep starts (c1 = 0: not an event of (132))
  REQUIRE(d.events.size() == 4);
  CHECK(d.events.front().kind == EventKind::continuum);
  CHECK(d.events.front().p == 0.0);
}

TEST_CASE("(64)-(67), (130), (133): the linear-fit disc's events are those of (132) with constant C, S (Fig. 13)") {
  // Pi = diag(-1, -1, -1) for the uniform disc with rho = kappa (pure sliding: q = -e1, pure
  // spin: q3 = -1), i.e. C = S = 1: the pitchfork at c1 = |b1 C - b3 S| = 1 - 8/9 (b3 = 8/9 by
  // (126)) and the tangency at c1 = b1 C = 1 (c1 = F for the disc), and nothing else.
  const Diagram d = sweep(parameter_family(disc("linear-fit"), "force"), 0.0, 1.5);
  INFO(d.certificate.reason);
  CHECK(d.certificate.complete());
  CHECK(d.certificate.reason.find("the 2 event load(s) of (132) on the invariant circle were all located") !=
        std::string::npos);
  // (and the continuum at F = 0 where the sweep starts: the equator, Fig. 15)
  REQUIRE(d.events.size() == 3);
  CHECK(d.events[0].kind == EventKind::continuum);
  CHECK(d.events[0].p == 0.0);
  CHECK(d.events[1].kind == EventKind::pitchfork);
  CHECK(std::abs(d.events[1].p - (1.0 - kDiscRow3)) <= 1e-10);
  CHECK(d.events[2].kind == EventKind::tangency);
  CHECK(std::abs(d.events[2].p - 1.0) <= 1e-10);
}

TEST_CASE("(138) narrow isolas found by the rigorous event search alone (interval arithmetic over S^2 x [F0, F1])") {
  // No limit curve and no interior check values: only the windows of enclose_events can lead
  // continuation to the mirror pair of isolas 0.5 -+ sqrt(F_F^2 - y^2) (~0.006 wide).
  const double FF = fold_N2(disc("harmonic")), y = 0.0489;
  const double half = std::sqrt(FF * FF - y * y);
  const ParameterFamily family = parameter_family(rotated_isola(disc("harmonic"), y, 0.4), "force");
  ContinuationOptions opt;
  opt.curve_level = 0;
  opt.checks = 0;
  SUBCASE("without the event search the isolas are missed, and the certificate says no global search was made") {
    const Diagram d = sweep(family, 0.35, 0.66, opt);
    CHECK(closed_branches(d) == 0);
    CHECK(d.certificate.reason.find("no global search") != std::string::npos);
  }
  SUBCASE("with it every fold is located, each in a window, and nothing else is possible") {
    opt.enclose_events = true;
    const Diagram d = sweep(family, 0.35, 0.66, opt);
    INFO(d.certificate.reason);
    CHECK(d.certificate.complete());
    CHECK(closed_branches(d) == 2);
    const auto folds = of_kind(d, EventKind::fold);
    REQUIRE(folds.size() == 2);
    CHECK(std::abs(folds[0]->p - (0.5 - half)) <= 1e-10);
    CHECK(std::abs(folds[1]->p - (0.5 + half)) <= 1e-10);
    CHECK(d.certificate.reason.find("excludes every fold, branch point, tangency and Hopf point outside") !=
          std::string::npos);
    // each of the 4 fold windows (2 loads x 2 mirror directions) holds exactly one simple fold
    // (Krawczyk on (g, det Dg)): the events and the regions are proven; the branches are
    // proven only where every segment drawn is enclosed (the loops' segments at their folds
    // are not, today), and the diagram's level is theirs
    const Claim* events = find_claim(d.certificate, "events");
    const Claim* regions = find_claim(d.certificate, "regions");
    const Claim* branches = find_claim(d.certificate, "branches");
    REQUIRE((events && regions && branches));
    CHECK(events->level == Level::proven);
    CHECK(regions->level == Level::proven);
    CHECK(branches->level != Level::incomplete);
    CHECK(d.certificate.level == branches->level);
    check_regions_against_find_limits(family, d);
  }
}

}  // namespace test_continuation_traps
