#pragma once
// Internal: what the two halves of diagram_differences (report/diagram_io.hpp) share: its
// tolerances, how a number and a direction are quoted in a sentence, and the comparison of the
// branches as curves (report/diagram_branches.cpp) that the events and regions
// (report/diagram_differences.cpp) end with.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/report/diagram_io.hpp"

namespace limitdir::detail {

std::string number_text(double x);
std::string vector_text(const Eigen::Vector3d& w);

/// The tolerances of diagram_differences: (rtol, atol) for the parameter values of events,
/// regions and the range and for event directions; `curve` for the branches as curves.
struct Tolerance {
  double rtol, atol, curve;
  /// Two values of the parameter (or of a region boundary) agree, with an extra allowance.
  bool same_p(double x, double y, double extra = 0.0) const {
    return std::abs(x - y) <= atol + rtol * std::max(std::abs(x), std::abs(y)) + extra;
  }
  /// Every y with same_p(x, y, extra) lies within this of x: |y| <= |x| + |x - y| gives
  /// |x - y| (1 - rtol) <= atol + rtol |x| + extra (no bound for rtol >= 1).
  double reach_p(double x, double extra) const {
    return rtol < 1.0 ? (atol + rtol * std::abs(x) + extra) / (1.0 - rtol) : std::numeric_limits<double>::infinity();
  }
  /// Two unit directions agree.
  bool same_w(const Eigen::Vector3d& a, const Eigen::Vector3d& b) const { return (a - b).norm() <= atol + rtol; }
  /// The units of the scaled distance of a point at p from a branch: in p (relative to
  /// max(1, |p|), the parameter's own scale) and in w.
  double curve_p(double p) const { return curve * std::max(1.0, std::abs(p)); }
  double curve_w() const { return curve; }
};

/// The branches of a and b as curves in (p, w), both ways, and the types of their points along
/// them: the differences as sentences appended to `out`.
void branch_differences(const Diagram& a, const Diagram& b, const Tolerance& tol, std::vector<std::string>& out);

/// The branches of closed orbits of a and b as curves in (p, ln T) (the period T relative to
/// the curve tolerance), both ways, except the points of one in the other's end zones (between
/// an end point of a branch and its end's p, widened by the end's error: where the continuation
/// stops at a threshold); the differences as sentences appended to `out`.
void orbit_branch_differences(const Diagram& a, const Diagram& b, const Tolerance& tol, std::vector<std::string>& out);

}  // namespace limitdir::detail
