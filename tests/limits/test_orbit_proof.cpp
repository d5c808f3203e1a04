// prove_closed_orbit (limits/orbit_proof.hpp, docs/manual.md section 9 "Proof of an orbit"): the
// computer-assisted proof of one closed orbit by the Krawczyk operator on the return map of a
// validated integrator. Its enclosures must hold the closed-form period and multiplier of a
// known orbit, the values of the numerical search (Dormand-Prince and Liouville's formula, a
// different algorithm) on a system without closed form, and the period 2 pi/omega of the focus
// at a Hopf point in the limit; a proof that does not hold says "checked" and why.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

#include "rotation_field.hpp"

namespace test_orbit_proof {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Narrowness (not correctness: the enclosures are rigorous). Measured: the rotation's periods
// to 4e-12 and 1.2e-10, multipliers to 3e-6 and 5e-6 relative; general-hopf's period to ~1e-7
// (the fixed point's place in X times dT/ds ~ 1/|n . g|, slow near the focus) and multiplier
// to 5e-4 relative. The bounds leave a factor >= 10 against a regression of the integrator.
constexpr double kRotationPeriodWidth = 1e-8;
constexpr double kRotationMultiplierRelWidth = 1e-4;
constexpr double kHopfPeriodWidth = 1e-5;
constexpr double kHopfMultiplierRelWidth = 1e-2;
// The search's period and multiplier are right to ~1e-9 (tests/dynamics/test_closed_orbits.cpp:
// Newton on the return map to 1e-9 at an integrator tolerance of 1e-12, the multiplier from
// the integral of the divergence); 1e-7 relative leaves a factor 100.
constexpr double kSearchRelTol = 1e-7;

// ---- (64) with a rotation part, M = I (derived in tests/dynamics/test_closed_orbits.cpp) ------
// B = R B0 R^T, B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]], c = c3 R e3: the latitude
// circle sin th* = c3/(a - lambda) is a closed orbit of period 2 pi/omega and multiplier
// exp(2 pi (lambda - a) cos^2 th*/omega).
struct Rotation {
  double a, lambda, omega, c3;
  Eigen::Matrix3d R = ref::rotation_frame();
  System system() const { return ref::rotation_system(R, a, lambda, omega); }
  double sin_theta() const { return c3 / (a - lambda); }
  double period() const { return 2 * kPi / omega; }
  double multiplier() const { return std::exp(2 * kPi * (lambda - a) * (1 - sin_theta() * sin_theta()) / omega); }
  /// The orbit as the closed form gives it: a point, the period, a polyline of the circle.
  ClosedOrbit orbit() const {
    ClosedOrbit o;
    const double z = sin_theta(), c = std::sqrt(1 - z * z);
    for (int k = 0; k < 64; ++k) {
      const double ph = 2 * kPi * k / 64;
      o.polyline.push_back(R * Eigen::Vector3d(c * std::cos(ph), c * std::sin(ph), z));
    }
    o.w = o.polyline.front();
    o.period = period();
    return o;
  }
};

bool holds(const std::array<double, 2>& enclosure, double x) { return enclosure[0] <= x && x <= enclosure[1]; }

// ---- share/problems/general-hopf.json at rho = 6 ----------------------------------------------
// Its Hopf curve (docs/manual.md section 13) crosses rho = 6 at F_H ~ 0.75828: below F_H the
// focus is stable and a repelling orbit surrounds it (subcritical), found by the search.
System hopf_system() {
  Problem problem = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/general-hopf.json");
  problem.rho = RhoSpec{RhoSpec::Kind::value, 6.0};
  return make_system(problem);
}

LimitSet limits_only(const System& s, double F) {
  SolverOptions opt;
  opt.closed_orbits = false;
  return find_limit_directions(s, F, opt);
}

/// The focus (the one limit direction whose J_T has complex eigenvalues).
Classification focus(const System& s, double F) {
  const LimitSet set = limits_only(s, F);
  std::vector<Classification> foci;
  for (const Classification& c : set.directions)
    if (std::abs(c.eigenvalues(0).imag()) > 0) foci.push_back(c);
  REQUIRE(foci.size() == 1);
  return foci.front();
}

/// The orbit of the search at F (exactly one).
ClosedOrbit searched_orbit(const System& s, double F) {
  const OrbitSearch search = find_closed_orbits(s, F, limits_only(s, F));
  INFO(search.summary());
  REQUIRE(search.orbits.size() == 1);
  return search.orbits.front();
}

}  // namespace

