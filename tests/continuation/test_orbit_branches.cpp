// Continuation of closed orbits in a parameter (continuation/orbit_branches.hpp, docs/manual.md
// section 9 "Continuation of orbits"): along a sweep the branch must follow the closed-form
// orbits of (64) with a rotation part, tend at a Hopf point to the period 2 pi/omega of the
// focus's eigenvalues with an amplitude ~ sqrt(distance), and end at the saddle-node on an
// invariant circle of the shifted disc at F* = 0.14049 with the exponent -1/2 of its period.
#include <doctest/doctest.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/dynamics/orbit_section.hpp"
#include "limitdir/system/problem.hpp"

#include "rotation_field.hpp"

namespace test_orbit_branches {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Newton on the return map stops at |P(s) - s| <= 1e-9 with P right to ~1e-10 (integrator
// tolerance 1e-12 over ~1e2 steps; dynamics/orbit_section.cpp), so the period and the
// multiplier are right to ~1e-9 relative; 1e-7 leaves a factor 100 (as the search's tests).
constexpr double kOrbitRelTol = 1e-7;

// ---- (64) with a rotation part, M = I (derived in tests/dynamics/test_closed_orbits.cpp) ------
// B = R B0 R^T, B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]], c = F R e3: the latitude
// circle sin th* = F/(a - lambda) is a closed orbit of period 2 pi/omega and multiplier
// exp(2 pi (lambda - a) cos^2 th*/omega).
struct Rotation {
  double a, lambda, omega;
  Eigen::Matrix3d R = ref::rotation_frame();
  double sin_theta(double F) const { return F / (a - lambda); }
  double multiplier(double F) const {
    return std::exp(2 * kPi * (lambda - a) * (1 - sin_theta(F) * sin_theta(F)) / omega);
  }
  ParameterFamily family() const {
    ParameterFamily f;
    f.name = "force";
    f.load_sweep = true;
    const Rotation self = *this;
    f.system = [self](double) { return ref::rotation_system(self.R, self.a, self.lambda, self.omega); };
    f.force = [](double p) { return p; };
    return f;
  }
};

}  // namespace

TEST_CASE("(64) with a rotation part: the continued branch has period 2 pi/omega and multiplier "
          "exp(2 pi (lambda - a) cos^2 theta*/omega) all along the sweep") {
  const Rotation rot{0.3, -0.4, 1.3};
  const ParameterFamily family = rot.family();
  const double F0 = 0.1, F1 = 0.6;
  // the start: Newton on the section from a point of the latitude circle at F0
  const System s0 = family.system(F0);
  const double z = rot.sin_theta(F0);
  const Eigen::Vector3d w0 = rot.R * Eigen::Vector3d(std::sqrt(1 - z * z), 0, z);
  const OrbitSection sec = OrbitSection::at(s0, F0, w0);
  const std::optional<ClosedOrbit> start = closed_orbit_on_section(s0, F0, sec, 0.01, 100.0);
  REQUIRE(start);
  const OrbitContinuation c = continue_orbit(family, F0, *start, F1, F1 - F0);
  CHECK(c.end.kind == "range-end");
  CHECK(c.points.back().p == F1);
  REQUIRE(c.points.size() >= 8);
  for (const OrbitPoint& q : c.points) {
    INFO("F = " << q.p);
    CHECK(q.period == doctest::Approx(2 * kPi / rot.omega).epsilon(kOrbitRelTol));
    CHECK(q.multiplier == doctest::Approx(rot.multiplier(q.p)).epsilon(kOrbitRelTol));
    CHECK((rot.R.transpose() * q.w)[2] == doctest::Approx(rot.sin_theta(q.p)).epsilon(kOrbitRelTol));
  }
}

namespace {

Problem bundled(const std::string& name) {
  return load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name + ".json");
}

/// The focus of general-hopf (the one limit direction whose J_T has complex eigenvalues).
Classification focus(const System& s, double F) {
  SolverOptions opt;
  opt.closed_orbits = false;
  const LimitSet set = find_limit_directions(s, F, opt);
  std::vector<Classification> foci;
  for (const Classification& c : set.directions)
    if (std::abs(c.eigenvalues(0).imag()) > 0) foci.push_back(c);
  REQUIRE(foci.size() == 1);
  return foci.front();
}

// The orbit of general-hopf at rho = 6 lives on F in (~0.7580, F_H ~ 0.75828): D ~ 3e-4 wide
// (tests/limits/test_orbit_proof.cpp). At a distance d from F_H its amplitude^2 and its period's
// gap to 2 pi/omega are linear in d up to O(d/D): within d <= D/10 = 3e-5, amplitude^2/d varies
// by ~d/D <= 10%; 0.2 allows twice that.
constexpr double kHopfNear = 3e-5;
constexpr double kSqrtLawTol = 0.2;
// The period at the branch's first point (amplitude ~0.02, d ~ 1e-6..1e-5) is 2 pi/omega(F_H) to
// O(d/D) ~ 3%: at most 5%.
constexpr double kHopfPeriodTol = 0.05;

ParameterFamily general_hopf_rho6() {
  Problem problem = bundled("general-hopf");
  problem.rho = RhoSpec{RhoSpec::Kind::value, 6.0};
  return parameter_family(problem, "force");
}

/// The diagram over [from, to] with the orbits born at its Hopf points, continued.
Diagram swept_with_orbits(const ParameterFamily& family, double from, double to) {
  Diagram diagram = sweep(family, from, to);
  confirm_hopf_events(family, diagram);
  continue_orbit_branches(family, diagram);
  return diagram;
}

}  // namespace

