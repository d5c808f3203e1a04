// Second-order interval jets (numerics/jet2.hpp): the product and chain rules
//   (ab)_ij = a_ij b + a_i b_j + a_j b_i + a b_ij,   phi(a)_ij = phi'(a) a_ij + phi''(a) a_i a_j.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limitdir/numerics/jet2.hpp"

namespace limitdir {

IJet2 chain(const IJet2& a, const Interval& f0, const Interval& f1, const Interval& f2) {
  IJet2 r(f0);
  for (int i = 0; i < 3; ++i) r.d[i] = f1 * a.d[i];
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) r.h[IJet2::packed(i, j)] = f1 * a.hess(i, j) + f2 * (a.d[i] * a.d[j]);
  return r;
}

IJet2 operator+(const IJet2& a, const IJet2& b) {
  IJet2 r(a.v + b.v);
  for (int i = 0; i < 3; ++i) r.d[i] = a.d[i] + b.d[i];
  for (int k = 0; k < 6; ++k) r.h[k] = a.h[k] + b.h[k];
  return r;
}

IJet2 operator-(const IJet2& a, const IJet2& b) {
  IJet2 r(a.v - b.v);
  for (int i = 0; i < 3; ++i) r.d[i] = a.d[i] - b.d[i];
  for (int k = 0; k < 6; ++k) r.h[k] = a.h[k] - b.h[k];
  return r;
}

IJet2 operator-(const IJet2& a) {
  IJet2 r(-a.v);
  for (int i = 0; i < 3; ++i) r.d[i] = -a.d[i];
  for (int k = 0; k < 6; ++k) r.h[k] = -a.h[k];
  return r;
}

IJet2 operator*(const IJet2& a, const IJet2& b) {
  IJet2 r(a.v * b.v);
  for (int i = 0; i < 3; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j)
      r.h[IJet2::packed(i, j)] = a.hess(i, j) * b.v + a.d[i] * b.d[j] + a.d[j] * b.d[i] + a.v * b.hess(i, j);
  return r;
}

// 1/b: phi' = -1/b^2, phi'' = 2/b^3
IJet2 operator/(const IJet2& a, const IJet2& b) {
  const Interval r = 1.0 / b.v, r2 = boost::numeric::square(r);
  return a * chain(b, r, -r2, 2.0 * (r2 * r));
}

// sqrt: phi' = 1/(2 s), phi'' = -1/(4 s^3)
IJet2 sqrt(const IJet2& a) {
  const Interval s = boost::numeric::sqrt(a.v);
  return chain(a, s, 0.5 / s, -0.25 / (s * boost::numeric::square(s)));
}

// a^2: phi' = 2a, phi'' = 2 (the value without the dependency of a.v * a.v)
IJet2 square(const IJet2& a) { return chain(a, boost::numeric::square(a.v), 2.0 * a.v, Interval(2.0)); }

IJet2Vec3 unit_direction_jet(const IVec3& x) {
  const IJet2 x1 = IJet2::variable(x(0), 0), x2 = IJet2::variable(x(1), 1), x3 = IJet2::variable(x(2), 2);
  const IJet2 n = sqrt(square(x1) + square(x2) + square(x3));
  return {x1 / n, x2 / n, x3 / n};
}

}  // namespace limitdir
