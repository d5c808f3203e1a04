#pragma once
// The threads of `scan --jobs K` (docs/manual.md section 14): the points of a scan run K at a
// time inside one process.
#include <cstdint>
#include <functional>
#include <vector>

namespace limitdir {

/// The most threads `scan --jobs` takes: 1024, well above the cores of one machine (a larger K
/// only adds threads that wait), and small enough that each thread's stack (8 MiB reserved) fits
/// in the address space of any 64-bit machine.
inline constexpr unsigned max_scan_threads = 1024;

/// Calls work(items[j]) for every j, on `threads` threads, the calling thread one of them
/// (1 <= threads <= max_scan_threads; with 1, in the calling thread, in order). Each thread takes the next item not yet taken (an atomic
/// counter), so the items start in order and finish in any order. After work throws, no item is
/// started any more; the first exception is rethrown once every thread has stopped.
void scan_parallel_for(const std::vector<std::uint64_t>& items, unsigned threads,
                       const std::function<void(std::uint64_t)>& work);

}  // namespace limitdir
