#pragma once
// The certificate of a diagram (internal to continuation): incomplete with the first doubts
// as its reason when anything disagreed or stays in doubt; otherwise checked, or proven where
// the proof of a circle diagram holds (continuation/circle_checks.hpp), with what was shown.
//
// This header names no other piece (but the findings they share), so that it stands alone.
#include <cstddef>
#include <string>
#include <vector>

#include "continuation/sweep_scope.hpp"
#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

/// What the proof of a diagram showed, per claim: on the invariant circle every claim
/// (continuation/circle_checks.hpp), off it the events and regions only (branches and circle
/// empty: continuation/event_search.hpp); all empty: no proof.
struct DiagramProof {
  std::string events, regions, branches;
  std::string circle;  // why every limit direction lies on the invariant circle (empty: off it)
  bool empty() const { return events.empty(); }
  /// The proof's one text, as the certificate's reason gives it.
  std::string text() const {
    // off the invariant circle only the events and regions are proven (the branches are checked)
    std::string t = (branches.empty() ? "events and regions proven: " : "proven: ") + events + "; " + regions;
    if (!branches.empty()) t += "; " + branches;
    return circle.empty() ? t : t + " (" + circle + ")";
  }
};

/// What a sweep found, for its certificate: per claim, the doubts in the order found (the
/// reason names the first five, by claim: branches, events, regions) and the notes (listed
/// sorted, each once).
struct SweepOutcome {
  SweepFindings findings;
  DiagramProof proof;      // what the proof showed (empty: no proof)
  std::string curve_note;  // the limit curve's note, on the branches, listed last (empty: none)
  std::size_t branches = 0, events = 0, regions = 0;
  int checks = 0;  // the checks against find-limits
};

/// Writes the claims (branches, events, regions and, with a proof, invariant-circle), the level
/// (the weakest claim), the reason and the index sum of `cert` from what the sweep found.
void write_certificate(Certificate& cert, SweepOutcome outcome);

}  // namespace limitdir::detail
