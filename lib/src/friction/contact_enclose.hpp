#pragma once
// Internal (friction/contact_enclose.cpp): rigorous enclosures of q and of dq/dw over a box of
// slip directions x (any nonzero scale: both formulas are homogeneous of degree 0 in x) for the
// exact contact model (8) [Kudra & Awrejcewicz 2013] of an ellipse with uniform pressure, no
// distortion, no shift (docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse").
// Two regimes, chosen by the box:
//  * near translation, |omega| max(a, b) <= eta_max |u| (u = (x1, x2), omega = x3/rho): the
//    Taylor series of v/|v| in omega (Legendre's generating function) integrated term by term
//    against the moments of the ellipse, with a Cauchy bound on the tail
//    (friction/contact_series_enclose.cpp);
//  * omega bounded away from 0: the one-dimensional integral over the ray angle about the
//    instantaneous centre of rotation, by interval Taylor models of order 12 on adaptive cells
//    of the angle (friction/contact_polar_enclose.cpp).
// Elsewhere (a box that reaches pure sliding and a far-from-translation direction at once) the
// enclosure is the trivial |q_12| <= 1, |q3| <= max(a, b)/rho with an unbounded Jacobian, so
// that a branch and bound splits the box. Compiled with -frounding-math.
#include <optional>

#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail::contact_enclose {

struct Ellipse {
  double a, b, rho;  // semi-axes along x, y; rho of q3 = M/(rho mu N)
};

/// The series regime applies when |omega|_max max(a, b) <= eta_max |u|_min.
inline constexpr double eta_max = 0.3;

/// Enclosures of q and dq/dw over the box x (0 not in it) of the exact model
/// (friction/contact_model.hpp) of `contact` with this rho; none unless the contact is an ellipse
/// or circle with uniform pressure, no distortion and no shift.
std::optional<QEnclosure> enclose(const Contact& contact, double rho, const IVec3& x);

/// The near-translation enclosure; none when the box is not in its regime.
std::optional<QEnclosure> near_translation(const Ellipse& e, const IVec3& x);
/// The enclosure about the ICR; none when x3 is not bounded away from 0.
std::optional<QEnclosure> about_icr(const Ellipse& e, const IVec3& x);
/// |q_1|, |q_2| <= 1, |q_3| <= max(a, b)/rho, the Jacobian unbounded.
QEnclosure trivial(const Ellipse& e);

}  // namespace limitdir::detail::contact_enclose
