#pragma once
// The certificate of a diagram (internal to continuation): incomplete with the first doubts
// as its reason when anything disagreed or stays in doubt; otherwise checked, or proven where
// the proof of a circle diagram holds (continuation/circle_checks.hpp), with what was shown.
//
// This header names no other piece, so that it stands alone.
#include <cstddef>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

/// What a sweep found, for its certificate.
struct SweepOutcome {
  std::vector<std::string> doubts;  // in the order found: the reason names the first five
  std::vector<std::string> notes;   // listed sorted, each once
  std::string proof;                // what the proof showed (empty: no proof)
  std::string curve_note;           // the limit curve's note, listed last (empty: none)
  std::size_t branches = 0, events = 0;
  int checks = 0;                   // the checks against find-limits
};

/// Writes the level, reason and index sum of `cert` from what the sweep found.
void write_certificate(Certificate& cert, SweepOutcome outcome);

}  // namespace limitdir::detail
