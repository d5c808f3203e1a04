#pragma once
// Rigorous interval arithmetic for the computer-assisted proofs (limits/proof.hpp): Boost.Interval
// with outward rounding, small fixed-size vectors and matrices (IVec3, IMat3), and forward-mode
// derivatives over intervals (IDual) with Clarke hulls where a function is not differentiable.
//
// Why Boost.Interval rather than Arb: it is header-only in libboost-dev (already a dependency);
// the polynomial and rational models (linear, harmonic polynomials, Pade rationals) need only
// + - * / sqrt, which are correctly rounded under directed rounding and so rigorous in double
// precision; and a cell costs microseconds, which the proof targets need (a general system in
// ~20 ms). Arb's ball arithmetic (libflint-arb-dev) gives the exact model's rigorous complete
// elliptic integrals; its results are converted to Intervals (friction/exact_laws.cpp).
//
// Only + - * / sqrt abs are used: IEEE 754 makes them correctly rounded in every rounding
// mode, so the rounded enclosures are rigorous. Boost's transcendental functions are not
// (they call the libm under directed rounding) and must not be used.
//
// Every translation unit that instantiates arithmetic on Interval must be compiled with
// -frounding-math (and without -ffast-math), so that the compiler neither constant-folds
// nor reorders floating-point operations across the rounding-mode changes (lib/CMakeLists.txt).
#include <Eigen/Core>
#include <array>
#include <cmath>
#include <optional>

#include <boost/numeric/interval.hpp>
#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
#include <xmmintrin.h>
#endif

#if defined(__FAST_MATH__)
#error "limitdir/numerics/interval.hpp: interval arithmetic is not rigorous under -ffast-math"
#endif

namespace limitdir {

namespace interval_policy {
using namespace boost::numeric::interval_lib;

/// An optimisation barrier: the compiler must assume x changed here, so that an operation on
/// the result is neither merged with the same operation computed under another rounding mode
/// (GCC's -frounding-math does not prevent that: with Boost's own policies it computes sqrt(2)
/// once for both bounds) nor moved across the rounding-mode change before it (memory clobber:
/// fesetround is an opaque call).
inline double launder(double x) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  __asm__ volatile("" : "+x"(x) : : "memory");
#elif defined(__GNUC__)
  __asm__ volatile("" : "+g"(x) : : "memory");
#else
  volatile double v = x;
  x = v;
#endif
  return x;
}

#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
/// Double arithmetic is SSE2: its rounding mode is the RC field of MXCSR, which is much
/// cheaper to switch than fesetround (which also reprograms the x87 unit).
struct mxcsr_control {
  using rounding_mode = unsigned;
  static constexpr unsigned rc_mask = 0x6000u, rc_down = 0x2000u, rc_up = 0x4000u, rc_zero = 0x6000u;
  static void get_rounding_mode(rounding_mode& m) { m = _mm_getcsr(); }
  static void set_rounding_mode(rounding_mode m) { _mm_setcsr(m); }
  static void set_rc(unsigned rc) { _mm_setcsr((_mm_getcsr() & ~rc_mask) | rc); }
  static void upward() { set_rc(rc_up); }
  static void downward() { set_rc(rc_down); }
  static void to_nearest() { set_rc(0u); }
  static void toward_zero() { set_rc(rc_zero); }
  static double to_int(const double& x) { return std::nearbyint(x); }
  static double force_rounding(const double& r) { return launder(r); }
};
using rounding_control_type = mxcsr_control;
#else
using rounding_control_type = rounding_control<double>;
#endif

/// Rounding upward throughout (set once per operation by save_state); a lower bound is the
/// negated upward rounding of the negated expression. Operands are laundered after the mode
/// change and the result before the next one.
struct laundered_rounding : rounded_arith_opp<double, rounding_control_type> {
  static double dn(double r) { return -launder(r); }
  double add_down(const double& x, const double& y) { return dn(launder(-x) - launder(y)); }
  double add_up(const double& x, const double& y) { return launder(launder(x) + launder(y)); }
  double sub_down(const double& x, const double& y) { return dn(launder(y) - launder(x)); }
  double sub_up(const double& x, const double& y) { return launder(launder(x) - launder(y)); }
  double mul_down(const double& x, const double& y) { return dn(launder(-x) * launder(y)); }
  double mul_up(const double& x, const double& y) { return launder(launder(x) * launder(y)); }
  double div_down(const double& x, const double& y) { return dn(launder(-x) / launder(y)); }
  double div_up(const double& x, const double& y) { return launder(launder(x) / launder(y)); }
  double sqrt_down(const double& x) {
    this->downward();
    const double r = launder(std::sqrt(launder(x)));
    this->upward();
    return r;
  }
  double sqrt_up(const double& x) { return launder(std::sqrt(launder(x))); }
};

#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
/// Boost's save_state, but it changes (and then restores) MXCSR only when the rounding is not
/// already upward: inside an UpwardRounding scope an operation costs one stmxcsr, outside it
/// every operation is still correctly rounded on its own.
template <class Rounding>
struct upward_state : Rounding {
  unsigned mode;
  bool changed;
  upward_state() : mode(_mm_getcsr()), changed((mode & mxcsr_control::rc_mask) != mxcsr_control::rc_up) {
    if (changed) _mm_setcsr((mode & ~mxcsr_control::rc_mask) | mxcsr_control::rc_up);
  }
  ~upward_state() {
    if (changed) _mm_setcsr(mode);
  }
  upward_state(const upward_state&) = delete;
  upward_state& operator=(const upward_state&) = delete;
  typedef save_state_nothing<Rounding> unprotected_rounding;
};
#else
template <class Rounding>
using upward_state = save_state<Rounding>;
#endif

// Empty intervals (NaN bounds) are allowed instead of throwing.
using type = policies<upward_state<laundered_rounding>, checking_base<double>>;
}  // namespace interval_policy

