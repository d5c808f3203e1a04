// Reading a bifurcation diagram back (docs/manual.md section 5, "limitdir.diagram/1"): every key
// checked, each error one line naming the key's path; see report/diagram_io.hpp.
//
// A diagram is the set of branches of limit directions w(p) of (125) over a parameter range,
// the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024] on them (tangency R*(w) = 0, folds, pitchforks,
// branch points, Hopf points) and the regions of the paper's Cases 1-4 between the events.
#include "limitdir/report/diagram_io.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/continuation/orbit_events.hpp"
#include "limitdir/core/errors.hpp"
#include "report/diagram_keys.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::is_reserved_key;
using detail::kDiagramSchema;
using detail::kForce;

namespace {

const std::vector<EventKind>& all_event_kinds() {
  static const std::vector<EventKind> kinds{EventKind::tangency, EventKind::fold, EventKind::pitchfork,
                                            EventKind::branch_point, EventKind::hopf, EventKind::continuum,
                                            EventKind::kink, EventKind::jump};
  return kinds;
}

using detail::show;

/// A key path inside a document for messages: "<source>: branches[2].points[5].w[1]".
class Path {
 public:
  static Path root(const std::string& source) { return Path(source, true); }
  Path key(const std::string& name) const { return Path(root_ ? text_ + ": " + name : text_ + "." + name, false); }
  Path index(std::size_t i) const { return Path(text_ + "[" + std::to_string(i) + "]", false); }
  [[noreturn]] void fail(const std::string& what) const { throw InputError(text_ + ": " + what); }
  [[noreturn]] void fail(const std::string& what, const json& got) const { fail(what + " (got " + show(got) + ")"); }

