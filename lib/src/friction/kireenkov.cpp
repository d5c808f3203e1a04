// The pressure shifted along the sliding direction (2) [Kireenkov] with the coupled law
// k = k0 Q(eps) (8): its exact model (from two exact contact models) and the Pade models (9)
// and (10) (resolved, docs/errata.md). friction/contact_approx.hpp; mapping (A.0') of
// docs/manual.md section 7: q = -(Q s + sgn(w3) P n, (kappa/rho) sgn(w3) T), n = e_z x s.
#include <cmath>
#include <fmt/format.h>

#include "friction/approx_dual.hpp"
#include "friction/exact_ring.hpp"
#include "core/constants.hpp"
#include "limitdir/contact/integrals.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {
// The checked rho (the models' base class is built from it).
double check_rho_k0(double rho, double k0, const char* who) {
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("{} model: rho must be a positive finite number (got {})", who, rho));
  // the pressure sigma0 (1 + k x/R) stays >= 0 for |k| = |k0| Q <= |k0| <= 1
  if (!std::isfinite(k0) || !(std::abs(k0) <= 1.0))
    throw InputError(fmt::format("{} model: k0 must lie in [-1, 1] (got {})", who, k0));
  return rho;
}

double check_circle(const Contact& c, double rho, double k0, const char* who) {
  if (c.a() != c.b() || c.d() != 0.0 || c.has_shift())
    throw InputError(fmt::format("{} model: needs a circle without distortion or shift (the shift is k = k0 Q)", who));
  return check_rho_k0(rho, k0, who);
}

// The same for the thin ring (R = 1, so rho is rho/R); |k| = |k0| Q <= 1 keeps its line density
// 1 + k xi0 cos phi >= 0 (xi0 <= 1).
double check_ring(const Pressure& ring, double rho, double k0, const char* who) {
  if (ring.kind() != Pressure::Kind::ring)
    throw InputError(fmt::format("{} model: the pressure-only form takes the thin ring (got {})", who, ring.name()));
  return check_rho_k0(rho, k0, who);
}

// Kireenkov's moments I_i of the ring, xi0^(i-1)/(2 pi) = M_i/(2 pi M_1) (docs/errata.md: the
// whole load on the ring, 2 pi I_1 = 1).
double ring_moment(const Pressure& ring, int i) { return ring.moment(i) / (2.0 * pi * ring.moment(1)); }

std::string ring_description(const Pressure& ring) {
  return fmt::format("circle, thin ring pressure at xi0 = {:g}", ring.ring_radius());
}

// "; speed law (1) [Kireenkov] mu1 = .., mu2 = .." when not the Coulomb law (else nothing, so
// that the descriptions of the Coulomb models stay as they were).
std::string speed_description(const SpeedTerms& speed) {
  if (speed.coulomb()) return "";
  return fmt::format("; speed law (1) [Kireenkov] mu1 = {:g}, mu2 = {:g}", speed.law().mu1, speed.law().mu2);
}
}  // namespace

double kireenkov_k0(const Contact& circle, double f, double h) {
  if (circle.a() != circle.b()) throw InputError("kireenkov k0 (8): needs a circle");
  if (!std::isfinite(f) || !(f >= 0.0) || !std::isfinite(h))
    throw InputError(fmt::format("kireenkov k0 (8): f must be >= 0 and h finite (got f = {}, h = {})", f, h));
  return f * h / (pi * radial_moment(circle.alpha(), 3) * circle.a());
}

// ----- the exact coupled model ---------------------------------------------------------------

KireenkovExactModel::KireenkovExactModel(const Contact& circle, double rho, double k0, const SpeedLaw& speed)
    : FrictionModel(check_circle(circle, rho, k0, "kireenkov-exact") / circle.a(), circle.kappa() / rho),
      k0_(k0),
      contact_(circle.description()),
      speed_(speed, circle, rho, "kireenkov-exact") {
  q0_ = std::make_shared<ContactExactModel>(circle, rho);
  q1_ = std::make_shared<ContactExactModel>(circle.with_shift(1.0), rho);
  // Q'(0) = pi I_0 (the slope c_{2,0,3} of (59) for the circle), the lateral force of the unit
  // shift at pure spin pi I_2 ((6) [Kireenkov]); eps = (rho/R) w12/|w3|.
  const double alpha = circle.alpha();
  pole_slope_ = k0 * pi * radial_moment(alpha, 0) * pi * radial_moment(alpha, 2) * rho / circle.a();
}

