#pragma once
// Helpers for the closed-form approximate friction models (friction/contact_approx.hpp),
// evaluated on double (q) and on the forward-mode Dual of numerics/dual.hpp (q and dq/dx):
// |.|, the Euclidean norm of (x, y) and powers u^p of u >= 0, each with the derivative 0 where
// it has a kink or a cone point (the symmetric mean of the one-sided derivatives,
// friction/model.hpp), and the mapping of a templated law onto a value/Jacobian pair.
#include <Eigen/Core>
#include <array>
#include <cmath>

#include "numerics/dual.hpp"

namespace limitdir::approx {

inline double sgn(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : 0.0; }

inline double abs_of(double x) { return std::abs(x); }
inline Dual abs_of(const Dual& x) { return chain(x, std::abs(x.v), sgn(x.v)); }

inline double norm2(double x, double y) { return std::sqrt(x * x + y * y); }
inline Dual norm2(const Dual& x, const Dual& y) {
  const double n = std::sqrt(x.v * x.v + y.v * y.v);
  Dual r(n);
  if (n > 0.0)
    for (int i = 0; i < 3; ++i) r.d[i] = (x.v * x.d[i] + y.v * y.d[i]) / n;
  return r;
}

/// u^p for u >= 0 (p > 0); at u = 0 the value 0 with derivative 0.
template <class T>
T pow_nonneg(const T& u, double p) {
  if (p == 1.0) return u;
  if (value(u) == 0.0) return T(0.0);
  if (p == 2.0) return u * u;
  if (p == 3.0) return u * u * u;
  return pow(u, p);
}

/// x^e for a whole e >= 0, by products.
template <class T>
T power_of(const T& x, int e) {
  T r(1.0);
  for (int k = 0; k < e; ++k) r = r * x;
  return r;
}

/// (X^m + Y^m)^(1/m) for X, Y >= 0 (m > 0), the denominators of (44)/(47)/(48) [Kudra &
/// Awrejcewicz 2013] with X = |v_s|^n, Y = b |omega_s|^n: as max(X, Y) (1 + t^m)^(1/m) with
/// t = min/max <= 1, two powers instead of four (and no overflow of X^m for a large m).
template <class T>
T power_mean_sum(const T& X, const T& Y, double m) {
  const bool x_larger = value(X) >= value(Y);
  const T& big = x_larger ? X : Y;
  const T& small = x_larger ? Y : X;
  if (value(big) == 0.0) return T(0.0);
  return big * pow_nonneg(1.0 + pow_nonneg(small / big, m), 1.0 / m);
}

/// A law F(std::array<T, 3>) -> std::array<T, 3> on doubles.
template <class F>
Eigen::Vector3d value_of(const F& law, const Eigen::Vector3d& v) {
  const std::array<double, 3> f = law(std::array<double, 3>{v.x(), v.y(), v.z()});
  return {f[0], f[1], f[2]};
}

/// The same law on duals: value and Jacobian df/dv.
template <class F>
void value_and_jacobian(const F& law, const Eigen::Vector3d& v, Eigen::Vector3d& f, Eigen::Matrix3d& df) {
  const std::array<Dual, 3> x{Dual::variable(v.x(), 0), Dual::variable(v.y(), 1), Dual::variable(v.z(), 2)};
  const std::array<Dual, 3> r = law(x);
  for (int i = 0; i < 3; ++i) {
    f[i] = r[i].v;
    for (int k = 0; k < 3; ++k) df(i, k) = r[i].d[k];
  }
}

}  // namespace limitdir::approx
