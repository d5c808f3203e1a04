// The branches of closed orbits of a diagram as JSON (report/diagram_io.hpp
// orbit_branches_to_json; docs/manual.md section 9 "Continuation of orbits").
#include <string>

#include "core/json_text.hpp"
#include "limitdir/continuation/orbit_events.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "report/diagram_keys.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

double orbit_number(double value, const std::string& what) { return detail::finite_in_report(value, "diagram report", what); }

json end_to_json(const OrbitEnd& e, const Diagram& diagram, const std::string& where) {
  json out{{"kind", e.kind}};
  out[diagram.parameter] = orbit_number(e.p, where + "." + diagram.parameter);
  out["error"] = orbit_number(e.p_error, where + ".error");
  out["exponent"] = e.exponent ? json(orbit_number(*e.exponent, where + ".exponent")) : json(nullptr);
  out["reason"] = e.reason;
  return out;
}

json orbit_point_to_json(const OrbitPoint& q, const Diagram& diagram, const std::string& where) {
  json out = json::object();
  out[diagram.parameter] = orbit_number(q.p, where + "." + diagram.parameter);
  out["period"] = orbit_number(q.period, where + ".period");
  out["multiplier"] = orbit_number(q.multiplier, where + ".multiplier");
  out["w"] = json::array({orbit_number(q.w[0] + 0.0, where + ".w[0]"), orbit_number(q.w[1] + 0.0, where + ".w[1]"),
                          orbit_number(q.w[2] + 0.0, where + ".w[2]")});
  out["rdot_mean"] = orbit_number(q.rdot_mean, where + ".rdot_mean");
  out["slip"] = q.rdot_mean > 0 ? "grows" : q.rdot_mean < 0 ? "decays" : "neutral";
  out["amplitude"] = orbit_number(q.amplitude, where + ".amplitude");
  return out;
}

}  // namespace

json orbit_events_to_json(const Diagram& diagram) {
  json out = json::array();
  const std::vector<OrbitEvent> events = orbit_events(diagram.orbit_branches);
  for (std::size_t k = 0; k < events.size(); ++k) {
    const OrbitEvent& e = events[k];
    const std::string where = "bifurcations[" + std::to_string(diagram.events.size() + k) + "]";
    json entry{{"kind", e.kind}};
    entry[diagram.parameter] = orbit_number(e.p, where + "." + diagram.parameter);
    if (diagram.parameter != "force") entry["force"] = orbit_number(diagram.force, where + ".force");
    entry["w"] = nullptr;  // no limit direction is involved: the orbit is on its branch
    entry["directions"] = json::array();
    entry["branches"] = json::array();
    entry["orbit_branches"] = json::array({e.orbit_branch});
    entry["located"] = e.located;
    entry["error"] = orbit_number(e.p_error, where + ".error");
    entry["period"] = e.period ? json(orbit_number(*e.period, where + ".period")) : json(nullptr);
    entry["exponent"] = e.exponent ? json(orbit_number(*e.exponent, where + ".exponent")) : json(nullptr);
    entry["reason"] = e.reason;
    out.push_back(std::move(entry));
  }
  return out;
}

json orbit_branches_to_json(const Diagram& diagram) {
  json out = json::array();
  for (std::size_t b = 0; b < diagram.orbit_branches.size(); ++b) {
    const OrbitBranch& branch = diagram.orbit_branches[b];
    const std::string where = "orbit_branches[" + std::to_string(b) + "]";
    json points = json::array();
    for (std::size_t k = 0; k < branch.points.size(); ++k)
      points.push_back(orbit_point_to_json(branch.points[k], diagram, where + ".points[" + std::to_string(k) + "]"));
    out.push_back({{"id", branch.id},
                   {"kind", "orbit"},
                   {"hopf_event", branch.hopf_event ? json(*branch.hopf_event) : json(nullptr)},
                   {"points", std::move(points)},
                   {"ends", json::array({end_to_json(branch.ends[0], diagram, where + ".ends[0]"),
                                         end_to_json(branch.ends[1], diagram, where + ".ends[1]")})},
                   {"level", to_string(branch.level)},
                   {"reason", branch.reason}});
  }
  return out;
}

}  // namespace limitdir
