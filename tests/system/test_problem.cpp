// The problem file of docs/manual.md section 4 (parse_problem, load_problem, apply_overrides) and the
// friction report of section 5.
#include <doctest/doctest.h>

#include <Eigen/LU>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>

#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/report/report.hpp"

namespace test_problem {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::InputError;
using limitdir::Problem;
using json = nlohmann::json;

namespace {

const double pi = std::acos(-1.0);
const double inf = std::numeric_limits<double>::infinity();
const double not_a_number = std::numeric_limits<double>::quiet_NaN();

/// share/problems of the source tree (LIMITDIR_SHARE_DIR, tests/CMakeLists.txt).
std::string bundled(const std::string& name) {
  return (std::filesystem::path(LIMITDIR_SHARE_DIR) / "problems" / name).string();
}

/// The smallest valid problem; tests modify it.
json minimal() {
  return json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}};
}

/// The message of the InputError that parse_problem throws; fails the test if none is thrown.
std::string parse_error(const json& document) {
  try {
    limitdir::parse_problem(document, "test.json");
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("parse_problem accepted an invalid problem: " << document.dump());
  return {};
}

/// Checks the message format "test.json: <path>: ..." on one line.
void check_message(const std::string& message, const std::string& path) {
  INFO("message: " << message);
  CHECK(message.rfind("test.json: " + path + ":", 0) == 0);
  CHECK(message.find('\n') == std::string::npos);
}

std::string override_error(const std::optional<std::string>& model, const std::optional<int>& degree,
                           const std::optional<std::string>& pressure, const std::optional<std::string>& rho,
                           const std::optional<double>& force) {
  Problem problem = limitdir::parse_problem(minimal(), "test.json");
  try {
    limitdir::apply_overrides(problem, model, degree, pressure, rho, force);
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("apply_overrides accepted an invalid override");
  return {};
}

/// A temporary file that is removed at the end of the test.
struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const std::string& text) {
    path = std::filesystem::temp_directory_path() /
           ("limitdir_test_" + std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".json");
    std::ofstream(path) << text;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

}  // namespace

// ----- bundled problems ---------------------------------------------------------------------------

TEST_CASE("every bundled problem loads and builds its friction model") {
  for (const char* name : {"disc.json", "ball.json", "disc-exact.json", "disc-galin.json", "general.json",
                           "disc-profile.json"}) {
    CAPTURE(name);
    const Problem problem = limitdir::load_problem(bundled(name));
    CHECK(problem.source == bundled(name));
    CHECK_FALSE(problem.name.empty());
    const auto model = limitdir::make_friction_model(problem);
    CHECK(model->name() == problem.friction.model);
  }
}

TEST_CASE("disc.json is the example of docs/manual.md section 4") {
  const Problem problem = limitdir::load_problem(bundled("disc.json"));
  CHECK(problem.system.preset == "disc");
  CHECK(problem.system.j == 0.5);
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::uniform);
  CHECK(problem.friction.model == "harmonic");
  CHECK(problem.friction.degree == 2);
  CHECK(problem.rho.kind == limitdir::RhoSpec::Kind::kappa);
  CHECK(problem.force == 0.0);
  CHECK(problem.rho_over_R() == doctest::Approx(2.0 / 3.0));  // (76)
}

TEST_CASE("ball.json has lambda 5, j 2/5 and Hertz pressure") {
  const Problem problem = limitdir::load_problem(bundled("ball.json"));
  CHECK(problem.system.preset == "ball");
  CHECK(problem.system.j == 0.4);
  CHECK(problem.system.lambda == 5.0);
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::hertz);
  CHECK(problem.rho_over_R() == doctest::Approx(3.0 * pi / 16.0));  // (77)
}

