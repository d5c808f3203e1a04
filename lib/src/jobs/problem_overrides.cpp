// What a job changes in its problem before it runs (jobs/problem_overrides.hpp, docs/manual.md
// sections 4 and 5).
#include "limitdir/jobs/problem_overrides.hpp"

#include <cmath>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/jobs/problem_keys.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {

namespace {

/// A report that embeds its problem (system/problem_input.hpp): "problem" is an object and the
/// document is not itself a problem file (no "system").
bool embeds_problem(const nlohmann::json& document) {
  return document.is_object() && !document.contains("system") && document.contains("problem") &&
         document["problem"].is_object();
}

}  // namespace

void apply_key_settings(nlohmann::json& document, const std::vector<KeySetting>& settings, const std::string& source) {
  for (const KeySetting& setting : settings) {
    const std::string& key = setting.key;
    if (!std::isfinite(setting.value)) throw InputError(key + ": must be a finite number");
    const bool embedded = embeds_problem(document);
    nlohmann::json& problem = embedded ? document["problem"] : document;
    const nlohmann::json before = problem;
    set_problem_key(problem, key, setting.value, embedded ? source + ": problem" : source);
    // the problem's name says what was computed; the load is stated apart from it (apply_overrides)
    if (key != "force" && problem != before && problem.contains("name") && problem["name"].is_string())
      problem["name"] =
          name_with_setting(problem["name"].get<std::string>(), key + " = " + as_json_number(setting.value).dump());
    // the report's own load is the one its problem is read at (system/problem_input.hpp)
    if (embedded && key == "force" && document.contains("force") && document["force"].is_number())
      document["force"] = as_json_number(setting.value);
  }
}

void apply_overrides(Problem& problem, const ProblemOverrides& overrides) {
  apply_overrides(problem, overrides.model, overrides.degree, overrides.pressure, overrides.rho, overrides.force);
}

void check_overrides(const ProblemOverrides& overrides, const std::string& owner) {
  if (overrides.force && !std::isfinite(*overrides.force))
    detail::bad_value(owner + ".force", "a finite number", *overrides.force);
}

void check_key_settings(const std::vector<KeySetting>& settings, const std::string& owner) {
  for (std::size_t k = 0; k < settings.size(); ++k) {
    const std::string field = owner + "[" + std::to_string(k) + "]";
    if (settings[k].key.empty()) throw InputError(field + ".key: must not be empty");
    if (!std::isfinite(settings[k].value)) detail::bad_value(field + ".value", "a finite number", settings[k].value);
  }
}

}  // namespace limitdir
