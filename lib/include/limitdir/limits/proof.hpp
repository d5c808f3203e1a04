#pragma once
// Computer-assisted proofs of the set of limit directions at one load F: every zero of
// V*(w) = (I - w w^T) F(w) (122) is enclosed, proven unique in its box and the count is exact,
// by a branch-and-bound cover of the sphere in outward-rounded interval arithmetic
// (numerics/interval.hpp) with the Krawczyk operator; limit directions as in (125) [Nonlinear Dyn. 2024].
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// Cell budget of the branch and bound: the largest number of cells examined. A hyperbolic
/// zero is isolated after ~log2(1/width) levels of at most 4 cells around it, the rest of the
/// sphere takes ~1e3-1e4 cells (bench_proof); 2e5 cells at ~5 us each bound the run to ~1 s.
inline constexpr int proof_max_cells = 200000;
/// Cells narrower than this (in the chart coordinates u, v in [-1, 1]) are not split further:
/// 1e-10 separates zeros 1e-9 apart and stays ~1e6 ulps above the rounding of u, v.
inline constexpr double proof_min_cell_width = 1e-10;

struct ProofOptions {
  int max_cells = proof_max_cells;
  double min_cell_width = proof_min_cell_width;
};

/// A limit direction proven to exist and to be the only zero of V* in its box. The
/// enclosures hold over that box: the radial sign is proven when 0 is not in rdot, the index
/// when 0 is not in det_JT, the type (node/focus) when 0 is not in the discriminant
/// tr^2/4 - det of J_T = P^T (DF - rdot I) P.
struct ProvenDirection {
  IVec3 w;
  Interval rdot;
  Interval det_JT, trace_JT, discriminant;
  Eigen::Vector3d w_mid;
};

struct Proof {
  bool proven = false;  // every zero is in `directions` and there are no others
  std::vector<ProvenDirection> directions;
  std::vector<std::string> undecided;  // one line per undecided cell: where (w range) and why
  std::string reason;
  int cells = 0;       // cells examined
  int jump_cells = 0;  // of them, cells about a pole where q jumps excluded by the jump's bound
  std::string method;  // "invariant-circle" | "cube-cover"
};

/// The limit directions of `system` at load F with a proof, or proven = false with the cells
/// that could not be decided. With an invariant circle (Sect. 7.4) and c1 != 0 every limit
/// direction lies on w2 = 0 ((125), rows 1-2) and a 1-D cover of the circle suffices.
Proof prove_limit_directions(const System& system, double F, const ProofOptions& options = {});

// ----- events over a load interval (folds, branch points, tangencies, Hopf points) -----------

/// Event boxes are cells of this width in u, v and in t (F = F0 + (t + 1)(F1 - F0)/2), all in
/// [-1, 1]: 2e-3 is ~1e-3 rad on the sphere, small enough to start a continuation at a fold.
inline constexpr double event_min_width = 2e-3;
/// Near a regular branch of zeros the cells are refined only until det Dg, f_n and trace J_T
/// exclude 0 (~1e-2): ~5e4 cells for the disc's fold; 4e5 cells at ~7 us bound the run to ~3 s.
inline constexpr int event_max_cells = 400000;

struct EventOptions {
  int max_cells = event_max_cells;
  double min_width = event_min_width;
  /// Only the directions in this box (a window to refine): cells of the sphere that do not
  /// meet it are dropped unexamined.
  std::optional<IVec3> within;
};

/// fold: g = 0 and det Dg = 0 (folds and branch points); tangency: g = 0 and rdot = 0;
/// hopf: g = 0, trace J_T = 0 and det J_T > 0 (g, Dg: the chart map of prove_limit_directions).
enum class EventBoxKind { fold, tangency, hopf };

struct EventBox {
  EventBoxKind kind;
  IVec3 w;     // the directions of the cell
  Interval F;  // its load range
};

