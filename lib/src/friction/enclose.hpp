#pragma once
// Internal: interval enclosures shared by the model files (friction/enclose.cpp).
#include <optional>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace limitdir::detail {

// Interval Clenshaw wraps by up to (|y| + sqrt(1 + y^2))^N: over y-intervals of radius 1e-2 ..
// 1e-6 on the disc it was as narrow as ChebyshevBox (up to 1% narrower in dC/dy) at N = 2 and 4,
// 2-4x wider at N = 6-10 and 1e2-1e7x at N = 16-32 (measured). Up to N = 4 it is used alone:
// a few interval operations, where the box's point values and bounds were ~18% of a proven
// disc sweep at N = 2 (perf).
inline constexpr int clenshaw_max_degree = 4;

/// sum_j a_j T_j(y) by Clenshaw's recurrence, as in friction/harmonic.cpp, for interval duals
/// (IDual) and jets (IJet2) alike.
template <class T>
T clenshaw(const std::vector<double>& a, const T& y) {
  T b1(0.0), b2(0.0);
  const T y2 = T(2.0) * y;
  for (std::size_t j = a.size(); j-- > 1;) {
    const T b0 = T(a[j]) + y2 * b1 - b2;
    b2 = b1;
    b1 = b0;
  }
  return T(a[0]) + y * b1 - b2;
}

/// (75): C = 1/w12, S = 0; none when the box's w12 can be 0 (q is discontinuous at the poles).
std::optional<MeridianEnclosure> enclose_coulomb_point(const IVec3& x);
}  // namespace limitdir::detail
