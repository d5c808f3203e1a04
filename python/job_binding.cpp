// The jobs from Python (job_binding.hpp): options, the GIL, Ctrl-C and the app's statuses.
#include "job_binding.hpp"
#include "docstrings.hpp"

#include "arguments.hpp"
#include "cancellation.hpp"
#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "plot_binding.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/jobs/job.hpp"
#include "jobs/option_tables.hpp"
#include "problem_binding.hpp"

namespace py = pybind11;
using json = nlohmann::json;

namespace limitdir::python {

void warn_incomplete(int status, const std::string& message) {
  if (status != 0 &&  // -1: the warning is an error (warnings.simplefilter("error"))
      PyErr_WarnEx(py::module_::import("limitdir").attr("IncompleteWarning").ptr(), keyword_message(message).c_str(),
                   2) != 0)
    throw py::error_already_set();
}

namespace {

/// The Python exception of a failed job's status (docs/manual.md section 5); bad input in the
/// function's keyword names (raise_input_error).
[[noreturn]] void raise_status(const JobResult& result, const KeywordNames& renames) {
  if (result.status == cancelled_status)  // cancelled without a kept Python exception: a bug
    throw std::logic_error("job cancelled without a Python exception");
  const std::string message = keyword_message(printable_line(result.message), renames);  // strict UTF-8 for Python
  if (result.status == 2) raise_input_error(message);
  if (result.status == 3) {
    PyErr_SetString(py::module_::import("limitdir").attr("NumericalError").ptr(), message.c_str());
    throw py::error_already_set();
  }
  if (result.status == 4) {
    PyErr_SetString(PyExc_OSError, message.c_str());
    throw py::error_already_set();
  }
  throw std::runtime_error(message);
}

/// Runs the job `kind` on `target` with `kwargs` as its options; `on_point` (simulate) gets each
/// point of a trajectory. Returns the app's document; a report below its certificate's required
/// level is returned with an IncompleteWarning carrying the app's message.
py::object run(JobKind kind, const py::object& target, const py::dict& kwargs, const py::object& on_point,
               const KeywordNames& renames = {}) {
  // as Python checks a call: the keywords, the types of the values, then the document (a missing
  // file FileNotFoundError whatever the options' values), then the values (docs/python.md "Problems")
  refuse_unknown_keywords(kwargs, job_option_table(kind));
  // the apps' --format (json or text) chooses how a report is printed: no keyword of a function
  // that returns the document (make_job's message speaks of a scan's records)
  if (kwargs.contains("format")) throw py::type_error("unexpected keyword argument 'format'");
  std::vector<std::string> args;
  try {
    args = job_arguments(kind, kwargs);
  } catch (const InputError& e) {  // a value that holds itself: in the keywords' names (sweep's start, stop)
    raise_input_error(e.what(), renames);
  }
  const bool of_document = kind == JobKind::roll || kind == JobKind::celt || kind == JobKind::pile;
  const auto [document, source] = job_document(target, of_document ? "document" : "problem");
  const Job job = [&] {
    try {
      return make_job(kind, args);
    } catch (const MissingFileError&) {
      throw;
    } catch (const InputError& e) {
      raise_input_error(e.what(), renames);
    }
  }();
  Canceller canceller;
  JobHooks hooks;
  hooks.cancelled = canceller.predicate();  // Ctrl-C: polled by the job's long loops (cancellation.hpp)
  if (kind == JobKind::simulate && !on_point.is_none())
    hooks.point = [&canceller, &on_point](const json& point) {
      {
        py::gil_scoped_acquire gil;
        try {
          on_point(to_python(point));
          return;
        } catch (py::error_already_set& e) {  // kept, and raised when the job has ended
          canceller.keep(e);
        }
      }
      throw Cancelled{};  // ends the job (jobs/job.hpp: JobHooks::point, core/cancellation.hpp)
    };
  JobResult result;
  {
    py::gil_scoped_release release;
    result = run_job(job, document, source, hooks);  // never throws (jobs/job.hpp)
  }
  canceller.raise_if_any();
  if (PyErr_Occurred()) throw py::error_already_set();
  if (result.report.is_null()) raise_status(result, renames);
  warn_incomplete(result.status, result.message);
  return as_report(to_python(result.report));
}

}  // namespace

void bind_jobs(py::module_& m) {
  m.def(
      "find_limits", [](const py::object& p, const py::kwargs& kw) { return run(JobKind::find_limits, p, kw, py::none()); },
      py::arg("problem"), doc::find_limits);
  m.def(
      "sweep",
      [](const py::object& p, const py::object& parameter, const py::object& start, const py::object& stop,
         const py::kwargs& kw) {
        py::dict options(kw);
        // the types of start and stop named as these keywords (their options are the app's --from, --to)
        for (const auto& [value, name] : {std::pair{start, "--start"}, std::pair{stop, "--stop"}})
          if (!value.is_none()) (void)option_value_text(value, name);
        options["parameter"] = parameter;  // None: the app's default, force, left out of the report's options
        options["from"] = start;
        options["to"] = stop;
        return run(JobKind::sweep_force, p, options, py::none(), {{"from", "start"}, {"to", "stop"}});
      },
      py::arg("problem"), py::arg("parameter") = py::none(), py::arg("start") = py::none(), py::arg("stop") = py::none(),
      doc::sweep);
  m.def(
      "bifurcation_map",
      [](const py::object& p, const py::kwargs& kw) { return run(JobKind::bifurcation_map, p, kw, py::none()); },
      py::arg("problem"), doc::bifurcation_map);
  m.def(
      "simulate",
      [](const py::object& p, const py::object& on_point, const py::kwargs& kw) {
        return run(JobKind::simulate, p, kw, on_point);
      },
      py::arg("problem"), py::arg("on_point") = py::none(), doc::simulate);
  m.def(
      "roll", [](const py::object& d, const py::kwargs& kw) { return run(JobKind::roll, d, kw, py::none()); },
      py::arg("document"), doc::roll);
  m.def(
      "celt", [](const py::object& d, const py::kwargs& kw) { return run(JobKind::celt, d, kw, py::none()); },
      py::arg("document"), doc::celt);
  m.def(
      "pile", [](const py::object& d, const py::kwargs& kw) { return run(JobKind::pile, d, kw, py::none()); },
      py::arg("document"), doc::pile);
}

}  // namespace limitdir::python