using Interval = boost::numeric::interval<double, interval_policy::type>;

#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
#define LIMITDIR_UPWARD_SCOPE 1
namespace interval_policy {
/// True while this thread rounds upward by an UpwardRounding scope (and no NearestRounding
/// scope inside it, numerics/arb_support.hpp, has undone that). Then + - * / below skip Boost's
/// check of the mode: reading MXCSR (stmxcsr) waits for the operations before it and costs ~15
/// ns an operation, ten times the arithmetic. Initial-exec TLS: one load, no __tls_get_addr.
extern thread_local bool upward_scope __attribute__((tls_model("initial-exec")));
}  // namespace interval_policy
#endif

/// Sets upward rounding for a scope of many interval operations (then each one skips the
/// mode switch) and restores the caller's mode. Optional: Interval is rigorous without it.
/// Double code inside the scope runs rounded upward.
class UpwardRounding {
 public:
#if defined(LIMITDIR_UPWARD_SCOPE)
  UpwardRounding() : mode_(_mm_getcsr()), scope_(interval_policy::upward_scope) {
    _mm_setcsr((mode_ & ~interval_policy::mxcsr_control::rc_mask) | interval_policy::mxcsr_control::rc_up);
    interval_policy::upward_scope = true;
  }
  ~UpwardRounding() {
    interval_policy::upward_scope = scope_;
    _mm_setcsr(mode_);
  }

 private:
  unsigned mode_;
  bool scope_;
#else
  UpwardRounding() = default;
#endif
 public:
  UpwardRounding(const UpwardRounding&) = delete;
  UpwardRounding& operator=(const UpwardRounding&) = delete;
};

}  // namespace limitdir

