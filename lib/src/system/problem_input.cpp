// Problems from problem files and from the reports that embed them (system/problem_input.hpp,
// docs/manual.md section 5).
#include "limitdir/system/problem_input.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The reports whose "problem" is a whole problem file (problem_to_json).
constexpr std::array<const char*, 6> kEmbeddingSchemas{"limitdir.limits/1",          "limitdir.diagram/1",
                                                       "limitdir.friction/1",        "limitdir.classification/1",
                                                       "limitdir.survey/1",          "limitdir.simulation/1"};

bool embeds_problem(const std::string& schema) {
  return std::any_of(kEmbeddingSchemas.begin(), kEmbeddingSchemas.end(),
                     [&](const char* name) { return schema == name; });
}

}  // namespace

Problem problem_from_document(const json& document, const std::string& source) {
  const auto schema = document.is_object() ? document.find("schema") : document.end();
  // A problem file, of this or another version (parse_problem names the version it wants).
  const bool problem_file = schema == document.end() || !schema->is_string() ||
                            schema->get<std::string>().rfind("limitdir.problem/", 0) == 0;
  if (!document.is_object() || problem_file) return parse_problem(document, source);
  const std::string name = schema->get<std::string>();
  if (!embeds_problem(name))
    throw InputError(source + ": schema: a " + name +
                     " document carries no problem; give a problem file (limitdir.problem/1) or a report of "
                     "find-limits, sweep-force, friction-model, classify or simulate");
  const auto problem = document.find("problem");
  if (problem == document.end() || !problem->is_object())
    throw InputError(source + ": problem: a " + name + " report must embed its problem file as an object");
  Problem out = parse_problem(*problem, source + ": problem");
  out.source = source;
  if (const auto force = document.find("force"); force != document.end() && !force->is_null()) {
    if (!force->is_number() || !std::isfinite(force->get<double>()))
      throw InputError(source + ": force: must be a finite number or null (got " + force->dump() + ")");
    out.force = force->get<double>();
    out.force_given = true;
  }
  return out;
}

Problem load_problem_input(const std::string& path) {
  // the source is named as load_problem names it
  return problem_from_document(parse_json_input(read_input(path), path), path);
}

}  // namespace limitdir
