#pragma once
// The limit curve of a load sweep (internal to continuation).
//
// With c = M^-1 (F d + e) affine in the load F, V*(w) = 0 of (122) [Nonlinear Dyn. 2024] reads
// A_T(w) + F B_T(w) = 0, where A = M^-1 (q(w) + e), B = M^-1 d and X_T = X - (w . X) w is the
// tangential part. Two tangent vectors are parallel exactly when
//     g(w) = w . (A(w) x B) = 0,
// so the directions that are limit directions for some load form the zero set Gamma of one
// scalar function on the sphere, and on it the load is F(w) = -(A_T . B_T)/|B_T|^2. Every
// branch of a force diagram is an arc of Gamma; an isola is a closed component of Gamma. A
// contour of g over a fine mesh of the sphere therefore meets every component of Gamma that
// the mesh resolves, whatever the step of the continuation, and gives a point on each.
#include <Eigen/Core>
#include <vector>

#include "limitdir/system/system.hpp"

namespace limitdir::detail {

struct CurvePoint {
  Eigen::Vector3d w;  // near Gamma (linear interpolation along a mesh edge: O(h^2) off it)
  double F;           // F(w): the load at which w is nearly a limit direction
};

/// g(w) and F(w) of the file comment (F is NaN where B_T = 0: w parallel to M^-1 d).
double limit_curve_g(const System& system, const Eigen::Vector3d& w);
double limit_curve_load(const System& system, const Eigen::Vector3d& w);

/// Points of Gamma with load in [F0, F1]: the sign changes of g along the edges of an
/// icosphere of the given level, refined locally (down to 1/64 of an edge) in the faces around
/// local extrema of g where g is small against its variation (a closed component smaller than
/// a face), each placed on its edge by linear interpolation of g.
std::vector<CurvePoint> limit_curve_points(const System& system, double F0, double F1, int level);

}  // namespace limitdir::detail
