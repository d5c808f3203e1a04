// Bifurcation diagrams as JSON (docs/manual.md section 5, "limitdir.diagram/1"): diagram_report and
// diagram_from_json are inverse on every field of a Diagram, the reader rejects bad documents
// with a message naming the key, and diagram_differences compares by meaning: it accepts
// reordered events, regions and branches, new branch ids and resampled branches, and reports a
// shifted or missing event, a different region, a moved branch and points of another type (but
// not at an event, nor where the type changes between two samples).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"
#include "synthetic_diagram.hpp"

namespace test_diagram_io {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::ClosedOrbit;
using limitdir::HopfOrbits;
using limitdir::OrbitStability;
using limitdir::BranchPoint;
using limitdir::Diagram;
using limitdir::Event;
using limitdir::EventKind;
using limitdir::Level;
using limitdir::InputError;
using limitdir::Radial;
using limitdir::SphereType;
using json = nlohmann::json;

namespace {

limitdir::Problem disc_problem() {
  return limitdir::parse_problem(json::parse(R"({"schema": "limitdir.problem/1", "name": "disc",
      "system": {"preset": "disc"}, "friction": {"model": "harmonic", "degree": 2}})"),
                                 "disc.json");
}

Eigen::Vector3d unit(double x, double y, double z) { return Eigen::Vector3d(x, y, z).normalized(); }

BranchPoint point(double p, const Eigen::Vector3d& w, double rdot, SphereType type) {
  const Radial radial = rdot < 0 ? Radial::attracting : rdot > 0 ? Radial::repelling : Radial::tangent;
  return {p, w, rdot, radial, type};
}

/// The point a fraction t of the way from a to b (linear in p, w and rdot): it lies on the
/// polyline through a and b, so a branch resampled this way is the same curve.
BranchPoint between(const BranchPoint& a, const BranchPoint& b, double t) {
  return {a.p + t * (b.p - a.p), a.w + t * (b.w - a.w), a.rdot + t * (b.rdot - a.rdot), a.radial, a.type};
}

/// A diagram shaped like Fig. 13 (the disc with a linear model), built by hand: the trivial
/// branch w = e1 with its tangency, a bent branch of non-trivial directions born at a
/// pitchfork, a closed loop, and the Cases 1-3 as regions.
Diagram hand_built() {
  Diagram d;
  d.parameter = "force";
  d.from = 0.0;
  d.to = 1.5;
  d.force = 0.0;

  limitdir::Branch trivial;
  trivial.id = 1;
  for (const double p : {0.0, 0.5, 1.05, 1.5})
    trivial.points.push_back(
        point(p, unit(1, 0, 0), p - 1.05, p < 1.05 ? SphereType::stable_node : SphereType::saddle));
  trivial.points[2].radial = Radial::tangent;

  limitdir::Branch bent;  // vertices V0, V1, V2 of a polyline with a bend at V1
  bent.id = 2;
  bent.points.push_back(point(0.0, unit(0.8, 0, 0.6), -0.7, SphereType::stable_node));
  bent.points.push_back(point(0.3, unit(0.86, 0, 0.51), -0.5, SphereType::stable_node));
  bent.points.push_back(point(0.6, unit(1, 0, 0), -0.45, SphereType::non_hyperbolic));

  limitdir::Branch loop;
  loop.id = 3;
  loop.closed = true;
  for (int k = 0; k < 6; ++k) {
    const double angle = 2 * std::acos(-1.0) * k / 6;
    loop.points.push_back(point(0.2 + 0.1 * std::cos(angle), unit(0, std::cos(angle), std::sin(angle)), -1.0,
                                SphereType::saddle));
  }
  d.branches = {trivial, bent, loop};

  Event tangency{EventKind::tangency, 1.05, {unit(1, 0, 0)}, {1}, true, 0.0, {}, Level::checked};
  Event pitchfork{EventKind::pitchfork, 0.6, {unit(1, 0, 0), unit(0.86, 0, 0.51), unit(0.86, 0, -0.51)}, {1, 2},
                  true, 0.0, {}, Level::checked};
  Event bracketed{EventKind::fold, 0.25, {unit(0.9, 0.1, 0.4)}, {2}, false, 1e-4, {}, Level::checked};
  d.events = {tangency, pitchfork, bracketed};

  d.regions = {{0.0, 0.6, 4, {{"attracting saddle", 1}, {"attracting stable-node", 3}}},
               {0.6, 1.05, 2, {{"attracting saddle", 1}, {"attracting stable-node", 1}}},
               {1.05, 1.5, 2, {{"attracting saddle", 1}, {"repelling saddle", 1}}}};
  d.certificate.level = Level::checked;
  d.certificate.reason = "every check against find-limits agreed";
  return d;
}

void check_same_point(const BranchPoint& a, const BranchPoint& b) {
  CHECK(a.p == b.p);
  CHECK(a.w == b.w);
  CHECK(a.rdot == b.rdot);
  CHECK(a.radial == b.radial);
  CHECK(a.type == b.type);
}

/// Every field of a Diagram that the report carries (certificate.index_sum is not one).
void check_same_diagram(const Diagram& a, const Diagram& b) {
  CHECK(a.parameter == b.parameter);
  CHECK(a.from == b.from);
  CHECK(a.to == b.to);
  CHECK(a.force == b.force);
  REQUIRE(a.branches.size() == b.branches.size());
  for (std::size_t i = 0; i < a.branches.size(); ++i) {
    CHECK(a.branches[i].id == b.branches[i].id);
    CHECK(a.branches[i].closed == b.branches[i].closed);
    REQUIRE(a.branches[i].points.size() == b.branches[i].points.size());
    for (std::size_t k = 0; k < a.branches[i].points.size(); ++k)
      check_same_point(a.branches[i].points[k], b.branches[i].points[k]);
  }
  REQUIRE(a.events.size() == b.events.size());
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    CHECK(a.events[i].kind == b.events[i].kind);
    CHECK(a.events[i].p == b.events[i].p);
    CHECK(a.events[i].directions == b.events[i].directions);
    CHECK(a.events[i].branches == b.events[i].branches);
    CHECK(a.events[i].located == b.events[i].located);
    CHECK(a.events[i].p_error == b.events[i].p_error);
  }
  REQUIRE(a.regions.size() == b.regions.size());
  for (std::size_t i = 0; i < a.regions.size(); ++i) {
    CHECK(a.regions[i].from == b.regions[i].from);
    CHECK(a.regions[i].to == b.regions[i].to);
    CHECK(a.regions[i].count == b.regions[i].count);
    CHECK(a.regions[i].types == b.regions[i].types);
  }
  CHECK(a.certificate.level == b.certificate.level);
  CHECK(a.certificate.reason == b.certificate.reason);
  REQUIRE(a.certificate.claims.size() == b.certificate.claims.size());
  for (std::size_t k = 0; k < a.certificate.claims.size(); ++k) {
    CHECK(a.certificate.claims[k].claim == b.certificate.claims[k].claim);
    CHECK(a.certificate.claims[k].level == b.certificate.claims[k].level);
    CHECK(a.certificate.claims[k].reason == b.certificate.claims[k].reason);
  }
}

