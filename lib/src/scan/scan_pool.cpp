// The threads of `scan --jobs K` (docs/manual.md section 14); see scan/scan_pool.hpp.
#include "limitdir/scan/scan_pool.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "limitdir/core/cancellation.hpp"

namespace limitdir {

void scan_parallel_for(const std::vector<std::uint64_t>& items, unsigned threads,
                       const std::function<void(std::uint64_t)>& work) {
  if (threads < 1 || threads > max_scan_threads)
    throw std::invalid_argument("scan_parallel_for: threads must be in [1, " + std::to_string(max_scan_threads) +
                                "] (got " + std::to_string(threads) + ")");
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first;
  std::mutex first_mutex;
  const CancellationPredicate cancelled = current_cancellation();  // the caller's, on every thread
  const auto worker = [&] {
    const CancellationScope scope(cancelled);
    while (!failed.load()) {
      const std::size_t j = next.fetch_add(1);
      if (j >= items.size()) return;
      try {
        work(items[j]);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(first_mutex);
        if (!first) first = std::current_exception();
        failed.store(true);
      }
    }
  };
  // the calling thread is one of the workers (with 1, the only one): its cancellation predicate
  // may need it (the Python module's looks at Python's signal handlers on the calling thread only)
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& thread : pool) thread.join();
  if (first) std::rethrow_exception(first);
}

}  // namespace limitdir