 private:
  Path(std::string text, bool root) : text_(std::move(text)), root_(root) {}
  std::string text_;
  bool root_;
};

const json& member(const json& object, const std::string& name, const Path& path) {
  const auto it = object.find(name);
  if (it == object.end()) path.key(name).fail("required key is missing");
  return *it;
}

const json& object_at(const json& value, const Path& path) {
  if (!value.is_object()) path.fail("must be a JSON object", value);
  return value;
}

const json& array_at(const json& value, const Path& path) {
  if (!value.is_array()) path.fail("must be an array", value);
  return value;
}

double number_at(const json& value, const Path& path) {
  if (!value.is_number()) path.fail("must be a number", value);
  const double x = value.get<double>();
  if (!std::isfinite(x)) path.fail("must be a finite number", value);
  return x;
}

/// An integral number (2 or 2.0, as JSON Schema's "integer") in [min, INT_MAX]; min = INT_MIN
/// allows any int.
int integer_at(const json& value, int min, const Path& path) {
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

bool boolean_at(const json& value, const Path& path) {
  if (!value.is_boolean()) path.fail("must be true or false", value);
  return value.get<bool>();
}

std::string string_at(const json& value, const Path& path) {
  if (!value.is_string()) path.fail("must be a string", value);
  return value.get<std::string>();
}

/// How far from 1 the length of a direction read back may be: 1e-6. limitdir writes unit vectors
/// with 17 significant digits (|w| = 1 to ~1e-16); a direction written by hand with 7 digits is
/// unit to ~1e-7. Anything farther is not a direction (w = (1e308, 0, 0) once overflowed |w| and
/// reached the friction model as the zero slip).
constexpr double kUnitTolerance = 1e-6;

/// A direction: three finite numbers, a unit vector to kUnitTolerance (kept as read, not
/// renormalised).
Eigen::Vector3d vector3_at(const json& value, const Path& path) {
  if (!value.is_array() || value.size() != 3) path.fail("must be an array of 3 numbers [w1, w2, w3]", value);
  Eigen::Vector3d w;
  for (std::size_t i = 0; i < 3; ++i) w[static_cast<Eigen::Index>(i)] = number_at(value[i], path.index(i));
  // |w| - 1 from the scaled norm (stableNorm): |w| of components near 1e308 does not overflow
  if (!(std::abs(w.stableNorm() - 1.0) <= kUnitTolerance))
    path.fail("a direction must be a unit vector (| |w| - 1 | <= 1e-6)", value);
  return w;
}

/// The value of an enum by its name; `names` lists the valid ones for the message.
template <typename Enum>
Enum enum_at(const json& value, const std::vector<Enum>& all, const Path& path) {
  const std::string name = string_at(value, path);
  std::string names;
  for (const Enum candidate : all) {
    if (to_string(candidate) == name) return candidate;
    names += (names.empty() ? "\"" : ", \"") + to_string(candidate) + "\"";
  }
  path.fail("must be one of " + names, value);
}

const std::vector<Radial>& all_radial() {
  static const std::vector<Radial> all{Radial::attracting, Radial::repelling, Radial::tangent};
  return all;
}

const std::vector<SphereType>& all_sphere_types() {
  static const std::vector<SphereType> all{SphereType::stable_node,    SphereType::unstable_node,
                                           SphereType::saddle,         SphereType::stable_focus,
                                           SphereType::unstable_focus, SphereType::non_hyperbolic};
  return all;
}

/// The parameter of a point or an event, and a check of its load when that is a separate key.
double parameter_at(const json& object, const std::string& parameter, const Path& path) {
  const double p = number_at(member(object, parameter, path), path.key(parameter));
  if (parameter != kForce) number_at(member(object, kForce, path), path.key(kForce));
  return p;
}

BranchPoint point_from_json(const json& value, const std::string& parameter, const Path& path) {
  object_at(value, path);
  BranchPoint point;
  point.p = parameter_at(value, parameter, path);
  point.w = vector3_at(member(value, "w", path), path.key("w"));
  point.rdot = number_at(member(value, "rdot", path), path.key("rdot"));
  point.radial = enum_at(member(value, "radial", path), all_radial(), path.key("radial"));
  point.type = enum_at(member(value, "sphere_type", path), all_sphere_types(), path.key("sphere_type"));
  if (const auto colour = value.find("colour"); colour != value.end())
    point.colour = string_at(*colour, path.key("colour"));
  return point;
}

Branch branch_from_json(const json& value, const std::string& parameter, const Path& path) {
  object_at(value, path);
  Branch branch;
  branch.id = integer_at(member(value, "id", path), std::numeric_limits<int>::min(), path.key("id"));
  branch.closed = boolean_at(member(value, "closed", path), path.key("closed"));
  if (const auto set = value.find("jump_set"); set != value.end()) {
    branch.jump_set = string_at(*set, path.key("jump_set"));
    if (*branch.jump_set != "pole" && *branch.jump_set != "equator")
      path.key("jump_set").fail("must be \"pole\" or \"equator\"", *set);
  }
  const Path points_path = path.key("points");
  const json& points = array_at(member(value, "points", path), points_path);
  branch.points.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); ++k)
    branch.points.push_back(point_from_json(points[k], parameter, points_path.index(k)));
  return branch;
}

LimitCircle circle_from_json(const json& value, const Path& path) {
  object_at(value, path);
  LimitCircle circle;
  circle.theta = number_at(member(value, "theta", path), path.key("theta"));
  circle.axis = vector3_at(member(value, "axis", path), path.key("axis"));
  circle.rdot = number_at(member(value, "rdot", path), path.key("rdot"));
  circle.radial = enum_at(member(value, "radial", path), all_radial(), path.key("radial"));
  circle.sphere_type = string_at(member(value, "sphere_type", path), path.key("sphere_type"));
  // a circle on a jump set has its one-sided speeds across it, any other its transverse eigenvalue
  if (const auto speeds = value.find("one_sided_speeds"); speeds != value.end()) {
    const Path speeds_path = path.key("one_sided_speeds");
    object_at(*speeds, speeds_path);
    circle.one_sided_speeds = std::array<double, 2>{
        number_at(member(*speeds, "above", speeds_path), speeds_path.key("above")),
        number_at(member(*speeds, "below", speeds_path), speeds_path.key("below"))};
  }
  if (!circle.one_sided_speeds || value.contains("transverse_eigenvalue"))
    circle.transverse_eigenvalue =
        number_at(member(value, "transverse_eigenvalue", path), path.key("transverse_eigenvalue"));
  return circle;
}

