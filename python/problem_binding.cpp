// limitdir.Problem: from_file, from_dict, to_dict (problem_binding.hpp, docs/python.md).
#include "problem_binding.hpp"
#include "docstrings.hpp"

#include "arguments.hpp"
#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/system/problem_input.hpp"
#include "problem_with.hpp"

namespace py = pybind11;
using json = nlohmann::json;

namespace limitdir::python {

namespace {

/// The PathLike class, kept for the life of the process: a static py::object would be released
/// after the interpreter ends.
const py::handle& path_like() {
  static const py::handle type = py::object(py::module_::import("os").attr("PathLike")).release();
  return type;
}

/// The name the apps give a PROBLEM argument (str or os.PathLike), or nullopt when `target` is not a path.
std::optional<std::string> path_of(const py::handle& target, const std::string& name) {
  if (!py::isinstance<py::str>(target) && !py::isinstance(target, path_like())) return std::nullopt;
  return path_text(target, name);
}

/// The file at `path` as one JSON document, read with the apps' bounds (core/json_input.hpp).
json read_document(const std::string& path) { return parse_json_input(read_input(path), path); }

}  // namespace

std::string path_text(const py::handle& path, const std::string& where) {
  if (!py::isinstance<py::str>(path) && !py::isinstance<py::bytes>(path) && !py::isinstance(path, path_like()))
    throw py::type_error(printable_line(where + ": must be a path, a str, bytes or os.PathLike (got " + type_name(path) + ")"));
  // os.fsencode raises TypeError for a PathLike whose __fspath__ gives neither str nor bytes
  return py::module_::import("os").attr("fsencode")(path).cast<std::string>();
}

std::pair<json, std::string> job_document(const py::handle& target, const std::string& name) {
  if (py::isinstance<Problem>(target)) {
    const Problem& p = target.cast<const Problem&>();
    return {problem_to_json(p), p.source};
  }
  if (const auto path = path_of(target, name)) return {read_document(*path), *path};
  if (py::isinstance<py::dict>(target)) return {from_python(target, "<problem>"), "<problem>"};
  throw py::type_error(printable_line(name + ": must be a limitdir.Problem, a path or a dict (got " + type_name(target) + ")"));
}

Problem problem_of(const py::handle& target, const std::string& name) {
  if (py::isinstance<Problem>(target)) return target.cast<Problem>();
  const auto [document, source] = job_document(target, name);
  return problem_from_document(document, source);
}

void bind_problem(py::module_& m) {
  py::class_<Problem>(m, "Problem",
                      "A problem file (docs/manual.md section 4), validated as the apps validate it.\n"
                      "Also accepted: a report that embeds its problem (find-limits, sweep-force, ...).")
      .def_static(
          "from_file",
          [](const py::object& path, const py::kwargs& kw) {
            refuse_keywords(kw);
            return problem_of(path, "path");
          },
          py::arg("path"), doc::problem_from_file)
      .def_static(
          "from_dict",
          [](const py::object& d, const py::object& source, const py::kwargs& kw) {
            refuse_keywords(kw);
            const std::string name = utf8_text(source, "source");
            return problem_from_document(from_python(dict_argument(d, "document"), name), name);
          },
          py::arg("document"), py::arg("source") = "<problem>", doc::problem_from_dict)
      .def(
          "to_dict",
          [](const Problem& p, const py::kwargs& kw) {
            refuse_keywords(kw);
            return to_python(problem_to_json(p));
          },
          doc::problem_to_dict)
      .def(
          "with_",
          [](const Problem& p, const py::object& keys, const py::kwargs& kwargs) { return problem_with(p, keys, kwargs); },
          py::arg("keys") = py::none(), py::pos_only(), doc::problem_with)
      .def(
          "__eq__",
          [](const Problem& p, const py::object& other) -> py::object {
            if (!py::isinstance<Problem>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(problem_to_json(p) == problem_to_json(other.cast<const Problem&>()));
          },
          py::arg("other"), "Equal when their problem files (to_dict) are equal.")
      .def(
          "__hash__", [](const Problem& p) { return py::hash(py::str(problem_to_json(p).dump())); },
          "The hash of its problem file: equal problems hash alike (a Problem is immutable).")
      .def_readonly("name", &Problem::name, "The problem's name.")
      .def_property_readonly(
          "source",
          [](const Problem& p) {  // a file name's bytes as os.fsdecode gives them back (path_text)
            return py::reinterpret_steal<py::str>(
                PyUnicode_DecodeFSDefaultAndSize(p.source.data(), static_cast<Py_ssize_t>(p.source.size())));
          },
          "The file (or '<problem>') that messages name.")
      .def_readonly("force", &Problem::force, "The load F.")
      .def("__repr__", [](const Problem& p) { return "<limitdir.Problem " + printable_line(p.source) + ">"; });
}

}  // namespace limitdir::python
