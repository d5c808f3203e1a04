#pragma once
// Branches of limit directions on the sets where q jumps (internal to continuation): the poles
// and the equator of `point-spin`, the poles of `coulomb-point` (friction/model.hpp kink_sets,
// docs/manual.md sections 5 and 7). There a limit direction is a Filippov zero of V*
// (limits/jump_zeros.hpp: 0 in the hull of the one-sided values of V*), which Newton on (125)
// cannot follow: its branch is the set of parameters at which the same 1-D condition holds (at
// a pole |sigma*(p)| <= 1, on the equator a zero of the sliding field g(phi, p) with its
// equivalent control in [0, 1]). Those are sampled on a grid of p, linked from one value to the
// next, and their ends located by bisection in p: an end inside the range is a boundary
// equilibrium, where a branch of ordinary limit directions meets the set (a `jump` event), and
// a change of sign of rdot along one is a tangency. A branch of ordinary limit directions whose
// corrector stops on a jump set ends there with the same event.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "continuation/branch_tracer.hpp"
#include "continuation/event_log.hpp"
#include "continuation/sweep_scope.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/limits/jump_zeros.hpp"

namespace limitdir::detail {

class JumpSets {
 public:
  JumpSets(BranchTracer& tracer, EventLog& log, const SweepRange& range, Findings& findings, std::string parameter)
      : tr_(tracer), log_(log), range_(range), findings_(findings), name_(std::move(parameter)) {}

  /// The branches on the jump sets of the family's model over the range, appended to
  /// `branches` (ids = their positions), with their jump and tangency events.
  void trace(std::vector<Branch>& branches);
  /// The branch `branch` stopped at the point w_set of a jump set at p: when w_set is a Filippov
  /// limit direction there, its jump event is logged and true returned (the branch on the set
  /// is traced by trace()); false leaves the stop a doubt.
  bool end_at_jump(double p, const std::string& set, const Eigen::Vector3d& w_set, int branch);
  /// An event of a branch of ordinary limit directions on a jump set, other than a jump (the
  /// corrector stepped over the discontinuity, or the zeros fill a curve through it there): a
  /// doubt, since the branch is not followed across it.
  void check_events(const std::vector<Event>& events, const std::vector<Branch>& branches);

 private:
  struct Open;
  struct End;
  std::pair<double, JumpZero> bisect_end(const JumpZero& z, double a, double& b, bool& at_circle);
  void tangency(const Open& o, const JumpZero& z, double p);
  void log_ends(const std::vector<End>& ends);
  BranchTracer& tr_;
  EventLog& log_;
  const SweepRange& range_;
  Findings& findings_;
  std::string name_;
};

/// The Filippov limit direction of the set `set` nearest to w at p on a branch of the jump set
/// (DiagramVerifier::cut), classified; none when there is none within reach.
std::optional<Classification> jump_point_at(FamilyField& field, const std::string& set, const Eigen::Vector3d& w,
                                            double p);

}  // namespace limitdir::detail