/// The circles and the level of a continuum event (docs/manual.md section 5).
void continuum_from_json(const json& value, Event& event, const Path& path) {
  const Path circles_path = path.key("circles");
  const json& circles = array_at(member(value, "circles", path), circles_path);
  for (std::size_t k = 0; k < circles.size(); ++k)
    event.circles.push_back(circle_from_json(circles[k], circles_path.index(k)));
  if (value.contains("half_meridian"))
    event.half_meridian = vector3_at(value.at("half_meridian"), path.key("half_meridian"));
  const Path level_path = path.key("level");
  const json& level = member(value, "level", path);
  try {
    event.level = level_from_string(string_at(level, level_path));
  } catch (const InputError&) {
    level_path.fail("must be \"proven\", \"checked\" or \"incomplete\"", level);
  }
}

/// A pair [lo, hi] (or [w_from, w_to]) of a closed orbit's proof.
template <class T, class Read>
std::array<T, 2> pair_at(const json& value, const Path& path, Read read) {
  const json& a = array_at(value, path);
  if (a.size() != 2) path.fail("must have 2 entries", value);
  return {read(a[0], path.index(0)), read(a[1], path.index(1))};
}

/// The proof of a closed orbit (docs/manual.md section 9, "Proof of an orbit").
OrbitProof orbit_proof_from_json(const json& value, const Path& path) {
  object_at(value, path);
  OrbitProof p;
  const Path status_path = path.key("status");
  const std::string status = string_at(member(value, "status", path), status_path);
  if (status != "proven" && status != "checked") status_path.fail("must be \"proven\" or \"checked\"", value.at("status"));
  p.proven = status == "proven";
  p.reason = string_at(member(value, "reason", path), path.key("reason"));
  if (!p.proven) return p;
  const auto number = [](const json& v, const Path& at) { return number_at(v, at); };
  p.period = pair_at<double>(member(value, "period", path), path.key("period"), number);
  p.multiplier = pair_at<double>(member(value, "multiplier", path), path.key("multiplier"), number);
  const auto ends = pair_at<Eigen::Vector3d>(member(value, "section", path), path.key("section"),
                                             [](const json& v, const Path& at) { return vector3_at(v, at); });
  p.section_from = ends[0];
  p.section_to = ends[1];
  return p;
}

ClosedOrbit closed_orbit_from_json(const json& value, const Path& path) {
  object_at(value, path);
  static const std::vector<OrbitStability> stabilities{OrbitStability::attracting, OrbitStability::repelling,
                                                       OrbitStability::neutral};
  ClosedOrbit o;
  o.w = vector3_at(member(value, "w", path), path.key("w"));
  o.period = number_at(member(value, "period", path), path.key("period"));
  o.multiplier = number_at(member(value, "multiplier", path), path.key("multiplier"));
  o.stability = enum_at(member(value, "stability", path), stabilities, path.key("stability"));
  o.rdot_mean = number_at(member(value, "rdot_mean", path), path.key("rdot_mean"));
  o.residual = number_at(member(value, "residual", path), path.key("residual"));
  const Path polyline_path = path.key("polyline");
  const json& polyline = array_at(member(value, "polyline", path), polyline_path);
  for (std::size_t k = 0; k < polyline.size(); ++k) o.polyline.push_back(vector3_at(polyline[k], polyline_path.index(k)));
  if (value.contains("proof")) o.proof = orbit_proof_from_json(value.at("proof"), path.key("proof"));
  return o;
}

