// Reading a bifurcation diagram back (docs/manual.md section 5, "limitdir.diagram/1"): every key
// checked, each error one line naming the key's path; see report/diagram_io.hpp.
//
// A diagram is the set of branches of limit directions w(p) of (125) over a parameter range,
// the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024] on them (tangency R*(w) = 0, folds, pitchforks,
// branch points, Hopf points) and the regions of the paper's Cases 1-4 between the events.
#include "limitdir/report/diagram_io.hpp"

#include <limits>
#include <set>
#include <string>
#include <vector>

#include "limitdir/continuation/orbit_events.hpp"
#include "limitdir/core/errors.hpp"
#include "report/diagram_keys.hpp"
#include "report/diagram_orbits_reader.hpp"
#include "report/json_reader.hpp"

namespace limitdir {

using json = nlohmann::json;
using Path = detail::JsonPath;
using namespace detail;  // the checked readers of report/json_reader.hpp
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
  event.level = level_at(member(value, "level", path), path.key("level"));
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
    const Level level = level_at(member(c, "level", at), at.key("level"));
    cert.claims.push_back({name, level, string_at(member(c, "reason", at), at.key("reason"))});
  }
  if (!cert.claims.empty() && weakest_level(cert.claims) != cert.level)
    certificate_path.key("level").fail("is not the weakest level of certificate.claims (" +
                                       to_string(weakest_level(cert.claims)) + ")");
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
    diagram.certificate.level = level_at(certificate.at("level"), level_path);
    if (diagram.certificate.complete() != complete)
      level_path.fail("disagrees with certificate.complete", certificate.at("level"));
  }
  diagram.certificate.reason =
      string_at(member(certificate, "reason", certificate_path), certificate_path.key("reason"));
  if (certificate.contains("claims")) read_claims(certificate.at("claims"), certificate_path, diagram.certificate);
  return diagram;
}

}  // namespace limitdir
