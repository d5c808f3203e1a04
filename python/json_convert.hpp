#pragma once
// JSON <-> Python objects for the module (docs/python.md): a report of run_job becomes the dict
// that json.loads of the app's output gives (numbers to the last digit: a double goes over as
// the same double, an integer as an int), and a dict or list becomes the JSON the apps read.
#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace limitdir::python {

/// The Python object of `value`: dict, list, str, int, float, bool or None.
pybind11::object to_python(const nlohmann::json& value);

/// The same through the text: json.loads(value.dump()) (kept to measure against to_python;
/// limitdir._json_via_text exposes it).
pybind11::object to_python_via_text(const nlohmann::json& value);

/// The JSON of a Python object made of dict (str keys), list, tuple, str, int, float, bool and
/// None, read as the JSON reader reads a file (core/json_input.hpp): ValueError "<where>: ..."
/// for anything else, a non-finite number (an int beyond a double too), a non-string key or a
/// str that is not Unicode text (a lone surrogate); "<where>: JSON nested deeper than 64 levels"
/// for a deeper document, a list or dict that holds itself among them (never a stack overflow).
nlohmann::json from_python(const pybind11::handle& value, const std::string& where);

/// The UTF-8 of the str `text`: TypeError "<where>: must be a str" for another type, ValueError
/// "<where>: not valid Unicode text ..." for a lone surrogate (pybind11's cast would raise
/// RuntimeError "Unable to cast Python instance to C++ type").
std::string utf8_text(const pybind11::handle& text, const std::string& where);

/// The name of the type of `value` ("int", "list"), for messages.
std::string type_name(const pybind11::handle& value);

}  // namespace limitdir::python
