// Keyword arguments as a job's command-line options (job_options_text.hpp).
#include "job_options_text.hpp"

#include <algorithm>
#include <cctype>

#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"
#include "jobs/option_tables.hpp"

namespace py = pybind11;

namespace limitdir::python {

namespace {

/// The text of a scalar value (not a sequence) of the option `where`: a text, a bool, or a number
/// (int, float, or what converts to one: numpy's scalars); TypeError for any other type.
std::string scalar_text(const py::handle& value, const std::string& where) {
  if (py::isinstance<py::str>(value)) return utf8_text(value, where);
  if (py::isinstance<py::bool_>(value)) return value.ptr() == Py_True ? "true" : "false";
  if (!py::isinstance<py::int_>(value) && !py::isinstance<py::float_>(value) && !py::hasattr(value, "__index__") &&
      !py::hasattr(value, "__float__"))
    throw py::type_error(keyword_message(where) + ": must be a number, a text or a sequence of them (got " +
                         type_name(value) + ")");
  // float's own repr, the shortest text of the double: a subclass's (numpy 2's "np.float64(0.3)") is no number
  if (py::isinstance<py::float_>(value)) return py::repr(py::float_(PyFloat_AsDouble(value.ptr()))).cast<std::string>();
  return utf8_text(py::str(value), where);  // int, numpy scalars and the like: their text
}

}  // namespace

std::string option_value_text(const py::handle& value, const std::string& where) {
  if (py::isinstance<py::str>(value) || !py::isinstance<py::sequence>(value)) return scalar_text(value, where);
  std::string out;
  for (const auto& item : value) {
    // one level: a sequence of sequences (a list that holds itself among them) has no text
    if (!py::isinstance<py::str>(item) && py::isinstance<py::sequence>(item))
      throw InputError(where + ": must be a value or a sequence of values, not of sequences (got a " +
                       type_name(item) + " in a " + type_name(value) + ")");
    out += (out.empty() ? "" : ",") + scalar_text(item, where);
  }
  return out;
}

std::vector<std::string> job_arguments(JobKind kind, const py::dict& kwargs) {
  return option_arguments(job_option_table(kind), kwargs);
}

std::vector<std::string> option_arguments(const boost::program_options::options_description& table,
                                          const py::dict& kwargs) {
  std::vector<std::string> args;
  for (const auto& [key, value] : kwargs) {
    if (value.is_none()) continue;
    std::string name = utf8_text(key, "a keyword argument's name");
    std::replace(name.begin(), name.end(), '_', '-');
    const auto* option = table.find_nothrow(name, false);
    const bool is_switch = option && option->semantic()->max_tokens() == 0;
    if (is_switch && py::isinstance<py::bool_>(value)) {
      if (value.ptr() == Py_True) args.push_back("--" + name);
      continue;
    }
    if (!option) {  // the app's message names the unknown option alone: "unrecognised option '--deg'"
      args.push_back("--" + name);
      args.push_back(option_value_text(value, "--" + name));
      continue;
    }
    // "--name=VALUE": a negative VALUE is not taken for an option
    args.push_back("--" + name + "=" + option_value_text(value, "--" + name));
  }
  return args;
}

std::string keyword_message(const std::string& message, const KeywordNames& renames) {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    // "--name" at the start, after a space, a quote or a bracket: an option of the app
    const bool starts = i == 0 || std::string(" '\"(").find(message[i - 1]) != std::string::npos;
    const bool option = starts && message.compare(i, 2, "--") == 0 && i + 2 < message.size() &&
                        std::islower(static_cast<unsigned char>(message[i + 2]));
    if (!option) {
      out += message[i++];
      continue;
    }
    std::size_t end = i + 2;
    while (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) ++end;
    std::string name = message.substr(i + 2, end - i - 2);
    if (const auto it = renames.find(name); it != renames.end()) name = it->second;
    std::replace(name.begin(), name.end(), '-', '_');
    out += name;
    i = end;
  }
  return out;
}

void raise_input_error(const std::string& text, const KeywordNames& renames) {
  // the apps' pointer to their --help: a function's help is its docstring
  static const std::string see_help = "; see --help";
  const bool points_to_help = text.size() >= see_help.size() &&
                              text.compare(text.size() - see_help.size(), see_help.size(), see_help) == 0;
  const std::string message = points_to_help ? text.substr(0, text.size() - see_help.size()) : text;
  // boost::program_options: "unrecognised option '--name'"
  static const std::string unknown = "unrecognised option '";
  if (message.rfind(unknown, 0) == 0)
    throw py::type_error("unexpected keyword argument " + keyword_message(message.substr(unknown.size() - 1), renames));
  throw py::value_error(printable_line(keyword_message(message, renames)));
}

}  // namespace limitdir::python
