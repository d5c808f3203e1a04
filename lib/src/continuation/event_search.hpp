#pragma once
// The rigorous event search of a load sweep off the invariant circle, read against the
// located events (internal to continuation): every window of enclose_events
// (continuation/event_windows.hpp) must hold a located event of its kind, and every located
// event a window. A window that holds none is seeded from (an isola between the check values
// has its folds there), then refined (it may hold no event at all), then seeded from again.
#include <optional>
#include <vector>

#include "continuation/event_windows.hpp"
#include "continuation/sweep_scope.hpp"
#include "continuation/certificate.hpp"
#include "limitdir/limits/pitchfork.hpp"

namespace limitdir::detail {

class BranchTracer;
class Continua;
class EventLog;
class Seeder;

class EventSearch {
 public:
  EventSearch(BranchTracer& tracer, const EventLog& log, Seeder& seeder, const Continua& continua,
              const SweepRange& range, const ParameterFamily& family, Findings& findings)
      : tr_(tracer), log_(log), seeder_(seeder), continua_(continua), range_(range), fam_(family), findings_(findings) {}

  /// Seeds from the windows that hold no located event (circle: the event loads of (132) are
  /// the global search instead, continuation/circle_events.hpp).
  void seed(bool circle);
  /// After the checks: every window holds a located event and every located event a window.
  void check();
  /// What the proof of the diagram showed, for its certificate (empty: no proof; why not is
  /// among the notes when it was tried): every window is decided by prove_event_unique
  /// (limits/proof.hpp), each of its events (one, or a close pair) enclosed, simple and the
  /// located one, and find-limits proves the structure of every region at an interior load: the
  /// events and regions claims; and the branches claim when every segment drawn is enclosed
  /// (enclose_branch_segment, limits/proof.hpp).
  DiagramProof proof(const Diagram& diagram);

 private:
  bool explained(const EventWindow& W) const;
  std::string proof_gap(const Diagram& diagram);
  std::string uniqueness_gap(const System& sys, const Diagram& diagram);
  std::string decide(const System& sys, const EventWindow& W, EventUniqueness& u, bool& pitchfork);
  std::optional<SymmetricPitchfork> symmetric_pitchfork(const System& sys, const EventWindow& W) const;
  std::string branch_gap(const Diagram& diagram, std::size_t& segments);
  bool symmetric_segment(const System& sys, const BranchPoint& a, const BranchPoint& b);
  void seed_from(const EventWindow& W);
  BranchTracer& tr_;
  const EventLog& log_;
  Seeder& seeder_;
  const Continua& continua_;
  const SweepRange& range_;
  const ParameterFamily& fam_;
  Findings& findings_;
  std::vector<EventWindow> windows_;
  std::vector<EventUniqueness> unique_;  // per window of windows_, after proof()
  int cells_ = 0;
  int pitchforks_ = 0;  // windows decided by the Z2-symmetric reduction, after proof()
  std::vector<int> pitchfork_axes_;  // the k of their reflections w_k -> -w_k
  int symmetric_segments_ = 0;  // branch segments enclosed on a curve of the reduction
};

}  // namespace limitdir::detail