/// The orbit search on both sides of a Hopf event (docs/manual.md section 9).
HopfOrbits born_from_json(const json& value, const std::string& parameter, const Path& path) {
  object_at(value, path);
  HopfOrbits born;
  const Path kind_path = path.key("kind");
  born.kind = string_at(member(value, "kind", path), kind_path);
  if (born.kind != "supercritical" && born.kind != "subcritical" && born.kind != "unconfirmed")
    kind_path.fail("must be \"supercritical\", \"subcritical\" or \"unconfirmed\"", value.at("kind"));
  born.reason = string_at(member(value, "reason", path), path.key("reason"));
  for (const char* name : {"below", "above"}) {
    const Path side_path = path.key(name);
    const json& side = object_at(member(value, name, path), side_path);
    (std::string(name) == "below" ? born.p_below : born.p_above) = parameter_at(side, parameter, side_path);
    const Path orbits_path = side_path.key("orbits");
    const json& orbits = array_at(member(side, "orbits", side_path), orbits_path);
    for (std::size_t k = 0; k < orbits.size(); ++k)
      (std::string(name) == "below" ? born.below : born.above)
          .push_back(closed_orbit_from_json(orbits[k], orbits_path.index(k)));
  }
  return born;
}

Event event_from_json(const json& value, const std::string& parameter, const std::set<int>& branch_ids,
                      const Path& path) {
  object_at(value, path);
  Event event;
  event.kind = enum_at(member(value, "kind", path), all_event_kinds(), path.key("kind"));
  event.p = parameter_at(value, parameter, path);
  const Path directions_path = path.key("directions");
  const json& directions = array_at(member(value, "directions", path), directions_path);
  for (std::size_t k = 0; k < directions.size(); ++k)
    event.directions.push_back(vector3_at(directions[k], directions_path.index(k)));
  // "w" repeats the first direction (docs/manual.md section 5), null when there is none.
  const json& w = member(value, "w", path);
  if (event.directions.empty() ? !w.is_null() : w != directions.front())
    path.key("w").fail(event.directions.empty() ? "must be null when directions is empty"
                                                : "must equal directions[0]",
                       w);
  const Path branches_path = path.key("branches");
  const json& branches = array_at(member(value, "branches", path), branches_path);
  for (std::size_t k = 0; k < branches.size(); ++k) {
    const int id = integer_at(branches[k], std::numeric_limits<int>::min(), branches_path.index(k));
    if (branch_ids.count(id) == 0) branches_path.index(k).fail("no branch has this id", branches[k]);
    event.branches.push_back(id);
  }
  event.located = boolean_at(member(value, "located", path), path.key("located"));
  event.p_error = number_at(member(value, "error", path), path.key("error"));
  if (event.p_error < 0.0) path.key("error").fail("must be >= 0", value.at("error"));
  if (event.kind == EventKind::continuum) continuum_from_json(value, event, path);
  if (const auto born = value.find("orbits"); born != value.end()) {
    if (event.kind != EventKind::hopf) path.key("orbits").fail("only a hopf event carries orbits");
    event.born = born_from_json(*born, parameter, path.key("orbits"));
  }
  return event;
}

Region region_from_json(const json& value, const Path& path) {
  object_at(value, path);
  Region region;
  region.from = number_at(member(value, "from", path), path.key("from"));
  region.to = number_at(member(value, "to", path), path.key("to"));
  if (!(region.from <= region.to)) path.key("to").fail("must be >= from", value.at("to"));
  region.count = integer_at(member(value, "count", path), 0, path.key("count"));
  const Path types_path = path.key("types");
  const json& types = object_at(member(value, "types", path), types_path);
  for (const auto& item : types.items())  // nlohmann::json objects iterate sorted by name
    region.types.emplace_back(item.key(), integer_at(item.value(), 0, types_path.key(item.key())));
  return region;
}

