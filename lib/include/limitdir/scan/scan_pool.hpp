#pragma once
// The threads of `scan --jobs K` (docs/manual.md section 14): the points of a scan run K at a
// time inside one process.
#include <cstdint>
#include <functional>
#include <string>

namespace limitdir {

/// The most threads `scan --jobs` takes: 1024, well above the cores of one machine (a larger K
/// only adds threads that wait), and small enough that each thread's stack (8 MiB reserved) fits
/// in the address space of any 64-bit machine without a limit on it.
inline constexpr unsigned max_scan_threads = 1024;

/// Calls work(j) for every j in [0, count), on `threads` threads, the calling thread one of them
/// (1 <= threads <= max_scan_threads; with 1, in the calling thread, in order). Each thread takes
/// the next j not yet taken (an atomic counter), so the items start in order and finish in any
/// order; nothing is held per item. After work throws, no item is started any more; the first
/// exception is rethrown once every thread has stopped.
///
/// When the system cannot create a thread (std::thread throws: an address-space limit such as
/// `ulimit -v` that the threads' stacks fill, or a limit on processes), the pool does not fail:
/// of the M threads it had (the calling one included) it keeps half, and at most one per core
/// (at least 1), ends the others before any item starts, so that the stacks they reserved are
/// free for the items' own memory (the M stacks had filled the limit), and tells `note` (when
/// given) in one line. Returns the threads that ran the items.
unsigned scan_parallel_for(std::uint64_t count, unsigned threads, const std::function<void(std::uint64_t)>& work,
                           const std::function<void(const std::string&)>& note = {});

}  // namespace limitdir
