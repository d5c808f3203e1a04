#pragma once
// The pluviation of a pile (docs/manual.md section 15): the spheres' birth times, positions,
// radii and masses drawn from the problem's seed, and the scene document "limitdir.pile-scene/1"
// (share/schemas/pile-scene.schema.json) that a peer program (the Siconos bench) rebuilds the
// same pile from.
#include <Eigen/Core>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/granular/pile_problem.hpp"

namespace limitdir {

/// A sphere at its birth, at rest: time (s), centre (m), radius (m), mass (kg) = density
/// 4/3 pi r^3 (a whole sphere); its moment of inertia is 2/5 m r^2.
struct SphereBirth {
  double t = 0.0;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  double radius = 0.0;
  double mass = 0.0;
};

/// The rounding allowed in the gap of two spheres at birth, relative to the sum of their radii:
/// the gap of two spheres that exactly touch comes out of ~10 roundings of eps = 1.1e-16 each
/// relative to the distance (the fall g (k T)^2/2, the offsets' differences, a square root),
/// with the interval T itself rounded (sqrt(2 d/g) of the tutorial): ~2e-15. 1e-12 keeps a
/// margin of 500 and is still 1e-14 m for centimetre spheres, far below a physical overlap.
inline constexpr double birth_gap_rounding = 1e-12;

/// The seeded pluviation: sphere i (0-based) born at t = i * drop.interval, at rest, at
/// (x_i, y_i, drop.height); same seed -> same births bit for bit. Random numbers:
/// std::mt19937_64(seed), u = (x >> 11) 2^-53 in [0, 1), three draws per sphere in the order
/// x, y, diameter factor: x = lo + u (hi - lo) (y alike), d_i = d (1 + polydispersity (2 u - 1)).
/// Validates the problem first. InputError "<source>: spheres J and I overlap at birth (gap G m):
/// make drop.interval larger" when sphere I is born into sphere J < I, J having fallen freely
/// since its birth (z_J = height - g (t_I - t_J)^2 / 2); a gap of 0 (touching) is allowed, up
/// to birth_gap_rounding. The check costs O(count): only the earlier spheres that have not yet
/// fallen two radii are compared, through a grid of the drop area.
std::vector<SphereBirth> pluviate(const PileProblem& problem);

/// The scene document (schema "limitdir.pile-scene/1") of a problem and its births: name,
/// gravity, plane, law, stepping as in the problem file, and spheres [{birth, position, radius,
/// mass}]. Numbers with full precision.
nlohmann::json pile_scene_to_json(const PileProblem& problem, const std::vector<SphereBirth>& births);

}  // namespace limitdir
