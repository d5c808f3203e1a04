// The fixed thread pool of a granular run (granular/worker_pool.hpp).
#include "limitdir/granular/worker_pool.hpp"

#include <string>
#include <system_error>

#include "limitdir/core/errors.hpp"

namespace limitdir {

WorkerPool::WorkerPool(int threads) {
  if (threads < 1 || threads > max_granular_threads)
    throw InputError("threads: must be in [1, " + std::to_string(max_granular_threads) + "] (got " +
                     std::to_string(threads) + ")");
  workers_.reserve(static_cast<std::size_t>(threads - 1));
  try {
    for (int k = 1; k < threads; ++k) workers_.emplace_back([this] { worker_loop(); });
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

void WorkerPool::drain() {
  for (std::size_t j = next_.fetch_add(1); j < count_; j = next_.fetch_add(1)) {
    try {
      (*work_)(j);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
      next_.store(count_);
    }
  }
}

void WorkerPool::worker_loop() {
  std::uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    start_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    lock.unlock();
    drain();
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
    next_.store(0);
    error_ = nullptr;
    busy_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  drain();
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