TEST_CASE("general.json has a non-diagonal invertible mass matrix and a load") {
  const Problem problem = limitdir::load_problem(bundled("general.json"));
  CHECK(problem.system.preset == "general");
  CHECK(problem.system.mass(0, 1) == 0.3);
  CHECK(problem.system.mass(1, 0) == 0.3);
  CHECK(std::abs(problem.system.mass.determinant()) > 0.1);
  CHECK(problem.system.load_direction == Eigen::Vector3d(1, 0, 0));
  CHECK(problem.system.load_offset == Eigen::Vector3d(0, 0, 0.1));
  CHECK(problem.friction.degree == 3);
  CHECK(problem.force == 0.5);
}

TEST_CASE("disc-profile.json is a tabulated truncated cone") {
  const Problem problem = limitdir::load_problem(bundled("disc-profile.json"));
  REQUIRE(problem.pressure.kind() == limitdir::Pressure::Kind::profile);
  CHECK(problem.pressure.nodes_xi().size() == 5);
  CHECK(problem.pressure.nodes_p().back() == 0.5);
}

TEST_CASE("disc-galin.json has Galin pressure with kappa = pi R/4") {
  const Problem problem = limitdir::load_problem(bundled("disc-galin.json"));
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::galin);
  CHECK(problem.rho_over_R() == doctest::Approx(pi / 4.0));
}

// ----- defaults -----------------------------------------------------------------------------------

TEST_CASE("defaults: disc j = 1/2, uniform pressure, rho = kappa, force 0, no schema needed") {
  const Problem problem = limitdir::parse_problem(minimal(), "test.json");
  CHECK(problem.name.empty());
  CHECK(problem.system.j == 0.5);
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::uniform);
  CHECK(problem.rho.kind == limitdir::RhoSpec::Kind::kappa);
  CHECK(problem.force == 0.0);
  CHECK(problem.friction.degree == 0);
  CHECK(problem.friction.order == 0);
}

TEST_CASE("defaults: ball j = 2/5, lambda = 5, Hertz pressure") {
  json document = minimal();
  document["system"] = {{"preset", "ball"}};
  const Problem problem = limitdir::parse_problem(document, "test.json");
  CHECK(problem.system.j == 0.4);
  CHECK(problem.system.lambda == 5.0);
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::hertz);
}

TEST_CASE("defaults: general load offset is zero and pressure uniform") {
  json document = minimal();
  document["system"] = {{"preset", "general"},
                        {"mass", {{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}},
                        {"load", {{"direction", {0, 1, 0}}}}};
  const Problem problem = limitdir::parse_problem(document, "test.json");
  CHECK(problem.system.load_offset == Eigen::Vector3d::Zero());
  CHECK(problem.system.load_direction == Eigen::Vector3d(0, 1, 0));
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::uniform);
}

TEST_CASE("rho: R gives 1 and a number gives itself") {
  json document = minimal();
  document["rho"] = "R";
  CHECK(limitdir::parse_problem(document, "test.json").rho_over_R() == 1.0);
  document["rho"] = 0.25;
  CHECK(limitdir::parse_problem(document, "test.json").rho_over_R() == 0.25);
}

TEST_CASE("an integral float is accepted as a degree") {
  json document = minimal();
  document["friction"] = {{"model", "harmonic"}, {"degree", 3.0}};
  CHECK(limitdir::parse_problem(document, "test.json").friction.degree == 3);
}

TEST_CASE("pade orders 1 and 2 are accepted") {
  json document = minimal();
  document["friction"] = {{"model", "pade"}, {"order", 2}};
  CHECK(limitdir::parse_problem(document, "test.json").friction.order == 2);
}

// ----- bad input ----------------------------------------------------------------------------------

TEST_CASE("unknown friction model is rejected at friction.model") {
  json document = minimal();
  document["friction"]["model"] = "harmonik";
  const std::string message = parse_error(document);
  check_message(message, "friction.model");
  CHECK(message.find("harmonik") != std::string::npos);
  CHECK(message.find("\"pade\"") != std::string::npos);  // lists the valid ones
}

