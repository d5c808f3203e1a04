#pragma once
// limitdir.plot and limitdir.Report (docs/python.md "Figures and notebooks"): a report's figure
// as the plot app draws it (plot/plot.hpp), and the dict the analyses return, which a notebook
// displays as that figure (_repr_svg_).
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_plot(pybind11::module_& m);

/// `document` (a dict) as a limitdir.Report: the same dict, displayed in a notebook as its figure.
pybind11::object as_report(pybind11::object document);

}  // namespace limitdir::python
