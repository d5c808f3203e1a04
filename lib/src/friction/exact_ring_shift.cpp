// The thin ring of [Kireenkov] with the pressure shifted along the sliding direction (2)
// [Kireenkov]: sigma = delta(r - xi0)/(2 pi xi0) (1 + k x_par/R), a line density 1 + k xi0 cos phi
// on the circle of radius xi0 R (R = 1). friction/exact_ring.hpp; docs/manual.md section 7.
//
// The shift's weight k xi0 cos phi is odd along s, so it adds no force along s and no torque;
// along n = e_z x s the local slip V = (v - u sin phi, u cos phi) (u = omega xi0) gives
//   F_n = -sgn(omega) k L,  L = xi0 (1/2pi) int_0^2pi u cos^2 phi/|V| dphi = xi0 a g(a),  a = u/v,
//   g(c) = (1/2pi) int_0^2pi sin^2 t/sqrt(1 + c^2 - 2c cos t) dt, with g(a) = g(1/a)/a.
// With J_0 = (2/pi) K(c^2), J_1 = (2/pi) c D(c^2) (the means of 1/|.| and cos t/|.|, from the
// ring's Q and T of friction/exact_ring.cpp) and the integration by parts
//   int sin^2 t/|.| dt = -(1/c) int cos t |.| dt,  3 J_2 = J_0 + ((1 + c^2)/c) J_1,
// g = J_0 - J_2 = (2/(3 pi)) ((1 + m) E - (1 - m) K)/m = (2/(3 pi)) (E + B), m = c^2 <= 1.
#include <cmath>
#include <fmt/format.h>
#include <type_traits>

#include "core/constants.hpp"
#include "friction/approx_dual.hpp"
#include "friction/shifted_lateral.hpp"
#include "friction/exact_ring.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/numerics/elliptic.hpp"

namespace limitdir::detail {

RingLateralG ring_lateral_g(double m, double one_minus_m) {
  const EllipticSet el = elliptic_set(m, one_minus_m);
  const double G = 2.0 / (3.0 * pi) * (el.E + el.B);
  // dE/dm = -D/2, dB/dm = Sigma/2 (numerics/elliptic.hpp); Sigma - D = ((1 - m) D - B)/m
  if (one_minus_m == 0.0) return {G, -1.0 / (3.0 * pi)};  // (1 - m) D -> 0 at m = 1
  const double dG = m < 0.5 ? (el.Sigma - el.D) / (3.0 * pi) : (one_minus_m * el.D - el.B) / (3.0 * pi * m);
  return {G, dG};
}

namespace {

class ShiftedRingExact final : public FrictionModel {
 public:
  ShiftedRingExact(const Pressure& ring, double rho_over_R, double k)
      : FrictionModel(rho_over_R, ring.kappa() / rho_over_R),
        xi0_(ring.ring_radius()),
        k_(k),
        q0_(make_ring_exact_model(ring, rho_over_R)) {
    if (!std::isfinite(k) || !(std::abs(k) * xi0_ <= 1.0))
      throw InputError(fmt::format("shifted ring: the shift k must satisfy |k| xi0 <= 1 (the line density "
                                   "1 + k xi0 cos phi >= 0; got k = {}, xi0 = {})",
                                   k, xi0_));
  }
  std::string name() const override { return "exact"; }
  std::string description() const override {
    return fmt::format("{}, shifted along the sliding direction (2) [Kireenkov], k = {:g}", q0_->description(), k_);
  }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override {
    return detail::shifted_q(*q0_, [&](const auto& x) { return lateral(x); }, w);
  }
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override {
    return detail::shifted_jacobian(*q0_, [&](const auto& x) { return lateral(x); }, w);
  }

 private:
  // G(m) on doubles or duals (the dual carries dG/dm through chain()).
  template <class T>
  T g_of(const T& m, double one_minus_m) const {
    const RingLateralG g = ring_lateral_g(value(m), one_minus_m);
    return chain(m, g.G, g.dG);
  }

  // -sgn(w3) k L(eps) n with e = r w12, z = |w3| (eps = e/z); every form stays finite: near the
  // poles (e <= xi0 z) L = xi0 G((e/(xi0 z))^2), near the equator sgn(w3) L = xi0^2 (w3/e) G((xi0 z/e)^2).
  template <class T>
  std::array<T, 3> lateral(const std::array<T, 3>& w) const {
    const T w12 = approx::norm2(w[0], w[1]);
    if (value(w12) == 0.0) return {T(0.0), T(0.0), T(0.0)};
    const T e = rho_over_R() * w12, z = approx::abs_of(w[2]);
    const double ev = value(e), xz = xi0_ * value(z);
    T sL;  // sgn(w3) L
    if (ev <= xz) {
      const T c = e / (xi0_ * z);
      sL = (value(w[2]) > 0.0 ? xi0_ : -xi0_) * g_of(c * c, (xz - ev) * (xz + ev) / (xz * xz));
    } else {
      const T c = xi0_ * z / e;
      sL = xi0_ * xi0_ * w[2] / e * g_of(c * c, (ev - xz) * (ev + xz) / (ev * ev));
    }
    return detail::lateral_along_n(sL, w12, w, k_);
  }

  double xi0_, k_;
  std::unique_ptr<ExactModel> q0_;
};

}  // namespace

std::unique_ptr<FrictionModel> make_shifted_ring_exact_model(const Pressure& ring, double rho_over_R, double k) {
  return std::make_unique<ShiftedRingExact>(ring, rho_over_R, k);
}

}  // namespace limitdir::detail
