#pragma once
// Arb ball arithmetic next to the Interval code (internal): Arb assumes round-to-nearest, the
// Interval code switches the SSE rounding mode (numerics/interval.hpp), so every scope of Arb
// calls runs under NearestRounding; and a ball is handed back as its outward Interval.
#include <arb.h>
#include <cfenv>
#include <limits>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

/// Round-to-nearest for a scope of Arb calls, restoring the caller's mode (the SSE mode is what
/// the Interval code sets, numerics/interval.hpp).
class NearestRounding {
 public:
  NearestRounding() : mode_(std::fegetround()) {
#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
    scope_ = interval_policy::upward_scope;  // Interval operations inside check the mode again
    interval_policy::upward_scope = false;
    csr_ = _mm_getcsr();
    _mm_setcsr(csr_ & ~interval_policy::mxcsr_control::rc_mask);
#endif
    std::fesetround(FE_TONEAREST);
  }
  ~NearestRounding() {
    std::fesetround(mode_);
#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
    _mm_setcsr(csr_);
    interval_policy::upward_scope = scope_;
#endif
  }
  NearestRounding(const NearestRounding&) = delete;
  NearestRounding& operator=(const NearestRounding&) = delete;

 private:
  int mode_;
#if defined(__SSE2_MATH__) && (defined(__x86_64__) || defined(__i386__))
  unsigned csr_;
  bool scope_;
#endif
};

/// The outward Interval of a ball (the whole line when Arb could not bound it).
inline Interval interval_of_ball(const arb_t x, slong prec) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (!arb_is_finite(x)) return Interval(-inf, inf);
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_lbound_arf(lo, x, prec);
  arb_get_ubound_arf(hi, x, prec);
  const Interval r(arf_get_d(lo, ARF_RND_FLOOR), arf_get_d(hi, ARF_RND_CEIL));
  arf_clear(lo);
  arf_clear(hi);
  return r;
}

/// The ball [lo, hi] (exact: both ends are doubles).
inline void ball_of_interval(arb_t x, const Interval& a, slong prec) {
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arf_set_d(lo, a.lower());
  arf_set_d(hi, a.upper());
  arb_set_interval_arf(x, lo, hi, prec);
  arf_clear(lo);
  arf_clear(hi);
}

}  // namespace limitdir::detail
