#pragma once
// Internal: a direction w in a message, "(w1, w2, w3)" with -0 printed as 0.
#include <Eigen/Core>
#include <fmt/format.h>
#include <string>

namespace limitdir::detail {

/// w to `digits` significant digits (x + 0.0 turns -0.0 into 0).
inline std::string vec(const Eigen::Vector3d& w, int digits = 9) {
  return fmt::format("({:.{}g}, {:.{}g}, {:.{}g})", w.x() + 0.0, digits, w.y() + 0.0, digits, w.z() + 0.0, digits);
}

}  // namespace limitdir::detail
