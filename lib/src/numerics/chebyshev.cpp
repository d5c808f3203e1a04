// The arithmetic of Chebyshev series (numerics/chebyshev.hpp): the derivative, the product and
// linear combinations. Their evaluation, with the angles theta and their cosines, is in
// chebyshev_eval.cpp, the isolation of the real roots in chebyshev_roots.cpp, and what these
// share in chebyshev_eval.hpp. Compiled with -frounding-math (lib/CMakeLists.txt).
#include "numerics/chebyshev.hpp"

#include <algorithm>

namespace limitdir::detail {

ChebyshevSeries chebyshev_derivative(const ChebyshevSeries& a) {
  const std::size_t n = a.size();
  if (n <= 1) return {Interval(0.0)};
  ChebyshevSeries b(n + 1, Interval(0.0));
  for (std::size_t j = n - 1; j >= 1; --j) b[j - 1] = b[j + 1] + Interval(2.0 * static_cast<double>(j)) * a[j];
  b[0] = b[0] * Interval(0.5);
  b.resize(n - 1);
  return b;
}

ChebyshevSeries chebyshev_product(const ChebyshevSeries& p, const ChebyshevSeries& q) {
  if (p.empty() || q.empty()) return {};
  UpwardRounding upward;
  ChebyshevSeries r(p.size() + q.size() - 1, Interval(0.0));
  if (&p == &q) {  // a square: the terms (i, j) and (j, i) are equal, so each pair once, doubled
    for (std::size_t i = 0; i < p.size(); ++i) {
      const Interval half = p[i] * p[i] * Interval(0.5);
      r[2 * i] += half;
      r[0] += half;
      for (std::size_t j = i + 1; j < p.size(); ++j) {
        const Interval both = p[i] * p[j];
        r[i + j] += both;
        r[j - i] += both;
      }
    }
    return r;
  }
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) {
      const Interval half = p[i] * q[j] * Interval(0.5);
      r[i + j] += half;
      r[i > j ? i - j : j - i] += half;
    }
  return r;
}

ChebyshevSeries chebyshev_combination(const Interval& s, const ChebyshevSeries& p, const Interval& t,
                                      const ChebyshevSeries& q) {
  ChebyshevSeries r(std::max(p.size(), q.size()), Interval(0.0));
  for (std::size_t i = 0; i < p.size(); ++i) r[i] += s * p[i];
  for (std::size_t i = 0; i < q.size(); ++i) r[i] += t * q[i];
  return r;
}

}  // namespace limitdir::detail