/// The claims of a certificate (docs/manual.md section 5, "Claims"; a diagram written before
/// them has none): each {"claim", "level", "reason"}, claims named once, and the certificate's
/// level the weakest of them.
void read_claims(const json& claims, const Path& certificate_path, Certificate& cert) {
  const Path path = certificate_path.key("claims");
  array_at(claims, path);
  for (std::size_t k = 0; k < claims.size(); ++k) {
    const Path at = path.index(k);
    const json& c = object_at(claims[k], at);
    const std::string name = string_at(member(c, "claim", at), at.key("claim"));
    if (name.empty() || find_claim(cert, name)) at.key("claim").fail("must name a claim once", c.at("claim"));
    const std::string level_text = string_at(member(c, "level", at), at.key("level"));
    Level level = Level::incomplete;
    try {
      level = level_from_string(level_text);
    } catch (const InputError&) {
      at.key("level").fail("must be \"proven\", \"checked\" or \"incomplete\"", c.at("level"));
    }
    cert.claims.push_back({name, level, string_at(member(c, "reason", at), at.key("reason"))});
  }
  if (!cert.claims.empty() && weakest_level(cert.claims) != cert.level)
    certificate_path.key("level").fail("is not the weakest level of certificate.claims (" +
                                       to_string(weakest_level(cert.claims)) + ")");
}

// ----- branches of closed orbits (docs/manual.md section 9, "Continuation of orbits") ---------

/// A number or null.
std::optional<double> number_or_null_at(const json& object, const std::string& key, const Path& path) {
  const json& value = member(object, key, path);
  if (value.is_null()) return std::nullopt;
  return number_at(value, path.key(key));
}

double nonnegative_at(const json& object, const std::string& key, const Path& path) {
  const double x = number_at(member(object, key, path), path.key(key));
  if (x < 0.0) path.key(key).fail("must be >= 0", object.at(key));
  return x;
}

OrbitEnd orbit_end_from_json(const json& value, const std::string& parameter, const Path& path) {
  object_at(value, path);
  OrbitEnd e;
  e.kind = string_at(member(value, "kind", path), path.key("kind"));
  if (e.kind != "hopf" && e.kind != "range-end" && e.kind != "lost" && !is_orbit_event(e.kind))
    path.key("kind").fail("must be \"hopf\", \"range-end\", \"cycle-fold\", \"snic\", \"homoclinic\" or \"lost\"",
                          value.at("kind"));
  e.p = number_at(member(value, parameter, path), path.key(parameter));
  e.p_error = nonnegative_at(value, "error", path);
  e.exponent = number_or_null_at(value, "exponent", path);
  e.reason = string_at(member(value, "reason", path), path.key("reason"));
  return e;
}

OrbitPoint orbit_point_from_json(const json& value, const std::string& parameter, const Path& path) {
  object_at(value, path);
  OrbitPoint q;
  q.p = number_at(member(value, parameter, path), path.key(parameter));
  q.period = number_at(member(value, "period", path), path.key("period"));
  if (!(q.period > 0.0)) path.key("period").fail("must be > 0", value.at("period"));
  q.multiplier = nonnegative_at(value, "multiplier", path);
  q.w = vector3_at(member(value, "w", path), path.key("w"));
  q.rdot_mean = number_at(member(value, "rdot_mean", path), path.key("rdot_mean"));
  q.amplitude = nonnegative_at(value, "amplitude", path);
  // "slip" repeats the sign of rdot_mean
  const std::string slip = q.rdot_mean > 0 ? "grows" : q.rdot_mean < 0 ? "decays" : "neutral";
  if (string_at(member(value, "slip", path), path.key("slip")) != slip)
    path.key("slip").fail("must be \"" + slip + "\", the sign of rdot_mean", value.at("slip"));
  return q;
}

