// The certificate of a diagram: see continuation/certificate.hpp.
#include "continuation/certificate.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace limitdir::detail {

void write_certificate(Certificate& cert, SweepOutcome outcome) {
  const std::vector<std::string>& doubts = outcome.doubts;
  const std::string& proof = outcome.proof;
  std::vector<std::string>& notes = outcome.notes;
  cert.index_sum = 0;
  cert.level = !doubts.empty() ? Level::incomplete : proof.empty() ? Level::checked : Level::proven;
  if (!cert.complete()) {
    cert.reason = doubts.front();
    for (std::size_t i = 1; i < std::min<std::size_t>(doubts.size(), 5); ++i) cert.reason += "; " + doubts[i];
    if (doubts.size() > 5) cert.reason += fmt::format("; and {} more", doubts.size() - 5);
    return;
  }
  cert.reason = fmt::format("{}{} branch(es), {} event(s); every check against find-limits ({} values, including an "
                            "interior point of every region) agreed in count and types",
                            proof.empty() ? "" : proof + "; ", outcome.branches, outcome.events, outcome.checks);
  std::sort(notes.begin(), notes.end());
  notes.erase(std::unique(notes.begin(), notes.end()), notes.end());
  for (const auto& n : notes) cert.reason += "; " + n;
  if (!outcome.curve_note.empty()) cert.reason += "; " + outcome.curve_note;
}

}  // namespace limitdir::detail
