#pragma once
// Bifurcation diagrams as JSON (docs/manual.md section 5, schema "limitdir.diagram/1") and their
// comparison by meaning: what sweep-force prints, what classify --regions and diagram-diff read.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/continuation.hpp"
#include "limitdir/problem.hpp"

namespace limitdir {

/// The sweep-force report (schema "limitdir.diagram/1", docs/manual.md section 5 extended):
///   {"schema", "limitdir_version", "problem" (problem_to_json; its force is the fixed load
///    when the parameter is not the force), "model" (the friction model's description),
///    "parameter": NAME, "from", "to", "force" (the fixed load; null when NAME is "force"),
///    "branches": [{"id", "closed", "points": [{NAME: p, "force": F, "w": [3], "rdot",
///                  "radial", "sphere_type", "colour" (Fig. 11, where classify gives one)}]}],
///    "bifurcations": [{"kind", NAME: p, "force": F, "w" (the first direction, null if none),
///                      "directions": [[3], ...], "branches": [ids], "located", "error",
///                      and for kind "continuum": "circles": [circle_to_json], "level"}],
///    "regions": regions_to_json(diagram.regions), each with "case" (paper_case of
///               text_report.hpp, null where the paper defines none),
///    "certificate": {"complete", "reason"}}
/// For NAME = "force" the keys NAME and "force" of a point or an event coincide (F = p);
/// otherwise F is the fixed load diagram.force. A non-finite number is a NumericalError
/// naming its key, e.g. "diagram report: branches[1].points[7].rdot is not finite (nan)".
/// `problem` is embedded as it is (sweep-force passes the problem at the sweep's start, the swept
/// parameter at `from`, so that it regenerates the diagram: docs/manual.md section 5).
nlohmann::json diagram_report(const Problem& problem, const Diagram& diagram);

/// Regions as JSON: [{"from", "to", "count", "types": {"attracting stable-node": 2, ...}}].
nlohmann::json regions_to_json(const std::vector<Region>& regions);

/// What classify --regions prints (schema "limitdir.regions/1"):
///   {"schema", "limitdir_version", "parameter", "from", "to", "force" (as in the diagram),
///    "regions": regions_to_json(regions)}.
nlohmann::json regions_report(const Diagram& diagram, const std::vector<Region>& regions);

/// Reads a "limitdir.diagram/1" document back (the inverse of diagram_report on every field
/// of Diagram; certificate.index_sum, which the report does not carry, is 0). Keys the reader
/// does not need (limitdir_version, problem, model, and any added later) are ignored. Any
/// other deviation is an InputError naming `source` and the key path, e.g.
/// "<stdin>: branches[0].points[3].w[2]: must be a finite number (got null)".
Diagram diagram_from_json(const nlohmann::json& document, const std::string& source = "<diagram>");

/// The differences in meaning between two diagrams, one sentence each ("A" is `a`, "B" is
/// `b`); empty when they agree. Two values x (of A) and y (of B) of the parameter agree when
/// |x - y| <= atol + rtol max(|x|, |y|) (widened by the larger error of a bracketed event),
/// two unit directions when |w_a - w_b| <= atol + rtol. Compared are:
///  * the parameter, its range [from, to], the fixed load (parameter other than the force) and
///    certificate.complete();
///  * the events as multisets: every event of A matched one-to-one with an event of B of the
///    same kind, parameter within tolerance and the same number of directions, matched
///    one-to-one within tolerance in any order (and vice versa);
///  * the regions: the same count and types of limit directions, boundaries within tolerance;
///  * the branches as curves in (p, w): every point of every branch of A lies within tolerance
///    of the polyline of some branch of B (the scaled distance
///    sqrt((dp / tol_p)^2 + (|dw| / tol_w)^2) <= 1 with tol_p = atol + rtol |p| at the point and
///    tol_w = atol + rtol, the closing segment included for a closed branch), and vice versa.
///    Branch ids, order and point counts may differ. Since a polyline cuts its curve's bends
///    by about h^2 kappa / 8 (step h, curvature kappa), diagrams traced with different steps
///    agree only to that tolerance;
///  * the types of the branch points: a point of A within tolerance of a segment of a branch of
///    B must have the radial and sphere_type of that segment's two ends (and vice versa). Exempt
///    are a point that is itself tangent or non-hyperbolic (exactly at an event), a segment
///    whose ends differ in that type (the change lies between them, wherever the samples fall),
///    and a point whose parameter agrees (as events do, above) with an event on its branch or on
///    that branch of B: types change at events (tangency: radial; fold, branch point, Hopf: on
///    the sphere). The point is reported when no segment within tolerance accepts it, one
///    sentence per point (the first 10, then how many more), naming both types.
///  The segments near a point are found by binary search in the runs of each branch along which
///  p is monotone: O(r log n) per point for r runs (plus the segments within its tolerance), and
///  a full search only for the farthest point off every branch.
/// rtol must be finite and >= 0, atol finite and > 0 (InputError otherwise).
std::vector<std::string> diagram_differences(const Diagram& a, const Diagram& b, double rtol, double atol);

}  // namespace limitdir
