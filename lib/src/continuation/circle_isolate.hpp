#pragma once
// The roots in u of a function g on [0, 1] known by interval enclosures of g and g' (internal
// to continuation): the law of the exact model on the invariant circle (continuation/circle_law.hpp).
// A cell U of u is dropped when g(U) excludes 0 (g(U) the naive enclosure met with the centred
// form g(m) + g'(U) (U - m)), and holds exactly one root, simple, when g'(U) excludes 0 (g is
// strictly monotone on U) and g has strictly opposite signs at its ends; same strict signs with
// g'(U) one-signed also drop it, and so does the caller's test that no root in U matters to
// it (the exact law: h(U) below every c1^2 of the sweep's loads). Otherwise the cell is halved; one narrower than min_cell
// stops the isolation with the reason (a multiple root, a root at a cell end or at u = 0, 1, or
// a root where g' cannot be enclosed). So no root is reported that is not one, and none is lost.
// A root's cell is then narrowed by halving on the proven sign of g at its middle.
#include <functional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

/// g and g' over an interval of u.
struct ValueSlope {
  Interval g, dg;
};
using IntervalFunction = std::function<ValueSlope(const Interval&)>;

struct IsolatedRoots {
  bool complete = false;
  std::vector<Interval> cells;  // each holds exactly one root of g, simple; increasing
  std::string why;              // when not complete
};

/// Every root of g in [0, 1], isolated as above, except in cells U where ignore(U) (when given):
/// the roots there do not matter to the caller; `name` names g in the reason.
IsolatedRoots isolate_roots(const IntervalFunction& g, const std::string& name,
                            const std::function<bool(const Interval&)>& ignore = {});

}  // namespace limitdir::detail
