#pragma once
// Bifurcation diagrams as JSON (docs/manual.md section 5, schema "limitdir.diagram/1") and their
// comparison by meaning: what sweep-force prints, what classify --regions and diagram-diff read.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"

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
///               report/text_report.hpp, null where the paper defines none),
///    "certificate": certificate_to_json (report/report.hpp: {"level", "complete", "reason", "claims"})}
/// For NAME = "force" the keys NAME and "force" of a point or an event coincide (F = p);
/// otherwise F is the fixed load diagram.force. A non-finite number is a NumericalError
/// naming its key, e.g. "diagram report: branches[1].points[7].rdot is not finite (nan)".
/// `problem` is embedded as it is (sweep-force passes the problem at the sweep's start, the swept
/// parameter at `from`, so that it regenerates the diagram: docs/manual.md section 5).
nlohmann::json diagram_report(const Problem& problem, const Diagram& diagram);

/// The branches of closed orbits (Diagram::orbit_branches, docs/manual.md section 9
/// "Continuation of orbits"), the report's "orbit_branches":
///   [{"id", "kind": "orbit", "hopf_event" (index in "bifurcations" of the Hopf point it is born at,
///     or null), "points": [{NAME: p, "period", "multiplier", "w" (the section point), "rdot_mean",
///     "slip": "grows" | "decays" | "neutral" (the sign of rdot_mean), "amplitude"}],
///     "ends": [2 x {"kind": "hopf" | "range-end" | "cycle-fold" | "snic" | "homoclinic" | "lost",
///                   NAME: p, "error", "exponent" (snic, homoclinic; else null), "reason"}],
///     "level" ("checked", "incomplete" when an end is lost), "reason"}].
/// diagram_from_json reads them back; diagram-diff compares them as curves of the period.
nlohmann::json orbit_branches_to_json(const Diagram& diagram);

/// The ends of the orbit branches that are events (orbit_events, continuation/orbit_events.hpp),
/// as the report's "bifurcations" list them after the events of the limit directions:
///   [{"kind": "cycle-fold" | "snic" | "homoclinic", NAME: p, "force" (a sweep in another
///     parameter), "w": null, "directions": [], "branches": [], "orbit_branches": [id], "located",
///     "error", "period" (a located cycle-fold: its orbit's; else null), "exponent" (snic: beta,
///     homoclinic: b; else null), "reason"}].
/// diagram_from_json checks that the report's entries of these kinds are exactly these.
nlohmann::json orbit_events_to_json(const Diagram& diagram);

/// Regions as JSON: [{"from", "to", "count", "types": {"attracting stable-node": 2, ...}}].
nlohmann::json regions_to_json(const std::vector<Region>& regions);

/// What classify --regions prints (schema "limitdir.regions/1"):
///   {"schema", "limitdir_version", "parameter", "from", "to", "force" (as in the diagram),
///    "regions": regions_to_json(regions), "events": [{"kind", "value"}] (the diagram's events:
///    their kind and the swept parameter's value, in the diagram's order)}.
nlohmann::json regions_report(const Diagram& diagram, const std::vector<Region>& regions);

/// Reads a "limitdir.diagram/1" document back (the inverse of diagram_report on every field
/// of Diagram; certificate.index_sum, which the report does not carry, is 0). Keys the reader
/// does not need (limitdir_version, problem, model, and any added later) are ignored. Any
/// other deviation is an InputError naming `source` and the key path, e.g.
/// "<stdin>: branches[0].points[3].w[2]: must be a finite number (got null)".
Diagram diagram_from_json(const nlohmann::json& document, const std::string& source = "<diagram>");

