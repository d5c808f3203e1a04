#pragma once
// Internal: the keys of the diagram documents (docs/manual.md section 5, "limitdir.diagram/1" and
// "limitdir.regions/1") that their writer, their reader and their comparison share.
#include <set>
#include <string>

namespace limitdir::detail {

inline constexpr const char* kDiagramSchema = "limitdir.diagram/1";
inline constexpr const char* kRegionsSchema = "limitdir.regions/1";
inline constexpr const char* kForce = "force";

/// Keys of a point or an event besides the parameter; a parameter of the same name would
/// overwrite one of them.
inline bool is_reserved_key(const std::string& name) {
  static const std::set<std::string> reserved{"w",       "rdot",  "radial", "sphere_type", "kind",   "directions",
                                              "branches", "located", "error", "colour",     "circles", "level",
                                              "orbits",  "half_meridian", "orbit_branches", "period", "exponent", "reason"};
  return reserved.count(name) > 0;
}

}  // namespace limitdir::detail
