#pragma once
// Ctrl-C during a long call of the module (docs/python.md "Interrupts"): the cancellation
// predicate (core/cancellation.hpp, JobHooks::cancelled) that runs Python's signal handlers.
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include <pybind11/pybind11.h>

namespace limitdir::python {

/// The predicate of one call. On the calling thread it takes the GIL back at most once every
/// poll_period and runs Python's signal handlers (PyErr_CheckSignals: only the main thread's
/// does anything); an exception they raise (KeyboardInterrupt on Ctrl-C) is kept and from then
/// on the predicate is true on every thread (worker threads only read that flag). The call then
/// unwinds the library (Cancelled) and raise_if_any raises the kept exception.
class Canceller {
 public:
  /// true once the call should end; thread-safe.
  bool cancelled();
  /// The predicate for JobHooks::cancelled or a CancellationScope (refers to *this).
  std::function<bool()> predicate() {
    return [this] { return cancelled(); };
  }
  /// Keeps the Python exception being handled (e.g. one raised by on_point) and sets the flag;
  /// call with the GIL held.
  void keep(pybind11::error_already_set& e);
  /// Raises the kept exception, if any (call with the GIL held).
  void raise_if_any();

 private:
  /// Python's signal handlers run at most this often: taking the GIL back costs about 1 us, so
  /// polls every 20 ms cost 5e-5 of the run and a Ctrl-C is seen within 20 ms of a poll.
  static constexpr std::chrono::milliseconds poll_period{20};
  std::thread::id caller_ = std::this_thread::get_id();
  std::chrono::steady_clock::time_point next_poll_ = std::chrono::steady_clock::now() + poll_period;
  std::atomic<bool> flag_{false};
  PyObject* type_ = nullptr;
  PyObject* value_ = nullptr;
  PyObject* traceback_ = nullptr;
};

/// Runs f() without the GIL under a CancellationScope of `canceller`; a Cancelled unwinding out of
/// it raises the kept exception (KeyboardInterrupt). Call with the GIL held.
void run_cancellable(Canceller& canceller, const std::function<void()>& f);

}  // namespace limitdir::python
