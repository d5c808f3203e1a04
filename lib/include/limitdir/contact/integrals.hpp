#pragma once
// The characteristic integrals c_{i,j,k} (13) [Kudra & Awrejcewicz 2013] of a circular or
// elliptic contact (contact/shape.hpp), the coefficients of the approximate friction models of
// friction/contact_approx.hpp. docs/manual.md section 7.
//
// The frame and units are those of the paper ("the K&A frame"): x along the MAJOR semi-axis,
// lengths in units of it, so the contact is x^2 + y^2/b^2 <= 1 with the axis ratio
// b = min(a, b)/max(a, b) <= 1, and the pressure sigma is normalised (integral of sigma = 1):
//   c_{i,j,k} = integral of x^i y^j (x^2 + y^2)^(-k/2) sigma dx dy,  c_{0,0,0} = 1   (13)-(14).
// A contact whose b exceeds its a is turned by +pi/2 into this frame (its x axis is the
// contact's y axis, its y axis the contact's -x axis); the distortion direction gamma' of (15)
// turns with it (gamma'_KA = gamma' - pi/2). The shift (2) [Kireenkov] depends on the slip
// direction and has no fixed c_{i,j,k}: such contacts are rejected (InputError).
//
// Pressure sigma = sigma0'(rho')/b (1 + d_c x + d_s y/b) (16), rho'^2 = x^2 + y^2/b^2, with
// d_c = d cos gamma'_KA, d_s = d sin gamma'_KA (18) and the radial moments (23)
//   I_i = int_0^1 sigma0'(rho') rho'^i drho',  2 pi I_1 = 1.
#include <nlohmann/json.hpp>
#include <string>

#include "limitdir/contact/shape.hpp"

namespace limitdir {

/// A contact seen in the K&A frame.
struct KudraFrame {
  double major;       // the major semi-axis max(a, b), the length unit
  double b;           // axis ratio min/max in (0, 1]
  bool turned;        // true when the contact's b > a: the frame is turned by +pi/2
  double d_c, d_s;    // (18): d cos gamma'_KA, d sin gamma'_KA
  double alpha;       // pressure exponent of sigma0' ~ (1 - rho'^2)^alpha
};

/// The frame of a contact; InputError for a contact with the shift (2) [Kireenkov].
KudraFrame kudra_frame(const Contact& contact);

/// (23): I_i = int_0^1 sigma0' rho'^i drho' for the normalised profile (2 pi I_1 = 1), any real
/// i > -1 (InputError otherwise: the moment diverges).
double radial_moment(double alpha, double i);

/// The integrals the approximate models use, Table 1 [Kudra & Awrejcewicz 2013] (c_{0,0,-1}
/// is kappa_e, the pure-spin torque arm in units of the major semi-axis).
struct CharacteristicIntegrals {
  double c100, c010, c011, c101, c203, c023, c113, c200, c020, c110, c00m1, c120, c210, c300, c030;
};

/// {"c100": .., "c010": .., ..., "c00-1": ..} (the names of Table 1, c00-1 = kappa_e).
nlohmann::json to_json(const CharacteristicIntegrals& c);

/// Table 1 closed forms with the complete elliptic integrals of modulus e, e^2 = 1 - b^2,
/// G = (K - E)/e^2 and H = (E + (e^2 - 1) K)/e^2 (62)-(63) (both pi/4 at e = 0).
CharacteristicIntegrals characteristic_integrals(const KudraFrame& frame);
CharacteristicIntegrals characteristic_integrals(const Contact& contact);

/// Any c_{i,j,k} (i, j >= 0) by the separable form (30): radial moments times a periodic
/// angular integral (trapezoid rule, nodes doubled until two rules agree to 1e-15). InputError
/// when the radial moment diverges (1 + i + j - k <= -1, e.g. c_{4,0,7}).
double characteristic_integral(const KudraFrame& frame, int i, int j, int k);

}  // namespace limitdir
