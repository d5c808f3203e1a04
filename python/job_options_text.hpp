#pragma once
// Keyword arguments as the command-line options of a job's app (docs/python.md "Options").
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "limitdir/scan/job.hpp"

namespace limitdir::python {

/// The app's arguments of `kwargs`: name_with_underscores=value -> "--name-with-underscores=VALUE"
/// with VALUE the text of value (a float by repr, the shortest text that reads back as the
/// same double; a sequence joined by commas, e.g. x0=(1, 0, 0.2) -> "1,0,0.2"); a switch of the app
/// (e.g. enclose_events) is given by True and left out by False; None leaves an option out.
/// make_job then checks them with the app's one-line messages.
std::vector<std::string> job_arguments(JobKind kind, const pybind11::dict& kwargs);

}  // namespace limitdir::python
