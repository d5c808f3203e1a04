// The spheres of a granular system (granular/bodies.hpp).
#include "limitdir/granular/bodies.hpp"

#include <cmath>

#include "limitdir/core/errors.hpp"

namespace limitdir {

void SphereBodies::add(long long sphere_id, const Eigen::Vector3d& position, double sphere_radius, double sphere_mass) {
  if (!(std::isfinite(sphere_radius) && sphere_radius > 0.0 && std::isfinite(sphere_mass) && sphere_mass > 0.0))
    throw InputError("sphere " + std::to_string(sphere_id) + ": radius and mass must be finite and > 0");
  if (!position.allFinite()) throw InputError("sphere " + std::to_string(sphere_id) + ": position must be finite");
  x.push_back(position);
  v.push_back(Eigen::Vector3d::Zero());
  omega.push_back(Eigen::Vector3d::Zero());
  radius.push_back(sphere_radius);
  mass.push_back(sphere_mass);
  inertia.push_back(kSolidSphereJ * sphere_mass * sphere_radius * sphere_radius);
  id.push_back(sphere_id);
}

void SphereBodies::remove(std::size_t k) {
  const std::size_t last = size() - 1;
  if (k != last) {
    x[k] = x[last];
    v[k] = v[last];
    omega[k] = omega[last];
    radius[k] = radius[last];
    mass[k] = mass[last];
    inertia[k] = inertia[last];
    id[k] = id[last];
  }
  x.pop_back();
  v.pop_back();
  omega.pop_back();
  radius.pop_back();
  mass.pop_back();
  inertia.pop_back();
  id.pop_back();
}

double SphereBodies::kinetic_energy() const {
  double e = 0.0;
  for (std::size_t k = 0; k < size(); ++k) e += 0.5 * (mass[k] * v[k].squaredNorm() + inertia[k] * omega[k].squaredNorm());
  return e;
}

double SphereBodies::potential_energy(const Eigen::Vector3d& gravity) const {
  double e = 0.0;
  for (std::size_t k = 0; k < size(); ++k) e -= mass[k] * gravity.dot(x[k]);
  return e;
}

}  // namespace limitdir