OrbitBranch orbit_branch_from_json(const json& value, const std::string& parameter, const std::vector<Event>& events,
                                   const Path& path) {
  object_at(value, path);
  OrbitBranch b;
  b.id = integer_at(member(value, "id", path), std::numeric_limits<int>::min(), path.key("id"));
  if (string_at(member(value, "kind", path), path.key("kind")) != "orbit")
    path.key("kind").fail("must be \"orbit\"", value.at("kind"));
  if (const json& hopf = member(value, "hopf_event", path); !hopf.is_null()) {
    const int k = integer_at(hopf, 0, path.key("hopf_event"));
    if (static_cast<std::size_t>(k) >= events.size() || events[static_cast<std::size_t>(k)].kind != EventKind::hopf)
      path.key("hopf_event").fail("must be the index of a hopf event in bifurcations", hopf);
    b.hopf_event = k;
  }
  const Path points_path = path.key("points");
  const json& points = array_at(member(value, "points", path), points_path);
  if (points.empty()) points_path.fail("an orbit branch has at least one point", points);
  for (std::size_t k = 0; k < points.size(); ++k)
    b.points.push_back(orbit_point_from_json(points[k], parameter, points_path.index(k)));
  const Path ends_path = path.key("ends");
  const json& ends = array_at(member(value, "ends", path), ends_path);
  if (ends.size() != 2) ends_path.fail("must be the branch's two ends", ends);
  for (std::size_t k = 0; k < 2; ++k) b.ends[k] = orbit_end_from_json(ends[k], parameter, ends_path.index(k));
  const Path level_path = path.key("level");
  try {
    b.level = level_from_string(string_at(member(value, "level", path), level_path));
  } catch (const InputError&) {
    level_path.fail("must be \"proven\", \"checked\" or \"incomplete\"", value.at("level"));
  }
  b.reason = string_at(member(value, "reason", path), path.key("reason"));
  return b;
}

/// The orbit branches (absent in a diagram written before them: none), and the check that the
/// report's bifurcations of the kinds cycle-fold, snic and homoclinic, which follow the events of
/// the limit directions, are exactly the ends of the orbit branches (orbit_events_to_json).
void read_orbit_branches(const json& document, const std::vector<std::size_t>& orbit_entries, const Path& root,
                         Diagram& diagram) {
  if (const auto it = document.find("orbit_branches"); it != document.end()) {
    const Path path = root.key("orbit_branches");
    const json& branches = array_at(*it, path);
    std::set<int> ids;
    for (std::size_t b = 0; b < branches.size(); ++b) {
      diagram.orbit_branches.push_back(
          orbit_branch_from_json(branches[b], diagram.parameter, diagram.events, path.index(b)));
      if (!ids.insert(diagram.orbit_branches.back().id).second)
        path.index(b).key("id").fail("two orbit branches have this id", branches[b].at("id"));
    }
  }
  const json expected = orbit_events_to_json(diagram);
  const json& events = document.at("bifurcations");
  const Path events_path = root.key("bifurcations");
  for (std::size_t i = 0; i < orbit_entries.size(); ++i)
    if (i >= expected.size() || events[orbit_entries[i]] != expected[i])
      events_path.index(orbit_entries[i])
          .fail("must be the end of the orbit branch it names, as orbit_branches give it (" +
                std::to_string(expected.size()) + " such end(s), in the order of the branches)");
  if (expected.size() > orbit_entries.size())
    events_path.fail("lists " + std::to_string(orbit_entries.size()) + " of the " + std::to_string(expected.size()) +
                     " ends of orbit branches that are events (cycle-fold, snic, homoclinic)");
}

}  // namespace