// The ring: q_0 in closed form (friction/exact_ring.cpp), q_1 the ring with the unit shift
// (friction/exact_ring_shift.cpp); Q'(0) = pi I_0 = 1/(2 xi0), pi I_2 = xi0/2.
KireenkovExactModel::KireenkovExactModel(const Pressure& ring, double rho, double k0, const SpeedLaw& speed)
    : FrictionModel(check_ring(ring, rho, k0, "kireenkov-exact"), ring.kappa() / rho),
      k0_(k0),
      contact_(ring_description(ring)),
      speed_(speed, ring.moment(3) / ring.moment(1), ring.moment(5) / ring.moment(1), rho, "kireenkov-exact") {
  q0_ = make_exact_model(ring, rho);
  q1_ = detail::make_shifted_ring_exact_model(ring, rho, 1.0);
  pole_slope_ = k0 * pi * ring_moment(ring, 0) * pi * ring_moment(ring, 2) * rho;
}

std::string KireenkovExactModel::description() const {
  return fmt::format("exact, coupled shift k = k0 Q (8) [Kireenkov] (k0 = {:g}), {}, rho/R = {:.6g}{}", k0_, contact_,
                     rho_over_R(), speed_description(speed_));
}

Eigen::Vector3d KireenkovExactModel::speed_part(const Eigen::Vector3d& x) const {
  if (speed_.coulomb() || x.isZero(0.0)) return Eigen::Vector3d::Zero();
  return speed_.at(x, k0_ * q0_->q(x).head<2>().norm());  // k = k0 Q as in q_unit
}

Eigen::Vector3d KireenkovExactModel::q_unit(const Eigen::Vector3d& w) const {
  const Eigen::Vector3d q0 = q0_->q(w);
  if (w.x() == 0.0 && w.y() == 0.0) return q0;
  return q0 + k0_ * q0.head<2>().norm() * (q1_->q(w) - q0);
}

FrictionJacobian KireenkovExactModel::jacobian_unit(const Eigen::Vector3d& w) const {
  FrictionJacobian J = q0_->jacobian(w);
  if (w.x() == 0.0 && w.y() == 0.0) {  // the smooth limit: q_perp = -k0 Q'(0) pi I_2 (rho/R) (-w2, w1)/w3
    J.dq_dw(0, 1) += pole_slope_ / w.z();
    J.dq_dw(1, 0) -= pole_slope_ / w.z();
    return J;
  }
  const FrictionJacobian J1 = q1_->jacobian(w);
  const Eigen::Vector3d lateral = J1.q - J.q;
  const double Q = J.q.head<2>().norm();
  const Eigen::RowVector3d dQ = J.q.head<2>().transpose() * J.dq_dw.topRows<2>() / Q;
  J.dq_dw += k0_ * (lateral * dQ + Q * (J1.dq_dw - J.dq_dw));
  J.q += k0_ * Q * lateral;
  J.differentiable = J.differentiable && J1.differentiable;
  return J;
}

// ----- Pade (9) and resolved (10) --------------------------------------------------------------

KireenkovPadeModel::KireenkovPadeModel(const Contact& circle, double rho, int order, double k0, const SpeedLaw& speed)
    : FrictionModel(check_circle(circle, rho, k0, "kireenkov-pade") / circle.a(), circle.kappa() / rho),
      order_(order),
      k0_(k0),
      contact_(circle.description()),
      speed_(speed, circle, rho, "kireenkov-pade") {
  if (order != 1 && order != 2)
    throw InputError(fmt::format("kireenkov-pade model: order must be 1 ((9)) or 2 ((10)) (got {})", order));
  const double al = circle.alpha();
  set_parameters(radial_moment(al, 0), radial_moment(al, 2), radial_moment(al, 3));
}

// The ring: I_i = xi0^(i-1)/(2 pi), so a = 2 xi0 or 1/(2 xi0), m = 2/xi0 or xi0/2, mu = xi0 k0/2,
// b = 1/xi0 (docs/manual.md section 7).
KireenkovPadeModel::KireenkovPadeModel(const Pressure& ring, double rho, int order, double k0, const SpeedLaw& speed)
    : FrictionModel(check_ring(ring, rho, k0, "kireenkov-pade"), ring.kappa() / rho),
      order_(order),
      k0_(k0),
      contact_(ring_description(ring)),
      speed_(speed, ring.moment(3) / ring.moment(1), ring.moment(5) / ring.moment(1), rho, "kireenkov-pade") {
  if (order != 1 && order != 2)
    throw InputError(fmt::format("kireenkov-pade model: order must be 1 ((9)) or 2 ((10)) (got {})", order));
  set_parameters(ring_moment(ring, 0), ring_moment(ring, 2), ring_moment(ring, 3));
}

