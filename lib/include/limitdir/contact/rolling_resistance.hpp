#pragma once
// The rolling resistance of two bodies, (18)-(20) and its orthotropic form (26)-(29) [Kudra &
// Awrejcewicz 2013], resolved to the resultant distortion (d, gamma') of (15)-(16) that the
// contact carries (Contact::with_distortion): every friction model built on the contact, its
// pressure, centre of pressure (22) and characteristic integrals c_{i,j,k} use it.
//
// In the contact's axes (x along the semi-axis a, y along b; the pre-image circle x' = x/a,
// y' = y/b), body i contributes to sigma = sigma0 (1 + d_c x' + d_s y'):
//   gamma'_i  the direction of its contour velocity v'_ri in the pre-image circle;
//   b_i = 1:  (d_c, d_s) += d_i (cos gamma'_i, sin gamma'_i)                           (18)-(19)
//   b_i != 1: (d_c, d_s) += d_ai (cos gamma''_i, b_i sin gamma''_i)                      (26), (29)
//             with tan gamma''_i = tan gamma'_i / b_i (the same quadrant), the pre-image form of
//             (27) (v_rx = v'_rx', v_ry = b v'_ry'), d_ai the coefficient along x and
//             d_bi = b_i d_ai along y;
// the resultant d = |(d_c, d_s)|, gamma' = atan2(d_s, d_c) (Fig. 3c: d = d_1 + d_2 as vectors).
// For a contact turned into the K&A frame (b > a) the pair turns with it (integrals.hpp).
//
// Non-negative pressure for every pair of contour directions: body i's (d_c, d_s) runs over the
// ellipse with semi-axes (d_ai, d_bi), so the largest resultant is the support function of
// their Minkowski sum, max over unit n of sum_i sqrt(d_ai^2 n_x^2 + d_bi^2 n_y^2) <= 1. With
// b_1 = b_2 = 1 this is d_1 + d_2 <= 1 of (18); when both ellipses are elongated along the
// same axis it is the paper's d_a1 + d_a2 <= 1, d_b1 + d_b2 <= 1 after (29), which otherwise
// does not suffice (docs/errata.md).
#include <array>

#include "limitdir/contact/shape.hpp"

namespace limitdir {

/// One body's rolling resistance: d (d_i of (18), or d_ai of (26) when b_ratio != 1), the
/// direction gamma'_i of its contour velocity in the pre-image circle, the orthotropy b_i.
struct BodyResistance {
  double d = 0.0, gamma = 0.0, b_ratio = 1.0;
};

/// The resultant of (18)/(29).
struct ResultantResistance {
  double d_c = 0.0, d_s = 0.0;  // (19), (29)
  double d = 0.0, gamma = 0.0;  // |(d_c, d_s)| (clamped to 1 against rounding), atan2(d_s, d_c)
};

/// The largest resultant d over all contour directions (the condition above asks <= 1).
double largest_resultant(const std::array<BodyResistance, 2>& bodies);

/// (18)-(19) or (26)-(29); InputError for d < 0, b_i <= 0, a value not finite, or a largest
/// resultant above 1 (the pressure could turn negative).
ResultantResistance resultant_resistance(const std::array<BodyResistance, 2>& bodies);

/// The contact with the resultant distortion of the two bodies (Contact::with_distortion).
Contact with_rolling_resistance(const Contact& contact, const std::array<BodyResistance, 2>& bodies);

}  // namespace limitdir
