#pragma once
// The numpydoc docstrings of the module's public functions (docs/python.md "Docstrings"): each
// starts with the function's typed signature (as limitdir.pyi gives it; pybind11's own
// signatures, which type a py::object as `object`, are off), then Parameters (types and units),
// Returns, Raises and Examples. tests/python/test_docstrings.py checks them.

namespace limitdir::python::doc {

// limitdir.Problem (docstrings_problem.cpp)
extern const char* const problem_from_file;
extern const char* const problem_from_dict;
extern const char* const problem_to_dict;
extern const char* const problem_with;
// friction models and arrays (docstrings_problem.cpp)
extern const char* const friction_model;
extern const char* const q;
extern const char* const dq_dw;
extern const char* const directions;
extern const char* const branches;
extern const char* const bifurcations;
extern const char* const map_curves;
extern const char* const map_points;
// the analyses and figures (docstrings_analysis.cpp)
extern const char* const find_limits;
extern const char* const sweep;
extern const char* const bifurcation_map;
extern const char* const simulate;
extern const char* const roll;
extern const char* const celt;
extern const char* const pile;
extern const char* const classify;
extern const char* const scan;
extern const char* const degree_study;
extern const char* const plot;

}  // namespace limitdir::python::doc
