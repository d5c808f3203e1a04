// The options of simulate, roll and celt as plain values (jobs/simulate_options.hpp,
// jobs/roll_options.hpp, jobs/celt_options.hpp; docs/manual.md section 14, "Jobs from a
// program"): a job made from values runs the computation of the job made from the same options'
// text, whose answers the app tests compare with the papers; roll's X_max from values agrees with
// the closed form of docs/manual.md section 10; the values' checks name the field at fault.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/jobs/celt_options.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/pile_options.hpp"
#include "limitdir/jobs/roll_options.hpp"
#include "limitdir/jobs/simulate_options.hpp"

namespace test_simulate_roll_celt_options {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::CeltOptions;
using limitdir::InputError;
using limitdir::JobKind;
using limitdir::PileOptions;
using limitdir::RollOptions;
using limitdir::SimulateOptions;

namespace {

json bundled(const std::string& name) {
  const std::string path = std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name;
  return limitdir::parse_json_input(limitdir::read_input(path), name);
}

/// The result of a job on a bundled problem, with the points its hook got (simulate --x0).
struct Run {
  limitdir::JobResult result;
  std::vector<json> points;
};

Run run(const limitdir::Job& job, const std::string& problem) {
  Run r;
  limitdir::JobHooks hooks;
  hooks.point = [&r](const json& point) { r.points.push_back(point); };
  r.result = limitdir::run_job(job, bundled(problem), problem, hooks);
  return r;
}

/// `j` without its timings ("seconds", "wall_seconds": the clock's, not the computation's).
json untimed(json j) {
  if (j.is_object()) {
    j.erase("seconds");
    j.erase("wall_seconds");
  }
  if (j.is_structured())
    for (json& child : j) child = untimed(child);
  return j;
}

/// The job from values and the job from the text give the same status, message, report, summary
/// and points (timings aside).
void check_same(const limitdir::Job& values, JobKind kind, const std::vector<std::string>& text,
                const std::string& problem) {
  const Run a = run(values, problem), b = run(limitdir::make_job(kind, text), problem);
  CHECK(a.result.status == b.result.status);
  CHECK(a.result.message == b.result.message);
  CHECK(untimed(a.result.report) == untimed(b.result.report));
  CHECK(untimed(a.result.summary) == untimed(b.result.summary));
  CHECK(a.points == b.points);
  CHECK(values.args.empty());
}

/// The message of make_job(options), or "(no error)".
template <class Options>
std::string message(const Options& options) {
  try {
    (void)limitdir::make_job(options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("SimulateOptions: one trajectory from x0 on the ball, its points through the hook, as --x0 --every") {
  SimulateOptions options;
  options.problem.force = 0.3;
  options.x0 = Eigen::Vector3d(1, 0.5, 0.2);
  options.every = 50;
  const Run values = run(limitdir::make_job(options), "ball.json");
  REQUIRE(values.result.status == 0);
  CHECK(values.result.summary.at("outcome") == "stick");
  CHECK(!values.points.empty());
  check_same(limitdir::make_job(options), JobKind::simulate, {"--force", "0.3", "--x0", "1,0.5,0.2", "--every", "50"},
             "ball.json");
}

TEST_CASE("SimulateOptions: a backward survey with the overrides and --set, as --survey --backward --max-steps") {
  SimulateOptions options;
  options.survey = 12;
  options.backward = true;
  options.max_steps = 100000;
  options.problem.model = "harmonic";
  options.problem.degree = 5;
  options.problem.rho = "R";
  options.set = {{"force", 0.4}, {"system.lambda", 4.0}};
  check_same(limitdir::make_job(options), JobKind::simulate,
             {"--survey", "12", "--backward", "--max-steps", "100000", "--model", "harmonic", "--degree", "5", "--rho",
              "R", "--set", "force=0.4", "--set", "system.lambda=4"},
             "ball.json");
  const Run values = run(limitdir::make_job(options), "ball.json");
  // every trajectory is counted once: stick, never sticks or failed (limitdir.survey/1)
  const json& r = values.result.report;
  CHECK(r.at("stick").get<int>() + r.at("never_stick").get<int>() + r.at("failed").get<int>() == 12);
}

TEST_CASE("RollOptions: a slip-free start rolls to rest at the closed form's X_max (docs/manual.md section 10)") {
  // roll-fig3a.json with mu_r = 0.02 (U0 = 2.5, mu = 0.2, R = 0.5, j = 0.4, g = 9.81, theta = 1/2):
  // mu_r <= (1 + j) mu R, so rolling to rest at a = g mu_r / ((1 + j) R), X_max = U0^2 / (2a),
  // t_stop = U0 / a = 8.9 s: t_end = 10 reaches it
  RollOptions options;
  options.mu_r = 0.02;
  options.t_end = 10.0;
  options.h = 2e-4;
  options.every = 0;
  const Run values = run(limitdir::make_job(options), "roll-fig3a.json");
  REQUIRE(values.result.status == 0);
  const double a = 9.81 * 0.02 / (1.4 * 0.5), h = 2e-4;
  // theta = 1/2: |X_max(h) - X_max| <= h^2/8 |Delta a| over the one phase change, plus rounding
  const double x_tol = h * h / 8 * a + 1e-12;
  CHECK(std::abs(values.result.summary.at("X_max").get<double>() - 2.5 * 2.5 / (2 * a)) <= x_tol);
  check_same(limitdir::make_job(options), JobKind::roll,
             {"--mu-r", "0.02", "--t-end", "10", "--h", "2e-4", "--every", "0"}, "roll-fig3a.json");
}

TEST_CASE("RollOptions: the overrides of a run and the map's grids are those of the options' text") {
  RollOptions run_options;
  run_options.mu = 0.3;
  run_options.theta = 1.0;
  run_options.method = limitdir::RollingMethod::pfp;
  run_options.tol = 1e-10;
  run_options.velocity = Eigen::Vector3d(1.5, 0.5, 0);
  run_options.omega = Eigen::Vector3d(0, 1, 0.5);
  run_options.t_end = 0.5;
  run_options.set = {{"sphere.j", 0.5}};
  check_same(limitdir::make_job(run_options), JobKind::roll,
             {"--mu", "0.3", "--theta", "1", "--method", "pfp", "--tol", "1e-10", "--velocity", "1.5,0.5,0", "--omega",
              "0,1,0.5", "--t-end", "0.5", "--set", "sphere.j=0.5"},
             "roll-fig3b.json");

  RollOptions map;
  map.map = true;
  map.mu_grid = limitdir::Grid{0.01, 0.3, 2};
  map.mu_r_grid = limitdir::Grid{0.004, 0.032, 2};
  check_same(limitdir::make_job(map), JobKind::roll, {"--map", "--mu-grid", "0.01,0.3,2", "--mu-r-grid", "0.004,0.032,2"},
             "roll-fig2.json");
}

TEST_CASE("RollOptions: method with spin_friction is an error of the run, as --method's") {
  RollOptions options;
  options.method = limitdir::RollingMethod::pgs;
  const Run values = run(limitdir::make_job(options), "roll-spin.json");
  CHECK(values.result.status == 2);
  check_same(limitdir::make_job(options), JobKind::roll, {"--method", "pgs"}, "roll-spin.json");
}

TEST_CASE("CeltOptions: a run, the comparison of the models and the slip system are those of the options' text") {
  CeltOptions run_options;
  run_options.model = limitdir::CeltModel::P1_prime;
  run_options.mu = 0.3;
  run_options.k_r = 0.5;
  run_options.t_end = 0.4;
  run_options.dt = 0.02;
  run_options.tol = 1e-9;
  run_options.tilt = Eigen::Vector2d(0.01, 0.04);
  run_options.omega = Eigen::Vector3d(0, 0, -2);
  run_options.every = 3;
  check_same(limitdir::make_job(run_options), JobKind::celt,
             {"--model", "P1'", "--mu", "0.3", "--k-r", "0.5", "--t-end", "0.4", "--dt", "0.02", "--tol", "1e-9",
              "--tilt", "0.01,0.04", "--omega", "0,0,-2", "--every", "3"},
             "celt.json");

  CeltOptions compare;
  compare.compare = true;
  compare.t_end = 0.3;
  check_same(limitdir::make_job(compare), JobKind::celt, {"--compare", "--t-end", "0.3"}, "celt.json");

  CeltOptions slip;
  slip.slip_system = 0.2;
  slip.t_end = 0.5;
  slip.w = {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 1, 0.5)};
  slip.set = {{"contact.mu", 0.2}};
  check_same(limitdir::make_job(slip), JobKind::celt,
             {"--slip-system", "0.2", "--t-end", "0.5", "--w", "1,0,0", "--w", "0,1,0.5", "--set", "contact.mu=0.2"},
             "celt.json");
  slip.w.clear();
  slip.export_problem = true;
  check_same(limitdir::make_job(slip), JobKind::celt,
             {"--slip-system", "0.2", "--t-end", "0.5", "--export-problem", "--set", "contact.mu=0.2"}, "celt.json");
}

TEST_CASE("CeltOptions: slip_system past t_end is an error of the run, as --slip-system's") {
  CeltOptions options;
  options.slip_system = 0.6;
  options.t_end = 0.5;
  CHECK(run(limitdir::make_job(options), "celt.json").result.status == 2);
  check_same(limitdir::make_job(options), JobKind::celt, {"--slip-system", "0.6", "--t-end", "0.5"}, "celt.json");
}

TEST_CASE("PileOptions: a run kept every K steps and the scene are those of the options' text") {
  // 10 spheres born every 0.0639 s (pile-siconos.json), the last at 0.575 s < t_end = 0.702 s
  PileOptions options;
  options.every = 100;
  options.set = {{"spheres.count", 10}, {"stepping.t_end", 0.702}};
  const Run values = run(limitdir::make_job(options), "pile-siconos.json");
  REQUIRE(values.result.status == 0);
  // every sphere born is on the plane's pile or lost off it; rows at t = 0, 100, ..., 700, 702
  const json& summary = values.result.summary;
  CHECK(summary.at("spheres_present").get<int>() + summary.at("spheres_lost").get<int>() == 10);
  CHECK(values.result.report.at("history").at("rows").size() == 1 + 702 / 100 + 1);
  check_same(limitdir::make_job(options), JobKind::pile,
             {"--every", "100", "--set", "spheres.count=10", "--set", "stepping.t_end=0.702"}, "pile-siconos.json");
  PileOptions scene;
  scene.scene = true;
  scene.set = options.set;
  const Run births = run(limitdir::make_job(scene), "pile-siconos.json");
  CHECK(births.result.report.at("spheres").size() == 10);
  check_same(limitdir::make_job(scene), JobKind::pile,
             {"--scene", "--set", "spheres.count=10", "--set", "stepping.t_end=0.702"}, "pile-siconos.json");
}

TEST_CASE("PileOptions::validate names the field at fault") {
  CHECK(message(PileOptions{}) == "(no error)");
  PileOptions every, vtk, scene, set;
  every.every = -1;
  vtk.vtk = "";
  scene.scene = true;
  scene.every = 3;
  set.set = {{"", 1.0}};
  for (const auto& [options, says] :
       {std::pair{every, "PileOptions::every: must be >= 0 (got -1)"},
        std::pair{vtk, "PileOptions::vtk: must be a directory name (got \"\"\"\")"},
        std::pair{scene, "PileOptions::scene: not with every or vtk (nothing runs)"},
        std::pair{set, "PileOptions::set[0].key: must not be empty"}})
    CHECK(message(options) == says);
}

TEST_CASE("SimulateOptions::validate names the field at fault") {
  const double inf = std::numeric_limits<double>::infinity();
  SimulateOptions o;
  CHECK(message(o) == "SimulateOptions::x0, survey: give exactly one of them");
  o.x0 = Eigen::Vector3d(1, 0, 0);
  o.survey = 10;
  CHECK(message(o) == "SimulateOptions::x0, survey: give exactly one of them");
  o.x0.reset();
  o.every = 2;
  CHECK(message(o) == "SimulateOptions::every: only with x0 (not with survey)");
  o = {};
  o.x0 = Eigen::Vector3d(1, inf, 0);
  CHECK(message(o) == "SimulateOptions::x0: must be finite in each component (got inf)");
  o.x0 = Eigen::Vector3d::Zero();
  CHECK(message(o) == "SimulateOptions::x0: must be not zero (x0 = 0 is already stick) (got \"0,0,0\")");
  o = {};
  o.survey = 20001;
  CHECK(message(o) == "SimulateOptions::survey: must be in 1..20000 (got 20001)");
  o = {};
  o.x0 = Eigen::Vector3d(1, 0, 0);
  o.every = -1;
  CHECK(message(o) == "SimulateOptions::every: must be in 0..1000000000 (got -1)");
  o.every.reset();
  o.max_steps = 0;
  CHECK(message(o) == "SimulateOptions::max_steps: must be in 1..1000000000000 (got 0)");
  o.max_steps = 10;
  o.problem.force = -inf;
  CHECK(message(o) == "SimulateOptions::problem.force: must be a finite number (got -inf)");
  o.problem.force.reset();
  o.set = {{"", 1.0}};
  CHECK(message(o) == "SimulateOptions::set[0].key: must not be empty");
}

TEST_CASE("RollOptions::validate names the field at fault") {
  RollOptions o;
  CHECK(message(o) == "(no error)");
  o.mu = -0.1;
  CHECK(message(o) == "RollOptions::mu: must be finite and >= 0 (got -0.1)");
  o = {};
  o.h = 0;
  CHECK(message(o) == "RollOptions::h: must be finite and > 0 (got 0)");
  o = {};
  o.theta = 1.5;
  CHECK(message(o) == "RollOptions::theta: must be in [0, 1] (got 1.5)");
  o = {};
  o.tol = 1;
  CHECK(message(o) == "RollOptions::tol: must be in (0, 1) (got 1)");
  o = {};
  o.omega = Eigen::Vector3d(0, std::nan(""), 0);
  CHECK(message(o) == "RollOptions::omega: must be finite in each component (got nan)");
  o = {};
  o.mu_r_grid = limitdir::Grid{0.004, 0.032, 2};
  CHECK(message(o) == "RollOptions::mu_r_grid: only with map");
  o.map = true;
  o.every = 3;
  CHECK(message(o) == "RollOptions::every: not with map");
  o.every.reset();
  o.mu_r_grid->n = 101;
  CHECK(message(o) == "RollOptions::mu_r_grid.n: must be in 1..100 (got 101)");
  o.mu_r_grid = limitdir::Grid{0.04, 0.03, 2};
  CHECK(message(o) == "RollOptions::mu_r_grid.hi: must be finite and >= lo (got 0.03)");
  o.mu_r_grid.reset();
  o.map = false;
  o.every = -1;
  CHECK(message(o) == "RollOptions::every: must be in 0..10000000 (got -1)");
}

TEST_CASE("CeltOptions::validate names the field at fault") {
  CeltOptions o;
  CHECK(message(o) == "(no error)");
  o.k_r = 1.5;
  CHECK(message(o) == "CeltOptions::k_r: must be in [0, 1] (got 1.5)");
  o = {};
  o.tol = 1e-2;
  CHECK(message(o) == "CeltOptions::tol: must be in (0, 1e-3] (got 0.01)");
  o = {};
  o.tilt = Eigen::Vector2d(0, 2);
  CHECK(message(o) == "CeltOptions::tilt: must be in (-pi/2, pi/2) in each angle (got 2)");
  o = {};
  o.compare = true;
  o.slip_system = 0.1;
  CHECK(message(o) == "CeltOptions::compare: not with slip_system");
  o = {};
  o.w = {Eigen::Vector3d(1, 0, 0)};
  CHECK(message(o) == "CeltOptions::w: only with slip_system");
  o = {};
  o.export_problem = true;
  CHECK(message(o) == "CeltOptions::export_problem: only with slip_system");
  o = {};
  o.compare = true;
  o.every = 2;
  CHECK(message(o) == "CeltOptions::every: not with compare");
  o = {};
  o.slip_system = -1;
  CHECK(message(o) == "CeltOptions::slip_system: must be finite and >= 0 (got -1)");
  o.slip_system = 0.1;
  o.w = {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, -std::numeric_limits<double>::infinity(), 0)};
  CHECK(message(o) == "CeltOptions::w[1]: must be finite in each component (got -inf)");
  o = {};
  o.set = {{"contact.mu", std::nan("")}};
  CHECK(message(o) == "CeltOptions::set[0].value: must be a finite number (got nan)");
}

}  // namespace test_simulate_roll_celt_options
