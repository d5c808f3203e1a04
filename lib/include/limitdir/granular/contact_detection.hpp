#pragma once
// Contact detection between spheres and fixed planes (docs/manual.md section 15, "Contacts"):
// a broad phase on a uniform grid (cells of side 2 R_max + margin, hashed: the cost grows like
// the number of spheres, never all pairs) and the exact narrow phase of two spheres and of a
// sphere and a plane. Every pair whose gap is <= margin is returned, with its local frame.
#include <Eigen/Core>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "limitdir/granular/bodies.hpp"
#include "limitdir/granular/worker_pool.hpp"

namespace limitdir {

/// The plane normal . x = offset (normal a unit vector pointing to the side of the spheres),
/// bounded to the square |x . t1| <= half_width, |x . t2| <= half_width (t1, t2 the tangent
/// basis of the normal, numerics/sphere.hpp): a sphere touches it only while its centre is over
/// the square. half_width = infinity: the whole plane.
struct Plane {
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
  double offset = 0.0;
  double half_width = std::numeric_limits<double>::infinity();
};

/// A wall's index w is stored as b = -1 - w in a SphereContact.
inline constexpr int wall_body(int w) { return -1 - w; }

/// A pair of bodies near contact. a is a sphere; b a sphere (b > a) or a wall (b < 0,
/// wall_body). frame = [n t1 t2]: n the unit normal from b to a, (t1, t2) = tangent_basis(n).
/// gap = |x_a - x_b| - R_a - R_b (two spheres), n . x_a - offset - R_a (a plane); < 0 is an
/// overlap.
struct SphereContact {
  int a = 0;
  int b = 0;
  Eigen::Matrix3d frame = Eigen::Matrix3d::Identity();
  double gap = 0.0;
  bool with_wall() const { return b < 0; }
  Eigen::Vector3d normal() const { return frame.col(0); }
};

/// The detector keeps its grid's storage from one call to the next (one per time loop).
class ContactDetector {
 public:
  /// Every sphere-sphere and sphere-wall pair with gap <= margin (margin >= 0), spheres pairs in
  /// increasing (a, b), then walls. The spheres' centres must be finite. With a pool, the
  /// narrow phase runs on its threads (the same contacts in the same order).
  void detect(const SphereBodies& spheres, const std::vector<Plane>& walls, double margin,
              std::vector<SphereContact>& out, WorkerPool* pool = nullptr);

 private:
  std::unordered_map<std::uint64_t, std::uint32_t> cell_index_;
  std::vector<std::uint64_t> key_;          // the cell key of each sphere
  std::vector<std::uint32_t> cell_start_;   // CSR of the spheres in each cell
  std::vector<std::uint32_t> cell_members_;
};

/// The contact of two spheres (gap, frame) and of a sphere and a plane; false when the
/// sphere's centre is not over a bounded plane.
SphereContact sphere_sphere_contact(const SphereBodies& spheres, int a, int b);
bool sphere_plane_contact(const SphereBodies& spheres, int a, const Plane& plane, int wall, SphereContact& out);

}  // namespace limitdir
