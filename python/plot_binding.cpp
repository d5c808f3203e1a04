// limitdir.plot and limitdir.Report (plot_binding.hpp, docs/python.md "Figures and notebooks").
#include "plot_binding.hpp"
#include "docstrings.hpp"

#include <pybind11/eval.h>

#include <optional>
#include <string>
#include <vector>

#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/plot/plot.hpp"
#include "problem_binding.hpp"
#include "jobs/option_tables.hpp"

namespace py = pybind11;

namespace limitdir::python {

namespace {

/// The text of the keyword `name` as the plot app's --name would be given it (option_value_text),
/// or nullopt when it is None.
std::optional<std::string> text_of(const py::handle& value, const std::string& name) {
  if (value.is_none()) return std::nullopt;
  return option_value_text(value, "--" + name);
}

/// A bool switch (--convergence, --log-y): TypeError for anything but a bool.
bool switch_of(const py::handle& value, const std::string& name) {
  if (!py::isinstance<py::bool_>(value))
    throw py::type_error(name + ": must be True or False (got " + type_name(value) + ")");
  return value.ptr() == Py_True;
}

/// One report to draw: a dict (named "report K" in an overlay's legend) or a path (named by it),
/// read as the plot app reads a REPORT file.
PlotInput plot_input(const py::handle& report, std::size_t k) {
  if (py::isinstance<py::dict>(report)) {
    PlotInput input = read_plot_input(from_python(report, "report").dump(), "report");
    input.source = "report " + std::to_string(k + 1);
    return input;
  }
  const std::string path = path_text(report, "report");
  PlotInput input = read_plot_input(read_input(path), path);
  input.source = path;
  return input;
}

/// The plot app's options (apps/plot/main.cpp) from the keywords, checked by the same parsers.
PlotOptions plot_options(const py::dict& kw) {
  PlotOptions plot;
  if (const auto style = text_of(kw["style"], "style")) plot.style = *style;
  apply_style(plot);  // its sizes the defaults of width, height and font_size, as in the plot app
  if (const auto w = text_of(kw["width"], "width"))
    plot.width = static_cast<int>(options::parse_integer(*w, "--width", min_plot_side, max_plot_side));
  if (const auto h = text_of(kw["height"], "height"))
    plot.height = static_cast<int>(options::parse_integer(*h, "--height", min_plot_side, max_plot_side));
  if (const auto y = text_of(kw["y"], "y")) plot.y = *y;
  if (const auto view = text_of(kw["view"], "view")) plot.view = *view;
  if (const auto time = text_of(kw["time"], "time")) plot.time = *time;
  plot.convergence = switch_of(kw["convergence"], "convergence");
  plot.title = switch_of(kw["title"], "title");
  if (const auto c = text_of(kw["colour_by"], "colour-by")) {
    if (c->empty()) throw InputError("--colour-by: must be class, level, mean, min or max (got \"\")");
    plot.colour_by = *c;
  }
  if (const auto r = text_of(kw["x_range"], "x-range")) plot.x_range = options::parse_range(*r, "--x-range");
  if (const auto r = text_of(kw["y_range"], "y-range")) plot.y_range = options::parse_range(*r, "--y-range");
  plot.log_x = switch_of(kw["log_x"], "log_x");
  plot.log_y = switch_of(kw["log_y"], "log_y");
  plot.map_regions = !switch_of(kw["no_regions"], "no_regions");
  if (const auto p = text_of(kw["panel"], "panel")) plot.panel = static_cast<int>(options::parse_integer(*p, "--panel", 1, 100));
  if (const auto f = text_of(kw["font_size"], "font-size")) plot.font_size = options::parse_real(*f, "--font-size");
  return plot;
}

/// The figure of `reports` (one report, or a list of them: an overlay) as an SVG text; with
/// `output` also written to that file (.svg, .pdf or .png), as plot --output writes it.
std::string plot(const py::object& reports, const py::dict& kw) {
  const PlotOptions options = plot_options(kw);
  const std::optional<std::string> output =
      kw["output"].is_none() ? std::nullopt : std::optional<std::string>(path_text(kw["output"], "output"));
  if (output) figure_format(*output);
  std::vector<PlotInput> inputs;
  if (py::isinstance<py::list>(reports) || py::isinstance<py::tuple>(reports)) {
    for (const auto& report : reports) inputs.push_back(plot_input(report, inputs.size()));
  } else {
    inputs.push_back(plot_input(reports, 0));
  }
  check_overlay(inputs);
  for (const PlotInput& input : inputs) {
    check_plot_options(options, input.kind, !kw["y"].is_none(), !kw["view"].is_none(), !kw["time"].is_none());
    check_layout_options(options, input.kind, !kw["font_size"].is_none(), inputs.size());
  }
  std::string figure;
  {
    py::gil_scoped_release release;
    figure = inputs.size() == 1 ? plot_report(inputs.front(), options) : plot_overlay(inputs, options);
    if (output) write_figure(figure, *output, options.width, options.height);
  }
  return figure;
}

/// limitdir.Report: a dict subclass whose _repr_svg_ is its figure (None when plot draws no
/// figure of it, e.g. a scan record or a simulation's final record alone: the notebook then shows
/// the dict).
constexpr const char* report_class = R"(
class Report(dict):
    """A report of an analysis: the app's JSON document as a dict, shown in a notebook as the
    figure the plot app draws of it (limitdir.plot; docs/python.md "Figures and notebooks")."""
    __slots__ = ()

    def _repr_svg_(self):
        try:
            return plot(self)
        except ValueError:
            return None
)";

}  // namespace

py::object as_report(py::object document) {
  return py::module_::import("limitdir").attr("Report")(std::move(document));
}

void bind_plot(py::module_& m) {
  m.def(
      "plot",
      [](const py::object& reports, const py::kwargs& kwargs) {
        static const char* const names[] = {"width",   "height", "y",          "view",  "time",      "convergence",
                                            "colour_by", "x_range", "y_range", "log_x", "log_y", "no_regions",
                                            "panel",   "font_size", "style", "title", "output"};
        py::dict kw;
        for (const char* name : names) kw[name] = py::none();
        for (const char* name : {"convergence", "log_x", "log_y", "no_regions", "title"}) kw[name] = py::bool_(false);
        for (const auto& [key, value] : kwargs) {
          if (!kw.contains(key)) throw py::type_error("unexpected keyword argument '" + py::str(key).cast<std::string>() + "'");
          kw[key] = value;
        }
        return plot(reports, kw);
      },
      py::arg("report"), doc::plot);
  py::exec(report_class, m.attr("__dict__"));
}

}  // namespace limitdir::python