struct EventBoxes {
  bool complete = false;  // outside `boxes` it is proven that no event of each kind exists
  std::vector<EventBox> boxes;
  std::vector<std::string> undecided;  // cells not examined (budget) or without an enclosure
  std::string reason;
  int cells = 0;
};

/// Branch and bound over the charts of the sphere x [F0, F1] (c is affine in F): small boxes
/// outside of which it is proven that there is no event of each kind.
EventBoxes enclose_events(const System& system, double F0, double F1, const EventOptions& options = {});

// ----- one event in a window: the extended systems ---------------------------------------------

/// Cells of the uniqueness proof of one window: a simple event is isolated in a few dozen
/// (bench_sweep); a singular one (a branch point, a pitchfork) is met at the minimum width after
/// ~(log2 of 1e6)^3 ~ 1e4 cells: 2e4 cells at ~20 us bound a window to ~0.4 s.
inline constexpr int event_proof_max_cells = 20000;
/// Cells of the uniqueness proof narrower than this fraction of the window (in each of u, v, F)
/// are not split: a simple event is proven in cells ~1e-2 of the window (Krawczyk contracts
/// once the second derivatives vary little over the cell); 1e-6 leaves room for events 1e-6
/// of a window apart.
inline constexpr double event_proof_min_fraction = 1e-6;

/// An event proven to exist, simple (DG regular), and alone in its box.
struct ProvenEvent {
  IVec3 w;  // its directions
  Interval F;
};

/// What the Krawczyk proof on the extended system of one window showed.
struct EventUniqueness {
  bool proven = false;    // exactly one event of the kind in the box examined, and it is simple
  bool complete = false;  // every cell decided: `events` are all the events of the kind in the box
  std::vector<ProvenEvent> events;  // each simple and alone in its box (complete or not)
  IVec3 w_box;            // the box examined (it contains the window), in directions and load
  Interval F_box;
  std::string reason;     // what was shown, or what was not decided
  int cells = 0;
};

/// Every event of `kind` in the window (directions w, loads F) of an event search, each proven
/// simple, and whether it is exactly one, by branch and bound with the Krawczyk operator on the extended system in the
/// chart (u, v, F) of the face nearest to the window: fold: (g1, g2, det Dg) = 0 (a simple fold:
/// DG regular, so not a branch point); tangency: (g1, g2, f_n) = 0; Hopf: (g1, g2, tr Dg) = 0
/// with det Dg > 0 (g, Dg as in enclose_events). DG needs the second derivatives of q
/// (FrictionModel::q_jet). The box examined is the window's chart box widened by a tenth,
/// its load clipped to [F0, F1].
EventUniqueness prove_event_unique(const System& system, EventBoxKind kind, const IVec3& w, const Interval& F,
                                   double F0, double F1);


// ----- branch segments (the branches of a load sweep between its points) ----------------------

/// What the parametric Krawczyk proof of one branch segment showed.
struct SegmentEnclosure {
  bool proven = false;  // the tube holds exactly one zero of V* for every value of the parameter
  std::string reason;   // why not, otherwise
  int pieces = 0;       // parameter pieces examined
};

/// Whether the segment between two points (w0, F0), (w1, F1) of a branch of zeros of V* lies
/// on one curve of zeros: in the chart (u, v) of the cube face nearest to them, with
/// s the coordinate of (u, v, F) that changes most between the ends and y the other two, a box
/// Y of y around both ends such that for every s between the ends' values exactly one zero of
/// g(u, v; F) lies in Y (the Krawczyk operator over Y with s an interval parameter lies in the
/// interior of Y, on s split into at most 2^segment_max_depth pieces). The curve is then a graph
/// over s across the segment. Needs an interval enclosure of q (FrictionModel::enclose).
SegmentEnclosure enclose_branch_segment(const System& system, const Eigen::Vector3d& w0, double F0,
                                        const Eigen::Vector3d& w1, double F1);

}  // namespace limitdir
