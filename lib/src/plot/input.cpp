// Reading a report for plot (plot/plot.hpp): one JSON document or simulate's JSON Lines, the kind
// from its schema, the options checked against the kind, and the dispatch to the figures.
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

const char* const what_plot_draws =
    "plot draws limitdir.diagram/1 (sweep-force), limitdir.limits/1 (find-limits), limitdir.friction/1 "
    "(friction-model), limitdir.degree-study/1 (degree-study), limitdir.map/1 (bifurcation-map), "
    "limitdir.scan-summary/1 (scan --summary), limitdir.roll-report/1 and limitdir.roll-map/1 (roll), "
    "limitdir.celt-report/1 (celt) and simulate's records ending in limitdir.simulation/1";

std::string kind_of_schema(const nlohmann::json& document, const std::string& source) {
  if (!document.is_object() || !document.contains("schema") || !document["schema"].is_string())
    throw InputError(source + ": not a limitdir report (no \"schema\" string); " + what_plot_draws);
  const std::string schema = document["schema"].get<std::string>();
  if (schema == "limitdir.diagram/1") return "diagram";
  if (schema == "limitdir.limits/1") return "limits";
  if (schema == "limitdir.friction/1") return "friction";
  if (schema == "limitdir.simulation/1") return "simulation";
  if (schema == "limitdir.degree-study/1") return "degree-study";
  if (schema == "limitdir.map/1") return "map";
  if (schema == "limitdir.scan-summary/1") return "scan-summary";
  if (schema == "limitdir.roll-report/1") return "roll";
  if (schema == "limitdir.roll-map/1") return "roll-map";
  if (schema == "limitdir.celt-report/1") return "celt";
  throw InputError(source + ": cannot plot schema \"" + schema + "\"; " + what_plot_draws);
}

std::vector<std::string> nonblank_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

/// simulate's output: records {"t", "tau", "r", "w"}, one a line, then the final record.
PlotInput read_json_lines(const std::vector<std::string>& lines, const std::string& source) {
  PlotInput input;
  input.kind = "simulation";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string where = source + ": line " + std::to_string(i + 1);
    nlohmann::json record = parse_json_input(lines[i], where);
    if (i + 1 == lines.size()) {
      if (kind_of_schema(record, where) != "simulation")
        throw InputError(where + ": the last of several JSON lines must be simulate's final record "
                                 "(limitdir.simulation/1)");
      input.report = std::move(record);
    } else {
      if (record.is_object() && record.contains("schema"))
        throw InputError(where + ": a report before the last line; plot reads one report at a time");
      input.records.push_back(std::move(record));
    }
  }
  return input;
}

}  // namespace

PlotInput read_plot_input(const std::string& text, const std::string& source) {
  const std::vector<std::string> lines = nonblank_lines(text);
  if (lines.empty()) throw InputError(source + ": no input; expected a limitdir report");
  if (lines.size() > 1 && lines.back().find("\"limitdir.simulation/1\"") != std::string::npos &&
      lines.front().find("\"schema\"") == std::string::npos)
    return read_json_lines(lines, source);
  PlotInput input;
  input.report = parse_json_input(text, source);
  input.kind = kind_of_schema(input.report, source);
  if (input.kind == "simulation")
    throw InputError(source + ": a simulation's final record alone has no time history; give all of "
                              "simulate's output (its JSON Lines)");
  return input;
}

void check_plot_options(const PlotOptions& options, const std::string& kind, bool given_y, bool given_view,
                        bool given_time) {
  const auto side = [](int value, const char* name) {
    if (value < min_plot_side || value > max_plot_side)
      throw InputError(std::string(name) + ": must be an integer in [" + std::to_string(min_plot_side) + ", " +
                       std::to_string(max_plot_side) + "] (got " + std::to_string(value) + ")");
  };
  side(options.width, "--width");
  side(options.height, "--height");
  const std::string& y = options.y;
  if (y != "theta" && y != "psi" && y != "w1" && y != "w2" && y != "w3" && y != "rdot")
    throw InputError("--y: must be theta, psi, w1, w2, w3 or rdot (got \"" + y + "\")");
  const std::string& v = options.view;
  if (v != "w1" && v != "w2" && v != "w3") throw InputError("--view: must be w1, w2 or w3 (got \"" + v + "\")");
  if (options.time != "t" && options.time != "tau")
    throw InputError("--time: must be t or tau (got \"" + options.time + "\")");
  if (given_time && kind != "simulation")
    throw InputError("--time: applies to simulations only (this is a " + kind + " report)");
  if (given_y && kind != "diagram" && kind != "degree-study")
    throw InputError("--y: applies to bifurcation diagrams and degree studies only (this is a " + kind + " report)");
  if (options.convergence && kind != "degree-study")
    throw InputError("--convergence: applies to degree studies only (this is a " + kind + " report)");
  if (options.convergence && given_y)
    throw InputError("--y: the convergence figure has log10 of the error on its vertical axis; give one of --y and "
                     "--convergence");
  const std::string& c = options.colour_by;
  if (!c.empty() && c != "class" && c != "level" && c != "mean" && c != "min" && c != "max")
    throw InputError("--colour-by: must be class, level, mean, min or max (got \"" + c + "\")");
  if (!c.empty() && kind != "scan-summary")
    throw InputError("--colour-by: applies to scan summaries only (this is a " + kind + " report)");
  if (given_view && kind != "limits")
    throw InputError("--view: applies to limits reports (find-limits) only (this is a " + kind + " report)");
}

std::string plot_report(const PlotInput& input, const PlotOptions& options) {
  if (input.kind == "diagram") return plot_diagram(input.report, options);
  if (input.kind == "limits") return plot_limits(input.report, options);
  if (input.kind == "friction") return plot_friction(input.report, options);
  if (input.kind == "simulation") return plot_simulation(input.records, input.report, options);
  if (input.kind == "degree-study") return plot_degree_study(input.report, options);
  if (input.kind == "map") return plot_map(input.report, options);
  if (input.kind == "scan-summary") return plot_scan_summary(input.report, options);
  if (input.kind == "roll") return plot_roll(input.report, options);
  if (input.kind == "roll-map") return plot_roll_map(input.report, options);
  if (input.kind == "celt") return plot_celt(input.report, options);
  throw InputError("cannot plot a report of kind \"" + input.kind + "\"; " + what_plot_draws);
}

}  // namespace limitdir
