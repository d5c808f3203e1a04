// The keys of a scan (docs/manual.md section 14); see jobs/problem_keys.hpp.
#include "limitdir/jobs/problem_keys.hpp"

#include <cmath>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "limitdir/system/problem_input.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

std::string schema_of(const json& document) {
  const auto it = document.find("schema");
  return it != document.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// The optional numeric keys of a limitdir.problem/1 file (docs/manual.md section 4): "force"
/// (absent: the load 0) and "rho" (absent or "kappa"/"R" a named choice, else a number).
bool optional_numeric_key(const json& document, const std::string& key) {
  const std::string schema = schema_of(document);
  return (schema.empty() || schema == "limitdir.problem/1") && (key == "force" || key == "rho");
}

}  // namespace

void set_problem_key(json& document, const std::string& key, double value, const std::string& source) {
  const std::string where = source + ": " + key + ": ";
  if (!std::isfinite(value)) throw InputError(where + "the value must be finite");
  if (!document.is_object()) throw InputError(source + ": a problem file must be a JSON object");
  if (optional_numeric_key(document, key)) {
    document[key] = as_json_number(value);
    return;
  }
  std::string why;
  json* node = find_dotted_key(document, key, why);
  if (node == nullptr) throw InputError(where + "not a key of the problem (" + why + ")");
  if (!node->is_number())
    throw InputError(where + "not a numeric key (it holds " + (node->is_string() ? node->dump() : std::string("a ") + node->type_name()) + ")");
  *node = as_json_number(value);
}

void validate_scan_problem(const json& document, const std::string& source) {
  const std::string schema = schema_of(document);
  if (schema == "limitdir.roll/1") {
    (void)parse_roll_problem(document, source);
  } else if (schema == "limitdir.celt/1") {
    (void)parse_celt_problem(document, source);
  } else if (schema == "limitdir.pile/1") {
    (void)parse_pile_problem(document, source);
  } else {
    (void)problem_from_document(document, source);
  }
}

json problem_at_point(const json& document, const std::vector<std::string>& keys, const std::vector<double>& values,
                      const std::string& source) {
  if (keys.size() != values.size()) throw InputError(source + ": the point has " + std::to_string(values.size()) +
                                                     " values for " + std::to_string(keys.size()) + " keys");
  json problem = document;
  for (std::size_t k = 0; k < keys.size(); ++k) set_problem_key(problem, keys[k], values[k], source);
  validate_scan_problem(problem, source);
  return problem;
}

}  // namespace limitdir
