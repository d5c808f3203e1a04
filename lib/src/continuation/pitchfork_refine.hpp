#pragma once
// A pitchfork located by the branch-point test refined on its own defining system (internal to
// continuation). Within ~1e-8 of a branch point the tracer's nodes may fall on either branch
// (the corrector's hyperplane nearly contains both), so a step can cross the point with the
// sign change of det [G_X; t^T] registered one step late, and the bisection then brackets a
// point of the symmetric branch up to 2e-8 away (measured: an elliptic plate's pitchfork pair,
// mirror images of each other, located 1.5e-8 apart in F). On the mirror w_k = 0 of a reflection
// the field commutes with, the pitchfork is a regular zero of
//     F_i - rdot w_i = 0 (i != k),   (w.w - 1)/2 = 0,   dF_k/dw_k - rdot = 0
// in (w without w_k, rdot, p): Newton from the located node.
#include <Eigen/Core>
#include <optional>

#include "continuation/branch_tracer.hpp"

namespace limitdir::detail {

struct RefinedPitchfork {
  Eigen::Vector3d w;
  double p;
  double p_error;  // |the last Newton step in p|: the error is below it (quadratic convergence)
};

/// The pitchfork across the mirror w_axis = 0 nearest to the node x (w, rdot, p) when Newton
/// converges within `reach` of it in every unknown; nullopt otherwise.
std::optional<RefinedPitchfork> refine_pitchfork(FamilyField& field, const X& x, int axis, double reach);

}  // namespace limitdir::detail
