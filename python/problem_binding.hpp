#pragma once
// limitdir.Problem (docs/python.md "Problems"): a problem file read and validated as the apps do.
#include <string>
#include <utility>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include "limitdir/system/problem.hpp"

namespace limitdir::python {

void bind_problem(pybind11::module_& m);

/// The JSON document a job runs on and the name its messages give it, as the apps read their
/// PROBLEM argument: a limitdir.Problem (its problem file), a path (str or os.PathLike: the
/// file, named by its path) or a dict (named "<problem>"); TypeError "<name>: must be ..." for
/// another type, `name` the parameter's.
std::pair<nlohmann::json, std::string> job_document(const pybind11::handle& target, const std::string& name = "problem");

/// The file name of the path `path` (str or os.PathLike) as open() makes it (os.fsencode: a
/// lone surrogate of a str is the byte it escapes); TypeError "<where>: ..." for another type.
std::string path_text(const pybind11::handle& path, const std::string& where);

/// The Problem of a limitdir.Problem, a path or a dict (ValueError with the apps' message; the
/// TypeError of job_document, naming the parameter `name`).
Problem problem_of(const pybind11::handle& target, const std::string& name = "problem");

}  // namespace limitdir::python
