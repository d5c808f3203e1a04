#pragma once
// limitdir.Problem.with_ (docs/python.md "Changing a problem"): a new problem with keys of the
// problem file set to numbers and the apps' overrides applied, the original unchanged.
#include <pybind11/pybind11.h>

#include "limitdir/system/problem.hpp"

namespace limitdir::python {

/// `problem` with, in this order, the numbers of `keys` (a dict {dotted key: number} or None)
/// and of the keyword arguments that are no override (`system__lambda=0.5`: "__" for ".") set
/// at their key paths, as --set KEY=VALUE sets them (apply_key_settings), and the overrides among
/// the keyword arguments (force, model, degree, pressure, rho: the apps' --force, --model, ...)
/// applied as the apps apply them. ValueError with the apps' message (in the keywords' names) for
/// a bad key or value, TypeError for a value of the wrong type.
Problem problem_with(const Problem& problem, const pybind11::handle& keys, const pybind11::dict& kwargs);

}  // namespace limitdir::python
