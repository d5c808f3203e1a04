#pragma once
// The seeds of the branches (internal to continuation): find-limits at the start of the
// sweep, the other branch at a branch point, the points of the limit curve that lie on no
// branch, and any corrected point found elsewhere (continuation/event_search.hpp,
// continuation/interior_checks.hpp). Each seed is traced by the collector
// (continuation/branch_merge.hpp) unless it lies on a known branch.
#include <optional>
#include <string>

#include "continuation/branch_tracer.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

class BranchCollector;

class Seeder {
 public:
  Seeder(BranchTracer& tracer, BranchCollector& branches, SweepRange& range, const ParameterFamily& family,
         Findings& findings)
      : tr_(tracer), branches_(branches), range_(range), fam_(family), findings_(findings) {}

  /// Seeds from find_limit_directions at p, the start of the sweep; at a continuum, just
  /// inside the interval, which then sets range.lo.
  void seed_at(double p);
  /// A seed at (w, rdot, p) along the branch's tangent there (increasing p; with continuum_at,
  /// one way only, away from the continuum at that load).
  void add_seed(const Eigen::Vector3d& w, double rdot, double p, std::optional<double> continuum_at = std::nullopt);
  /// Corrects x onto a branch at fixed p; a point on no known branch is seeded and traced at
  /// once. Whether it was.
  bool seed_through(X x, double p);
  /// At a simple branch point m the kernel of G_X is 2-D: the other branch both ways.
  void switch_branches(const Node& m, const X& t_current);
  /// A load sweep: every point of the limit curve in range lies on a branch; one that does not
  /// is a branch no seed reached (an isola between the check values): traced from there. The
  /// note for the certificate (empty: the curve was not used).
  std::string seed_from_limit_curve();

 private:
  BranchTracer& tr_;
  BranchCollector& branches_;
  SweepRange& range_;
  const ParameterFamily& fam_;
  Findings& findings_;
};

}  // namespace limitdir::detail
