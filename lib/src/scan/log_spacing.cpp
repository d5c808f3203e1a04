// The values of a log axis (docs/manual.md section 14, "Grids"); see scan/log_spacing.hpp.
#include "scan/log_spacing.hpp"

#include <arb.h>
#include <string>

#include "limitdir/core/errors.hpp"
#include "numerics/arb_support.hpp"

namespace limitdir::detail {

namespace {

/// The last precision tried. The exact value is never a midpoint between two doubles, so some
/// precision decides it: t = m/n with integers 0 < m < n (t = (p + u)/q with u = k 2^-53), and
/// were FROM (TO/FROM)^(m/n) a midpoint M = c 2^e, c an odd integer of 54 bits (c > 2^53), then
/// M^n = FROM^(n-m) TO^m; the odd part of the left side is c^n > 2^(53 n), that of the right side
/// a product of n odd parts of 53-bit significands, each < 2^53: < 2^(53 n), impossible. A value
/// so close to a midpoint that 4096 bits do not decide it (within ~2^-4000 of it) is not met;
/// should one be, it is a NumericalError, not a guess.
constexpr slong last_precision = 4096;

/// Whether the whole ball `x` rounds to one double, `out` (rounding to nearest is monotone, so
/// both ends rounding to it decide every point between). FROM and TO normal keep every value
/// normal, where arf_get_d rounds correctly.
bool nearest_double(const arb_t x, slong prec, double& out) {
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_lbound_arf(lo, x, prec);
  arb_get_ubound_arf(hi, x, prec);
  const double a = arf_get_d(lo, ARF_RND_NEAR), b = arf_get_d(hi, ARF_RND_NEAR);
  arf_clear(lo);
  arf_clear(hi);
  out = a;
  return arb_is_finite(x) && a == b;
}

/// log(TO/FROM) at `prec` bits.
void log_ratio(arb_t log_ratio_out, double from, double to, slong prec) {
  arb_t f;
  arb_init(f);
  arb_set_d(f, from);
  arb_set_d(log_ratio_out, to);
  arb_div(log_ratio_out, log_ratio_out, f, prec);
  arb_log(log_ratio_out, log_ratio_out, prec);
  arb_clear(f);
}

}  // namespace

struct LogSpacing::Balls {
  double from = 0.0, to = 0.0;
  slong first_bits = LogSpacing::default_first_bits;
  arb_t from_ball;  // FROM, exact
  arb_t log_ratio;  // log(TO/FROM) at first_bits, shared by every point
  Balls() {
    arb_init(from_ball);
    arb_init(log_ratio);
  }
  ~Balls() {
    arb_clear(from_ball);
    arb_clear(log_ratio);
  }
  Balls(const Balls&) = delete;
  Balls& operator=(const Balls&) = delete;
};

LogSpacing::LogSpacing(double from, double to, long first_bits) : balls_(std::make_unique<Balls>()) {
  const NearestRounding nearest;  // Arb assumes round-to-nearest (numerics/arb_support.hpp)
  balls_->from = from;
  balls_->to = to;
  balls_->first_bits = first_bits;
  arb_set_d(balls_->from_ball, from);
  log_ratio(balls_->log_ratio, from, to, first_bits);
}

LogSpacing::~LogSpacing() = default;

double LogSpacing::at(std::uint64_t p, double u, std::uint64_t q) const {
  const Balls& b = *balls_;
  if (p == 0 && u == 0.0) return b.from;  // exact ends (correct rounding gives them too)
  if (p == q && u == 0.0) return b.to;
  const NearestRounding nearest;
  arb_t x, log_r;
  arb_init(x);
  arb_init(log_r);
  double value = 0.0;
  bool decided = false;
  for (slong prec = b.first_bits; prec <= last_precision && !decided; prec *= 2) {
    if (prec == b.first_bits)
      arb_set(log_r, b.log_ratio);
    else
      log_ratio(log_r, b.from, b.to, prec);
    arb_set_d(x, u);  // t = (p + u)/q: p + u and q exact, the quotient a ball
    arb_add_ui(x, x, p, prec);
    arb_div_ui(x, x, q, prec);
    arb_mul(x, x, log_r, prec);  // FROM exp(t log(TO/FROM)) = FROM (TO/FROM)^t
    arb_exp(x, x, prec);
    arb_mul(x, x, b.from_ball, prec);
    decided = nearest_double(x, prec, value);
  }
  arb_clear(x);
  arb_clear(log_r);
  if (!decided)
    throw NumericalError("a log axis from " + std::to_string(b.from) + " to " + std::to_string(b.to) +
                         ": the point at t = (" + std::to_string(p) + " + " + std::to_string(u) + ")/" +
                         std::to_string(q) + " is not rounded to a double at 4096 bits");
  return value;
}

}  // namespace limitdir::detail
