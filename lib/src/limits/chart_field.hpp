#pragma once
// The charts of the sphere and the interval field on them (limits/chart_field.cpp), shared by the
// proof of the limit directions (limits/cube_cover.cpp, limits/event_boxes.cpp) and the exclusion
// of closed orbits (limits/orbit_exclusion.cpp): the faces x = T (1, u, v) of a rotated cube and
// g(u, v) = (f_a - u f_n, f_b - v f_n), f = T^-1 F, whose zeros are the limit directions (125)
// [Nonlinear Dyn. 2024]. Internal to limits/.
#include <Eigen/Core>
#include <Eigen/LU>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/interval.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir::detail {

struct FieldBox {
  IVec3 F;   // F = M^-1 (q + F d + e)
  IMat3 DF;  // M^-1 dq_dw
};

/// F(x) = M^-1 q(x) + c over boxes of x, with M^-1 enclosed rigorously (101).
struct FieldEnclosure {
  const FrictionModel* model;
  IMat3 Minv;
  IVec3 c;
  const AxisymmetricModel* axisymmetric;  // the same model when it is axisymmetric, else null
  /// The model's enclosure is a quadrature whose accuracy follows the width of its box
  /// (FrictionModel::enclosure_follows_box): a proof then takes g at a small box about a cell's midpoint, not at
  /// the point, which would cost the model's finest accuracy (limits/cube_cover.cpp).
  bool follows_box = false;
  std::optional<FieldBox> at(const IVec3& x) const {
    const auto Q = model->enclose(x);
    if (!Q) return std::nullopt;
    return FieldBox{Minv * Q->q + c, Minv * Q->dq_dw};
  }
};

/// The centre of a mean-value form or of a Newton (Krawczyk) step on one coordinate X with
/// midpoint m: the point m, or, for a model whose enclosure follows the width of its box
/// (FieldEnclosure::follows_box), the interval about m of `halo` times X's width. g over it
/// contains g(m), so both stay rigorous, and g costs the accuracy the cell needs, not the
/// model's finest (limits/cube_cover.cpp, limits/circle_cover.cpp).
inline Interval centre_interval(const FieldEnclosure& field, const Interval& X, double m, double halo) {
  if (!field.follows_box) return Interval(m);
  const double h = halo * 0.5 * width_of(X);
  return Interval(m - h, m + h);  // m - h <= m <= m + h in any rounding (h >= 0)
}

/// The field of `system` at the loads F (c is affine in F); nullopt when M^-1 cannot be enclosed.
std::optional<FieldEnclosure> field_enclosure(const System& system, const Interval& F);

/// The box of unit vectors x/|x| over a box of x.
IVec3 normalized(const IVec3& x);

/// x = T (1, u, v), (u, v) in [-1, 1]^2, with T = [n a b] exact doubles; F || x iff
/// f = T^-1 F || (1, u, v), i.e. g(u, v) = (f_a - u f_n, f_b - v f_n) = 0.
struct Face {
  Eigen::Matrix3d T;
  IMat3 Tinv;
  std::string name;
};

/// The six faces of the generic rotated cube: face 2k + (s < 0) has T = [s R_k, R_k+1, R_k+2]
/// (indices mod 3, R the rotation's columns), so its (u, v) are the cube coordinates k+1, k+2.
std::optional<std::vector<Face>> cube_faces();

/// The box of x = T (1, u, v) over a box of (u, v) (any (u, v): the chart covers the open
/// hemisphere x . T e1 > 0).
IVec3 face_point(const Face& face, const IVec2& X);

/// The rows of T^-1 combined over a box of (u, v): r0 = (T^-1)_a - u (T^-1)_n and
/// r1 = (T^-1)_b - v (T^-1)_n, so g = (r0 . F, r1 . F) and f_n = n . F. r0, r1 are orthogonal to
/// x at the chart point, which keeps wide parts of F along x (a kink of q at a zero) out of g
/// and Dg.
struct ChartRows {
  IVec3 n, r0, r1;
};
ChartRows chart_rows(const Face& face, const IVec2& X);

struct FaceValue {
  IVec2 g;
  IMat2 Dg;
  Interval fn;  // f_n: at a zero F = f_n x, so sign rdot = sign f_n
};

/// g and its Jacobian Dg (the Clarke hull at kinks) over a box of (u, v).
std::optional<FaceValue> face_value(const FieldEnclosure& field, const Face& face, const IVec2& X);


/// A curve of zeros g(u, v, F) = 0 (two equations in three coordinates): g and its Jacobian
/// with respect to (u, v, F) over a box Z.
struct SegmentValue {
  IVec2 g;
  std::array<std::array<Interval, 3>, 2> D;
};
using SegmentMap = std::function<std::optional<SegmentValue>(const IVec3&)>;

/// Whether the zeros of `map` from a to b (two points on one curve of its zeros, coordinates
/// (u, v, F)) form one curve, a graph over one coordinate s, in a tube around the segment: the
/// parametric Krawczyk operator of limits/branch_segment.cpp (enclose_branch_segment) with s
/// each coordinate in the order of its change, the pieces halved where it does not contract.
bool tube_encloses(const SegmentMap& map, const Eigen::Vector3d& a, const Eigen::Vector3d& b, int& pieces);

/// Z cut across coordinate k at lo + ratio (hi - lo): both halves pushed on `work`, the lower last
/// (examined first), for the branch and bound of the events' proofs (limits/event_proof.cpp,
/// limits/pitchfork_proof.cpp).
template <int N>
void split_into(const IVec<N>& Z, int k, double ratio, std::vector<IVec<N>>& work) {
  const double lo = Z(k).lower(), hi = Z(k).upper(), s = lo + ratio * (hi - lo);
  IVec<N> left = Z, right = Z;
  left(k) = Interval(lo, s);
  right(k) = Interval(s, hi);
  work.push_back(right);
  work.push_back(left);
}

/// The Krawczyk operator K = m - Y G(m) + (I - Y DG(Z)) (Z - m), Y = mid(DG)^-1, for the zeros
/// of V* (N = 2, limits/cube_cover.cpp) and of the events' extended systems (N = 3,
/// limits/event_proof.cpp); none when mid(DG) cannot be inverted.
template <int N>
std::optional<IVec<N>> krawczyk(const IVec<N>& Z, const Eigen::Matrix<double, N, 1>& m, const IVec<N>& Gm,
                                const IMat<N>& DG) {
  const Eigen::Matrix<double, N, N> D = mid_of(DG);
  if (!(std::abs(D.determinant()) > 0.0)) return std::nullopt;
  const Eigen::Matrix<double, N, N> Yd = D.inverse();
  if (!Yd.allFinite()) return std::nullopt;
  const IMat<N> Y = to_interval<N>(Yd);
  IMat<N> E = Y * DG;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) E(i, j) = (i == j ? Interval(1.0) : Interval(0.0)) - E(i, j);
  const IVec<N> mi = to_interval<N>(m);
  return mi - Y * Gm + E * (Z - mi);
}

}  // namespace limitdir::detail
