#pragma once
// Two-parameter bifurcation maps as JSON (docs/manual.md section 13, schema "limitdir.map/1"):
// what bifurcation-map prints and plot draws.
#include <nlohmann/json.hpp>

#include "limitdir/maps/map.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The bifurcation-map report:
///   {"schema": "limitdir.map/1", "limitdir_version", "problem" (problem_to_json), "model",
///    "x": {"parameter", "from", "to"}, "y": {...}, "mirrors": [k, ...] (the reflections
///    w_k -> -w_k of the family, k = 1: w2, 2: w3), "half_turn" (the half-turn about e1 is one),
///    "max_chord" (the chord tolerance the curves were refined to, in the scaled (x, y); null: none),
///    "curves": [{"id", "kind" (fold | pitchfork | tangency | hopf), "ends": [2 x (boundary |
///                codimension-2 | closed | load-zero | failed)], "mirrors": [k held at 0],
///                "points": [{"x", "y", "w": [3], "rdot"}]}],
///    "points": [{"kind" (cusp | degenerate-pitchfork | fold-pole | fold-tangency |
///                pitchfork-tangency | bogdanov-takens), "x", "y", "w", "rdot", "curves": [ids]}],
///    "crossings": [{"x", "y", "curves": [2 ids], "kinds": [2 kinds], "w": [2 x [3]] (each curve's
///                   direction there), "located_to" (Newton's last step, scaled; null: the
///                   polylines' own crossing)}] (two curves crossing with different directions),
///    "orbit_curves": [{"id", "kind" (cycle-fold | snic | homoclinic), "points": [{"x", "y", "along"
///                      (x | y: the seeding sweep it was met on), "located" (a fold of cycles located
///                      where the multiplier reaches 1), "p_error", "period" (the located fold's
///                      orbit; null otherwise), "exponent" (snic: beta of T ~ |p* - p|^beta;
///                      homoclinic: 1/lambda_u; null otherwise)}]}] (maps/orbit_curves.hpp; null:
///                      closed orbits not continued, MapOptions::orbits off),
///    "regions": [{"x", "y" (an interior point), "count", "types": {"attracting stable-node": 2, ...},
///                 "case" (the paper's Case 1-4 of the structure, paper_case; null where none),
///                 "level" (find-limits' there), "area" (fraction of the rectangle)}],
///    "lines": [{"along" (x | y), "at", "events", "level"}],
///    "branch_points": [{"x", "y", "w", "rdot"}],
///    "certificate": certificate_to_json (report/report.hpp: {"level", "complete", "reason", "claims"})}
/// A non-finite number is a NumericalError naming its key.
nlohmann::json map_report(const Problem& problem, const BifurcationMap& map);

}  // namespace limitdir
