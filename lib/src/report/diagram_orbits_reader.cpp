// Reading back the closed orbits of a diagram (docs/manual.md section 9, "Proof of an orbit" and
// "Continuation of orbits"): report/diagram_orbits_reader.hpp.
#include "report/diagram_orbits_reader.hpp"

#include <set>

#include "limitdir/continuation/orbit_events.hpp"

namespace limitdir::detail {

namespace {

/// The proof of a closed orbit (docs/manual.md section 9, "Proof of an orbit").
OrbitProof orbit_proof_from_json(const json& value, const JsonPath& path) {
  object_at(value, path);
  OrbitProof p;
  const JsonPath status_path = path.key("status");
  const std::string status = string_at(member(value, "status", path), status_path);
  if (status != "proven" && status != "checked") status_path.fail("must be \"proven\" or \"checked\"", value.at("status"));
  p.proven = status == "proven";
  p.reason = string_at(member(value, "reason", path), path.key("reason"));
  if (!p.proven) return p;
  const auto number = [](const json& v, const JsonPath& at) { return number_at(v, at); };
  p.period = pair_at<double>(member(value, "period", path), path.key("period"), number);
  p.multiplier = pair_at<double>(member(value, "multiplier", path), path.key("multiplier"), number);
  const auto ends = pair_at<Eigen::Vector3d>(member(value, "section", path), path.key("section"),
                                             [](const json& v, const JsonPath& at) { return vector3_at(v, at); });
  p.section_from = ends[0];
  p.section_to = ends[1];
  return p;
}

ClosedOrbit closed_orbit_from_json(const json& value, const JsonPath& path) {
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
  const JsonPath polyline_path = path.key("polyline");
  const json& polyline = array_at(member(value, "polyline", path), polyline_path);
  for (std::size_t k = 0; k < polyline.size(); ++k) o.polyline.push_back(vector3_at(polyline[k], polyline_path.index(k)));
  if (value.contains("proof")) o.proof = orbit_proof_from_json(value.at("proof"), path.key("proof"));
  return o;
}

OrbitEnd orbit_end_from_json(const json& value, const std::string& parameter, const JsonPath& path) {
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

OrbitPoint orbit_point_from_json(const json& value, const std::string& parameter, const JsonPath& path) {
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
                                   const JsonPath& path) {
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
  const JsonPath points_path = path.key("points");
  const json& points = array_at(member(value, "points", path), points_path);
  if (points.empty()) points_path.fail("an orbit branch has at least one point", points);
  for (std::size_t k = 0; k < points.size(); ++k)
    b.points.push_back(orbit_point_from_json(points[k], parameter, points_path.index(k)));
  const JsonPath ends_path = path.key("ends");
  const json& ends = array_at(member(value, "ends", path), ends_path);
  if (ends.size() != 2) ends_path.fail("must be the branch's two ends", ends);
  for (std::size_t k = 0; k < 2; ++k) b.ends[k] = orbit_end_from_json(ends[k], parameter, ends_path.index(k));
  b.level = level_at(member(value, "level", path), path.key("level"));
  b.reason = string_at(member(value, "reason", path), path.key("reason"));
  return b;
}

}  // namespace

HopfOrbits born_from_json(const json& value, const std::string& parameter, const JsonPath& path) {
  object_at(value, path);
  HopfOrbits born;
  const JsonPath kind_path = path.key("kind");
  born.kind = string_at(member(value, "kind", path), kind_path);
  if (born.kind != "supercritical" && born.kind != "subcritical" && born.kind != "unconfirmed")
    kind_path.fail("must be \"supercritical\", \"subcritical\" or \"unconfirmed\"", value.at("kind"));
  born.reason = string_at(member(value, "reason", path), path.key("reason"));
  for (const char* name : {"below", "above"}) {
    const JsonPath side_path = path.key(name);
    const json& side = object_at(member(value, name, path), side_path);
    (std::string(name) == "below" ? born.p_below : born.p_above) = parameter_at(side, parameter, side_path);
    const JsonPath orbits_path = side_path.key("orbits");
    const json& orbits = array_at(member(side, "orbits", side_path), orbits_path);
    for (std::size_t k = 0; k < orbits.size(); ++k)
      (std::string(name) == "below" ? born.below : born.above)
          .push_back(closed_orbit_from_json(orbits[k], orbits_path.index(k)));
  }
  return born;
}

void read_orbit_branches(const json& document, const std::vector<std::size_t>& orbit_entries, const JsonPath& root,
                         Diagram& diagram) {
  if (const auto it = document.find("orbit_branches"); it != document.end()) {
    const JsonPath path = root.key("orbit_branches");
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
  const JsonPath events_path = root.key("bifurcations");
  for (std::size_t i = 0; i < orbit_entries.size(); ++i)
    if (i >= expected.size() || events[orbit_entries[i]] != expected[i])
      events_path.index(orbit_entries[i])
          .fail("must be the end of the orbit branch it names, as orbit_branches give it (" +
                std::to_string(expected.size()) + " such end(s), in the order of the branches)");
  if (expected.size() > orbit_entries.size())
    events_path.fail("lists " + std::to_string(orbit_entries.size()) + " of the " + std::to_string(expected.size()) +
                     " ends of orbit branches that are events (cycle-fold, snic, homoclinic)");
}

}  // namespace limitdir::detail
