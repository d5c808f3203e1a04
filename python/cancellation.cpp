// Ctrl-C during a long call (cancellation.hpp).
#include "cancellation.hpp"

#include "limitdir/core/cancellation.hpp"

namespace py = pybind11;

namespace limitdir::python {

bool Canceller::cancelled() {
  if (flag_.load(std::memory_order_relaxed)) return true;
  if (std::this_thread::get_id() != caller_) return false;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_poll_) return false;
  next_poll_ = now + poll_period;
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() == 0) return false;
  PyErr_Fetch(&type_, &value_, &traceback_);
  flag_.store(true);
  return true;
}

void Canceller::keep(py::error_already_set& e) {
  if (!type_) {
    e.restore();
    PyErr_Fetch(&type_, &value_, &traceback_);
  }
  flag_.store(true);
}

void Canceller::raise_if_any() {
  if (!type_) return;
  PyErr_Restore(type_, value_, traceback_);
  type_ = value_ = traceback_ = nullptr;
  throw py::error_already_set();
}

void run_cancellable(Canceller& canceller, const std::function<void()>& f) {
  bool cancelled = false;
  {
    py::gil_scoped_release release;
    const CancellationScope scope(canceller.predicate());
    try {
      f();
    } catch (const Cancelled&) {
      cancelled = true;
    }
  }
  canceller.raise_if_any();
  if (cancelled) throw std::logic_error("cancelled without a Python exception");
}

}  // namespace limitdir::python
