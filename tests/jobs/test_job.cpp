// The jobs of a scan (docs/manual.md section 14, jobs/job.hpp): run_job on a bundled problem gives
// the JSON its app prints (the app binary run on the same file, timing removed); the summaries
// agree with closed forms of the ball (Sect. 7.5 [Nonlinear Dyn. 2024]) and of the rolling sphere
// (docs/manual.md section 10); bad options are InputErrors naming them; failures are statuses.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/problem_input.hpp"

namespace test_job {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::JobKind;

namespace {

const std::string problems = std::string(LIMITDIR_SHARE_DIR) + "/problems/";
const std::string bin = LIMITDIR_BIN_DIR;

json bundled(const std::string& name) { return limitdir::parse_json_input(limitdir::read_input(problems + name), name); }

/// What an app printed: its exit code, its stdout and its stderr.
struct AppRun {
  int status = -1;
  std::string out, err;
};

AppRun run_app(const std::string& app, const std::string& problem, const std::string& args) {
  char err_name[] = "/tmp/limitdir_test_job_XXXXXX";
  const int fd = mkstemp(err_name);
  REQUIRE(fd >= 0);
  close(fd);
  const std::string err_file = err_name;
  const std::string command = bin + "/" + app + " " + problems + problem + " " + args + " 2>" + err_file;
  AppRun run;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) run.out.append(buffer, n);
  const int raw = pclose(pipe.release());
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream err(err_file);
  run.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
  std::remove(err_file.c_str());
  return run;
}

/// `report` without its volatile keys (wall-clock times).
json without_timing(json report) {
  if (report.is_object()) {
    report.erase("wall_seconds");
    for (auto& [key, value] : report.items()) value = without_timing(value);
  } else if (report.is_array()) {
    for (json& value : report) value = without_timing(value);
  }
  return report;
}

std::vector<std::string> split(const std::string& args) {
  std::istringstream in(args);
  return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

/// run_job and the app on the same problem and options: the same status, report and message.
limitdir::JobResult check_same_as_app(JobKind kind, const std::string& problem, const std::string& args) {
  const std::string app = limitdir::job_name(kind);
  CAPTURE(app);
  CAPTURE(args);
  const AppRun expected = run_app(app, problem, args);
  const limitdir::JobResult result =
      limitdir::run_job(limitdir::make_job(kind, split(args)), bundled(problem), problems + problem);
  CHECK(result.status == expected.status);
  // the app's last line of JSON Lines (simulate --x0), or its one document
  REQUIRE(expected.out.size() >= 2);
  const std::size_t last = expected.out.rfind('\n', expected.out.size() - 2);
  const std::string document = kind == JobKind::simulate && args.find("--x0") != std::string::npos && last != std::string::npos
                                   ? expected.out.substr(last + 1)
                                   : expected.out;
  CHECK(without_timing(result.report) == without_timing(json::parse(document)));
  CHECK(expected.err == (result.status == 0 ? "" : app + ": error: " + result.message + "\n"));
  for (const char* key : {"seconds", "level", "reason", "class"}) CHECK(result.summary.contains(key));
  return result;
}

/// The ball of ball.json on its invariant circle: F_T = a C(0) (129), F_P = a C(0) - b S(0) (141),
/// with a = 7/2, b = 45 pi^2 / (512 lambda^2) (139) and C, S of its harmonic model (85).
struct BallLoads {
  double tangency, pitchfork;
};
BallLoads ball_loads() {
  const limitdir::Problem p = limitdir::load_problem_input(problems + "ball.json");
  const auto model = limitdir::make_friction_model(p);
  const auto* h = dynamic_cast<const limitdir::HarmonicModel*>(model.get());
  REQUIRE(h != nullptr);
  const double lambda = 5.0;  // ball.json
  const double a = 3.5, b = 45 * M_PI * M_PI / (512 * lambda * lambda);
  return {a * h->C()[0], a * h->C()[0] - b * h->S()[0]};
}

}  // namespace

TEST_CASE("run_job gives the JSON its app prints: find-limits, sweep-force, bifurcation-map on the ball") {
  check_same_as_app(JobKind::find_limits, "ball.json", "--force 0.3");
  check_same_as_app(JobKind::sweep_force, "ball.json", "--from 0.05 --to 4");
  check_same_as_app(JobKind::bifurcation_map, "ball.json", "--y lambda --y-range 1,3 --x-range 0.05,1.5");
  // a certificate below --require: the report all the same, status 3 and the app's message
  const limitdir::JobResult r = check_same_as_app(JobKind::find_limits, "disc.json", "--force 0 --require proven");
  CHECK(r.status == 3);
  CHECK(r.summary["level"] == "checked");
  CHECK(r.summary["reason"] == r.message);
}

TEST_CASE("run_job gives the JSON its app prints: simulate, roll, celt") {
  check_same_as_app(JobKind::simulate, "ball.json", "--force 0.3 --x0 1,0.5,0.2 --every 0");
  check_same_as_app(JobKind::simulate, "ball.json", "--force 0.3 --survey 20");
  check_same_as_app(JobKind::roll, "roll-fig3a.json", "--every 0");
  check_same_as_app(JobKind::roll, "roll-fig2.json", "--map --mu-grid 0.01,0.3,2 --mu-r-grid 0.004,0.032,2");
  check_same_as_app(JobKind::celt, "celt.json", "--t-end 0.2 --every 0");
  check_same_as_app(JobKind::celt, "celt.json", "--slip-system 0");
}

TEST_CASE("run_job gives the JSON its app prints: pile, its run, its scene and a sphere born inside the pile") {
  const std::string small = "--set spheres.count=10 --set stepping.t_end=0.702";
  const limitdir::JobResult run = check_same_as_app(JobKind::pile, "pile-siconos.json", small + " --every 100");
  CHECK(run.summary["class"] == "pile");
  const limitdir::JobResult scene = check_same_as_app(JobKind::pile, "pile-siconos.json", small + " --scene");
  CHECK(scene.summary["class"] == "scene");
  // born 1 mm above the plane, sphere 1 overlaps sphere 0 resting there: the pile reached the
  // drop height; status 3 with the report of that moment, the app's exit code and message
  const std::string born_low = small + " --set drop.height=0.011";
  const AppRun app = run_app("pile", "pile-siconos.json", born_low);
  const limitdir::JobResult inside = limitdir::run_job(limitdir::make_job(JobKind::pile, split(born_low)),
                                                       bundled("pile-siconos.json"), problems + "pile-siconos.json");
  CHECK(inside.status == 3);
  CHECK(app.status == 3);
  REQUIRE(inside.report.is_object());
  CHECK(json::parse(app.out) == inside.report);
  CHECK(inside.summary["class"] == "pile: reached the drop height");
  CHECK(inside.summary["reached_drop_height"] == true);
  CHECK(inside.report["summary"]["reached_drop_height"]["sphere"] == 1);
  CHECK(inside.report["summary"]["reached_drop_height"]["overlapping"] == 0);
  CHECK(inside.report["summary"]["spheres_present"] == 1);  // sphere 1 not born
  CHECK(inside.message.rfind("sphere 1 is born at", 0) == 0);
  CHECK(app.err == "pile: error: " + inside.message + "\n");
}

TEST_CASE("simulate --x0: the hook gets the points the app streams, the report is the final record") {
  const AppRun app = run_app("simulate", "ball.json", "--force 0.3 --x0 1,0.5,0.2 --every 50");
  std::vector<json> lines;
  std::istringstream in(app.out);
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  REQUIRE(lines.size() >= 2);
  std::vector<json> points;
  limitdir::JobHooks hooks;
  hooks.point = [&](const json& p) { points.push_back(p); };
  const auto job = limitdir::make_job(JobKind::simulate, split("--force 0.3 --x0 1,0.5,0.2 --every 50"));
  const limitdir::JobResult r = limitdir::run_job(job, bundled("ball.json"), problems + "ball.json", hooks);
  CHECK(points == std::vector<json>(lines.begin(), lines.end() - 1));
  CHECK(r.report == lines.back());
  CHECK(r.summary["outcome"] == "stick");
  CHECK(r.summary["class"] == "stick attracting stable-node");
}

TEST_CASE("(129), (141): the ball's summaries - 4 limit directions below F_P, 2 above, the events at F_P and F_T") {
  const BallLoads loads = ball_loads();
  const json ball = bundled("ball.json");
  const auto directions = [&](double F) {
    const auto job = limitdir::make_job(JobKind::find_limits, {"--force", std::to_string(F)});
    const limitdir::JobResult r = limitdir::run_job(job, ball);
    REQUIRE(r.status == 0);
    int typed = 0;
    for (const auto& [type, n] : r.summary["types"].items()) typed += n.get<int>();
    CHECK(typed == r.summary["limit_directions"]);
    return r.summary["limit_directions"].get<int>();
  };
  CHECK(directions(0.3) == 4);
  CHECK(directions(loads.pitchfork - 0.05) == 4);
  CHECK(directions(loads.tangency + 0.05) == 2);

  const auto job = limitdir::make_job(JobKind::sweep_force, split("--from 0.05 --to 4"));
  const limitdir::JobResult r = limitdir::run_job(job, ball);
  REQUIRE(r.status == 0);
  const json& events = r.summary["events"];
  REQUIRE(events.size() == 2);
  // the tracer locates events to p_tol = 1e-11 (continuation.hpp); 1e-9 leaves the rounding of C, S
  constexpr double event_tol = 1e-9;
  CHECK(events[0]["type"] == "pitchfork");
  CHECK(std::abs(events[0]["value"].get<double>() - loads.pitchfork) <= event_tol);
  CHECK(events[1]["type"] == "tangency");
  CHECK(std::abs(events[1]["value"].get<double>() - loads.tangency) <= event_tol);
  CHECK(r.summary["regions"] == 3);
  CHECK(r.summary["class"] == "Case 3 | Case 2 | Case 1");
  CHECK(r.summary["level"] == "proven");
}

TEST_CASE("docs/manual.md section 10: roll's X_max and stop time of a slip-free start rolling to rest") {
  // roll-fig3a.json: U0 = 2.5, mu = 0.2, mu_r = 0.04, R = 0.5, j = 0.4, g = 9.81, h = 1e-4, theta = 1/2;
  // mu_r <= (1 + j) mu R: rolling to rest at a = g mu_r / ((1 + j) R), X_max = U0^2 / (2a), t_stop = U0 / a
  const double a = 9.81 * 0.04 / (1.4 * 0.5), h = 1e-4;
  const auto job = limitdir::make_job(JobKind::roll, {"--every", "0"});
  const limitdir::JobResult r = limitdir::run_job(job, bundled("roll-fig3a.json"));
  REQUIRE(r.status == 0);
  // theta = 1/2: |X_max(h) - X_max| <= h^2/8 |Delta a| over the one phase change, plus rounding
  const double x_tol = h * h / 8 * a + 1e-12;
  CHECK(std::abs(r.summary["X_max"].get<double>() - 2.5 * 2.5 / (2 * a)) <= x_tol);
  // the step that finds the sphere at rest: t_stop(h) - t_stop in [0, h)
  const double t_error = r.summary["t_stop"].get<double>() - 2.5 / a;
  CHECK(t_error >= -1e-12);
  CHECK(t_error < h);
  CHECK(r.summary["class"] == "rest");
}

TEST_CASE("make_job: bad options are InputErrors naming them, before any problem") {
  const auto error = [](JobKind kind, const std::vector<std::string>& args) -> std::string {
    try {
      (void)limitdir::make_job(kind, args);
    } catch (const limitdir::InputError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error(JobKind::find_limits, {"--mesh-level", "9"}).rfind("--mesh-level: must be an integer <= 7", 0) == 0);
  CHECK(error(JobKind::find_limits, {"--method", "newton"}).rfind("--method:", 0) == 0);
  CHECK(error(JobKind::find_limits, {"--force", "x"}) == "--force: must be a number (got \"x\")");
  CHECK(error(JobKind::simulate, {"--survey", "3", "--degree", "2.5"}) == "--degree: must be an integer (got \"2.5\")");
  CHECK(error(JobKind::find_limits, {"--format", "text"}) == "--format: a scan writes records; not a job option");
  CHECK(error(JobKind::find_limits, {"ball.json"}).find("no positional argument") != std::string::npos);
  CHECK(error(JobKind::find_limits, {"--deg", "2"}).find("--deg") != std::string::npos);
  CHECK(error(JobKind::sweep_force, {"--from", "1"}) == "--to: required; see --help");
  CHECK(error(JobKind::sweep_force, {"--from", "1", "--to", "0.5"}).rfind("--to: must be greater", 0) == 0);
  CHECK(error(JobKind::sweep_force, {"--from", "0", "--to", "1", "--require", "sure"}).rfind("--require:", 0) == 0);
  CHECK(error(JobKind::simulate, {"--force", "0.3"}) == "give exactly one of --x0 and --survey");
  CHECK(error(JobKind::roll, {"--mu", "-1"}).rfind("--mu: must be >= 0", 0) == 0);
  CHECK(error(JobKind::celt, {"--compare", "--slip-system", "0"}) == "--compare: not with --slip-system");
  CHECK(error(JobKind::bifurcation_map, {"--y", "lambda"}) == "--x-range: required; see --help");
  CHECK_THROWS_AS(limitdir::parse_job_kind("sweep"), limitdir::InputError);
  for (JobKind kind : {JobKind::find_limits, JobKind::sweep_force, JobKind::bifurcation_map, JobKind::simulate,
                       JobKind::roll, JobKind::celt, JobKind::pile})
    CHECK(limitdir::parse_job_kind(limitdir::job_name(kind)) == kind);
}

TEST_CASE("run_job never throws: a bad problem is status 2, a failed integration status 3, with the message") {
  json bad = bundled("ball.json");
  bad["friction"]["degree"] = 0;
  const limitdir::JobResult r = limitdir::run_job(limitdir::make_job(JobKind::find_limits, {}), bad, "p.json");
  CHECK(r.status == 2);
  CHECK(r.message.rfind("p.json: friction.degree", 0) == 0);
  CHECK(r.report.is_null());
  CHECK(r.summary["class"].is_null());
  CHECK(r.summary["reason"] == r.message);
  // a roll problem given to find-limits is bad input too (no problem in it)
  CHECK(limitdir::run_job(limitdir::make_job(JobKind::find_limits, {}), bundled("roll-fig3a.json")).status == 2);
  // --max-steps 1: the integration gives up; its final record is the report, with status 3
  const auto job = limitdir::make_job(JobKind::simulate, split("--force 0.3 --x0 1,0.5,0.2 --max-steps 1"));
  const limitdir::JobResult f = limitdir::run_job(job, bundled("ball.json"));
  CHECK(f.status == 3);
  CHECK(f.report["outcome"] == "failed");
  CHECK(f.message.rfind("integration failed: ", 0) == 0);
  CHECK(f.summary["class"] == "failed");
}

TEST_CASE("run_job is re-entrant: jobs on four threads give the reports of one thread") {
  const json ball = bundled("ball.json"), disc = bundled("disc.json");
  const auto find = limitdir::make_job(JobKind::find_limits, {"--force", "0.3"});
  const auto sweep = limitdir::make_job(JobKind::sweep_force, split("--from 0.01 --to 1.5"));
  const json expected_find = limitdir::run_job(find, ball).report;
  const json expected_sweep = limitdir::run_job(sweep, disc).report;
  std::vector<json> reports(4);
  std::vector<std::thread> threads;
  for (int k = 0; k < 4; ++k)
    threads.emplace_back([&, k] { reports[k] = limitdir::run_job(k % 2 ? sweep : find, k % 2 ? disc : ball).report; });
  for (std::thread& t : threads) t.join();
  for (int k = 0; k < 4; ++k) CHECK(reports[k] == (k % 2 ? expected_sweep : expected_find));
}

TEST_CASE("share/schemas/scan-record.schema.json: every job's summary is valid in a record, a summary without a common key is not") {
  const std::vector<std::tuple<JobKind, std::string, std::string>> runs = {
      {JobKind::find_limits, "ball.json", "--force 0.3"},
      {JobKind::sweep_force, "ball.json", "--from 0.05 --to 4"},
      {JobKind::bifurcation_map, "ball.json", "--y lambda --y-range 1,3 --x-range 0.05,1.5"},
      {JobKind::simulate, "ball.json", "--force 0.3 --survey 10"},
      {JobKind::roll, "roll-fig3a.json", "--every 0"},
      {JobKind::celt, "celt.json", "--t-end 0.2 --every 0"},
      {JobKind::pile, "pile-siconos.json", "--set spheres.count=10 --set stepping.t_end=0.702 --every 0"},
      {JobKind::find_limits, "roll-fig3a.json", ""}};  // status 2
  const std::string validate = std::string(LIMITDIR_PYTHON) + " " + std::string(LIMITDIR_SHARE_DIR) + "/../tests/cli/validate_json.py " +
                               std::string(LIMITDIR_SHARE_DIR) + "/schemas scan-record.schema.json";
  char dir_name[] = "/tmp/limitdir_test_job_XXXXXX";
  REQUIRE(mkdtemp(dir_name) != nullptr);
  const std::string dir = dir_name;
  const auto write = [&](const std::string& name, const json& summary, int status) {
    const json record = {{"schema", "limitdir.scan-record/1"}, {"index", 0}, {"key", "0123456789abcdef"},
                         {"grid", "0123456789abcdef"}, {"scan", "0123456789abcdef"}, {"point", {{"force", 0.3}}},
                         {"status", status},
                         {"summary", summary}};
    std::ofstream(dir + "/" + name) << record.dump();
    return " " + dir + "/" + name;
  };
  std::string good;
  json sample;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& [kind, problem, args] = runs[k];
    const limitdir::JobResult r = limitdir::run_job(limitdir::make_job(kind, split(args)), bundled(problem));
    good += write("good" + std::to_string(k) + ".json", r.summary, r.status);
    if (k == 0) sample = r.summary;
  }
  CHECK(std::system((validate + good).c_str()) == 0);
  std::string bad;
  for (const char* key : {"seconds", "level", "reason", "class"}) {
    json broken = sample;
    broken.erase(key);
    bad += write(std::string("bad-") + key + ".json", broken, 0);
  }
  CHECK(std::system((validate + bad + " --invalid").c_str()) == 0);
  std::filesystem::remove_all(dir);
}

}  // namespace test_job
