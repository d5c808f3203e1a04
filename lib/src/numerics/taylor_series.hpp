#pragma once
// Truncated Taylor series in one variable t, sum_k a_k t^k, with coefficients of any type T that
// has + - * / and sqrt (double, Interval, IDual): the arithmetic of the interval Taylor method of
// limits/validated_flow.cpp, where t is the time and the coefficients are the normalised
// derivatives x^(k)(0)/k! of a solution [Moore 1966; Lohner 1987]. Only the first `n`
// coefficients are held; the rest are taken as zero, and the k-th coefficient of a result
// depends only on the first k + 1 of its arguments, so a series known to order k gives every
// result right to order k (the Picard iteration of the Taylor method relies on that).
//
// With Interval coefficients only + - * / sqrt are used (numerics/interval.hpp): every
// translation unit that instantiates them is compiled with -frounding-math.
#include <algorithm>
#include <array>
#include <cmath>

namespace limitdir::detail {

/// The most coefficients a series holds (orders 0..taylor_capacity - 1).
inline constexpr int taylor_capacity = 16;

template <class T>
struct Series {
  std::array<T, taylor_capacity> a{};
  int n = 1;  // a[0..n-1] held, a[k] = 0 for k >= n
  Series() : a{} { a[0] = T(0.0); }
  Series(const T& constant) : a{} { a[0] = constant; }  // NOLINT: a constant series
  T operator[](int k) const { return k < n ? a[k] : T(0.0); }
};

template <class T>
Series<T> operator+(const Series<T>& x, const Series<T>& y) {
  Series<T> r;
  r.n = std::max(x.n, y.n);
  for (int k = 0; k < r.n; ++k) r.a[k] = x[k] + y[k];
  return r;
}

template <class T>
Series<T> operator-(const Series<T>& x, const Series<T>& y) {
  Series<T> r;
  r.n = std::max(x.n, y.n);
  for (int k = 0; k < r.n; ++k) r.a[k] = x[k] - y[k];
  return r;
}

template <class T>
Series<T> operator-(const Series<T>& x) {
  Series<T> r;
  r.n = x.n;
  for (int k = 0; k < r.n; ++k) r.a[k] = -x.a[k];
  return r;
}

/// Cauchy product: c_k = sum_j a_j b_(k-j).
template <class T>
Series<T> operator*(const Series<T>& x, const Series<T>& y) {
  Series<T> r;
  r.n = std::max(x.n, y.n);
  if (x.n == 1 || y.n == 1) {  // a constant factor: no convolution
    const bool xc = x.n == 1;
    for (int k = 0; k < r.n; ++k) r.a[k] = xc ? x.a[0] * y[k] : x[k] * y.a[0];
    return r;
  }
  for (int k = 0; k < r.n; ++k) {
    T s = x[0] * y[k];
    for (int j = 1; j <= k; ++j) s = s + x[j] * y[k - j];
    r.a[k] = s;
  }
  return r;
}

/// c = x / y: c_k = (x_k - sum_(j=1..k) y_j c_(k-j)) / y_0.
template <class T>
Series<T> operator/(const Series<T>& x, const Series<T>& y) {
  Series<T> r;
  r.n = std::max(x.n, y.n);
  for (int k = 0; k < r.n; ++k) {
    T s = x[k];
    for (int j = 1; j <= k; ++j) s = s - y[j] * r.a[k - j];
    r.a[k] = s / y.a[0];
  }
  return r;
}

/// s = sqrt(x): s_0 = sqrt(x_0), s_k = (x_k - sum_(j=1..k-1) s_j s_(k-j)) / (2 s_0).
template <class T>
Series<T> sqrt(const Series<T>& x) {
  using std::sqrt;
  Series<T> r;
  r.n = x.n;
  r.a[0] = sqrt(x.a[0]);
  const T twice = T(2.0) * r.a[0];
  for (int k = 1; k < r.n; ++k) {
    T s = x.a[k];
    for (int j = 1; j < k; ++j) s = s - r.a[j] * r.a[k - j];
    r.a[k] = s / twice;
  }
  return r;
}

// ----- one coefficient at a time --------------------------------------------------------------
// The k-th coefficient of a result from the first k + 1 of its arguments (and of itself, for the
// recurrences), for a tape that advances every intermediate series one order per pass: the
// Taylor method then costs O(p^2) per step instead of the O(p^3) of re-evaluating whole series.

/// (x y)_k = sum_(j <= k) x_j y_(k-j).
template <class T>
T product_at(const Series<T>& x, const Series<T>& y, int k) {
  T s = x.a[0] * y.a[k];
  for (int j = 1; j <= k; ++j) s = s + x.a[j] * y.a[k - j];
  return s;
}

/// r = x / y: r_k = (x_k - sum_(j=1..k) y_j r_(k-j)) / y_0.
template <class T>
T quotient_at(const Series<T>& x, const Series<T>& y, const Series<T>& r, int k) {
  T s = x.a[k];
  for (int j = 1; j <= k; ++j) s = s - y.a[j] * r.a[k - j];
  return s / y.a[0];
}

/// r = sqrt(x): r_0 = sqrt(x_0), r_k = (x_k - sum_(j=1..k-1) r_j r_(k-j)) / (2 r_0).
template <class T>
T root_at(const Series<T>& x, const Series<T>& r, int k) {
  using std::sqrt;
  if (k == 0) return sqrt(x.a[0]);
  T s = x.a[k];
  for (int j = 1; j < k; ++j) s = s - r.a[j] * r.a[k - j];
  return s / (T(2.0) * r.a[0]);
}

}  // namespace limitdir::detail
