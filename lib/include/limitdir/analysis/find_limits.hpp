#pragma once
// The limit set at one load with its whole certificate, as find-limits reports it
// (docs/manual.md sections 3 and 9, docs/architecture.md "analysis"): the zeros of V* (122)
// from the solver of limits/limits.hpp, then the closed orbits of V* from dynamics/ (the
// exclusion proof where it applies, else the search), and the certificate assembled from both.
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/limits/orbit_exclusion.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// The options of the solver (LimitOptions) and of the closed-orbit handling.
struct SolverOptions : LimitOptions {
  /// Handle closed orbits of V* (docs/manual.md section 9): the exclusion where it applies
  /// (free), else the search of closed_orbits.hpp. Off for the many find-limits checks of a
  /// sweep (a closed orbit is not a branch of limit directions).
  bool closed_orbits = true;
  OrbitSearchOptions orbit_search;
  /// The proof that excludes closed orbits on a proven limit set (limits/orbit_exclusion.hpp).
  OrbitExclusionOptions orbit_exclusion;
  /// Prove each orbit the search finds (limits/orbit_proof.hpp): ClosedOrbit::proof.
  bool prove_orbits = true;
  OrbitProofOptions orbit_proof;
};

/// Every limit direction at load F, classified, with its certificate (solve_limit_directions),
/// and the closed orbits of V* when options.closed_orbits: the certificate's `closed_orbits`
/// says how they were handled and caps its level (excluded by the symmetry argument or, on a
/// proven limit set, by the combinatorial-flow proof: the level stays; a numerical search
/// leaves at most checked; a search that did not settle every seed leaves incomplete; each orbit
/// found is then proven to exist where the proof holds, which does not prove the list complete,
/// so the certificate's closed_orbits stays as the search left it). Throws InputError for a method
/// that does not apply to the system.
LimitSet find_limit_directions(const System& system, double F, const SolverOptions& options = {});

}  // namespace limitdir
