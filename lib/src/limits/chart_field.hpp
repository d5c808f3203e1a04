#pragma once
// The charts of the sphere and the interval field on them, shared by the proof of the limit
// directions (limits/proof.cpp) and the exclusion of closed orbits (limits/orbit_exclusion.cpp):
// the faces x = T (1, u, v) of a rotated cube and g(u, v) = (f_a - u f_n, f_b - v f_n),
// f = T^-1 F, whose zeros are the limit directions (125) [Nonlinear Dyn. 2024]. Internal to limits/.
#include <Eigen/Core>
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
  std::optional<FieldBox> at(const IVec3& x) const {
    const auto Q = model->enclose(x);
    if (!Q) return std::nullopt;
    return FieldBox{Minv * Q->q + c, Minv * Q->dq_dw};
  }
};

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

struct FaceValue {
  IVec2 g;
  IMat2 Dg;
  Interval fn;  // f_n: at a zero F = f_n x, so sign rdot = sign f_n
};

/// g and its Jacobian Dg (the Clarke hull at kinks) over a box of (u, v).
std::optional<FaceValue> face_value(const FieldEnclosure& field, const Face& face, const IVec2& X);

}  // namespace limitdir::detail