#if defined(LIMITDIR_UPWARD_SCOPE)
// + - * / of Intervals inside an UpwardRounding scope: Boost's bounds (a lower bound is the negated
// upward rounding of the negated expression, laundered as in laundered_rounding) without its
// check of the mode; the product as the largest of the four corner products rounded up, and the
// smallest rounded down (rounding is monotone, so these are Boost's case-by-case bounds), for
// finite bounds. Outside a scope, with an infinite or NaN (empty) bound or a divisor holding 0, Boost's own operator.
// Non-template overloads in Boost's namespace: preferred to its templates for these arguments.
namespace boost::numeric {

[[gnu::always_inline]] inline limitdir::Interval operator+(const limitdir::Interval& x, const limitdir::Interval& y) {
  using limitdir::interval_policy::launder;
  if (__builtin_expect(!limitdir::interval_policy::upward_scope, 0))
    return operator+ <double, limitdir::interval_policy::type>(x, y);
  return limitdir::Interval(-launder(launder(-x.lower()) - launder(y.lower())), launder(launder(x.upper()) + launder(y.upper())),
                            true);
}

[[gnu::always_inline]] inline limitdir::Interval operator-(const limitdir::Interval& x, const limitdir::Interval& y) {
  using limitdir::interval_policy::launder;
  if (__builtin_expect(!limitdir::interval_policy::upward_scope, 0))
    return operator- <double, limitdir::interval_policy::type>(x, y);
  return limitdir::Interval(-launder(launder(y.upper()) - launder(x.lower())), launder(launder(x.upper()) - launder(y.lower())),
                            true);
}

[[gnu::always_inline]] inline limitdir::Interval operator*(const limitdir::Interval& x, const limitdir::Interval& y) {
  using limitdir::interval_policy::launder;
  const double xl = launder(x.lower()), xu = launder(x.upper()), yl = launder(y.lower()), yu = launder(y.upper());
  if (__builtin_expect(!limitdir::interval_policy::upward_scope || !std::isfinite(xl - xu + yl - yu), 0))
    return operator* <double, limitdir::interval_policy::type>(x, y);
  const double nl = launder(-xl), nu = launder(-xu);
  const double up = std::max(std::max(xl * yl, xl * yu), std::max(xu * yl, xu * yu));
  const double down = std::max(std::max(nl * yl, nl * yu), std::max(nu * yl, nu * yu));  // -(lower bound)
  return limitdir::Interval(-launder(down), launder(up), true);
}

/// x / y for y of one sign: x / y is monotone in x and in y, so its bounds are quotients of corners
/// (with y > 0 the upper of xu, the lower of xl; the reverse for y < 0).
[[gnu::always_inline]] inline limitdir::Interval operator/(const limitdir::Interval& x, const limitdir::Interval& y) {
  using limitdir::interval_policy::launder;
  const double xl = launder(x.lower()), xu = launder(x.upper()), yl = launder(y.lower()), yu = launder(y.upper());
  if (__builtin_expect(!limitdir::interval_policy::upward_scope || !std::isfinite(xl - xu + yl - yu) ||
                           !(yl > 0.0 || yu < 0.0), 0))
    return operator/ <double, limitdir::interval_policy::type>(x, y);
  const double a = yl > 0.0 ? xu : xl, b = yl > 0.0 ? xl : xu;  // the upper bound's numerator, the lower's
  const double nb = launder(-b);
  const double up = std::max(a / yl, a / yu), down = std::max(nb / yl, nb / yu);  // down = -(lower bound)
  return limitdir::Interval(-launder(down), launder(up), true);
}

inline limitdir::Interval operator+(const double& x, const limitdir::Interval& y) { return limitdir::Interval(x) + y; }
inline limitdir::Interval operator+(const limitdir::Interval& x, const double& y) { return x + limitdir::Interval(y); }
inline limitdir::Interval operator-(const double& x, const limitdir::Interval& y) { return limitdir::Interval(x) - y; }
inline limitdir::Interval operator-(const limitdir::Interval& x, const double& y) { return x - limitdir::Interval(y); }
inline limitdir::Interval operator*(const double& x, const limitdir::Interval& y) { return limitdir::Interval(x) * y; }
inline limitdir::Interval operator*(const limitdir::Interval& x, const double& y) { return x * limitdir::Interval(y); }
inline limitdir::Interval operator/(const double& x, const limitdir::Interval& y) { return limitdir::Interval(x) / y; }
inline limitdir::Interval operator/(const limitdir::Interval& x, const double& y) { return x / limitdir::Interval(y); }

}  // namespace boost::numeric
#endif

