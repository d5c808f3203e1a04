// The JSON that apps print and pass to each other (docs/manual.md section 5): problem_to_json must
// round-trip through parse_problem, directions_from_json must read the three shapes classify
// accepts and reject everything else with a message naming the entry, and the reports must
// have the documented keys.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/report/report.hpp"

namespace test_reports {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::InputError;
using limitdir::Problem;
using json = nlohmann::json;

namespace {

const double not_a_number = std::numeric_limits<double>::quiet_NaN();

std::filesystem::path problems_dir() {
  return std::filesystem::path(LIMITDIR_SHARE_DIR) / "problems";
}

/// Every field of a Problem that the problem file determines (not `source`).
void check_same_problem(const Problem& a, const Problem& b) {
  CHECK(a.name == b.name);
  CHECK(a.system.preset == b.system.preset);
  CHECK(a.system.j == b.system.j);
  if (a.system.preset == "ball") CHECK(a.system.lambda == b.system.lambda);
  if (a.system.preset == "general") {
    CHECK(a.system.mass == b.system.mass);
    CHECK(a.system.load_direction == b.system.load_direction);
    CHECK(a.system.load_offset == b.system.load_offset);
  }
  CHECK(limitdir::pressure_to_json(a.pressure) == limitdir::pressure_to_json(b.pressure));
  CHECK(a.pressure.kappa() == b.pressure.kappa());
  CHECK(a.friction.model == b.friction.model);
  CHECK(a.friction.degree == b.friction.degree);
  CHECK(a.friction.order == b.friction.order);
  CHECK(a.rho.kind == b.rho.kind);
  CHECK(a.rho.value == b.rho.value);
  CHECK(a.rho_over_R() == b.rho_over_R());
  CHECK(a.force == b.force);
}

/// problem -> JSON text -> parse_problem gives the same problem and the same JSON.
void check_round_trip(const Problem& problem) {
  const json document = limitdir::problem_to_json(problem);
  CHECK(document.at("schema") == "limitdir.problem/1");
  const Problem again = limitdir::parse_problem(json::parse(document.dump()), "round-trip.json");
  check_same_problem(problem, again);
  CHECK(limitdir::problem_to_json(again) == document);
}

std::string input_error(const json& document) {
  try {
    limitdir::directions_from_json(document, "in.json");
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("directions_from_json accepted " << document.dump());
  return {};
}

}  // namespace

TEST_CASE("problem_to_json round-trips every bundled problem through parse_problem") {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(problems_dir())) {
    if (entry.path().extension() != ".json") continue;
    if (entry.path().filename().string().rfind("roll-", 0) == 0) continue;  // limitdir.roll/1 files
    if (entry.path().filename().string().rfind("celt", 0) == 0) continue;  // limitdir.celt/1 files (celt/test_celt.cpp)
    if (entry.path().filename().string().rfind("pile", 0) == 0) continue;  // limitdir.pile/1 (granular/test_pile_problem.cpp)
    CAPTURE(entry.path().string());
    check_round_trip(limitdir::load_problem(entry.path().string()));
    ++count;
  }
  CHECK(count >= 6);
}

TEST_CASE("problem_to_json round-trips the overrides and awkward numbers") {
  Problem problem = limitdir::load_problem((problems_dir() / "disc.json").string());
  SUBCASE("rho as a number, a power pressure, a force that is not a short decimal") {
    limitdir::apply_overrides(problem, std::nullopt, 7, std::string("power:0.3"), std::string("0.1"), 1.0 / 3.0);
    check_round_trip(problem);
  }
  SUBCASE("pade order and rho = R") {
    limitdir::apply_overrides(problem, std::string("pade:2"), std::nullopt, std::string("hertz"), std::string("R"),
                              -0.2);
    check_round_trip(problem);
  }
  SUBCASE("a problem without a name has no name key") {
    problem.name.clear();
    CHECK_FALSE(limitdir::problem_to_json(problem).contains("name"));
    check_round_trip(problem);
  }
  SUBCASE("ball and general systems keep their parameters") {
    Problem ball = limitdir::load_problem((problems_dir() / "ball.json").string());
    ball.system.lambda = 3.5;
    ball.system.j = 0.25;
    check_round_trip(ball);
    Problem general = limitdir::load_problem((problems_dir() / "general.json").string());
    general.system.load_offset = Eigen::Vector3d(0.1, -0.2, 1e-17);
    check_round_trip(general);
  }
}

TEST_CASE("directions_from_json reads a bare list, a directions object and a find-limits report") {
  const std::vector<Eigen::Vector3d> want{Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 0.5, -2)};
  SUBCASE("bare list of 3-vectors") {
    CHECK(limitdir::directions_from_json(json::parse("[[1, 0, 0], [0, 0.5, -2]]")) == want);
  }
  SUBCASE("{\"directions\": [...]} with vectors or objects with w") {
    CHECK(limitdir::directions_from_json(json::parse(R"({"directions": [[1, 0, 0], {"w": [0, 0.5, -2]}]})")) == want);
  }
  SUBCASE("find-limits report") {
    const json report = json::parse(R"({"schema": "limitdir.limits/1", "force": 0.2,
        "limit_directions": [{"w": [1, 0, 0], "rdot": -1}, {"w": [0, 0.5, -2], "rdot": 1}],
        "circles": [], "certificate": {"index_sum": 2, "complete": true, "reason": ""}})");
    CHECK(limitdir::directions_from_json(report) == want);
  }
  SUBCASE("an empty list is no directions") {
    CHECK(limitdir::directions_from_json(json::array()).empty());
    CHECK(limitdir::directions_from_json(json::parse(R"({"limit_directions": []})")).empty());
  }
}

