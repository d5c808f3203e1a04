// Command-line benchmark (issue target: find-limits share/problems/disc.json --force 0.3 in
// <= 10 ms wall, from process start to the complete JSON on stdout). Each iteration spawns the
// built app with posix_spawn, reads its standard output through a pipe to the end and waits for
// it; the time is wall-clock (UseRealTime). `--version` measures the floor: process start,
// dynamic loading of limitdir and its dependencies, and exit.
#include <benchmark/benchmark.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace {

const std::string bin_dir = LIMITDIR_BIN_DIR;      // ${PROJECT_BINARY_DIR}/bin
const std::string share_dir = LIMITDIR_SHARE_DIR;  // ${PROJECT_SOURCE_DIR}/share

/// Runs bin_dir/app with `args`; returns its standard output, or an error message in `error`.
std::string run_app(const std::string& app, const std::vector<std::string>& args, std::string& error) {
  const std::string path = bin_dir + "/" + app;
  std::vector<std::string> words{path};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  int out[2];
  if (pipe(out) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return {};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, out[1]);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (rc != 0) {
    close(out[0]);
    error = "posix_spawn " + path + ": " + std::strerror(rc);
    return {};
  }
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = read(out[0], buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    error = app + " failed (status " + std::to_string(status) + ")";
  return text;
}

void run(benchmark::State& state, const std::string& app, const std::vector<std::string>& args) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string error;
    const std::string out = run_app(app, args, error);
    if (!error.empty() || out.empty()) {
      state.SkipWithError(error.empty() ? "no output" : error.c_str());
      break;
    }
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["output_bytes"] = static_cast<double>(bytes);
}

void BM_version(benchmark::State& state) { run(state, "find-limits", {"--version"}); }

void BM_find_limits_disc(benchmark::State& state) {
  run(state, "find-limits", {share_dir + "/problems/disc.json", "--force", "0.3"});
}

void BM_classify_direction(benchmark::State& state) {
  run(state, "classify", {share_dir + "/problems/disc.json", "--force", "0.3", "--direction=-1,0,0",
                          "--max-angle", "3.2"});
}

}  // namespace

BENCHMARK(BM_version)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_find_limits_disc)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_classify_direction)->UseRealTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
