#pragma once
// The apps' computations from Python (docs/python.md "Analysis"): find_limits, sweep,
// bifurcation_map, simulate, roll, celt and pile run the library's jobs (jobs/job.hpp, docs/manual.md
// section 14) with keyword arguments as the app's --options, and return the app's document.
#include <string>

#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_jobs(pybind11::module_& m);

/// With `status` != 0 (the app's exit code 3 with its output): an IncompleteWarning carrying the
/// app's one-line `message` (docs/python.md "Statuses"); error_already_set when warnings are errors.
void warn_incomplete(int status, const std::string& message);

}  // namespace limitdir::python
