// Arguments checked as Python checks a function's (arguments.hpp).
#include "arguments.hpp"

#include <algorithm>

#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"

namespace py = pybind11;

namespace limitdir::python {

void refuse_keywords(const py::kwargs& kwargs) {
  for (const auto& item : kwargs)  // Python names the first one (a name that is no Unicode text: ValueError)
    throw py::type_error(printable_line("unexpected keyword argument '" + utf8_text(item.first, "keyword") + "'"));
}

void refuse_unknown_keywords(const py::dict& kwargs, const boost::program_options::options_description& table,
                             std::initializer_list<const char*> also) {
  for (const auto& item : kwargs) {
    const std::string keyword = utf8_text(item.first, "a keyword argument's name");
    std::string name = keyword;
    std::replace(name.begin(), name.end(), '_', '-');
    const bool other = std::find(also.begin(), also.end(), keyword) != also.end();
    if (!other && !table.find_nothrow(name, false))
      throw py::type_error(printable_line("unexpected keyword argument '" + keyword + "'"));
  }
}

py::dict dict_argument(const py::handle& value, const std::string& name) {
  if (!py::isinstance<py::dict>(value))
    throw py::type_error(printable_line(name + ": must be a dict (got " + type_name(value) + ")"));
  return py::reinterpret_borrow<py::dict>(value);
}

}  // namespace limitdir::python
