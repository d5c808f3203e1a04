#pragma once
// limitdir.scan (docs/python.md "Scans"): the scan app (docs/manual.md section 14) from Python:
// a job at every point of a grid, the records as a list of dicts; a merge of record files; the
// summary of a record file.
#include <pybind11/pybind11.h>

namespace limitdir::python {

void bind_scan(pybind11::module_& m);

}  // namespace limitdir::python
