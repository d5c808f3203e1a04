// The checked reading of report documents: report/json_reader.hpp.
#include "report/json_reader.hpp"

#include <cmath>
#include <cstdint>

#include "core/json_text.hpp"
#include "report/diagram_keys.hpp"

namespace limitdir::detail {

void JsonPath::fail(const std::string& what, const json& got) const { fail(what + " (got " + show(got) + ")"); }

const json& member(const json& object, const std::string& name, const JsonPath& path) {
  const auto it = object.find(name);
  if (it == object.end()) path.key(name).fail("required key is missing");
  return *it;
}

const json& object_at(const json& value, const JsonPath& path) {
  if (!value.is_object()) path.fail("must be a JSON object", value);
  return value;
}

const json& array_at(const json& value, const JsonPath& path) {
  if (!value.is_array()) path.fail("must be an array", value);
  return value;
}

double number_at(const json& value, const JsonPath& path) {
  if (!value.is_number()) path.fail("must be a number", value);
  const double x = value.get<double>();
  if (!std::isfinite(x)) path.fail("must be a finite number", value);
  return x;
}

std::optional<double> number_or_null_at(const json& object, const std::string& key, const JsonPath& path) {
  const json& value = member(object, key, path);
  if (value.is_null()) return std::nullopt;
  return number_at(value, path.key(key));
}

double nonnegative_at(const json& object, const std::string& key, const JsonPath& path) {
  const double x = number_at(member(object, key, path), path.key(key));
  if (x < 0.0) path.key(key).fail("must be >= 0", object.at(key));
  return x;
}

int integer_at(const json& value, int min, const JsonPath& path) {
  const std::string what = min == std::numeric_limits<int>::min() ? std::string("must be an integer")
                                                                   : "must be an integer >= " + std::to_string(min);
  if (value.is_number_float()) {
    const double x = value.get<double>();
    if (!std::isfinite(x) || x != std::floor(x) || x < min) path.fail(what, value);
    if (x > std::numeric_limits<int>::max()) path.fail("is too large", value);
    return static_cast<int>(x);
  }
  if (!value.is_number_integer()) path.fail(what, value);
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      path.fail("is too large", value);
    return static_cast<int>(value.get<std::uint64_t>());
  }
  const std::int64_t n = value.get<std::int64_t>();
  if (n < min || n > std::numeric_limits<int>::max()) path.fail(what, value);
  return static_cast<int>(n);
}

bool boolean_at(const json& value, const JsonPath& path) {
  if (!value.is_boolean()) path.fail("must be true or false", value);
  return value.get<bool>();
}

std::string string_at(const json& value, const JsonPath& path) {
  if (!value.is_string()) path.fail("must be a string", value);
  return value.get<std::string>();
}

Level level_at(const json& value, const JsonPath& path) {
  try {
    return level_from_string(string_at(value, path));
  } catch (const InputError&) {
    path.fail("must be \"proven\", \"checked\" or \"incomplete\"", value);
  }
}

double parameter_at(const json& object, const std::string& parameter, const JsonPath& path) {
  const double p = number_at(member(object, parameter, path), path.key(parameter));
  if (parameter != kForce) number_at(member(object, kForce, path), path.key(kForce));
  return p;
}

namespace {

/// How far from 1 the length of a direction read back may be: 1e-6. limitdir writes unit vectors
/// with 17 significant digits (|w| = 1 to ~1e-16); a direction written by hand with 7 digits is
/// unit to ~1e-7. Anything farther is not a direction (w = (1e308, 0, 0) once overflowed |w| and
/// reached the friction model as the zero slip).
constexpr double kUnitTolerance = 1e-6;

}  // namespace

Eigen::Vector3d vector3_at(const json& value, const JsonPath& path) {
  if (!value.is_array() || value.size() != 3) path.fail("must be an array of 3 numbers [w1, w2, w3]", value);
  Eigen::Vector3d w;
  for (std::size_t i = 0; i < 3; ++i) w[static_cast<Eigen::Index>(i)] = number_at(value[i], path.index(i));
  // |w| - 1 from the scaled norm (stableNorm): |w| of components near 1e308 does not overflow
  if (!(std::abs(w.stableNorm() - 1.0) <= kUnitTolerance))
    path.fail("a direction must be a unit vector (| |w| - 1 | <= 1e-6)", value);
  return w;
}

}  // namespace limitdir::detail
