// limitdir.Problem: from_file, from_dict, to_dict (problem_binding.hpp, docs/python.md).
#include "problem_binding.hpp"

#include "json_convert.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/system/problem_input.hpp"

namespace py = pybind11;
using json = nlohmann::json;

namespace limitdir::python {

namespace {

/// The name the apps give a PROBLEM argument (str or os.PathLike), or nullopt when `target` is not a path.
std::optional<std::string> path_of(const py::handle& target) {
  if (py::isinstance<py::str>(target)) return target.cast<std::string>();
  // kept for the life of the process: a static py::object would be released after the interpreter ends
  static const py::handle path_like = py::object(py::module_::import("os").attr("PathLike")).release();
  if (py::isinstance(target, path_like)) return py::str(py::module_::import("os").attr("fspath")(target)).cast<std::string>();
  return std::nullopt;
}

/// The file at `path` as one JSON document, read with the apps' bounds (core/json_input.hpp).
json read_document(const std::string& path) { return parse_json_input(read_input(path), path); }

}  // namespace

std::pair<json, std::string> job_document(const py::handle& target) {
  if (py::isinstance<Problem>(target)) {
    const Problem& p = target.cast<const Problem&>();
    return {problem_to_json(p), p.source};
  }
  if (const auto path = path_of(target)) return {read_document(*path), *path};
  if (py::isinstance<py::dict>(target)) return {from_python(target, "<problem>"), "<problem>"};
  throw py::type_error("expected a limitdir.Problem, a path or a dict (got " +
                       std::string(py::str(target.get_type().attr("__name__"))) + ")");
}

Problem problem_of(const py::handle& target) {
  if (py::isinstance<Problem>(target)) return target.cast<Problem>();
  const auto [document, source] = job_document(target);
  return problem_from_document(document, source);
}

void bind_problem(py::module_& m) {
  py::class_<Problem>(m, "Problem",
                      "A problem file (docs/manual.md section 4), validated as the apps validate it.\n"
                      "Also accepted: a report that embeds its problem (find-limits, sweep-force, ...).")
      .def_static(
          "from_file", [](const py::object& path) { return problem_of(path); }, py::arg("path"),
          "Reads and validates the problem file (or report) at `path`; ValueError with the apps' one-line message.")
      .def_static(
          "from_dict",
          [](const py::dict& d, const std::string& source) {
            return problem_from_document(from_python(d, source), source);
          },
          py::arg("document"), py::arg("source") = "<problem>",
          "Validates a problem given as a dict (the JSON of a problem file); messages name it `source`.")
      .def(
          "to_dict", [](const Problem& p) { return to_python(problem_to_json(p)); },
          "The problem file as a dict, every default written out (schema limitdir.problem/1).")
      .def_readonly("name", &Problem::name, "The problem's name.")
      .def_readonly("source", &Problem::source, "The file (or '<problem>') that messages name.")
      .def_readonly("force", &Problem::force, "The load F.")
      .def("__repr__", [](const Problem& p) { return "<limitdir.Problem " + p.source + ">"; });
}

}  // namespace limitdir::python
