#pragma once
// Keyword arguments as the command-line options of a job's app (docs/python.md "Options").
#include <map>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <pybind11/pybind11.h>

#include "limitdir/jobs/job.hpp"

namespace limitdir::python {

/// The app's arguments of `kwargs`: name_with_underscores=value -> "--name-with-underscores=VALUE"
/// with VALUE the text of value (a float by repr, the shortest text that reads back as the
/// same double, float.__repr__ also of a subclass; a sequence joined by commas, e.g. x0=(1, 0, 0.2) -> "1,0,0.2"); a switch of the app
/// (e.g. enclose_events) is given by True and left out by False; None leaves an option out.
/// make_job then checks them with the app's one-line messages.
std::vector<std::string> job_arguments(JobKind kind, const pybind11::dict& kwargs);
/// The same for the options of `table` (classify's, a scan's job's).
std::vector<std::string> option_arguments(const boost::program_options::options_description& table,
                                          const pybind11::dict& kwargs);

/// The text of one value of the option `where` ("--x0") as the app would be given it (see
/// job_arguments); ValueError "<where>: ..." for a sequence of sequences (a list that holds
/// itself among them) or a text that is not Unicode (a lone surrogate).
std::string option_value_text(const pybind11::handle& value, const std::string& where);

/// Option renames of a Python function: the app's option name -> the keyword (sweep's from ->
/// start, to -> stop).
using KeywordNames = std::map<std::string, std::string>;
/// An app's message in Python's terms: each option "--name-x" as its keyword name_x (or its
/// rename), e.g. "--to: must be greater than --from" -> "stop: must be greater than start".
std::string keyword_message(const std::string& message, const KeywordNames& renames = {});
/// Raises the Python exception of an app's bad-input message: TypeError "unexpected keyword
/// argument 'x'" for an option the function does not take, else ValueError(keyword_message)
/// without the apps' closing "; see --help" (a function's help is its docstring).
[[noreturn]] void raise_input_error(const std::string& message, const KeywordNames& renames = {});

}  // namespace limitdir::python
