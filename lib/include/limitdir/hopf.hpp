#pragma once
// Hopf points of limit directions and the closed orbits born there (docs/manual.md section 9).
// A limit direction whose tangent Jacobian J_T (classify.hpp) has a complex pair crossing the
// imaginary axis (trace J_T = 0 with det J_T > 0) changes from a stable to an unstable focus on
// the sphere, and generically a closed orbit of dw/dtau = V*(w) is born there: attracting on the
// side where the focus is unstable (supercritical), or repelling on the side where it is stable
// (subcritical). The continuation (continuation.hpp) locates these points as `hopf` events; the
// birth of the orbit is confirmed here by the orbit search (closed_orbits.hpp) on both sides.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/closed_orbits.hpp"
#include "limitdir/continuation.hpp"

namespace limitdir {

/// A Hopf point between two points p0, p1 of a branch of limit directions with tangent
/// Jacobians J0, J1: trace J_T changes sign while det J_T > 0 at both ends (a complex pair
/// crosses the imaginary axis). The parameter where the linear interpolation of the trace
/// vanishes, none when there is no such crossing.
std::optional<double> hopf_parameter(double p0, const Eigen::Matrix2d& J0, double p1, const Eigen::Matrix2d& J1);

/// The orbit search on both sides of a Hopf event, at p - dp and p + dp.
struct HopfOrbits {
  double p_below = 0, p_above = 0;
  /// The orbits within `radius` (chordal) of the focus on each side.
  std::vector<ClosedOrbit> below, above;
  /// "supercritical": an attracting orbit on the one side where the focus is unstable;
  /// "subcritical": a repelling orbit on the one side where it is stable; "unconfirmed":
  /// anything else (no orbit, orbits on both sides, a search that did not settle every seed).
  std::string kind = "unconfirmed";
  std::string reason;  // the two searches' summaries
};

/// The orbits born at the Hopf event `hopf` (of a diagram of `family`, kind hopf, its first
/// direction the focus). InputError when the event is not a Hopf point or dp, radius <= 0.
HopfOrbits orbits_at_hopf(const ParameterFamily& family, const Event& hopf, double dp, double radius,
                          const OrbitSearchOptions& options = {});

}  // namespace limitdir
