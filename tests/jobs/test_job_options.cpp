// The jobs' options as plain values (jobs/<job>_options.hpp, docs/manual.md section 14, "Jobs
// from a program"): a job made from values runs the computation of the job made from the same
// options' text, whose answers the app tests compare with the papers; the values' checks name
// the field at fault.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/jobs/find_limits_options.hpp"
#include "limitdir/jobs/job.hpp"

namespace test_job_options {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::FindLimitsOptions;
using limitdir::InputError;
using limitdir::JobKind;

namespace {

json bundled(const std::string& name) {
  const std::string path = std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name;
  return limitdir::parse_json_input(limitdir::read_input(path), name);
}

/// The report and status of a job on a bundled problem.
limitdir::JobResult run(const limitdir::Job& job, const std::string& problem) {
  return limitdir::run_job(job, bundled(problem), problem);
}

}  // namespace

TEST_CASE("FindLimitsOptions: disc.json at F = 1.2 has the two limit directions of Case 1 (Sect. 7.4), as --force 1.2") {
  FindLimitsOptions options;
  options.problem.force = 1.2;
  const limitdir::JobResult values = run(limitdir::make_job(options), "disc.json");
  const limitdir::JobResult text = run(limitdir::make_job(JobKind::find_limits, {"--force", "1.2"}), "disc.json");
  REQUIRE(values.status == 0);
  CHECK(values.report.at("limit_directions").size() == 2);
  CHECK(values.report == text.report);
  CHECK(limitdir::make_job(options).args.empty());
}

TEST_CASE("FindLimitsOptions: the settings and overrides as values are those of --set, --model, --degree, --rho, --require") {
  // disc with j = 0.48 at F = 0.5: past the pitchfork F_P(j) (issue 34: two limit directions, proven)
  FindLimitsOptions options;
  options.set = {{"system.j", 0.48}, {"force", 0.5}};
  options.require = limitdir::Level::proven;
  const limitdir::JobResult values = run(limitdir::make_job(options), "disc.json");
  const limitdir::JobResult text = run(
      limitdir::make_job(JobKind::find_limits, {"--set", "system.j=0.48", "--set", "force=0.5", "--require", "proven"}),
      "disc.json");
  REQUIRE(values.status == 0);
  CHECK(values.report.at("limit_directions").size() == 2);
  CHECK(values.report == text.report);

  FindLimitsOptions harmonic;
  harmonic.problem.model = "harmonic";
  harmonic.problem.degree = 5;
  harmonic.problem.rho = "R";
  harmonic.problem.force = 0.9;
  harmonic.method = "global";
  harmonic.mesh_level = 3;
  const limitdir::JobResult harmonic_values = run(limitdir::make_job(harmonic), "ball.json");
  const limitdir::JobResult harmonic_text =
      run(limitdir::make_job(JobKind::find_limits, {"--model", "harmonic", "--degree", "5", "--rho", "R", "--force",
                                                    "0.9", "--method", "global", "--mesh-level", "3"}),
          "ball.json");
  CHECK(harmonic_values.status == harmonic_text.status);
  CHECK(harmonic_values.report == harmonic_text.report);
}

TEST_CASE("FindLimitsOptions::validate names the field out of its range") {
  const auto message = [](const FindLimitsOptions& options) {
    try {
      (void)limitdir::make_job(options);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  FindLimitsOptions o;
  o.method = "newton";
  CHECK(message(o) ==
        "FindLimitsOptions::method: must be auto, linear-eigen, invariant-circle or global (got \"newton\")");
  o = {};
  o.mesh_level = 8;
  CHECK(message(o) == "FindLimitsOptions::mesh_level: must be in 1..7 (got 8)");
  o.mesh_level = 0;
  CHECK(message(o) == "FindLimitsOptions::mesh_level: must be in 1..7 (got 0)");
  o = {};
  o.problem.force = std::numeric_limits<double>::infinity();
  CHECK(message(o) == "FindLimitsOptions::problem.force: must be a finite number (got inf)");
  o = {};
  o.set = {{"force", 1.0}, {"", 1.0}};
  CHECK(message(o) == "FindLimitsOptions::set[1].key: must not be empty");
  o.set = {{"system.j", std::nan("")}};
  CHECK(message(o) == "FindLimitsOptions::set[0].value: must be a finite number (got nan)");
  o = {};
  o.require = limitdir::Level::incomplete;
  CHECK(message(o) == "FindLimitsOptions::require: must be Level::checked or Level::proven (got \"incomplete\")");
}

TEST_CASE("FindLimitsOptions: a name that the problem does not know is an error of the run, as --model's") {
  FindLimitsOptions options;
  options.problem.model = "no-such-model";
  options.problem.force = 1.2;
  const limitdir::JobResult values = run(limitdir::make_job(options), "disc.json");
  const limitdir::JobResult text =
      run(limitdir::make_job(JobKind::find_limits, {"--model", "no-such-model", "--force", "1.2"}), "disc.json");
  CHECK(values.status == 2);
  CHECK(values.message == text.message);
}

}  // namespace test_job_options
