#pragma once
// Internal: the values of a log axis (scan/grid.hpp, docs/manual.md section 14, "Grids"): the
// double nearest FROM (TO/FROM)^t for an exact rational exponent t, from Arb balls.
#include <cstdint>
#include <memory>

namespace limitdir::detail {

/// The points FROM (TO/FROM)^t of one log range, each the double nearest its exact value (so the
/// same on every platform, the ends FROM and TO exact and the values monotone in t: rounding to
/// nearest is monotone).
class LogSpacing {
 public:
  /// The first working precision (bits): 53 of a double and 43 guard bits. The ball of
  /// FROM exp(t log(TO/FROM)) then has a relative radius of order 2^-90, so it straddles a
  /// midpoint between two doubles (and the precision is doubled) for about one value in 2^37.
  static constexpr long default_first_bits = 96;

  /// FROM and TO: positive normal doubles (>= 2^-1022; the caller checks). `first_bits`: the
  /// precision tried first (a test starts low to take the doubling path at every value).
  LogSpacing(double from, double to, long first_bits = default_first_bits);
  ~LogSpacing();
  LogSpacing(const LogSpacing&) = delete;
  LogSpacing& operator=(const LogSpacing&) = delete;

  /// The double nearest FROM (TO/FROM)^t with t = (p + u)/q exactly: integers p >= 0 and q >= 1
  /// and a double u in [0, 1) with p + u <= q (a grid: (i + 0)/(COUNT - 1); a Latin hypercube:
  /// (p_i + u)/N). t = 0 gives FROM and t = 1 gives TO.
  double at(std::uint64_t p, double u, std::uint64_t q) const;

 private:
  struct Balls;
  std::unique_ptr<Balls> balls_;
};

}  // namespace limitdir::detail
