// Convenience arrays of the reports (arrays_binding.hpp), read from the dicts the jobs return.
#include "arrays_binding.hpp"

#include <pybind11/numpy.h>
#include <string>

#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"

namespace py = pybind11;

namespace limitdir::python {

namespace {

using Array = py::array_t<double>;

/// The number `value` at `where` of a report: TypeError "<where>: must be a number (got str)"
/// for anything but an int or a float (pybind11's cast would raise RuntimeError).
double number_at(const py::handle& value, const std::string& where) {
  if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)))
    throw py::type_error(printable_line(where + ": must be a number (got " + type_name(value) + ")"));
  const double x = PyFloat_AsDouble(value.ptr());  // an int beyond a double: OverflowError
  if (x == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  return x;
}

/// The (n, 3) array of item["w"] for the items of `list` (named `where` in messages).
Array w_array(const py::list& list, const std::string& where) {
  Array out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(list.size()), 3});
  auto a = out.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i) {
    const std::string at = where + "[" + std::to_string(i) + "].w";
    const py::sequence w = list[static_cast<std::size_t>(i)]["w"];
    if (w.size() != 3) throw py::value_error(printable_line(at + ": must have 3 components"));
    for (py::ssize_t k = 0; k < 3; ++k) a(i, k) = number_at(w[static_cast<std::size_t>(k)], at);
  }
  return out;
}

/// One branch of a diagram as (parameter values, w): the points' `parameter` key and their w.
py::tuple branch_arrays(const py::dict& branch, const std::string& parameter, const std::string& where) {
  const py::list points = branch["points"];
  Array p(static_cast<py::ssize_t>(points.size()));
  auto a = p.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i)
    a(i) = number_at(points[static_cast<std::size_t>(i)][parameter.c_str()],
                     where + ".points[" + std::to_string(i) + "]." + parameter);
  return py::make_tuple(p, w_array(points, where + ".points"));
}

}  // namespace

void bind_arrays(py::module_& m) {
  m.def(
      "directions", [](const py::dict& report) { return w_array(report["limit_directions"], "limit_directions"); },
      py::arg("report"),
      "The limit directions of a find_limits report as an (n, 3) array (report['limit_directions'][i]['w']).");
  m.def(
      "branches",
      [](const py::dict& diagram) {
        const std::string parameter = utf8_text(diagram["parameter"], "parameter");
        py::list out;
        std::size_t i = 0;
        for (const auto& branch : diagram["branches"]) {
          const std::string where = "branches[" + std::to_string(i++) + "]";
          if (!py::isinstance<py::dict>(branch))
            throw py::type_error(printable_line(where + ": must be a dict (got " + type_name(branch) + ")"));
          out.append(branch_arrays(py::reinterpret_borrow<py::dict>(branch), parameter, where));
        }
        return out;
      },
      py::arg("diagram"),
      "The branches of a sweep's diagram, each as (p, W): the parameter's values, shape (m,), and the\n"
      "limit directions, shape (m, 3), along the branch.");
}

}  // namespace limitdir::python