namespace limitdir {

/// 0 may lie in a (also when a bound is NaN: an enclosure that failed proves nothing).
inline bool contains_zero(const Interval& a) { return !(a.lower() > 0.0) && !(a.upper() < 0.0); }
/// a is contained in the interior of b.
inline bool strictly_inside(const Interval& a, const Interval& b) {
  return b.lower() < a.lower() && a.upper() < b.upper();
}
inline bool disjoint(const Interval& a, const Interval& b) { return a.upper() < b.lower() || b.upper() < a.lower(); }
/// The intersection of intervals known to overlap.
inline Interval meet(const Interval& a, const Interval& b) {
  return Interval(std::max(a.lower(), b.lower()), std::min(a.upper(), b.upper()));
}
inline double mid_of(const Interval& a) { return 0.5 * a.lower() + 0.5 * a.upper(); }
inline double width_of(const Interval& a) { return a.upper() - a.lower(); }
/// The magnitude max |a|.
inline double mag_of(const Interval& a) { return std::max(-a.lower(), a.upper()); }

// ----- fixed-size vectors and matrices -------------------------------------------------------

template <int N>
struct IVec {
  std::array<Interval, N> v{};
  Interval& operator()(int i) { return v[i]; }
  const Interval& operator()(int i) const { return v[i]; }
  Interval& operator[](int i) { return v[i]; }
  const Interval& operator[](int i) const { return v[i]; }
};
template <int N>
struct IMat {
  std::array<Interval, N * N> a{};
  Interval& operator()(int i, int j) { return a[i * N + j]; }
  const Interval& operator()(int i, int j) const { return a[i * N + j]; }
};
using IVec2 = IVec<2>;
using IVec3 = IVec<3>;
using IMat2 = IMat<2>;
using IMat3 = IMat<3>;

/// Whether the boxes a and b share a point (every component's intervals meet).
template <int N>
bool boxes_meet(const IVec<N>& a, const IVec<N>& b) {
  for (int i = 0; i < N; ++i)
    if (disjoint(a(i), b(i))) return false;
  return true;
}

template <int N>
IVec<N> to_interval(const Eigen::Matrix<double, N, 1>& x) {
  IVec<N> r;
  for (int i = 0; i < N; ++i) r(i) = Interval(x(i));
  return r;
}
template <int N>
IMat<N> to_interval(const Eigen::Matrix<double, N, N>& A) {
  IMat<N> r;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) r(i, j) = Interval(A(i, j));
  return r;
}
template <int N>
Eigen::Matrix<double, N, 1> mid_of(const IVec<N>& x) {
  Eigen::Matrix<double, N, 1> r;
  for (int i = 0; i < N; ++i) r(i) = mid_of(x(i));
  return r;
}
template <int N>
Eigen::Matrix<double, N, N> mid_of(const IMat<N>& A) {
  Eigen::Matrix<double, N, N> r;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) r(i, j) = mid_of(A(i, j));
  return r;
}
template <int N>
IVec<N> operator+(const IVec<N>& x, const IVec<N>& y) {
  IVec<N> r;
  for (int i = 0; i < N; ++i) r(i) = x(i) + y(i);
  return r;
}
template <int N>
IVec<N> operator-(const IVec<N>& x, const IVec<N>& y) {
  IVec<N> r;
  for (int i = 0; i < N; ++i) r(i) = x(i) - y(i);
  return r;
}
template <int N>
Interval dot(const IVec<N>& x, const IVec<N>& y) {
  Interval s(0.0);
  for (int i = 0; i < N; ++i) s += x(i) * y(i);
  return s;
}
template <int N>
IVec<N> operator*(const IMat<N>& A, const IVec<N>& x) {
  IVec<N> r;
  for (int i = 0; i < N; ++i) {
    Interval s(0.0);
    for (int j = 0; j < N; ++j) s += A(i, j) * x(j);
    r(i) = s;
  }
  return r;
}
template <int N>
IMat<N> operator*(const IMat<N>& A, const IMat<N>& B) {
  IMat<N> r;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      Interval s(0.0);
      for (int k = 0; k < N; ++k) s += A(i, k) * B(k, j);
      r(i, j) = s;
    }
  return r;
}

/// The cofactor matrix cof(A) (adj(A) = cof(A)^T).
IMat3 cofactor(const IMat3& A);
/// det A by cofactor expansion along the first row.
Interval determinant(const IMat3& A);
/// An enclosure of A^-1 for every A in the interval matrix (adjugate over determinant), or
/// none when the determinant enclosure contains 0.
std::optional<IMat3> inverse_enclosure(const IMat3& A);

// ----- forward-mode derivatives over intervals ------------------------------------------------

/// An interval value and its three partial derivatives with respect to x1, x2, x3 (or an
/// enclosure of the Clarke generalised gradient where the function is not differentiable).
struct IDual {
  Interval v;
  std::array<Interval, 3> d{};
  IDual() = default;
  IDual(const Interval& value) : v(value) {}  // NOLINT: a constant
  IDual(double value) : v(value) {}           // NOLINT: a constant
  /// The variable x_i ranging over `value`.
  static IDual variable(const Interval& value, int i) {
    IDual r(value);
    r.d[i] = Interval(1.0);
    return r;
  }
};

IDual operator+(const IDual& a, const IDual& b);
IDual operator-(const IDual& a, const IDual& b);
IDual operator-(const IDual& a);
IDual operator*(const IDual& a, const IDual& b);
IDual operator/(const IDual& a, const IDual& b);
IDual sqrt(const IDual& a);
IDual square(const IDual& a);
/// |a| with d|t|/dt in [-1, 1] where t's interval contains 0 (Clarke hull).
IDual abs(const IDual& a);
/// sqrt(a^2 + b^2) with d/da = a/h (b/h) intersected with [-1, 1]; [-1, 1] where h can be 0.
IDual hypot2(const IDual& a, const IDual& b);

}  // namespace limitdir
