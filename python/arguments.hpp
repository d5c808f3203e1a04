#pragma once
// Arguments of the module's functions checked as Python checks a function's (docs/python.md
// "Problems"): an unknown keyword and an argument of the wrong type are a TypeError in one line.
#include <initializer_list>
#include <string>

#include <boost/program_options.hpp>
#include <pybind11/pybind11.h>

namespace limitdir::python {

/// TypeError "unexpected keyword argument 'x'" when `kwargs` holds any keyword: the function
/// takes only its named parameters (pybind11's own error for them is a many-line signature list).
void refuse_keywords(const pybind11::kwargs& kwargs);

/// The same for a keyword (None too, which leaves an option out) that names no option of `table`
/// (name_x for --name-x) and is none of `also`: checked before any file is read or value parsed.
void refuse_unknown_keywords(const pybind11::dict& kwargs, const boost::program_options::options_description& table,
                             std::initializer_list<const char*> also = {});

/// `value` as a dict; TypeError "<name>: must be a dict (got <type>)" otherwise.
pybind11::dict dict_argument(const pybind11::handle& value, const std::string& name);

}  // namespace limitdir::python