TEST_CASE("(64) with a rotation part: the proven period and multiplier enclose 2 pi/omega and "
          "exp(2 pi (lambda - a) cos^2 theta*/omega)") {
  // attracting (a > lambda) and repelling (a < lambda), the orbit given by its closed form
  for (const Rotation& rot : {Rotation{0.3, -0.4, 1.3, 0.35}, Rotation{-0.3, 0.4, 0.8, -0.35}}) {
    const OrbitProof p = prove_closed_orbit(rot.system(), rot.c3, rot.orbit());
    INFO(p.reason);
    REQUIRE(p.proven);
    CHECK(holds(p.period, rot.period()));
    CHECK(holds(p.multiplier, rot.multiplier()));
    CHECK(p.period[1] - p.period[0] <= kRotationPeriodWidth);
    CHECK(p.multiplier[1] - p.multiplier[0] <= kRotationMultiplierRelWidth * rot.multiplier());
    CHECK((rot.a > rot.lambda ? p.multiplier[1] < 1 : p.multiplier[0] > 1));
    // the section's ends lie on the orbit's circle to the width of X (2e-9 in the chart)
    for (const Eigen::Vector3d& w : {p.section_from, p.section_to})
      CHECK(std::abs(w.dot(rot.R.col(2)) - rot.sin_theta()) <= 1e-6);
  }
}

TEST_CASE("(64) with a rotation part: proofs that do not hold say checked and why") {
  // a great circle (c3 = 0) has no gnomonic chart about its centre
  const Rotation great{0.3, -0.4, 1.3, 0.0};
  const OrbitProof g = prove_closed_orbit(great.system(), 0.0, great.orbit());
  CHECK_FALSE(g.proven);
  CHECK(g.reason.find("hemisphere") != std::string::npos);
  // a rigid rotation (a = lambda, c = 0): every latitude circle is an orbit of multiplier 1, none
  // isolated, so no X holds exactly one (P'(X) holds 1 and K(X) cannot lie inside X)
  Rotation rigid{0.3, 0.3, 1.3, 0.0};
  ClosedOrbit latitude = Rotation{0.3, -0.4, 1.3, 0.35}.orbit();  // the circle sin th = 0.5
  const OrbitProof n = prove_closed_orbit(rigid.system(), 0.0, latitude);
  INFO(n.reason);
  CHECK_FALSE(n.proven);
  CHECK(n.reason.rfind("not proven: ", 0) == 0);
  // an integrator of order 4 whose steps only the remainder bounds (step_tol 1), at a width of
  // 1e-2 per unit time: the enclosure grows too wide (beyond 1e-2) before the return
  const Rotation rot{0.3, -0.4, 1.3, 0.35};
  OrbitProofOptions coarse;
  coarse.order = 4;
  coarse.step_tol = 1.0;
  coarse.rem_rate = 1e-2;
  const OrbitProof c = prove_closed_orbit(rot.system(), rot.c3, rot.orbit(), coarse);
  INFO(c.reason);
  CHECK_FALSE(c.proven);
  CHECK(c.reason.find("not proven: the enclosure grew too wide") == 0);
  // options out of range are bad input
  OrbitProofOptions bad;
  bad.order = 15;
  CHECK_THROWS_AS(prove_closed_orbit(rot.system(), rot.c3, rot.orbit(), bad), InputError);
  bad = {};
  bad.radii = {0.0};
  CHECK_THROWS_AS(prove_closed_orbit(rot.system(), rot.c3, rot.orbit(), bad), InputError);
}

