// The exclusion of closed orbits by symmetry (docs/manual.md section 9, "Exclusion (a proof)"):
// closed_orbit_exclusion (dynamics/closed_orbits.hpp) says when an axisymmetric system with an
// invariant great circle C = {w2 = 0} can have no closed orbit, with the argument in one line;
// no computation.
#include "limitdir/dynamics/closed_orbits.hpp"

#include <Eigen/Core>

#include <optional>
#include <string>

namespace limitdir {

namespace {
// A linear model q = Pi w with Pi = diag(p, p, p3) (the linear fit (67) of an axisymmetric
// model) is axisymmetric as well: with the circle structure of M and the load, B is diagonal
// with B11 = B22.
bool axisymmetric_system(const System& system) {
  if (system.has_invariant_circle()) return true;
  const std::optional<Eigen::Matrix3d> B = system.constant_B();
  if (!B || !system.has_circle_structure()) return false;
  return (*B - Eigen::Matrix3d(B->diagonal().asDiagonal())).isZero(0.0) && (*B)(0, 0) == (*B)(1, 1);
}
}  // namespace

// docs/manual.md section 9. The circle C = {w2 = 0} is invariant: with T = diag(1, -1, 1), the
// symmetry of an axisymmetric q ((42)-(45)) and of M = diag(m1, m1, m3) and a load without a y
// component, V*(T w) = T V*(w), so V*_2 = 0 on C.
std::optional<std::string> closed_orbit_exclusion(const System& system, double F) {
  if (!axisymmetric_system(system)) return std::nullopt;
  if (system.c(F).x() == 0.0)
    // B(w) w + c = (-C w_xy/m1, .) + c3 e3 lies in the plane of w and e3: V* has no longitude
    // component, the longitude is constant on every orbit and the latitude obeys a scalar
    // autonomous equation, whose solutions are monotone: no closed orbit.
    return std::string("closed orbits excluded: V* has no longitude component (axisymmetry and c1 = c2 = 0), every "
                       "orbit lies on a meridian");
  // Every zero lies on C ((125) rows 1-2: (rdot + b1 C) w2 = 0 and (rdot + b1 C) w1 = c1 != 0)
  // and there is one (Poincare-Hopf: the indices sum to 2). A closed orbit meeting C at a point
  // where V* is continuous lies in C (uniqueness) and would be C, which carries a zero; one
  // disjoint from C lies in an open hemisphere, a disc, and would enclose a zero there (the
  // indices inside a closed orbit of a planar flow sum to 1).
  return std::string("closed orbits excluded: every zero of V* lies on the invariant great circle w2 = 0 ((125) "
                     "rows 1-2), which carries one, so an orbit off it would enclose a zero");
}

}  // namespace limitdir
