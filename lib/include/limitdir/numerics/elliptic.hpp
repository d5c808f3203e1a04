#pragma once
// Complete elliptic integrals in the parameter m (K(m), E(m) of (59)-(60), [Nonlinear Dyn. 2024], with the
// errata of docs/errata.md: complete integrals, parameter m = k^2), and the combinations
// that appear in the ring forms of the friction integrals without cancellation:
//   B(m) = (E - (1-m) K)/m = int_0^{pi/2} cos^2 t / sqrt(1 - m sin^2 t) dt
//   D(m) = (K - E)/m        = int_0^{pi/2} sin^2 t / sqrt(1 - m sin^2 t) dt
//   Sigma(m) = (D - B)/m    = 2 dB/dm
// For m < 1/2 all of them are summed from their hypergeometric series (no cancellation);
// otherwise K and E come from the arithmetic-geometric mean in long double and the rest from
// the definitions, each within 0.7 ulp (numerics/elliptic.cpp).
namespace limitdir {

struct EllipticSet {
  double K, E, B, D, Sigma;  // at m = 1: K, D, Sigma are +infinity, E = B = 1
};

/// All of the above at parameter m in [0, 1].
EllipticSet elliptic_set(double m);
/// The same with the complement 1 - m given without cancellation (matters as m -> 1).
EllipticSet elliptic_set(double m, double one_minus_m);

/// E and B alone (the values of the ring forms need no more), at a fraction of the cost of the
/// whole set: the same series and Carlson forms.
struct EllipticEB {
  double E, B;
};
EllipticEB elliptic_eb(double m, double one_minus_m);

/// Coefficients of the series E(m) = (pi/2) sum e_n m^n and B(m) = (pi/4) sum b_n m^n.
double series_e(int n);
double series_b(int n);

}  // namespace limitdir
