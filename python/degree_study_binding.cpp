// limitdir.degree_study (degree_study_binding.hpp, docs/python.md).
#include "degree_study_binding.hpp"
#include "docstrings.hpp"

#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cancellation.hpp"
#include "job_binding.hpp"
#include "job_options_text.hpp"
#include "arguments.hpp"
#include "json_convert.hpp"
#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/degree_study_io.hpp"
#include "plot_binding.hpp"
#include "problem_binding.hpp"
#include "jobs/option_tables.hpp"

namespace py = pybind11;
namespace po = boost::program_options;

namespace limitdir::python {

namespace {

/// The largest degree of the harmonic model a problem accepts (docs/manual.md section 3), as the
/// degree-study app's --degrees.
constexpr long long max_degree = 400;

/// The degrees N: an iterable of ints (not bools); TypeError naming `degrees` otherwise. Their
/// range and repeats are checked by degree_study (InputError).
std::vector<int> degrees_of(const py::handle& degrees) {
  if (py::isinstance<py::str>(degrees) || !py::isinstance<py::iterable>(degrees))
    throw py::type_error("degrees: must be a sequence of ints (got " + type_name(degrees) + ")");
  std::vector<std::string> texts;
  for (const auto& n : degrees) {
    if (py::isinstance<py::bool_>(n) || !py::hasattr(n, "__index__"))
      throw py::type_error("degrees: must be a sequence of ints (got an item of type " + type_name(n) + ")");
    texts.push_back(py::str(py::module_::import("operator").attr("index")(n)).cast<std::string>());
  }
  if (texts.empty()) throw py::value_error("degrees: must hold at least one degree");
  std::string list;  // the app's --degrees N1,N2,... (its messages quote it)
  for (const std::string& text : texts) list += (list.empty() ? "" : ",") + text;
  std::vector<int> out;
  for (const std::string& text : texts) {  // as the degree-study app reads its list (apps/degree-study)
    const int n = static_cast<int>(options::parse_integer(text, "--degrees", 1, max_degree));
    for (const int m : out)
      if (m == n) throw InputError("--degrees: degree " + text + " is given twice (got \"" + list + "\")");
    out.push_back(n);
  }
  return out;
}

/// The level `require` asks for ("checked", the default, or "proven"), as the app's --require.
Level level_of(const py::handle& require) {
  po::options_description table;
  options::add_require_option(table);
  po::variables_map vm;
  if (!require.is_none()) {
    const std::vector<std::string> args{"--require=" + option_value_text(require, "--require")};
    po::store(po::command_line_parser(args).options(table).run(), vm);
  }
  return options::required_level(vm);
}

py::object degree_study(const py::object& target, const py::object& degrees, const py::object& start,
                        const py::object& stop, const py::object& parameter, const py::object& checks,
                        const py::object& require, const py::kwargs& kw) {
  refuse_keywords(kw);
  const Problem problem = problem_of(target);
  const std::vector<int> ns = degrees_of(degrees);
  // the app's --from and --to, named as the keywords start and stop in messages
  const double from = options::parse_real(option_value_text(start, "--start"), "--start");
  const double to = options::parse_real(option_value_text(stop, "--stop"), "--stop");
  if (!(from < to)) throw py::value_error("stop: must be greater than start (got start " + option_value_text(start, "--start") +
                                          " stop " + option_value_text(stop, "--stop") + ")");
  const std::string swept = parameter.is_none() ? "force" : utf8_text(parameter, "parameter");
  if (swept != "force") require_force(problem);
  ContinuationOptions continuation;
  if (!checks.is_none())
    continuation.checks = static_cast<int>(options::parse_integer(option_value_text(checks, "--checks"), "--checks", 0, 10000));
  const Level required = level_of(require);
  Canceller canceller;
  std::optional<DegreeStudy> study;
  run_cancellable(canceller, [&] { study = limitdir::degree_study(problem, swept, ns, from, to, continuation); });
  if (const auto shortfall = options::certificate_shortfall(study->certificate, required)) warn_incomplete(3, *shortfall);
  return as_report(to_python(degree_study_report(problem, *study)));
}

}  // namespace

void bind_degree_study(py::module_& m) {
  m.def("degree_study", &degree_study, py::arg("problem"), py::arg("degrees"), py::arg("start"), py::arg("stop"),
        py::kw_only(), py::arg("parameter") = py::none(), py::arg("checks") = py::none(), py::arg("require") = py::none(),
        doc::degree_study);
}

}  // namespace limitdir::python
