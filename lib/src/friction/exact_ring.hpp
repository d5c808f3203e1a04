#pragma once
// Internal: the exact model of the thin ring of [Kireenkov] (friction/exact_ring.cpp), built by
// make_exact_model (friction/exact.cpp) for Pressure::ring, and the ring shifted along the sliding
// direction (2) [Kireenkov] (friction/exact_ring_shift.cpp) for kireenkov-exact.
#include <memory>

#include "limitdir/friction/exact.hpp"

namespace limitdir::detail {

std::unique_ptr<ExactModel> make_ring_exact_model(const Pressure& ring, double rho_over_R);

/// The lateral force of the unit shift (2) [Kireenkov] on the thin ring, sigma0 (1 + x_par/R)
/// (docs/manual.md section 7, "The thin ring"): at eps = v/(omega R) the force along n = e_z x s
/// is -sgn(omega) L(eps) mu N with
///   L = xi0 G(c^2), c = eps/xi0 (eps <= xi0);   L = xi0 c G(c^2), c = xi0/eps (eps >= xi0),
///   G(m) = (2/(3 pi)) (E(m) + B(m)),
/// so L(0) = xi0/2 = pi I_2 and L ~ xi0^2/(2 eps) = pi I_3/eps. Returns G and dG/dm at m with its
/// complement 1 - m given without cancellation; dG/dm = (Sigma - D)/(3 pi) = ((1 - m) D - B)/(3 pi m),
/// finite at m = 1 (-1/(3 pi)): L is C^1 across the circle eps = xi0.
struct RingLateralG {
  double G, dG;
};
RingLateralG ring_lateral_g(double m, double one_minus_m);

/// The exact model of the thin ring (Pressure::ring) with the constant shift k of (2) [Kireenkov]:
/// q = q_ring - sgn(w3) k L(eps) n (the shift's weight is odd along s, so it adds no force along s
/// and no torque). |k| xi0 <= 1 (the line density 1 + k xi0 cos phi stays >= 0); InputError
/// otherwise. At the poles (pure spin) the lateral force of a constant shift depends on the
/// sliding direction s: there q is the unshifted ring's, marked not differentiable.
std::unique_ptr<FrictionModel> make_shifted_ring_exact_model(const Pressure& ring, double rho_over_R, double k);

}  // namespace limitdir::detail
