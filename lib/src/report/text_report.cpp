// Text tables of the find-limits, sweep-force and bifurcation-map reports (report/text_report.hpp, docs/manual.md
// section 5), and the paper's Cases 1-4 of Sect. 7.4 [Nonlinear Dyn. 2024].
#include "limitdir/report/text_report.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The regions' type names are "<radial> <sphere type>" (regions_to_json).
bool is_repelling(const std::string& type) { return type.rfind("repelling ", 0) == 0; }
bool is_attracting_stable(const std::string& type) {
  return type == "attracting stable-node" || type == "attracting stable-focus";
}

/// Half a unit of the 6th decimal: a number of the fixed-point columns (w, theta, phi) smaller
/// than this prints as 0.000000, and is printed without a sign (docs/manual.md section 5).
constexpr double kTextZero = 5e-7;

double text_number(double v) { return std::abs(v) < kTextZero ? 0.0 : v; }
double text_component(const json& x) { return text_number(x.get<double>()); }

std::string vector_text(const json& w) {
  return fmt::format("({:+.6f}, {:+.6f}, {:+.6f})", text_component(w.at(0)), text_component(w.at(1)),
                     text_component(w.at(2)));
}

std::string problem_name(const json& report) {
  const json& problem = report.at("problem");
  const auto name = problem.find("name");
  return name != problem.end() && name->is_string() && !name->get<std::string>().empty() ? name->get<std::string>()
                                                                                       : "(unnamed problem)";
}

std::string certificate_text(const json& certificate) {
  std::string text = "certificate: " + certificate.at("level").get<std::string>();
  if (const auto sum = certificate.find("index_sum"); sum != certificate.end())
    text += fmt::format(" (index sum {})", sum->get<int>());
  const std::string reason = certificate.at("reason").get<std::string>();
  text += (reason.empty() ? "" : ": " + reason) + "\n";
  // one line per claim (docs/manual.md section 5, "Claims"), the names in one column
  const auto claims = certificate.find("claims");
  if (claims == certificate.end()) return text;
  std::size_t width = 0;
  for (const json& c : *claims) width = std::max(width, c.at("claim").get<std::string>().size());
  for (const json& c : *claims)
    text += fmt::format("  {:<{}}  {:<10}  {}\n", c.at("claim").get<std::string>(), width,
                        c.at("level").get<std::string>(), c.at("reason").get<std::string>());
  return text;
}

std::string directions_table(const json& directions) {
  std::string out = fmt::format("limit directions: {}\n", directions.size());
  if (directions.empty()) return out;
  out += fmt::format("  {:>2}  {:<34}  {:>9}  {:>9}  {:>12}  {:<11}  {:<15}  {:>5}  {}\n", "#", "w", "theta", "phi",
                     "rdot", "radial", "sphere", "index", "colour");
  for (std::size_t k = 0; k < directions.size(); ++k) {
    const json& d = directions[k];
    const json& sphere = d.at("sphere");
    const auto colour = d.find("colour");
    out += fmt::format("  {:>2}  {:<34}  {:>9.6f}  {:>9.6f}  {:>12.5e}  {:<11}  {:<15}  {:>+5d}  {}\n", k + 1,
                       vector_text(d.at("w")), text_component(d.at("theta")), text_component(d.at("phi")),
                       d.at("rdot").get<double>(), d.at("radial").get<std::string>(),
                       sphere.at("type").get<std::string>(), sphere.at("index").get<int>(),
                       colour != d.end() ? colour->get<std::string>() : "-");
  }
  return out;
}

