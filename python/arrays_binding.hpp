#pragma once
// Convenience arrays of the reports (docs/python.md "Arrays"): the limit directions of a
// find_limits report as an (n, 3) array, a diagram's branches as arrays of parameter and w.
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_arrays(pybind11::module_& m);

}  // namespace limitdir::python
