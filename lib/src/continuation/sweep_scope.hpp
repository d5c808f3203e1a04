#pragma once
// What the pieces of one sweep share (internal to continuation): the range of the parameter,
// and the doubts and notes that become the diagram's certificate (continuation/certificate.hpp).
#include <string>
#include <vector>

namespace limitdir::detail {

/// The sweep's range [from, to]. Branches and events are traced on [lo, to]: lo is above from
/// when a continuum sits at from (continuation/continuum.hpp), set once by the first seeds.
struct SweepRange {
  double from, to, lo;
  double width() const { return to - from; }
  /// Events are recorded on [lo, to]: below lo lies the margin of a continuum at from.
  bool inside(double p) const { return p >= lo && p <= to; }
};

/// What disagreed or stays in doubt (in the order found: the certificate names the first),
/// and what was shown besides (the certificate lists them sorted, once each).
struct Findings {
  std::vector<std::string> doubts, notes;
};

/// The findings of a sweep by the claim of its certificate they bear on (docs/manual.md
/// section 5, "Claims"): each piece of the sweep writes to the one it checks (continuation.cpp).
struct SweepFindings {
  Findings branches, events, regions;
  bool any_doubt() const { return !branches.doubts.empty() || !events.doubts.empty() || !regions.doubts.empty(); }
};

}  // namespace limitdir::detail