// (9)/(10) [Kireenkov]: Q'(0) = pi I_0, lim eps T = I_3/(2 I_2), the lateral force of the unit
// shift pi I_2 at pure spin and ~ pi I_3/eps at pure sliding.
void KireenkovPadeModel::set_parameters(double I0, double I2, double I3) {
  a_ = order_ == 1 ? 1.0 / (pi * I0) : pi * I0;
  m_ = order_ == 1 ? 2.0 * I2 / I3 : I3 / (2.0 * I2);
  mu_ = pi * I2 * k0_;
  b_ = I2 / I3;
}

// Order 1: Q = eps/(eps + a) = 1 - a |w3|/(r w12) + ... kinks on the equator, T = 1 - m eps + ...
// is a cone at the poles. Order 2 (h = |w3|, e = r w12): sgn(w3) T = m w3/e + (1 - m^2) w3 h/e^2
// + ... and sgn(w3) P/w12 = (mu/b) w3/e^2 - (mu/b^2) w3 h/e^3 + ... on the equator, Q = a eps +
// (1 - a^2) eps^2 + ... at the poles (eps^2 s = r^2 w12 (w1, w2)/w3^2): C^1, C^2 only when those
// coefficients vanish.
KinkSets KireenkovPadeModel::kink_sets() const {
  if (order_ == 1) return {Smoothness::kink, Smoothness::kink};
  return {m_ != 1.0 || mu_ != 0.0 ? Smoothness::c1 : Smoothness::smooth,
          a_ != 1.0 ? Smoothness::c1 : Smoothness::smooth};
}

std::string KireenkovPadeModel::description() const {
  return fmt::format("Pade {} [Kireenkov] of the coupled shift (k0 = {:g}; a = {:.6g}, m = {:.6g}, mu = {:.6g}, "
                     "b = {:.6g}), {}, rho/R = {:.6g}",
                     order_ == 1 ? "(9)" : "(10) resolved", k0_, a_, m_, mu_, b_, contact_, rho_over_R()) +
         speed_description(speed_);
}

Eigen::Vector3d KireenkovPadeModel::speed_part(const Eigen::Vector3d& x) const {
  if (speed_.coulomb() || x.isZero(0.0)) return Eigen::Vector3d::Zero();
  // k = k0 Q(eps), Q the sliding component: -q . s = |Qs (w1, w2)| of evaluate()
  const Eigen::Vector3d w = x.normalized();
  const double w12 = w.head<2>().norm();
  const double Q = w12 > 0.0 ? -q_unit(w).head<2>().dot(w.head<2>()) / w12 : 0.0;
  return speed_.at(x, k0_ * Q);
}

// In w: with r = rho/R, e = r w12 (eps |w3|) and z = |w3|, eps = e/z; every term is written as
// a ratio of functions of (w1, w2, w3) that stay finite at the poles and on the equator.
template <class T>
std::array<T, 3> KireenkovPadeModel::evaluate(const std::array<T, 3>& w) const {
  const double r = rho_over_R();
  const T w12 = approx::norm2(w[0], w[1]), z = approx::abs_of(w[2]);
  const T e = r * w12;
  // Q/w12 (so that Q s = Qs (w1, w2)), sgn(w3) T and sgn(w3) P/w12 (P n = P/w12 (-w2, w1)),
  // with the factor |w3| of T and P cancelled against sgn(w3) (their derivative on the equator)
  T Qs, sT, sP;
  if (order_ == 1) {
    Qs = r / (e + a_ * z);
    sT = w[2] / (z + m_ * e);
    sP = mu_ * r * w[2] / ((z + b_ * e) * (e + a_ * z));
  } else {
    Qs = r * (e + a_ * z) / (e * e + a_ * e * z + z * z);
    sT = w[2] * (z + m_ * e) / (z * z + m_ * e * z + e * e);
    sP = mu_ * Qs * w[2] / (z + b_ * e);
  }
  return {-(Qs * w[0] - w[1] * sP), -(Qs * w[1] + w[0] * sP), -kappa_over_rho() * sT};
}

Eigen::Vector3d KireenkovPadeModel::q_unit(const Eigen::Vector3d& w) const {
  return approx::value_of([&](const auto& x) { return evaluate(x); }, w);
}

FrictionJacobian KireenkovPadeModel::jacobian_unit(const Eigen::Vector3d& w) const {
  FrictionJacobian J;
  approx::value_and_jacobian([&](const auto& x) { return evaluate(x); }, w, J.q, J.dq_dw);
  // order 1: T = 1/(1 + m eps) is a cone at the poles, Q a kink on the equator; order 2 is C^1
  J.differentiable = order_ == 2 || (w.z() != 0.0 && (w.x() != 0.0 || w.y() != 0.0));
  return J;
}

}  // namespace limitdir