/// report -> text -> reader.
Diagram round_trip(const Diagram& d) {
  const json report = limitdir::diagram_report(disc_problem(), d);
  return limitdir::diagram_from_json(json::parse(report.dump(2)), "round-trip.json");
}

std::vector<std::string> differences(const Diagram& a, const Diagram& b) {
  return limitdir::diagram_differences(a, b);  // event 1e-6 relative, 1e-9 absolute; curves 1e-6
}

bool mentions(const std::vector<std::string>& list, const std::string& word) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s.find(word) != std::string::npos; });
}

std::string reader_error(const json& document) {
  try {
    limitdir::diagram_from_json(document, "d.json");
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("diagram_from_json accepted " << document.dump().substr(0, 200));
  return {};
}

/// A diagram with one straight branch (id 7) from p = 0 to 1.2 sampled at `ps`, attracting
/// stable nodes retyped by `retype`, with `events` and no regions.
Diagram straight_branch(const std::vector<double>& ps, const std::function<void(BranchPoint&)>& retype,
                        const std::vector<Event>& events) {
  Diagram d = hand_built();
  d.events = events;
  d.regions.clear();
  const BranchPoint start = point(0.0, unit(1, 0, 0), -1.0, SphereType::stable_node);
  const BranchPoint end = point(1.2, unit(0.8, 0.6, 0), -1.0, SphereType::stable_node);
  limitdir::Branch branch;
  branch.id = 7;
  for (const double p : ps) {
    branch.points.push_back(between(start, end, p / 1.2));
    retype(branch.points.back());
  }
  d.branches = {branch};
  return d;
}

/// Nodes that become foci at p = 0.6, a change of type without an event.
Diagram node_to_focus(const std::vector<double>& ps) {
  return straight_branch(
      ps, [](BranchPoint& x) { x.type = x.p >= 0.6 ? SphereType::stable_focus : SphereType::stable_node; }, {});
}

/// Stable nodes throughout, attracting up to the tangency at p = 1.05 and repelling after it.
Diagram tangency_at_1_05(const std::vector<double>& ps) {
  const Event tangency{EventKind::tangency, 1.05, {unit(0.84, 0.525, 0)}, {7}, true, 0.0, {}, Level::checked};
  return straight_branch(
      ps,
      [](BranchPoint& x) {
        x.radial = x.p < 1.05 ? Radial::attracting : x.p > 1.05 ? Radial::repelling : Radial::tangent;
      },
      {tangency});
}

}  // namespace

