// The progress of a counted loop; see core/progress.hpp and docs/manual.md section 5.
#include "limitdir/core/progress.hpp"

#include <memory>
#include <utility>

namespace limitdir {

ProgressCounter::ProgressCounter(ProgressHook hook, std::string what, std::uint64_t total, ProgressClock clock)
    : hook_(std::move(hook)), what_(std::move(what)), total_(total), clock_(clock), last_(clock()) {
  if (hook_) hook_(progress_count_text(what_, 0, total_));
}

void ProgressCounter::maybe_note(std::uint64_t done) {
  const auto now = clock_();
  if (now - last_ < progress_interval) return;
  last_ = now;
  hook_(progress_count_text(what_, done, total_));
}

namespace {
thread_local ProgressHook current_hook;  // the hook of this thread's run (see current_progress)
}  // namespace

const ProgressHook& current_progress() { return current_hook; }

ProgressScope::ProgressScope(ProgressHook hook) : previous_(std::move(current_hook)) { current_hook = std::move(hook); }

ProgressScope::~ProgressScope() { current_hook = std::move(previous_); }

ProgressHook throttled_progress(ProgressHook hook, const std::string* prefix, ProgressClock clock) {
  if (!hook) return {};
  auto last = std::make_shared<std::chrono::steady_clock::time_point>(clock());
  return [hook = std::move(hook), prefix, clock, last](const std::string& note) {
    const auto now = clock();
    if (now - *last < progress_interval) return;
    *last = now;
    hook(*prefix + note);
  };
}

std::string progress_count_text(const std::string& what, std::uint64_t done, std::uint64_t total) {
  if (total == 0) return what + " " + std::to_string(done);
  const std::uint64_t percent = done >= total ? 100 : (100 * done) / total;
  return what + " " + std::to_string(done) + "/" + std::to_string(total) + " (" + std::to_string(percent) + " %)";
}

}  // namespace limitdir