TEST_CASE("general-hopf.json at rho = 6: the orbit branch born at the Hopf point has period -> 2 pi/Im(lambda) "
          "of the focus and amplitude ~ sqrt(F_H - F)") {
  const ParameterFamily family = general_hopf_rho6();
  const Diagram diagram = swept_with_orbits(family, 0.7575, 0.7590);
  // F_H independently: bisection of trace J_T at the focus (the limit set alone, no orbit code)
  const System s = family.system(0.758);
  double lo = 0.7580, hi = 0.7584;
  REQUIRE(focus(s, lo).J_T.trace() < 0);
  REQUIRE(focus(s, hi).J_T.trace() > 0);
  for (int i = 0; i < 30; ++i) {
    const double mid = 0.5 * (lo + hi);
    (focus(s, mid).J_T.trace() < 0 ? lo : hi) = mid;
  }
  const double F_H = 0.5 * (lo + hi);
  REQUIRE(diagram.orbit_branches.size() == 1);
  const OrbitBranch& b = diagram.orbit_branches.front();
  INFO(b.reason << " | " << b.ends[0].reason << " | " << b.ends[1].reason);
  REQUIRE(b.hopf_event);
  CHECK(b.ends[0].kind == "hopf");
  CHECK(b.level == Level::checked);
  const OrbitPoint& first = b.points.front();
  const double omega = std::abs(focus(s, F_H).eigenvalues(0).imag());
  CHECK(std::abs(first.period - 2 * kPi / omega) <= kHopfPeriodTol * 2 * kPi / omega);
  // amplitude^2/(F_H - F) constant near the Hopf point
  std::vector<double> ratio;
  for (const OrbitPoint& q : b.points)
    if (F_H - q.p > 0 && F_H - q.p <= kHopfNear) ratio.push_back(q.amplitude * q.amplitude / (F_H - q.p));
  REQUIRE(ratio.size() >= 3);
  for (double r : ratio) CHECK(r == doctest::Approx(ratio.front()).epsilon(kSqrtLawTol));
  // the branch runs away from the Hopf point, below it (subcritical: the focus is stable there)
  for (std::size_t k = 1; k < b.points.size(); ++k) CHECK(b.points[k].p < b.points[k - 1].p);
  MESSAGE("general-hopf rho = 6: " << b.points.size() << " points, ends " << b.ends[0].kind << " at "
                                   << b.ends[0].p << ", " << b.ends[1].kind << " at " << b.ends[1].p << " ("
                                   << b.ends[1].reason << ")");
}

