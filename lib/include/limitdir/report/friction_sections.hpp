#pragma once
// The sections of a problem's friction surface by the coordinate planes (friction-model
// --sections, docs/manual.md section 7, "Friction surfaces"): the friction report's "sections".
#include <nlohmann/json.hpp>

#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The largest number of points of a section (--sections): 3 x 10000 points of ~150 bytes.
inline constexpr int kMaxSectionPoints = 10000;

/// [{"plane": "q1 = 0", "k": 1, "axes": [2, 3], "max_residual", "points": [{"phi_x", "w", "q",
/// "residual"}, ...]}, ...] for the planes q1 = 0, q2 = 0, q3 = 0 of the problem's friction model,
/// n points each at phi_x = 2 pi m/n (friction/surface_section.hpp: (31) [Kudra & Awrejcewicz
/// 2013]). InputError for n outside 3..kMaxSectionPoints.
nlohmann::json friction_sections(const Problem& problem, int n);

}  // namespace limitdir
