#pragma once
// Tracing one branch one way (internal to continuation): accepted steps of the pseudo-arclength
// tracer (continuation/branch_tracer.hpp), each searched for events (continuation/event_location.hpp),
// until the branch leaves [lo, to], closes into a loop, or the work budget is spent.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "continuation/branch_tracer.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

class EventLocator;

/// The continuation steps of a whole sweep, counted against its budget.
class WorkBudget {
 public:
  /// Whether the budget is spent (said once, first among the doubts).
  bool spent(Findings& findings);
  void count() { ++steps_; }
  int steps() const { return steps_; }

 private:
  int steps_ = 0;
  bool said_ = false;
};

class BranchWalker {
 public:
  /// Called where the corrector fails after the node cur of branch `branch`: whether the branch
  /// ends there for a reason that is not a doubt (a kink set, continuation/kink_crossing.hpp).
  using KinkStop = std::function<bool(const Node& cur, int branch)>;
  /// Called for every accepted step a -> b (arclength h): a kink set crossed on the way.
  using KinkPass = std::function<void(const Node& a, const Node& b, double h, int branch)>;

  BranchWalker(BranchTracer& tracer, EventLocator& events, const SweepRange& range, WorkBudget& budget,
               Findings& findings, const std::string& parameter, KinkStop kink_stop, KinkPass kink_pass)
      : tr_(tracer),
        events_(events),
        range_(range),
        budget_(budget),
        findings_(findings),
        name_(parameter),
        kink_stop_(std::move(kink_stop)),
        kink_pass_(std::move(kink_pass)) {}

  /// The points from x0 along t0 until the branch leaves [lo, to] or closes (then br.closed);
  /// a branch that leaves at lo > from (a continuum at from) is closed onto from by Newton at
  /// fixed p.
  std::vector<BranchPoint> trace(const X& x0, const X& t0, Branch& br);

  /// The points of the branch from x0 to x1 (two consecutive points of its polyline) in steps
  /// of at most h_cap, with the events between them recorded; nothing when the walk does not
  /// reach x1 (the corrector failed, or too many steps).
  std::optional<std::vector<BranchPoint>> trace_between(const X& x0, const X& x1, double h_cap, Branch& br);

  /// Whether the step cur -> next passes the branch's start, heading the same way.
  static bool passes(const Node& cur, const Node& next, const Node& start, double h);

 private:
  std::optional<Node> step(const Node& cur, double& h);
  std::optional<Node> step(const Node& cur, double& h, double h_max);
  void close_loop(const Node& cur, const Node& start, Branch& br, std::vector<BranchPoint>& pts);
  bool end_at_valid_edge(const Node& cur, std::vector<BranchPoint>& pts);
  void end_at_boundary(const Node& cur, const Node& next, std::vector<BranchPoint>& pts);
  /// True at most once per progress_interval (core/progress.hpp): a note is due.
  bool progress_due();
  BranchTracer& tr_;
  EventLocator& events_;
  const SweepRange& range_;
  WorkBudget& budget_;
  Findings& findings_;
  std::string name_;
  KinkStop kink_stop_;
  KinkPass kink_pass_;
  std::chrono::steady_clock::time_point last_note_ = std::chrono::steady_clock::now();
};

}  // namespace limitdir::detail