TEST_CASE("unknown pressure name is rejected at contact.pressure, listing the valid ones") {
  json document = minimal();
  document["contact"] = {{"pressure", "unifrom"}};
  const std::string message = parse_error(document);
  check_message(message, "contact.pressure");
  CHECK(message.find("\"hertz\"") != std::string::npos);
}

TEST_CASE("power pressure with alpha <= -1 is rejected at contact.pressure.power") {
  for (double alpha : {-1.0, -2.5}) {
    json document = minimal();
    document["contact"] = {{"pressure", {{"power", alpha}}}};
    check_message(parse_error(document), "contact.pressure.power");
  }
}

TEST_CASE("power pressure with alpha > -1 is accepted") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"power", -0.25}}}};
  CHECK(limitdir::parse_problem(document, "test.json").pressure.alpha() == -0.25);
}

TEST_CASE("harmonic degree 0 and 2.5 are rejected at friction.degree") {
  json document = minimal();
  document["friction"] = {{"model", "harmonic"}, {"degree", 0}};
  const std::string message = parse_error(document);
  CHECK(message == "test.json: friction.degree: must be an integer >= 1 (got 0)");
  document["friction"]["degree"] = 2.5;
  check_message(parse_error(document), "friction.degree");
  document["friction"]["degree"] = "2";
  check_message(parse_error(document), "friction.degree");
}

TEST_CASE("harmonic without a degree is rejected") {
  json document = minimal();
  document["friction"] = {{"model", "harmonic"}};
  check_message(parse_error(document), "friction.degree");
}

TEST_CASE("pade order 3 and a missing order are rejected at friction.order") {
  json document = minimal();
  document["friction"] = {{"model", "pade"}, {"order", 3}};
  check_message(parse_error(document), "friction.order");
  document["friction"] = {{"model", "pade"}};
  check_message(parse_error(document), "friction.order");
}

TEST_CASE("a degree or order for a model that does not use it is rejected") {
  json document = minimal();
  document["friction"] = {{"model", "exact"}, {"degree", 2}};
  check_message(parse_error(document), "friction.degree");
  document["friction"] = {{"model", "harmonic"}, {"degree", 2}, {"order", 1}};
  check_message(parse_error(document), "friction.order");
}

TEST_CASE("profile with a negative pressure is rejected at its node") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}, {0.5, -0.5}, {1.0, 0.0}}}}}};
  const std::string message = parse_error(document);
  check_message(message, "contact.pressure.profile[1]");
  CHECK(message.find("p must be >= 0") != std::string::npos);
}

TEST_CASE("profile with non-increasing xi is rejected at its node") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}, {0.5, 1.0}, {0.5, 0.5}, {1.0, 0.0}}}}}};
  const std::string message = parse_error(document);
  check_message(message, "contact.pressure.profile[2]");
  CHECK(message.find("increasing") != std::string::npos);
}

TEST_CASE("profile whose xi does not start at 0 is rejected") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"profile", {{0.1, 1.0}, {1.0, 0.0}}}}}};
  check_message(parse_error(document), "contact.pressure.profile[0]");
}

TEST_CASE("profile whose xi does not end at 1 is rejected") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}, {0.9, 0.0}}}}}};
  check_message(parse_error(document), "contact.pressure.profile[1]");
}

