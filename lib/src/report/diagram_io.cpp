// Bifurcation diagrams as JSON (docs/manual.md section 5, "limitdir.diagram/1" and
// "limitdir.regions/1") and their comparison by meaning (diagram-diff); see report/diagram_io.hpp.
//
// A diagram is the set of branches of limit directions w(p) of (125) over a parameter range,
// the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024] on them (tangency R*(w) = 0, folds, pitchforks,
// branch points, Hopf points) and the regions of the paper's Cases 1-4 between the events.
#include "limitdir/report/diagram_io.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/report/text_report.hpp"
#include "limitdir/core/version.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kDiagramSchema = "limitdir.diagram/1";
constexpr const char* kRegionsSchema = "limitdir.regions/1";
constexpr const char* kForce = "force";

/// Keys of a point or an event besides the parameter; a parameter of the same name would
/// overwrite one of them.
bool is_reserved_key(const std::string& name) {
  static const std::set<std::string> reserved{"w",       "rdot",  "radial", "sphere_type", "kind",   "directions",
                                              "branches", "located", "error", "colour",     "circles", "level",
                                              "orbits"};
  return reserved.count(name) > 0;
}

const std::vector<EventKind>& all_event_kinds() {
  static const std::vector<EventKind> kinds{EventKind::tangency, EventKind::fold, EventKind::pitchfork,
                                            EventKind::branch_point, EventKind::hopf, EventKind::continuum};
  return kinds;
}

// ----- writing ---------------------------------------------------------------------------------

double finite(double value, const std::string& what) { return detail::finite_in_report(value, "diagram report", what); }

/// x + 0.0 turns -0.0 into +0.0, as in the other reports.
json vector3(const Eigen::Vector3d& v, const std::string& what) {
  return json::array({finite(v[0] + 0.0, what + "[0]"), finite(v[1] + 0.0, what + "[1]"),
                      finite(v[2] + 0.0, what + "[2]")});
}

/// The parameter value and the load of a point or event: {NAME: p, "force": F} with F = p for
/// a force sweep (one key) and F = the fixed load otherwise.
void put_parameter(json& object, const Diagram& diagram, double p, const std::string& where) {
  object[diagram.parameter] = finite(p, where + "." + diagram.parameter);
  if (diagram.parameter != kForce) object[kForce] = finite(diagram.force, where + ".force");
}

json point_to_json(const BranchPoint& point, const Diagram& diagram, const std::string& where) {
  json out = json::object();
  put_parameter(out, diagram, point.p, where);
  out["w"] = vector3(point.w, where + ".w");
  out["rdot"] = finite(point.rdot, where + ".rdot");
  out["radial"] = to_string(point.radial);
  out["sphere_type"] = to_string(point.type);
  if (point.colour) out["colour"] = *point.colour;  // Fig. 11, only on the invariant circle
  return out;
}

json event_to_json(const Event& event, const Diagram& diagram, const std::string& where) {
  json out{{"kind", to_string(event.kind)}};
  put_parameter(out, diagram, event.p, where);
  json directions = json::array();
  for (std::size_t k = 0; k < event.directions.size(); ++k)
    directions.push_back(vector3(event.directions[k], where + ".directions[" + std::to_string(k) + "]"));
  // docs/manual.md section 5: "w" is the (first) direction of the event.
  out["w"] = directions.empty() ? json(nullptr) : directions.front();
  out["directions"] = std::move(directions);
  out["branches"] = event.branches;
  out["located"] = event.located;
  out["error"] = finite(event.p_error, where + ".error");
  if (event.kind == EventKind::continuum) {  // docs/manual.md section 5: find-limits' circles there
    json circles = json::array();
    for (const LimitCircle& circle : event.circles) circles.push_back(circle_to_json(circle));
    out["circles"] = std::move(circles);
    out["level"] = to_string(event.level);
  }
  if (event.born) {  // docs/manual.md section 9: the orbit search on both sides of a Hopf point
    const HopfOrbits& born = *event.born;
    const auto side = [&](double p, const std::vector<ClosedOrbit>& orbits, const std::string& name) {
      json s = json::object();
      put_parameter(s, diagram, p, where + ".orbits." + name);
      json list = json::array();
      for (const ClosedOrbit& o : orbits) list.push_back(closed_orbit_to_json(o));
      s["orbits"] = std::move(list);
      return s;
    };
    out["orbits"] = {{"kind", born.kind},
                     {"below", side(born.p_below, born.below, "below")},
                     {"above", side(born.p_above, born.above, "above")},
                     {"reason", born.reason}};
  }
  return out;
}

// ----- reading ---------------------------------------------------------------------------------

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

