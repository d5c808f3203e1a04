#pragma once
// The branch and bound of the proof of the limit directions (limits/proof.hpp; docs/manual.md
// section 3, "Certificates"), shared by its files (internal to limits/): the cells of a chart,
// their verdicts and the search over them (here), the cover of the sphere by the faces of a
// rotated cube (limits/cube_cover.cpp), the cover of the invariant circle by four arcs
// (limits/circle_cover.cpp), the events over a load interval (limits/event_boxes.cpp), and the
// enclosures of a proven zero's rdot and J_T with the proof's result (limits/proof.cpp). In
// namespace detail::proof: its short names (Cell, Verdict, Search, split) cannot meet another
// file's of the same name in detail, which would break the one-definition rule without a
// diagnostic.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/limits/proof.hpp"
#include "limits/chart_field.hpp"

namespace limitdir::detail::proof {

// Cells are split at this ratio, not at the midpoint: the symmetric points where limit
// directions sit (w2 = 0, w3 = 0, the axes) are never at a dyadic split of a chart.
inline constexpr double split_ratio = 0.4873;
// Interval Newton / Krawczyk steps that shrink the box of a proven zero before its rdot and
// J_T are enclosed: convergence is quadratic, so 6 steps take a box of width 1e-2 to rounding level.
inline constexpr int refine_steps = 6;

/// The box of directions x/|x| over a box of x, as text for an undecided cell (limits/proof.cpp).
std::string describe_w(const IVec3& x);

/// The enclosures of rdot and J_T over the box x of a proven zero (limits/proof.cpp).
ProvenDirection characterise(const FieldEnclosure& field, const IVec3& x);

// ----- branch and bound -----------------------------------------------------------------------

template <int D>
struct Cell {
  int chart;
  IVec<D> X;
};

enum class Verdict { none, one, split, undecided };

template <int D>
struct CellResult {
  CellResult(Verdict v, const IVec<D>& z = {}, std::string w = {}) : verdict(v), zero(z), why(std::move(w)) {}
  Verdict verdict;
  IVec<D> zero;     // Verdict::one: the box holding the unique zero, inside the cell's interior
  std::string why;  // Verdict::undecided
};

template <int D>
struct Search {
  std::vector<Cell<D>> zeros;
  std::vector<std::pair<Cell<D>, std::string>> undecided;
  int cells = 0;
};

/// Splits the cell across its widest coordinate at split_ratio, or says why it cannot.
template <int D>
bool split(const Cell<D>& cell, double min_width, std::vector<Cell<D>>& work) {
  int k = 0;
  for (int i = 1; i < D; ++i)
    if (width_of(cell.X(i)) > width_of(cell.X(k))) k = i;
  const double lo = cell.X(k).lower(), hi = cell.X(k).upper();
  if (!(hi - lo >= min_width)) return false;
  const double s = lo + split_ratio * (hi - lo);
  Cell<D> left = cell, right = cell;
  left.X(k) = Interval(lo, s);
  right.X(k) = Interval(s, hi);
  work.push_back(right);
  work.push_back(left);
  return true;
}

template <int D, class Examine>
Search<D> branch_and_bound(std::vector<Cell<D>> work, const Examine& examine, const ProofOptions& options) {
  Search<D> out;
  ProgressCounter counter(current_progress(), "proof: cells examined", 0);  // adaptive: no total
  while (!work.empty()) {
    counter.step(static_cast<std::uint64_t>(out.cells));
    const Cell<D> cell = work.back();
    work.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    if (out.cells >= options.max_cells) {
      out.undecided.push_back({cell, "cell budget spent (ProofOptions::max_cells)"});
      continue;
    }
    ++out.cells;
    CellResult<D> r = examine(cell);
    if (r.verdict == Verdict::split && !split(cell, options.min_cell_width, work)) {
      r.verdict = Verdict::undecided;
      r.why = "not decided down to the minimum cell width (a zero that is not hyperbolic, or on a cell boundary)";
    }
    if (r.verdict == Verdict::one) out.zeros.push_back({cell.chart, r.zero});
    if (r.verdict == Verdict::undecided) out.undecided.push_back({cell, r.why});
  }
  return out;
}

inline constexpr const char* no_enclosure = "the friction model has no rigorous enclosure of q on this cell";

/// Whether a cell of a face holds no zero of V* because of a jump of q at a pole that dominates it
/// or that it dominates (limits/jump_cells.cpp); false for models without PoleJumpEnclosure.
bool pole_jump_excludes(const FieldEnclosure& field, const Face& face, const IVec2& X);

/// The set of values of g (limits/chart_field.hpp) over a cell about a pole where q jumps, all the
/// Filippov hull's: g_c + a N nu for every unit nu (limits/jump_cells.cpp), as a box; nullopt for
/// models without PoleJumpEnclosure and away from the poles.
std::optional<IVec2> pole_jump_hull(const FieldEnclosure& field, const Face& face, const IVec2& X);

/// Whether the Filippov set of g at a pole where q jumps (chart coordinates `pole` of `face`) holds
/// 0, the jump dominating the continuous part: the flow turns about the pole, and no d . g is of
/// one sign on a cell about it (limits/orbit_exclusion.cpp). Numerical (midpoints); false for
/// models without PoleJumpEnclosure.
bool pole_hull_holds_zero(const FieldEnclosure& field, const Face& face, const Eigen::Vector2d& pole);

/// The cover of the sphere by the six faces of the rotated cube (limits/cube_cover.cpp).
Proof cube_cover_proof(const FieldEnclosure& field, const ProofOptions& options);

/// The cover of the invariant circle w2 = 0 by four arcs (Sect. 7.4; limits/circle_cover.cpp).
Proof circle_proof(const FieldEnclosure& field, const ProofOptions& options);

}  // namespace limitdir::detail::proof
