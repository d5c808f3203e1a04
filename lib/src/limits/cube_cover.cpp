// The cube-cover proof of the limit directions (limits/proof.hpp; docs/manual.md section 3,
// "Certificates"): a branch and bound over the six faces x = T (1, u, v) of a rotated cube
// (limits/chart_field.hpp) in which a cell is excluded when g = (f_a - u f_n, f_b - v f_n) or
// its mean-value form excludes 0 or the Krawczyk operator K(X) is disjoint from X, and holds
// exactly one zero of V* (122), i.e. one limit direction (125), when K(X) lies in its interior;
// that box is then shrunk by Krawczyk steps. Compiled with -frounding-math (lib/CMakeLists.txt).
#include <Eigen/Core>
#include <cmath>
#include <fmt/format.h>

#include "limits/proof_search.hpp"

namespace limitdir::detail::proof {

namespace {

bool finite(const IVec2& X) {
  return std::isfinite(X(0).lower()) && std::isfinite(X(0).upper()) && std::isfinite(X(1).lower()) &&
         std::isfinite(X(1).upper());
}

/// The centre of the mean-value form and of Krawczyk's operator: centre_interval
/// (limits/chart_field.hpp) on both coordinates, with a halo of 2^-12 for a model whose
/// enclosures follow the width of their box (the exact ellipse, friction/contact_model.hpp).
IVec2 centre_box(const FieldEnclosure& field, const IVec2& X, const Eigen::Vector2d& m) {
  constexpr double halo = 0x1p-12;
  IVec2 M;
  for (int i = 0; i < 2; ++i) M(i) = centre_interval(field, X(i), m(i), halo);
  return M;
}

/// Krawczyk steps X <- K(X) with Dg re-enclosed over the current X: every step contains the
/// zero proven in X.
IVec2 shrink_zero_box(const FieldEnclosure& field, const Face& face, IVec2 X) {
  for (int i = 0; i < refine_steps; ++i) {
    const Eigen::Vector2d m = mid_of(X);
    const auto whole = face_value(field, face, X), at_m = face_value(field, face, centre_box(field, X, m));
    if (!whole || !at_m) break;
    const auto K = krawczyk(X, m, at_m->g, whole->Dg);
    if (!K || !finite(*K) || disjoint((*K)(0), X(0)) || disjoint((*K)(1), X(1))) break;
    X(0) = meet((*K)(0), X(0));
    X(1) = meet((*K)(1), X(1));
  }
  return X;
}

// The box of x meets a pole where q jumps as PoleJumpEnclosure describes.
bool meets_jump_pole(const FieldEnclosure& field, const IVec3& x) {
  if (!contains_zero(x(0)) || !contains_zero(x(1))) return false;
  for (const double w3 : {1.0, -1.0}) {
    const bool meets = w3 > 0 ? x(2).upper() > 0.0 : x(2).lower() < 0.0;
    if (meets && field.model->enclose_pole_jump(to_interval(Eigen::Vector3d(0.0, 0.0, w3)))) return true;
  }
  return false;
}

// A cell about a pole where q jumps is first tried by pole_jump_excludes; one that it does not
// exclude and that the model cannot enclose (the pole inside) is split, so that the pole's cell
// shrinks until the jump or the continuous part dominates.
CellResult<2> examine_face_cell(const FieldEnclosure& field, const Face& face, const IVec2& X, int& jump_cells) {
  const auto whole = face_value(field, face, X);
  if (whole && (!contains_zero(whole->g(0)) || !contains_zero(whole->g(1)))) return {Verdict::none};
  // only where q's enclosure does not exclude the cell (or there is none, about a pole): the jump
  // bound encloses q_0 again (limits/jump_cells.cpp)
  if (pole_jump_excludes(field, face, X)) {
    ++jump_cells;
    return {Verdict::none};
  }
  if (!whole) return {meets_jump_pole(field, face_point(face, X)) ? Verdict::split : Verdict::undecided, {}, no_enclosure};
  const Eigen::Vector2d m = mid_of(X);
  const auto at_m = face_value(field, face, centre_box(field, X, m));
  if (!at_m) return {Verdict::undecided, {}, no_enclosure};
  const IVec2 mean_value = at_m->g + whole->Dg * (X - to_interval<2>(m));  // g(m) + Dg(X)(X - m)
  if (!contains_zero(mean_value(0)) || !contains_zero(mean_value(1))) return {Verdict::none};
  const auto K = krawczyk(X, m, at_m->g, whole->Dg);
  if (!K) return {Verdict::split};
  if (disjoint((*K)(0), X(0)) || disjoint((*K)(1), X(1))) return {Verdict::none};
  if (strictly_inside((*K)(0), X(0)) && strictly_inside((*K)(1), X(1)))
    return {Verdict::one, shrink_zero_box(field, face, *K)};
  return {Verdict::split};
}

}  // namespace

Proof cube_cover_proof(const FieldEnclosure& field, const ProofOptions& options) {
  Proof proof;
  proof.method = "cube-cover";
  const auto faces = cube_faces();
  if (!faces) {
    proof.reason = "the chart matrices of the cube cover could not be inverted rigorously";
    return proof;
  }
  std::vector<Cell<2>> work;
  for (int k = 0; k < 6; ++k) {
    IVec2 X;
    X(0) = X(1) = Interval(-1.0, 1.0);
    work.push_back({k, X});
  }
  int jump_cells = 0;
  const auto examine = [&](const Cell<2>& c) { return examine_face_cell(field, (*faces)[c.chart], c.X, jump_cells); };
  const Search<2> s = branch_and_bound<2>(work, examine, options);
  proof.cells = s.cells;
  proof.jump_cells = jump_cells;
  for (const auto& z : s.zeros) proof.directions.push_back(characterise(field, face_point((*faces)[z.chart], z.X)));
  for (const auto& [c, why] : s.undecided) {
    const Face& f = (*faces)[c.chart];
    proof.undecided.push_back(fmt::format("{}: u in [{:.9f}, {:.9f}], v in [{:.9f}, {:.9f}]; {}: {}", f.name,
                                          c.X(0).lower(), c.X(0).upper(), c.X(1).lower(), c.X(1).upper(),
                                          describe_w(face_point(f, c.X)), why));
  }
  return proof;
}

}  // namespace limitdir::detail::proof