/// A direction: three finite numbers, not all zero (not renormalised).
Eigen::Vector3d vector3_at(const json& value, const Path& path) {
  if (!value.is_array() || value.size() != 3) path.fail("must be an array of 3 numbers [w1, w2, w3]", value);
  Eigen::Vector3d w;
  for (std::size_t i = 0; i < 3; ++i) w[static_cast<Eigen::Index>(i)] = number_at(value[i], path.index(i));
  if (w.norm() == 0.0) path.fail("a direction must not have zero length", value);
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
  const Path level_path = path.key("level");
  const json& level = member(value, "level", path);
  try {
    event.level = level_from_string(string_at(level, level_path));
  } catch (const InputError&) {
    level_path.fail("must be \"proven\", \"checked\" or \"incomplete\"", level);
  }
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

// ----- comparison ------------------------------------------------------------------------------

std::string number_text(double x) {
  std::ostringstream text;
  text.precision(10);
  text << x;
  return text.str();
}

std::string vector_text(const Eigen::Vector3d& w) {
  return "[" + number_text(w[0]) + ", " + number_text(w[1]) + ", " + number_text(w[2]) + "]";
}

/// The tolerances of diagram_differences: (rtol, atol) for the parameter values of events,
/// regions and the range and for event directions; `curve` for the branches as curves.
struct Tolerance {
  double rtol, atol, curve;
  /// Two values of the parameter (or of a region boundary) agree, with an extra allowance.
  bool same_p(double x, double y, double extra = 0.0) const {
    return std::abs(x - y) <= atol + rtol * std::max(std::abs(x), std::abs(y)) + extra;
  }
  /// Every y with same_p(x, y, extra) lies within this of x: |y| <= |x| + |x - y| gives
  /// |x - y| (1 - rtol) <= atol + rtol |x| + extra (no bound for rtol >= 1).
  double reach_p(double x, double extra) const {
    return rtol < 1.0 ? (atol + rtol * std::abs(x) + extra) / (1.0 - rtol) : std::numeric_limits<double>::infinity();
  }
  /// Two unit directions agree.
  bool same_w(const Eigen::Vector3d& a, const Eigen::Vector3d& b) const { return (a - b).norm() <= atol + rtol; }
  /// The units of the scaled distance of a point at p from a branch: in p (relative to
  /// max(1, |p|), the parameter's own scale) and in w.
  double curve_p(double p) const { return curve * std::max(1.0, std::abs(p)); }
  double curve_w() const { return curve; }
};

/// A maximum one-to-one matching (augmenting paths, Kuhn) given, for each item i of A, the
/// items of B it may be matched with: returns, for each item of B, the matched item of A or
/// -1. O(sum of the candidate lists) per augmentation, near-linear for the short lists of
/// candidates_by_key.
std::vector<int> match(const std::vector<std::vector<std::size_t>>& candidates, std::size_t n_b) {
  std::vector<int> owner(n_b, -1);
  std::vector<std::size_t> seen(n_b, 0);  // the augmentation (1-based) that last visited j
  std::size_t stamp = 0;
  const std::function<bool(std::size_t)> augment = [&](std::size_t i) {
    for (const std::size_t j : candidates[i]) {
      if (seen[j] == stamp) continue;
      seen[j] = stamp;
      if (owner[j] < 0 || augment(static_cast<std::size_t>(owner[j]))) {
        owner[j] = static_cast<int>(i);
        return true;
      }
    }
    return false;
  };
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    ++stamp;
    augment(i);
  }
  return owner;
}

/// The same for few items (the directions of one event): every pair is tried.
std::vector<int> match(std::size_t n_a, std::size_t n_b, const std::function<bool(std::size_t, std::size_t)>& fits) {
  std::vector<std::vector<std::size_t>> candidates(n_a);
  for (std::size_t i = 0; i < n_a; ++i)
    for (std::size_t j = 0; j < n_b; ++j)
      if (fits(i, j)) candidates[i].push_back(j);
  return match(candidates, n_b);
}

/// The candidates of many items (events, regions) found by a sweep instead of every pair: B
/// sorted by a key (the parameter value), and for item i of A only the items of B whose key
/// lies within reach_a[i] of key_a[i] are tried (O((n_a + n_b) log n_b + pairs in reach)).
std::vector<std::vector<std::size_t>> candidates_by_key(const std::vector<double>& key_a,
                                                        const std::vector<double>& reach_a,
                                                        const std::vector<double>& key_b,
                                                        const std::function<bool(std::size_t, std::size_t)>& fits) {
  std::vector<std::size_t> order(key_b.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return key_b[x] < key_b[y]; });
  std::vector<std::vector<std::size_t>> candidates(key_a.size());
  for (std::size_t i = 0; i < key_a.size(); ++i) {
    const double lo = key_a[i] - reach_a[i], hi = key_a[i] + reach_a[i];
    auto it = std::lower_bound(order.begin(), order.end(), lo, [&](std::size_t j, double x) { return key_b[j] < x; });
    for (; it != order.end() && !(key_b[*it] > hi); ++it)
      if (fits(i, *it)) candidates[i].push_back(*it);
  }
  return candidates;
}

