// The Python module `limitdir` (issue 24, docs/python.md): the library's problems, friction
// models and jobs for numpy and notebooks. Nothing in lib/ depends on Python.
#include <pybind11/pybind11.h>

#include <cerrno>
#include <cstring>

#include "arrays_binding.hpp"
#include "classify_binding.hpp"
#include "degree_study_binding.hpp"
#include "friction_binding.hpp"
#include "job_binding.hpp"
#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "plot_binding.hpp"
#include "problem_binding.hpp"
#include "scan_binding.hpp"


namespace py = pybind11;

PYBIND11_MODULE(limitdir, m) {
  // each public function's docstring starts with its typed signature (python/docstrings.hpp),
  // which pybind11's would type `object` where it takes a py::object
  py::options options;
  options.disable_function_signatures();
  m.doc() =
      "limitdir: limit directions of systems with a finite circular frictional contact.\n"
      "Problems, friction models q(W) on numpy arrays, and the apps' computations returning their\n"
      "JSON documents as dicts (docs/python.md).";
  m.attr("__version__") = limitdir::version;
  // docs/manual.md section 5: bad input -> ValueError (a missing file FileNotFoundError), a numerical failure -> NumericalError,
  // I/O -> OSError, each message a printable line (PyErr_SetString decodes it as strict UTF-8:
  // a quoted byte that is not UTF-8 would raise UnicodeDecodeError instead); a report below its
  // certificate's required level comes with an IncompleteWarning.
  // The classes are made here and kept for the life of the process (a static py::exception, as
  // py::register_exception keeps, is released by an exit handler after the interpreter has ended).
  static PyObject* const numerical = PyErr_NewException("limitdir.NumericalError", PyExc_ArithmeticError, nullptr);
  m.attr("NumericalError") = py::handle(numerical);
  m.attr("IncompleteWarning") = py::handle(PyErr_NewException("limitdir.IncompleteWarning", PyExc_UserWarning, nullptr));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const limitdir::MissingFileError& e) {  // as open() raises it: FileNotFoundError(ENOENT, strerror, filename)
      const py::object error = py::reinterpret_borrow<py::object>(PyExc_FileNotFoundError)(
          ENOENT, std::strerror(ENOENT), py::reinterpret_steal<py::object>(
                                                             PyUnicode_DecodeFSDefault(e.path().c_str())));
      PyErr_SetObject(PyExc_FileNotFoundError, error.ptr());
    } catch (const limitdir::InputError& e) {  // in the keywords' names; an unknown one a TypeError
      try {
        limitdir::python::raise_input_error(limitdir::printable_line(e.what()));
      } catch (const py::builtin_exception& python) {
        python.set_error();
      }
    } catch (const limitdir::NumericalError& e) {
      PyErr_SetString(numerical, limitdir::printable_line(e.what()).c_str());
    } catch (const limitdir::IoError& e) {
      PyErr_SetString(PyExc_OSError, limitdir::printable_line(e.what()).c_str());
    }
  });
  limitdir::python::bind_problem(m);
  limitdir::python::bind_friction(m);
  limitdir::python::bind_jobs(m);
  limitdir::python::bind_classify(m);
  limitdir::python::bind_scan(m);
  limitdir::python::bind_arrays(m);
  limitdir::python::bind_degree_study(m);
  limitdir::python::bind_plot(m);
  m.def(
      "_json_via_text",
      [](const py::object& d) { return limitdir::python::to_python_via_text(limitdir::python::from_python(d, "d")); },
      "json.loads of the dump of d's JSON (to time against the direct conversion; see docs/python.md).");
  m.def(
      "_json_direct",
      [](const py::object& d) { return limitdir::python::to_python(limitdir::python::from_python(d, "d")); },
      "d's JSON converted back directly (to time against _json_via_text).");
}
