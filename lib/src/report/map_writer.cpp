// The bifurcation-map report: see report/map_io.hpp.
#include <map>
#include <string>

#include "core/json_text.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/report/map_io.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/report/text_report.hpp"

namespace limitdir {

namespace {
using json = nlohmann::json;

double map_number(double value, const std::string& what) { return detail::finite_in_report(value, "map report", what); }

json point_json(const MapPoint& p, const std::string& where) {
  return {{"x", map_number(p.x, where + ".x")},
          {"y", map_number(p.y, where + ".y")},
          {"w", json::array({map_number(p.w[0] + 0.0, where + ".w[0]"), map_number(p.w[1] + 0.0, where + ".w[1]"),
                             map_number(p.w[2] + 0.0, where + ".w[2]")})},
          {"rdot", map_number(p.rdot, where + ".rdot")}};
}

json axis_json(const MapAxis& a) { return {{"parameter", a.name}, {"from", a.from}, {"to", a.to}}; }

json curves_json(const BifurcationMap& m) {
  json out = json::array();
  for (const MapCurve& c : m.curves) {
    const std::string where = "curves[" + std::to_string(c.id) + "]";
    json points = json::array();
    for (std::size_t k = 0; k < c.points.size(); ++k)
      points.push_back(point_json(c.points[k], where + ".points[" + std::to_string(k) + "]"));
    out.push_back({{"id", c.id},
                   {"kind", to_string(c.kind)},
                   {"ends", json::array({to_string(c.ends[0]), to_string(c.ends[1])})},
                   {"mirrors", c.mirrors},
                   {"points", std::move(points)}});
  }
  return out;
}

json points_json(const BifurcationMap& m) {
  json out = json::array();
  for (std::size_t k = 0; k < m.points.size(); ++k) {
    json p = point_json(m.points[k].at, "points[" + std::to_string(k) + "]");
    p["kind"] = to_string(m.points[k].kind);
    p["curves"] = m.points[k].curves;
    out.push_back(std::move(p));
  }
  return out;
}

json crossings_json(const BifurcationMap& m) {
  json out = json::array();
  for (std::size_t k = 0; k < m.crossings.size(); ++k) {
    const MapCrossing& c = m.crossings[k];
    const std::string where = "crossings[" + std::to_string(k) + "]";
    json curves = json::array(), kinds = json::array(), w = json::array();
    for (int i : {0, 1}) {
      curves.push_back(c.curves[i]);
      kinds.push_back(to_string(m.curves.at(static_cast<std::size_t>(c.curves[i])).kind));
      w.push_back(json::array({map_number(c.w[i][0] + 0.0, where + ".w"), map_number(c.w[i][1] + 0.0, where + ".w"),
                               map_number(c.w[i][2] + 0.0, where + ".w")}));
    }
    out.push_back({{"x", map_number(c.x, where + ".x")},
                   {"y", map_number(c.y, where + ".y")},
                   {"curves", std::move(curves)},
                   {"kinds", std::move(kinds)},
                   {"w", std::move(w)},
                   {"located_to", c.located ? json(map_number(c.located_to, where + ".located_to")) : json(nullptr)}});
  }
  return out;
}

json orbit_curves_json(const BifurcationMap& m) {
  if (!m.orbit_curves) return nullptr;  // not searched (MapOptions::orbits off)
  json out = json::array();
  for (const OrbitCurve& c : *m.orbit_curves) {
    const std::string where = "orbit_curves[" + std::to_string(c.id) + "]";
    json points = json::array();
    for (std::size_t k = 0; k < c.points.size(); ++k) {
      const OrbitCurvePoint& q = c.points[k];
      const std::string at = where + ".points[" + std::to_string(k) + "]";
      points.push_back({{"x", map_number(q.x, at + ".x")},
                        {"y", map_number(q.y, at + ".y")},
                        {"along", q.along_x ? "x" : "y"},
                        {"located", q.located},
                        {"p_error", map_number(q.p_error, at + ".p_error")},
                        {"period", q.period ? json(map_number(*q.period, at + ".period")) : json(nullptr)},
                        {"exponent", q.exponent ? json(map_number(*q.exponent, at + ".exponent")) : json(nullptr)}});
    }
    out.push_back({{"id", c.id}, {"kind", c.kind}, {"points", std::move(points)}});
  }
  return out;
}

json regions_json(const Problem& problem, const BifurcationMap& m) {
  json out = json::array();
  for (std::size_t k = 0; k < m.regions.size(); ++k) {
    const MapRegion& r = m.regions[k];
    const std::string where = "regions[" + std::to_string(k) + "]";
    json types = json::object();
    for (const auto& [name, n] : r.types) types[name] = n;
    // the paper's Case 1-4 is a structure of the load sweep of the disc or the ball (Sect. 7.4)
    const std::optional<int> paper = paper_case(problem_at(problem, m.x, r.x, m.y, r.y), "force", Region{0, 0, r.count, r.types});
    out.push_back({{"x", map_number(r.x, where + ".x")},
                   {"y", map_number(r.y, where + ".y")},
                   {"count", r.count},
                   {"types", std::move(types)},
                   {"case", paper ? json(*paper) : json(nullptr)},
                   {"level", to_string(r.level)},
                   {"area", map_number(r.area, where + ".area")}});
  }
  return out;
}

}  // namespace

json map_report(const Problem& problem, const BifurcationMap& m) {
  json lines = json::array();
  for (const MapLine& l : m.lines)
    lines.push_back({{"along", l.along_x ? "x" : "y"}, {"at", l.value}, {"events", l.events}, {"level", to_string(l.level)}});
  json branch_points = json::array();
  for (std::size_t k = 0; k < m.branch_points.size(); ++k)
    branch_points.push_back(point_json(m.branch_points[k], "branch_points[" + std::to_string(k) + "]"));
  return {{"schema", "limitdir.map/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(problem)},
          {"model", make_friction_model(problem)->description()},
          {"x", axis_json(m.x)},
          {"y", axis_json(m.y)},
          {"mirrors", m.mirrors},
          {"half_turn", m.half_turn},
          {"max_chord", m.max_chord > 0 ? json(m.max_chord) : json(nullptr)},
          {"curves", curves_json(m)},
          {"points", points_json(m)},
          {"crossings", crossings_json(m)},
          {"orbit_curves", orbit_curves_json(m)},
          {"regions", regions_json(problem, m)},
          {"lines", std::move(lines)},
          {"branch_points", std::move(branch_points)},
          {"certificate", certificate_to_json(m.certificate)}};
}

}  // namespace limitdir