/// Which items of A (size n_a) the matching left without a partner.
std::vector<bool> unmatched_of_a(std::size_t n_a, const std::vector<int>& owner) {
  std::vector<bool> lonely(n_a, true);
  for (const int i : owner)
    if (i >= 0) lonely[static_cast<std::size_t>(i)] = false;
  return lonely;
}

bool same_directions(const std::vector<Eigen::Vector3d>& a, const std::vector<Eigen::Vector3d>& b,
                     const Tolerance& tol) {
  if (a.size() != b.size()) return false;
  const std::vector<int> owner = match(a.size(), b.size(), [&](std::size_t i, std::size_t j) {
    return tol.same_w(a[i], b[j]);
  });
  return std::none_of(owner.begin(), owner.end(), [](int i) { return i < 0; });
}

bool same_event(const Event& a, const Event& b, const Tolerance& tol) {
  // A bracketed event is known only to within its error: widen the test by it.
  const double extra = std::max(a.located ? 0.0 : a.p_error, b.located ? 0.0 : b.p_error);
  return a.kind == b.kind && tol.same_p(a.p, b.p, extra) && same_directions(a.directions, b.directions, tol);
}

std::string event_text(const Event& event, const std::string& parameter) {
  std::string text = to_string(event.kind) + " at " + parameter + " = " + number_text(event.p);
  if (!event.located) text += " (bracketed, error " + number_text(event.p_error) + ")";
  if (!event.directions.empty()) text += " with w = " + vector_text(event.directions.front());
  if (event.directions.size() > 1) text += " and " + std::to_string(event.directions.size() - 1) + " more direction(s)";
  return text;
}

/// Events of `mine` with no partner in `theirs`, each with the nearest event of the same kind.
void lonely_events(const std::vector<Event>& mine, const std::vector<bool>& lonely, const std::vector<Event>& theirs,
                   const std::string& me, const std::string& other, const std::string& parameter,
                   std::vector<std::string>& out) {
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (!lonely[i]) continue;
    std::string text =
        "bifurcation " + event_text(mine[i], parameter) + " of " + me + " has no counterpart in " + other;
    const Event* nearest = nullptr;
    for (const Event& candidate : theirs)
      if (candidate.kind == mine[i].kind &&
          (nearest == nullptr || std::abs(candidate.p - mine[i].p) < std::abs(nearest->p - mine[i].p)))
        nearest = &candidate;
    if (nearest)
      text += " (nearest " + to_string(nearest->kind) + " of " + other + ": " + event_text(*nearest, parameter) + ")";
    else
      text += " (" + other + " has no " + to_string(mine[i].kind) + ")";
    out.push_back(std::move(text));
  }
}

bool same_region(const Region& a, const Region& b, const Tolerance& tol) {
  return a.count == b.count && a.types == b.types && tol.same_p(a.from, b.from) && tol.same_p(a.to, b.to);
}

std::string region_text(const Region& region, const std::string& parameter) {
  std::string types;
  for (const auto& [name, n] : region.types) types += (types.empty() ? "" : ", ") + std::to_string(n) + " " + name;
  return "region " + parameter + " in [" + number_text(region.from) + ", " + number_text(region.to) + "] with " +
         std::to_string(region.count) + " limit direction(s)" + (types.empty() ? "" : " (" + types + ")");
}

/// The scaled distance of the point (p, w) from the segment [(p0, w0), (p1, w1)] in (p, w)
/// space, with the parameter measured in units of tol_p and the direction in units of tol_w
/// (the point is within tolerance of the segment when it is <= 1), and where along the
/// segment (0 at s0, 1 at s1) the nearest point lies.
struct Nearest {
  double distance, t;
};

Nearest scaled_distance(double p, const Eigen::Vector3d& w, const BranchPoint& s0, const BranchPoint& s1, double tol_p,
                        double tol_w) {
  Eigen::Vector4d x, a, b;
  x << p / tol_p, w / tol_w;
  a << s0.p / tol_p, s0.w / tol_w;
  b << s1.p / tol_p, s1.w / tol_w;
  const Eigen::Vector4d d = b - a;
  const double length2 = d.squaredNorm();
  double t = length2 > 0.0 ? (x - a).dot(d) / length2 : 0.0;
  t = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
  const double distance = (x - a - t * d).norm();
  // Overflowing scaled numbers (a tiny tolerance) fall back to the ends of the segment.
  if (std::isfinite(distance)) return {distance, t};
  const double to_a = (x - a).norm(), to_b = (x - b).norm();
  return to_a <= to_b ? Nearest{to_a, 0.0} : Nearest{to_b, 1.0};
}

