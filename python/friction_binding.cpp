// The friction models on numpy arrays (friction_binding.hpp): q(x) and its Jacobian of the
// degree-0 homogeneous extension, docs/manual.md section 1, (24) and (31) [Nonlinear Dyn. 2024].
#include "friction_binding.hpp"
#include "docstrings.hpp"

#include <memory>
#include <pybind11/numpy.h>

#include "arguments.hpp"
#include "json_convert.hpp"
#include "limitdir/friction/model.hpp"
#include "problem_binding.hpp"

namespace py = pybind11;

namespace limitdir::python {

namespace {

/// Below this many directions the loop runs holding the GIL: releasing and taking it back costs
/// ~0.2 us, about the time of 10 harmonic evaluations, so it pays only for long loops.
constexpr py::ssize_t release_gil_from = 256;

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// The model a Python FrictionModel holds (shared: it is immutable and its methods are const).
struct PyFrictionModel {
  std::shared_ptr<const FrictionModel> model;
};

/// W as contiguous float64 (any array-like): TypeError "W: ..." in one line when numpy cannot make
/// one (text, a list that holds itself), not pybind11's list of the accepted argument types.
Array array_of(const py::handle& W) {
  Array out = Array::ensure(W);  // clears numpy's error
  if (!out) throw py::type_error("W: must be an array-like of numbers, shape (3,) or (n, 3) (got " + type_name(W) + ")");
  return out;
}

/// The number of directions in W of shape (3,) or (n, 3); ValueError otherwise.
py::ssize_t directions_in(const Array& W) {
  if (W.ndim() == 1 && W.shape(0) == 3) return 1;
  if (W.ndim() == 2 && W.shape(1) == 3) return W.shape(0);
  throw py::value_error("W: must have shape (3,) or (n, 3)");
}

/// Runs f(i) for every direction i, without the GIL when there are many.
template <class F>
void for_each_direction(py::ssize_t n, F&& f) {
  if (n < release_gil_from) {
    for (py::ssize_t i = 0; i < n; ++i) f(i);
    return;
  }
  py::gil_scoped_release release;
  for (py::ssize_t i = 0; i < n; ++i) f(i);
}

/// q(W): an array of the shape of W.
Array q_of(const PyFrictionModel& self, const py::handle& W_in) {
  const Array W = array_of(W_in);
  const py::ssize_t n = directions_in(W);
  Array out(std::vector<py::ssize_t>(W.shape(), W.shape() + W.ndim()));
  const double* in = W.data();
  double* q = out.mutable_data();
  const FrictionModel& m = *self.model;
  for_each_direction(n, [&](py::ssize_t i) {
    Eigen::Map<Eigen::Vector3d>(q + 3 * i) = m.q(Eigen::Map<const Eigen::Vector3d>(in + 3 * i));
  });
  return out;
}

/// dq_dw(W): shape (3, 3) or (n, 3, 3), row i the gradient of q_i.
Array dq_dw_of(const PyFrictionModel& self, const py::handle& W_in) {
  const Array W = array_of(W_in);
  const py::ssize_t n = directions_in(W);
  Array out(W.ndim() == 1 ? std::vector<py::ssize_t>{3, 3} : std::vector<py::ssize_t>{n, 3, 3});
  const double* in = W.data();
  double* J = out.mutable_data();
  const FrictionModel& m = *self.model;
  for_each_direction(n, [&](py::ssize_t i) {
    using RowMajor = Eigen::Matrix<double, 3, 3, Eigen::RowMajor>;
    Eigen::Map<RowMajor>(J + 9 * i) = m.jacobian(Eigen::Map<const Eigen::Vector3d>(in + 3 * i)).dq_dw;
  });
  return out;
}

/// The method `of` (q_of, dq_dw_of) taking W and no keyword (TypeError for any, arguments.hpp).
template <class Of>
auto without_keywords(Of of) {
  return [of](const PyFrictionModel& self, const py::handle& W, const py::kwargs& kw) {
    refuse_keywords(kw);
    return of(self, W);
  };
}

}  // namespace

void bind_friction(py::module_& m) {
  py::class_<PyFrictionModel>(m, "FrictionModel",
                              "A friction model q(w) = Q(w)/(mu P), (31) [Nonlinear Dyn. 2024], of a problem.")
      .def("q", without_keywords(&q_of), py::arg("W"), doc::q)
      .def("dq_dw", without_keywords(&dq_dw_of), py::arg("W"), doc::dq_dw)
      .def_property_readonly(
          "name", [](const PyFrictionModel& s) { return s.model->name(); }, "e.g. 'harmonic', 'exact'.")
      .def_property_readonly(
          "description", [](const PyFrictionModel& s) { return s.model->description(); }, "One-line description.")
      .def("__repr__", [](const PyFrictionModel& s) { return "<limitdir.FrictionModel " + s.model->description() + ">"; });
  m.def(
      "friction_model",
      [](const py::object& problem, const py::kwargs& kw) {
        refuse_keywords(kw);
        return PyFrictionModel{std::shared_ptr<const FrictionModel>(make_friction_model(problem_of(problem)))};
      },
      py::arg("problem"), doc::friction_model);
}

}  // namespace limitdir::python
