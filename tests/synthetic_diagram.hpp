#pragma once
// A large synthetic bifurcation diagram for diagram_differences (report/test_diagram_io.cpp,
// bench_diagram_diff.cpp): `n_branches` smooth branches w_b(p) over p in [0, n_events], sampled
// at every integer p, and `n_events` tangencies at p = k + 1/2 on branch k mod n_branches, each
// with the direction of its branch there; one region between consecutive events.
#include <Eigen/Core>
#include <cmath>
#include <string>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::testing {

/// Branch b at parameter p: a unit vector turning slowly with p (0.01 rad per unit of p) at the
/// latitude of the branch, so that the branches never meet.
inline Eigen::Vector3d synthetic_w(int b, double p) {
  const double phi = 0.3 * b + 0.01 * p, z = -0.9 + 0.05 * b;
  return Eigen::Vector3d(std::cos(phi), std::sin(phi), z).normalized();
}

inline Diagram synthetic_diagram(int n_events, int n_branches) {
  Diagram d;
  d.parameter = "force";
  d.from = 0.0;
  d.to = n_events;
  for (int b = 0; b < n_branches; ++b) {
    Branch branch;
    branch.id = b + 1;
    for (int k = 0; k <= n_events; ++k)
      branch.points.push_back({double(k), synthetic_w(b, k), -1.0, Radial::attracting, SphereType::stable_node});
    d.branches.push_back(std::move(branch));
  }
  for (int k = 0; k < n_events; ++k) {
    const int b = k % n_branches;
    d.events.push_back({EventKind::tangency, k + 0.5, {synthetic_w(b, k + 0.5)}, {b + 1}, true, 0.0, {}, Level::checked});
  }
  for (int k = 0; k <= n_events; ++k)
    d.regions.push_back({k == 0 ? 0.0 : k - 0.5, k == n_events ? double(n_events) : k + 0.5, n_branches,
                         {{"attracting stable-node", n_branches}}});
  d.certificate.level = Level::checked;
  d.certificate.reason = "synthetic";
  return d;
}

}  // namespace limitdir::testing
