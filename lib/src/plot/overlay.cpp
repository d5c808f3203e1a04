// Several reports of one kind on one figure, and the options of axes, scaling and fonts checked
// against the kind (plot/plot.hpp, docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

/// The kinds each option applies to.
// (classification, survey, regions, celt-slip-system: --font-size; of the ranges only regions'
// --x-range, the others refused first by check_plot_options, plot/input.cpp)
const std::set<std::string> ranged_kinds{"diagram", "degree-study", "friction", "simulation", "map",
                                         "classification", "survey", "regions", "celt-slip-system"};
const std::set<std::string> log_kinds{"diagram", "degree-study", "friction"};
const std::set<std::string> overlay_kinds{"diagram", "friction", "simulation"};

/// A report's name in an overlay's legend: its problem's name and model (a diagram), its
/// model's description (friction) or its problem's name and load (simulation).
std::string report_name(const PlotInput& input) {
  const nlohmann::json& r = input.report;
  if (input.kind == "friction") return string_field(r, "description", input.source);
  const std::string name = string_field(field(r, "problem", input.source), "name", input.source + ".problem");
  if (input.kind == "simulation") return fmt::format("{}, F = {}", name, number_field(r, "force", input.source));
  return name + ": " + short_model(string_field(r, "model", input.source));
}

}  // namespace

void check_layout_options(const PlotOptions& options, const std::string& kind, bool given_font, std::size_t reports) {
  for (const auto& [range, name] : {std::pair{&options.x_range, "--x-range"}, std::pair{&options.y_range, "--y-range"}}) {
    if (!*range) continue;
    const auto [a, b] = **range;
    if (!std::isfinite(a) || !std::isfinite(b) || !(a < b) || !std::isfinite(b - a))
      throw InputError(fmt::format("{}: must be A:B with finite A < B (got {}:{})", name, a, b));
    if (!ranged_kinds.count(kind))
      throw InputError(std::string(name) + ": does not apply to a " + kind + " report (it applies to diagrams, degree "
                                           "studies, friction tables, simulations and maps)");
  }
  if (options.log_y && (!log_kinds.count(kind) || options.convergence))
    throw InputError("--log-y: does not apply to a " + kind + " report" +
                     (kind == "simulation" || options.convergence ? " (its vertical axis is already a log10)" : ""));
  if (!(options.font_size >= min_font_size && options.font_size <= max_font_size))
    throw InputError(fmt::format("--font-size: must be a number in [{}, {}] px (got {})", min_font_size, max_font_size,
                                 options.font_size));
  if (given_font && !ranged_kinds.count(kind) && kind != "limits")
    throw InputError("--font-size: does not apply to a " + kind + " report (it applies to diagrams, degree studies, "
                     "friction tables, simulations, maps and limits)");
  if (reports > 1 && !overlay_kinds.count(kind))
    throw InputError("overlay: " + std::to_string(reports) + " " + kind + " reports; overlays are drawn for diagrams, "
                     "friction tables and simulations");
}

void check_overlay(const std::vector<PlotInput>& inputs) {
  if (inputs.empty()) throw InputError("overlay: no report");
  for (const PlotInput& input : inputs)
    if (input.kind != inputs.front().kind)
      throw InputError("overlay: reports of different kinds (" + inputs.front().source + " is a " +
                       inputs.front().kind + ", " + input.source + " a " + input.kind + "); overlay reports of one kind");
}

std::string plot_overlay(const std::vector<PlotInput>& inputs, const PlotOptions& options) {
  check_overlay(inputs);
  const std::string& kind = inputs.front().kind;
  if (!overlay_kinds.count(kind))
    throw InputError("overlay: cannot overlay " + kind + " reports; overlays are drawn for diagrams, friction tables "
                     "and simulations");
  std::vector<std::string> names;
  for (const PlotInput& input : inputs) names.push_back(report_name(input));
  // reports that read the same are named by their files
  if (std::set<std::string>(names.begin(), names.end()).size() < names.size())
    for (std::size_t k = 0; k < inputs.size(); ++k) names[k] = inputs[k].source + " (" + names[k] + ")";
  std::vector<nlohmann::json> reports;
  for (const PlotInput& input : inputs) reports.push_back(input.report);
  if (kind == "diagram") return plot_diagram_overlay(reports, names, options);
  if (kind == "friction") return plot_friction_overlay(reports, names, options);
  return plot_simulation_overlay(inputs, names, options);
}

}  // namespace limitdir
