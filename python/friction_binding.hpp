#pragma once
// limitdir.friction_model and limitdir.FrictionModel (docs/python.md "Friction models"): q(W)
// and dq_dw(W) of a problem's friction model on numpy arrays, one C++ loop for n directions.
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_friction(pybind11::module_& m);

}  // namespace limitdir::python