TEST_CASE("general-hopf.json at rho = 6 below its Hopf point: the proof encloses the search's period and "
          "multiplier, and find-limits reports it without calling the list complete") {
  const System s = hopf_system();
  const double F = 0.7582;
  SolverOptions opt;
  const LimitSet set = find_limit_directions(s, F, opt);
  REQUIRE(set.closed_orbits.size() == 1);
  const ClosedOrbit& o = set.closed_orbits.front();
  REQUIRE(o.proof);
  INFO(o.proof->reason);
  REQUIRE(o.proof->proven);
  const double tp = kSearchRelTol * o.period, tm = kSearchRelTol * o.multiplier;
  CHECK(o.proof->period[0] - tp <= o.period);
  CHECK(o.period <= o.proof->period[1] + tp);
  CHECK(o.proof->multiplier[0] - tm <= o.multiplier);
  CHECK(o.multiplier <= o.proof->multiplier[1] + tm);
  CHECK(o.proof->period[1] - o.proof->period[0] <= kHopfPeriodWidth);
  CHECK(o.proof->multiplier[1] - o.proof->multiplier[0] <= kHopfMultiplierRelWidth * o.multiplier);
  CHECK(o.proof->multiplier[0] > 1);  // repelling (subcritical)
  // one orbit proven does not exclude others: the certificate stays checked and says so
  CHECK(set.certificate.closed_orbits == "checked");
  CHECK(set.certificate.reason.find("1 of 1 orbit(s) proven") != std::string::npos);
  CHECK(set.certificate.reason.find("the list is not proven complete") != std::string::npos);
}

TEST_CASE("general-hopf.json at rho = 6: near the Hopf point the proven period tends to 2 pi/omega of the "
          "focus, linearly in F_H - F") {
  // F_H by bisection of trace J_T at the focus (the limit set alone, no orbit code)
  const System s = hopf_system();
  double lo = 0.7580, hi = 0.7584;  // the focus is stable (trace < 0) at lo, unstable at hi
  REQUIRE(focus(s, lo).J_T.trace() < 0);
  REQUIRE(focus(s, hi).J_T.trace() > 0);
  for (int i = 0; i < 30; ++i) {
    const double mid = 0.5 * (lo + hi);
    (focus(s, mid).J_T.trace() < 0 ? lo : hi) = mid;
  }
  const double F_H = 0.5 * (lo + hi);
  // at F_H - d the orbit has amplitude ~ sqrt(d) and its period 2 pi/omega(F) + O(d): the gap
  // halves with d (to O(d/0.3e-3), the distance to where the orbit ends, at F ~ 0.7580)
  double gap[2];
  const double d[2] = {4e-5, 2e-5};
  for (int k = 0; k < 2; ++k) {
    const double F = F_H - d[k];
    const ClosedOrbit o = searched_orbit(s, F);
    const OrbitProof p = prove_closed_orbit(s, F, o);
    INFO(p.reason);
    REQUIRE(p.proven);
    const double omega = std::abs(focus(s, F).eigenvalues(0).imag());
    gap[k] = 0.5 * (p.period[0] + p.period[1]) - 2 * kPi / omega;
  }
  CHECK(gap[0] / gap[1] == doctest::Approx(2.0).epsilon(0.2));
  CHECK(std::abs(gap[1]) <= 0.02 * 2 * kPi / std::abs(focus(s, F_H).eigenvalues(0).imag()));
}

namespace {

// The search's orbit after Newton's extra step (dynamics/return_map.cpp): s within the return
// map's own error of the fixed point, so the period is the return time there to the integrator's
// global error, ~1e-10 at tolerance 1e-12 over ~1e3 steps; 1e-9 leaves a factor 10. Before the
// step, s could lie |P(s) - s|/|P' - 1| <= 1e-9/0.25 from the fixed point, and T'(s) (~10 here)
// put the period up to ~4e-8 off (at F = 0.75824 it was 2.5e-8 above the enclosure).
constexpr double kSearchPeriodAbs = 1e-9;

}  // namespace

TEST_CASE("general-hopf.json at rho = 6: the search's period lies in the proven enclosure at every load tried") {
  const System s = hopf_system();
  for (const double F : {0.7581, 0.7582, 0.75822, 0.75824, 0.75826}) {
    INFO("F = " << F);
    const ClosedOrbit o = searched_orbit(s, F);
    const OrbitProof p = prove_closed_orbit(s, F, o);
    INFO(p.reason);
    REQUIRE(p.proven);
    CHECK(p.period[0] - kSearchPeriodAbs <= o.period);
    CHECK(o.period <= p.period[1] + kSearchPeriodAbs);
    CHECK(holds(p.multiplier, o.multiplier));
  }
}

}  // namespace test_orbit_proof
