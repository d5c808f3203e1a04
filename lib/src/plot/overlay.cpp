// Several reports of one kind on one figure, and the options of axes, scaling and fonts checked
// against the kind (plot/plot.hpp, docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/common.hpp"
#include "plot/friction_laws.hpp"
#include "plot/friction_speed.hpp"
#include "plot/friction_surface.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

/// The kinds each option applies to (docs/manual.md section 11). Regions take --x-range only: their
/// --y-range and --log-y are refused first by check_plot_options (plot/input.cpp).
const std::set<std::string> ranged_kinds{"diagram", "degree-study", "friction", "simulation", "map", "scan-summary",
                                         "roll", "roll-map", "celt", "regions"};
const std::set<std::string> log_y_kinds{"diagram", "degree-study", "friction", "roll", "celt", "map"};
const std::set<std::string> log_x_kinds{"diagram", "degree-study", "friction", "roll", "celt", "map", "simulation"};
const std::set<std::string> font_kinds{"diagram", "degree-study", "friction", "simulation", "map", "scan-summary",
                                       "roll", "roll-map", "celt", "limits",
                                       "classification", "survey", "regions", "celt-slip-system", "pile", "pile-scan",
                                       "pressure", "elliptic-series"};
const std::set<std::string> panel_kinds{"roll", "celt", "fit"};
const std::set<std::string> overlay_kinds{"diagram", "friction", "simulation", "degree-study", "roll", "celt", "map",
                                          "limits", "fit"};
const char* const overlay_list =
    "diagrams, friction tables, simulations, degree studies, maps, roll runs, celt runs and limits (side by side), "
    "and fits (their parameters against the problem key they differ in)";

/// Why an option does not apply to a kind.
std::string why_not(const std::string& kind) {
  if (kind == "limits") return " (its two hemispheres have no data axes)";
  if (kind == "simulation") return " (its vertical axis is already log10 r)";
  if (kind == "map" || kind == "scan-summary" || kind == "roll-map") return " (its vertical axis is a parameter)";
  if (kind == "pile" || kind == "pile-scan") return " (its views and axes are fitted to the data)";
  return "";
}

/// Why --log-x does not apply to a kind.
std::string why_not_x(const std::string& kind) {
  if (kind == "scan-summary" || kind == "roll-map")
    return " (its cells lie on the scan's grid; a scan axis KEY=log:FROM:TO:COUNT is drawn in log10)";
  if (kind == "regions") return " (a strip of intervals; plot the diagram with --log-x)";
  return why_not(kind);
}

/// A report's name in an overlay's legend: its problem's name and model (a diagram), its
/// model's description (friction) or its problem's name and load (simulation).
std::string report_name(const PlotInput& input) {
  const nlohmann::json& r = input.report;
  if (input.kind == "friction") return string_field(r, "description", input.source);
  if (input.kind == "map") return model_name(string_field(r, "model", input.source));
  const std::string name = string_field(field(r, "problem", input.source), "name", input.source + ".problem");
  if (input.kind == "simulation") return fmt::format("{}, F = {}", name, number_field(r, "force", input.source));
  return name + ": " + short_model(string_field(r, "model", input.source));
}

/// The leaves of a problem (numbers, strings, booleans, arrays as a whole) by their paths.
void leaves(const nlohmann::json& j, const std::string& path, std::map<std::string, std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) leaves(value, path.empty() ? key : path + "." + key, out);
    return;
  }
  out[path] = j.is_string() ? j.get<std::string>() : j.dump();
}

/// The names of runs (roll, celt) and degree studies in an overlay's legend: the problem keys whose values differ
/// between the reports ("mu = 0.05, mu_r = 0.04", the key's last part; at most max_keys, a model
/// first; only keys every report has when there are such: not one model's parameters), after the problem's
/// name when the names differ (before the settings appended to them); the name alone when no other key differs.
/// `whole` (the paper styles: never cut in print): every differing key, the legend wrapping them.
std::vector<std::string> run_names(const std::vector<PlotInput>& inputs, bool whole) {
  constexpr std::size_t screen_keys = 3;  // a compact legend: further differences are summarised by "..."
  std::vector<std::map<std::string, std::string>> problems(inputs.size());
  std::set<std::string> keys;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    leaves(field(inputs[k].report, "problem", inputs[k].source), "", problems[k]);
    for (const auto& entry : problems[k]) keys.insert(entry.first);
  }
  const auto value = [&](std::size_t k, const std::string& key) {
    return problems[k].count(key) ? problems[k].at(key) : std::string("(none)");
  };
  std::vector<std::string> shared, partial;  // differing keys every report has, and the others
  for (const std::string& key : keys) {
    if (key == "name" || key == "schema") continue;
    bool differs = false, everywhere = true;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      differs = differs || value(k, key) != value(0, key);
      everywhere = everywhere && problems[k].count(key) > 0;
    }
    if (differs) (everywhere ? shared : partial).push_back(key);
  }
  std::vector<std::string>& differing = shared.empty() ? partial : shared;
  // a model first: it says the most (the other keys in the order of their paths)
  std::stable_partition(differing.begin(), differing.end(),
                        [](const std::string& key) { return key.substr(key.rfind('.') + 1) == "model"; });
  const std::size_t more = differing.size() + (shared.empty() ? 0 : partial.size());
  std::vector<std::string> listed = differing;  // whole: the keys only some reports have too
  if (whole && !shared.empty()) listed.insert(listed.end(), partial.begin(), partial.end());
  const std::size_t max_keys = whole ? listed.size() : screen_keys;
  // the names up to their first "; ": settings an override appended ("<name>; KEY = VALUE",
  // name_with_setting, docs/manual.md section 4) are among the differing keys already
  const auto stem = [&](std::size_t k) { return value(k, "name").substr(0, value(k, "name").find("; ")); };
  bool names_differ = false;
  for (std::size_t k = 0; k < inputs.size(); ++k) names_differ = names_differ || stem(k) != stem(0);
  std::vector<std::string> names;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    std::string text;
    for (std::size_t i = 0; i < listed.size() && i < max_keys; ++i)
      text += (i ? ", " : "") + listed[i].substr(listed[i].rfind('.') + 1) + " = " + value(k, listed[i]);
    if (more > std::min(max_keys, listed.size())) text += ", ...";
    if (text.empty() || names_differ) text = value(k, "name") + (text.empty() ? "" : "; " + text);
    names.push_back(text);
  }
  return names;
}

}  // namespace

