// diagram-diff A B [--event-rtol R] [--event-atol A] [--curve-tol C]
// Compares two bifurcation diagrams ("limitdir.diagram/1", sweep-force) by meaning rather than
// by text: the same parameter and range, the same events (kind, location, directions, in any
// order), the same regions and the same branches as curves in (p, w), whatever their ids,
// order and sampling, with the same types of points along them (diagram_differences,
// report/diagram_io.hpp). Prints
// {"schema": "limitdir.diagram-diff/1", "a", "b", "event_rtol", "event_atol", "curve_tol", "equal",
//  "differences": [...], "problem_keys": [{"key", "a", "b"}, ...]} (or, with --format text, the
// same as lines) and exits 0 when they agree, 1 when they differ, 2 on bad input
// (docs/manual.md section 5).
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"

namespace po = limitdir::cli::po;

namespace {

/// A tolerance option's value (`fallback` when not given): a finite number >= 0, or > 0.
double tolerance_option(const po::variables_map& vm, const std::string& name, double fallback, bool zero_ok) {
  if (!vm.count(name)) return fallback;
  const std::string text = vm[name].as<std::string>();
  const double x = limitdir::cli::parse_real(text, "--" + name);
  if (x < 0.0 || (!zero_ok && x == 0.0))
    throw limitdir::InputError("--" + name + ": must be a number " + (zero_ok ? ">= 0" : "> 0") + " (got \"" + text +
                               "\")");
  return x;
}

/// The summary for reading (--format text): the problem keys that differ with both values, then
/// whether the diagrams agree and the differences, one per line.
std::string summary_text(const nlohmann::json& summary) {
  const auto shown = [](const nlohmann::json& entry, const char* side) {
    return entry.contains(side) ? entry[side].dump() : std::string("(absent)");
  };
  std::string out = "A: " + summary["a"].get<std::string>() + "\nB: " + summary["b"].get<std::string>() + "\n";
  const nlohmann::json& keys = summary["problem_keys"];
  out += "problem keys that differ: " + std::to_string(keys.size()) + "\n";
  for (const nlohmann::json& k : keys)
    out += "  " + k["key"].get<std::string>() + ": A " + shown(k, "a") + ", B " + shown(k, "b") + "\n";
  const nlohmann::json& differences = summary["differences"];
  out += summary["equal"].get<bool>() ? std::string("diagrams: equal\n")
                                       : "diagrams: differ (" + std::to_string(differences.size()) + ")\n";
  for (const nlohmann::json& d : differences) out += "  " + d.get<std::string>() + "\n";
  return out;
}

}  // namespace

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "diagram-diff", "A B [--event-rtol R] [--event-atol A] [--curve-tol C] [--format json|text]",
      "Compares two bifurcation diagrams A and B (files printed by sweep-force, schema\n"
      "\"limitdir.diagram/1\"; - for standard input) by meaning: the same parameter and range, the\n"
      "same bifurcations (kind, parameter value and directions, in any order), the same regions\n"
      "(number and types of limit directions, boundaries) and the same branches as curves in\n"
      "(p, w): every point of a branch of one diagram lies on the polyline of some branch of the\n"
      "other, whatever the ids, order and number of points, and has its radial and sphere type\n"
      "there (except near an event or between samples of different types).\n"
      "Events, regions and the range: values x, y of the parameter agree when\n"
      "|x - y| <= event-atol + event-rtol max(|x|, |y|), event directions when\n"
      "|w - w'| <= event-atol + event-rtol. Branches: a point lies on the other's polyline when its\n"
      "distance in (p / max(1, |p|), w) is at most curve-tol plus the segment's sampling error (its\n"
      "chord length times a quarter of the angle the polyline turns at its ends, which bounds the\n"
      "sagitta), so the same diagram traced with other steps (sweep-force --h-max) agrees with\n"
      "the default tolerances while a moved branch or event does not.\n"
      "Also names the keys of the embedded problems that differ (dotted paths, e.g. system.lambda,\n"
      "with both values); they are listed, not counted as differences of meaning.\n"
      "Prints one JSON object (schema \"limitdir.diagram-diff/1\") listing the differences; --format\n"
      "text prints the same as lines."};
  info.takes_problem = false;
  info.operands = "files";
  info.exit_negative_meaning = "the diagrams differ";

  const limitdir::DiffTolerance defaults;
  po::options_description options("Options", limitdir::options::help_line_length);
  options.add_options()
      ("event-rtol", po::value<std::string>()->value_name("R"),
       "relative tolerance of events, regions and the range, a number >= 0 (default 1e-6). "
       "Unit: dimensionless.")
      ("event-atol", po::value<std::string>()->value_name("A"),
       "absolute tolerance of events, regions and the range, a number > 0 (default 1e-9). "
       "Unit: the swept parameter's (of each diagram; for the directions w of events: dimensionless).")
      ("curve-tol", po::value<std::string>()->value_name("C"),
       "tolerance of the branches as curves beyond their sampling error, a number > 0 (default 1e-6). "
       "Unit: mixed (a distance in (p / max(1, |p|), w): w dimensionless, p in the swept parameter's unit, "
       "taken as numbers).");
  limitdir::cli::add_format_option(options);

  return limitdir::cli::run(info, options, argc, argv, [&](const po::variables_map& vm) -> limitdir::cli::Output {
    const std::vector<std::string> files =
        vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() != 2)
      throw limitdir::InputError("needs two diagram files A and B (got " + std::to_string(files.size()) +
                                 "); see --help");
    if (files[0] == "-" && files[1] == "-") throw limitdir::InputError("A and B cannot both be standard input (-)");
    limitdir::DiffTolerance tol;
    tol.event_rtol = tolerance_option(vm, "event-rtol", defaults.event_rtol, true);
    tol.event_atol = tolerance_option(vm, "event-atol", defaults.event_atol, false);
    tol.curve_tol = tolerance_option(vm, "curve-tol", defaults.curve_tol, false);

    const bool text = limitdir::cli::text_format(vm);
    std::vector<limitdir::Diagram> diagrams;
    std::vector<nlohmann::json> problems;
    for (const std::string& path : files) {
      const nlohmann::json document =
          limitdir::cli::read_json_file(path, "a bifurcation diagram (limitdir.diagram/1, from sweep-force)");
      diagrams.push_back(limitdir::diagram_from_json(document, path == "-" ? "<stdin>" : path));
      problems.push_back(document.value("problem", nlohmann::json()));
    }
    const std::vector<std::string> differences = limitdir::diagram_differences(diagrams[0], diagrams[1], tol);
    nlohmann::json keys = nlohmann::json::array();
    for (const limitdir::KeyDifference& d : limitdir::problem_key_differences(problems[0], problems[1])) {
      nlohmann::json entry{{"key", d.key}};
      if (d.a) entry["a"] = *d.a;
      if (d.b) entry["b"] = *d.b;
      keys.push_back(std::move(entry));
    }
    const nlohmann::json summary{{"schema", "limitdir.diagram-diff/1"},
                                 {"limitdir_version", limitdir::version},
                                 {"a", files[0]},
                                 {"b", files[1]},
                                 {"event_rtol", tol.event_rtol},
                                 {"event_atol", tol.event_atol},
                                 {"curve_tol", tol.curve_tol},
                                 {"equal", differences.empty()},
                                 {"differences", differences},
                                 {"problem_keys", keys}};
    std::string output = text ? summary_text(summary) : summary.dump(2) + "\n";
    if (differences.empty()) return output;
    return {std::move(output), limitdir::cli::exit_negative, ""};
  });
}
