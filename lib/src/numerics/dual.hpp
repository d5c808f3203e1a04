#pragma once
// Forward-mode dual numbers for the exact contact model (friction/contact_model.cpp): a value and
// its gradient with respect to the three components of the slip vector x, so that dq/dx is
// obtained by differentiating the quadrature formulas themselves (no finite differences).
// The same templates run on double for q alone; value() and chain() bridge the two.
#include <cmath>

namespace limitdir {

struct Dual {
  double v = 0.0;
  double d[3] = {0.0, 0.0, 0.0};
  Dual() = default;
  Dual(double value) : v(value) {}  // NOLINT: constants promote implicitly
  static Dual variable(double value, int i) {
    Dual x(value);
    x.d[i] = 1.0;
    return x;
  }
  Dual& operator+=(const Dual& o) {
    v += o.v;
    for (int i = 0; i < 3; ++i) d[i] += o.d[i];
    return *this;
  }
  Dual& operator-=(const Dual& o) {
    v -= o.v;
    for (int i = 0; i < 3; ++i) d[i] -= o.d[i];
    return *this;
  }
};

/// f(u) with f = value, df = f'(u): the dual f(u) (for functions evaluated on values).
inline Dual chain(const Dual& u, double f, double df) {
  Dual r(f);
  for (int i = 0; i < 3; ++i) r.d[i] = df * u.d[i];
  return r;
}
inline double chain(double, double f, double) { return f; }
inline double value(const Dual& x) { return x.v; }
inline double value(double x) { return x; }

inline Dual operator-(const Dual& a) { return chain(a, -a.v, -1.0); }
inline Dual operator+(Dual a, const Dual& b) { return a += b; }
inline Dual operator-(Dual a, const Dual& b) { return a -= b; }
inline Dual operator*(const Dual& a, const Dual& b) {
  Dual r(a.v * b.v);
  for (int i = 0; i < 3; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  return r;
}
inline Dual operator/(const Dual& a, const Dual& b) {
  const double q = a.v / b.v;
  Dual r(q);
  for (int i = 0; i < 3; ++i) r.d[i] = (a.d[i] - q * b.d[i]) / b.v;
  return r;
}
inline Dual operator+(const Dual& a, double b) { return chain(a, a.v + b, 1.0); }
inline Dual operator+(double b, const Dual& a) { return chain(a, a.v + b, 1.0); }
inline Dual operator-(const Dual& a, double b) { return chain(a, a.v - b, 1.0); }
inline Dual operator-(double b, const Dual& a) { return chain(a, b - a.v, -1.0); }
inline Dual operator*(const Dual& a, double b) { return chain(a, a.v * b, b); }
inline Dual operator*(double b, const Dual& a) { return chain(a, a.v * b, b); }
inline Dual operator/(const Dual& a, double b) { return chain(a, a.v / b, 1.0 / b); }
inline Dual operator/(double b, const Dual& a) { return chain(a, b / a.v, -b / (a.v * a.v)); }

inline Dual sqrt(const Dual& a) {
  const double r = std::sqrt(a.v);
  return chain(a, r, 0.5 / r);
}
inline Dual pow(const Dual& a, double e) {
  const double p = std::pow(a.v, e);
  return chain(a, p, e * p / a.v);
}
inline Dual asinh(const Dual& a) { return chain(a, std::asinh(a.v), 1.0 / std::sqrt(1.0 + a.v * a.v)); }
using std::asinh;
using std::pow;
using std::sqrt;

}  // namespace limitdir
