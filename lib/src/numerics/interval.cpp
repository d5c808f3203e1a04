// Interval matrices and forward-mode derivatives over intervals (numerics/interval.hpp). Compiled with
// -frounding-math (lib/CMakeLists.txt).
#include "limitdir/numerics/interval.hpp"

namespace limitdir {

#if defined(LIMITDIR_UPWARD_SCOPE)
thread_local bool interval_policy::upward_scope __attribute__((tls_model("initial-exec"))) = false;
#endif

IMat3 cofactor(const IMat3& A) {
  IMat3 C;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      C(i, j) = A(i1, j1) * A(i2, j2) - A(i1, j2) * A(i2, j1);  // cyclic indices carry the sign
    }
  return C;
}

Interval determinant(const IMat3& A) {
  const IMat3 C = cofactor(A);
  return A(0, 0) * C(0, 0) + A(0, 1) * C(0, 1) + A(0, 2) * C(0, 2);
}

std::optional<IMat3> inverse_enclosure(const IMat3& A) {
  const IMat3 C = cofactor(A);
  const Interval det = A(0, 0) * C(0, 0) + A(0, 1) * C(0, 1) + A(0, 2) * C(0, 2);
  if (contains_zero(det)) return std::nullopt;
  IMat3 R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = C(j, i) / det;
  return R;
}

// ----- IDual -----------------------------------------------------------------------------------

namespace {
template <class Op>
IDual with_partials(const Interval& value, Op partial) {
  IDual r(value);
  for (int i = 0; i < 3; ++i) r.d[i] = partial(i);
  return r;
}
const Interval unit_hull(-1.0, 1.0);  // the Clarke hull of a derivative of modulus <= 1
}  // namespace

IDual operator+(const IDual& a, const IDual& b) {
  return with_partials(a.v + b.v, [&](int i) { return a.d[i] + b.d[i]; });
}
IDual operator-(const IDual& a, const IDual& b) {
  return with_partials(a.v - b.v, [&](int i) { return a.d[i] - b.d[i]; });
}
IDual operator-(const IDual& a) {
  return with_partials(-a.v, [&](int i) { return -a.d[i]; });
}
IDual operator*(const IDual& a, const IDual& b) {
  return with_partials(a.v * b.v, [&](int i) { return a.d[i] * b.v + a.v * b.d[i]; });
}
IDual operator/(const IDual& a, const IDual& b) {
  const Interval q = a.v / b.v;
  return with_partials(q, [&](int i) { return (a.d[i] - q * b.d[i]) / b.v; });
}
IDual sqrt(const IDual& a) {
  const Interval s = boost::numeric::sqrt(a.v);
  const Interval twice = 2.0 * s;
  return with_partials(s, [&](int i) { return a.d[i] / twice; });
}
IDual square(const IDual& a) {
  const Interval twice = 2.0 * a.v;
  return with_partials(boost::numeric::square(a.v), [&](int i) { return twice * a.d[i]; });
}
IDual abs(const IDual& a) {
  const Interval slope = a.v.lower() > 0.0 ? Interval(1.0) : a.v.upper() < 0.0 ? Interval(-1.0) : unit_hull;
  return with_partials(boost::numeric::abs(a.v), [&](int i) { return slope * a.d[i]; });
}
IDual hypot2(const IDual& a, const IDual& b) {
  const Interval h = boost::numeric::sqrt(boost::numeric::square(a.v) + boost::numeric::square(b.v));
  // d h/da = a/h has modulus <= 1 wherever it exists: intersect with the Clarke hull [-1, 1].
  const auto slope = [&](const Interval& t) {
    if (!(h.lower() > 0.0)) return unit_hull;
    const Interval s = t / h;
    return Interval(std::max(s.lower(), -1.0), std::min(s.upper(), 1.0));
  };
  const Interval sa = slope(a.v), sb = slope(b.v);
  return with_partials(h, [&](int i) { return sa * a.d[i] + sb * b.d[i]; });
}

}  // namespace limitdir
