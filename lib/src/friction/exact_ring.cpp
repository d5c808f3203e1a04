// The exact model of the thin ring of [Kireenkov]: sigma ~ delta(xi - xi0), the whole load on the
// circle of radius xi0 R (xi0 = 1: the rim). The radial integrals of the ring decomposition
// (friction/exact.cpp) become evaluations at xi0, since M_k = xi0^k: with a = xi0/eps,
//   Q_eps(eps) = f_Q(a),  T_eps(eps) = f_T(a),
//   f_Q(a) = (2/pi) E(a^2), f_T(a) = (2/pi) a B(a^2) (a <= 1),
//   f_Q(a) = (2/pi) B(1/a^2)/a, f_T(a) = (2/pi) E(1/a^2) (a >= 1),
// the angular means of (8) [Kireenkov] over the ring,
//   f_Q = (1/2pi) int_0^2pi (v - u sin t)/sqrt(u^2 + v^2 - 2uv sin t) dt,
//   f_T = (1/2pi) int_0^2pi (u - v sin t)/sqrt(u^2 + v^2 - 2uv sin t) dt,   a = u/v
// (u = omega xi0 R the ring's spin speed, v the slip). Differentiating with dE/dm = -D/2,
// dB/dm = Sigma/2 (numerics/elliptic.hpp) gives the derivatives below. At eps = xi0 (a = 1: the
// instantaneous centre of rotation on the ring) the laws are continuous but their derivatives
// diverge like log|eps - xi0| (K, D, Sigma -> infinity): there q is not differentiable.
#include "friction/exact_ring.hpp"

#include <cmath>

#include "core/constants.hpp"
#include "friction/exact_laws.hpp"
#include "limitdir/numerics/elliptic.hpp"

namespace limitdir::detail {

namespace {

constexpr double two_over_pi = 2.0 / pi;
constexpr ExactLaws kRimLaws{ExactLaw::ring_B, ExactLaw::ring_E, ExactLaw::ring_E, ExactLaw::ring_B};

class RingExact final : public ExactModel {
 public:
  RingExact(Pressure p, double c) : ExactModel(std::move(p), c), xi0_(pressure_.ring_radius()) {}
  std::string description() const override {
    return ExactModel::description() + ", closed form in E, K at the ring's radius";
  }

  // Near the poles, eps <= 1: G = Q_eps/eps, T = T_eps.
  Pole pole(double eps) const override {
    if (eps <= xi0_) {  // a >= 1, r = 1/a = eps/xi0, 1 - r^2 = ((xi0 - eps)/xi0)(1 + r)
      const double r = eps / xi0_;
      const EllipticSet el = elliptic_set(r * r, ((xi0_ - eps) / xi0_) * (1.0 + r));
      return {two_over_pi * el.B / xi0_, two_over_pi * r * el.Sigma / (xi0_ * xi0_), two_over_pi * el.E,
              -two_over_pi * el.D * r / xi0_};
    }
    const double a = xi0_ / eps;  // a < 1, 1 - a^2 = ((eps - xi0)/eps)(1 + a)
    const EllipticSet el = elliptic_set(a * a, ((eps - xi0_) / eps) * (1.0 + a));
    return {two_over_pi * a * el.E / xi0_, two_over_pi * (el.K - 2.0 * el.E) / (eps * eps), two_over_pi * a * el.B,
            -two_over_pi * a * a * el.D / xi0_};
  }
  Pole pole_values(double eps) const override {
    if (eps <= xi0_) {
      const double r = eps / xi0_;
      const EllipticEB el = elliptic_eb(r * r, ((xi0_ - eps) / xi0_) * (1.0 + r));
      return {two_over_pi * el.B / xi0_, 0.0, two_over_pi * el.E, 0.0};
    }
    const double a = xi0_ / eps;
    const EllipticEB el = elliptic_eb(a * a, ((eps - xi0_) / eps) * (1.0 + a));
    return {two_over_pi * a * el.E / xi0_, 0.0, two_over_pi * a * el.B, 0.0};
  }

  // Near the equator, s = 1/eps <= 1: a = s xi0 <= 1, Q = Q_eps, H = eps T_eps.
  Equator equator(double s) const override {
    const double a = s * xi0_;
    const EllipticSet el = elliptic_set(a * a, one_minus_a(s) * (1.0 + a));
    return {two_over_pi * el.E, -two_over_pi * s * xi0_ * xi0_ * el.D, two_over_pi * xi0_ * el.B,
            two_over_pi * s * xi0_ * xi0_ * xi0_ * el.Sigma};
  }
  Equator equator_values(double s) const override {
    const double a = s * xi0_;
    const EllipticEB el = elliptic_eb(a * a, one_minus_a(s) * (1.0 + a));
    return {two_over_pi * el.E, 0.0, two_over_pi * xi0_ * el.B, 0.0};
  }

  // The ring at the rim (xi0 = 1) has its only non-smooth circle at RegionModel's split eps = 1,
  // so each half is one law of t on [0, 1], rigorously enclosed with Arb (friction/exact_laws.cpp):
  // G = (2/pi) B(eps^2), T = (2/pi) E(eps^2) near the poles, Q = (2/pi) E(s^2), H = (2/pi) B(s^2) near
  // the equator. A ring inside the contact (xi0 < 1) has its log-singular circle eps = xi0 inside
  // the pole half, where the laws' derivatives are not monotone: no enclosure (proofs stay checked).
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override {
    if (xi0_ != 1.0) return std::nullopt;
    return enclose_exact_meridian(x, rho_over_R(), kRimLaws);
  }
  std::optional<CircleEnclosure> enclose_circle(const Interval& U) const override {
    if (xi0_ != 1.0) return std::nullopt;
    return enclose_exact_circle(U, rho_over_R(), kRimLaws);
  }

  // On the circle eps = xi0 the derivatives are infinite (header comment): q is continuous but
  // not differentiable there.
  MeridianValue meridian(double w12, double w3) const override {
    MeridianValue m = RegionModel::meridian(w12, w3);
    if (!std::isfinite(m.C_theta) || !std::isfinite(m.S_theta)) m.differentiable = false;
    return m;
  }

 private:
  // 1 - s xi0 without cancellation as s, xi0 -> 1
  double one_minus_a(double s) const { return (1.0 - s) + s * (1.0 - xi0_); }
  double xi0_;
};

}  // namespace

std::unique_ptr<ExactModel> make_ring_exact_model(const Pressure& ring, double rho_over_R) {
  return std::make_unique<RingExact>(ring, rho_over_R);
}

}  // namespace limitdir::detail
