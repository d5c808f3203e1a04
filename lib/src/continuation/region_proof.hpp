#pragma once
// Internal to continuation: the structure of a region of a load diagram proven by find-limits
// (limits/proof.hpp) at interior loads, for the proofs of a diagram (continuation/circle_checks.hpp,
// continuation/event_search.hpp).
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

class BranchTracer;

/// What stops the proof of region r at the loads given (empty: nothing): find-limits must
/// prove, at each, the region's count and types.
std::string region_gap_at(BranchTracer& tracer, const System& sys, const Region& r,
                          const std::vector<double>& loads);

}  // namespace limitdir::detail
