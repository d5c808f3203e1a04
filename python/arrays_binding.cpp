// Convenience arrays of the reports (arrays_binding.hpp), read from the dicts the jobs return.
#include "arrays_binding.hpp"
#include "docstrings.hpp"

#include <pybind11/numpy.h>

#include <limits>
#include <string>

#include "arguments.hpp"
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

/// The (n, 3) array of item["w"] for the items of `list` (named `where` in messages); a null w
/// (a diagram's event with no direction, schema limitdir.diagram/1) is a row of NaN when
/// `null_is_nan`, else a TypeError.
Array w_array(const py::list& list, const std::string& where, bool null_is_nan = false) {
  Array out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(list.size()), 3});
  auto a = out.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i) {
    const std::string at = where + "[" + std::to_string(i) + "].w";
    const py::object item = list[static_cast<std::size_t>(i)]["w"];
    if (item.is_none() && null_is_nan) {
      for (py::ssize_t k = 0; k < 3; ++k) a(i, k) = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    if (!py::isinstance<py::sequence>(item) || py::isinstance<py::str>(item))
      throw py::type_error(printable_line(at + ": must be a list of 3 numbers (got " + type_name(item) + ")"));
    const py::sequence w = item;
    if (w.size() != 3) throw py::value_error(printable_line(at + ": must have 3 components"));
    for (py::ssize_t k = 0; k < 3; ++k) a(i, k) = number_at(w[static_cast<std::size_t>(k)], at);
  }
  return out;
}

/// The (n,) array of item[key] for the items of `list` (named `where` in messages).
Array column(const py::list& list, const std::string& key, const std::string& where) {
  Array out(static_cast<py::ssize_t>(list.size()));
  auto a = out.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i)
    a(i) = number_at(list[static_cast<std::size_t>(i)][key.c_str()], where + "[" + std::to_string(i) + "]." + key);
  return out;
}

/// The list `document[key]` (TypeError naming `key` when it is no list).
py::list list_at(const py::dict& document, const char* key) {
  const py::object value = document[key];
  if (!py::isinstance<py::list>(value))
    throw py::type_error(printable_line(std::string(key) + ": must be a list (got " + type_name(value) + ")"));
  return value;
}

/// [arrays(item, "<key>[i]") for the items of document[key]], each item a dict (TypeError naming
/// it otherwise): the arrays of each branch of a diagram, of each curve of a map.
template <class Arrays>
py::list per_item(const py::dict& document, const char* key, const Arrays& arrays) {
  py::list out;
  std::size_t i = 0;
  for (const auto& item : list_at(document, key)) {
    const std::string where = std::string(key) + "[" + std::to_string(i++) + "]";
    if (!py::isinstance<py::dict>(item))
      throw py::type_error(printable_line(where + ": must be a dict (got " + type_name(item) + ")"));
    out.append(arrays(py::reinterpret_borrow<py::dict>(item), where));
  }
  return out;
}

/// (x, y, W) of the points `points` of a map (its curves' points, its codimension-2 points).
py::tuple map_arrays(const py::list& points, const std::string& where) {
  return py::make_tuple(column(points, "x", where), column(points, "y", where), w_array(points, where));
}

/// One branch of a diagram as (parameter values, w): the points' `parameter` key and their w.
py::tuple branch_arrays(const py::dict& branch, const std::string& parameter, const std::string& where) {
  const py::list points = branch["points"];
  return py::make_tuple(column(points, parameter, where + ".points"), w_array(points, where + ".points"));
}

}  // namespace

void bind_arrays(py::module_& m) {
  m.def(
      "directions",
      [](const py::object& report, const py::kwargs& kw) {
        refuse_keywords(kw);
        return w_array(dict_argument(report, "report")["limit_directions"], "limit_directions");
      },
      py::arg("report"), doc::directions);
  m.def(
      "branches",
      [](const py::object& argument, const py::kwargs& kw) {
        refuse_keywords(kw);
        const py::dict diagram = dict_argument(argument, "diagram");
        const std::string parameter = utf8_text(diagram["parameter"], "parameter");
        return per_item(diagram, "branches", [&](const py::dict& branch, const std::string& where) {
          return branch_arrays(branch, parameter, where);
        });
      },
      py::arg("diagram"), doc::branches);
  m.def(
      "bifurcations",
      [](const py::object& argument, const py::kwargs& kw) {
        refuse_keywords(kw);
        const py::dict diagram = dict_argument(argument, "diagram");
        const std::string parameter = utf8_text(diagram["parameter"], "parameter");
        const py::list events = list_at(diagram, "bifurcations");
        return py::make_tuple(column(events, parameter, "bifurcations"), w_array(events, "bifurcations", true));
      },
      py::arg("diagram"), doc::bifurcations);
  m.def(
      "map_curves",
      [](const py::object& map, const py::kwargs& kw) {
        refuse_keywords(kw);
        return per_item(dict_argument(map, "map"), "curves", [](const py::dict& curve, const std::string& where) {
          return map_arrays(list_at(curve, "points"), where + ".points");
        });
      },
      py::arg("map"), doc::map_curves);
  m.def(
      "map_points",
      [](const py::object& map, const py::kwargs& kw) {
        refuse_keywords(kw);
        return map_arrays(list_at(dict_argument(map, "map"), "points"), "points");
      },
      py::arg("map"), doc::map_points);
}

}  // namespace limitdir::python
