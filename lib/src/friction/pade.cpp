// The Pade models of [Kireenkov] (eqs 9-10).
#include "limitdir/friction/pade.hpp"

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"

namespace limitdir {

// ----- Pade models, [Kireenkov] eqs (9)-(10) with mu1 = mu2 = k = 0 -------------------------------
// With u = R|omega|, v the slip speed and eps = v/u:
//   order 1 (9):  F/F0 = v/(v + a u) = eps/(eps + a),         M/M0 = u/(u + m v) = 1/(1 + m eps),
//                 1/a = (u/F0) dF/dv|_{v=0} = dQ_eps/deps(0), 1/m = (v/M0) dM/du|_{u=0} = lim eps T_eps;
//   order 2 (10): F/F0 = (v^2 + a u v)/(v^2 + a u v + u^2), M/M0 = (u^2 + m u v)/(v^2 + m u v + u^2),
//                 a = dQ_eps/deps(0), m = lim eps T_eps.

PadeModel::PadeModel(const ExactModel& exact, int order)
    : RegionModel(exact.rho_over_R(), exact.kappa_over_rho()), order_(order) {
  if (order != 1 && order != 2) throw InputError(fmt::format("pade model: order must be 1 or 2 (got {})", order));
  const double G0 = exact.slope_at_pure_spin(), H0 = exact.slope_at_pure_sliding();
  a_ = order == 1 ? 1.0 / G0 : G0;
  m_ = order == 1 ? 1.0 / H0 : H0;
  reference_ = exact.description();
}

std::string PadeModel::description() const {
  return fmt::format("Pade order {} (a = {:.6g}, m = {:.6g}) fitted to {}", order_, a_, m_, reference_);
}

// With s = 1/eps = |w3|/(r w12) on the equator and eps = r w12/|w3| at the poles (r = rho/R):
// order 1 has Q = 1 - a s + ... (a kink in |w3|) and T = 1 - m eps + ... (a cone at the poles);
// order 2 has Q = 1 - s^2 + ..., T = 1 - eps^2 + ... (C^2) but sgn(w3) T = (w3/(r w12)) H(s)
// with H = m + (1 - m^2) s + ... (a term w3 |w3|) and Q/eps = G = a + (1 - a^2) eps + ... (a term
// w12 (w1, w2)): C^1, not C^2, unless those coefficients vanish (the same as KireenkovPadeModel
// with k0 = 0).
KinkSets PadeModel::kink_sets() const {
  if (order_ == 1) return {Smoothness::kink, Smoothness::kink};
  return {m_ != 1.0 ? Smoothness::c1 : Smoothness::smooth, a_ != 1.0 ? Smoothness::c1 : Smoothness::smooth};
}

RegionModel::Pole PadeModel::pole(double eps) const {  // G = Q_eps/eps, T_eps
  const double a = a_, m = m_;
  if (order_ == 1) {
    const double da = eps + a, dm = 1.0 + m * eps;
    return {1.0 / da, -1.0 / (da * da), 1.0 / dm, -m / (dm * dm)};
  }
  const double qa = eps * eps + a * eps + 1.0, qm = eps * eps + m * eps + 1.0;
  return {(eps + a) / qa, (1.0 - a * a - 2.0 * a * eps - eps * eps) / (qa * qa), (1.0 + m * eps) / qm,
          (-2.0 * eps - m * eps * eps) / (qm * qm)};
}

RegionModel::Equator PadeModel::equator(double s) const {  // Q_eps and H = eps T_eps in s = 1/eps
  const double a = a_, m = m_;
  if (order_ == 1) {
    const double qa = 1.0 + a * s, qm = s + m;
    return {1.0 / qa, -a / (qa * qa), 1.0 / qm, -1.0 / (qm * qm)};
  }
  const double qa = 1.0 + a * s + s * s, qm = 1.0 + m * s + s * s;
  return {(1.0 + a * s) / qa, (-2.0 * s - a * s * s) / (qa * qa), (s + m) / qm,
          (1.0 - m * m - s * s - 2.0 * m * s) / (qm * qm)};
}

}  // namespace limitdir
