#pragma once
// The exact model of the uniform disc with its pressure shifted along the sliding direction,
// sigma0 (1 + k x_par/R) (2) [Kireenkov] with a constant k, in closed form (docs/manual.md
// section 7, "The shifted uniform disc"): q = q_0 - sgn(w3) k Lambda(eps) n, q_0 the unshifted
// disc's closed form (57)-(60) and n = e_z x s. Units R = 1, eps = v/(|omega| R).
#include <memory>

#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir {

/// A function of t with its derivative d/dt.
struct ValueSlope {
  double value, slope;
};

/// The lateral force of the unit shift on the uniform disc, as the ring decomposition gives it
/// (each ring of radius xi carries xi a G(a^2), a = xi/eps, friction/exact_ring.hpp; weight
/// 2 xi dxi), in two forms without cancellation or division by zero:
///  * eps <= 1, t = eps^2: Lambda = (4/(45 pi)) ((6 - 2t) E(t) + (3 + t) B(t)), Lambda(0) = 1/3;
///  * eps >= 1, t = 1/eps^2: eps Lambda = H(t) = (4/(45 pi t)) ((3t + 1) E(t) - 2 (1 - 3t) B(t)),
///    H(0) = 1/4,
/// for t < 1/4 from their series sum g_n t^n/(3/2 - n) and sum g_n t^n/(n + 2) with
/// G(m) = sum g_n m^n = (1/(pi m)) int_0^m E, g_n = e_n/(2 (n + 1)).
ValueSlope disc_shift_lateral_pole(double t);
ValueSlope disc_shift_lateral_equator(double t);

/// The contact's exact model is the closed form below: the unit circle with uniform pressure, a
/// shift k != 0 and no distortion (the contact model of friction/contact_model.hpp otherwise).
bool has_shifted_disc_closed_form(const Contact& contact);

/// q of the uniform disc (rho/R > 0) shifted by k, |k| <= 1 (the pressure stays >= 0;
/// InputError otherwise). At the poles (pure spin) the lateral force depends on the sliding
/// direction s: there q is the unshifted disc's, marked not differentiable (as the contact
/// model of friction/contact_model.hpp).
std::unique_ptr<FrictionModel> make_shifted_disc_exact_model(double rho_over_R, double k);

}  // namespace limitdir
