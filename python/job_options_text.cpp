// Keyword arguments as a job's command-line options (job_options_text.hpp).
#include "job_options_text.hpp"

#include <algorithm>

#include "limitdir/scan/job_options.hpp"

namespace py = pybind11;

namespace limitdir::python {

std::string option_value_text(const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::float_>(value)) return py::repr(value).cast<std::string>();
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance<py::sequence>(value)) {
    std::string out;
    for (const auto& item : value) out += (out.empty() ? "" : ",") + option_value_text(item);
    return out;
  }
  return py::str(value).cast<std::string>();  // numpy scalars and the like: their text
}

std::vector<std::string> job_arguments(JobKind kind, const py::dict& kwargs) {
  return option_arguments(job_option_table(kind), kwargs);
}

std::vector<std::string> option_arguments(const boost::program_options::options_description& table,
                                          const py::dict& kwargs) {
  std::vector<std::string> args;
  for (const auto& [key, value] : kwargs) {
    if (value.is_none()) continue;
    std::string name = key.cast<std::string>();
    std::replace(name.begin(), name.end(), '_', '-');
    const auto* option = table.find_nothrow(name, false);
    const bool is_switch = option && option->semantic()->max_tokens() == 0;
    if (is_switch && py::isinstance<py::bool_>(value)) {
      if (value.cast<bool>()) args.push_back("--" + name);
      continue;
    }
    if (!option) {  // the app's message names the unknown option alone: "unrecognised option '--deg'"
      args.push_back("--" + name);
      args.push_back(option_value_text(value));
      continue;
    }
    // "--name=VALUE": a negative VALUE is not taken for an option
    args.push_back("--" + name + "=" + option_value_text(value));
  }
  return args;
}

}  // namespace limitdir::python
