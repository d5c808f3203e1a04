// Limit directions of the disc on the thin ring of [Kireenkov] (share/problems/disc-ring.json):
// at each limit direction w the field is radial, (rdot I - B(w)) w = c (101) [Nonlinear Dyn. 2024],
// B(w) w = M^-1 q(w), checked with the ring's q from the brute-force quadrature over the ring's
// angle (tests/ring_reference.hpp), not with the library's model.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "ring_reference.hpp"

namespace test_ring_limits {  // this file's own names (tests/CMakeLists.txt: a unity build)

// The directions are Newton zeros of |V*| to residual_tol = 1e-13 (limits/limits.hpp) with |M^-1|
// = 1/min(1, j) = 2 for the disc (j = 1/2); the two q's (closed form, quadrature) agree to ~5e-16
// (friction/test_exact_ring.cpp); the field's Lipschitz constant near the ring's latitude is
// O(log) large: 1e-12.
constexpr double kIdentityTol = 1e-12;

TEST_CASE("(101) disc on the thin ring: every limit direction satisfies (rdot I - B(w)) w = c with the ring's q") {
  limitdir::Problem problem = limitdir::load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-ring.json");
  int checked = 0;
  double worst = 0.0;
  for (double xi0 : {1.0, 0.5}) {
    if (xi0 != 1.0) problem.pressure = limitdir::Pressure::ring(xi0);
    const double rho = problem.rho_over_R();  // "kappa" = xi0
    CHECK(rho == xi0);
    const limitdir::System system = limitdir::make_system(problem);
    // F = 0 left out: the axisymmetric disc unloaded has non-hyperbolic poles (J_T = 0 at xi0 = 1/2,
    // as for Hertz) or a degenerate circle, where the index sum certifies nothing
    for (double F : {0.3, 0.8, 1.5}) {
      const limitdir::LimitSet L = limitdir::find_limit_directions(system, F);
      CAPTURE(F);
      CAPTURE(xi0);
      CAPTURE(L.certificate.reason);
      CHECK(L.certificate.index_sum == 2);
      CHECK(!L.directions.empty());
      for (const auto& d : L.directions) {
        CAPTURE(xi0);
        CAPTURE(F);
        CAPTURE(d.w.transpose());
        const Eigen::Vector3d Bw = system.M_inv() * ring_ref::q(xi0, rho, d.w);
        const double residual = (d.rdot * d.w - Bw - system.c(F)).norm();
        CHECK(residual <= kIdentityTol);
        worst = std::max(worst, residual);
        ++checked;
      }
    }
  }
  MESSAGE(checked << " limit directions checked, largest residual " << worst);
}

}  // namespace test_ring_limits
