// Contact detection of spheres and planes (granular/contact_detection.hpp): uniform grid broad
// phase and the exact narrow phase.
#include "limitdir/granular/contact_detection.hpp"

#include <algorithm>
#include <cmath>

#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

namespace {

// Cell coordinates are clamped to +-2^20 so that three of them pack into one 64-bit key; a
// clamped far cell only merges cells that are far apart, which the narrow phase tells apart.
constexpr std::int64_t kCellClamp = (std::int64_t{1} << 20) - 1;

// Spheres per item of the parallel narrow phase (~27 cell look-ups and a few pairs each).
constexpr std::size_t kSphereChunk = 256;

std::int64_t cell_coordinate(double x, double cell) {
  const double c = std::floor(x / cell);
  return static_cast<std::int64_t>(std::clamp(c, -static_cast<double>(kCellClamp), static_cast<double>(kCellClamp)));
}

std::uint64_t cell_key(std::int64_t i, std::int64_t j, std::int64_t k) {
  const auto pack = [](std::int64_t c) { return static_cast<std::uint64_t>(c + kCellClamp + 1) & 0x1FFFFF; };
  return (pack(i) << 42) | (pack(j) << 21) | pack(k);
}

Eigen::Matrix3d frame_of(const Eigen::Vector3d& n) {
  Eigen::Matrix3d f;
  f.col(0) = n;
  f.rightCols<2>() = tangent_basis(n);
  return f;
}

}  // namespace

SphereContact sphere_sphere_contact(const SphereBodies& s, int a, int b) {
  SphereContact c;
  c.a = a;
  c.b = b;
  const Eigen::Vector3d d = s.x[static_cast<std::size_t>(a)] - s.x[static_cast<std::size_t>(b)];
  const double dist = d.norm();
  // Coincident centres have no normal: any unit vector serves (the pair overlaps completely).
  const Eigen::Vector3d n = dist > 0.0 ? Eigen::Vector3d(d / dist) : Eigen::Vector3d::UnitZ();
  c.frame = frame_of(n);
  c.gap = dist - s.radius[static_cast<std::size_t>(a)] - s.radius[static_cast<std::size_t>(b)];
  return c;
}

bool sphere_plane_contact(const SphereBodies& s, int a, const Plane& plane, int wall, SphereContact& out) {
  const Eigen::Vector3d& x = s.x[static_cast<std::size_t>(a)];
  out.a = a;
  out.b = wall_body(wall);
  out.frame = frame_of(plane.normal);
  if (std::isfinite(plane.half_width) &&
      (std::abs(x.dot(out.frame.col(1))) > plane.half_width || std::abs(x.dot(out.frame.col(2))) > plane.half_width))
    return false;
  out.gap = plane.normal.dot(x) - plane.offset - s.radius[static_cast<std::size_t>(a)];
  return true;
}

void ContactDetector::detect(const SphereBodies& s, const std::vector<Plane>& walls, double margin,
                             std::vector<SphereContact>& out, WorkerPool* pool) {
  out.clear();
  const std::size_t n = s.size();
  if (n == 0) return;
  const double r_max = *std::max_element(s.radius.begin(), s.radius.end());
  // Two spheres within margin have centres closer than 2 R_max + margin: neighbouring cells.
  const double cell = 2.0 * r_max + margin;
  // Broad phase: cells keyed by their integer coordinates, the spheres of a cell stored
  // contiguously (counting sort over the cells met).
  cell_index_.clear();
  key_.resize(n);
  std::vector<std::int64_t> ijk(3 * n);
  for (std::size_t k = 0; k < n; ++k) {
    for (int d = 0; d < 3; ++d) ijk[3 * k + static_cast<std::size_t>(d)] = cell_coordinate(s.x[k][d], cell);
    key_[k] = cell_key(ijk[3 * k], ijk[3 * k + 1], ijk[3 * k + 2]);
    cell_index_.emplace(key_[k], static_cast<std::uint32_t>(cell_index_.size()));
  }
  cell_start_.assign(cell_index_.size() + 1, 0);
  for (std::size_t k = 0; k < n; ++k) ++cell_start_[cell_index_[key_[k]] + 1];
  for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
  cell_members_.resize(n);
  std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t k = 0; k < n; ++k) cell_members_[fill[cell_index_[key_[k]]]++] = static_cast<std::uint32_t>(k);
  // Narrow phase over the 27 cells around each sphere, each pair once (b > a): chunks of
  // spheres on the pool, each into its own list, joined in sphere order (the same contacts in
  // the same order whatever ran which chunk).
  std::vector<std::vector<SphereContact>> found(chunk_count(n, kSphereChunk));
  const auto narrow = [&](std::size_t j) {
    std::vector<int> near;
    for (std::size_t a = j * kSphereChunk; a < std::min(n, (j + 1) * kSphereChunk); ++a) {
      near.clear();
      for (std::int64_t di = -1; di <= 1; ++di)
        for (std::int64_t dj = -1; dj <= 1; ++dj)
          for (std::int64_t dk = -1; dk <= 1; ++dk) {
            const auto it = cell_index_.find(cell_key(ijk[3 * a] + di, ijk[3 * a + 1] + dj, ijk[3 * a + 2] + dk));
            if (it == cell_index_.end()) continue;
            for (std::uint32_t m = cell_start_[it->second]; m < cell_start_[it->second + 1]; ++m)
              if (cell_members_[m] > a) near.push_back(static_cast<int>(cell_members_[m]));
          }
      // A clamped far cell can be met from two neighbours: each pair once, in increasing b.
      std::sort(near.begin(), near.end());
      near.erase(std::unique(near.begin(), near.end()), near.end());
      for (const int b : near) {
        const SphereContact c = sphere_sphere_contact(s, static_cast<int>(a), b);
        if (c.gap <= margin) found[j].push_back(c);
      }
    }
  };
  for_each_on(pool, found.size(), narrow);
  for (const auto& f : found) out.insert(out.end(), f.begin(), f.end());
  for (std::size_t w = 0; w < walls.size(); ++w)
    for (std::size_t a = 0; a < n; ++a) {
      SphereContact c;
      if (sphere_plane_contact(s, static_cast<int>(a), walls[w], static_cast<int>(w), c) && c.gap <= margin)
        out.push_back(c);
    }
}

}  // namespace limitdir
