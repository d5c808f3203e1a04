#pragma once
// Event location on a traced branch (internal to continuation). Events between consecutive
// nodes are sign changes of the test functions of continuation/branch_tracer.hpp, located by
// bisection in arclength; steps are halved until each holds at most one change:
//   tangency      rdot changes sign (Sect. 7.2.8, errata: R* = 0);
//   fold          t_p changes sign;
//   branch point  det [G_X; t^T] changes sign (a pitchfork when its direction is fixed by a
//                 reflection of the field); where t_p changes in the same minimal step it is the
//                 turning branch of a pitchfork, not a fold;
//   Hopf          trace J_T changes sign where det J_T > 0.
//
// This header names the other pieces only by declaration, so that it stands alone.
#include <Eigen/Core>
#include <functional>
#include <utility>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

struct Tests;
struct Node;
class BranchTracer;
class EventLog;
struct SweepRange;

/// Which test functions change sign between two nodes.
struct Crossings {
  bool tangency, fold, branch_point, trace;
  int count() const { return int(tangency) + int(fold) + int(branch_point) + int(trace); }
};

/// The sign changes of the tests from a to b: a fold only where |t_p| leaves the rounding
/// floor, a trace change only where the nodes are not saddles throughout the step.
Crossings crossings_between(const Tests& a, const Tests& b);

/// Whether w is fixed by a reflection R (w2 -> -w2 or w3 -> -w3) that the field commutes with,
/// F(R w) = R F(w) (checked on sample directions): at a branch point, a pitchfork.
bool fixed_by_reflection(const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& field, const Eigen::Vector3d& w);
/// The axes k (1, 2) of those reflections.
std::vector<int> reflections_fixing(const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& field,
                                    const Eigen::Vector3d& w);

/// Records the events of the steps of a branch in the sweep's event log.
class EventLocator {
 public:
  /// Called at a branch point met for the first time (off a continuum), with the node there
  /// and the node the step started from: the other branch is to be started.
  using BranchSwitch = std::function<void(const Node& at, const Node& from)>;

  EventLocator(BranchTracer& tracer, EventLog& log, const SweepRange& range, BranchSwitch switch_branches)
      : tr_(tracer), log_(log), range_(range), switch_(std::move(switch_branches)) {}

  /// Locates the events between consecutive nodes a and b (arclength h apart) of branch
  /// `branch` and appends their nodes to its points, so that its polyline reaches folds and
  /// branch points exactly. A step with several sign changes is halved; when a node of the
  /// halving or of a bisection leaves the branch, nothing is recorded and false is returned if
  /// may_refuse (the walk retakes the step shorter), else the events are located as they are.
  bool record(const Node& a, const Node& b, double h, int branch, std::vector<BranchPoint>& pts,
              bool may_refuse = true);

 private:
  struct Piece;  // a piece of a step (event_location.cpp)
  /// The pieces of the step a -> b, each with at most one change of each test, located (see
  /// record); false when a node left the branch and may_refuse.
  bool split(const Node& a, const Node& b, double h, bool may_refuse, std::vector<Piece>& pieces);
  void log_events(const Piece& piece, int branch, std::vector<BranchPoint>& pts);
  void branch_point(std::pair<Event, Node> located, const Node& from);
  /// A pitchfork's p and direction from its own defining system (continuation/pitchfork_refine.hpp).
  void refine(Event& e, const Eigen::Matrix<double, 5, 1>& x, const std::vector<int>& axes);
  BranchTracer& tr_;
  EventLog& log_;
  const SweepRange& range_;
  BranchSwitch switch_;
};

}  // namespace limitdir::detail
