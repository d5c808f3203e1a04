#pragma once
// Geodesic triangulation of the unit sphere (internal to the global limit-direction solver).
#include <Eigen/Core>
#include <array>
#include <vector>

namespace limitdir::detail {

struct Icosphere {
  std::vector<Eigen::Vector3d> vertices;            // unit vectors
  std::vector<std::array<int, 3>> faces;            // counter-clockwise seen from outside
  std::vector<std::vector<int>> neighbours;         // vertex adjacency
  std::vector<Eigen::Matrix<double, 3, 2>> face_basis;  // tangent basis at each face centroid
};

/// The icosahedron subdivided `level` times (10 * 4^level + 2 vertices), turned by a fixed
/// generic rotation; cached, thread-safe.
const Icosphere& icosphere(int level);

}  // namespace limitdir::detail