// ----- branches: curves and the types of their points -------------------------------------------

/// How far around a point segments are searched, in units of its tolerances: a segment at scaled
/// distance <= 1 meets [p - tol_p, p + tol_p] and comes within tol_w of w; twice that keeps
/// rounding from dropping one at distance exactly 1 (scaled_distance then decides).
constexpr double kSearchTolerances = 2.0;
/// A chord c of a curve of radius R departs from it by the sagitta c^2 / (8R), and the chord
/// turns against a neighbouring chord c' by alpha = (c + c') / (2R) >= c / (2R) (circular arc):
/// the sagitta is at most c alpha / 4, whatever the neighbour's length. With alpha the larger
/// turn at the chord's two ends this bounds how far the polyline of a sampled branch may lie
/// from the branch it samples (diagram_differences: sampling is not a difference).
constexpr double kSagittaPerTurn = 0.25;
/// Type differences reported one sentence each; the rest are counted in one more sentence.
constexpr std::size_t kMaxTypeSentences = 10;

/// A piece of a branch's polyline between two of its points (a = b on a one-point branch), the
/// range [lo, hi] of the parameter it covers and its length in w.
struct Segment {
  const Branch* branch;
  const BranchPoint* a;
  const BranchPoint* b;
  double lo, hi;
  double w_length;
  double allowance = 0.0;  // the sagitta bound (kSagittaPerTurn) in the relative units of Tolerance::curve_p

  /// False when no point of the segment comes within `reach` of w (|w - a.w| > w_length + reach):
  /// a test without a square root that spares most scaled_distance calls.
  bool may_reach(const Eigen::Vector3d& w, double reach) const {
    const double bound = w_length + reach;
    return (w - a->w).squaredNorm() <= bound * bound;
  }
};

/// The segments of a diagram's branches, cut into runs along which p is monotone (a branch
/// turns back in p only at its folds, Sect. 7.2.8), each run ordered so that lo and hi both
/// increase: the segments meeting a window of p are then found by binary search, in
/// O(runs log n + found) instead of a scan of every segment.
class SegmentIndex {
 public:
  explicit SegmentIndex(const std::vector<Branch>& branches) {
    for (const Branch& branch : branches) {
      std::vector<Segment> segments = segments_of(branch);
      add_allowances(segments, branch.closed);
      for (const Segment& s : segments) max_allowance_ = std::max(max_allowance_, s.allowance);
      add_runs(segments);
    }
  }

  /// The largest allowance of any segment: how much farther than its tolerance a point may be searched.
  double max_allowance() const { return max_allowance_; }

  /// Calls visit(segment) for the segments whose range of p meets [lo, hi] until it returns true;
  /// whether it did.
  template <typename Visit>
  bool any_meeting(double lo, double hi, Visit visit) const {
    for (const std::vector<Segment>& run : runs_) {
      auto it = std::lower_bound(run.begin(), run.end(), lo, [](const Segment& s, double x) { return s.hi < x; });
      for (; it != run.end() && it->lo <= hi; ++it)
        if (visit(*it)) return true;
    }
    return false;
  }

 private:
  /// The segments of one branch in order, the closing one of a closed branch included.
  static std::vector<Segment> segments_of(const Branch& branch) {
    const auto& points = branch.points;
    std::vector<Segment> segments;
    const auto add = [&](const BranchPoint& a, const BranchPoint& b) {
      segments.push_back({&branch, &a, &b, std::min(a.p, b.p), std::max(a.p, b.p), (b.w - a.w).norm()});
    };
    if (points.size() == 1) add(points[0], points[0]);
    for (std::size_t k = 0; k + 1 < points.size(); ++k) add(points[k], points[k + 1]);
    if (branch.closed && points.size() > 2) add(points.back(), points.front());
    return segments;
  }

  /// A segment in the relative units of the curve tolerance: (dp / max(1, |p|), dw).
  static Eigen::Vector4d chord(const Segment& s) {
    Eigen::Vector4d d;
    d << (s.b->p - s.a->p) / std::max(1.0, std::max(std::abs(s.a->p), std::abs(s.b->p))), s.b->w - s.a->w;
    return d;
  }

