#pragma once
// The degree-study document (docs/manual.md section 5, schema "limitdir.degree-study/1"): what
// degree-study prints and plot reads back (Figs 17-18 [Nonlinear Dyn. 2024]); the study itself
// is computed in continuation/degree_study.hpp.
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The degree-study report:
///   {"schema": "limitdir.degree-study/1", "limitdir_version", "problem" (problem_to_json of
///    the problem as given, its model unchanged), "parameter", "from", "to", "degrees": [N, ...],
///    "exact": {"model", "level", "events": [{"kind", "p"}], "diagram": diagram_report},
///    "runs": [{"degree", "model", "level",
///              "events": [{"kind", "p", "exact": index into exact.events or null,
///                          "exact_p": number or null, "error": |p - exact_p| or null,
///                          "nearest": MatchedEvent::nearest}],
///              "missed": [indices of exact events no event of this run was matched with],
///              "diagram": diagram_report (limitdir.diagram/1 of this degree)}],
///    "summary": [{"kind", "exact_events",
///                 "errors": [{"degree", "events", "matched", "extra",
///                            "max_error" (null if none)}]}] (KindError),
///    "certificate": {"level", "complete", "reason"}}
/// `problem` is embedded as given. A non-finite number is a NumericalError naming its key.
nlohmann::json degree_study_report(const Problem& problem, const DegreeStudy& study);

/// Reads a "limitdir.degree-study/1" document back: the embedded diagrams (diagram_from_json)
/// and their problems (parse_problem); the matching and the summary are recomputed from the
/// diagrams (match_events, summarize_errors), not read. Returns the problem as given in `problem`
/// when it is not null. Any deviation is an InputError naming `source` and the key path.
DegreeStudy degree_study_from_json(const nlohmann::json& document, const std::string& source = "<degree-study>",
                                   Problem* problem = nullptr);

}  // namespace limitdir
