#pragma once
// Second-order forward-mode derivatives over intervals (IJet2): an interval value, its gradient
// and its Hessian with respect to three variables, for the extended systems of events whose
// Jacobian needs the second derivatives of q (limits/proof.hpp, prove_event_unique).
//
// Only + - * / sqrt are used (numerics/interval.hpp: correctly rounded, so rigorous); every
// translation unit that instantiates them is compiled with -frounding-math.
#include <array>

#include "limitdir/numerics/interval.hpp"

namespace limitdir {

/// f, df/dz_i and d2f/dz_i dz_j (i, j = 0..2) enclosed over a box of z.
struct IJet2 {
  Interval v;
  std::array<Interval, 3> d{};
  std::array<Interval, 6> h{};  // the symmetric Hessian, packed: (00, 01, 02, 11, 12, 22)

  IJet2() = default;
  IJet2(const Interval& value) : v(value) {}  // NOLINT: a constant
  IJet2(double value) : v(value) {}           // NOLINT: a constant
  /// The variable z_i ranging over `value`.
  static IJet2 variable(const Interval& value, int i) {
    IJet2 r(value);
    r.d[i] = Interval(1.0);
    return r;
  }
  /// The position of (i, j) in h.
  static int packed(int i, int j) {
    if (i > j) return packed(j, i);
    return i == 0 ? j : i == 1 ? 2 + j : 5;
  }
  const Interval& hess(int i, int j) const { return h[packed(i, j)]; }
};

IJet2 operator+(const IJet2& a, const IJet2& b);
IJet2 operator-(const IJet2& a, const IJet2& b);
IJet2 operator-(const IJet2& a);
IJet2 operator*(const IJet2& a, const IJet2& b);
IJet2 operator/(const IJet2& a, const IJet2& b);
IJet2 sqrt(const IJet2& a);
IJet2 square(const IJet2& a);

/// phi(a) from enclosures of phi, phi' and phi'' over a's value interval (the chain rule).
IJet2 chain(const IJet2& a, const Interval& f0, const Interval& f1, const Interval& f2);

using IJet2Vec3 = std::array<IJet2, 3>;

/// w = x/|x| with the variables z = x (the homogeneous extension (24)): the jets of the unit
/// direction over a box of x that excludes the origin.
IJet2Vec3 unit_direction_jet(const IVec3& x);

}  // namespace limitdir
