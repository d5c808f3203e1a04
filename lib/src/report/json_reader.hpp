#pragma once
// Internal: the checked reading of report documents (docs/manual.md section 5): every key is
// required and typed, and each error is one line naming the key's path in the document, e.g.
// "<source>: branches[2].points[5].w[1]: must be a number (got "x")".
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include "limitdir/core/errors.hpp"
#include "limitdir/limits/limits.hpp"

namespace limitdir::detail {

/// A key path inside a document for messages: "<source>: branches[2].points[5].w[1]".
class JsonPath {
 public:
  static JsonPath root(const std::string& source) { return JsonPath(source, true); }
  JsonPath key(const std::string& name) const {
    return JsonPath(root_ ? text_ + ": " + name : text_ + "." + name, false);
  }
  JsonPath index(std::size_t i) const { return JsonPath(text_ + "[" + std::to_string(i) + "]", false); }
  [[noreturn]] void fail(const std::string& what) const { throw InputError(text_ + ": " + what); }
  [[noreturn]] void fail(const std::string& what, const nlohmann::json& got) const;

 private:
  JsonPath(std::string text, bool root) : text_(std::move(text)), root_(root) {}
  std::string text_;
  bool root_;
};

using json = nlohmann::json;

const json& member(const json& object, const std::string& name, const JsonPath& path);
const json& object_at(const json& value, const JsonPath& path);
const json& array_at(const json& value, const JsonPath& path);
/// A finite number.
double number_at(const json& value, const JsonPath& path);
/// object[key]: a finite number or null.
std::optional<double> number_or_null_at(const json& object, const std::string& key, const JsonPath& path);
/// object[key]: a finite number >= 0.
double nonnegative_at(const json& object, const std::string& key, const JsonPath& path);
/// An integral number (2 or 2.0, as JSON Schema's "integer") in [min, INT_MAX]; min = INT_MIN
/// allows any int.
int integer_at(const json& value, int min, const JsonPath& path);
bool boolean_at(const json& value, const JsonPath& path);
std::string string_at(const json& value, const JsonPath& path);
/// "proven", "checked" or "incomplete".
Level level_at(const json& value, const JsonPath& path);
/// The parameter of a diagram's point or event, and a check of its load when that is a separate
/// key (docs/manual.md section 5).
double parameter_at(const json& object, const std::string& parameter, const JsonPath& path);
/// A direction: three finite numbers, a unit vector to kUnitTolerance (json_reader.cpp; kept as
/// read, not renormalised).
Eigen::Vector3d vector3_at(const json& value, const JsonPath& path);

/// The value of an enum by its name (to_string of each of `all`), the valid names in the message.
template <typename Enum>
Enum enum_at(const json& value, const std::vector<Enum>& all, const JsonPath& path) {
  const std::string name = string_at(value, path);
  std::string names;
  for (const Enum candidate : all) {
    if (to_string(candidate) == name) return candidate;
    names += (names.empty() ? "\"" : ", \"") + to_string(candidate) + "\"";
  }
  path.fail("must be one of " + names, value);
}

/// A pair [lo, hi] (or [w_from, w_to]), each entry read by read(entry, path).
template <class T, class Read>
std::array<T, 2> pair_at(const json& value, const JsonPath& path, Read read) {
  const json& a = array_at(value, path);
  if (a.size() != 2) path.fail("must have 2 entries", value);
  return {read(a[0], path.index(0)), read(a[1], path.index(1))};
}

}  // namespace limitdir::detail
