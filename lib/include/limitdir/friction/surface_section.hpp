#pragma once
// The sections of the friction surface {q(w) : |w| = 1} (the image of the sphere of slip
// directions under q, Fig. 6 [Kudra & Awrejcewicz 2013]) by the coordinate planes q_k = 0, found
// point by point as (31) [Kudra & Awrejcewicz 2013] finds them: for each polar angle phi_x of the
// plane (q_i, q_j), the slip direction w with q_k(w) = 0 and (q_i, q_j)(w) = r (cos phi_x,
// sin phi_x), r > 0 (docs/manual.md section 7, "Friction surfaces").
#include <Eigen/Core>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace limitdir {

struct SectionPoint {
  double phi_x = 0.0;   // the polar angle in the plane (q_i, q_j)
  Eigen::Vector3d w;    // the slip direction (unit)
  Eigen::Vector3d q;    // q(w): q_k = 0 to the residual, (q_i, q_j) on the ray phi_x
  double residual = 0;  // |(q_k, -sin phi_x q_i + cos phi_x q_j)| at w: the residual of (31)
};

struct SurfaceSection {
  int k = 2;     // the plane q_k = 0 (0-based)
  int i = 0, j = 1;  // its axes, i < j
  std::vector<SectionPoint> points;  // at phi_x = 2 pi m / n, m = 0 .. n-1
};

/// The largest residual of (31) accepted at a point: a few rounding errors of q (each ~1e-15 of
/// |q| <= 1 for the models of this folder; the exact contact model's quadrature ~1e-13).
inline constexpr double kSectionResidual = 1e-11;

/// The section of the surface by q_k = 0 at n >= 3 angles: Newton on the sphere from the previous
/// angle's direction (a search over a 37 x 72 grid of the sphere for the first angle and whenever
/// Newton does not reach kSectionResidual), the step to the next angle halved up to 20 times when
/// Newton fails from the previous point. NumericalError when a point stays above kSectionResidual;
/// InputError for k outside 0..2 or n < 3.
SurfaceSection surface_section(const FrictionModel& model, int k, int n);

}  // namespace limitdir
