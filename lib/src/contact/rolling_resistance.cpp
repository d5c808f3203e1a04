// The rolling resistance of two bodies (18)-(20), (26)-(29) [Kudra & Awrejcewicz 2013]; the
// conventions in contact/rolling_resistance.hpp.
#include "limitdir/contact/rolling_resistance.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"

namespace limitdir {
namespace {
// The largest resultant is computed from a few square roots of numbers <= 1: rounding of a
// few ulps of 1 (d_1 + d_2 = 1 exactly must pass).
constexpr double kRoundingTol = 8.0 * 2.220446049250313e-16;

void check_body(const BodyResistance& r, int i) {
  if (!std::isfinite(r.d) || r.d < 0.0)
    throw InputError(fmt::format("rolling resistance (18): d{} must be finite and >= 0 (got {})", i, r.d));
  if (!std::isfinite(r.gamma))
    throw InputError(fmt::format("rolling resistance (18): gamma{} must be finite (got {})", i, r.gamma));
  if (!std::isfinite(r.b_ratio) || !(r.b_ratio > 0.0))
    throw InputError(fmt::format("orthotropic rolling resistance (26): b{} must be finite and > 0 (got {})", i,
                                 r.b_ratio));
}
}  // namespace

// sum_i sqrt(B_i + A_i c), c = n_x^2 in [0, 1], A_i = d_ai^2 - d_bi^2, B_i = d_bi^2: each root is
// concave in c, so is the sum; its maximum is at c = 0, c = 1 or where the derivative
// A_1/sqrt(B_1 + A_1 c) + A_2/sqrt(B_2 + A_2 c) vanishes (A_1, A_2 of opposite signs):
// A_1^2 (B_2 + A_2 c) = A_2^2 (B_1 + A_1 c).
double largest_resultant(const std::array<BodyResistance, 2>& bodies) {
  double A[2], B[2];
  for (int i = 0; i < 2; ++i) {
    const double da = bodies[i].d, db = bodies[i].b_ratio * bodies[i].d;
    A[i] = (da - db) * (da + db);
    B[i] = db * db;
  }
  const auto h = [&](double c) {
    return std::sqrt(std::max(0.0, B[0] + A[0] * c)) + std::sqrt(std::max(0.0, B[1] + A[1] * c));
  };
  double best = std::max(h(0.0), h(1.0));
  if (A[0] * A[1] < 0.0) {
    const double c = (A[1] * A[1] * B[0] - A[0] * A[0] * B[1]) / (A[0] * A[1] * (A[0] - A[1]));
    if (c > 0.0 && c < 1.0) best = std::max(best, h(c));
  }
  return best;
}

ResultantResistance resultant_resistance(const std::array<BodyResistance, 2>& bodies) {
  for (int i = 0; i < 2; ++i) check_body(bodies[i], i + 1);
  const double largest = largest_resultant(bodies);
  if (largest > 1.0 + kRoundingTol)
    throw InputError(fmt::format("rolling resistance (18)/(29): the resultant d reaches {:.6g} > 1 for some contour "
                                 "directions, making the pressure negative (needs d1 + d2 <= 1 for b1 = b2 = 1)",
                                 largest));
  ResultantResistance r;
  for (const BodyResistance& body : bodies) {
    // (27) in the pre-image: (cos gamma'', sin gamma'') ~ (cos gamma', sin gamma'/b_i), then (26)
    const double c = std::cos(body.gamma), s = std::sin(body.gamma) / body.b_ratio, n = std::hypot(c, s);
    r.d_c += body.d * c / n;
    r.d_s += body.b_ratio * body.d * s / n;
  }
  r.d = std::min(1.0, std::hypot(r.d_c, r.d_s));
  r.gamma = r.d > 0.0 ? std::atan2(r.d_s, r.d_c) : 0.0;
  return r;
}

Contact with_rolling_resistance(const Contact& contact, const std::array<BodyResistance, 2>& bodies) {
  const ResultantResistance r = resultant_resistance(bodies);
  return contact.with_distortion(r.d, r.gamma);
}

}  // namespace limitdir
