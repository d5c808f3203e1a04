#pragma once
// A small fixed pool of threads for one granular run (docs/manual.md section 15, "Threads"):
// created once (a MoreauJeanStepper owns one), it runs the items of one parallel loop at a
// time - the narrow phase's chunks of spheres, the Delassus rows, the contacts of one colour of
// the coloured Gauss-Seidel (granular/block_pgs.hpp). The callers make every result independent
// of which thread ran which item (each item writes only its own outputs; sums are taken per
// fixed chunk, then in chunk order), so that the results do not depend on the thread count.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace limitdir {

/// The most threads a granular run takes (`pile --jobs K`): far above the cores of one machine
/// (a larger K only adds threads that wait), each thread reserving its stack.
inline constexpr int max_granular_threads = 256;

class WorkerPool {
 public:
  /// threads in [1, max_granular_threads]: threads - 1 workers, the calling thread the last one
  /// (fewer when the system cannot start them all: threads() says how many run).
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  /// Calls work(j) for every j in [0, count) on the pool's threads and returns when all are
  /// done; with one thread or one item, in the calling thread, in order. Thread t (0 the
  /// caller) takes the items of its share [t count / T, (t + 1) count / T) in order, then the
  /// untaken items of the other shares: from one loop to the next a thread works mostly on the
  /// same part of the data (it stays in its cache) and none waits while items are left. After
  /// work throws no item starts any more; the first exception is rethrown.
  void for_each(std::size_t count, const std::function<void(std::size_t)>& work);

 private:
  void worker_loop(std::size_t index);
  void drain(std::size_t index);
  void shutdown();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(std::size_t)>* work_ = nullptr;
  std::size_t count_ = 0;
  // Thread t's share of a loop's items: [t count / T, (t + 1) count / T), next the first not yet
  // taken (a cache line each: the threads take items from their own shares at once).
  struct alignas(64) Share {
    std::atomic<std::size_t> next{0};
  };
  std::unique_ptr<Share[]> shares_;
  std::atomic<bool> failed_{false};
  std::uint64_t generation_ = 0;
  int busy_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

/// The chunks [k c, min((k + 1) c, n)) of [0, n) for a chunk size c: their count.
inline std::size_t chunk_count(std::size_t n, std::size_t c) { return (n + c - 1) / c; }

/// Calls work(j) for every j in [0, count) on the pool (no pool: in order on the calling thread).
template <class Work>
void for_each_on(WorkerPool* pool, std::size_t count, const Work& work) {
  if (pool != nullptr) {
    pool->for_each(count, work);
  } else {
    for (std::size_t j = 0; j < count; ++j) work(j);
  }
}

/// Calls item(k) for every k in [0, n), the chunks of `chunk` consecutive k on the pool's
/// threads (no pool: in order on the calling thread). Each item must write only its own outputs.
template <class Item>
void for_each_index(WorkerPool* pool, std::size_t n, std::size_t chunk, const Item& item) {
  const auto run = [&](std::size_t j) {
    for (std::size_t k = j * chunk; k < n && k < (j + 1) * chunk; ++k) item(k);
  };
  for_each_on(pool, chunk_count(n, chunk), run);
}

}  // namespace limitdir
