// The scan command's pieces that run no job (docs/manual.md section 14, "The scan command"): the
// split of scan's options from the job's, the thread pool, the progress notes, the grid of the
// command and the points checked before any job runs.
#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_pool.hpp"
#include "limitdir/scan/scan_progress.hpp"
#include "limitdir/scan/scan_run.hpp"

namespace test_scan_command {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::InputError;
using limitdir::ScanCommand;
using limitdir::parse_scan_command;

TEST_CASE("scan's options are split from the job's, whose values are kept as typed") {
  const ScanCommand c = parse_scan_command({"ball.json", "--job", "sweep-force", "--from", "0", "--to=1.5", "--grid",
                                            "system.lambda=1:5:3", "--h-max", "-0.5", "--grid=friction.degree=1,2",
                                            "--enclose-events", "--shard", "1/4", "--jobs", "2", "--full"});
  CHECK(c.problem == "ball.json");
  CHECK(c.job == "sweep-force");
  CHECK(c.job_args == std::vector<std::string>{"--from", "0", "--to=1.5", "--h-max", "-0.5", "--enclose-events"});
  CHECK(c.grid == std::vector<std::string>{"system.lambda=1:5:3", "friction.degree=1,2"});
  CHECK(c.shard == "1/4");
  CHECK(c.jobs == "2");
  CHECK(c.full);
  CHECK_FALSE(c.merge);
  // "-" is standard input, a value; --merge takes the files that follow it
  const ScanCommand m = parse_scan_command({"-", "--grid", "force=0:1:3", "--merge", "a.jsonl", "b.jsonl", "--job", "find-limits"});
  CHECK(m.problem == "-");
  REQUIRE(m.merge);
  CHECK(*m.merge == std::vector<std::string>{"a.jsonl", "b.jsonl"});
  CHECK(m.job == "find-limits");
}

TEST_CASE("scan's command line: one-line errors for an option twice, a missing value, a stray operand") {
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--shard", "0/2", "--shard", "1/2"}), "--shard: given twice", InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--jobs"}), "--jobs: needs a value; see --help", InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--resume", "--full"}), "--resume: needs a value; see --help", InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "q.json"}), doctest::Contains("unexpected argument \"q.json\""), InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--merge"}), doctest::Contains("--merge: needs the files"), InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--full=1"}), doctest::Contains("--full: takes no value"), InputError);
}

TEST_CASE("PROBLEM omitted is standard input when the app says it is not a terminal (docs/manual.md section 5)") {
  CHECK(parse_scan_command({"--job", "find-limits", "--grid", "force=0:1:3"}, true).problem == "-");
  CHECK_FALSE(parse_scan_command({"--job", "find-limits", "--grid", "force=0:1:3"}, false).problem);
  CHECK(parse_scan_command({"p.json", "--job", "find-limits"}, true).problem == "p.json");
  CHECK_FALSE(parse_scan_command({"--help"}, true).problem);
  CHECK(parse_scan_command({"--grid", "force=0:1:3", "-q"}, true).quiet);
  CHECK(parse_scan_command({"--grid", "force=0:1:3", "--progress"}, true).progress);
  // standard input is read once
  CHECK_THROWS_WITH_AS(parse_scan_command({"--grid", "force=0:1:3", "--summary", "-"}, true),
                       doctest::Contains("PROBLEM and --summary both name it (PROBLEM, omitted,"), InputError);
  CHECK_THROWS_WITH_AS(parse_scan_command({"p.json", "--merge", "-", "a", "-"}), doctest::Contains("--merge and --merge"), InputError);
  CHECK(parse_scan_command({"--grid", "force=0:1:3", "--summary", "-"}, false).summary == "-");
  // --summary after a scan's command line: the job's options before it, the summary's after
  const ScanCommand c = parse_scan_command({"p.json", "--job", "sweep-force", "--from", "0", "--summary", "f", "--x", "force"});
  CHECK(c.summary_at == 2);
  CHECK(c.job_args == std::vector<std::string>{"--from", "0", "--x", "force"});
}

