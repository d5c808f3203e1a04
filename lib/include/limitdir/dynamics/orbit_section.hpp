#pragma once
// One closed orbit of dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024] found from a guess on a
// given Poincare section, by Newton on the return map (docs/manual.md section 9, "Continuation of
// orbits"): what the continuation of orbits in a parameter (continuation/orbit_branches.hpp)
// corrects its predictions with. The section is the search's (dynamics/closed_orbits.hpp), but
// fixed by the caller instead of anchored at a trajectory.
#include <Eigen/Core>
#include <optional>

#include "limitdir/limits/closed_orbit.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// The great circle through p normal to v (v tangent at p: a flow direction there), crossed
/// upwards (V* . v > 0) within 0.5 rad of p, with the chart w(s) = (p + s e)/|p + s e|,
/// e = p x v. Built from a point of an orbit and the flow there, it is transverse to that orbit.
struct OrbitSection {
  Eigen::Vector3d p, v, e;
  /// The section through w (normalised) normal to the flow V*(w) of `system` at load F;
  /// InputError where V*(w) = 0.
  static OrbitSection at(const System& system, double F, const Eigen::Vector3d& w);
  Eigen::Vector3d point(double s) const { return (p + s * e).normalized(); }
  /// The chart coordinate of w's projection on the section's plane (w . p > 0).
  double coordinate(const Eigen::Vector3d& w) const { return w.dot(e) / w.dot(p); }
};

/// One return of the section's map P in the time direction sign (+-1): P(s), the return time
/// the slope P'(s) of Liouville's formula (docs/manual.md section 9, "Search") and D, the integral
/// of sign div V* along the return (at a fixed point the multiplier is exp(sign D)); none when the trajectory does not come back by tau_max or the
/// flow does not cross the section upwards at both ends.
struct SectionReturn {
  double s, tau, slope, D;
};
std::optional<SectionReturn> section_return_map(const System& system, double F, const OrbitSection& section, double s,
                                                double tau_max, double sign = 1);

/// The closed orbit through the section's point s of the given period and multiplier (a fixed
/// point found by the caller, e.g. at a fold of cycles where Newton on P(s) - s is singular):
/// its polyline of `polyline_points` points and mean R*, as closed_orbit_on_section gives them.
ClosedOrbit orbit_through(const System& system, double F, const OrbitSection& section, double s, double period,
                          double multiplier, double residual, int polyline_points = 64);

/// Newton on P(s) - s, P the return map of `section` at load F (Dormand-Prince 5(4) at the
/// tolerance 1e-12, the slope P' from Liouville's formula), from s0, with at most tau_max per
/// return: the closed orbit through the section (its point, period, multiplier, stability,
/// residual, mean R* and a polyline of `polyline_points` points at equal steps of tau), none when
/// a trajectory does not come back by tau_max or Newton does not converge in 12 iterations.
/// sign = -1 integrates the return map backward in time (the search's way with a repelling
/// orbit, whose forward return map amplifies errors by the multiplier); InputError unless +-1.
/// With `slope_guess` (P' near s0 in the time direction sign, e.g. from the multiplier of an
/// orbit close by) the iteration is the secant method instead: its returns carry V* alone (no
/// Jacobian of the friction model, no divergence integral), its first slope is the guess, and
/// from its converged point on it is Newton's: the full return there (with D, the multiplier)
/// and one more Newton step, kept when it lowers the residual; the same fixed-point test.
std::optional<ClosedOrbit> closed_orbit_on_section(const System& system, double F, const OrbitSection& section,
                                                   double s0, double tau_max, int polyline_points = 64,
                                                   double sign = 1, std::optional<double> slope_guess = std::nullopt);

}  // namespace limitdir
