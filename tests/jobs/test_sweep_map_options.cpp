// The options of sweep-force and bifurcation-map as plain values (jobs/sweep_force_options.hpp,
// jobs/bifurcation_map_options.hpp; docs/manual.md section 14, "Jobs from a program"): a job made
// from values runs the computation of the job made from the same options' text, its answers agree
// with the closed forms of the disc's invariant circle (tests/maps/closed_forms.hpp), and the
// values' checks name the field at fault.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/jobs/bifurcation_map_options.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/sweep_force_options.hpp"
#include "maps/closed_forms.hpp"

namespace test_sweep_map_options {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::BifurcationMapOptions;
using limitdir::InputError;
using limitdir::JobKind;
using limitdir::SweepForceOptions;

namespace {

/// The report and status of a job on a bundled problem.
limitdir::JobResult run(const limitdir::Job& job, const std::string& problem) {
  const std::string path = std::string(LIMITDIR_SHARE_DIR) + "/problems/" + problem;
  return limitdir::run_job(job, limitdir::parse_json_input(limitdir::read_input(path), problem), problem);
}

/// The job from values and the job from the equivalent text give the same status, message and report.
limitdir::JobResult check_same(const limitdir::Job& values, JobKind kind, const std::vector<std::string>& text,
                               const std::string& problem) {
  const limitdir::JobResult from_values = run(values, problem);
  const limitdir::JobResult from_text = run(limitdir::make_job(kind, text), problem);
  CHECK(values.args.empty());
  CHECK(from_values.status == from_text.status);
  CHECK(from_values.message == from_text.message);
  CHECK(from_values.report == from_text.report);
  return from_values;
}

/// The message of make_job(options), or "(no error)".
template <class Options>
std::string validation_error(const Options& options) {
  try {
    (void)limitdir::make_job(options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// The tracer locates events to p_tol = 1e-11 in the parameter (continuation.hpp); 1e-9 leaves
// the rounding of the Chebyshev coefficients of C and S (as tests/jobs/test_job.cpp's event_tol).
constexpr double event_tol = 1e-9;

}  // namespace

TEST_CASE("SweepForceOptions: disc.json's load sweep over [0.3, 1.4] is that of --from 0.3 --to 1.4") {
  SweepForceOptions options;
  options.from = 0.3;
  options.to = 1.4;
  const limitdir::JobResult r = check_same(limitdir::make_job(options), JobKind::sweep_force,
                                           {"--from", "0.3", "--to", "1.4"}, "disc.json");
  REQUIRE(r.status == 0);
  CHECK(r.report.at("options") == json{{"from", "0.3"}, {"to", "1.4"}});
}

TEST_CASE("SweepForceOptions: the sweep of j at F = 0.5 has its pitchfork at |a0(j)| = F (132), as the text's") {
  SweepForceOptions options;
  options.parameter = "j";
  options.from = 0.3;
  options.to = 0.8;
  options.problem.force = 0.5;
  options.checks = 4;
  options.h_max = 0.02;
  options.no_proof = true;
  const limitdir::JobResult r = check_same(
      limitdir::make_job(options), JobKind::sweep_force,
      {"--parameter", "j", "--from", "0.3", "--to", "0.8", "--force", "0.5", "--checks", "4", "--h-max", "0.02",
       "--no-proof"},
      "disc.json");
  REQUIRE(r.status == 0);
  // (126) m3 = (4/9)/j: a0(j) = m1 (alpha0 - alpha1) - (4/9)/j (kappa/rho) (beta0 - beta1) is
  // affine in 1/j, so a0(j) = +-F has the roots j = (4/9) k (beta0 - beta1) / (m1 (alpha0 - alpha1) -+ F)
  const limitdir::test::CircleN2 c = limitdir::test::closed_form(limitdir::test::bundled("disc.json"), false);
  const double numerator = (4.0 / 9.0) * c.kappa_over_rho * (c.beta0 - c.beta1);
  const double tangency = c.m1 * (c.alpha0 - c.alpha1);
  std::vector<double> roots;
  for (double sign : {1.0, -1.0}) {
    const double j = numerator / (tangency - sign * 0.5);
    if (j > 0.3 && j < 0.8) roots.push_back(j);
  }
  REQUIRE(roots.size() == 1);
  const json& events = r.report.at("bifurcations");
  REQUIRE(events.size() == 1);
  CHECK(events[0].at("kind") == "pitchfork");
  CHECK(std::abs(events[0].at("j").get<double>() - roots[0]) <= event_tol);
  // the count of limit directions of each region, at its middle, is that of the closed form
  for (const json& region : r.report.at("regions")) {
    const double j = (region.at("from").get<double>() + region.at("to").get<double>()) / 2;
    CHECK(region.at("count") == c.count(j, 0.5));
  }
}

TEST_CASE("SweepForceOptions: --enclose-events, --set and the overrides as values are the text's") {
  SweepForceOptions options;
  options.from = 0.2;
  options.to = 1.3;
  options.enclose_events = true;
  options.set = {{"system.j", 0.48}};
  options.problem.model = "harmonic";
  options.problem.degree = 2;
  options.problem.rho = "kappa";
  options.require = limitdir::Level::proven;
  check_same(limitdir::make_job(options), JobKind::sweep_force,
             {"--from", "0.2", "--to", "1.3", "--enclose-events", "--set", "system.j=0.48", "--model", "harmonic",
              "--degree", "2", "--rho", "kappa", "--require", "proven"},
             "disc.json");
}

TEST_CASE("SweepForceOptions: the report's options, typed again, regenerate the diagram of the values") {
  // numbers with no short decimal form: the options must hold their shortest round-trip text
  SweepForceOptions options;
  options.parameter = "j";
  options.from = 0.1 + 0.2;
  options.to = 0.8;
  options.problem.force = 1.0 / 3.0;
  options.h_max = 0.1 / 3.0;
  options.checks = 5;
  options.max_chord = 1e-6 / 3.0;  // --max-chord (docs/manual.md section 5, "Chords")
  const limitdir::JobResult values = run(limitdir::make_job(options), "disc.json");
  REQUIRE(values.status == 0);
  std::vector<std::string> args;
  for (const auto& [name, value] : values.report.at("options").items()) {
    args.push_back("--" + name);
    if (value.is_string()) args.push_back(value.get<std::string>());
    else CHECK(value == true);
  }
  CHECK(values.report.at("options").at("from") == "0.30000000000000004");
  const limitdir::JobResult text = run(limitdir::make_job(JobKind::sweep_force, args), "disc.json");
  CHECK(text.status == 0);
  CHECK(text.report == values.report);
}

TEST_CASE("BifurcationMapOptions: disc.json's map in (j, F) is the text's, each region counted as the closed form") {
  BifurcationMapOptions options;
  options.x = {"j", 0.3, 1.0};
  options.y = {"force", 0.3, 0.8};
  options.lines = 3;
  const limitdir::JobResult r =
      check_same(limitdir::make_job(options), JobKind::bifurcation_map,
                 {"--x", "j", "--x-range", "0.3:1", "--y", "force", "--y-range", "0.3:0.8", "--lines", "3"}, "disc.json");
  REQUIRE(r.status == 0);
  // each region's sample point (x, y) = (j, F) has the count of limit directions of (132)
  const limitdir::test::CircleN2 c = limitdir::test::closed_form(limitdir::test::bundled("disc.json"), false);
  REQUIRE(!r.report.at("regions").empty());
  for (const json& region : r.report.at("regions"))
    CHECK(region.at("count") == c.count(region.at("x").get<double>(), region.at("y").get<double>()));
}

TEST_CASE("BifurcationMapOptions: the ball's map in (F, lambda) with the default x, --require and --set is the text's") {
  BifurcationMapOptions options;
  options.x.from = 0.05;
  options.x.to = 1.5;
  options.y = {"lambda", 1.0, 3.0};
  options.lines = 2;
  options.set = {{"system.j", 0.45}};
  options.require = limitdir::Level::proven;
  check_same(limitdir::make_job(options), JobKind::bifurcation_map,
             {"--y", "lambda", "--y-range", "1,3", "--x-range", "0.05,1.5", "--lines", "2", "--set", "system.j=0.45",
              "--require", "proven"},
             "ball.json");
  // a map of j and lambda at a fixed load --force
  BifurcationMapOptions fixed;
  fixed.x = {"j", 0.3, 0.6};
  fixed.y = {"lambda", 2.0, 4.0};
  fixed.lines = 1;
  fixed.problem.force = 0.4;
  fixed.problem.pressure = "hertz";
  check_same(limitdir::make_job(fixed), JobKind::bifurcation_map,
             {"--x", "j", "--x-range", "0.3:0.6", "--y", "lambda", "--y-range", "2:4", "--lines", "1", "--force", "0.4",
              "--pressure", "hertz"},
             "ball.json");
}

TEST_CASE("SweepForceOptions::validate names the field out of its range") {
  const double inf = std::numeric_limits<double>::infinity();
  SweepForceOptions o;
  CHECK(validation_error(o) == "SweepForceOptions::to: must be a finite number greater than from (got 0)");
  o.from = std::nan("");
  CHECK(validation_error(o) == "SweepForceOptions::from: must be a finite number (got nan)");
  o.from = 1;
  o.to = inf;
  CHECK(validation_error(o) == "SweepForceOptions::to: must be a finite number greater than from (got inf)");
  o.to = 2;
  CHECK(validation_error(o) == "(no error)");
  o.parameter = "";
  CHECK(validation_error(o) == "SweepForceOptions::parameter: must be a parameter's name (got \"\")");
  o.parameter = "force";
  o.checks = 10001;
  CHECK(validation_error(o) == "SweepForceOptions::checks: must be in 0..10000 (got 10001)");
  o.checks = -1;
  CHECK(validation_error(o) == "SweepForceOptions::checks: must be in 0..10000 (got -1)");
  o.checks = 0;
  o.h_max = 1e-9;
  CHECK(validation_error(o) == "SweepForceOptions::h_max: must be a finite number > 1e-09, the smallest step (got 1e-09)");
  o.h_max = 0.05;
  o.max_chord = 0.0;
  CHECK(validation_error(o) == "SweepForceOptions::max_chord: must be finite and > 0 (got 0)");
  o.max_chord = std::nullopt;
  o.problem.force = 0.5;
  CHECK(validation_error(o) ==
        "SweepForceOptions::problem.force: must be empty when parameter is \"force\" (the load is swept) (got 0.5)");
  o.parameter = "j";
  o.problem.force = -inf;
  CHECK(validation_error(o) == "SweepForceOptions::problem.force: must be a finite number (got -inf)");
  o.problem.force = 0.5;
  o.set = {{"", 1.0}};
  CHECK(validation_error(o) == "SweepForceOptions::set[0].key: must not be empty");
  o.set = {};
  o.require = limitdir::Level::incomplete;
  CHECK(validation_error(o) == "SweepForceOptions::require: must be Level::checked or Level::proven (got \"incomplete\")");
}

TEST_CASE("BifurcationMapOptions::validate names the field out of its range") {
  BifurcationMapOptions o;
  CHECK(validation_error(o) == "BifurcationMapOptions::x.to: must be a finite number greater than from (got 0)");
  o.x = {"force", 0, 1};
  CHECK(validation_error(o) == "BifurcationMapOptions::y.name: must be a parameter's name (got \"\")");
  o.y = {"j", std::numeric_limits<double>::infinity(), 1};
  CHECK(validation_error(o) == "BifurcationMapOptions::y.from: must be a finite number (got inf)");
  o.y = {"j", 1, 0.5};
  CHECK(validation_error(o) == "BifurcationMapOptions::y.to: must be a finite number greater than from (got 0.5)");
  o.y = {"j", 0.3, 0.5};
  CHECK(validation_error(o) == "(no error)");
  o.lines = 0;
  CHECK(validation_error(o) == "BifurcationMapOptions::lines: must be in 1..200 (got 0)");
  o.lines = 201;
  CHECK(validation_error(o) == "BifurcationMapOptions::lines: must be in 1..200 (got 201)");
  o.lines = 9;
  o.problem.force = 0.5;
  CHECK(validation_error(o) ==
        "BifurcationMapOptions::problem.force: must be empty when x or y is \"force\" (the load is mapped) (got 0.5)");
  o.problem.force = {};
  o.set = {{"force", std::nan("")}};
  CHECK(validation_error(o) == "BifurcationMapOptions::set[0].value: must be a finite number (got nan)");
  o.set = {};
  o.require = limitdir::Level::incomplete;
  CHECK(validation_error(o) ==
        "BifurcationMapOptions::require: must be Level::checked or Level::proven (got \"incomplete\")");
}

TEST_CASE("SweepForceOptions, BifurcationMapOptions: a parameter the problem does not have is an error of the run, as the text's") {
  SweepForceOptions sweep;
  sweep.parameter = "lambda";  // the ball's; disc.json is a disc
  sweep.from = 1;
  sweep.to = 3;
  sweep.problem.force = 0.5;
  const limitdir::JobResult r = check_same(limitdir::make_job(sweep), JobKind::sweep_force,
                                           {"--parameter", "lambda", "--from", "1", "--to", "3", "--force", "0.5"},
                                           "disc.json");
  CHECK(r.status == 2);
  CHECK(r.message == "parameter lambda: needs the ball preset");
  BifurcationMapOptions map;
  map.x = {"j", 0.3, 1.0};
  map.y = {"lambda", 1.0, 3.0};
  map.problem.force = 0.5;
  const limitdir::JobResult m = check_same(
      limitdir::make_job(map), JobKind::bifurcation_map,
      {"--x", "j", "--x-range", "0.3:1", "--y", "lambda", "--y-range", "1:3", "--force", "0.5"}, "disc.json");
  CHECK(m.status == 2);
  CHECK(m.message == "parameter lambda: needs the ball preset");
}

}  // namespace test_sweep_map_options
