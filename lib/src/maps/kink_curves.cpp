// Kink curves: see maps/kink_curves.hpp. A branch meets the kink set at the equator w3 = 0 in one
// of two ways (continuation/kink_crossing.hpp, docs/manual.md section 5, "Kinks"):
//  * the equator is a mirror w3 -> -w3 of the family: it is invariant, a branch lies in it for
//    every (x, y), and the branches off it meet it where the eigenvalue of J_T across it
//    vanishes, dF_3/dw_3 - rdot = 0 at w3 = 0 (the nonsmooth pitchfork, F - F* ~ |w3|). F_3 is
//    odd in w3 there, so its one-sided derivatives at w3 = 0 agree and the pitchfork's test
//    function is the kink curve's;
//  * otherwise a branch crosses the set where a zero of V* lies on it: with w = (w1, w2, 0),
//    F_i - rdot w_i = 0 (i = 1, 2), |w| = 1 and V*_3 = F_3 = 0, four equations in
//    (w1, w2, rdot, x, y): a curve in the plane.
// A branch through a pole (w12 = 0, the other kink set) needs F_1 = F_2 = 0 there: codimension 2,
// a point of the plane, not a curve.
#include "maps/kink_curves.hpp"

#include <algorithm>

#include "limitdir/friction/model.hpp"

namespace limitdir {

bool equator_is_kink_set(const TwoParameterFamily& family, double x, double y) {
  const Smoothness s = family.system(x, y).friction().kink_sets().equator;
  return s == Smoothness::kink || s == Smoothness::c1;
}

namespace detail {

KinkSpace kink_space(const TwoParameterFamily& family, const CurveSeed& seed) {
  KinkSpace k;
  k.held = mirrors_through(family, seed.at.w);
  if (std::find(k.held.begin(), k.held.end(), 2) == k.held.end()) k.held.push_back(2);
  std::sort(k.held.begin(), k.held.end());
  if (std::find(family.mirrors.begin(), family.mirrors.end(), 2) != family.mirrors.end()) k.mirror = 2;
  return k;
}

}  // namespace detail
}  // namespace limitdir
