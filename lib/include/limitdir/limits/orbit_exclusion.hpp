#pragma once
// A computer-assisted proof that the flow dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024] on
// the sphere has no closed orbit, for any system whose friction model has an interval enclosure
// (docs/manual.md section 9): a combinatorial flow (a directed graph of cells of the cube cover of
// limits/proof.hpp, an edge wherever the flux of V* across a common boundary piece is not proven
// negative), its strongly connected components (where a closed orbit must lie), and on each one
// a coordinate d . g that is sign-definite or a Krasovskii function g^T P g that is strictly
// monotone; components that are not decided are refined.
#include <string>
#include <vector>

#include "limitdir/system/system.hpp"

namespace limitdir {

/// The cover starts from 8 x 8 cells per face of the cube (384 cells, width 0.25 in u, v, about
/// 0.2 rad): coarse enough to be cheap, fine enough that most cells away from the limit
/// directions are crossed by the flow in one direction.
inline constexpr int orbit_initial_grid = 8;
/// Cell budget: a component refined k times has 4^k times its cells. Proofs that hold take
/// ~1e3-3e3 cells (general.json: 831 at N = 2, 3045 with the exact model); 1e4 cells at ~25 us
/// (harmonic) to ~110 us (exact model) each bound a failing proof to ~0.25-1 s.
inline constexpr int orbit_max_cells = 10000;
/// The budget where the model's enclosure is a quadrature that follows the width of its box
/// (FrictionModel::enclosure_follows_box: the exact model of an ellipse, friction/
/// contact_model.hpp; a tabulated profile, whose sharp rule near the poles costs 7-20 ms a centre
/// box): ~5 ms CPU a cell for the ellipse, graph rounds included
/// (share/problems/ellipse.json at F = 0.1 spent 28 s on ~5700 cells and stayed undecided), so
/// 1000 cells (the initial 384 and two rounds of refinement of a few dozen cells) bound a failing
/// proof to ~5 s there; the search then decides, as after any failing proof.
inline constexpr int orbit_max_cells_quadrature = 1000;
/// Cells narrower than this (in u, v) are not split: a Krasovskii check on a cell of width h
/// needs the variation ~|D^2 g| h of Dg below |Re lambda|; 1e-6 decides foci with
/// |Re lambda| >~ 1e-5 |D^2 g| and stops before the budget is spent on a weaker one.
inline constexpr double orbit_min_width = 1e-6;

struct OrbitExclusionOptions {
  int initial_grid = orbit_initial_grid;
  int max_cells = orbit_max_cells;
  double min_width = orbit_min_width;
};

/// The outcome: proven = no closed orbit of V* exists at this load (rigorous, interval arithmetic).
struct OrbitExclusion {
  bool proven = false;
  int cells = 0;       // cells of the final cover
  int components = 0;     // strongly connected components (or single cells that may hold a zero) excluded
  int by_sign = 0;        // ... of them by a sign-definite coordinate d . g
  int by_krasovskii = 0;  // ... by a monotone g^T P g
  int refined = 0;        // components split because neither argument held
  int hull_cells = 0;     // cells of the final cover about a pole where q jumps (Filippov hull, no Dg)
  std::string reason;  // one line: the method and the counts, or why it failed
  std::vector<std::string> undecided;  // the components that were not decided: where and why
};

/// Tries to prove that V* at load F has no closed orbit on the sphere. Not proven (with the
/// reason) when the model has no interval enclosure, the mass matrix cannot be inverted
/// rigorously, or a component stays undecided at the cell budget or the minimum width.
OrbitExclusion exclude_closed_orbits(const System& system, double F, const OrbitExclusionOptions& options = {});

/// The cell budget for this system: options.max_cells, at most orbit_max_cells_quadrature when
/// its friction model's enclosure is a quadrature.
int orbit_cell_budget(const System& system, const OrbitExclusionOptions& options);

}  // namespace limitdir
