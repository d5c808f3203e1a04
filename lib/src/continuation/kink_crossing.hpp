#pragma once
// Branches that meet a kink set of the friction model (internal to continuation): the equator
// w3 = 0 or the poles w12 = 0 where q is not C^2 (friction/model.hpp, docs/manual.md section 7).
// There the branches of a bifurcation turn a corner (the nonsmooth pitchfork of a symmetric
// contact: F - F* ~ |w3| instead of w3^2) and the pseudo-arclength corrector cannot pass. A
// branch whose corrector fails on a kink set ends there with a `kink` event, and the branches
// leaving the kink point on either side of the set, at p just below and above, are seeded: the
// continuation goes on from them, and the checks against find-limits at the event (which
// solves V* on the kink sets themselves, limits/limits.hpp) see any that was not.
#include <functional>
#include <string>
#include <utility>

#include "continuation/branch_tracer.hpp"
#include "continuation/event_log.hpp"
#include "continuation/seeding.hpp"
#include "continuation/sweep_scope.hpp"
#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

class KinkCrossing {
 public:
  KinkCrossing(BranchTracer& tracer, EventLog& log, Seeder& seeder, const SweepRange& range, Findings& findings,
               std::string parameter)
      : tr_(tracer), log_(log), seeder_(seeder), range_(range), findings_(findings), name_(std::move(parameter)) {}

  /// Whether the branch `branch`, whose corrector failed after the node cur, ends on a kink
  /// set: then its kink event is logged and the branches on both sides are seeded. On a set
  /// where q jumps the branch ends too, with that doubt (exact, in place of a failed corrector).
  bool end_at_kink(const Node& cur, int branch);
  /// A step a -> b (arclength h) of branch `branch` that crosses the equator, a kink set of
  /// the model, from one side to the other (the corrector passed it): its kink event, located
  /// by bisection in arclength on w3; or that passes through a pole that is a kink set.
  void crossed(const Node& a, const Node& b, double h, int branch);

 private:
  void crossed_pole(const Node& a, const Node& b, double h, int branch);
  std::pair<Node, Node> bisect(const Node& a, const Node& b, double h, const std::function<bool(const Node&)>& same_as_a);
  void log_crossing(const Node& nlo, const Node& nhi, const Eigen::Vector3d& w, int branch, const std::string& where);
  void seed_other_side(const Eigen::Vector3d& w_k, const Eigen::Vector3d& normal, double rdot, double p_k);
  BranchTracer& tr_;
  EventLog& log_;
  Seeder& seeder_;
  const SweepRange& range_;
  Findings& findings_;
  std::string name_;
};

}  // namespace limitdir::detail