std::string circles_text(const json& report) {
  std::string out;
  const json& circles = report.at("circles");
  if (!circles.empty()) {
    out += fmt::format("circles of limit directions {{w : w . axis = sin theta}}: {}\n", circles.size());
    for (const json& c : circles)
      out += fmt::format("  axis {}  theta {:+.6f}  rdot {:.5e}  {}  {}\n", vector_text(c.at("axis")),
                         text_component(c.at("theta")), c.at("rdot").get<double>(), c.at("radial").get<std::string>(),
                         c.at("sphere_type").get<std::string>());
  }
  const auto singular = report.find("singular_points");
  if (singular != report.end() && !singular->empty()) {
    out += fmt::format("singular points: {}\n", singular->size());
    for (const json& s : *singular)
      out += fmt::format("  w {}  index {:+d}\n", vector_text(s.at("w")), s.at("index").get<int>());
  }
  return out;
}

/// Runs `render`, turning a missing key or a wrong type into one InputError naming `source`.
template <class Render>
std::string rendered(const json& report, const std::string& source, const char* schema, Render render) {
  if (!report.is_object() || report.value("schema", json()) != schema)
    throw InputError(source + ": not a " + schema + " report");
  try {
    return render();
  } catch (const json::exception& e) {
    throw InputError(source + ": malformed " + schema + " report: " + e.what());
  }
}

std::string types_text(const Region& region) {
  std::string out;
  for (const auto& [name, n] : region.types) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, name);
  return out;
}

std::string events_table(const Diagram& diagram) {
  std::string out = fmt::format("events: {}\n", diagram.events.size());
  if (diagram.events.empty()) return out;
  out += fmt::format("  {:<12}  {:>14}  {:<34}  {}\n", "kind", diagram.parameter, "w", "branches");
  for (const Event& e : diagram.events) {
    std::string branches;
    for (int id : e.branches) branches += (branches.empty() ? "" : ",") + std::to_string(id);
    const std::string w =
        e.directions.empty() ? "-" : fmt::format("({:+.6f}, {:+.6f}, {:+.6f})", text_number(e.directions[0][0]),
                                                 text_number(e.directions[0][1]), text_number(e.directions[0][2]));
    const std::string more =
        e.kind == EventKind::continuum
            ? fmt::format(" ({} circle(s), {} isolated direction(s), {})", e.circles.size(), e.directions.size(),
                          to_string(e.level))
        : e.born                  ? fmt::format(" (orbit {})", e.born->kind)
        : e.directions.size() > 1 ? fmt::format(" (+{} mirror)", e.directions.size() - 1)
                                  : "";
    const std::string where = e.located ? fmt::format("{:>14.9f}", e.p) : fmt::format("{:.6f}+-{:.1e}", e.p, e.p_error);
    out += fmt::format("  {:<12}  {:>14}  {:<34}  {}{}\n", to_string(e.kind), where, w, branches, more);
    for (const LimitCircle& c : e.circles)  // a continuum's circles {w : w . axis = sin theta}
      out += fmt::format("    circle: axis ({:+.6f}, {:+.6f}, {:+.6f})  theta {:+.6f}  rdot {:.5e}  {}  {}\n",
                         text_number(c.axis.x()), text_number(c.axis.y()), text_number(c.axis.z()),
                         text_number(c.theta), c.rdot, to_string(c.radial), c.sphere_type);
  }
  return out;
}

std::string regions_table(const Problem& problem, const Diagram& diagram) {
  std::string out = fmt::format("regions: {}\n", diagram.regions.size());
  if (diagram.regions.empty()) return out;
  out += fmt::format("  {:>12}  {:>12}  {:>5}  {:<6}  {}\n", "from", "to", "count", "case", "types");
  for (const Region& r : diagram.regions) {
    const std::optional<int> c = paper_case(problem, diagram.parameter, r);
    out += fmt::format("  {:>12.6f}  {:>12.6f}  {:>5}  {:<6}  {}\n", r.from, r.to, r.count,
                       c ? "Case " + std::to_string(*c) : "-", types_text(r));
  }
  return out;
}

}  // namespace