TEST_CASE("diagram_io: diagram_report has the keys of docs/manual.md section 5") {
  const json report = limitdir::diagram_report(disc_problem(), hand_built());
  for (const char* key : {"schema", "limitdir_version", "problem", "model", "parameter", "from", "to", "force",
                          "branches", "bifurcations", "regions", "certificate"})
    CHECK_MESSAGE(report.contains(key), key);
  CHECK(report.at("schema") == "limitdir.diagram/1");
  CHECK(report.at("parameter") == "force");
  CHECK(report.at("force").is_null());  // a force sweep has no fixed load
  CHECK(report.at("problem").at("schema") == "limitdir.problem/1");
  const json& point = report.at("branches").at(0).at("points").at(3);
  CHECK(point.at("force") == 1.5);
  CHECK(point.at("radial") == "repelling");
  CHECK(point.at("sphere_type") == "saddle");
  const json& pitchfork = report.at("bifurcations").at(1);
  CHECK(pitchfork.at("kind") == "pitchfork");
  CHECK(pitchfork.at("force") == 0.6);
  CHECK(pitchfork.at("w") == pitchfork.at("directions").at(0));
  CHECK(pitchfork.at("branches") == json::array({1, 2}));
  CHECK(report.at("regions").at(0).at("types") ==
        json::parse(R"({"attracting saddle": 1, "attracting stable-node": 3})"));
  CHECK(report.at("certificate").at("complete") == true);
}

TEST_CASE("diagram_io: diagram_report -> diagram_from_json gives back the diagram") {
  SUBCASE("a force sweep") {
    const Diagram d = hand_built();
    check_same_diagram(d, round_trip(d));
  }
  SUBCASE("another parameter at a fixed load, an incomplete certificate, an event without directions") {
    Diagram d = hand_built();
    d.parameter = "lambda";
    d.from = 2.0;
    d.to = 8.0;
    d.force = 1.0 / 3.0;
    d.events.push_back({EventKind::hopf, 3.25, {}, {}, false, 0.5, {}, Level::checked});
    d.certificate.level = Level::incomplete;
    d.certificate.reason = "a limit direction at lambda = 4 lies on no branch";
    const json report = limitdir::diagram_report(disc_problem(), d);
    CHECK(report.at("force") == 1.0 / 3.0);
    CHECK(report.at("problem").at("force") == 1.0 / 3.0);
    const json& first = report.at("branches").at(0).at("points").at(0);
    CHECK(first.at("lambda") == 0.0);
    CHECK(first.at("force") == 1.0 / 3.0);
    CHECK(report.at("bifurcations").back().at("w").is_null());
    check_same_diagram(d, round_trip(d));
  }
  SUBCASE("a hopf event with the orbits born there (docs/manual.md section 9)") {
    Diagram d = hand_built();
    d.parameter = "lambda";
    d.force = 0.25;
    Event hopf{EventKind::hopf, 0.7, {unit(0, 0, 1)}, {1}, true, 0.0, {}, Level::checked, std::nullopt};
    HopfOrbits born;
    born.kind = "supercritical";
    born.p_below = 0.65;
    born.p_above = 0.75;
    ClosedOrbit o;
    o.w = unit(0.4, 0, 0.9);
    o.period = 4.8;
    o.multiplier = 0.63;
    o.stability = OrbitStability::attracting;
    o.rdot_mean = 0.3;
    o.residual = 1e-12;
    for (int k = 0; k < 8; ++k) o.polyline.push_back(unit(0.4 * std::cos(k * 0.785), 0.4 * std::sin(k * 0.785), 0.9));
    born.below = {o};
    born.reason = "at p = 0.65: 1 orbit; at p = 0.75: none";
    hopf.born = born;
    d.events.push_back(hopf);
    const json report = limitdir::diagram_report(disc_problem(), d);
    std::size_t at = 0;
    while (report.at("bifurcations").at(at).at("kind") != "hopf") ++at;
    const json& orbits = report.at("bifurcations").at(at).at("orbits");
    CHECK(orbits.at("kind") == "supercritical");
    CHECK(orbits.at("below").at("lambda") == 0.65);
    CHECK(orbits.at("below").at("force") == 0.25);
    CHECK(orbits.at("above").at("orbits").empty());
    const Diagram back = round_trip(d);
    check_same_diagram(d, back);
    const auto hopf_back =
        std::find_if(back.events.begin(), back.events.end(), [](const Event& x) { return x.kind == EventKind::hopf; });
    REQUIRE(hopf_back != back.events.end());
    const Event& e = *hopf_back;
    REQUIRE(e.born.has_value());
    CHECK(e.born->kind == born.kind);
    CHECK(e.born->p_below == born.p_below);
    CHECK(e.born->p_above == born.p_above);
    CHECK(e.born->reason == born.reason);
    REQUIRE(e.born->below.size() == 1);
    CHECK(e.born->above.empty());
    const ClosedOrbit& b = e.born->below.front();
    CHECK(b.w == o.w);
    CHECK(b.period == o.period);
    CHECK(b.multiplier == o.multiplier);
    CHECK(b.stability == o.stability);
    CHECK(b.polyline == o.polyline);
    // only a hopf event carries orbits
    const std::size_t other = at == 0 ? 1 : 0;
    json wrong = report;
    wrong["bifurcations"][other]["orbits"] = orbits;
    CHECK_THROWS_WITH_AS(limitdir::diagram_from_json(wrong, "d.json"),
                         doctest::Contains(("bifurcations[" + std::to_string(other) + "].orbits: only a hopf event carries orbits").c_str()),
                         InputError);
    wrong = report;
    wrong["bifurcations"][at]["orbits"]["kind"] = "sometimes";
    CHECK_THROWS_WITH_AS(limitdir::diagram_from_json(wrong, "d.json"), doctest::Contains("orbits.kind"), InputError);
  }
  SUBCASE("an empty diagram") {
    Diagram d;
    d.from = -1;
    d.to = 1;
    check_same_diagram(d, round_trip(d));
  }
}

