#pragma once
// Checks of a traced diagram against find-limits (internal to continuation).
//
// At a value p of the parameter the branches are cut: every segment that straddles p is
// corrected onto the branch at p exactly (Newton at fixed p) and the distinct limit directions
// so obtained are classified afresh. find-limits at p must find the same set with the same
// types, and its own certificate must not be in doubt. The regions of the diagram are the
// intervals between consecutive events; each region's count and types come from such a cut at
// an interior point of the region, checked against find-limits there.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "continuation/branch_tracer.hpp"
#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

struct Cut {
  double p;
  std::vector<Classification> directions;  // distinct, classified at p
};

/// What one comparison with find-limits found.
struct CheckOutcome {
  std::vector<Classification> unexplained;  // found by find-limits, on no branch
  std::vector<std::string> doubts;          // everything else that disagreed or is in doubt
  bool continuum = false;                   // find-limits reports circles at p: not comparable
};

class DiagramVerifier {
 public:
  DiagramVerifier(BranchTracer& tracer, const std::string& parameter) : tr_(tracer), name_(parameter) {}

  /// The distinct limit directions of the branches at p.
  Cut cut(const std::vector<Branch>& branches, double p);
  /// find-limits at p against the cut of the branches there.
  CheckOutcome check(const std::vector<Branch>& branches, double p);
  /// The regions between consecutive events (from cuts at interior points), each checked
  /// against find-limits; disagreements are appended to `doubts`. Regions with one structure
  /// are merged across an event that changes nothing, never across a continuum.
  std::vector<Region> regions(const std::vector<Branch>& branches, const std::vector<Event>& events, double from,
                              double to, std::vector<std::string>& doubts);
  /// The loads at which regions() checks the regions between the given event loads (the same
  /// loads as long as no other value is solved inside a region meanwhile).
  std::vector<double> region_points(std::vector<double> event_loads, double from, double to) const;
  /// find-limits at p (solved once per p, counted among the checks).
  const LimitSet& limits_at(double p) { return settled_limits(p); }
  /// At a continuum p (find-limits' limits L there): every branch through p meets it on one of
  /// L's circles, on its other curve (`on_curve`: a half meridian) or at one of L's isolated
  /// directions, and each of those lies on a branch; the disagreements.
  std::vector<std::string> check_continuum(const std::vector<Branch>& branches, double p, const LimitSet& L,
                                           const std::function<bool(const Eigen::Vector3d&)>& on_curve);
  int checks_done() const { return checks_; }

 private:
  bool point_at(const BranchPoint& u, const BranchPoint& v, double p, X& x);
  const LimitSet& settled_limits(double p);
  double interior_point(double a, double b) const;
  static std::vector<double> region_cuts(std::vector<double> event_loads, double from, double to);
  BranchTracer& tr_;
  std::string name_;
  int checks_ = 0;
  std::map<double, LimitSet> solved_;  // find-limits by p
};

/// "attracting stable-node" etc.: the key of a region's type counts.
std::string type_key(Radial radial, SphereType type);

}  // namespace limitdir::detail
