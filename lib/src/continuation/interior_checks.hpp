#pragma once
// The checks of a sweep against find-limits at single values of the parameter (internal to
// continuation): at the end, at interior values, on both sides of every event and at the
// interior point where each region will be checked. A limit direction on no branch starts a new
// branch, or, when it lies on a traced branch whose polyline misses it (a fold pair narrower
// than one step), that piece of the branch is traced again in finer steps; then the round is
// repeated. The last round's disagreements are the doubts (continuation/diagram_verifier.hpp
// compares one value).
//
// This header names the other pieces only by declaration, so that it stands alone.
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

class DiagramVerifier;
class EventLog;
class Continua;
class Seeder;
class BranchCollector;
struct Findings;

// Check values next to an event: 1e-5 of the range (far from the event's location accuracy,
// near enough that no other event lies between).
constexpr double event_check_offset = 1e-5;

/// The values of [from, to] to check: to, the `checks` equidistant interior values except those
/// within the offset of an event, and each event load -+ the offset inside (from, to).
std::vector<double> check_values(double from, double to, int checks, const std::vector<double>& event_loads);

class InteriorChecks {
 public:
  InteriorChecks(DiagramVerifier& verifier, const EventLog& log, const Continua& continua, Seeder& seeder,
                 BranchCollector& branches, Findings& findings)
      : verifier_(verifier), log_(log), continua_(continua), seeder_(seeder), branches_(branches), findings_(findings) {}

  /// The rounds of checks of the diagram's branches (which new seeds extend) over [from, to]
  /// with `checks` interior values (check_values).
  void run(const std::vector<Branch>& branches, double from, double to, int checks, const std::string& parameter);

 private:
  DiagramVerifier& verifier_;
  const EventLog& log_;
  const Continua& continua_;
  Seeder& seeder_;
  BranchCollector& branches_;
  Findings& findings_;
};

}  // namespace limitdir::detail