TEST_CASE("diagram_io: diagram_report refuses non-finite numbers, naming the key") {
  Diagram d = hand_built();
  d.branches[1].points[2].rdot = std::numeric_limits<double>::quiet_NaN();
  try {
    limitdir::diagram_report(disc_problem(), d);
    FAIL("a NaN was written");
  } catch (const limitdir::NumericalError& e) {
    CHECK(std::string(e.what()).find("branches[1].points[2].rdot") != std::string::npos);
  }
  d = hand_built();
  d.parameter = "w";  // would collide with the key "w" of a point
  CHECK_THROWS_AS(limitdir::diagram_report(disc_problem(), d), InputError);
}

TEST_CASE("diagram_io: the certificate's claims are read back, a diagram written before claims reads without") {
  // docs/manual.md section 5, Claims
  Diagram d = hand_built();
  limitdir::set_claim(d.certificate, "branches", Level::proven, "proven: every branch segment enclosed");
  limitdir::set_claim(d.certificate, "events", Level::checked, "3 event(s) located");
  CHECK(d.certificate.level == Level::checked);
  const json report = limitdir::diagram_report(disc_problem(), d);
  REQUIRE(report.at("certificate").at("claims").size() == 2);
  CHECK(report.at("certificate").at("claims").at(0) ==
        json({{"claim", "branches"}, {"level", "proven"}, {"reason", "proven: every branch segment enclosed"}}));
  check_same_diagram(d, round_trip(d));
  json old = report;
  old.at("certificate").erase("claims");
  CHECK(limitdir::diagram_from_json(old, "old.json").certificate.claims.empty());
  // a level that is not the weakest claim, a claim named twice, a claim without a level
  const auto fails = [&](const std::function<void(json&)>& edit, const std::string& what) {
    json bad = report;
    edit(bad.at("certificate"));
    const std::string message = reader_error(bad);
    INFO("message: " << message);
    CHECK(message.find(what) != std::string::npos);
  };
  fails([](json& c) { c["claims"][1]["level"] = "proven"; }, "certificate.level: is not the weakest level of "
                                                             "certificate.claims (proven)");
  fails([](json& c) { c["claims"][1]["claim"] = "branches"; }, "certificate.claims[1].claim: must name a claim once");
  fails([](json& c) { c["claims"][0].erase("level"); }, "certificate.claims[0].level: required key is missing");
  fails([](json& c) { c["claims"] = "all proven"; }, "certificate.claims: must be an array");
}

TEST_CASE("diagram_io: diagram_differences compares the levels of the claims, not their reasons") {
  Diagram a = hand_built();
  limitdir::set_claim(a.certificate, "branches", Level::checked, "2 branch(es)");
  limitdir::set_claim(a.certificate, "events", Level::checked, "3 event(s) located");
  Diagram b = a;
  b.certificate.claims[1].reason = "3 event(s) located; interval arithmetic excludes events elsewhere";
  CHECK(differences(a, b).empty());
  Diagram old = a;  // a reference diagram written before claims
  old.certificate.claims.clear();
  CHECK(differences(a, old).empty());
  CHECK(differences(old, a).empty());
  // the same level, a claim at another level: a difference
  limitdir::set_claim(b.certificate, "branches", Level::proven, "proven: every branch segment enclosed");
  CHECK(b.certificate.level == a.certificate.level);
  const auto found = differences(a, b);
  INFO("differences: " << json(found).dump());
  REQUIRE(found.size() == 1);
  CHECK(found.front() == "certificate.claims[branches].level: A checked, B proven");
}

