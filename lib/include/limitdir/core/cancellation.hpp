#pragma once
// Cooperative cancellation of a long computation (docs/manual.md section 14, "Jobs and their
// summaries": JobHooks::cancelled). A caller that wants to stop a run early (the Python module
// on Ctrl-C) installs a predicate for the thread that runs it; the long loops of the library poll
// it (poll_cancellation) and, once it returns true, unwind by throwing Cancelled. Cancelled is
// not a std::exception, so no handler that turns failures into an incomplete result takes it for
// one: it reaches run_job, which reports JobResult::status cancelled_status and no report.
// Without a predicate (the apps) a poll is one thread-local read.
#include <functional>

namespace limitdir {

/// The run was cancelled by its predicate. Deliberately not derived from std::exception.
struct Cancelled {};

/// A predicate polled by the long loops: true once the run should stop. Called from the thread
/// that installed it and from the worker threads that inherit it (CancellationScope in them), so
/// it must be thread-safe.
using CancellationPredicate = std::function<bool()>;

/// Installs `cancelled` as the calling thread's predicate for the life of the scope (an empty one
/// keeps the thread's current predicate); the previous one is restored on exit.
class CancellationScope {
 public:
  explicit CancellationScope(CancellationPredicate cancelled);
  ~CancellationScope();
  CancellationScope(const CancellationScope&) = delete;
  CancellationScope& operator=(const CancellationScope&) = delete;

 private:
  const CancellationPredicate* previous_;
  CancellationPredicate cancelled_;
};

/// The calling thread's predicate (empty when none): what a loop hands to the threads it starts.
CancellationPredicate current_cancellation();

/// Throws Cancelled when the calling thread's predicate returns true (a no-op without one).
void poll_cancellation();

}  // namespace limitdir
