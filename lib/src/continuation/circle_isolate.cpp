// The roots of a function of u known by interval enclosures: see continuation/circle_isolate.hpp.
#include "continuation/circle_isolate.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/cancellation.hpp"

namespace limitdir::detail {

namespace {

// The first cells: [0, 1] in 64 equal parts, so that the one-signed stretches of g are
// decided at once instead of by the first six halvings.
constexpr int first_cells = 64;
// An undecided cell narrower than this stops the isolation: 2^-34 ~ 6e-11 in u, about ten
// thousand times the rounding of the enclosures of g at a point (~1e-15 relative), so a simple
// root is always decided well above it (its g' is then enclosed away from 0).
constexpr double min_cell = 0x1p-34;
// A root's cell is narrowed to this width (or until the sign of g at its middle is not proven):
// the folds' loads then follow from h over the cell to ~h'' 1e-26, far below their rounding.
constexpr double root_width = 1e-13;

// The meet of two enclosures of one quantity; one with a NaN bound (a failed one) is ignored.
Interval narrower(const Interval& a, const Interval& b) {
  const auto valid = [](const Interval& x) { return !std::isnan(x.lower()) && !std::isnan(x.upper()); };
  if (!valid(b) || disjoint(a, b)) return a;
  return valid(a) ? meet(a, b) : b;
}

int sign_of(const Interval& a) { return a.lower() > 0 ? 1 : a.upper() < 0 ? -1 : 0; }

// g over U: the naive enclosure met with the centred form g(m) + g'(U) (U - m).
ValueSlope over(const IntervalFunction& g, const Interval& U) {
  ValueSlope G = g(U);
  const double m = mid_of(U);
  const Interval centred = g(Interval(m)).g + G.dg * (U - Interval(m));
  G.g = narrower(G.g, centred);
  return G;
}

// Halve the cell [lo, hi] of a root, g(lo) of sign s_lo, while the sign of g at its middle is proven.
Interval narrow(const IntervalFunction& g, double lo, double hi, int s_lo) {
  while (hi - lo > root_width) {
    const double m = 0.5 * (lo + hi);
    const int s = sign_of(g(Interval(m)).g);
    if (s == 0) break;
    (s == s_lo ? lo : hi) = m;
  }
  return Interval(lo, hi);
}

}  // namespace

IsolatedRoots isolate_roots(const IntervalFunction& g, const std::string& name,
                            const std::function<bool(const Interval&)>& ignore) {
  IsolatedRoots out;
  std::vector<std::pair<double, double>> pending;  // the cells of u still to examine (a stack)
  for (int i = first_cells; i-- > 0;) pending.emplace_back(static_cast<double>(i) / first_cells, (i + 1.0) / first_cells);
  while (!pending.empty()) {
    const auto [lo, hi] = pending.back();
    pending.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    const ValueSlope G = over(g, Interval(lo, hi));
    if (!contains_zero(G.g) || (ignore && ignore(Interval(lo, hi)))) continue;
    if (!contains_zero(G.dg)) {
      const int s_lo = sign_of(g(Interval(lo)).g), s_hi = sign_of(g(Interval(hi)).g);
      if (s_lo != 0 && s_lo == s_hi) continue;  // monotone with one sign at both ends
      if (s_lo != 0 && s_hi == -s_lo) {
        out.cells.push_back(narrow(g, lo, hi, s_lo));
        continue;
      }
    }
    if (hi - lo < min_cell) {
      out.why = fmt::format("a root of {} near u = {:.12g} is not decided (a multiple root, a root at u = 0 or 1, "
                            "or one where the derivative of {} is not enclosed)",
                            name, 0.5 * (lo + hi), name);
      return out;
    }
    const double m = 0.5 * (lo + hi);
    pending.emplace_back(m, hi);
    pending.emplace_back(lo, m);
  }
  std::sort(out.cells.begin(), out.cells.end(), [](const Interval& a, const Interval& b) { return a.lower() < b.lower(); });
  out.complete = true;
  return out;
}

}  // namespace limitdir::detail
