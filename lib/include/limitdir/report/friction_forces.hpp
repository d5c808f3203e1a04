#pragma once
// The friction force at given slips, speed terms included (friction-model --slip, docs/manual.md
// section 7, "Speed-dependent friction"): the friction report's "forces".
#include <Eigen/Core>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The largest number of slips (--slip): 10000 entries of ~150 bytes.
inline constexpr int kMaxSlips = 10000;

/// [{"x", "q", "speed_part", "force"}, ...] of the problem's friction model at each slip
/// x = (u_x, u_y, rho omega) (not normalised: the speed law (1) [Kireenkov] depends on the
/// speeds), in their order: q = q(x/|x|) the Coulomb force (31), speed_part its speed terms
/// (friction/speed_law.hpp; zero for a model without a speed law) and force = q + speed_part,
/// the force over f N and the torque over f N rho. InputError for a slip that is not finite or
/// is zero (stick, where the force is not a function of the slip).
nlohmann::json friction_forces(const Problem& problem, const std::vector<Eigen::Vector3d>& slips);

}  // namespace limitdir
