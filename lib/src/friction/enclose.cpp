// Rigorous enclosures of q and of its (Clarke) Jacobian over a box of directions for the
// linear (64), harmonic (86) with (84)-(85), Zhuravlev-Kireenkov Pade (9)-(10) and Coulomb point (75)
// models, by forward-mode differentiation over intervals (numerics/interval.hpp) of q(x/|x|).
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <array>
#include <cmath>
#include <vector>

#include "friction/enclose.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir {

namespace {
using IDual3 = std::array<IDual, 3>;

/// w = x/|x| with its partials with respect to x (the homogeneous extension (24)).
IDual3 unit_direction(const IVec3& x) {
  const IDual x1 = IDual::variable(x(0), 0), x2 = IDual::variable(x(1), 1), x3 = IDual::variable(x(2), 2);
  const IDual n = sqrt(square(x1) + square(x2) + square(x3));
  return {x1 / n, x2 / n, x3 / n};
}

QEnclosure enclosure_of(const IDual3& q) {
  QEnclosure e;
  for (int i = 0; i < 3; ++i) {
    e.q(i) = q[i].v;
    for (int j = 0; j < 3; ++j) e.dq_dw(i, j) = q[i].d[j];
  }
  return e;
}

bool excludes_origin(const IVec3& x) {
  return !(contains_zero(x(0)) && contains_zero(x(1)) && contains_zero(x(2)));
}

/// (86): q = -(w1 C, w2 C, (kappa/rho) w3 S).
IDual3 axisymmetric_q(const IDual3& w, const IDual& C, const IDual& S, double kappa_over_rho) {
  return {-(w[0] * C), -(w[1] * C), -(IDual(kappa_over_rho) * w[2] * S)};
}


/// p(y) and its gradient dp/dy grad y over the box, p enclosed by ChebyshevBox (chain rule through y(w)).
IDual chebyshev_box(const detail::ChebyshevBox& box, const IDual& y) {
  const detail::ChebyshevBox::Values v = box.over(y.v);
  IDual r(v.p);
  for (int i = 0; i < 3; ++i) r.d[i] = v.dp * y.d[i];
  return r;
}
}  // namespace

std::optional<QEnclosure> FrictionModel::enclose(const IVec3&) const { return std::nullopt; }

// (64): q = Pi w.
std::optional<QEnclosure> LinearModel::enclose(const IVec3& x) const {
  const UpwardRounding upward;
  if (!excludes_origin(x)) return std::nullopt;
  const IDual3 w = unit_direction(x);
  IDual3 q;
  for (int i = 0; i < 3; ++i) q[i] = IDual(Pi_(i, 0)) * w[0] + IDual(Pi_(i, 1)) * w[1] + IDual(Pi_(i, 2)) * w[2];
  return enclosure_of(q);
}

std::optional<MeridianEnclosure> AxisymmetricModel::enclose_meridian(const IVec3&) const { return std::nullopt; }

// (86): q = -(w1 C, w2 C, (kappa/rho) w3 S).
std::optional<QEnclosure> AxisymmetricModel::enclose(const IVec3& x) const {
  const UpwardRounding upward;
  const auto m = enclose_meridian(x);
  if (!m) return std::nullopt;
  return enclosure_of(axisymmetric_q(m->w, m->C, m->S, kappa_over_rho()));
}

// (84)-(86): C and S are Chebyshev series in y = w3^2 - w12^2 (friction/harmonic.cpp).
std::optional<MeridianEnclosure> HarmonicModel::enclose_meridian(const IVec3& x) const {
  if (!excludes_origin(x)) return std::nullopt;
  const UpwardRounding upward;
  const IDual3 w = unit_direction(x);
  const IDual y = square(w[2]) - (square(w[0]) + square(w[1]));
  if (degree() <= detail::clenshaw_max_degree)
    return MeridianEnclosure{w, detail::clenshaw(alpha_, y), detail::clenshaw(beta_, y)};
  return MeridianEnclosure{w, chebyshev_box(*box_C_, y), chebyshev_box(*box_S_, y)};
}

// Zhuravlev-Kireenkov Pade (9)-(10) with eps = c w12/h, c = rho/R, h = |w3|, multiplied through by h^k:
//   order 1: C = c/(c w12 + a h),                 S = 1/(h + m c w12),
//   order 2: C = c (c w12 + a h)/D_a,             S = (h + m c w12)/D_m,
//            D_a = c^2 w12^2 + a c w12 h + h^2,   D_m = h^2 + m c w12 h + c^2 w12^2.
// The denominators are positive on the whole sphere (w12 and h never vanish together).
std::optional<MeridianEnclosure> PadeModel::enclose_meridian(const IVec3& x) const {
  if (!excludes_origin(x)) return std::nullopt;
  const UpwardRounding upward;
  const IDual3 w = unit_direction(x);
  const IDual cw = IDual(rho_over_R()) * hypot2(w[0], w[1]), h = abs(w[2]);
  const IDual a(a_), m(m_), c(rho_over_R());
  if (order_ == 1) return MeridianEnclosure{w, c / (cw + a * h), IDual(1.0) / (h + m * cw)};
  const IDual Da = square(cw) + a * cw * h + square(h), Dm = square(h) + m * cw * h + square(cw);
  return MeridianEnclosure{w, c * (cw + a * h) / Da, (h + m * cw) / Dm};
}

std::optional<MeridianEnclosure> detail::enclose_coulomb_point(const IVec3& x) {
  if (!excludes_origin(x)) return std::nullopt;
  const UpwardRounding upward;
  const IDual3 w = unit_direction(x);
  const IDual w12 = hypot2(w[0], w[1]);
  if (!(w12.v.lower() > 0.0)) return std::nullopt;
  return MeridianEnclosure{w, IDual(1.0) / w12, IDual(0.0)};
}

}  // namespace limitdir
