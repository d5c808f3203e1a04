// The problem file of docs/manual.md section 4: typed access to its values, shared by the readers
// of its sections (system/problem.cpp, problem_friction.cpp, problem_contact.cpp) and the
// command-line overrides (system/problem_overrides.cpp). Every error is one line at its key
// path (system/problem_checks.hpp, Loc).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <boost/math/constants/constants.hpp>

#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

// The largest load magnitude accepted (F and every component of d and e): the friction force
// is O(1) (|q| <= ~1.1 for every model), so at |c| = 1e12 B(w) w is still 1e-12 of c, well
// above rounding (the limit directions stay distinct from +-c/|c|), and |c|^2 and the cubes of
// the solvers (~1e36) stay far from overflow; a load of 1e300 overflows them.
constexpr double kMaxLoad = 1e12;

}  // namespace

double detail::get_finite(const json& value, const Loc& loc) {
  if (!value.is_number()) loc.fail("must be a number", value);
  const double x = value.get<double>();
  if (!std::isfinite(x)) loc.fail("must be a finite number", value);
  return x;
}

// An angle (system.load_angle, contact.distortion.gamma) is in radians; one full turn either way
// covers every direction, so |angle| > 2 pi is almost surely an angle in degrees (90, 180, 45:
// every whole number of degrees from 7 up) and is rejected rather than silently taken as radians.
constexpr double kMaxAngle = 2.0 * boost::math::constants::pi<double>();

double detail::get_angle(const json& value, const Loc& loc) {
  const double x = get_finite(value, loc);
  if (std::abs(x) > kMaxAngle) loc.fail("looks like degrees; give radians (an angle, |angle| <= 2 pi)", value);
  return x;
}

double detail::get_load(const json& value, const Loc& loc) {
  const double x = get_finite(value, loc);
  if (std::abs(x) > kMaxLoad) loc.fail("must be at most 1e12 in magnitude (loads are in units of mu P)", value);
  return x;
}

/// Rejects keys of `object` that are not in `allowed`.
void detail::check_keys(const json& object, std::initializer_list<const char*> allowed, const Loc& loc) {
  for (const auto& item : object.items()) {
    const bool known = std::any_of(allowed.begin(), allowed.end(),
                                   [&](const char* name) { return item.key() == name; });
    if (!known) {
      std::vector<std::string> names(allowed.begin(), allowed.end());
      loc.key(item.key()).fail("unknown key; valid keys here: " + list_of(names, false));
    }
  }
}

const json& detail::require_object(const json& value, const Loc& loc) {
  if (!value.is_object()) loc.fail("must be a JSON object", value);
  return value;
}

const json& detail::require_key(const json& object, const char* name, const Loc& loc) {
  const auto it = object.find(name);
  if (it == object.end()) loc.key(name).fail("required key is missing");
  return *it;
}

const json* detail::optional_key(const json& object, const char* name) {
  const auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

std::string detail::get_string(const json& value, const Loc& loc) {
  if (!value.is_string()) loc.fail("must be a string", value);
  return value.get<std::string>();
}

Eigen::Vector3d detail::get_load3(const json& value, const Loc& loc) {
  if (!value.is_array() || value.size() != 3) loc.fail("must be an array of 3 numbers", value);
  Eigen::Vector3d v;
  for (std::size_t i = 0; i < 3; ++i) v[static_cast<Eigen::Index>(i)] = get_load(value[i], loc.index(i));
  return v;
}

double detail::get_positive(const json& value, const Loc& loc) {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0.0)
    loc.fail("must be a finite number > 0", value);
  return value.get<double>();
}

/// An integral JSON number (2 and 2.0, not 2.5) in [lo, hi]; the message states the bound
/// that is violated, as "must be an integer >= 1".
int detail::get_int(const json& value, int lo, int hi, const Loc& loc) {
  const std::string lower = "must be an integer >= " + std::to_string(lo);
  const std::string upper = "must be an integer <= " + std::to_string(hi);
  if (!value.is_number()) loc.fail(lower, value);
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) loc.fail(upper, value);
    return static_cast<int>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) {
    const std::int64_t n = value.get<std::int64_t>();
    if (n < lo) loc.fail(lower, value);
    if (n > hi) loc.fail(upper, value);
    return static_cast<int>(n);
  }
  const double x = value.get<double>();
  if (!std::isfinite(x) || x != std::floor(x) || x < lo) loc.fail(lower, value);
  if (x > hi) loc.fail(upper, value);
  return static_cast<int>(x);
}

Eigen::Matrix3d detail::get_matrix3(const json& value, const Loc& loc) {
  if (!value.is_array() || value.size() != 3) loc.fail("must be a 3x3 array of numbers (3 rows)", value);
  Eigen::Matrix3d m;
  for (std::size_t i = 0; i < 3; ++i) {
    const Loc row = loc.index(i);
    if (!value[i].is_array() || value[i].size() != 3) row.fail("must be a row of 3 numbers", value[i]);
    for (std::size_t k = 0; k < 3; ++k)
      m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = get_finite(value[i][k], row.index(k));
  }
  return m;
}

// ----- sections of the problem file ------------------------------------------------------------

}  // namespace limitdir
