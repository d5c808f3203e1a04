// diagram-diff A B [--rtol R] [--atol A]
// Compares two bifurcation diagrams ("limitdir.diagram/1", sweep-force) by meaning rather than
// by text: the same parameter and range, the same events (kind, location, directions, in any
// order), the same regions and the same branches as curves in (p, w), whatever their ids,
// order and sampling, with the same types of points along them (diagram_differences,
// diagram_io.hpp). Prints
// {"schema": "limitdir.diagram-diff/1", "a", "b", "rtol", "atol", "equal", "differences": [...]} and
// exits 0 when they agree, 1 when they differ, 2 on bad input (docs/manual.md section 5).
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/diagram_io.hpp"
#include "limitdir/errors.hpp"
#include "limitdir/version.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "diagram-diff", "A B [--rtol R] [--atol A]",
      "Compares two bifurcation diagrams A and B (files printed by sweep-force, schema\n"
      "\"limitdir.diagram/1\"; - for standard input) by meaning: the same parameter and range, the\n"
      "same bifurcations (kind, parameter value and directions, in any order), the same regions\n"
      "(number and types of limit directions, boundaries) and the same branches as curves in\n"
      "(p, w): every point of a branch of one diagram lies on the polyline of some branch of the\n"
      "other, whatever the ids, order and number of points, and has its radial and sphere type\n"
      "there (except near an event or between samples of different types). Values x, y of the\n"
      "parameter agree when |x - y| <= atol + rtol max(|x|, |y|), unit directions when\n"
      "|w - w'| <= atol + rtol.\n"
      "Prints one JSON object (schema \"limitdir.diagram-diff/1\") listing the differences."};
  info.takes_problem = false;
  info.operands = "files";
  info.exit_negative_meaning = "the diagrams differ";

  po::options_description options("Options");
  options.add_options()
      ("rtol", po::value<std::string>()->value_name("R"), "relative tolerance, a number >= 0 (default 1e-6)")
      ("atol", po::value<std::string>()->value_name("A"), "absolute tolerance, a number > 0 (default 1e-9)");

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    const std::vector<std::string> files =
        vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() != 2)
      throw limitdir::InputError("needs two diagram files A and B (got " + std::to_string(files.size()) +
                                 "); see --help");
    if (files[0] == "-" && files[1] == "-") throw limitdir::InputError("A and B cannot both be standard input (-)");
    const double rtol = vm.count("rtol") ? limitdir::cli::parse_real(vm["rtol"].as<std::string>(), "--rtol") : 1e-6;
    const double atol = vm.count("atol") ? limitdir::cli::parse_real(vm["atol"].as<std::string>(), "--atol") : 1e-9;
    if (rtol < 0.0)
      throw limitdir::InputError("--rtol: must be a number >= 0 (got \"" + vm["rtol"].as<std::string>() + "\")");
    if (!(atol > 0.0))
      throw limitdir::InputError("--atol: must be a number > 0 (got \"" + vm["atol"].as<std::string>() + "\")");

    std::vector<limitdir::Diagram> diagrams;
    for (const std::string& path : files)
      diagrams.push_back(limitdir::diagram_from_json(
          limitdir::cli::read_json_file(path, "a bifurcation diagram (limitdir.diagram/1, from sweep-force)"),
          path == "-" ? "<stdin>" : path));
    const std::vector<std::string> differences = limitdir::diagram_differences(diagrams[0], diagrams[1], rtol, atol);
    const nlohmann::json summary{{"schema", "limitdir.diagram-diff/1"},
                                 {"limitdir_version", limitdir::version},
                                 {"a", files[0]},
                                 {"b", files[1]},
                                 {"rtol", rtol},
                                 {"atol", atol},
                                 {"equal", differences.empty()},
                                 {"differences", differences}};
    std::string text = summary.dump(2) + "\n";
    if (differences.empty()) return text;
    return {std::move(text), limitdir::cli::exit_negative, ""};
  });
}
