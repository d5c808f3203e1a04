// limitdir.classify (classify_binding.hpp): the library calls the classify app makes
// (apps/classify), with keyword arguments as its options and its one-line messages.
#include "classify_binding.hpp"
#include "docstrings.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include <pybind11/numpy.h>

#include "arguments.hpp"
#include "cancellation.hpp"
#include "job_binding.hpp"
#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "plot_binding.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/report/report.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/system/system.hpp"
#include "problem_binding.hpp"

namespace py = pybind11;
namespace po = boost::program_options;
using json = nlohmann::json;

namespace limitdir::python {

namespace {

/// classify's options but --direction and --regions (given as arguments here): --max-angle and
/// the overrides of docs/manual.md section 4.
po::options_description classify_table() {
  po::options_description table("Options");
  table.add_options()("max-angle", po::value<std::string>(), "");
  options::add_problem_overrides(table, /*with_force=*/true);
  return table;
}

/// classify's options of `kwargs`, parsed as the app parses them.
po::variables_map classify_options(const py::dict& kwargs) {
  const po::options_description table = classify_table();
  po::variables_map vm;
  try {
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(option_arguments(table, kwargs)).options(table).style(style).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(e.what());
  }
  options::check_problem_overrides(vm);
  return vm;
}

/// The given directions: an array-like of shape (3,) or (n, 3) (not normalised, as --direction),
/// or a document classify reads on standard input (a find-limits report, {"problem", "force",
/// "directions"} or a bare list; a dict or a path), which may carry the problem and the load.
DirectionsInput directions_of(const py::handle& directions) {
  if (py::isinstance<py::dict>(directions) || py::isinstance<py::str>(directions) ||
      py::isinstance(directions, py::module_::import("os").attr("PathLike"))) {
    const auto [document, source] = job_document(directions, "directions");
    return parse_directions_input(document, source);
  }
  const auto W = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(directions);
  if (!W)  // numpy made no array of numbers of it (ensure clears its error)
    throw py::type_error(printable_line("directions: must be an array-like of numbers, a dict or a path (got " +
                                        type_name(directions) + ")"));
  if (!((W.ndim() == 1 && W.shape(0) == 3) || (W.ndim() == 2 && W.shape(1) == 3)))
    throw py::value_error("directions: must be an array of shape (3,) or (n, 3), a dict or a path");
  DirectionsInput input;
  for (py::ssize_t i = 0; i < W.size() / 3; ++i)
    input.directions.emplace_back(W.data()[3 * i], W.data()[3 * i + 1], W.data()[3 * i + 2]);
  return input;
}

/// classify [PROBLEM] with the directions: the classification report, with an IncompleteWarning
/// "k of n directions not classified; <first error>" when any is not (the app's exit code 3).
py::object classify_directions(const py::object& problem_arg, const py::object& directions, const py::dict& kwargs) {
  const po::variables_map vm = classify_options(kwargs);
  double max_angle = 1e-3;  // classify's default (apps/classify)
  if (vm.count("max-angle")) {
    max_angle = options::parse_real(vm["max-angle"].as<std::string>(), "--max-angle");
    if (!(max_angle > 0.0))
      throw InputError("--max-angle: must be a number > 0 (got \"" + vm["max-angle"].as<std::string>() + "\")");
  }
  if (directions.is_none()) throw InputError("directions: missing (an array of directions, a dict or a path)");
  DirectionsInput input = directions_of(directions);
  std::optional<Problem> problem = input.problem;
  if (!problem_arg.is_none()) problem = problem_of(problem_arg);
  if (!problem) throw InputError("missing problem: the directions carry no \"problem\"; give a problem");
  options::apply_problem_overrides(*problem, vm);
  const double force = vm.count("force") ? problem->force : input.force.value_or(problem->force);
  json report;
  Canceller canceller;
  run_cancellable(canceller, [&] {
    report = classification_report(*problem, make_system(*problem), force, input.directions, max_angle);
  });
  const std::vector<std::string> errors = unclassified_directions(report);
  if (!errors.empty())
    warn_incomplete(3, std::to_string(errors.size()) + " of " + std::to_string(input.directions.size()) +
                           " directions not classified; " + errors.front());
  return as_report(to_python(report));
}

/// classify --regions DIAGRAM: the regions recomputed from a diagram's branches.
py::object classify_regions(const py::object& diagram, const py::object& directions, const py::dict& kwargs) {
  if (!directions.is_none())
    throw InputError("--direction: does not apply to --regions (a diagram carries its problem and load)");
  for (const auto& [key, value] : kwargs)
    if (!value.is_none()) {
      std::string name = utf8_text(key, "a keyword argument's name");
      std::replace(name.begin(), name.end(), '_', '-');
      throw InputError("--" + name + ": does not apply to --regions (a diagram carries its problem and load)");
    }
  const auto [document, source] = job_document(diagram, "regions");
  const Diagram d = diagram_from_json(document, source);
  return as_report(to_python(regions_report(d, regions_of(d))));
}

}  // namespace

void bind_classify(py::module_& m) {
  m.def(
      "classify",
      [](const py::object& problem, const py::object& directions, const py::object& regions, const py::kwargs& kw) {
        refuse_unknown_keywords(kw, classify_table());
        if (!regions.is_none()) {
          if (!problem.is_none()) throw InputError("problem: does not apply to regions (the diagram carries it)");
          return classify_regions(regions, directions, kw);
        }
        return classify_directions(problem, directions, kw);
      },
      py::arg("problem") = py::none(), py::arg("directions") = py::none(), py::kw_only(),
      py::arg("regions") = py::none(), doc::classify);
}

}  // namespace limitdir::python
