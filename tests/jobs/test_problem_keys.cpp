// The keys of a scan (docs/manual.md section 14, jobs/problem_keys.hpp): a value set at a dotted
// path of every bundled problem file reads back through the problem's own parser; a missing key,
// a key that is not a number and a value outside the key's range are InputErrors naming the key.
#include <doctest/doctest.h>

#include <filesystem>
#include <cmath>
#include <map>
#include <tuple>
#include <string>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "limitdir/jobs/problem_keys.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/problem_input.hpp"

namespace test_problem_keys {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;

namespace {

const std::string problems = std::string(LIMITDIR_SHARE_DIR) + "/problems/";

json bundled(const std::string& name) {
  return limitdir::parse_json_input(limitdir::read_input(problems + name), name);
}

/// The InputError of problem_at_point, or "" when the point is accepted.
std::string point_error(const json& document, const std::string& key, double value) {
  try {
    (void)limitdir::problem_at_point(document, {key}, {value}, "p.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// The value of `key` in the parsed problem of `document` (each a key the file family has).
double parsed_value(const json& document, const std::string& key) {
  const std::string schema = document.value("schema", std::string());
  if (schema == "limitdir.roll/1") return limitdir::parse_roll_problem(document, "p").sphere.mu;
  if (schema == "limitdir.celt/1") return limitdir::parse_celt_problem(document, "p").contact.mu;
  if (schema == "limitdir.pile/1") return limitdir::parse_pile_problem(document, "p").law.mu_r;
  const limitdir::Problem problem = limitdir::problem_from_document(document, "p");
  if (key == "system.lambda") return problem.system.lambda;
  if (key == "system.j") return problem.system.j;
  if (key == "system.load_angle") return problem.system.load_angle;
  if (key == "contact.shape.ellipse.1") return problem.contact.b;
  if (key == "force") return problem.force;
  if (key == "friction.degree") return problem.friction.degree;
  FAIL("no parsed value for " << key);
  return 0.0;
}

}  // namespace

TEST_CASE("a key set on every bundled problem file reads back through the problem's parser") {
  // a key each family of files has, and a valid value for it different from the file's
  const std::map<std::string, std::pair<std::string, double>> family = {
      {"ball", {"system.lambda", 3.5}},          {"celt", {"contact.mu", 0.15}},
      {"disc", {"system.j", 0.375}},             {"ellipse", {"contact.shape.ellipse.1", 0.8}},
      {"general", {"force", 0.25}},              {"roll", {"friction.mu", 0.125}},
      {"pile", {"law.mu_r", 0.0025}}};
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(problems)) {
    const std::string name = entry.path().filename().string();
    const std::string stem = name.substr(0, name.find_first_of("-."));
    CAPTURE(name);
    REQUIRE(family.count(stem) == 1);  // a new bundled file needs its key here
    const auto& [key, value] = family.at(stem);
    const json point = limitdir::problem_at_point(bundled(name), {key}, {value}, name);
    CHECK(parsed_value(point, key) == value);
    ++files;
  }
  CHECK(files >= 17);
  // an integer key takes an integral value, and a point sets several keys at once
  const json disc = limitdir::problem_at_point(bundled("disc.json"), {"friction.degree", "force"}, {3.0, 0.5}, "disc");
  CHECK(disc["friction"]["degree"].is_number_integer());
  CHECK(parsed_value(disc, "friction.degree") == 3.0);
  CHECK(parsed_value(disc, "force") == 0.5);
}

TEST_CASE("force and rho are optional numeric keys of a problem file") {
  json disc = bundled("disc.json");
  disc.erase("force");
  CHECK(limitdir::problem_at_point(disc, {"force"}, {0.2}, "d")["force"] == 0.2);
  // "rho": "kappa" is a named choice; a number replaces it
  const json point = limitdir::problem_at_point(bundled("disc.json"), {"rho"}, {2.0}, "d");
  CHECK(limitdir::problem_from_document(point, "d").rho.value == 2.0);
  // not optional in the other schemas: a roll file has no "force"
  CHECK(point_error(bundled("roll-fig3a.json"), "force", 1.0).find("force: not a key") != std::string::npos);
}

TEST_CASE("a missing key, a non-numeric key and a value outside the key's range are InputErrors naming the key") {
  const json disc = bundled("disc.json");
  const json ellipse = bundled("ellipse.json");
  for (const auto& [document, key, value, says] :
       {std::tuple{disc, "system.lambda", 1.0, "p.json: system.lambda: not a key of the problem"},
        std::tuple{disc, "system.j.x", 1.0, "p.json: system.j.x: not a key"},
        std::tuple{ellipse, "contact.shape.ellipse.2", 1.0, "index 2 is past the array's 2 elements"},
        std::tuple{ellipse, "contact.shape.ellipse.x", 1.0, "\"x\" is not an index"},
        std::tuple{disc, "contact.pressure", 1.0, "p.json: contact.pressure: not a numeric key"},
        std::tuple{disc, "system", 1.0, "p.json: system: not a numeric key (it holds a object)"},
        std::tuple{disc, "friction.degree", 0.0, "friction.degree: must be an integer >= 1"},
        std::tuple{disc, "friction.degree", 2.5, "friction.degree: must be an integer >= 1"},
        std::tuple{disc, "system.j", -0.5, "system.j"},
        std::tuple{ellipse, "contact.shape.ellipse.1", 0.0, "contact.shape"}}) {
    CAPTURE(key);
    CAPTURE(value);
    const std::string error = point_error(document, key, value);
    CHECK(error.find(says) != std::string::npos);
    CHECK(error.find('\n') == std::string::npos);
  }
  json document = disc;
  CHECK_THROWS_AS(limitdir::set_problem_key(document, "force", std::nan(""), "p"), InputError);
}

}  // namespace test_problem_keys