TEST_CASE("profile that is zero everywhere or too short is rejected") {
  json document = minimal();
  document["contact"] = {{"pressure", {{"profile", {{0.0, 0.0}, {1.0, 0.0}}}}}};
  check_message(parse_error(document), "contact.pressure.profile");
  document["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}}}}}};
  check_message(parse_error(document), "contact.pressure.profile");
}

TEST_CASE("NaN and infinite numbers are rejected where they occur") {
  for (double bad : {not_a_number, inf, -inf}) {
    CAPTURE(bad);
    json document = minimal();
    document["force"] = bad;
    check_message(parse_error(document), "force");

    document = minimal();
    document["system"]["j"] = bad;
    check_message(parse_error(document), "system.j");

    document = minimal();
    document["rho"] = bad;
    check_message(parse_error(document), "rho");

    document = minimal();
    document["contact"] = {{"pressure", {{"power", bad}}}};
    check_message(parse_error(document), "contact.pressure.power");

    document = minimal();
    document["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}, {1.0, bad}}}}}};
    check_message(parse_error(document), "contact.pressure.profile[1][1]");

    document = minimal();
    document["system"] = {{"preset", "general"},
                          {"mass", {{1, 0, 0}, {0, bad, 0}, {0, 0, 1}}},
                          {"load", {{"direction", {1, 0, 0}}}}};
    check_message(parse_error(document), "system.mass[1][1]");
  }
}

TEST_CASE("message shows non-finite values as inf and nan") {
  json document = minimal();
  document["force"] = inf;
  CHECK(parse_error(document).find("(got inf)") != std::string::npos);
  document["force"] = not_a_number;
  CHECK(parse_error(document).find("(got nan)") != std::string::npos);
}

TEST_CASE("j and lambda must be positive") {
  json document = minimal();
  document["system"] = {{"preset", "ball"}, {"lambda", 0}};
  check_message(parse_error(document), "system.lambda");
  document["system"] = {{"preset", "disc"}, {"j", -0.5}};
  check_message(parse_error(document), "system.j");
}

TEST_CASE("singular mass matrix is rejected at system.mass") {
  json document = minimal();
  document["system"] = {{"preset", "general"},
                        {"mass", {{1, 2, 3}, {2, 4, 6}, {0, 0, 1}}},
                        {"load", {{"direction", {1, 0, 0}}}}};
  const std::string message = parse_error(document);
  check_message(message, "system.mass");
  CHECK(message.find("singular mass matrix") != std::string::npos);
  // Nearly singular relative to its scale, although the determinant itself is large: the
  // coupled [[1e6, 1e6, 0], [1e6, 1e6 + 1e-7, 0], [0, 0, 1e6]] (condition number ~4e19; a
  // diagonal one is inverted exactly, entry by entry, and judged by its scale: system/mass.hpp)
  document["system"]["mass"] = {{1e6, 1e6, 0}, {1e6, 1e6 + 1e-7, 0}, {0, 0, 1e6}};
  CHECK(parse_error(document).find("singular mass matrix relative to its norm") != std::string::npos);
}

TEST_CASE("zero load direction is rejected at system.load.direction") {
  json document = minimal();
  document["system"] = {{"preset", "general"},
                        {"mass", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
                        {"load", {{"direction", {0, 0, 0}}}}};
  check_message(parse_error(document), "system.load.direction");
}

TEST_CASE("general system needs a mass and a load") {
  json document = minimal();
  document["system"] = {{"preset", "general"}, {"load", {{"direction", {1, 0, 0}}}}};
  check_message(parse_error(document), "system.mass");
  document["system"] = {{"preset", "general"}, {"mass", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}};
  check_message(parse_error(document), "system.load");
  document["system"]["mass"] = {{1, 0, 0}, {0, 1, 0}};
  check_message(parse_error(document), "system.mass");
}

TEST_CASE("unknown keys are rejected at every level") {
  json document = minimal();
  document["frction"] = 1;
  check_message(parse_error(document), "frction");

  document = minimal();
  document["friction"]["degre"] = 2;
  check_message(parse_error(document), "friction.degre");

  document = minimal();
  document["system"]["lambda"] = 5;  // the disc has no lambda
  check_message(parse_error(document), "system.lambda");

  document = minimal();
  document["contact"] = {{"pressure", "uniform"}, {"presure", "hertz"}};
  check_message(parse_error(document), "contact.presure");

  document = minimal();
  document["contact"] = {{"pressure", {{"powr", 0.5}}}};
  check_message(parse_error(document), "contact.pressure.powr");
}

TEST_CASE("wrong schema is rejected at schema") {
  json document = minimal();
  document["schema"] = "limitdir.problem/2";
  check_message(parse_error(document), "schema");
}

TEST_CASE("missing system or friction, unknown preset and non-object documents are rejected") {
  json document = minimal();
  document.erase("system");
  check_message(parse_error(document), "system");
  document = minimal();
  document.erase("friction");
  check_message(parse_error(document), "friction");
  document = minimal();
  document["system"]["preset"] = "cube";
  check_message(parse_error(document), "system.preset");
  CHECK(parse_error(json::array()).rfind("test.json: ", 0) == 0);
}

TEST_CASE("rho must be kappa, R or a positive number") {
  json document = minimal();
  for (const json& bad : {json("r"), json(0), json(-1.5), json(true)}) {
    document["rho"] = bad;
    check_message(parse_error(document), "rho");
  }
}

// ----- files --------------------------------------------------------------------------------------

TEST_CASE("load_problem: a missing file is reported as cannot open file") {
  try {
    limitdir::load_problem("/nonexistent/limitdir/problem.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "/nonexistent/limitdir/problem.json: cannot open file");
  }
}

TEST_CASE("load_problem: malformed JSON and 1e999 are reported as malformed JSON") {
  for (const char* text : {"{\"system\": {\"preset\": \"disc\"},}", "{\"force\": 1e999}"}) {
    CAPTURE(text);
    const TempFile file(text);
    try {
      limitdir::load_problem(file.path.string());
      FAIL("no error");
    } catch (const InputError& e) {
      const std::string message = e.what();
      CHECK(message.rfind(file.path.string() + ": malformed JSON: ", 0) == 0);
      CHECK(message.find('\n') == std::string::npos);
      CHECK(message.find("[json.exception") == std::string::npos);
    }
  }
}

// ----- overrides ----------------------------------------------------------------------------------

TEST_CASE("overrides: --model harmonic --degree N sets the model and its degree") {
  Problem problem = limitdir::parse_problem(minimal(), "test.json");
  limitdir::apply_overrides(problem, std::string("harmonic"), 4, std::nullopt, std::nullopt, std::nullopt);
  CHECK(problem.friction.model == "harmonic");
  CHECK(problem.friction.degree == 4);
  // --degree alone changes the degree of a harmonic model.
  limitdir::apply_overrides(problem, std::nullopt, 6, std::nullopt, std::nullopt, std::nullopt);
  CHECK(problem.friction.degree == 6);
  // Another model drops the degree.
  limitdir::apply_overrides(problem, std::string("exact"), std::nullopt, std::nullopt, std::nullopt, std::nullopt);
  CHECK(problem.friction.model == "exact");
  CHECK(problem.friction.degree == 0);
}

TEST_CASE("overrides: --model pade:ORDER sets the pade order") {
  Problem problem = limitdir::parse_problem(minimal(), "test.json");
  limitdir::apply_overrides(problem, std::string("pade:2"), std::nullopt, std::nullopt, std::nullopt, std::nullopt);
  CHECK(problem.friction.model == "pade");
  CHECK(problem.friction.order == 2);
}

TEST_CASE("overrides: pressure, rho and force") {
  Problem problem = limitdir::parse_problem(minimal(), "test.json");
  limitdir::apply_overrides(problem, std::nullopt, std::nullopt, std::string("power:0.25"), std::string("0.5"),
                            -1.5);
  CHECK(problem.pressure.alpha() == 0.25);
  CHECK(problem.rho_over_R() == 0.5);
  CHECK(problem.force == -1.5);
  limitdir::apply_overrides(problem, std::nullopt, std::nullopt, std::string("hertz"), std::string("R"),
                            std::nullopt);
  CHECK(problem.pressure.kind() == limitdir::Pressure::Kind::hertz);
  CHECK(problem.rho_over_R() == 1.0);
}

TEST_CASE("overrides: bad values are rejected naming the option") {
  const auto none = std::nullopt;
  CHECK(override_error(std::string("harmonic"), none, none, none, none).rfind("--model:", 0) == 0);
  CHECK(override_error(std::string("pade"), none, none, none, none).rfind("--model:", 0) == 0);
  CHECK(override_error(std::string("pade:3"), none, none, none, none).rfind("--model:", 0) == 0);
  CHECK(override_error(std::string("nope"), none, none, none, none).rfind("--model:", 0) == 0);
  CHECK(override_error(none, 3, none, none, none).rfind("--degree:", 0) == 0);  // exact has no degree
  CHECK(override_error(std::string("harmonic"), 0, none, none, none) == "--degree: must be an integer >= 1 (got 0)");
  CHECK(override_error(none, none, std::string("power:-1"), none, none).rfind("--pressure:", 0) == 0);
  CHECK(override_error(none, none, std::string("power:x"), none, none).rfind("--pressure:", 0) == 0);
  CHECK(override_error(none, none, std::string("cone"), none, none).rfind("--pressure:", 0) == 0);
  CHECK(override_error(none, none, none, std::string("abc"), none).rfind("--rho:", 0) == 0);
  CHECK(override_error(none, none, none, std::string("-1"), none).rfind("--rho:", 0) == 0);
  CHECK(override_error(none, none, none, std::string("0.5x"), none).rfind("--rho:", 0) == 0);
  CHECK(override_error(none, none, none, none, inf).rfind("--force:", 0) == 0);
}

// ----- models and JSON forms ----------------------------------------------------------------------

TEST_CASE("pressure_to_json round-trips through parse_pressure") {
  using limitdir::Pressure;
  for (const Pressure& pressure : {Pressure::uniform(), Pressure::hertz(), Pressure::galin(), Pressure::power(0.3),
                                   Pressure::profile({0.0, 0.5, 1.0}, {1.0, 0.5, 0.0})}) {
    const json form = limitdir::pressure_to_json(pressure);
    CAPTURE(form.dump());
    const Pressure back = limitdir::parse_pressure(form, "test");
    CHECK(back.kind() == pressure.kind());
    CHECK(back.kappa() == doctest::Approx(pressure.kappa()));
  }
}

TEST_CASE("make_friction_model builds every model family") {
  json document = minimal();
  for (const json& friction : {json{{"model", "exact"}}, json{{"model", "coulomb-point"}},
                               json{{"model", "linear-fit"}}, json{{"model", "harmonic"}, {"degree", 3}},
                               json{{"model", "pade"}, {"order", 1}}}) {
    CAPTURE(friction.dump());
    document["friction"] = friction;
    const Problem problem = limitdir::parse_problem(document, "test.json");
    const auto model = limitdir::make_friction_model(problem);
    CHECK(model->name() == friction["model"].get<std::string>());
    CHECK(model->rho_over_R() == doctest::Approx(2.0 / 3.0));
    CHECK(model->kappa_over_rho() == doctest::Approx(1.0));
  }
}

// ----- the friction report (docs/manual.md section 5) -------------------------------------------------------

TEST_CASE("friction_report has the keys of docs/manual.md section 5 and one row per sample") {
  const Problem problem = limitdir::load_problem(bundled("disc.json"));
  const json report = limitdir::friction_report(problem, 7);
  CHECK(report["schema"] == "limitdir.friction/1");
  for (const char* key : {"kappa", "rho", "coefficients", "table", "max_error", "model", "pressure"})
    CHECK_MESSAGE(report.contains(key), key);
  CHECK(report["kappa"].get<double>() == doctest::Approx(2.0 / 3.0));
  for (const char* key : {"c", "s", "C", "S"}) CHECK(report["coefficients"][key].size() == 2);
  REQUIRE(report["table"].size() == 7);
  CHECK(report["table"][0]["theta"] == 0.0);
  // +infinity on the equator, printed as null.
  CHECK(std::isinf(report["table"][0]["epsilon"].get<double>()));
  CHECK(json::parse(report.dump())["table"][0]["epsilon"].is_null());
  CHECK(report["table"][6]["theta"].get<double>() == doctest::Approx(pi / 2));
  CHECK(report["table"][6]["epsilon"] == 0.0);
  for (const char* key : {"theta", "epsilon", "Q", "T", "Q_exact", "T_exact"}) CHECK(report["table"][3].contains(key));
  CHECK(report["max_error"]["Q"].get<double>() >= 0.0);
  CHECK(report["max_error"]["T"].get<double>() >= 0.0);
}

TEST_CASE("friction_report of the exact model has zero error and pure sliding Q = 1") {
  const Problem problem = limitdir::load_problem(bundled("disc-exact.json"));
  const json report = limitdir::friction_report(problem, 5);
  CHECK(report["coefficients"].empty());
  CHECK(report["max_error"]["Q"] == 0.0);
  CHECK(report["max_error"]["T"] == 0.0);
  CHECK(report["table"][0]["Q"].get<double>() == doctest::Approx(1.0));  // pure sliding
  CHECK(report["table"][4]["T"].get<double>() == doctest::Approx(1.0));  // pure spin
}

TEST_CASE("friction_report coefficients of linear-fit and pade") {
  json document = minimal();
  document["friction"] = {{"model", "linear-fit"}};
  json report = limitdir::friction_report(limitdir::parse_problem(document, "test.json"), 3);
  REQUIRE(report["coefficients"]["Pi"].size() == 3);
  CHECK(report["coefficients"]["Pi"][0].size() == 3);
  document["friction"] = {{"model", "pade"}, {"order", 2}};
  report = limitdir::friction_report(limitdir::parse_problem(document, "test.json"), 3);
  CHECK(report["coefficients"]["order"] == 2);
  CHECK(report["coefficients"].contains("a"));
  CHECK(report["coefficients"].contains("m"));
}

TEST_CASE("friction_report needs at least 2 samples") {
  const Problem problem = limitdir::parse_problem(minimal(), "test.json");
  CHECK_THROWS_AS(limitdir::friction_report(problem, 1), InputError);
}

TEST_CASE("docs/manual.md section 6: an elliptic contact takes Galin's pressure and a tabulated profile, "
          "alpha < -1/2 is rejected at contact.pressure, a profile with an approximate model at friction") {
  json document = minimal();
  document["contact"] = {{"shape", {{"ellipse", {1.0, 0.5}}}}, {"pressure", "galin"}};
  const Problem galin = limitdir::parse_problem(document, "test.json");
  const limitdir::Contact contact = limitdir::make_contact(galin);
  CHECK(contact.pressure().kind == limitdir::NominalPressure::Kind::galin);
  // N = pi a b/(alpha + 1) of (1 - rhat^2)^alpha: 2 pi a b for alpha = -1/2
  CHECK(contact.N() == doctest::Approx(2.0 * pi * 0.5).epsilon(1e-15));
  // the truncated cone p = 1 - xi/2: N = 2 pi a b int_0^1 (1 - u/2) u du = 2 pi a b/3
  document["contact"]["pressure"] = {{"profile", {{0.0, 1.0}, {1.0, 0.5}}}};
  const limitdir::Contact cone = limitdir::make_contact(limitdir::parse_problem(document, "test.json"));
  CHECK(cone.pressure().is_profile());
  CHECK(cone.N() == doctest::Approx(2.0 * pi * 0.5 / 3.0).epsilon(1e-15));
  // the height h of the load: s = R k M_3/(2 M_1) carries F h, so k = 2 (M_1/M_3) F h/R with
  // M_1 = 1/2 - 1/6 = 1/3 and M_3 = 1/4 - 1/10 = 3/20 for the cone: k = (40/9) F h/R
  json shifted = minimal();
  shifted["contact"] = {{"pressure", {{"profile", {{0.0, 1.0}, {1.0, 0.5}}}}}, {"shift", {{"h", 0.2}}}};
  shifted["force"] = 0.3;
  const Problem tipped = limitdir::parse_problem(shifted, "test.json");
  CHECK(limitdir::contact_shift(tipped, 0.3) == doctest::Approx(40.0 / 9.0 * 0.3 * 0.2).epsilon(1e-14));
  document["contact"]["pressure"] = {{"power", -0.6}};
  std::string message = parse_error(document);
  check_message(message, "contact.pressure");
  CHECK(message.find("alpha >= -1/2") != std::string::npos);
  document["contact"]["pressure"] = {{"profile", {{0.0, 1.0}, {1.0, 0.5}}}};
  document["friction"] = {{"model", "kudra-pade"}};
  message = parse_error(document);
  check_message(message, "friction");
  CHECK(message.find("tabulated") != std::string::npos);
}

TEST_CASE("contact.distortion per body (18), (26)-(29) [Kudra & Awrejcewicz 2013]: the resultant, written back per body") {
  json document = minimal();
  document["contact"] = {{"shape", {{"ellipse", {1.0, 0.5}}}},
                         {"pressure", "hertz"},
                         {"distortion", {{"d1", 0.4}, {"gamma1", 0.3}, {"d2", 0.5}, {"gamma2", -2.0}, {"b2", 0.6}}}};
  const Problem p = limitdir::parse_problem(document, "test.json");
  REQUIRE(p.contact.distortion);
  REQUIRE(p.contact.distortion->bodies);
  // (19) for body 1, (29) for body 2: (d_a2 cos gamma'', b_2 d_a2 sin gamma''), tan gamma'' = tan gamma'/b_2
  const double g2 = std::atan2(std::sin(-2.0) / 0.6, std::cos(-2.0));
  const double dc = 0.4 * std::cos(0.3) + 0.5 * std::cos(g2), ds = 0.4 * std::sin(0.3) + 0.6 * 0.5 * std::sin(g2);
  const limitdir::Contact c = limitdir::make_contact(p);
  CHECK(c.d() == doctest::Approx(std::hypot(dc, ds)).epsilon(1e-15));
  CHECK(std::cos(c.gamma_prime()) == doctest::Approx(dc / std::hypot(dc, ds)).epsilon(1e-15));
  CHECK(std::sin(c.gamma_prime()) == doctest::Approx(ds / std::hypot(dc, ds)).epsilon(1e-15));
  const json written = limitdir::problem_to_json(p)["contact"]["distortion"];
  CHECK(written == json{{"d1", 0.4}, {"gamma1", 0.3}, {"d2", 0.5}, {"gamma2", -2.0}, {"b2", 0.6}});
}

TEST_CASE("contact.distortion per body: bad input is rejected at its key on one line") {
  const auto with = [](const json& distortion) {
    json document = minimal();
    document["contact"] = {{"pressure", "hertz"}, {"distortion", distortion}};
    return parse_error(document);
  };
  check_message(with({{"d1", 0.6}, {"d2", 0.5}, {"gamma2", 3.0}}), "contact.distortion");  // d1 + d2 > 1
  check_message(with({{"d1", -0.1}, {"d2", 0.5}}), "contact.distortion.d1");
  check_message(with({{"d1", 0.1}}), "contact.distortion.d2");
  check_message(with({{"d1", 0.1}, {"d2", 0.2}, {"b1", 0.0}}), "contact.distortion.b1");
  check_message(with({{"d1", 0.1}, {"d2", 0.2}, {"d", 0.2}}), "contact.distortion");
  check_message(with({{"d1", 0.1}, {"d2", 0.2}, {"gamma1", 90}}), "contact.distortion.gamma1");
}

}  // namespace test_problem
