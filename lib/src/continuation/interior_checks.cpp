// The checks of a sweep against find-limits: see continuation/interior_checks.hpp.
#include "continuation/interior_checks.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/branch_merge.hpp"
#include "continuation/continuum.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_log.hpp"
#include "continuation/seeding.hpp"

namespace limitdir::detail {

namespace {

// Re-check rounds: a round that finds directions on no branch traces them and checks again.
constexpr int max_check_rounds = 3;

}  // namespace

std::vector<double> check_values(double from, double to, int checks, const std::vector<double>& event_loads) {
  const double off = event_check_offset * (to - from);
  // an interior check value within `off` of an event would check the degenerate limit set at
  // the bifurcation itself (e.g. a branch point at F = 0.5 = 0.01 + 7 (1.2 - 0.01)/17): it is
  // left to the event's own checks at +-off
  const auto at_event = [&](double p) {
    return std::any_of(event_loads.begin(), event_loads.end(), [&](double e) { return std::abs(p - e) < off; });
  };
  std::vector<double> ps{to};
  for (int k = 1; k <= checks; ++k) {
    const double p = from + (to - from) * k / (checks + 1);
    if (!at_event(p)) ps.push_back(p);
  }
  for (double p : event_loads) {
    if (p - off > from) ps.push_back(p - off);
    if (p + off < to) ps.push_back(p + off);
  }
  return ps;
}

void InteriorChecks::run(const std::vector<Branch>& branches, double from, double to, int checks,
                         const std::string& parameter) {
  for (int round = 0;; ++round) {
    std::vector<std::string> doubts;
    bool traced_more = false;
    std::vector<double> events;
    for (const Event& e : log_.events()) events.push_back(e.p);
    for (const Continuum& C : continua_.all()) events.push_back(C.p);
    const auto compare = [&](double p, bool region) {
      CheckOutcome o = verifier_.check(branches, p);
      if (!region) doubts.insert(doubts.end(), o.doubts.begin(), o.doubts.end());
      for (const Classification& c : o.unexplained) {
        if (round + 1 < max_check_rounds) {
          // on a traced branch that the polyline misses there: that piece is traced again finer
          if (!branches_.refine_through(make_x(c.w, c.rdot, p))) seeder_.add_seed(c.w, c.rdot, p);
          traced_more = true;
        } else if (!region) {
          doubts.push_back(fmt::format("find-limits at {} = {:.12g} found w = ({:.6g}, {:.6g}, {:.6g}) on no branch",
                                       parameter, p, c.w.x(), c.w.y(), c.w.z()));
        }
      }
    };
    for (double p : check_values(from, to, checks, events)) compare(p, false);
    // and where the regions will be checked (DiagramVerifier::regions, which reports what
    // disagrees there): a fold pair narrower than the spacing of the check values shows only there
    if (!traced_more)
      for (double p : verifier_.region_points(events, from, to)) compare(p, true);
    if (!traced_more) {
      findings_.doubts.insert(findings_.doubts.end(), doubts.begin(), doubts.end());
      return;
    }
    branches_.drain();
  }
}

}  // namespace limitdir::detail
