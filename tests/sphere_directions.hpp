#pragma once
// Slip directions shared by the friction-model tests: a normalised vector and reproducible
// random directions (normal samples, normalised: uniform on the sphere).
#include <Eigen/Core>
#include <random>
#include <vector>

namespace sphere_directions {

inline Eigen::Vector3d unit(double x, double y, double z) { return Eigen::Vector3d(x, y, z).normalized(); }

inline std::vector<Eigen::Vector3d> random_directions(int n, unsigned seed) {
  std::mt19937 g(seed);
  std::normal_distribution<double> d;
  std::vector<Eigen::Vector3d> out;
  for (int i = 0; i < n; ++i) out.push_back(Eigen::Vector3d(d(g), d(g), d(g)).normalized());
  return out;
}

}  // namespace sphere_directions
