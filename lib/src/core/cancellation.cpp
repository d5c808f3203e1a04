// Cooperative cancellation (core/cancellation.hpp): the thread's predicate and its polls.
#include "limitdir/core/cancellation.hpp"

namespace limitdir {

namespace {
/// The predicate of the calling thread: the innermost CancellationScope's (nullptr: none).
thread_local const CancellationPredicate* current = nullptr;
}  // namespace

CancellationScope::CancellationScope(CancellationPredicate cancelled)
    : previous_(current), cancelled_(std::move(cancelled)) {
  if (cancelled_) current = &cancelled_;
}

CancellationScope::~CancellationScope() { current = previous_; }

CancellationPredicate current_cancellation() { return current ? *current : CancellationPredicate{}; }

void poll_cancellation() {
  if (current && (*current)()) throw Cancelled{};
}

}  // namespace limitdir