TEST_CASE("diagram_io: diagram_from_json rejects bad documents, naming the key") {
  const json good = limitdir::diagram_report(disc_problem(), hand_built());
  const auto check = [&](const std::string& pointer, const json& value, const std::string& where,
                         const std::string& what) {
    json document = good;
    if (value.is_discarded())
      document.erase(document.find(pointer.substr(1)));
    else
      document[json::json_pointer(pointer)] = value;
    const std::string message = reader_error(document);
    INFO("message: " << message);
    CHECK(message.rfind("d.json: " + where, 0) == 0);
    CHECK(message.find(what) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  };
  const json removed = json(json::value_t::discarded);
  check("/schema", "limitdir.limits/1", "schema:", "limitdir.diagram/1");
  check("/schema", removed, "schema:", "limitdir.diagram/1");
  check("/parameter", removed, "parameter:", "required key is missing");
  check("/to", -1.0, "to:", "greater than from");
  check("/branches", json::object(), "branches:", "must be an array");
  check("/branches/1/points/2/w", json::array({1, 0}), "branches[1].points[2].w:", "3 numbers");
  check("/branches/1/points/2/w/1", nullptr, "branches[1].points[2].w[1]:", "must be a number");
  check("/branches/1/points/2/w", json::array({0, 0, 0}), "branches[1].points[2].w:", "unit vector");
  // a diagram read back is input: w = (-1e308, ...) or (..., 1e308) once overflowed |w| and
  // reached plot's friction model as the zero slip (exit 5); |w| = 1.005 is no direction either
  check("/branches/1/points/2/w", json::array({-1e308, 0, 0}), "branches[1].points[2].w:", "unit vector");
  check("/branches/1/points/2/w", json::array({0, 0.6, 1e308}), "branches[1].points[2].w:", "unit vector");
  check("/branches/1/points/2/w", json::array({0.6, 0.8, 0.1}), "branches[1].points[2].w:", "unit vector");
  check("/bifurcations/1/directions/1", json::array({1e308, 1e308, 1e308}), "bifurcations[1].directions[1]:",
        "unit vector");
  check("/branches/1/points/0/radial", "sideways", "branches[1].points[0].radial:", "\"attracting\"");
  check("/branches/1/points/0/sphere_type", "node", "branches[1].points[0].sphere_type:", "\"stable-node\"");
  check("/branches/0/points/0/force", "0", "branches[0].points[0].force:", "must be a number");
  check("/branches/1/id", 1, "branches[1].id:", "two branches have this id");
  check("/branches/2/closed", 1, "branches[2].closed:", "true or false");
  check("/bifurcations/0/kind", "cusp", "bifurcations[0].kind:", "\"fold\"");
  check("/bifurcations/1/branches/1", 9, "bifurcations[1].branches[1]:", "no branch has this id");
  check("/bifurcations/1/w", json::array({0, 1, 0}), "bifurcations[1].w:", "directions[0]");
  check("/bifurcations/2/error", -1.0, "bifurcations[2].error:", ">= 0");
  check("/regions/0/count", -2, "regions[0].count:", "integer >= 0");
  check("/regions/0/types/attracting saddle", 0.5, "regions[0].types.attracting saddle:", "integer");
  check("/regions/1/to", 0.5, "regions[1].to:", ">= from");
  check("/certificate/complete", "yes", "certificate.complete:", "true or false");
  check("/certificate/level", "sure", "certificate.level:", "\"proven\"");
  check("/certificate/level", "incomplete", "certificate.level:", "disagrees with certificate.complete");
  CHECK(reader_error(json::array()).find("JSON object") != std::string::npos);

  SUBCASE("integers may be written as integral numbers, as JSON Schema allows") {
    json document = good;
    document["regions"][0]["count"] = 4.0;
    document["branches"][0]["id"] = 1.0;
    const Diagram d = limitdir::diagram_from_json(document, "d.json");
    CHECK(d.regions[0].count == 4);
    CHECK(d.branches[0].id == 1);
    document["regions"][0]["count"] = 4.5;
    CHECK(reader_error(document).rfind("d.json: regions[0].count: must be an integer >= 0", 0) == 0);
  }
  SUBCASE("another parameter needs the fixed load") {
    json document = good;
    document["parameter"] = "lambda";
    document.erase("force");
    CHECK(reader_error(document).rfind("d.json: force: required key is missing", 0) == 0);
    document["force"] = 0.5;  // the points still have "force" only, not "lambda"
    CHECK(reader_error(document).rfind("d.json: branches[0].points[0].lambda: required key is missing", 0) == 0);
  }
}

TEST_CASE("diagram_io: diagram_differences accepts the same diagram reordered and resampled") {
  const Diagram a = hand_built();
  CHECK(differences(a, a).empty());
  CHECK(differences(a, round_trip(a)).empty());

  Diagram b = a;
  // Numbers within the tolerances (1e-6 relative plus 1e-9 absolute): the tangency, a region
  // boundary, the bend V1 of the bent branch.
  b.events[0].p *= 1 + 5e-7;
  b.regions[0].to += 1e-10;
  b.branches[1].points[1].w += Eigen::Vector3d(3e-7, 0, 0);
  // The bent branch resampled on the same polyline, traced backwards:
  // V2, V1 + (V2 - V1)/4, V1, V0 + (V1 - V0)/2, V0.
  const std::vector<BranchPoint> v = b.branches[1].points;
  b.branches[1].points = {v[2], between(v[1], v[2], 0.25), v[1], between(v[0], v[1], 0.5), v[0]};
  // The trivial branch with other points on its straight line, the closed loop started at
  // another point.
  const std::vector<BranchPoint> t = b.branches[0].points;
  b.branches[0].points = {t[0], between(t[0], t[1], 0.3), between(t[1], t[2], 0.9), between(t[2], t[3], 0.5), t[3]};
  std::rotate(b.branches[2].points.begin(), b.branches[2].points.begin() + 2, b.branches[2].points.end());
  // New ids; branches, events, regions and the directions of the pitchfork in another order.
  for (auto& branch : b.branches) branch.id += 10;
  for (auto& event : b.events)
    for (int& id : event.branches) id += 10;
  std::reverse(b.events[1].directions.begin(), b.events[1].directions.end());
  std::reverse(b.branches.begin(), b.branches.end());
  std::reverse(b.events.begin(), b.events.end());
  std::reverse(b.regions.begin(), b.regions.end());

  const std::vector<std::string> found = differences(a, b);
  INFO("differences: " << json(found).dump());
  CHECK(found.empty());
  CHECK(differences(b, a).empty());
}

TEST_CASE("diagram_io: diagram_differences reports each kind of difference") {
  const Diagram a = hand_built();
  Diagram b = a;

  SUBCASE("a shifted event") {
    b.events[1].p += 1e-3;
    const auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    CHECK(found.size() == 2);  // unmatched in A and in B
    CHECK(mentions(found, "pitchfork at force = 0.6"));
    CHECK(mentions(found, "nearest pitchfork of B: pitchfork at force = 0.601"));
  }
  SUBCASE("a bracketed event moved within its error is the same event") {
    b.events[2].p += 0.5e-4;
    CHECK(differences(a, b).empty());
    b.events[2].p += 1e-4;
    CHECK(mentions(differences(a, b), "fold at force = 0.25"));
  }
  SUBCASE("a missing event") {
    b.events.erase(b.events.begin());
    const auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    REQUIRE(found.size() == 1);
    CHECK(mentions(found, "tangency at force = 1.05"));
    CHECK(mentions(found, "B has no tangency"));
  }
  SUBCASE("an event of another kind or with another direction") {
    b.events[0].kind = EventKind::fold;
    CHECK(differences(a, b).size() == 2);
    b = a;
    b.events[1].directions[2] = unit(0.86, 0.01, -0.51);
    CHECK(mentions(differences(a, b), "pitchfork"));
    b = a;
    b.events[1].directions.pop_back();
    CHECK(mentions(differences(a, b), "pitchfork"));
  }
  SUBCASE("a different region") {
    b.regions[1].types = {{"attracting saddle", 2}};  // the same count, other types
    const auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    CHECK(found.size() == 2);
    CHECK(mentions(found, "region force in [0.6, 1.05] with 2 limit direction(s) "
                          "(1 attracting saddle, 1 attracting stable-node) of A"));
    b = a;
    b.regions[0].to = b.regions[1].from = 0.61;
    CHECK(differences(a, b).size() == 4);
    b = a;
    b.regions.pop_back();
    CHECK(mentions(differences(a, b), "region force in [1.05, 1.5]"));
    b = a;
    b.regions[2].types = {{"attracting saddle", 1}, {"repelling stable-node", 1}};  // one name only
    CHECK(mentions(differences(a, b), "region force in [1.05, 1.5] with 2 limit direction(s) "
                                      "(1 attracting saddle, 1 repelling saddle) of A has no counterpart in B"));
  }
  SUBCASE("a moved branch") {
    b.branches[1].points[1].w = unit(0.86, 0.001, 0.51);
    const auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    CHECK(mentions(found, "branch 2 of A: 1 of 3 points lie on no branch of B"));
    CHECK(mentions(found, "branch 2 of B: 1 of 3 points lie on no branch of A"));
  }
  SUBCASE("a branch resampled off its polyline, or cut short") {
    const BranchPoint chord = between(a.branches[1].points[0], a.branches[1].points[2], 0.5);  // cuts the bend
    b.branches[1].points.insert(b.branches[1].points.begin() + 1, chord);
    CHECK(mentions(differences(a, b), "branch 2 of B"));
    b = a;
    b.branches[0].points.pop_back();
    const auto found = differences(a, b);
    CHECK(mentions(found, "branch 1 of A"));
    CHECK_FALSE(mentions(found, "of B:"));
  }
  SUBCASE("a missing branch") {
    b.branches.erase(b.branches.begin() + 2);
    CHECK(mentions(differences(a, b), "branch 3 of A: 6 of 6 points"));
  }
  SUBCASE("the range, the fixed load, the certificate, the parameter") {
    b.to = 1.6;
    CHECK(mentions(differences(a, b), "range of force"));
    b = a;
    b.certificate.level = Level::incomplete;
    CHECK(mentions(differences(a, b), "certificate.level"));
    b = a;
    b.parameter = "lambda";
    CHECK(differences(a, b) == std::vector<std::string>{"parameter: A varies \"force\", B varies \"lambda\""});
    Diagram c = a;
    c.parameter = b.parameter;
    c.force = 0.5;
    b.force = 0.6;
    CHECK(mentions(differences(c, b), "fixed load"));
  }
  SUBCASE("tolerances") {
    using limitdir::DiffTolerance;
    CHECK_THROWS_AS(limitdir::diagram_differences(a, b, DiffTolerance{-1e-6, 1e-9, 1e-6}), InputError);
    CHECK_THROWS_AS(limitdir::diagram_differences(a, b, DiffTolerance{1e-6, 0.0, 1e-6}), InputError);
    CHECK_THROWS_AS(limitdir::diagram_differences(a, b, DiffTolerance{1e-6, 1e-9, 0.0}), InputError);
    CHECK_THROWS_AS(
        limitdir::diagram_differences(a, b, DiffTolerance{std::numeric_limits<double>::infinity(), 1e-9, 1e-6}),
        InputError);
    b.events[1].p += 1e-3;
    CHECK(limitdir::diagram_differences(a, b, DiffTolerance{0.0, 2e-3, 1e-6}).empty());  // a loose tolerance accepts it
  }
}

TEST_CASE("diagram_io: diagram_differences compares the types of the points along the branches") {
  const Diagram a = hand_built();
  Diagram b = a;

  SUBCASE("a point in the middle of a branch with another type") {
    b.branches[2].points[2].type = SphereType::stable_focus;  // on the loop of saddles, force = 0.15
    auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    // B's point lies among A's saddles; A's lies between B's differently typed samples.
    REQUIRE(found.size() == 1);
    CHECK(found.front().rfind("branch 3 of B at force = 0.15, w = [0, -0.5, 0.8660254038]: type attracting "
                              "stable-focus differs from branch 3 of A there (attracting saddle)",
                              0) == 0);
    b = a;
    b.branches[2].points[2].radial = Radial::repelling;
    found = differences(a, b);
    REQUIRE(found.size() == 1);
    CHECK(mentions(found, "type repelling saddle differs from branch 3 of A there (attracting saddle)"));
    b = a;
    b.branches[0].points[0].type = SphereType::saddle;  // at force = 0, next to A's stable node at 0.5
    CHECK(mentions(differences(a, b), "branch 1 of B at force = 0, w = [1, 0, 0]: type attracting saddle"));
  }
  SUBCASE("a point exactly at an event may have any type") {
    b.branches[0].points[2].type = SphereType::unstable_focus;  // the tangency at force = 1.05
    b.branches[0].points[2].radial = Radial::attracting;
    b.branches[1].points[2].type = SphereType::saddle;  // the pitchfork at force = 0.6
    CHECK(differences(a, b).empty());
    // Where the other curve has one type on both sides of the event, only the event exempts it.
    const Diagram c = tangency_at_1_05({0.0, 0.3, 0.6, 0.9, 1.05, 1.2});
    Diagram d = c;
    d.branches[0].points[4].type = SphereType::saddle;
    const auto found = differences(c, d);
    INFO("differences: " << json(found).dump());
    CHECK(found.empty());
  }
  SUBCASE("a point within the tolerance of an event may lie on either side of it") {
    const Diagram c = tangency_at_1_05({0.0, 0.3, 0.6, 0.9, 1.05, 1.2});
    // B has a saddle just after the tangency (by 4e-7 < 1e-9 + 1e-6 * 1.05), where A has nodes.
    Diagram d = tangency_at_1_05({0.0, 0.3, 0.6, 0.9, 1.05, 1.05 + 4e-7, 1.2});
    d.branches[0].points[5].type = SphereType::saddle;
    CHECK(differences(c, d).empty());
    d = tangency_at_1_05({0.0, 0.3, 0.6, 0.9, 1.05, 1.051, 1.2});
    d.branches[0].points[5].type = SphereType::saddle;
    const auto found = differences(c, d);
    INFO("differences: " << json(found).dump());
    REQUIRE(found.size() == 1);
    CHECK(mentions(found, "branch 7 of B at force = 1.051, w = "));
    CHECK(mentions(found, ": type repelling saddle differs from branch 7 of A there "
                          "(tangent stable-node to repelling stable-node)"));
  }
  SUBCASE("a type that changes between samples, wherever they fall") {
    const Diagram coarse = node_to_focus({0.0, 0.4, 0.8, 1.2});
    Diagram fine = node_to_focus({0.0, 0.2, 0.6, 1.0, 1.2});
    CHECK(differences(coarse, fine).empty());
    CHECK(differences(fine, coarse).empty());
    fine.branches[0].points[3].type = SphereType::stable_node;  // force = 1, between two foci of A
    const auto found = differences(coarse, fine);
    INFO("differences: " << json(found).dump());
    REQUIRE(found.size() == 1);
    CHECK(mentions(found, "branch 7 of B at force = 1, w = "));
    CHECK(mentions(found, "type attracting stable-node differs from branch 7 of A there (attracting stable-focus)"));
  }
  SUBCASE("many points of another type: the first ten, then how many more") {
    for (BranchPoint& p : b.branches[2].points) p.type = SphereType::stable_focus;  // the loop, 6 points
    const auto found = differences(a, b);
    INFO("differences: " << json(found).dump());
    REQUIRE(found.size() == 11);
    CHECK(found.front().rfind("branch 3 of A at force = 0.3, w = [0, 1, 0]: type attracting saddle differs from "
                              "branch 3 of B there (attracting stable-focus)",
                              0) == 0);
    CHECK(found.back() == "and 2 more point(s) whose type differs from the other diagram's there");
  }
}

namespace {

/// The helix (p, w) = (s, (cos s, sin s, lift)/|.|), s in [0, 1], sampled with step h: a branch
/// whose polyline cuts its bends by the sagitta c^2 kappa / 8 of each chord c.
Diagram helix(double h, double lift) {
  Diagram d;
  d.parameter = "force";
  d.from = 0.0;
  d.to = 1.0;
  limitdir::Branch branch;
  branch.id = 1;
  const int n = static_cast<int>(std::lround(1.0 / h));
  for (int k = 0; k <= n; ++k) {
    const double s = static_cast<double>(k) / n;
    branch.points.push_back(point(s, unit(std::cos(s), std::sin(s), lift), -1.0, SphereType::stable_node));
  }
  d.branches = {branch};
  d.regions = {{0.0, 1.0, 1, {{"attracting stable-node", 1}}}};
  d.certificate.level = Level::checked;
  return d;
}

}  // namespace

TEST_CASE("diagram_io: diagram_differences tolerates sampling, not a moved branch (the sagitta of a chord)") {
  // Steps 0.05 and 0.01 on the curve (s, cos s, sin s, 0) of curvature 1/2 in (p, w): the coarse
  // chords (c = 0.05 sqrt 2) lie up to c^2 / 16 = 3.1e-4 inside the curve, 300 times the
  // default curve tolerance 1e-6, so only the sampling allowance lets the fine points lie on
  // the coarse polyline.
  const Diagram coarse = helix(0.05, 0.0), fine = helix(0.01, 0.0);
  const auto found = differences(coarse, fine);
  INFO("differences: " << json(found).dump());
  CHECK(found.empty());
  CHECK(differences(fine, coarse).empty());
  // The same fine branch lifted off the equator by 2e-3 in w3: farther than the sagitta.
  const Diagram moved = helix(0.01, 2e-3);
  CHECK(mentions(differences(coarse, moved), "branch 1 of B: 101 of 101 points lie on no branch of A"));
  CHECK(mentions(differences(moved, coarse), "points lie on no branch of B"));
}

TEST_CASE("diagram_io: diagram_differences matches 3000 events given in the reverse order") {
  // 3000 tangencies on 30 branches of 3001 points. Its time is bench_diagram_diff's claim (the
  // sweep over events sorted by parameter is near-linear; the matching of every pair took 20-30 s),
  // measured there: a wall-clock bound here would depend on the machine's speed.
  const Diagram a = limitdir::testing::synthetic_diagram(3000, 30);
  Diagram b = a;
  std::reverse(b.events.begin(), b.events.end());
  CHECK(differences(a, b).empty());
  b.events[1234].p += 0.25;  // between two other events: unmatched on both sides
  const auto found = differences(a, b);
  INFO("differences: " << json(found).dump());
  CHECK(found.size() == 2);
}

}  // namespace test_diagram_io
