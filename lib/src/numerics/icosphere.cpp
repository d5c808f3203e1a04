#include "numerics/icosphere.hpp"

#include "limitdir/numerics/sphere.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace limitdir::detail {
namespace {

Icosphere build(int level) {
  Icosphere m;
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  const double v[12][3] = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
                           {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  for (const auto& p : v) m.vertices.push_back(Eigen::Vector3d(p[0], p[1], p[2]).normalized());
  m.faces = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
             {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
             {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int l = 0; l < level; ++l) {
    std::map<std::pair<int, int>, int> midpoint;
    const auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      const auto it = midpoint.find(key);
      if (it != midpoint.end()) return it->second;
      m.vertices.push_back((m.vertices[a] + m.vertices[b]).normalized());
      const int id = static_cast<int>(m.vertices.size()) - 1;
      midpoint.emplace(key, id);
      return id;
    };
    std::vector<std::array<int, 3>> faces;
    faces.reserve(4 * m.faces.size());
    for (const auto& f : m.faces) {
      const int a = mid(f[0], f[1]), b = mid(f[1], f[2]), c = mid(f[2], f[0]);
      faces.push_back({f[0], a, c});
      faces.push_back({f[1], b, a});
      faces.push_back({f[2], c, b});
      faces.push_back({a, b, c});
    }
    m.faces = std::move(faces);
  }
  // A fixed generic rotation, so that no vertex falls on a point that symmetric problems
  // single out (the poles, (+-1, 0, 0), the equator), where zeros of V* typically sit.
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7318, Eigen::Vector3d(0.3141, 0.5926, 0.7421).normalized()).toRotationMatrix();
  for (auto& p : m.vertices) p = (R * p).normalized();
  // Orient every face counter-clockwise seen from outside.
  for (auto& f : m.faces) {
    const Eigen::Vector3d &a = m.vertices[f[0]], &b = m.vertices[f[1]], &c = m.vertices[f[2]];
    if ((b - a).cross(c - a).dot(a + b + c) < 0) std::swap(f[1], f[2]);
  }
  for (const auto& f : m.faces)
    m.face_basis.push_back(tangent_basis((m.vertices[f[0]] + m.vertices[f[1]] + m.vertices[f[2]]).normalized()));
  m.neighbours.assign(m.vertices.size(), {});
  for (const auto& f : m.faces)
    for (int i = 0; i < 3; ++i) {
      auto& n = m.neighbours[f[i]];
      for (int j : {f[(i + 1) % 3], f[(i + 2) % 3]})
        if (std::find(n.begin(), n.end(), j) == n.end()) n.push_back(j);
    }
  return m;
}

}  // namespace

const Icosphere& icosphere(int level) {
  constexpr int max_level = 7;
  if (level < 0 || level > max_level) throw std::invalid_argument("icosphere: level must lie in [0, 7]");
  static std::mutex mutex;
  static std::unique_ptr<Icosphere> cache[max_level + 1];
  std::lock_guard<std::mutex> lock(mutex);
  if (!cache[level]) cache[level] = std::make_unique<Icosphere>(build(level));
  return *cache[level];
}

}  // namespace limitdir::detail
