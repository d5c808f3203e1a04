#pragma once
// Internal (friction/contact_enclose.cpp): rigorous enclosures of q and of dq/dw over a box of
// slip directions x (any nonzero scale: both formulas are homogeneous of degree 0 in x) for the
// exact contact model (8) [Kudra & Awrejcewicz 2013] of an ellipse with uniform or Hertz pressure
// (sigma0 = (1 - rhat^2)^alpha, alpha = 0 or 1/2, contact/shape.hpp), no distortion, no shift (docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse").
// Two regimes, chosen by the box:
//  * near translation, |omega| max(a, b) <= eta_max |u| (u = (x1, x2), omega = x3/rho): the
//    Taylor series of v/|v| in omega (Legendre's generating function) integrated term by term
//    against the moments of the pressure over the ellipse, with a Cauchy bound on the tail
//    (friction/contact_series_enclose.cpp);
//  * omega bounded away from 0: the one-dimensional integral over the ray angle about the
//    instantaneous centre of rotation (for a narrow box of outer ICRs over p = sin phi, free of
//    the tangent rays' square roots), by interval Taylor models on adaptive cells whose order and
//    size follow a tolerance (friction/contact_polar_enclose.cpp; the Hertz pressure's ray
//    integrals in friction/contact_hertz_chord.hpp).
// Elsewhere (a box that reaches pure sliding and a far-from-translation direction at once) the
// enclosure is the trivial |q_12| <= 1, |q3| <= max(a, b)/rho with an unbounded Jacobian, so
// that a branch and bound splits the box. Compiled with -frounding-math.
#include <optional>

#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail::contact_enclose {

/// The accuracy of a point enclosure about the ICR: the cells of the ray angle are halved
/// while a cell's Taylor remainder is wider than `tolerance` per unit of t/(2 pi) (and than
/// half the width its midpoint term owes to the box). Any value gives an enclosure; a looser one
/// gives a wider enclosure from fewer cells.
inline constexpr double fine_tolerance = 1e-12;
/// The loosest tolerance box_tolerance gives: wired in as the model's enclosure (docs/manual.md
/// section 6), the cube-cover proof of share/problems/ellipse.json at F = 0.4 needed 8066 cells
/// with 1e-3 on every box, 8042 with 1e-12.
inline constexpr double coarse_tolerance = 1e-3;

/// The tolerance for a box x of a proof: its relative width max_i width(x_i)/max_i |x_i| (q
/// varies by about that much over it), clamped to [fine_tolerance, coarse_tolerance].
double box_tolerance(const IVec3& x);

struct Ellipse {
  double a, b, rho;                     // semi-axes along x, y; rho of q3 = M/(rho mu N)
  double tolerance = fine_tolerance;  // of the cells about the ICR (above)
  bool hertz = false;                 // the Hertz pressure sqrt(1 - rhat^2) instead of the uniform one
};

/// The series regime applies when |omega|_max max(a, b) <= eta_max |u|_min.
inline constexpr double eta_max = 0.3;

/// Enclosures of q and dq/dw over the box x (0 not in it) of the exact model
/// (friction/contact_model.hpp) of `contact` with this rho; none unless the contact is an ellipse
/// or circle with uniform or Hertz pressure (exponent 0 or 1/2), no distortion and no shift.
std::optional<QEnclosure> enclose(const Contact& contact, double rho, const IVec3& x,
                                   double tolerance = fine_tolerance);

/// The near-translation enclosure; none when the box is not in its regime.
std::optional<QEnclosure> near_translation(const Ellipse& e, const IVec3& x);
/// The enclosure about the ICR; none when x3 is not bounded away from 0.
std::optional<QEnclosure> about_icr(const Ellipse& e, const IVec3& x);
/// |q_1|, |q_2| <= 1, |q_3| <= max(a, b)/rho, the Jacobian unbounded.
QEnclosure trivial(const Ellipse& e);

}  // namespace limitdir::detail::contact_enclose
