#pragma once
// The checks and the proof of a load sweep on the invariant circle of a harmonic model
// (internal to continuation): every event load of (132) [Nonlinear Dyn. 2024] must have been
// located, and nothing else (continuation/circle_events.hpp); the diagram is proven when the
// rigorous event enclosures each hold one located event, the structure of every region is
// proven at an interior load, and every branch segment lies on a graph of (132)
// (continuation/circle_proof.hpp).
#include <optional>
#include <string>
#include <vector>

#include "continuation/certificate.hpp"
#include "continuation/circle_events.hpp"
#include "continuation/circle_proof.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

class BranchTracer;
class EventLog;

class CircleChecks {
 public:
  CircleChecks(BranchTracer& tracer, const EventLog& log, const SweepRange& range, const ParameterFamily& family,
               Findings& findings)
      : tr_(tracer), log_(log), range_(range), fam_(family), findings_(findings) {}

  /// The located events against the predicted event loads (nothing when there are none).
  void cross_check(const std::optional<std::vector<PredictedEvent>>& predicted);
  /// What the proof of the diagram showed, for its certificate (empty: no proof; why not is
  /// among the notes when the proof was tried).
  DiagramProof proof(const Diagram& diagram);

 private:
  std::string proof_gap(const System& sys, const CircleEvents& ev, const Diagram& diagram);
  std::string region_gap(const System& sys, const Region& r, double F_c);
  BranchTracer& tr_;
  const EventLog& log_;
  const SweepRange& range_;
  const ParameterFamily& fam_;
  Findings& findings_;
};

}  // namespace limitdir::detail
