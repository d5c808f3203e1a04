// The speed terms of the generalised Coulomb law (1) [Kireenkov]; friction/speed_law.hpp.
#include "limitdir/friction/speed_law.hpp"

#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/contact/integrals.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

void check_speed_law(const SpeedLaw& law, const char* who) {
  if (!std::isfinite(law.mu1) || !std::isfinite(law.mu2))
    throw InputError(fmt::format("{} model: mu1 and mu2 must be finite (got {}, {})", who, law.mu1, law.mu2));
  if (law.mu1 < 0.0)
    throw InputError(fmt::format("{} model: mu1 must be >= 0 (got {}): the factor 1 + mu1 |V|^3 - mu2 |V| of (1) "
                                 "[Kireenkov] would turn negative at high speed",
                                 who, law.mu1));
  if (law.mu2 > 0.0 && 4.0 * law.mu2 * law.mu2 * law.mu2 > 27.0 * law.mu1)
    throw InputError(fmt::format("{} model: mu2 = {} makes the factor 1 + mu1 |V|^3 - mu2 |V| of (1) [Kireenkov] "
                                 "negative (friction would drive the slip); needs 4 mu2^3 <= 27 mu1, mu2 <= {:.6g}",
                                 who, law.mu2, 3.0 * std::cbrt(law.mu1 / 4.0)));
}

// <r^2> = 2 pi I_3 R^2, <r^4> = 2 pi I_5 R^4 for the normalised profile (2 pi I_1 = 1)
SpeedTerms::SpeedTerms(const SpeedLaw& law, const Contact& circle, double rho, const char* who)
    : SpeedTerms(law, 2.0 * pi * radial_moment(circle.alpha(), 3) * circle.a() * circle.a(),
                 2.0 * pi * radial_moment(circle.alpha(), 5) * circle.a() * circle.a() * circle.a() * circle.a(), rho,
                 who) {}

SpeedTerms::SpeedTerms(const SpeedLaw& law, double r2, double r4, double rho, const char* who)
    : law_(law), r2_(r2), r4_(r4), rho_(rho) {
  check_speed_law(law, who);
}

Eigen::Vector3d SpeedTerms::at(const Eigen::Vector3d& x, double k) const {
  if (coulomb()) return Eigen::Vector3d::Zero();
  const double mu1 = law_.mu1, mu2 = law_.mu2;
  const Eigen::Vector2d u = x.head<2>();
  const double v2 = u.squaredNorm(), omega = x.z() / rho_, om2 = omega * omega;
  // (6)-(8) [Kireenkov]: along s (v s = u) and the torque
  Eigen::Vector3d dq;
  dq.head<2>() = (mu2 - mu1 * (v2 + 2.0 * om2 * r2_)) * u;
  dq.z() = -(mu1 * (2.0 * v2 * r2_ + om2 * r4_) - mu2 * r2_) * omega / rho_;
  // the shifted pressure's share along n = e_z x s (zero at pure spin, where k = k0 Q = 0)
  const double v = std::sqrt(v2);
  if (k != 0.0 && v > 0.0) {
    const Eigen::Vector2d n(-u.y() / v, u.x() / v);
    dq.head<2>() -= 0.5 * k * omega * (mu1 * (v2 * r2_ + om2 * r4_) - mu2 * r2_) * n;
  }
  return dq;
}

}  // namespace limitdir
