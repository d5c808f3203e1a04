#pragma once
// The spheres of a granular system (granular/moreau_jean.hpp), stored one array per quantity.
// Sphere k has centre x[k], velocity v[k], angular velocity omega[k] (world frame), radius,
// mass and moment of inertia J = j m R^2 (j = 2/5, a solid sphere), and an id that stays with
// it when others leave (the index of its birth, granular/pluviation.hpp).
#include <Eigen/Core>
#include <cstddef>
#include <vector>

namespace limitdir {

/// J = j m R^2 of a solid sphere.
inline constexpr double kSolidSphereJ = 0.4;

struct SphereBodies {
  std::vector<Eigen::Vector3d> x, v, omega;
  std::vector<double> radius, mass, inertia;
  std::vector<long long> id;

  std::size_t size() const { return x.size(); }
  /// Appends a solid sphere at rest; radius and mass must be finite and > 0.
  void add(long long sphere_id, const Eigen::Vector3d& position, double sphere_radius, double sphere_mass);
  /// Removes sphere k: the last sphere takes its index (ids are kept).
  void remove(std::size_t k);
  /// Kinetic energy sum m |v|^2/2 + J |omega|^2/2.
  double kinetic_energy() const;
  /// Potential energy -sum m g . x of the uniform gravity g (a vector).
  double potential_energy(const Eigen::Vector3d& gravity) const;
};

}  // namespace limitdir
