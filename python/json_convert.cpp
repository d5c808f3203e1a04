// JSON <-> Python objects (json_convert.hpp).
#include "json_convert.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"

namespace py = pybind11;
using json = nlohmann::json;

namespace limitdir::python {

py::object to_python(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return py::none();
    case json::value_t::boolean: return py::bool_(value.get<bool>());
    case json::value_t::number_integer: return py::int_(value.get<std::int64_t>());
    case json::value_t::number_unsigned: return py::int_(value.get<std::uint64_t>());
    case json::value_t::number_float: return py::float_(value.get<double>());
    case json::value_t::string: return py::str(value.get_ref<const std::string&>());
    case json::value_t::array: {
      py::list out(value.size());
      for (std::size_t i = 0; i < value.size(); ++i) out[i] = to_python(value[i]);
      return std::move(out);
    }
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[py::str(key)] = to_python(item);
      return std::move(out);
    }
    default: return py::none();  // binary and discarded values never occur in a report
  }
}

py::object to_python_via_text(const json& value) {
  // kept for the life of the process: a static py::object would be released after the interpreter ends
  static const py::handle loads = py::object(py::module_::import("json").attr("loads")).release();
  return loads(py::str(value.dump()));
}

std::string type_name(const py::handle& value) {
  // a class's name is any str: a lone surrogate as "\udc80", a control character as "\xNN"
  const py::object name = py::str(value.get_type().attr("__name__")).attr("encode")("utf-8", "backslashreplace");
  return printable_line(name.cast<std::string>());
}

std::string utf8_text(const py::handle& text, const std::string& where) {
  if (!py::isinstance<py::str>(text)) throw py::type_error(printable_line(where + ": must be a str (got " + type_name(text) + ")"));
  Py_ssize_t size = 0;
  // strict UTF-8: a lone surrogate ("\udc80") is no Unicode text, as the JSON reader refuses "\udc80"
  const char* bytes = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (bytes == nullptr) {
    PyErr_Clear();
    throw InputError(where + ": not valid Unicode text (a lone surrogate such as \\udc80)");
  }
  return std::string(bytes, static_cast<std::size_t>(size));
}

namespace {

/// A Python int as nlohmann's parser reads the same digits: unsigned when >= 0 and below 2^64,
/// signed when >= -2^63, else the nearest double when it is finite (InputError otherwise:
/// 10**400 is no finite number, as "1e400" in a file is refused).
json integer_json(const py::handle& value, const std::string& where) {
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (x == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow == 0) return x >= 0 ? json(static_cast<std::uint64_t>(x)) : json(static_cast<std::int64_t>(x));
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(value.ptr());
    if (!(u == static_cast<unsigned long long>(-1) && PyErr_Occurred())) return static_cast<std::uint64_t>(u);
    PyErr_Clear();
  }
  const double d = PyLong_AsDouble(value.ptr());
  if (d == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    throw InputError(where + ": a number must be finite (got an integer beyond the range of a double)");
  }
  return d;
}

/// from_python below `depth` enclosing arrays and objects of the document named `root`: deeper
/// than max_json_depth (core/json_input.hpp) is the JSON reader's InputError, which also ends a
/// list or dict that holds itself.
json from_python_at(const py::handle& value, const std::string& where, const std::string& root, int depth) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.ptr() == Py_True;
  if (py::isinstance<py::int_>(value)) return integer_json(value, where);
  if (py::isinstance<py::float_>(value)) {
    const double x = PyFloat_AsDouble(value.ptr());
    if (!std::isfinite(x)) throw InputError(where + ": a number must be finite (got " + std::to_string(x) + ")");
    return x;
  }
  if (py::isinstance<py::str>(value)) return utf8_text(value, where);
  const bool is_object = py::isinstance<py::dict>(value);
  if (!is_object && !py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value))
    throw InputError(where + ": not a JSON value (got " + type_name(value) + ")");
  if (depth >= max_json_depth)
    throw InputError(root + ": JSON nested deeper than " + std::to_string(max_json_depth) + " levels");
  if (is_object) {
    json out = json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) throw InputError(where + ": object keys must be strings");
      const std::string name = utf8_text(key, where + ": a key");
      out[name] = from_python_at(item, where + "." + name, root, depth + 1);
    }
    return out;
  }
  json out = json::array();
  for (const auto& item : value) out.push_back(from_python_at(item, where, root, depth + 1));
  return out;
}

}  // namespace

json from_python(const py::handle& value, const std::string& where) { return from_python_at(value, where, where, 0); }

}  // namespace limitdir::python