  /// The sagitta bound kSagittaPerTurn |chord| alpha of each segment, alpha the larger angle by
  /// which the polyline turns at its two ends (none at the open ends of a branch).
  static void add_allowances(std::vector<Segment>& segments, bool closed) {
    const std::size_t n = segments.size();
    std::vector<Eigen::Vector4d> chords(n);
    for (std::size_t k = 0; k < n; ++k) chords[k] = chord(segments[k]);
    const auto turn = [&](std::size_t k, std::size_t l) {
      const double norms = chords[k].norm() * chords[l].norm();
      if (!(norms > 0.0)) return 0.0;
      return std::acos(std::clamp(chords[k].dot(chords[l]) / norms, -1.0, 1.0));
    };
    for (std::size_t k = 0; k < n; ++k) {
      double alpha = 0.0;
      if (k > 0 || (closed && n > 2)) alpha = std::max(alpha, turn(k, k > 0 ? k - 1 : n - 1));
      if (k + 1 < n || (closed && n > 2)) alpha = std::max(alpha, turn(k, k + 1 < n ? k + 1 : 0));
      const double allowance = kSagittaPerTurn * chords[k].norm() * alpha;
      segments[k].allowance = std::isfinite(allowance) ? allowance : 0.0;
    }
  }

  /// Cuts consecutive segments where p turns back; a run along which p falls is reversed.
  void add_runs(const std::vector<Segment>& segments) {
    std::vector<Segment> run;
    int direction = 0;  // +1: p rises along the run, -1: it falls, 0: not known yet
    const auto close = [&] {
      if (direction < 0) std::reverse(run.begin(), run.end());
      if (!run.empty()) runs_.push_back(std::move(run));
      run.clear();
    };
    for (const Segment& s : segments) {
      const int step = s.b->p > s.a->p ? 1 : s.b->p < s.a->p ? -1 : 0;
      if (step != 0 && direction != 0 && step != direction) close();
      if (step != 0) direction = step;
      run.push_back(s);
    }
    close();
  }

  std::vector<std::vector<Segment>> runs_;
  double max_allowance_ = 0.0;
};

/// The scaled distance of (p, w) from a segment less the segment's sampling allowance, in
/// units of the curve tolerance: the point lies on the sampled curve when it is <= 1. The
/// curve passes through the samples, so the allowance is the sagitta's profile 4 t (1 - t)
/// times its bound (a parabola, the circular arc to second order): none at the segment's ends.
double beyond_allowance(const BranchPoint& point, const Segment& s, const Tolerance& tol) {
  const Nearest nearest = scaled_distance(point.p, point.w, *s.a, *s.b, tol.curve_p(point.p), tol.curve_w());
  return nearest.distance - 4.0 * nearest.t * (1.0 - nearest.t) * s.allowance / tol.curve;
}

/// The smallest scaled distance of (p, w) from the segments, or as soon as one is found, any
/// distance <= good_enough (a point that cannot be the farthest needs no more).
double distance_to_segments(const BranchPoint& point, const SegmentIndex& segments, const Tolerance& tol,
                            double good_enough) {
  const double everywhere = std::numeric_limits<double>::infinity();
  double best = everywhere;
  segments.any_meeting(-everywhere, everywhere, [&](const Segment& s) {
    best = std::min(best, beyond_allowance(point, s, tol));
    return best <= good_enough;
  });
  return best;
}

/// The events of a diagram by the ids of the branches through them.
using EventsOnBranch = std::map<int, std::vector<const Event*>>;

EventsOnBranch events_by_branch(const std::vector<Event>& events) {
  EventsOnBranch out;
  for (const Event& event : events)
    for (const int id : event.branches) out[id].push_back(&event);
  return out;
}

/// Whether p lies within tolerance of an event on branch `id`: an event is known only to the
/// tolerance within which same_event matches it (widened by its error when bracketed), so a
/// point that close may lie on either side of it.
bool near_event(double p, int id, const EventsOnBranch& events, const Tolerance& tol) {
  const auto it = events.find(id);
  if (it == events.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const Event* event) {
    return tol.same_p(p, event->p, event->located ? 0.0 : event->p_error);
  });
}

/// One half of a point's type (radial by R*(w) (121), Def. 2; on the sphere by J_T,
/// Sect. 7.2.6-7.2.8) against a segment [a, b] of the other curve. Exempt is a point exactly at
/// an event (`at_event`: tangent, non-hyperbolic), a segment whose ends differ (the change lies
/// between them, wherever the samples fall) or whose ends are both at an event; otherwise the
/// point must have the segment's type.
template <typename Kind>
bool half_agrees(Kind mine, Kind a, Kind b, Kind at_event) {
  return mine == at_event || a != b || a == at_event || mine == a;
}

bool type_agrees(const BranchPoint& point, const Segment& segment) {
  return half_agrees(point.radial, segment.a->radial, segment.b->radial, Radial::tangent) &&
         half_agrees(point.type, segment.a->type, segment.b->type, SphereType::non_hyperbolic);
}

/// One diagram as the branch comparison sees it.
struct Side {
  const std::vector<Branch>& branches;
  EventsOnBranch events;
  SegmentIndex segments;
  std::string name;  // "A" or "B"
};

/// A point whose type no place of the other diagram within tolerance shares; `place` is the nearest.
struct TypeMismatch {
  const Side* mine;
  const Side* theirs;
  const Branch* branch;
  const BranchPoint* point;
  const Segment* place;
};