/// The tolerances of diagram_differences (diagram-diff --event-rtol, --event-atol, --curve-tol).
struct DiffTolerance {
  /// Parameter values x, y of events, region boundaries and the range agree when
  /// |x - y| <= event_atol + event_rtol max(|x|, |y|); event directions when
  /// |w_a - w_b| <= event_atol + event_rtol. sweep-force locates events to p_tol = 1e-11
  /// (ContinuationOptions): the defaults leave five orders of magnitude for another machine's
  /// rounding and the conditioning of the located quantity.
  double event_rtol = 1e-6;
  double event_atol = 1e-9;
  /// Branch points lie on the other diagram's branches when their distance in
  /// (p / max(1, |p|), w) from its polyline, less the sampling allowance of the segment (see
  /// below), is at most curve_tol: a point is a limit direction to |V*| <= 1e-13 (SolverOptions),
  /// so 1e-6 is as strict as the event tolerance and far above the points' own error.
  double curve_tol = 1e-6;
};

/// The differences in meaning between two diagrams, one sentence each ("A" is `a`, "B" is
/// `b`); empty when they agree. With the tolerances of DiffTolerance (an unlocated, bracketed
/// event's parameter is widened by its larger error), compared are:
///  * the parameter, its range [from, to], the fixed load (parameter other than the force) and
///    certificate.level, and the level of every claim both certificates make (a claim's reason,
///    or a claim only one of them makes, as in a diagram written before claims, is no difference);
///  * the events as multisets: every event of A matched one-to-one with an event of B of the
///    same kind, parameter within tolerance and the same number of directions, matched
///    one-to-one within tolerance in any order (and vice versa). The events of B are sorted by
///    p and each event of A tries only those within its tolerance: near-linear in the number of
///    events (3000 events against themselves in milliseconds);
///  * the regions: the same count and types of limit directions, boundaries within tolerance
///    (matched by the same sweep);
///  * the branches as curves in (p, w), tolerant of sampling: every point of every branch of A
///    lies on the polyline of some branch of B (scaled distance
///    sqrt((dp / tol_p)^2 + (|dw| / tol_w)^2) <= 1 + allowance / curve_tol with
///    tol_p = curve_tol max(1, |p|) and tol_w = curve_tol, the closing segment included for a
///    closed branch), and vice versa. A polyline cuts its curve's bends by the sagitta of each
///    chord; the allowance of a segment of chord c (in (p / max(1, |p|), w)) is c alpha / 4 with
///    alpha the larger angle by which the polyline turns at its ends, a bound of the sagitta on
///    a circular arc: the same branches traced with other steps (sweep-force --h-max) agree,
///    a branch moved by more than its sampling error does not. Branch ids, order and point
///    counts may differ;
///  * the types of the branch points: a point of A on a segment of a branch of B must have the
///    radial and sphere_type of that segment's two ends (and vice versa). Exempt are a point
///    that is itself tangent or non-hyperbolic (exactly at an event), a segment whose ends
///    differ in that type (the change lies between them, wherever the samples fall), and a
///    point whose parameter agrees (as events do, above) with an event on its branch or on
///    that branch of B: types change at events (tangency: radial; fold, branch point, Hopf: on
///    the sphere). The point is reported when no segment on which it lies accepts it, one
///    sentence per point (the first 10, then how many more), naming both types.
///  The segments near a point are found by binary search in the runs of each branch along which
///  p is monotone: O(r log n) per point for r runs (plus the segments within its tolerance), and
///  a full search only for the farthest point off every branch.
/// event_rtol must be finite and >= 0, event_atol and curve_tol finite and > 0 (InputError
/// otherwise).
std::vector<std::string> diagram_differences(const Diagram& a, const Diagram& b, const DiffTolerance& tolerance = {});

/// One problem key whose value differs between two documents: its dotted path
/// ("system.lambda", "contact.shape.ellipse[1]") and both values (absent where a document does
/// not have the key).
struct KeyDifference {
  std::string key;
  std::optional<nlohmann::json> a, b;
};

/// The keys of the problems `a` and `b` (problem files as JSON, e.g. the "problem" that every
/// diagram embeds) whose values differ, in the order of their paths: objects key by key, arrays of
/// the same length element by element, anything else (numbers, strings, arrays of other lengths)
/// as a whole. Numbers compare by value (1 and 1.0 agree). Empty when the problems are the same;
/// when either is not an object (a document without a problem: null), one difference "problem".
std::vector<KeyDifference> problem_key_differences(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace limitdir
