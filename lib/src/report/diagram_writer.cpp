// Bifurcation diagrams as JSON (docs/manual.md section 5, "limitdir.diagram/1" and
// "limitdir.regions/1"): their writers; see report/diagram_io.hpp.
//
// A diagram is the set of branches of limit directions w(p) of (125) over a parameter range,
// the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024] on them (tangency R*(w) = 0, folds, pitchforks,
// branch points, Hopf points) and the regions of the paper's Cases 1-4 between the events.
#include "limitdir/report/diagram_io.hpp"

#include <optional>
#include <string>
#include <utility>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/report/text_report.hpp"
#include "report/diagram_keys.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::is_reserved_key;
using detail::kDiagramSchema;
using detail::kForce;
using detail::kRegionsSchema;

namespace {

double diagram_number(double value, const std::string& what) { return detail::finite_in_report(value, "diagram report", what); }

/// x + 0.0 turns -0.0 into +0.0, as in the other reports.
json diagram_vector3(const Eigen::Vector3d& v, const std::string& what) {
  return json::array({diagram_number(v[0] + 0.0, what + "[0]"), diagram_number(v[1] + 0.0, what + "[1]"),
                      diagram_number(v[2] + 0.0, what + "[2]")});
}

/// The parameter value and the load of a point or event: {NAME: p, "force": F} with F = p for
/// a force sweep (one key) and F = the fixed load otherwise.
void put_parameter(json& object, const Diagram& diagram, double p, const std::string& where) {
  object[diagram.parameter] = diagram_number(p, where + "." + diagram.parameter);
  if (diagram.parameter != kForce) object[kForce] = diagram_number(diagram.force, where + ".force");
}

json point_to_json(const BranchPoint& point, const Diagram& diagram, const std::string& where) {
  json out = json::object();
  put_parameter(out, diagram, point.p, where);
  out["w"] = diagram_vector3(point.w, where + ".w");
  out["rdot"] = diagram_number(point.rdot, where + ".rdot");
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
    directions.push_back(diagram_vector3(event.directions[k], where + ".directions[" + std::to_string(k) + "]"));
  // docs/manual.md section 5: "w" is the (first) direction of the event.
  out["w"] = directions.empty() ? json(nullptr) : directions.front();
  out["directions"] = std::move(directions);
  out["branches"] = event.branches;
  out["located"] = event.located;
  out["error"] = diagram_number(event.p_error, where + ".error");
  if (event.kind == EventKind::continuum) {  // docs/manual.md section 5: find-limits' circles there
    json circles = json::array();
    for (const LimitCircle& circle : event.circles) circles.push_back(circle_to_json(circle));
    out["circles"] = std::move(circles);
    if (event.half_meridian) out["half_meridian"] = diagram_vector3(*event.half_meridian, where + ".half_meridian");
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

}  // namespace

json regions_to_json(const std::vector<Region>& regions) {
  json out = json::array();
  for (std::size_t k = 0; k < regions.size(); ++k) {
    const Region& region = regions[k];
    const std::string where = "regions[" + std::to_string(k) + "]";
    json types = json::object();
    for (const auto& [name, n] : region.types) types[name] = n;
    out.push_back({{"from", diagram_number(region.from, where + ".from")},
                   {"to", diagram_number(region.to, where + ".to")},
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
    json entry = {{"id", branch.id}, {"closed", branch.closed}, {"points", std::move(points)}};
    if (branch.jump_set) entry["jump_set"] = *branch.jump_set;  // Filippov limit directions on a jump set
    branches.push_back(std::move(entry));
  }
  json bifurcations = json::array();
  for (std::size_t k = 0; k < diagram.events.size(); ++k)
    bifurcations.push_back(event_to_json(diagram.events[k], diagram, "bifurcations[" + std::to_string(k) + "]"));
  // then the ends of the orbit branches that are events (docs/manual.md section 9)
  for (json& e : orbit_events_to_json(diagram)) bifurcations.push_back(std::move(e));

  // The embedded problem file carries the fixed load of a sweep in another parameter.
  const bool force_sweep = diagram.parameter == kForce;
  Problem embedded = problem;
  if (!force_sweep) embedded.force = diagram_number(diagram.force, "force");
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
          {"from", diagram_number(diagram.from, "from")},
          {"to", diagram_number(diagram.to, "to")},
          {"force", force_sweep ? json(nullptr) : json(diagram_number(diagram.force, "force"))},
          {"branches", std::move(branches)},
          {"bifurcations", std::move(bifurcations)},
          {"regions", std::move(regions)},
          {"orbit_branches", orbit_branches_to_json(diagram)},
          {"certificate", certificate_to_json(diagram.certificate)}};
}

json regions_report(const Diagram& diagram, const std::vector<Region>& regions) {
  const bool force_sweep = diagram.parameter == kForce;
  json events = json::array();  // the diagram's events in brief: what bounds the regions (plot draws them)
  for (std::size_t k = 0; k < diagram.events.size(); ++k)
    events.push_back({{"kind", to_string(diagram.events[k].kind)},
                      {"value", diagram_number(diagram.events[k].p, "events[" + std::to_string(k) + "].value")}});
  return {{"schema", kRegionsSchema},
          {"limitdir_version", limitdir::version},
          {"parameter", diagram.parameter},
          {"from", diagram_number(diagram.from, "from")},
          {"to", diagram_number(diagram.to, "to")},
          {"force", force_sweep ? json(nullptr) : json(diagram_number(diagram.force, "force"))},
          {"regions", regions_to_json(regions)},
          {"events", std::move(events)}};
}

}  // namespace limitdir
