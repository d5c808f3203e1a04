#pragma once
// Pseudo-arclength continuation of one codimension-1 curve in one direction from a point of it,
// with the monitors of its codimension-2 points (internal to maps).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/maps/curves.hpp"
#include "maps/defining_system.hpp"

namespace limitdir::detail {

/// Newton on the curve's equations and one more, `extra`(v) = 0 with gradient `extra_grad`
/// (the arclength condition, or a boundary X = const); nullopt when it does not converge within
/// `iterations` steps.
std::optional<Eigen::VectorXd> correct(const CurveSpace& space, Eigen::VectorXd v, const Eigen::VectorXd& extra_grad,
                                       double extra_value, int iterations = 12);
/// The unit tangent at v, oriented along `previous` (any orientation when previous is empty).
Eigen::VectorXd curve_tangent(const CurveSpace& space, const Eigen::VectorXd& v, const Eigen::VectorXd& previous);

struct Walk {
  std::vector<Eigen::VectorXd> points;  // from the start, excluded, to the end
  CurveEnd end = CurveEnd::failed;
  std::string why;
  std::vector<CodimTwoPoint> found;
};

/// The curve from v0 along the tangent t0 until it leaves the rectangle, closes on `start`,
/// reaches a load of 0 or ends at a codimension-2 point (a degenerate pitchfork).
Walk walk_curve(const CurveSpace& space, const TwoParameterFamily& family, const Eigen::VectorXd& v0,
                const Eigen::VectorXd& t0, const Eigen::VectorXd& start, const CurveOptions& options);

}  // namespace limitdir::detail
