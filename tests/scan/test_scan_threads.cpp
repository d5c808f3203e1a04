// Jobs run at once (docs/manual.md section 14, scan --jobs K): every job kind on a bundled problem,
// run on several threads at the same time, gives the report and summary of the same job run
// alone (a result that depended on what else runs would betray shared state), and a scan on
// three threads writes the records of a scan on one. Built into limitdir_thread_tests with
// -DLIMITDIR_THREAD_SANITIZER=ON (tests/sanitizer/thread_sanitizer.sh, ctest
// scan.thread_sanitizer), ThreadSanitizer checks that no two threads race on any memory.
#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "limitdir/core/json_input.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_run.hpp"

namespace test_scan_threads {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;

namespace {

const std::string problems = std::string(LIMITDIR_SHARE_DIR) + "/problems/";

/// A job kind with a bundled problem and options that keep it short (~20-250 ms alone).
struct JobCase {
  const char* job;
  const char* problem;
  std::vector<std::string> args;
};

const std::vector<JobCase> cases{
    {"find-limits", "ball.json", {"--force", "0.3"}},
    {"sweep-force", "disc.json", {"--from", "0.1", "--to", "1"}},
    {"bifurcation-map", "ball.json", {"--x", "lambda", "--x-range", "0.2,8", "--y", "force", "--y-range", "0,4"}},
    {"simulate", "disc.json", {"--force", "0", "--x0", "1,0.3,0.5", "--every", "0"}},
    {"roll", "roll-fig2.json", {}},
    {"celt", "celt.json", {"--t-end", "0.1"}},
};

/// `value` without the wall times it holds (the keys "seconds" and "wall_seconds"): what a run's
/// timing changes.
json without_times(json value) {
  if (value.is_object()) {
    value.erase("seconds");
    value.erase("wall_seconds");
    for (auto& [key, item] : value.items()) item = without_times(item);
  } else if (value.is_array()) {
    for (json& item : value) item = without_times(item);
  }
  return value;
}

struct Outcome {
  int status;
  json report, summary;
};

Outcome run_case(const JobCase& c) {
  const limitdir::Job job = limitdir::make_job(limitdir::parse_job_kind(c.job), c.args);
  const std::string path = problems + c.problem;
  const json document = limitdir::parse_json_input(limitdir::read_input(path), path);
  const limitdir::JobResult result = limitdir::run_job(job, document, c.problem);
  return {result.status, without_times(result.report), without_times(result.summary)};
}

}  // namespace

TEST_CASE("every job run on 3 threads at once gives the result of the job run alone") {
  std::vector<Outcome> alone;
  for (const JobCase& c : cases) {
    alone.push_back(run_case(c));
    CHECK_MESSAGE(alone.back().status == 0, c.job);
  }
  // each thread runs every job, starting at a different one: every job meets the others
  constexpr std::size_t threads = 3;
  std::vector<std::vector<Outcome>> together(threads, std::vector<Outcome>(cases.size()));
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::size_t k = 0; k < cases.size(); ++k) {
        const std::size_t i = (k + 2 * t) % cases.size();
        together[t][i] = run_case(cases[i]);
      }
    });
  for (std::thread& thread : pool) thread.join();
  for (std::size_t t = 0; t < threads; ++t)
    for (std::size_t i = 0; i < cases.size(); ++i) {
      INFO(cases[i].job << " on thread " << t);
      CHECK(together[t][i].status == alone[i].status);
      CHECK(together[t][i].summary == alone[i].summary);
      CHECK(together[t][i].report == alone[i].report);
    }
}

TEST_CASE("a scan on 3 threads writes the records of the scan on one, each once") {
  const auto scan_text = [](const std::string& jobs) {
    const limitdir::ScanCommand command = limitdir::parse_scan_command(
        {problems + "ball.json", "--job", "find-limits", "--grid", "force=0.1:3:8", "--grid", "system.lambda=0.4,5",
         "--jobs", jobs});
    std::FILE* out = std::tmpfile();
    REQUIRE(out != nullptr);
    const limitdir::ScanOutcome outcome = limitdir::run_scan_command(command, ::fileno(out), {});
    CHECK(outcome.points == 16);
    std::rewind(out);
    std::map<std::uint64_t, json> records;
    char line[1 << 14];
    while (std::fgets(line, sizeof line, out) != nullptr) {
      const json record = json::parse(line);
      CHECK(records.emplace(record.at("index").get<std::uint64_t>(), without_times(record)).second);
    }
    std::fclose(out);
    return records;
  };
  const auto one = scan_text("1"), three = scan_text("3");
  CHECK(one.size() == 16);
  CHECK(three == one);
}

}  // namespace test_scan_threads
