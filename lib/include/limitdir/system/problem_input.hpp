#pragma once
// Every document limitdir reads or writes where a problem file is expected (docs/manual.md
// section 5): a problem file itself, or a report that embeds one under "problem"
// (problem_to_json), so that the apps can be chained: find-limits ... | sweep-force - ...
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The problem of `document`:
///  * a problem file (schema "limitdir.problem/1", or no "schema" key): parse_problem;
///  * a report that embeds its problem: "limitdir.limits/1" (find-limits),
///    "limitdir.diagram/1" (sweep-force), "limitdir.friction/1" (friction-model),
///    "limitdir.classification/1" (classify), "limitdir.survey/1" and the final record
///    "limitdir.simulation/1" (simulate; alone, i.e. --every 0: a trajectory before it is not one
///    JSON document): its "problem" object, parsed as a problem file, with
///    the report's load "force" where the report has one (a number; a load diagram's "force"
///    is null and leaves the embedded problem's).
/// Any other schema (e.g. "limitdir.regions/1", which carries no problem) is an InputError
/// naming `source` and what would do; errors in the embedded problem name
/// "<source>: problem: <key path>".
Problem problem_from_document(const nlohmann::json& document, const std::string& source);

/// Reads `path` ("-": standard input) as one JSON document and returns problem_from_document.
Problem load_problem_input(const std::string& path);

}  // namespace limitdir
