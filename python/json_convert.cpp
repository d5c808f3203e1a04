// JSON <-> Python objects (json_convert.hpp).
#include "json_convert.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

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

json from_python(const py::handle& value, const std::string& where) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) {  // as nlohmann's parser reads them: unsigned when >= 0
    if (py::int_(0).attr("__le__")(value).cast<bool>()) return value.cast<std::uint64_t>();
    return value.cast<std::int64_t>();
  }
  if (py::isinstance<py::float_>(value)) {
    const double x = value.cast<double>();
    if (!std::isfinite(x)) throw py::value_error(where + ": a number must be finite (got " + std::to_string(x) + ")");
    return x;
  }
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    json out = json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) throw py::value_error(where + ": object keys must be strings");
      const std::string name = key.cast<std::string>();
      out[name] = from_python(item, where + "." + name);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    json out = json::array();
    for (const auto& item : value) out.push_back(from_python(item, where));
    return out;
  }
  throw py::value_error(where + ": not a JSON value (got " + std::string(py::str(value.get_type().attr("__name__"))) +
                        ")");
}

}  // namespace limitdir::python
