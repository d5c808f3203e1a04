// prove_closed_orbit (limits/orbit_proof.hpp, docs/manual.md section 9): the computer-assisted
// proof of one closed orbit by the Krawczyk operator on the return map of a validated
// integrator. Its enclosures must hold the closed-form period and multiplier of a known orbit,
// and agree with the numerical search (a different algorithm) on a system without closed form.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <memory>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

#include "rotation_field.hpp"

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;

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

}  // namespace

TEST_CASE("(64) with a rotation part: the proven period and multiplier enclose 2 pi/omega and "
          "exp(2 pi (lambda - a) cos^2 theta*/omega)") {
  for (const Rotation rot : {Rotation{0.3, -0.4, 1.3, 0.35}, Rotation{-0.3, 0.4, 0.8, -0.35}}) {
    OrbitProofOptions po;
    if (std::getenv("ORBIT_ORDER")) po.order = std::atoi(std::getenv("ORBIT_ORDER"));
    if (std::getenv("ORBIT_TOL")) po.step_tol = std::atof(std::getenv("ORBIT_TOL"));
    const OrbitProof p = prove_closed_orbit(rot.system(), rot.c3, rot.orbit(), po);
    INFO(p.reason);
    MESSAGE(p.reason, " ", p.seconds, " s; widths ", p.period[1] - p.period[0], " ", p.multiplier[1] - p.multiplier[0]);
    REQUIRE(p.proven);
    CHECK(p.period[0] <= rot.period());
    CHECK(rot.period() <= p.period[1]);
    CHECK(p.multiplier[0] <= rot.multiplier());
    CHECK(rot.multiplier() <= p.multiplier[1]);
  }
}

TEST_CASE("general-hopf.json at rho = 6 past its Hopf point") {
  Problem problem = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/general-hopf.json");
  problem.rho = RhoSpec{RhoSpec::Kind::value, 6.0};
  const System s = make_system(problem);
  std::vector<double> loads{0.7580, 0.7582, 0.75826};
  if (std::getenv("ORBIT_F")) loads = {std::atof(std::getenv("ORBIT_F"))};
  for (double F : loads) {
    SolverOptions opt;
    opt.closed_orbits = false;
    const LimitSet limits = find_limit_directions(s, F, opt);
    const OrbitSearch search = find_closed_orbits(s, F, limits);
    REQUIRE(search.orbits.size() == 1);
    const ClosedOrbit& o = search.orbits.front();
    const OrbitProof p = prove_closed_orbit(s, F, o);
    MESSAGE(F, ": ", p.reason, " ", p.seconds, " s; search ", o.period, " ", o.multiplier);
  }
}
