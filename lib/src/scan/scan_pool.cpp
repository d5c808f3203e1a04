// The threads of `scan --jobs K` (docs/manual.md section 14); see scan/scan_pool.hpp.
#include "limitdir/scan/scan_pool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "limitdir/core/cancellation.hpp"

namespace limitdir {

namespace {

/// The threads started before any item runs: each waits at the gate. open(kept) ends the
/// threads numbered `kept` and above at once (cut by a failed creation); the kept ones wait on
/// until go(), which the caller gives after it has joined the cut ones, so that no item runs
/// before their stacks are freed (an item that ran beside them once met the address-space limit
/// on a busy machine: status 5, std::bad_alloc).
class StartGate {
 public:
  explicit StartGate(unsigned kept) : kept_(kept) {}
  /// Waits until open(); false when thread `t` is cut, else waits until go() and is true.
  bool enter(unsigned t) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return open_; });
    if (t >= kept_) return false;
    changed_.wait(lock, [this] { return go_; });
    return true;
  }
  void open(unsigned kept) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      kept_ = kept;
      open_ = true;
    }
    changed_.notify_all();
  }
  void go() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      go_ = true;
    }
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  unsigned kept_;
  bool open_ = false, go_ = false;
};

/// The threads kept of the `created` ones when no more could be created: half of them, so that
/// the stacks of the other half (which had filled the limit) are free for the points' own memory
/// (the threads' malloc arenas, 64 MiB each, and the jobs' data), and at most one per core, since
/// a thread beyond the cores only waits (scan_pool.hpp). At least 1.
unsigned cut_pool(unsigned created) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, std::min(created / 2, cores));
}

}  // namespace

unsigned scan_parallel_for(std::uint64_t count, unsigned threads, const std::function<void(std::uint64_t)>& work,
                           const std::function<void(const std::string&)>& note) {
  if (threads < 1 || threads > max_scan_threads)
    throw std::invalid_argument("scan_parallel_for: threads must be in [1, " + std::to_string(max_scan_threads) +
                                "] (got " + std::to_string(threads) + ")");
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first;
  std::mutex first_mutex;
  const CancellationPredicate cancelled = current_cancellation();  // the caller's, on every thread
  // every failure on a thread is caught (an exception leaving a thread is std::terminate), even
  // one of the scope's copy of the predicate: memory is what a cut pool is short of
  const auto run_items = [&] {
    try {
      const CancellationScope scope(cancelled);
      while (!failed.load()) {
        const std::uint64_t j = next.fetch_add(1);
        if (j >= count) return;
        work(j);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(first_mutex);
      if (!first) first = std::current_exception();
      failed.store(true);
    }
  };
  // the calling thread is one of the workers, number 0 (with 1, the only one): its cancellation
  // predicate may need it (the Python module's looks at Python's signal handlers on the calling
  // thread only)
  StartGate gate(threads);
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  std::string refused;  // why a thread could not be created
  for (unsigned t = 1; t < threads && refused.empty(); ++t) {
    try {
      pool.emplace_back([&gate, &run_items, t] {
        if (gate.enter(t)) run_items();
      });
    } catch (const std::exception& e) {  // std::system_error (EAGAIN), or std::bad_alloc for its state
      refused = e.what();
    }
  }
  const unsigned created = static_cast<unsigned>(pool.size()) + 1;
  const unsigned kept = refused.empty() ? threads : cut_pool(created);
  gate.open(kept);
  for (unsigned t = kept; t < created; ++t) pool[t - 1].join();  // the cut ones end at once: their stacks freed
  gate.go();                                                      // then the kept ones run items
  if (!refused.empty() && note)
    note(std::to_string(threads) + " threads asked, only " + std::to_string(created) + " could be created (" +
         refused + "); running on " + std::to_string(kept) +
         " (at most half of them and one per core: the others' stacks are freed for the points' memory)");
  run_items();
  for (unsigned t = 1; t < kept; ++t) pool[t - 1].join();
  if (first) std::rethrow_exception(first);
  return kept;
}

}  // namespace limitdir
