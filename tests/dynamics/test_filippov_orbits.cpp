// The orbit search on a Filippov field (docs/manual.md sections 5 "Jump sets" and 9): a
// trajectory that reaches a sliding part of the equator goes on along it with the sliding field
// and ends at a Filippov limit direction. The references are closed forms derived here:
//  * point-spin (33) [Kudra & Awrejcewicz 2013] on the disc: q = -(s, sgn(w3)) (rho = kappa_e),
//    M_xy = I, c = (F, 0, 0): on the equator f3 = -b3 sgn(w3) points towards it from both
//    sides (sliding, q3 = 0), and the sliding field is g(phi) = e_phi . (-e_r + F e1) =
//    -F sin phi, so dphi/dtau = -F sin phi: tan(phi/2) = tan(phi0/2) exp(-F tau);
//  * the limit directions there (tests/continuation/test_jumps.cpp): (-(1 + F), 0, +-b3)/n,
//    (1 - F, 0, +-b3)/n (F < 1), +-e1 on the equator and the poles.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <string>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_filippov_orbits {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// find-limits' directions converge to |V*| <= 1e-13; the closed forms to rounding.
constexpr double direction_tol = 1e-9;

System point_spin_disc() {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc.json");
  p.friction.model = "point-spin";
  p.friction.degree = 0;
  return make_system(p);
}

}  // namespace

TEST_CASE("(33) point-spin on the disc: the sliding flow on the equator is tan(phi/2) = tan(phi0/2) exp(-F tau)") {
  const System s = point_spin_disc();
  // per-step tolerance 1e-12 over ~1e2 steps: a global error ~1e-10, 1e-9 leaves a factor 10
  constexpr double tol = 1e-12, flow_tol = 1e-9;
  for (double F : {0.3, 1.2}) {
    for (double phi0 : {0.4, 2.9, -1.7}) {
      for (double tau : {0.0, 0.5, 3.0, 10.0}) {
        CAPTURE(F);
        CAPTURE(phi0);
        CAPTURE(tau);
        const double expected = 2 * std::atan(std::tan(phi0 / 2) * std::exp(-F * tau));
        CHECK(std::abs(equator_sliding_flow(s, F, phi0, tau, tol) - expected) <= flow_tol);
      }
    }
  }
  CHECK_THROWS_AS(equator_sliding_flow(s, 0.3, 0.4, -1.0, tol), InputError);
}

TEST_CASE("(33) point-spin on the disc at F = 0.3: every trajectory ends at a limit direction, no closed orbit") {
  const System s = point_spin_disc();
  const double F = 0.3, b3 = s.M_inv()(2, 2);
  SolverOptions opt;
  opt.closed_orbits = false;
  const LimitSet L = find_limit_directions(s, F, opt);
  const std::vector<Eigen::Vector3d> ref{Eigen::Vector3d(-(1 + F), 0, b3).normalized(),
                                         Eigen::Vector3d(-(1 + F), 0, -b3).normalized(),
                                         Eigen::Vector3d(1 - F, 0, b3).normalized(),
                                         Eigen::Vector3d(1 - F, 0, -b3).normalized(),
                                         Eigen::Vector3d::UnitX(),
                                         -Eigen::Vector3d::UnitX(),
                                         Eigen::Vector3d::UnitZ(),
                                         -Eigen::Vector3d::UnitZ()};
  REQUIRE(L.directions.size() == ref.size());
  for (const Eigen::Vector3d& w : ref) {
    bool found = false;
    for (const Classification& c : L.directions) found = found || (c.w - w).norm() <= direction_tol;
    CHECK_MESSAGE(found, w.transpose());
  }
  const OrbitSearch search = find_closed_orbits(s, F, L);
  CHECK_MESSAGE(search.complete(), search.summary());
  CHECK(search.orbits.empty());
  CHECK(search.forward.seeds == 162);
  CHECK(search.forward.limit_direction == search.forward.seeds);
  CHECK(search.backward.limit_direction == search.backward.seeds);
  // and find-limits' certificate: the closed orbits are checked, not in doubt
  const LimitSet full = find_limit_directions(s, F);
  CHECK(full.closed_orbits.empty());
  CHECK(full.certificate.reason.find("closed orbits checked") != std::string::npos);
}

}  // namespace test_filippov_orbits