std::string plot_detail::overlay_title(const std::vector<PlotInput>& inputs, const std::string& what) {
  const std::string first = string_field(field(inputs.front().report, "problem", inputs.front().source), "name", "problem");
  for (const PlotInput& input : inputs)
    if (string_field(field(input.report, "problem", input.source), "name", "problem") != first)
      return std::to_string(inputs.size()) + " " + what;
  return first;
}

void check_layout_options(const PlotOptions& options, const std::string& kind, bool given_font, std::size_t reports) {
  for (const auto& [range, name] : {std::pair{&options.x_range, "--x-range"}, std::pair{&options.y_range, "--y-range"}}) {
    if (!*range) continue;
    const auto [a, b] = **range;
    if (!std::isfinite(a) || !std::isfinite(b) || !(a < b) || !std::isfinite(b - a))
      throw InputError(fmt::format("{}: must be A:B with finite A < B (got {}:{})", name, a, b));
    if (!ranged_kinds.count(kind))
      throw InputError(std::string(name) + ": does not apply to a " + kind + " report" + why_not(kind));
  }
  if (options.log_y && (!log_y_kinds.count(kind) || options.convergence))
    throw InputError("--log-y: does not apply to a " + kind + " report" +
                     (options.convergence ? " (its vertical axis is already a log10)" : why_not(kind)));
  if (options.log_x && (!log_x_kinds.count(kind) || options.convergence))
    throw InputError("--log-x: does not apply to a " + kind + " report" +
                     (options.convergence ? " (its horizontal axis is the degree N)" : why_not_x(kind)));
  if (!(options.font_size >= min_font_size && options.font_size <= max_font_size))
    throw InputError(fmt::format("--font-size: must be a number in [{}, {}] px (got {})", min_font_size, max_font_size,
                                 options.font_size));
  if (given_font && !font_kinds.count(kind)) throw InputError("--font-size: does not apply to a " + kind + " report");
  if (!options.map_regions && kind != "map")
    throw InputError("--no-regions: applies to maps only (this is a " + kind + " report)");
  if (options.panel != 0 && !panel_kinds.count(kind))
    throw InputError("--panel: applies to roll and celt runs and fits, whose figures have several panels (this is a " +
                     kind + " report)");
  if (reports > 1 && !overlay_kinds.count(kind))
    throw InputError("overlay: " + std::to_string(reports) + " " + kind + " reports; overlays are drawn for " + overlay_list);
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
    throw InputError("overlay: cannot overlay " + kind + " reports; overlays are drawn for " + overlay_list);
  if (kind == "limits") return limits_columns(inputs, options);
  if (kind == "fit") return plot_fit_sweep(inputs, options);
  std::vector<std::string> names;
  if (kind == "roll" || kind == "celt" || kind == "degree-study") names = run_names(inputs, options.style != "screen");
  else
    for (const PlotInput& input : inputs) names.push_back(report_name(input));
  // reports that read the same are named by their files
  if (std::set<std::string>(names.begin(), names.end()).size() < names.size())
    for (std::size_t k = 0; k < inputs.size(); ++k) names[k] = inputs[k].source + " (" + names[k] + ")";
  std::vector<nlohmann::json> reports;
  for (const PlotInput& input : inputs) reports.push_back(input.report);
  if (kind == "diagram") return plot_diagram_overlay(reports, names, options);
  if (kind == "friction" && options.components)
    throw InputError("--components: draws one friction table (got " + std::to_string(reports.size()) + ")");
  if (kind == "friction" && options.surface) return plot_friction_surfaces(reports, names, options);
  if (kind == "friction" && friction_sections_figure(reports, options))
    return plot_friction_sections(reports, names, options);
  if (kind == "friction")
    return kireenkov_fig2(reports)      ? plot_friction_speed(reports, names, options)
           : fig4_laws(reports, options) ? plot_friction_laws(reports, names, options)
                                         : plot_friction_overlay(reports, names, options);
  if (kind == "degree-study") return plot_degree_study_overlay(inputs, names, options);
  if (kind == "roll") return plot_roll_overlay(inputs, names, options);
  if (kind == "celt") return plot_celt_overlay(inputs, names, options);
  if (kind == "map") return plot_map_overlay(inputs, names, options);
  return plot_simulation_overlay(inputs, names, options);
}

}  // namespace limitdir
