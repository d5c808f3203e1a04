#pragma once
// Internal: interval enclosures shared by the model files (friction/enclose.cpp).
#include <optional>

#include "limitdir/friction/model.hpp"

namespace limitdir::detail {
/// (75): C = 1/w12, S = 0; none when the box's w12 can be 0 (q is discontinuous at the poles).
std::optional<MeridianEnclosure> enclose_coulomb_point(const IVec3& x);
}  // namespace limitdir::detail
