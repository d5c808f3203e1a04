// The pluviation of a pile and its scene document (docs/manual.md section 15,
// granular/pluviation.hpp).
#include "limitdir/granular/pluviation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <random>
#include <unordered_map>

#include "limitdir/core/errors.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kSceneSchema = "limitdir.pile-scene/1";
// At most 2^20 cells a side in the grid of the drop area, so that a cell's two indices pack
// into one 64-bit key; cells larger than 2 r_max (a drop area over 2^20 diameters wide) only
// add candidates, never lose one.
constexpr double kMaxCellsPerSide = 1048576.0;

/// u = (x >> 11) 2^-53 in [0, 1): the 53 high bits of one 64-bit draw, the same double on every
/// platform (std::uniform_real_distribution's algorithm is left to the library).
double uniform01(std::mt19937_64& random) { return static_cast<double>(random() >> 11) * 0x1.0p-53; }

/// The births so far that a new sphere could be born into: those that have fallen less than
/// 2 r_max (two radii at most) since their birth, i.e. at most the last `length_` of them, kept
/// in square cells of side >= 2 r_max of the drop area, so that a new sphere can touch only those
/// of its own cell and the 8 around it.
class BirthWindow {
 public:
  explicit BirthWindow(const PileProblem& p) : p_(p) {
    const double reach = largest_pile_diameter(p.spheres);
    cell_ = std::max(reach, (p.drop.offset_hi - p.drop.offset_lo) / kMaxCellsPerSide);
    // the fall g (k T)^2/2 reaches 2 r_max after k = sqrt(2 reach/g)/T intervals (+1: rounding)
    const double k = std::floor(std::sqrt(2.0 * reach / p.gravity) / p.drop.interval) + 1.0;
    length_ = static_cast<long long>(std::min(k, static_cast<double>(p.spheres.count)));
  }

  /// The first earlier sphere of the window that b, the new sphere births.size(), would be born
  /// into: {its index, the gap (< 0)}, or {-1, 0} when b is free.
  std::pair<long long, double> overlap(const std::vector<SphereBirth>& births, const SphereBirth& b) {
    const long long i = static_cast<long long>(births.size());
    while (oldest_ < i - length_) remove(births, oldest_++);
    const auto [ix, iy] = cell_of(b);
    for (long long cx = ix - 1; cx <= ix + 1; ++cx)
      for (long long cy = iy - 1; cy <= iy + 1; ++cy) {
        const auto it = cells_.find(key(cx, cy));
        if (it == cells_.end()) continue;
        for (const long long j : it->second) {
          const double g = gap(births[static_cast<std::size_t>(j)], j, b, i);
          if (g < -birth_gap_rounding * (b.radius + births[static_cast<std::size_t>(j)].radius)) return {j, g};
        }
      }
    return {-1, 0.0};
  }

  /// Adds b (free: overlap gave -1) as sphere births.size().
  void add(const std::vector<SphereBirth>& births, const SphereBirth& b) {
    const auto [ix, iy] = cell_of(b);
    cells_[key(ix, iy)].push_back(static_cast<long long>(births.size()));
  }

 private:
  std::pair<long long, long long> cell_of(const SphereBirth& b) const {
    return {static_cast<long long>((b.position.x() - p_.drop.offset_lo) / cell_),
            static_cast<long long>((b.position.y() - p_.drop.offset_lo) / cell_)};
  }
  /// Cell indices are in [0, 2^20] and their neighbours' in [-1, 2^20 + 1]: shifted by one, 21 bits each.
  static std::uint64_t key(long long ix, long long iy) {
    return (static_cast<std::uint64_t>(ix + 1) << 21) | static_cast<std::uint64_t>(iy + 1);
  }
  void remove(const std::vector<SphereBirth>& births, long long j) {
    const auto [ix, iy] = cell_of(births[static_cast<std::size_t>(j)]);
    const auto it = cells_.find(key(ix, iy));
    it->second.erase(std::find(it->second.begin(), it->second.end(), j));
    if (it->second.empty()) cells_.erase(it);
  }
  /// The gap of sphere i to sphere j, born (i - j) T before it and fallen g ((i - j) T)^2/2 since.
  double gap(const SphereBirth& earlier, long long j, const SphereBirth& b, long long i) const {
    const double fall_time = static_cast<double>(i - j) * p_.drop.interval;
    const Eigen::Vector3d apart(b.position.x() - earlier.position.x(), b.position.y() - earlier.position.y(),
                                0.5 * p_.gravity * fall_time * fall_time);
    return apart.norm() - (b.radius + earlier.radius);
  }

  const PileProblem& p_;
  double cell_ = 0.0;
  long long length_ = 0;
  long long oldest_ = 0;  ///< the first sphere still in the window
  std::unordered_map<std::uint64_t, std::vector<long long>> cells_;
};

}  // namespace

std::vector<SphereBirth> pluviate(const PileProblem& p) {
  validate(p);
  std::mt19937_64 random(p.seed);
  const double lo = p.drop.offset_lo, span = p.drop.offset_hi - p.drop.offset_lo;
  BirthWindow window(p);
  std::vector<SphereBirth> births;
  births.reserve(static_cast<std::size_t>(p.spheres.count));
  for (long long i = 0; i < p.spheres.count; ++i) {
    SphereBirth b;
    b.t = static_cast<double>(i) * p.drop.interval;
    for (long long tries = 0;; ++tries) {
      const double ux = uniform01(random), uy = uniform01(random), ud = uniform01(random);
      b.position = Eigen::Vector3d(lo + ux * span, lo + uy * span, p.drop.height);
      b.radius = 0.5 * p.spheres.diameter * (1.0 + p.spheres.polydispersity * (2.0 * ud - 1.0));
      const auto [j, gap] = window.overlap(births, b);
      if (j < 0) break;
      if (tries == p.drop.redraws)
        throw InputError(
            p.drop.redraws == 0
                ? fmt::format("{}: spheres {} and {} overlap at birth (gap {:.3g} m): make drop.interval larger "
                              "(or allow drop.redraws)", p.source, j, i, gap)
                : fmt::format("{}: spheres {} and {} overlap at birth (gap {:.3g} m) after {} redraws: make "
                              "drop.interval larger or drop.offset wider", p.source, j, i, gap, tries));
    }
    b.mass = p.spheres.density * 4.0 / 3.0 * M_PI * b.radius * b.radius * b.radius;
    window.add(births, b);
    births.push_back(b);
  }
  return births;
}

json pile_scene_to_json(const PileProblem& p, const std::vector<SphereBirth>& births) {
  const json problem = pile_problem_to_json(p);
  json spheres = json::array();
  for (const SphereBirth& b : births)
    spheres.push_back({{"birth", b.t},
                       {"position", json::array({b.position.x(), b.position.y(), b.position.z()})},
                       {"radius", b.radius},
                       {"mass", b.mass}});
  return {{"schema", kSceneSchema},        {"name", p.name},        {"gravity", p.gravity},
          {"plane", problem.at("plane")},  {"law", problem.at("law")}, {"stepping", problem.at("stepping")},
          {"spheres", std::move(spheres)}};
}

}  // namespace limitdir