TEST_CASE("directions_from_json rejects bad shapes, naming the entry") {
  const auto check = [](const json& document, const std::string& where, const std::string& what) {
    const std::string message = input_error(document);
    INFO("message: " << message);
    CHECK(message.rfind("in.json: " + where, 0) == 0);
    CHECK(message.find(what) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  };
  check(json::parse("[[1, 0]]"), "directions[0]:", "3 numbers");
  check(json::parse("[[1, 0, 0], [1, \"a\", 0]]"), "directions[1][1]:", "must be a number");
  check(json::array({json::array({1.0, 0.0, 0.0}), json::array({1.0, not_a_number, 0.0})}), "directions[1][1]:",
        "finite");
  check(json::array({json::array({std::numeric_limits<double>::infinity(), 0.0, 0.0})}), "directions[0][0]:",
        "finite");
  check(json::parse("[[0, 0, 0]]"), "directions[0]:", "zero length");
  check(json::parse("[1, 0, 0]"), "directions[0]:", "3 numbers");
  check(json::parse(R"({"directions": [[1, 0, 0], {"v": [1, 0, 0]}]})"), "directions[1]:", "\"w\"");
  check(json::parse(R"({"limit_directions": [{"w": [1, 0, 0]}, {"w": [1, 0, 0, 0]}]})"), "limit_directions[1].w:",
        "3 numbers");
  check(json::parse(R"({"limit_directions": {"w": [1, 0, 0]}})"), "limit_directions:", "array");
  check(json::parse(R"({"schema": "limitdir.friction/1"})"), "", "limit_directions");
  check(json::parse(R"({"directions": [], "limit_directions": []})"), "", "both");
  check(json(3.5), "", "list of directions");
}

TEST_CASE("parse_directions_input takes the problem and the force a report carries") {
  Problem problem = limitdir::load_problem((problems_dir() / "general.json").string());
  const json document{{"problem", limitdir::problem_to_json(problem)}, {"force", 0.7}, {"directions", {{0, 1, 0}}}};
  const limitdir::DirectionsInput input = limitdir::parse_directions_input(document, "<stdin>");
  REQUIRE(input.problem);
  check_same_problem(*input.problem, problem);
  REQUIRE(input.force);
  CHECK(*input.force == 0.7);
  CHECK(input.directions == std::vector<Eigen::Vector3d>{Eigen::Vector3d(0, 1, 0)});

  const limitdir::DirectionsInput bare = limitdir::parse_directions_input(json::parse("[[0, 0, 1]]"), "<stdin>");
  CHECK_FALSE(bare.problem);
  CHECK_FALSE(bare.force);

  json bad_force = document;
  bad_force["force"] = "0.7";
  CHECK_THROWS_WITH_AS(limitdir::parse_directions_input(bad_force, "<stdin>"),
                       doctest::Contains("<stdin>: force: must be a finite number"), InputError);
  json bad_problem = document;
  bad_problem["problem"]["friction"]["model"] = "harmonik";
  CHECK_THROWS_WITH_AS(limitdir::parse_directions_input(bad_problem, "<stdin>"),
                       doctest::Contains("<stdin>: problem: friction.model"), InputError);
}

TEST_CASE("classification_to_json writes the keys of docs/manual.md section 5") {
  limitdir::Classification c;
  c.w = Eigen::Vector3d(1, 0, 0);  // on the equator: epsilon = +infinity
  c.rdot = -0.5;
  c.residual = 1e-16;
  c.radial = limitdir::Radial::attracting;
  c.P << 0, 0, 1, 0, 0, 1;
  c.J_T << -1, 0, 0, -2;
  c.modified_jacobian.setZero();
  c.eigenvalues << std::complex<double>(-1, 0), std::complex<double>(-2, 0);
  c.eigenvectors.setZero();
  c.eigenvectors(1, 0) = 1;
  c.eigenvectors(2, 1) = 1;
  c.type = limitdir::SphereType::stable_node;
  c.index = 1;
  c.colour = "blue";

  const json brief = limitdir::classification_to_json(c, 2.0 / 3.0, false);
  for (const char* key : {"w", "theta", "phi", "epsilon", "rdot", "residual", "radial", "sphere", "colour",
                          "differentiable"})
    CHECK_MESSAGE(brief.contains(key), key);
  CHECK(brief.at("epsilon").is_null());
  CHECK(brief.at("theta") == 0.0);
  CHECK(brief.at("radial") == "attracting");
  CHECK(brief.at("sphere").at("type") == "stable-node");
  CHECK(brief.at("sphere").at("eigenvalues") == json::parse("[[-1.0, 0.0], [-2.0, 0.0]]"));
  CHECK(brief.at("sphere").at("index") == 1);
  CHECK_FALSE(brief.contains("jacobian_tangent"));

  const json detailed = limitdir::classification_to_json(c, 2.0 / 3.0, true);
  for (const char* key : {"jacobian_tangent", "tangent_basis", "eigenvectors", "modified_jacobian", "angle_jacobian"})
    CHECK_MESSAGE(detailed.contains(key), key);
  CHECK(detailed.at("tangent_basis").size() == 3);
  CHECK(detailed.at("tangent_basis")[0].size() == 2);
  CHECK(detailed.at("eigenvectors")[0] == json::parse("[[0.0, 0.0], [1.0, 0.0], [0.0, 0.0]]"));
  CHECK(detailed.at("angle_jacobian").is_null());

  c.w = Eigen::Vector3d(0, 0.6, 0.8);
  c.colour.reset();
  const json off = limitdir::classification_to_json(c, 2.0 / 3.0, false);
  CHECK_FALSE(off.contains("colour"));
  CHECK(off.at("epsilon").get<double>() == doctest::Approx(2.0 / 3.0 * 0.6 / 0.8));

  c.rdot = not_a_number;
  CHECK_THROWS_WITH_AS(limitdir::classification_to_json(c, 2.0 / 3.0, false), doctest::Contains("rdot"),
                       limitdir::NumericalError);
}

TEST_CASE("limits_report embeds a problem that rebuilds the system at the reported force") {
  Problem problem = limitdir::load_problem((problems_dir() / "disc.json").string());
  problem.force = 0.25;
  limitdir::LimitSet limits;
  limits.force = 0.25;
  limits.method = "invariant-circle";
  limits.certificate.index_sum = 2;
  limits.certificate.level = limitdir::Level::checked;
  limits.certificate.reason = "test";
  limitdir::LimitCircle circle;
  circle.theta = 0.5;
  circle.axis = Eigen::Vector3d::UnitZ();
  circle.rdot = -0.1;
  circle.radial = limitdir::Radial::attracting;
  circle.transverse_eigenvalue = -0.3;
  circle.sphere_type = "stable-circle";
  limits.circles.push_back(circle);
  const json report = limitdir::limits_report(problem, limits);
  for (const char* key : {"schema", "limitdir_version", "problem", "force", "model", "method", "limit_directions",
                          "circles", "certificate"})
    CHECK_MESSAGE(report.contains(key), key);
  CHECK(report.at("schema") == "limitdir.limits/1");
  CHECK(report.at("circles")[0].at("sphere_type") == "stable-circle");
  CHECK(report.at("circles")[0].at("axis") == json::parse("[0.0, 0.0, 1.0]"));
  CHECK(report.at("circles")[0].at("transverse_eigenvalue") == -0.3);
  CHECK(report.at("certificate").at("complete") == true);
  const Problem again = limitdir::parse_problem(report.at("problem"), "report");
  check_same_problem(problem, again);
}

}  // namespace test_reports
