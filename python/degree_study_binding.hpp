#pragma once
// limitdir.degree_study (docs/python.md): the degree-study app's comparison of the harmonic
// model of several degrees with the exact model (continuation/degree_study.hpp).
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_degree_study(pybind11::module_& m);

}  // namespace limitdir::python