/// Whether the point of `branch` (of mine) may have its type at `place` (of theirs): the types
/// agree there, or the point lies within tolerance of an event of either branch, where types
/// legitimately change (tangency: radial; fold, branch point, Hopf: on the sphere; Sect. 7.2.8).
bool place_accepts(const BranchPoint& point, const Branch& branch, const Segment& place, const Side& mine,
                   const Side& theirs, const Tolerance& tol) {
  return type_agrees(point, place) || near_event(point.p, branch.id, mine.events, tol) ||
         near_event(point.p, place.branch->id, theirs.events, tol);
}

/// A point of mine against the branches of theirs: whether it lies on one (within the curve
/// tolerance, scaled distance <= 1), whether some segment there accepts its type, and if none
/// does, the nearest. Any segment within tolerance may accept, not only the nearest: crossing
/// branches (branch points, Sect. 7.2.8) both pass within tolerance of the crossing, and a point
/// at a sample of theirs lies on both segments through it, so it is exempt when that sample's
/// type differs from a neighbour's (the change lies within a step of the point).
struct Verdict {
  bool on_curve = false;
  bool accepted = false;
  const Segment* nearest = nullptr;
  double nearest_distance = std::numeric_limits<double>::infinity();
};

Verdict judge(const BranchPoint& point, const Branch& branch, const Side& mine, const Side& theirs,
              const Tolerance& tol) {
  // relative reach: the search tolerances plus the largest sampling allowance of theirs
  const double reach = kSearchTolerances * tol.curve + theirs.segments.max_allowance();
  const double window = reach * std::max(1.0, std::abs(point.p));
  Verdict verdict;
  verdict.accepted = theirs.segments.any_meeting(point.p - window, point.p + window, [&](const Segment& place) {
    if (!place.may_reach(point.w, reach)) return false;
    const double distance = beyond_allowance(point, place, tol);
    if (distance > 1.0) return false;
    verdict.on_curve = true;
    if (place_accepts(point, branch, place, mine, theirs, tol)) return true;
    if (distance < verdict.nearest_distance) {
      verdict.nearest = &place;
      verdict.nearest_distance = distance;
    }
    return false;
  });
  return verdict;
}

/// The points of a branch that lie on no branch of the other diagram, and the farthest of them.
struct OffPoints {
  std::size_t count = 0;
  const BranchPoint* worst = nullptr;
  double worst_distance = 0.0;

  void add(const BranchPoint& point, const SegmentIndex& theirs, const Tolerance& tol) {
    ++count;
    const double distance = distance_to_segments(point, theirs, tol, std::max(1.0, worst_distance));
    if (worst == nullptr || distance > worst_distance) {
      worst = &point;
      worst_distance = distance;
    }
  }
};

std::string off_text(const Branch& branch, const OffPoints& off, const std::string& me, const std::string& other,
                     const std::string& parameter) {
  std::string text = "branch " + std::to_string(branch.id) + " of " + me + ": " + std::to_string(off.count) + " of " +
                     std::to_string(branch.points.size()) + " points lie on no branch of " + other +
                     " (farthest: " + parameter + " = " + number_text(off.worst->p) +
                     ", w = " + vector_text(off.worst->w);
  text += std::isfinite(off.worst_distance) ? ", " + number_text(off.worst_distance) + " tolerances away)"
                                            : ", " + other + " has no branch points)";
  return text;
}

/// Every point of every branch of `mine` against the branches of `theirs`: one sentence per
/// branch with points off them all; the points on them whose type no place within tolerance
/// accepts go to `mismatches`.
void compare_branches(const Side& mine, const Side& theirs, const Tolerance& tol, const std::string& parameter,
                      std::vector<std::string>& out, std::vector<TypeMismatch>& mismatches) {
  for (const Branch& branch : mine.branches) {
    OffPoints off;
    for (const BranchPoint& point : branch.points) {
      const Verdict verdict = judge(point, branch, mine, theirs, tol);
      if (!verdict.on_curve)
        off.add(point, theirs.segments, tol);
      else if (!verdict.accepted)
        mismatches.push_back({&mine, &theirs, &branch, &point, verdict.nearest});
    }
    if (off.count > 0) out.push_back(off_text(branch, off, mine.name, theirs.name, parameter));
  }
}

std::string type_text(Radial radial, SphereType type) { return to_string(radial) + " " + to_string(type); }

