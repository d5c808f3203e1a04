// limitdir.Problem.with_ (problem_with.hpp, docs/python.md "Changing a problem").
#include "problem_with.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/system/problem_input.hpp"
#include "jobs/option_tables.hpp"

namespace py = pybind11;
namespace po = boost::program_options;

namespace limitdir::python {

namespace {

/// The overrides of docs/manual.md section 4, by their keyword names (the apps' option names).
bool is_override(const std::string& name) {
  return name == "force" || name == "model" || name == "degree" || name == "pressure" || name == "rho";
}

/// The dotted key path of a keyword name: each "__" a "." (`contact__shape__ellipse__1`).
std::string key_of_keyword(const std::string& name) {
  std::string key;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name.compare(i, 2, "__") == 0) {
      key += '.';
      ++i;
    } else {
      key += name[i];
    }
  }
  return key;
}

/// The number a key is set to: an int, a float or what numbers.Real holds (numpy's scalars), not
/// a bool; TypeError "<key>: must be a number (got <type>)" otherwise. An int beyond the doubles
/// is +-inf, which apply_key_settings refuses ("<key>: must be a finite number").
double key_value(const py::handle& value, const std::string& key) {
  static const py::handle real = py::object(py::module_::import("numbers").attr("Real")).release();
  if (py::isinstance<py::bool_>(value) || !py::isinstance(value, real))
    throw py::type_error(printable_line(key + ": must be a number (got " + type_name(value) + ")"));
  const double x = PyFloat_AsDouble(value.ptr());
  if (x == -1.0 && PyErr_Occurred()) {
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) throw py::error_already_set();
    PyErr_Clear();
    return value < py::int_(0) ? -HUGE_VAL : HUGE_VAL;
  }
  return x;
}

/// The overrides among `kwargs` read as the apps read --force, --model, --degree, --pressure and
/// --rho (options::problem_overrides), each given as the text the jobs' keywords give it.
ProblemOverrides overrides_of(const py::dict& kwargs) {
  std::vector<std::string> arguments;
  for (const auto& [name, value] : kwargs) {
    const std::string option = name.cast<std::string>();
    if (is_override(option) && !value.is_none())
      arguments.push_back("--" + option + "=" + option_value_text(value, "--" + option));
  }
  po::options_description table;
  options::add_problem_overrides(table, true);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(arguments).options(table).run(), vm);
  } catch (const po::error& e) {
    raise_input_error(e.what());
  }
  return options::problem_overrides(vm);
}

}  // namespace

Problem problem_with(const Problem& problem, const py::handle& keys, const py::dict& kwargs) {
  std::vector<KeySetting> settings;
  if (!keys.is_none()) {
    if (!py::isinstance<py::dict>(keys))
      throw py::type_error("keys: must be a dict {dotted key: number} (got " + type_name(keys) + ")");
    for (const auto& [key, value] : keys.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) throw py::type_error("keys: a key must be a str (got " + type_name(key) + ")");
      const std::string text = utf8_text(key, "keys");
      settings.push_back({text, key_value(value, text)});
    }
  }
  for (const auto& [name, value] : kwargs) {
    const std::string keyword = name.cast<std::string>();
    if (is_override(keyword)) continue;
    const std::string key = key_of_keyword(utf8_text(name, "keyword"));
    settings.push_back({key, key_value(value, key)});
  }
  const ProblemOverrides overrides = overrides_of(kwargs);
  nlohmann::json document = problem_to_json(problem);
  apply_key_settings(document, settings, problem.source);  // the order of --set, then the overrides (jobs/job.cpp)
  Problem changed = problem_from_document(document, problem.source);
  apply_overrides(changed, overrides);
  return changed;
}

}  // namespace limitdir::python
