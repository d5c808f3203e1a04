#pragma once
// Kink curves of a map (internal to maps; maps/curves.hpp, docs/manual.md section 13): the
// parameters where a branch of limit directions meets the kink set of the friction model at the
// equator w3 = 0 (friction/model.hpp kink_sets), continued with w held on the set.
#include <vector>

#include "limitdir/maps/curves.hpp"

namespace limitdir::detail {

/// The coordinates held at 0 along the kink curve through `seed` (w3, and w2 when a mirror of the
/// family fixes the seed's direction there) and the mirror of its test function: 2 when the
/// equator is a mirror of the family (the pitchfork of the branch in the set), else -1 (F_3 = 0:
/// a branch crosses the set).
struct KinkSpace {
  std::vector<int> held;
  int mirror = -1;
};
KinkSpace kink_space(const TwoParameterFamily& family, const CurveSeed& seed);

}  // namespace limitdir::detail
