// Convenience arrays of the reports (arrays_binding.hpp), read from the dicts the jobs return.
#include "arrays_binding.hpp"

#include <pybind11/numpy.h>
#include <string>

namespace py = pybind11;

namespace limitdir::python {

namespace {

using Array = py::array_t<double>;

/// The (n, 3) array of item["w"] for the items of `list`.
Array w_array(const py::list& list) {
  Array out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(list.size()), 3});
  auto a = out.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i) {
    const py::sequence w = list[static_cast<std::size_t>(i)]["w"];
    if (w.size() != 3) throw py::value_error("w: must have 3 components");
    for (py::ssize_t k = 0; k < 3; ++k) a(i, k) = w[static_cast<std::size_t>(k)].cast<double>();
  }
  return out;
}

/// One branch of a diagram as (parameter values, w): the points' `parameter` key and their w.
py::tuple branch_arrays(const py::dict& branch, const std::string& parameter) {
  const py::list points = branch["points"];
  Array p(static_cast<py::ssize_t>(points.size()));
  auto a = p.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < a.shape(0); ++i) a(i) = points[static_cast<std::size_t>(i)][parameter.c_str()].cast<double>();
  return py::make_tuple(p, w_array(points));
}

}  // namespace

void bind_arrays(py::module_& m) {
  m.def(
      "directions", [](const py::dict& report) { return w_array(report["limit_directions"]); }, py::arg("report"),
      "The limit directions of a find_limits report as an (n, 3) array (report['limit_directions'][i]['w']).");
  m.def(
      "branches",
      [](const py::dict& diagram) {
        const std::string parameter = diagram["parameter"].cast<std::string>();
        py::list out;
        for (const auto& branch : diagram["branches"]) out.append(branch_arrays(branch.cast<py::dict>(), parameter));
        return out;
      },
      py::arg("diagram"),
      "The branches of a sweep's diagram, each as (p, W): the parameter's values, shape (m,), and the\n"
      "limit directions, shape (m, 3), along the branch.");
}

}  // namespace limitdir::python
