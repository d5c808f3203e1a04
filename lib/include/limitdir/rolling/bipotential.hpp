#pragma once
// De Saxce's bipotential of the rolling friction law, Sect. 4 [Acary & Bourrier 2021]:
//   b(-y, p) = (mu |u_T| + mu_r |w_R|) r_N + i_{R+}(u_N) + i_{K_r}(p)      (55), Prop. 4.2,
// with the variables y = (u_N, u_T, w_R), p = (r_N, r_T, m_R) of rolling/cone.hpp (19) in its
// dimensionless units. b is convex in each argument and b(-y, p) >= -y^T p for every couple (56);
// the couples where equality holds (the extremal couples (50)) are exactly the solutions of the
// contact law (33), so the gap b(-y, p) + y^T p measures how far a couple is from the law without
// a projection (docs/manual.md section 15, "The bipotential of Prop. 4.2").
#include "limitdir/rolling/cone.hpp"

namespace limitdir {

/// b(-y, p) of (55); +infinity where u_N < 0 or p lies outside K_r (20) (the indicators; the
/// exact sets, no slack). cone must be valid (validate_cone).
double rolling_bipotential(const Vector5& y, const Vector5& p, const RollingCone& cone);

/// The bipotential gap b(-y, p) + y^T p of (49)/(56): >= 0 on the domain (u_N >= 0, p in K_r),
/// zero exactly at the extremal couples (50), the solutions of (33); +infinity off the domain.
/// On the domain it is the sum of three terms each >= 0 (the proof of (56)), each computed as
/// written, so a term may be a few ulps of its first product below 0:
///   u_N r_N  +  (mu r_N |u_T| + u_T^T r_T)  +  (mu_r r_N |w_R| + w_R^T m_R).
double bipotential_gap(const Vector5& y, const Vector5& p, const RollingCone& cone);

}  // namespace limitdir
