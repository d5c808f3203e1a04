#pragma once
// Two functions monotone along the orbits of g = (f_a - u f_n, f_b - v f_n) (limits/
// chart_field.hpp) over a set of cells in one chart, either of which shows that no closed orbit
// lies in them (docs/manual.md section 9): used by the combinatorial flow of limits/
// orbit_exclusion.cpp on its strongly connected components. Internal to limits/.
#include <vector>

#include "limits/chart_field.hpp"

namespace limitdir::detail {

/// (a): a fixed combination d . g of one sign on every cell: d . (u, v) is strictly monotone
/// along every orbit in the cells, so none is closed.
bool sign_definite(const std::vector<FaceValue>& values);

/// (b): Q = P Dg + Dg^T P definite of one sign on every cell: L = g^T P g has
/// dL/dt = |x| g^T Q g != 0 off the zeros, so L is strictly monotone along every orbit in the
/// cells and none is closed. P from the Jacobian at the cell most likely to hold a zero.
bool krasovskii(const std::vector<FaceValue>& values);

}  // namespace limitdir::detail
