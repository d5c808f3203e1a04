// Reading a report for plot (plot/plot.hpp): one JSON document or simulate's JSON Lines, the kind
// from its schema, the options checked against the kind, and the dispatch to the figures.
#include <optional>
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/common.hpp"
#include "plot/kinds.hpp"

namespace limitdir {

namespace {

/// The kind of a report from the table of plot/kinds.hpp.
std::string kind_of_schema(const nlohmann::json& document, const std::string& source) {
  return plot_detail::kind_row(document, source).kind;
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

/// JSON Lines of reports other than simulate's (scan's records): the first line's schema decides,
/// its row's message saying what to plot instead; nothing when it is not a report.
void refuse_records(const std::string& first, const std::string& source) {
  nlohmann::json record;
  try {
    record = parse_json_input(first, source + ": line 1");
  } catch (const InputError&) {
    return;  // not JSON Lines: the whole text's error stands
  }
  if (record.is_object() && record.contains("schema")) {
    plot_detail::kind_row(record, source + ": line 1");  // a kind not drawn: its message
    throw InputError(source + ": one " + detail::show(record["schema"]) +
                     " report a line; plot reads one report (or simulate's JSON Lines) at a time");
  }
}

/// The records of `scan --job pile` (JSON Lines of limitdir.scan-record/1 of which a summary holds
/// H_over_d: a failed point's summary has only the common keys): kind "pile-scan", every line a
/// record; nothing for other text.
std::optional<PlotInput> pile_records(const std::vector<std::string>& lines, const std::string& source) {
  const auto is_record = [](const nlohmann::json& r) {
    return r.is_object() && r.value("schema", nlohmann::json()) == "limitdir.scan-record/1";
  };
  try {
    if (!is_record(parse_json_input(lines.front(), source + ": line 1"))) return std::nullopt;
  } catch (const InputError&) {
    return std::nullopt;
  }
  PlotInput input;
  input.kind = "pile-scan";
  bool pile = false;
  std::optional<std::string> bad;  // the first line that is not a record: an error once they are a pile's
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string where = source + ": line " + std::to_string(i + 1);
    try {
      nlohmann::json record = parse_json_input(lines[i], where);
      if (!is_record(record)) throw InputError(where + ": not a scan record (limitdir.scan-record/1)");
      pile = pile || (record.contains("summary") && record["summary"].is_object() && record["summary"].contains("H_over_d"));
      input.records.push_back(std::move(record));
    } catch (const InputError& e) {
      if (!bad) bad = e.what();
    }
  }
  if (!pile) return std::nullopt;  // other records: refused as before (read_plot_input)
  if (bad) throw InputError(*bad + "; plot reads the records of one pile scan");
  input.report = input.records.front();
  return input;
}

}  // namespace

PlotInput read_plot_input(const std::string& text, const std::string& source) {
  const std::vector<std::string> lines = nonblank_lines(text);
  if (lines.empty()) throw InputError(source + ": no input; expected a limitdir report");
  if (lines.size() > 1 && lines.back().find("\"limitdir.simulation/1\"") != std::string::npos &&
      lines.front().find("\"schema\"") == std::string::npos)
    return read_json_lines(lines, source);
  if (std::optional<PlotInput> records = pile_records(lines, source)) return *std::move(records);
  PlotInput input;
  try {
    input.report = parse_json_input(text, source);
  } catch (const InputError&) {
    if (lines.size() > 1) refuse_records(lines.front(), source);
    throw;
  }
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
  if (y != "theta" && y != "psi" && y != "w1" && y != "w2" && y != "w3" && y != "rdot" && y != "period" &&
      y != "amplitude")
    throw InputError("--y: must be theta, psi, w1, w2, w3, rdot, period or amplitude (got \"" + y + "\")");
  if ((y == "period" || y == "amplitude") && kind != "diagram")
    throw InputError("--y " + y + ": the closed orbits' branches of bifurcation diagrams only (this is a " + kind +
                     " report)");
  const std::string& v = options.view;
  if (v != "w1" && v != "w2" && v != "w3") throw InputError("--view: must be w1, w2 or w3 (got \"" + v + "\")");
  if (options.time != "t" && options.time != "tau")
    throw InputError("--time: must be t or tau (got \"" + options.time + "\")");
  if (given_time && kind != "simulation")
    throw InputError("--time: applies to simulations only (this is a " + kind + " report)");
  if (given_y && kind != "diagram" && kind != "degree-study")
    throw InputError("--y: applies to bifurcation diagrams and degree studies only (this is a " + kind + " report)");
  if (options.surface && kind != "friction")
    throw InputError("--surface: applies to friction tables over the sphere only (this is a " + kind + " report)");
  if (options.components && kind != "friction")
    throw InputError("--components: applies to friction tables over the sphere only (this is a " + kind + " report)");
  if (options.components && options.surface)
    throw InputError("--components: the components against theta or the surface (--surface); give one of them");
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
  const bool sphere = kind == "limits" || kind == "classification" || kind == "celt-slip-system";
  if (given_view && !sphere)
    throw InputError("--view: applies to the sphere figures of limits, classification and celt slip-system reports "
                     "only (this is a " + kind + " report)");
  // the figures without data axes (the sphere, the survey's bars) and the regions' strip (no vertical axis)
  if ((sphere || kind == "survey") && kind != "limits" &&
      (options.x_range || options.y_range || options.log_y || options.log_x))
    throw InputError(std::string(options.x_range   ? "--x-range"
                                 : options.y_range ? "--y-range"
                                 : options.log_y   ? "--log-y"
                                                   : "--log-x") +
                     ": does not apply to a " + kind + " report (" +
                     (kind == "survey" ? "its bars are one per limit direction" : "a figure on the sphere") + ")");
  if (kind == "regions" && (options.y_range || options.log_y))
    throw InputError(std::string(options.y_range ? "--y-range" : "--log-y") +
                     ": does not apply to a regions report (a strip along the parameter; --x-range does)");
}

std::string plot_report(const PlotInput& input, const PlotOptions& options) {
  return plot_detail::row_of_kind(input.kind).draw(input, options);
}

}  // namespace limitdir
