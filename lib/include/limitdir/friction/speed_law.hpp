#pragma once
// The generalised Coulomb law (1) [Kireenkov]: at each point of the contact the friction stress
// is -f sigma (V/|V|) g(|V|) with g(|V|) = 1 + mu1 |V|^3 - mu2 |V| and V = (v - omega y, omega x)
// the local slip velocity (in the frame of the sliding direction s). Integrated over the circle
// of radius R with the pressure sigma0(r) (1 + k x/R) of (2) [Kireenkov], the factor g adds to
// the direction-only (Coulomb) force mu P q(w) terms that are polynomials in the slip
// x_o = (u_x, u_y, rho omega) (docs/manual.md section 7, "Speed-dependent friction"):
//   dq_s = -mu1 (v^3 + 2 v omega^2 <r^2>) + mu2 v,                            (6)-(8)
//   dq_n = -k omega (mu1 (v^2 <r^2> + omega^2 <r^4>) - mu2 <r^2>)/2,   n = e_z x s,
//   dq_3 = -(mu1 (2 omega v^2 <r^2> + omega^3 <r^4>) - mu2 omega <r^2>)/rho,  (6)-(8)
// with v = |(u_x, u_y)|, omega = x_3/rho and the pressure's moments <r^2> = 2 pi I_3 R^2,
// <r^4> = 2 pi I_5 R^4 (2 pi I_1 = 1). dq_n is the shifted pressure's share, which (6)-(8)
// [Kireenkov] leave out (docs/errata.md). g = 1 at x_o = 0, so the terms vanish at stick and
// the limit directions, their types, sweeps and maps do not see them; only the slip dynamics
// away from stick (simulate) does.
//
// Units: velocities in sqrt(mu g R) (section 1: mu = g = m = R = 1), so mu1 is in
// (mu g R)^(-3/2) and mu2 in (mu g R)^(-1/2) of the paper's velocity unit.
#include <Eigen/Core>

#include "limitdir/contact/shape.hpp"

namespace limitdir {

/// The coefficients of g(|V|) = 1 + mu1 |V|^3 - mu2 |V| (1) [Kireenkov]; zero: the Coulomb law.
struct SpeedLaw {
  double mu1 = 0.0, mu2 = 0.0;
  bool coulomb() const { return mu1 == 0.0 && mu2 == 0.0; }
};

/// InputError (naming `who`) unless mu1, mu2 are finite, mu1 >= 0 and 4 mu2^3 <= 27 mu1, i.e.
/// g(|V|) >= 0 at every speed: its least value, at |V|^2 = mu2/(3 mu1), is
/// 1 - (2/3) mu2 sqrt(mu2/(3 mu1)); a negative g would make friction drive the slip (negative
/// dissipation f sigma g |V| dS).
void check_speed_law(const SpeedLaw& law, const char* who);

/// The speed terms above for a circle (radius R, pressure family (1 - r^2/R^2)^alpha) and rho.
class SpeedTerms {
 public:
  SpeedTerms() = default;  // the Coulomb law: no terms
  SpeedTerms(const SpeedLaw& law, const Contact& circle, double rho, const char* who);
  /// The same from the pressure's moments <r^2>, <r^4> (any axisymmetric pressure; the thin
  /// ring of radius xi0 R: xi0^2 R^2, xi0^4 R^4).
  SpeedTerms(const SpeedLaw& law, double r2, double r4, double rho, const char* who);
  const SpeedLaw& law() const { return law_; }
  bool coulomb() const { return law_.coulomb(); }
  /// dq at the slip x = (u_x, u_y, rho omega) with the shift k = k0 Q of the model ((8)
  /// [Kireenkov]: Q the Coulomb sliding component at the direction of x; k = 0 unshifted).
  Eigen::Vector3d at(const Eigen::Vector3d& x, double k) const;

 private:
  SpeedLaw law_;
  double r2_ = 0.0, r4_ = 0.0, rho_ = 1.0;
};

}  // namespace limitdir