TEST_CASE("general-hopf.json at rho = 6 swept over 0.3-1.5: the Hopf point's orbits, ~3e-4 of F wide, are "
          "found closer to it than the first searches and followed to the focus and the homoclinic loop") {
  const ParameterFamily family = general_hopf_rho6();
  const Diagram diagram = swept_with_orbits(family, 0.3, 1.5);
  const auto hopf = std::find_if(diagram.events.begin(), diagram.events.end(),
                                 [](const Event& e) { return e.kind == EventKind::hopf; });
  REQUIRE(hopf != diagram.events.end());
  REQUIRE(hopf->born);
  INFO(hopf->born->reason);
  // the first searches at -+hopf_offset lie outside the orbits (F_H - ~5e-3 is below the loop)
  CHECK(hopf_offset(diagram, *hopf) > 1e-3);
  CHECK(hopf->born->kind == "subcritical");
  CHECK(hopf->p - hopf->born->p_below < 0.5 * hopf_offset(diagram, *hopf));
  REQUIRE(diagram.orbit_branches.size() == 1);
  const OrbitBranch& b = diagram.orbit_branches.front();
  INFO(b.ends[0].reason << " | " << b.ends[1].reason);
  CHECK(b.ends[0].kind == "hopf");
  CHECK(b.ends[1].kind == "homoclinic");
  CHECK(b.level == Level::checked);
  // at the focus: the period tends to 2 pi/Im(lambda) (as the narrow sweep's test above)
  const System s = family.system(hopf->p);
  const double omega = std::abs(focus(s, hopf->p).eigenvalues(0).imag());
  CHECK(std::abs(b.points.front().period - 2 * kPi / omega) <= kHopfPeriodTol * 2 * kPi / omega);
  // a branch point in the middle: the orbit search at its load, which knows nothing of the
  // branch, finds a repelling orbit through it with its period
  const OrbitPoint& mid = b.points[b.points.size() / 2];
  SolverOptions opt;
  opt.closed_orbits = false;
  const LimitSet limits = find_limit_directions(family.system(mid.p), family.force(mid.p), opt);
  const OrbitSearch search = find_closed_orbits(family.system(mid.p), family.force(mid.p), limits);
  REQUIRE(search.complete());
  bool seen = false;
  for (const ClosedOrbit& o : search.orbits)
    seen = seen || (o.stability == OrbitStability::repelling &&
                    std::abs(o.period - mid.period) <= kOrbitRelTol * mid.period);
  CHECK(seen);
}

namespace {

// docs/manual.md section 9: the saddle-node on an invariant circle of disc-shift at F* = 0.14049,
// given to 5 digits: +-5e-6. The fitted exponent within 0.05 of -1/2 (the brief of issue 38;
// the power law's corrections O(|F* - F|^(1/2)) over the fitted window, |F* - F| <~ 1e-3, are a few %).
constexpr double kSnicLoad = 0.14049;
constexpr double kSnicLoadDigits = 5e-6;
constexpr double kSnicExponentTol = 0.05;

}  // namespace

TEST_CASE("disc-shift.json: the orbit branch from F = 0 ends at the saddle-node on an invariant circle "
          "F* = 0.14049 with period ~ (F* - F)^(-1/2)") {
  const ParameterFamily family = parameter_family(bundled("disc-shift"), "force");
  const double from = 0.0, to = 0.15;
  const System s = family.system(from);
  const LimitSet set = find_limit_directions(s, from);
  REQUIRE(set.closed_orbits.size() == 2);  // the two latitude circles, images under the rotation by pi
  const OrbitContinuation c = continue_orbit(family, from, set.closed_orbits.front(), to, to - from);
  INFO(c.end.reason);
  CHECK(c.end.kind == "snic");
  REQUIRE(c.end.exponent);
  CHECK(std::abs(*c.end.exponent + 0.5) <= kSnicExponentTol);
  CHECK(std::abs(c.end.p - kSnicLoad) <= kSnicLoadDigits + c.end.p_error);
  MESSAGE("disc-shift: " << c.points.size() << " points, end " << c.end.kind << " at " << c.end.p << " +- "
                         << c.end.p_error << ", exponent " << *c.end.exponent);
}

}  // namespace test_orbit_branches