std::string mismatch_text(const TypeMismatch& m, const std::string& parameter) {
  const Segment& place = *m.place;
  std::string theirs = type_text(place.a->radial, place.a->type);
  if (place.a->radial != place.b->radial || place.a->type != place.b->type)
    theirs += " to " + type_text(place.b->radial, place.b->type);
  return "branch " + std::to_string(m.branch->id) + " of " + m.mine->name + " at " + parameter + " = " +
         number_text(m.point->p) + ", w = " + vector_text(m.point->w) + ": type " +
         type_text(m.point->radial, m.point->type) + " differs from branch " + std::to_string(place.branch->id) +
         " of " + m.theirs->name + " there (" + theirs + ")";
}

/// The first kMaxTypeSentences type differences, one sentence each, and a count of the rest.
void type_sentences(const std::vector<TypeMismatch>& mismatches, const std::string& parameter,
                    std::vector<std::string>& out) {
  for (std::size_t k = 0; k < mismatches.size() && k < kMaxTypeSentences; ++k)
    out.push_back(mismatch_text(mismatches[k], parameter));
  if (mismatches.size() > kMaxTypeSentences)
    out.push_back("and " + std::to_string(mismatches.size() - kMaxTypeSentences) +
                  " more point(s) whose type differs from the other diagram's there");
}

}  // namespace

json regions_to_json(const std::vector<Region>& regions) {
  json out = json::array();
  for (std::size_t k = 0; k < regions.size(); ++k) {
    const Region& region = regions[k];
    const std::string where = "regions[" + std::to_string(k) + "]";
    json types = json::object();
    for (const auto& [name, n] : region.types) types[name] = n;
    out.push_back({{"from", finite(region.from, where + ".from")},
                   {"to", finite(region.to, where + ".to")},
                   {"count", region.count},
                   {"types", std::move(types)}});
  }
  return out;
}

json diagram_report(const Problem& problem, const Diagram& diagram) {
  if (diagram.parameter.empty() || is_reserved_key(diagram.parameter))
    throw InputError("diagram report: the parameter name \"" + diagram.parameter +
                     "\" is empty or a key of the report's points and events");
  json branches = json::array();
  for (std::size_t b = 0; b < diagram.branches.size(); ++b) {
    const Branch& branch = diagram.branches[b];
    const std::string where = "branches[" + std::to_string(b) + "]";
    json points = json::array();
    for (std::size_t k = 0; k < branch.points.size(); ++k)
      points.push_back(point_to_json(branch.points[k], diagram, where + ".points[" + std::to_string(k) + "]"));
    branches.push_back({{"id", branch.id}, {"closed", branch.closed}, {"points", std::move(points)}});
  }
  json bifurcations = json::array();
  for (std::size_t k = 0; k < diagram.events.size(); ++k)
    bifurcations.push_back(event_to_json(diagram.events[k], diagram, "bifurcations[" + std::to_string(k) + "]"));

  // The embedded problem file carries the fixed load of a sweep in another parameter.
  const bool force_sweep = diagram.parameter == kForce;
  Problem embedded = problem;
  if (!force_sweep) embedded.force = finite(diagram.force, "force");
  // the Case 1-4 of Sect. 7.4 where the paper defines one (paper_case), null elsewhere
  json regions = regions_to_json(diagram.regions);
  for (std::size_t k = 0; k < diagram.regions.size(); ++k) {
    const std::optional<int> paper = paper_case(problem, diagram.parameter, diagram.regions[k]);
    regions[k]["case"] = paper ? json(*paper) : json(nullptr);
  }
  return {{"schema", kDiagramSchema},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(embedded)},
          {"model", make_friction_model(problem)->description()},
          {"parameter", diagram.parameter},
          {"from", finite(diagram.from, "from")},
          {"to", finite(diagram.to, "to")},
          {"force", force_sweep ? json(nullptr) : json(finite(diagram.force, "force"))},
          {"branches", std::move(branches)},
          {"bifurcations", std::move(bifurcations)},
          {"regions", std::move(regions)},
          {"certificate",
           {{"level", to_string(diagram.certificate.level)},
            {"complete", diagram.certificate.complete()},
            {"reason", diagram.certificate.reason}}}};
}

json regions_report(const Diagram& diagram, const std::vector<Region>& regions) {
  const bool force_sweep = diagram.parameter == kForce;
  return {{"schema", kRegionsSchema},
          {"limitdir_version", limitdir::version},
          {"parameter", diagram.parameter},
          {"from", finite(diagram.from, "from")},
          {"to", finite(diagram.to, "to")},
          {"force", force_sweep ? json(nullptr) : json(finite(diagram.force, "force"))},
          {"regions", regions_to_json(regions)}};
}

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
  for (std::size_t k = 0; k < events.size(); ++k)
    diagram.events.push_back(event_from_json(events[k], diagram.parameter, ids, events_path.index(k)));

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
  return diagram;
}