std::optional<int> paper_case(const Problem& problem, const std::string& parameter, const Region& region) {
  // Sect. 7.4 (disc) and 7.5 (ball): an axisymmetric contact, the load along e1, swept in F.
  const bool paper_system = problem.system.preset == "disc" || problem.system.preset == "ball";
  if (!paper_system || !problem.contact.axisymmetric() || parameter != "force") return std::nullopt;
  int repelling = 0, stable = 0, counted = 0;
  for (const auto& [name, n] : region.types) {
    counted += n;
    if (is_repelling(name)) repelling += n;
    if (is_attracting_stable(name)) stable += n;
  }
  if (counted != region.count) return std::nullopt;  // a circle or a type not listed
  if (region.count == 2 && repelling == 1) return 1;
  if (repelling != 0) return std::nullopt;
  if (region.count == 2 && stable == 1) return 2;
  if (region.count == 4 && stable == 2) return 3;
  if (region.count == 8 && stable == 2) return 4;
  return std::nullopt;
}

std::string limits_text(const json& report, const std::string& source) {
  return rendered(report, source, "limitdir.limits/1", [&] {
    std::string out = fmt::format("find-limits: {}\n", problem_name(report));
    out += fmt::format("load F = {:.9g}, model {}, method {}\n", report.at("force").get<double>(),
                       report.at("model").get<std::string>(), report.at("method").get<std::string>());
    out += directions_table(report.at("limit_directions"));
    out += circles_text(report);
    return out + certificate_text(report.at("certificate"));
  });
}

std::string diagram_text(const json& report, const std::string& source) {
  return rendered(report, source, "limitdir.diagram/1", [&] {
    const Diagram diagram = diagram_from_json(report, source);
    const Problem problem = parse_problem(report.at("problem"), source + ": problem");
    std::string out = fmt::format("sweep-force: {}\n", problem_name(report));
    out += fmt::format("parameter {} from {:.9g} to {:.9g}", diagram.parameter, diagram.from, diagram.to);
    if (diagram.parameter != "force") out += fmt::format(" at load F = {:.9g}", diagram.force);
    out += fmt::format(", model {}\n", report.at("model").get<std::string>());
    std::size_t points = 0;
    for (const Branch& b : diagram.branches) points += b.points.size();
    out += fmt::format("branches: {} ({} points)\n", diagram.branches.size(), points);
    out += events_table(diagram);
    out += regions_table(problem, diagram);
    return out + certificate_text(report.at("certificate"));
  });
}

