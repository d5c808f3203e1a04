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
/// None; ValueError "<where>: ..." for anything else, a non-finite float or a non-string key.
nlohmann::json from_python(const pybind11::handle& value, const std::string& where);

}  // namespace limitdir::python
