#pragma once
// The branches of a diagram, each traced once (internal to continuation): seeds wait in a
// stack; a seed that lies on a known branch is dropped, the two ways from a seed are joined
// into one branch, and a loop at one value of p (a circle of a continuum) is no branch.
#include <optional>
#include <string>
#include <vector>

#include "continuation/branch_tracer.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

class BranchWalker;
class Continua;
class WorkBudget;

/// A seed of a branch.
struct Pending {
  X x;
  X t;                // initial direction (t_p may be 0)
  bool both = true;   // trace both ways (false: only along t, e.g. away from a continuum)
  std::optional<double> end_at;  // with !both: also end the branch at this p behind the seed
};

class BranchCollector {
 public:
  BranchCollector(BranchTracer& tracer, BranchWalker& walker, std::vector<Branch>& branches, const SweepRange& range,
                  const Continua& continua, WorkBudget& budget, Findings& findings, const std::string& parameter)
      : tr_(tracer), walker_(walker), branches_(branches), range_(range), continua_(continua), budget_(budget),
        findings_(findings), name_(parameter) {}

  void push(const Pending& seed) { pending_.push_back(seed); }
  /// Traces the waiting seeds, last first, into new branches (until the work budget is spent).
  void drain();

  /// Whether x lies on a traced branch: screened against the polylines, then confirmed by
  /// correcting the nearest polyline point onto the branch within the hyperplane through x
  /// normal to that segment.
  bool on_known_branch(const X& x, double tol = 1e-7) { return segment_through(x, tol).has_value(); }

  /// A point x of a traced branch that its polyline does not pass (a step of the walk jumped
  /// over a fold pair smaller than the step, so that a cut of the polyline misses x): the
  /// polyline's segment there is traced again in finer steps, its events recorded. Whether it
  /// was.
  bool refine_through(const X& x);

 private:
  /// Where x lies on a traced branch: the branch and the index of the polyline segment whose
  /// correction confirmed it, and whether x lies on the segment itself (within tol).
  struct Segment {
    std::size_t branch, index;
    bool on_chord;
  };
  std::optional<Segment> segment_through(const X& x, double tol = 1e-7);
  Branch trace_branch(const Pending& s);
  BranchTracer& tr_;
  BranchWalker& walker_;
  std::vector<Branch>& branches_;
  const SweepRange& range_;
  const Continua& continua_;
  WorkBudget& budget_;
  Findings& findings_;
  std::string name_;
  std::vector<Pending> pending_;
};

}  // namespace limitdir::detail
