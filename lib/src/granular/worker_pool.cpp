// The fixed thread pool of a granular run (granular/worker_pool.hpp).
#include "limitdir/granular/worker_pool.hpp"

#include <memory>
#include <string>
#include <system_error>

#include "limitdir/core/errors.hpp"

namespace limitdir {

WorkerPool::WorkerPool(int threads) {
  if (threads < 1 || threads > max_granular_threads)
    throw InputError("threads: must be in [1, " + std::to_string(max_granular_threads) + "] (got " +
                     std::to_string(threads) + ")");
  workers_.reserve(static_cast<std::size_t>(threads - 1));
  shares_ = std::make_unique<Share[]>(static_cast<std::size_t>(threads));
  try {
    for (int k = 1; k < threads; ++k) workers_.emplace_back([this, k] { worker_loop(static_cast<std::size_t>(k)); });
  } catch (const std::system_error&) {
    // The system cannot start another thread (a limit on processes or address space): the
    // workers started do the work (the results do not depend on their count).
  }
}

WorkerPool::~WorkerPool() { shutdown(); }

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_)
    if (t.joinable()) t.join();
  workers_.clear();
}

void WorkerPool::drain(std::size_t index) {
  // Thread `index` takes the items of its own share first, then helps the others with theirs
  // (the next untaken item of each share, in turn): each thread mostly works on the same part
  // of the data from one loop to the next, and none waits while items are left.
  const std::size_t T = workers_.size() + 1;
  for (std::size_t k = 0; k < T; ++k) {
    const std::size_t t = (index + k) % T, end = (t + 1) * count_ / T;
    for (std::size_t j = shares_[t].next.fetch_add(1); j < end; j = shares_[t].next.fetch_add(1)) {
      if (failed_.load(std::memory_order_relaxed)) return;
      try {
        (*work_)(j);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_) error_ = std::current_exception();
        failed_.store(true);
      }
    }
  }
}

void WorkerPool::worker_loop(std::size_t index) {
  std::uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    start_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    lock.unlock();
    drain(index);
    lock.lock();
    if (--busy_ == 0) done_.notify_one();
  }
}

void WorkerPool::for_each(std::size_t count, const std::function<void(std::size_t)>& work) {
  if (workers_.empty() || count <= 1) {
    for (std::size_t j = 0; j < count; ++j) work(j);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    work_ = &work;
    count_ = count;
    const std::size_t T = workers_.size() + 1;
    for (std::size_t t = 0; t < T; ++t) shares_[t].next.store(t * count / T);
    failed_.store(false);
    error_ = nullptr;
    busy_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  drain(0);
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    error = error_;
    error_ = nullptr;
    work_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace limitdir