TEST_CASE("the pool runs every item exactly once on K threads and rethrows the first failure") {
  std::vector<std::uint64_t> items;
  for (std::uint64_t i = 0; i < 1000; ++i) items.push_back(3 * i + 1);
  for (const unsigned threads : {1u, 2u, 7u}) {
    std::mutex mutex;
    std::multiset<std::uint64_t> seen;
    limitdir::scan_parallel_for(items.size(), threads, [&](std::uint64_t j) {
      const std::lock_guard<std::mutex> lock(mutex);
      seen.insert(items[j]);
    });
    CHECK(seen == std::multiset<std::uint64_t>(items.begin(), items.end()));
  }
  // in order on one thread; a failure stops the items not yet started
  std::vector<std::uint64_t> order;
  limitdir::scan_parallel_for(items.size(), 1, [&](std::uint64_t j) { order.push_back(items[j]); });
  CHECK(order == items);
  // On one thread exactly items 0..10 start (31 = 3 * 10 + 1). On 3 threads the first failure is
  // rethrown; how many items the other two start before they see it is the scheduler's choice (on
  // a busy machine they may run all of them), so no count is asserted there.
  for (const unsigned threads : {1u, 3u}) {
    std::atomic<int> started{0};
    CHECK_THROWS_WITH_AS(limitdir::scan_parallel_for(items.size(), threads,
                                                     [&](std::uint64_t j) {
                                                       ++started;
                                                       if (items[j] == 31) throw std::runtime_error("point 31 failed");
                                                     }),
                         "point 31 failed", std::runtime_error);
    if (threads == 1) CHECK(started.load() == 11);
  }
  CHECK_THROWS_AS(limitdir::scan_parallel_for(items.size(), 0, [](std::uint64_t) {}), std::invalid_argument);
  CHECK_THROWS_AS(limitdir::scan_parallel_for(items.size(), limitdir::max_scan_threads + 1, [](std::uint64_t) {}),
                  std::invalid_argument);
}

TEST_CASE("progress notes: points done of the total, the rate and the time left") {
  // 120 points in 4 s: 30 points/s; 3880 left take 129.33 s = 2 min 9 s
  CHECK(limitdir::scan_progress_text(120, 4000, 4.0) == "120/4000 points (3 %), 30 points/s, ETA 2 min 9 s");
  CHECK(limitdir::scan_progress_text(0, 10, 1.5) == "0/10 points (0 %)");
  CHECK(limitdir::scan_progress_text(10, 10, 2.0) == "10/10 points (100 %), 5 points/s");
  // 1 point in 10 s, 999 left: 9990 s = 2 h 46 min
  CHECK(limitdir::scan_progress_text(1, 1000, 10.0) == "1/1000 points (0 %), 0.1 points/s, ETA 2 h 46 min");
}

TEST_CASE("the grid of the command: --grid product, --random with --seed, and one-line errors") {
  const auto grid_of = [](const std::vector<std::string>& args) { return limitdir::scan_grid_of(parse_scan_command(args)); };
  const limitdir::ScanGrid product = grid_of({"p.json", "--grid", "force=0:1:3", "--grid", "system.j=0.25,0.5"});
  CHECK(product.size() == 6);
  CHECK(product.point(3) == std::vector<double>{0.5, 0.5});
  const limitdir::ScanGrid random = grid_of({"p.json", "--grid", "force=0:1:3", "--random", "7", "--seed", "42"});
  CHECK(random.size() == 7);
  CHECK_THROWS_WITH_AS(grid_of({"p.json"}), doctest::Contains("no grid"), InputError);
  CHECK_THROWS_WITH_AS(grid_of({"p.json", "--grid", "force=0:1:3", "--random", "7"}), doctest::Contains("--random N and --seed S go together"), InputError);
  CHECK_THROWS_AS(grid_of({"p.json", "--grid", "force=0:1:3", "--random", "0", "--seed", "1"}), InputError);
  CHECK_THROWS_WITH_AS(grid_of({"p.json", "--grid", "force=0:1:3", "--random", "-2", "--seed", "1"}), doctest::Contains("--random: must be an integer >= 0"), InputError);
  CHECK_THROWS_WITH_AS(grid_of({"p.json", "--grid", "force=0:1:3", "--points", "x.jsonl"}), doctest::Contains("--points: the file gives the points"), InputError);
}

TEST_CASE("the points checked before any job: a key's range that leaves its valid values fails at its extreme") {
  const std::string ball = std::string(LIMITDIR_SHARE_DIR) + "/problems/ball.json";
  const auto setup_of = [&](const std::vector<std::string>& grid) {
    limitdir::ScanSetup setup;
    setup.source = "ball.json";
    setup.document = limitdir::parse_json_input(limitdir::read_input(ball), ball);
    std::vector<std::string> args{ball};
    for (const std::string& spec : grid) args.insert(args.end(), {"--grid", spec});
    setup.grid = limitdir::scan_grid_of(parse_scan_command(args));
    return setup;
  };
  CHECK_NOTHROW(limitdir::validate_scan_grid(setup_of({"force=0:1:3", "friction.degree=1:4:4"})));
  // degree 0 is the last value of its axis: point 3 * 3 + ... with force at its first value
  CHECK_THROWS_WITH_AS(limitdir::validate_scan_grid(setup_of({"force=0:1:3", "friction.degree=2,1,0"})),
                       doctest::Contains("ball.json at point 2: friction.degree"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::validate_scan_grid(setup_of({"system.mass=1:2:2"})),
                       doctest::Contains("ball.json at point 0: system.mass"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::validate_scan_grid(setup_of({"name=1:2:2"})), doctest::Contains("name"), InputError);
}

}  // namespace test_scan_command
