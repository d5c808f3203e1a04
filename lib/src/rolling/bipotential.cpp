#include "limitdir/rolling/bipotential.hpp"

#include <cmath>
#include <limits>

namespace limitdir {

namespace {

// The domain of (55): u_N >= 0 (i_{R+}) and p in K_r (20), both exact.
bool in_domain(const Vector5& y, const Vector5& p, const RollingCone& cone) {
  return y[0] >= 0.0 && in_rolling_cone(p, cone);
}

}  // namespace

double rolling_bipotential(const Vector5& y, const Vector5& p, const RollingCone& cone) {
  if (!in_domain(y, p, cone)) return std::numeric_limits<double>::infinity();
  // (55): the dissipation (43) of the modified velocity's extra normal term, (mu |u_T| + mu_r |w_R|) r_N
  return dilatancy_term(y, cone) * p[0];
}

double bipotential_gap(const Vector5& y, const Vector5& p, const RollingCone& cone) {
  if (!in_domain(y, p, cone)) return std::numeric_limits<double>::infinity();
  // (56) written as a sum of its three non-negative terms (each >= 0 by Cauchy-Schwarz and the
  // cone's bounds |r_T| <= mu r_N, |m_R| <= mu_r r_N), so no cancellation between them
  const double rN = p[0];
  const double normal = y[0] * rN;
  const double sliding = cone.mu * rN * y.segment<2>(1).norm() + y.segment<2>(1).dot(p.segment<2>(1));
  const double rolling = cone.mu_r * rN * y.segment<2>(3).norm() + y.segment<2>(3).dot(p.segment<2>(3));
  return normal + sliding + rolling;
}

}  // namespace limitdir
