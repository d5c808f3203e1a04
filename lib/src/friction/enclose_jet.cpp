// Second-order interval jets of q (friction/model.hpp, q_jet) for the linear (64) and harmonic
// (86) models: q, dq and d2q over a box, for the extended systems of events (limits/proof.hpp,
// prove_event_unique). Compiled with -frounding-math (lib/CMakeLists.txt).
#include <vector>

#include "friction/enclose.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/model.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir {

namespace {
/// p(y) with p, p' from the box of the series and p', p'' from the box of its derivative
/// series (numerics/chebyshev.hpp), the two enclosures of p' intersected.
IJet2 chebyshev_jet(const detail::ChebyshevBox& box, const detail::ChebyshevBox& dbox, const IJet2& y) {
  const detail::ChebyshevBox::Values v = box.over(y.v), d = dbox.over(y.v);
  const Interval dp = disjoint(v.dp, d.p) ? v.dp : meet(v.dp, d.p);  // disjoint cannot happen: both hold p'
  return chain(y, v.p, dp, d.dp);
}
}  // namespace

std::optional<IJet2Vec3> FrictionModel::q_jet(const IJet2Vec3&) const { return std::nullopt; }

// (64): q = Pi w.
std::optional<IJet2Vec3> LinearModel::q_jet(const IJet2Vec3& w) const {
  const UpwardRounding upward;
  IJet2Vec3 q;
  for (int i = 0; i < 3; ++i) q[i] = IJet2(Pi_(i, 0)) * w[0] + IJet2(Pi_(i, 1)) * w[1] + IJet2(Pi_(i, 2)) * w[2];
  return q;
}

// (84)-(86): q = -(w1 C, w2 C, (kappa/rho) w3 S), C and S Chebyshev series in y = w3^2 - w12^2.
std::optional<IJet2Vec3> HarmonicModel::q_jet(const IJet2Vec3& w) const {
  const UpwardRounding upward;
  const IJet2 y = square(w[2]) - (square(w[0]) + square(w[1]));
  const IJet2 C = C_jet(y), S = S_jet(y);
  return IJet2Vec3{-(w[0] * C), -(w[1] * C), -(IJet2(kappa_over_rho()) * (w[2] * S))};
}

// (84)-(85): C(y), S(y) with their y-derivatives carried through the jets of y.
IJet2 HarmonicModel::C_jet(const IJet2& y) const {
  const UpwardRounding upward;
  return degree() <= detail::clenshaw_max_degree ? detail::clenshaw(alpha_, y) : chebyshev_jet(*box_C_, *box_dC_, y);
}

IJet2 HarmonicModel::S_jet(const IJet2& y) const {
  const UpwardRounding upward;
  return degree() <= detail::clenshaw_max_degree ? detail::clenshaw(beta_, y) : chebyshev_jet(*box_S_, *box_dS_, y);
}

}  // namespace limitdir
