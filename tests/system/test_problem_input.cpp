// Reports as PROBLEM (system/problem_input.hpp, docs/manual.md section 5): the embedded problem file at
// the report's load, a problem file as it is, and bad input for documents without a problem.
#include <doctest/doctest.h>

#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/problem_input.hpp"

namespace test_problem_input {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;

namespace {

json disc_file() {
  return json{{"schema", "limitdir.problem/1"},
              {"name", "disc"},
              {"system", {{"preset", "disc"}}},
              {"friction", {{"model", "harmonic"}, {"degree", 2}}},
              {"force", 0.1}};
}

std::string input_error(const json& document) {
  try {
    limitdir::problem_from_document(document, "r.json");
  } catch (const limitdir::InputError& e) {
    return e.what();
  }
  FAIL("accepted: " << document.dump());
  return {};
}

}  // namespace

TEST_CASE("a report stands for its embedded problem at the report's load") {
  const limitdir::Problem file = limitdir::problem_from_document(disc_file(), "disc.json");
  CHECK(file.force == 0.1);
  const json embedded = limitdir::problem_to_json(file);
  // find-limits and classify reports carry the load used.
  for (const char* schema : {"limitdir.limits/1", "limitdir.classification/1", "limitdir.simulation/1"}) {
    const limitdir::Problem p =
        limitdir::problem_from_document({{"schema", schema}, {"problem", embedded}, {"force", 0.7}}, "r.json");
    CHECK(p.force == 0.7);
    CHECK(limitdir::problem_to_json(p)["friction"] == embedded["friction"]);
    CHECK(p.source == "r.json");
  }
  // A load diagram's force is null, a friction report has none: the embedded problem's load.
  CHECK(limitdir::problem_from_document({{"schema", "limitdir.diagram/1"}, {"problem", embedded}, {"force", nullptr}},
                                        "r.json")
            .force == 0.1);
  CHECK(limitdir::problem_from_document({{"schema", "limitdir.friction/1"}, {"problem", embedded}}, "r.json").force ==
        0.1);
  // The round trip of problem_to_json: the same problem file.
  CHECK(limitdir::problem_to_json(
            limitdir::problem_from_document({{"schema", "limitdir.friction/1"}, {"problem", embedded}}, "r.json")) ==
        embedded);
}

TEST_CASE("documents without a problem, and broken embedded problems, are bad input") {
  CHECK(input_error({{"schema", "limitdir.regions/1"}, {"regions", json::array()}}).find("carries no problem") !=
        std::string::npos);
  CHECK(input_error({{"schema", "limitdir.limits/1"}, {"problem", "disc"}}).rfind("r.json: problem: ", 0) == 0);
  json broken = disc_file();
  broken["friction"]["model"] = "harmonik";
  CHECK(input_error({{"schema", "limitdir.limits/1"}, {"problem", broken}}).rfind("r.json: problem: friction.model", 0) ==
        0);
  CHECK(input_error({{"schema", "limitdir.limits/1"}, {"problem", disc_file()}, {"force", "strong"}})
            .rfind("r.json: force: ", 0) == 0);
  // A problem file of another version is a problem file with a wrong schema.
  CHECK(input_error({{"schema", "limitdir.problem/2"}, {"system", {{"preset", "disc"}}}})
            .find("schema: must be \"limitdir.problem/1\"") != std::string::npos);
}

}  // namespace test_problem_input
