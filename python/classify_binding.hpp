#pragma once
// limitdir.classify (docs/python.md "Analysis"): the classify app's two documents, the
// classification of given directions (limitdir.classification/1) and the regions of a diagram
// (classify --regions, limitdir.regions/1).
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_classify(pybind11::module_& m);

}  // namespace limitdir::python
