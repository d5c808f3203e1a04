#pragma once
// Truncated Taylor series in one variable t, sum_k a_k t^k, with coefficients of any type T that
// has + - * / and sqrt (double, Interval, an interval dual): the arithmetic of the interval
// Taylor method of limits/lohner_step.cpp, where t is the time and the coefficients are the
// normalised derivatives x^(k)(0)/k! of a solution [Moore 1966; Lohner 1987]. The first `n`
// coefficients are held, the rest are zero. The k-th coefficient of a product, quotient or root
// depends only on the first k + 1 of its arguments, so they are computed one order at a time.
//
// With Interval coefficients only + - * / sqrt are used (numerics/interval.hpp): every
// translation unit that instantiates them is compiled with -frounding-math.
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