Diagram diagram_from_json(const json& document, const std::string& source) {
  const Path root = Path::root(source);
  if (!document.is_object()) root.fail("a diagram must be a JSON object (schema \"limitdir.diagram/1\")", document);
  const auto schema = document.find("schema");
  if (schema == document.end() || *schema != kDiagramSchema)
    root.key("schema").fail(std::string("must be \"") + kDiagramSchema + "\" (a sweep-force report)",
                            schema == document.end() ? json(nullptr) : *schema);

  Diagram diagram;
  diagram.parameter = string_at(member(document, "parameter", root), root.key("parameter"));
  if (diagram.parameter.empty() || is_reserved_key(diagram.parameter))
    root.key("parameter").fail("must be a parameter name such as \"force\" or \"lambda\"", document.at("parameter"));
  diagram.from = number_at(member(document, "from", root), root.key("from"));
  diagram.to = number_at(member(document, "to", root), root.key("to"));
  if (!(diagram.from < diagram.to)) root.key("to").fail("must be greater than from", document.at("to"));
  // The fixed load; for a force sweep it is the parameter itself and written null.
  if (diagram.parameter != kForce) {
    diagram.force = number_at(member(document, kForce, root), root.key(kForce));
  } else if (const auto force = document.find(kForce); force != document.end() && !force->is_null()) {
    diagram.force = number_at(*force, root.key(kForce));
  }

  const Path branches_path = root.key("branches");
  const json& branches = array_at(member(document, "branches", root), branches_path);
  std::set<int> ids;
  for (std::size_t b = 0; b < branches.size(); ++b) {
    diagram.branches.push_back(branch_from_json(branches[b], diagram.parameter, branches_path.index(b)));
    if (!ids.insert(diagram.branches.back().id).second)
      branches_path.index(b).key("id").fail("two branches have this id", branches[b].at("id"));
  }

  const Path events_path = root.key("bifurcations");
  const json& events = array_at(member(document, "bifurcations", root), events_path);
  std::vector<std::size_t> orbit_entries;  // the ends of orbit branches, after the other events
  for (std::size_t k = 0; k < events.size(); ++k) {
    const auto kind = events[k].is_object() ? events[k].find("kind") : events[k].end();
    if (kind != events[k].end() && kind->is_string() && is_orbit_event(kind->get<std::string>())) {
      orbit_entries.push_back(k);
    } else {
      if (!orbit_entries.empty())
        events_path.index(k).fail("the ends of orbit branches (cycle-fold, snic, homoclinic) follow the other events");
      diagram.events.push_back(event_from_json(events[k], diagram.parameter, ids, events_path.index(k)));
    }
  }
  read_orbit_branches(document, orbit_entries, root, diagram);

  const Path regions_path = root.key("regions");
  const json& regions = array_at(member(document, "regions", root), regions_path);
  for (std::size_t k = 0; k < regions.size(); ++k)
    diagram.regions.push_back(region_from_json(regions[k], regions_path.index(k)));

  const Path certificate_path = root.key("certificate");
  const json& certificate = object_at(member(document, "certificate", root), certificate_path);
  const bool complete = boolean_at(member(certificate, "complete", certificate_path), certificate_path.key("complete"));
  // "level" (proven | checked | incomplete) must agree with "complete"; a diagram written before
  // levels existed has none, and its complete means checked
  diagram.certificate.level = complete ? Level::checked : Level::incomplete;
  if (certificate.contains("level")) {
    const Path level_path = certificate_path.key("level");
    const json& level = certificate.at("level");
    try {
      diagram.certificate.level = level_from_string(string_at(level, level_path));
    } catch (const InputError&) {
      level_path.fail("must be \"proven\", \"checked\" or \"incomplete\"", level);
    }
    if (diagram.certificate.complete() != complete)
      level_path.fail("disagrees with certificate.complete", level);
  }
  diagram.certificate.reason =
      string_at(member(certificate, "reason", certificate_path), certificate_path.key("reason"));
  if (certificate.contains("claims")) read_claims(certificate.at("claims"), certificate_path, diagram.certificate);
  return diagram;
}

}  // namespace limitdir
