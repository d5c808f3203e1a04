#pragma once
// Internal: the charts of the sphere shared by the proofs at one load and the event proofs
// (limits/proof.hpp): the six faces of a slightly rotated cube.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

/// x = T (1, u, v), (u, v) in [-1, 1]^2, with T = [n a b] exact doubles; F || x iff
/// f = T^-1 F || (1, u, v), i.e. g(u, v) = (f_a - u f_n, f_b - v f_n) = 0.
struct Face {
  Eigen::Matrix3d T;
  IMat3 Tinv;
  std::string name;
};

/// The six faces, or none when a T could not be inverted rigorously.
std::optional<std::vector<Face>> cube_faces();

/// The box of x = T (1, u, v) over the box X of (u, v).
IVec3 face_point(const Face& face, const IVec2& X);

/// The box of x/|x| over the box x (which excludes 0), clipped to [-1, 1].
IVec3 normalized(const IVec3& x);

}  // namespace limitdir::detail