namespace {

/// The events matched one-to-one (same_event), B's events swept in order of p.
std::vector<int> match_events(const std::vector<Event>& a, const std::vector<Event>& b, const Tolerance& tol) {
  const auto extra = [](const Event& e) { return e.located ? 0.0 : e.p_error; };
  double extra_b = 0.0;
  for (const Event& e : b) extra_b = std::max(extra_b, extra(e));
  std::vector<double> key_a, reach_a, key_b;
  for (const Event& e : a) {
    key_a.push_back(e.p);
    reach_a.push_back(tol.reach_p(e.p, std::max(extra(e), extra_b)));
  }
  for (const Event& e : b) key_b.push_back(e.p);
  return match(candidates_by_key(key_a, reach_a, key_b,
                                 [&](std::size_t i, std::size_t j) { return same_event(a[i], b[j], tol); }),
               b.size());
}

/// The regions matched one-to-one (same_region), B's regions swept in order of their start.
std::vector<int> match_regions(const std::vector<Region>& a, const std::vector<Region>& b, const Tolerance& tol) {
  std::vector<double> key_a, reach_a, key_b;
  for (const Region& r : a) {
    key_a.push_back(r.from);
    reach_a.push_back(tol.reach_p(r.from, 0.0));
  }
  for (const Region& r : b) key_b.push_back(r.from);
  return match(candidates_by_key(key_a, reach_a, key_b,
                                 [&](std::size_t i, std::size_t j) { return same_region(a[i], b[j], tol); }),
               b.size());
}

}  // namespace

std::vector<std::string> diagram_differences(const Diagram& a, const Diagram& b, const DiffTolerance& tolerance) {
  const auto check = [](double x, const char* name, bool zero_ok) {
    if (!std::isfinite(x) || x < 0.0 || (!zero_ok && x == 0.0))
      throw InputError(std::string(name) + ": must be a finite number " + (zero_ok ? ">= 0" : "> 0") + " (got " +
                       number_text(x) + ")");
  };
  check(tolerance.event_rtol, "event_rtol", true);
  check(tolerance.event_atol, "event_atol", false);
  check(tolerance.curve_tol, "curve_tol", false);
  const Tolerance tol{tolerance.event_rtol, tolerance.event_atol, tolerance.curve_tol};
  std::vector<std::string> out;

  // Diagrams over different parameters are not comparable any further.
  if (a.parameter != b.parameter) {
    out.push_back("parameter: A varies \"" + a.parameter + "\", B varies \"" + b.parameter + "\"");
    return out;
  }
  const std::string& name = a.parameter;
  if (!tol.same_p(a.from, b.from) || !tol.same_p(a.to, b.to))
    out.push_back("range of " + name + ": A covers [" + number_text(a.from) + ", " + number_text(a.to) +
                  "], B covers [" + number_text(b.from) + ", " + number_text(b.to) + "]");
  if (name != kForce && !tol.same_p(a.force, b.force))
    out.push_back("fixed load: A has force = " + number_text(a.force) + ", B has force = " + number_text(b.force));
  if (a.certificate.level != b.certificate.level)
    out.push_back("certificate.level: A " + to_string(a.certificate.level) + ", B " + to_string(b.certificate.level));

  // Events: the same multiset (Sect. 7.2.8: tangency, fold, pitchfork, branch point, Hopf).
  const std::vector<int> event_owner = match_events(a.events, b.events, tol);
  lonely_events(a.events, unmatched_of_a(a.events.size(), event_owner), b.events, "A", "B", name, out);
  std::vector<bool> lonely_b(b.events.size());
  for (std::size_t j = 0; j < b.events.size(); ++j) lonely_b[j] = event_owner[j] < 0;
  lonely_events(b.events, lonely_b, a.events, "B", "A", name, out);

  // Regions: the paper's Cases, by count and types of limit directions, and their boundaries.
  const std::vector<int> region_owner = match_regions(a.regions, b.regions, tol);
  const std::vector<bool> lonely_regions_a = unmatched_of_a(a.regions.size(), region_owner);
  for (std::size_t i = 0; i < a.regions.size(); ++i)
    if (lonely_regions_a[i]) out.push_back(region_text(a.regions[i], name) + " of A has no counterpart in B");
  for (std::size_t j = 0; j < b.regions.size(); ++j)
    if (region_owner[j] < 0) out.push_back(region_text(b.regions[j], name) + " of B has no counterpart in A");

  // Branches as curves in (p, w), both ways, and the types of their points along them.
  const Side side_a{a.branches, events_by_branch(a.events), SegmentIndex(a.branches), "A"};
  const Side side_b{b.branches, events_by_branch(b.events), SegmentIndex(b.branches), "B"};
  std::vector<TypeMismatch> mismatches;
  compare_branches(side_a, side_b, tol, name, out, mismatches);
  compare_branches(side_b, side_a, tol, name, out, mismatches);
  type_sentences(mismatches, name, out);
  return out;
}

}  // namespace limitdir