namespace {

std::string map_curves_table(const json& curves) {
  std::string out = fmt::format("curves: {}\n", curves.size());
  if (curves.empty()) return out;
  out += fmt::format("  {:>3}  {:<16}  {:>6}  {:<27}  {:<27}  {}\n", "id", "kind", "points", "x from .. to",
                     "y from .. to", "ends");
  for (const json& c : curves) {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const json& p : c.at("points")) {
      const double x = p.at("x").get<double>(), y = p.at("y").get<double>();
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    std::string ends;
    for (const json& e : c.at("ends")) ends += (ends.empty() ? "" : ", ") + e.get<std::string>();
    out += fmt::format("  {:>3}  {:<16}  {:>6}  {:>12.6g} .. {:<12.6g}  {:>12.6g} .. {:<12.6g}  {}\n",
                       c.at("id").get<int>(), c.at("kind").get<std::string>(), c.at("points").size(), x0, x1, y0,
                       y1, ends);
  }
  return out;
}

/// The orbit curves (absent from reports before them; null: not continued).
std::string map_orbit_curves_table(const json& report) {
  const auto it = report.find("orbit_curves");
  if (it == report.end()) return "";
  if (it->is_null()) return "orbit curves: not continued (bifurcation-map --orbits)\n";
  std::string out = fmt::format("orbit curves: {}\n", it->size());
  if (it->empty()) return out;
  out += fmt::format("  {:>3}  {:<16}  {:>6}  {:<27}  {:<27}  {}\n", "id", "kind", "points", "x from .. to",
                     "y from .. to", "located");
  for (const json& c : *it) {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    int located = 0;
    for (const json& p : c.at("points")) {
      const double x = p.at("x").get<double>(), y = p.at("y").get<double>();
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      located += p.at("located").get<bool>() ? 1 : 0;
    }
    out += fmt::format("  {:>3}  {:<16}  {:>6}  {:>12.6g} .. {:<12.6g}  {:>12.6g} .. {:<12.6g}  {}\n",
                       c.at("id").get<int>(), c.at("kind").get<std::string>(), c.at("points").size(), x0, x1, y0,
                       y1, located);
  }
  return out;
}

std::string map_points_table(const json& points) {
  std::string out = fmt::format("codimension-2 points: {}\n", points.size());
  if (points.empty()) return out;
  out += fmt::format("  {:<24}  {:>14}  {:>14}  {}\n", "kind", "x", "y", "curves");
  for (const json& p : points) {
    std::string curves;
    for (const json& c : p.at("curves")) curves += (curves.empty() ? "" : ", ") + std::to_string(c.get<int>());
    out += fmt::format("  {:<24}  {:>14.9g}  {:>14.9g}  {}\n", p.at("kind").get<std::string>(),
                       p.at("x").get<double>(), p.at("y").get<double>(), curves);
  }
  return out;
}

/// The crossings of curves on different directions (absent from reports before they were listed).
std::string map_crossings_table(const json& report) {
  const auto crossings = report.find("crossings");
  if (crossings == report.end()) return {};
  std::string out = fmt::format("crossings: {}\n", crossings->size());
  if (crossings->empty()) return out;
  out += fmt::format("  {:>14}  {:>14}  {}\n", "x", "y", "curves");
  for (const json& c : *crossings) {
    const json &ids = c.at("curves"), &kinds = c.at("kinds");
    out += fmt::format("  {:>14.9g}  {:>14.9g}  {} {} {}, {} {} {}\n", c.at("x").get<double>(), c.at("y").get<double>(),
                       ids.at(0).get<int>(), kinds.at(0).get<std::string>(), vector_text(c.at("w").at(0)),
                       ids.at(1).get<int>(), kinds.at(1).get<std::string>(), vector_text(c.at("w").at(1)));
  }
  return out;
}

std::string map_regions_table(const json& regions) {
  std::string out = fmt::format("regions: {}\n", regions.size());
  if (regions.empty()) return out;
  out += fmt::format("  {:<6}  {:>5}  {:>12}  {:>12}  {:<10}  {}\n", "case", "count", "x", "y", "level", "types");
  for (const json& r : regions) {
    std::string types;
    for (const auto& [name, n] : r.at("types").items())
      types += fmt::format("{}{} {}", types.empty() ? "" : ", ", n.get<int>(), name);
    const json& c = r.at("case");
    out += fmt::format("  {:<6}  {:>5}  {:>12.6g}  {:>12.6g}  {:<10}  {}\n",
                       c.is_number() ? "Case " + std::to_string(c.get<int>()) : "-", r.at("count").get<int>(),
                       r.at("x").get<double>(), r.at("y").get<double>(), r.at("level").get<std::string>(), types);
  }
  return out;
}

}  // namespace

std::string map_text(const json& report, const std::string& source) {
  return rendered(report, source, "limitdir.map/1", [&] {
    const json &x = report.at("x"), &y = report.at("y");
    std::string out = fmt::format("bifurcation-map: {}\n", problem_name(report));
    out += fmt::format("x = {} from {:.9g} to {:.9g}, y = {} from {:.9g} to {:.9g}, model {}\n",
                       x.at("parameter").get<std::string>(), x.at("from").get<double>(), x.at("to").get<double>(),
                       y.at("parameter").get<std::string>(), y.at("from").get<double>(), y.at("to").get<double>(),
                       report.at("model").get<std::string>());
    out += map_curves_table(report.at("curves"));
    out += map_points_table(report.at("points"));
    out += map_crossings_table(report);
    out += map_orbit_curves_table(report);
    out += map_regions_table(report.at("regions"));
    return out + certificate_text(report.at("certificate"));
  });
}

}  // namespace limitdir
