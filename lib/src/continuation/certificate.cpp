// The certificate of a diagram: see continuation/certificate.hpp.
#include "continuation/certificate.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace limitdir::detail {

namespace {

// The first five doubts, then how many more (a continuum can give hundreds).
std::string joined(const std::vector<std::string>& doubts) {
  std::string out = doubts.front();
  for (std::size_t i = 1; i < std::min<std::size_t>(doubts.size(), 5); ++i) out += "; " + doubts[i];
  if (doubts.size() > 5) out += fmt::format("; and {} more", doubts.size() - 5);
  return out;
}

// Sorted, each once.
std::vector<std::string> sorted_once(std::vector<std::string> notes) {
  std::sort(notes.begin(), notes.end());
  notes.erase(std::unique(notes.begin(), notes.end()), notes.end());
  return notes;
}

// One claim of the diagram: incomplete with its doubts; else what the checks showed and the
// notes, proven when the proof covers it (`proven`: what the proof showed for it).
void claim(Certificate& cert, const std::string& name, const Findings& found, const std::string& checked,
           const std::string& proven, const std::string& last_note = "") {
  if (!found.doubts.empty()) {
    set_claim(cert, name, Level::incomplete, joined(found.doubts));
    return;
  }
  std::string reason = proven.empty() ? checked : "proven: " + proven + "; " + checked;
  for (const std::string& n : sorted_once(found.notes)) reason += "; " + n;
  if (!last_note.empty()) reason += "; " + last_note;
  set_claim(cert, name, proven.empty() ? Level::checked : Level::proven, reason);
}

}  // namespace

void write_certificate(Certificate& cert, SweepOutcome outcome) {
  const SweepFindings& f = outcome.findings;
  const DiagramProof& proof = outcome.proof;
  cert.index_sum = 0;
  cert.claims.clear();
  claim(cert, "branches", f.branches,
        fmt::format("{} branch(es); every check against find-limits ({} values) agreed with them in count and types",
                    outcome.branches, outcome.checks),
        proof.branches, outcome.curve_note);
  claim(cert, "events", f.events, fmt::format("{} event(s) located on the branches", outcome.events), proof.events);
  claim(cert, "regions", f.regions,
        fmt::format("find-limits at an interior point of each of the {} region(s) agreed in count and types",
                    outcome.regions),
        proof.regions);
  if (!proof.circle.empty()) set_claim(cert, "invariant-circle", Level::proven, "proven: " + proof.circle);
  // the reason: every doubt (by claim, each in the order found), or what was shown
  std::vector<std::string> doubts = f.branches.doubts;
  doubts.insert(doubts.end(), f.events.doubts.begin(), f.events.doubts.end());
  doubts.insert(doubts.end(), f.regions.doubts.begin(), f.regions.doubts.end());
  if (!doubts.empty()) {
    cert.reason = joined(doubts);
    return;
  }
  cert.reason = fmt::format("{}{} branch(es), {} event(s); every check against find-limits ({} values, including an "
                            "interior point of every region) agreed in count and types",
                            proof.empty() ? "" : proof.text() + "; ", outcome.branches, outcome.events, outcome.checks);
  std::vector<std::string> notes = f.branches.notes;
  notes.insert(notes.end(), f.events.notes.begin(), f.events.notes.end());
  notes.insert(notes.end(), f.regions.notes.begin(), f.regions.notes.end());
  for (const auto& n : sorted_once(notes)) cert.reason += "; " + n;
  if (!outcome.curve_note.empty()) cert.reason += "; " + outcome.curve_note;
}

}  // namespace limitdir::detail
