// The directions that classify reads (docs/manual.md section 5): a find-limits report, an object
// {"directions": [...]} or a bare list, with the problem and the load a report carries; every
// error one line naming the entry; see report/report.hpp.
#include "limitdir/report/report.hpp"

#include <cmath>
#include <string>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

using detail::show;

[[noreturn]] void bad_input(const std::string& where, const std::string& what, const json& got) {
  throw InputError(where + ": " + what + " (got " + show(got) + ")");
}

/// [w1, w2, w3]: three finite numbers, not all zero.
Eigen::Vector3d read_vector3(const json& value, const std::string& where) {
  if (!value.is_array() || value.size() != 3) bad_input(where, "must be an array of 3 numbers [w1, w2, w3]", value);
  Eigen::Vector3d w;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!value[i].is_number()) bad_input(where + "[" + std::to_string(i) + "]", "must be a number", value[i]);
    const double x = value[i].get<double>();
    if (!std::isfinite(x)) bad_input(where + "[" + std::to_string(i) + "]", "must be a finite number", value[i]);
    w[static_cast<Eigen::Index>(i)] = x;
  }
  if (w.isZero(0.0)) bad_input(where, "a direction must not have zero length", value);
  return w;
}

/// A list whose entries are 3-vectors or objects with a 3-vector "w" (or, for an unclassified
/// entry of a classification report, which has no "w", its "input").
std::vector<Eigen::Vector3d> read_direction_list(const json& list, const std::string& where) {
  if (!list.is_array()) bad_input(where, "must be an array of directions [w1, w2, w3]", list);
  std::vector<Eigen::Vector3d> directions;
  directions.reserve(list.size());
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string entry = where + "[" + std::to_string(k) + "]";
    const json& item = list[k];
    if (item.is_object()) {
      const bool unclassified = item.value("status", json()) == "unclassified";
      const char* key = unclassified ? "input" : "w";
      const auto w = item.find(key);
      if (w == item.end()) bad_input(entry, std::string("a direction object needs a key \"") + key + "\"", item);
      directions.push_back(read_vector3(*w, entry + "." + key));
    } else {
      directions.push_back(read_vector3(item, entry));
    }
  }
  return directions;
}

}  // namespace

std::vector<Eigen::Vector3d> directions_from_json(const json& document, const std::string& source) {
  if (document.is_array()) return read_direction_list(document, source + ": directions");
  if (!document.is_object())
    bad_input(source, "must be a find-limits report, {\"directions\": [...]} or a list of directions", document);
  const bool report = document.contains("limit_directions");
  const bool list = document.contains("directions");
  if (report && list) bad_input(source, "has both \"limit_directions\" and \"directions\"; give one", document);
  if (report) return read_direction_list(document.at("limit_directions"), source + ": limit_directions");
  if (list) return read_direction_list(document.at("directions"), source + ": directions");
  bad_input(source, "an object needs \"limit_directions\" (a find-limits report) or \"directions\"", document);
}

DirectionsInput parse_directions_input(const json& document, const std::string& source) {
  DirectionsInput input;
  input.directions = directions_from_json(document, source);
  if (!document.is_object()) return input;
  if (const auto problem = document.find("problem"); problem != document.end())
    input.problem = parse_problem(*problem, source + ": problem");
  if (const auto force = document.find("force"); force != document.end()) {
    if (!force->is_number() || !std::isfinite(force->get<double>()))
      bad_input(source + ": force", "must be a finite number", *force);
    input.force = force->get<double>();
  }
  return input;
}

}  // namespace limitdir
