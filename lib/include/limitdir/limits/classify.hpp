#pragma once
// Classification of limit directions, Sect. 7.2.6-7.2.8 of [Nonlinear Dyn. 2024] and docs/manual.md section 1:
// radially (Def. 2) by rdot = R*(w), on the sphere by the tangent-plane Jacobian J_T.
#include <Eigen/Core>
#include <array>
#include <complex>
#include <optional>
#include <string>

#include "limitdir/system/system.hpp"

namespace limitdir {

enum class Radial { attracting, repelling, tangent };
enum class SphereType { stable_node, unstable_node, saddle, stable_focus, unstable_focus, non_hyperbolic };
/// "attracting" | "repelling" | "tangent"
std::string to_string(Radial r);
/// "stable-node" | "unstable-node" | "saddle" | "stable-focus" | "unstable-focus" | "non-hyperbolic"
std::string to_string(SphereType t);

struct ClassifyTolerances {
  double tangent_rdot = 1e-10;  // |rdot| <= this: "tangent" (Sect. 7.2.8, tangency)
  double hyperbolic = 1e-9;     // |Re lambda| <= this * max(1, ||J_T||): non-hyperbolic
};

struct Classification {
  Eigen::Vector3d w;
  double rdot = 0;            // R*(w) (121)
  double residual = 0;        // |V*(w)| (122)
  Radial radial = Radial::tangent;
  Eigen::Matrix<double, 3, 2> P;  // tangent basis, t1 x t2 = w
  Eigen::Matrix2d J_T;            // P^T (D(Bw + c) - rdot I) P
  Eigen::Matrix3d modified_jacobian;  // (119): V*_w - V*_w w w^T
  /// (120) with the errata: d(phi', theta')/d(phi, theta); empty at the poles (cos theta = 0).
  std::optional<Eigen::Matrix2d> angle_jacobian;
  Eigen::Vector2cd eigenvalues;                          // of J_T
  Eigen::Matrix<std::complex<double>, 3, 2> eigenvectors;  // P v, unit length
  SphereType type = SphereType::non_hyperbolic;
  int index = 0;  // +1 nodes and foci, -1 saddles, 0 non-hyperbolic with det J_T = 0
  /// false where the friction model has a kink; true at a pole where V* is differentiable
  /// although q is not (a cone of the torque alone, limits/classify.cpp)
  bool differentiable = true;
  /// On a kink of the model along the equator (Pade models): the tangent-plane Jacobians of
  /// the two sides, w3 -> 0+ and w3 -> 0-, in the basis P (the Clarke generalised Jacobian is
  /// their convex hull). The type is theirs when they agree, else non-hyperbolic; the index
  /// is sign det over the whole hull, or 0 when it changes sign there.
  struct OneSided {
    Eigen::Matrix2d J_T;
    SphereType type;
    Eigen::Vector2cd eigenvalues;
  };
  std::optional<std::array<OneSided, 2>> one_sided;
  /// When the two sides have different types, the index is the winding of V* on a small
  /// circle about w (solve_limit_directions), and this is true.
  bool index_from_winding = false;
  /// Fig. 11 colour code (only when the circle w2 = 0 is invariant and w lies on it):
  /// purple, red, green, brown, blue; empty otherwise.
  std::optional<std::string> colour;
};

/// Def. 2: attracting (rdot < 0), repelling (rdot > 0) or tangent (|rdot| <= tol).
Radial radial_of(double rdot, const ClassifyTolerances& tol = {});
/// The type on the sphere from the tangent-plane Jacobian (docs/manual.md section 1).
SphereType sphere_type_of(const Eigen::Matrix2d& J_T, const ClassifyTolerances& tol = {});
/// The index of an isolated zero of a tangent field from its type, so that the two never
/// disagree: +1 nodes and foci, -1 saddles; for a non-hyperbolic zero sign det J_T, or 0 when
/// det J_T vanishes to the tolerance of the type (the index is then not decided by J_T).
int index_of(SphereType type, const Eigen::Matrix2d& J_T, const ClassifyTolerances& tol = {});
/// The index of a zero of a piecewise smooth field with one-sided Jacobians A and B: sign det
/// over their convex hull (the Clarke generalised Jacobian), 0 when it is not fixed there.
int clarke_index(const Eigen::Matrix2d& A, const Eigen::Matrix2d& B, const ClassifyTolerances& tol = {});
/// J_T = P^T (DF - rdot I) P (docs/manual.md section 1) for the tangent basis P of a unit vector and
/// the field Jacobian DF; the second form takes P = tangent_basis(w).
Eigen::Matrix2d tangent_jacobian(const Eigen::Matrix<double, 3, 2>& P, const Eigen::Matrix3d& DF, double rdot);
Eigen::Matrix2d tangent_jacobian(const Eigen::Vector3d& w, const Eigen::Matrix3d& DF, double rdot);

/// Classifies the direction w (normalised) at load F. Does not refine w: see
/// refine_limit_direction in limits/limits.hpp.
Classification classify(const System& system, double F, const Eigen::Vector3d& w,
                        const ClassifyTolerances& tol = {});

}  // namespace limitdir
