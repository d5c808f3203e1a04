#pragma once
// The defining system of a codimension-1 curve (maps/curves.hpp) in scaled unknowns, its
// Jacobian by central differences, and the test functions monitored along it (internal).
#include <Eigen/Core>
#include <vector>

#include "limitdir/maps/curves.hpp"

namespace limitdir::detail {

/// The unknowns of one curve: w with the mirror coordinates held at 0, rdot, and the parameters
/// scaled to the rectangle, X = (x - x.from)/(x.to - x.from), Y likewise.
class CurveSpace {
 public:
  CurveSpace(const TwoParameterFamily& family, CurveKind kind, std::vector<int> held, int mirror);

  int size() const { return static_cast<int>(free_.size()) + 3; }
  CurveKind kind() const { return kind_; }
  const std::vector<int>& held() const { return held_; }

  Eigen::VectorXd pack(const MapPoint& p) const;
  MapPoint unpack(const Eigen::VectorXd& v) const;
  /// X and Y of v.
  double X(const Eigen::VectorXd& v) const { return v[size() - 2]; }
  double Y(const Eigen::VectorXd& v) const { return v[size() - 1]; }

  /// Whether v lies in the rectangle, 0 <= X, Y <= 1.
  bool inside(const Eigen::VectorXd& v) const;
  /// The size() - 1 equations of the curve at v (NaN outside the rectangle: nothing is built there).
  Eigen::VectorXd residual(const Eigen::VectorXd& v) const;
  /// Their Jacobian in v, (size() - 1) x size(), by central differences.
  Eigen::MatrixXd jacobian(const Eigen::VectorXd& v) const;

  /// What the curve's monitors read at v.
  struct Tests {
    double rdot = 0;
    double fold = 0;       // det of the Jacobian of the branch equations in (w, rdot)
    double det_JT = 0, trace_JT = 0;
    double force = 0;      // the load of the system at v
    Eigen::Vector3d w = Eigen::Vector3d::Zero();
  };
  Tests tests(const Eigen::VectorXd& v) const;

 private:
  struct Values {
    Eigen::VectorXd branch;  // F_i - rdot w_i (i free), (w.w - 1)/2
    Tests tests;
    double transverse = 0;   // dF_k/dw_k - rdot for the pitchfork's mirror k
    double across = 0;       // F_3: V* across the equator at w on it (a kink curve off every mirror)
  };
  Values values(const Eigen::VectorXd& v) const;

  const TwoParameterFamily* family_;
  CurveKind kind_;
  std::vector<int> held_, free_;
  int mirror_;  // the pitchfork's mirror coordinate, -1 otherwise
};

}  // namespace limitdir::detail
