// classify [PROBLEM] [--force F] [--direction w1,w2,w3]... [--max-angle A]
// classify --regions [DIAGRAM]
// Refines given directions to the nearest limit directions and classifies them in detail
// (docs/manual.md sections 1 and 5, schema "limitdir.classification/1"): rdot = R*(w) (121), the
// tangent-plane Jacobian J_T, its eigenvalues and eigenvectors, the modified Jacobian (119)
// and the angle Jacobian (120). Without --direction the directions are read from standard input:
// a find-limits report, {"problem": ..., "force": ..., "directions": [...]} or a bare list.
// With --regions it reads a bifurcation diagram (sweep-force, "limitdir.diagram/1") and prints
// the structurally different cases along its parameter ("limitdir.regions/1", docs/manual.md section 5).
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/system/system.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "classify", "[PROBLEM] [--force F] [--direction w1,w2,w3]... [--max-angle A]\n"
      "       classify --regions [DIAGRAM]",
      "Refines each given direction w to the nearest limit direction at the load F (Newton on (125))\n"
      "and classifies it: radially by rdot = R*(w), on the sphere by the eigenvalues and eigenvectors\n"
      "of the tangent-plane Jacobian, with the modified Jacobian (119) and the angle Jacobian (120).\n"
      "Prints one JSON object (schema \"limitdir.classification/1\").\n\n"
      "Without --direction, standard input holds the directions: a find-limits report (its problem\n"
      "and force are used unless PROBLEM or --force is given), {\"problem\": ..., \"force\": ...,\n"
      "\"directions\": [[w1, w2, w3], ...]} or a bare list [[w1, w2, w3], ...] (PROBLEM required).\n"
      "The load is --force, else the input's \"force\", else the problem's. Each direction stands on\n"
      "its own: one with no limit direction within --max-angle (or whose Newton iteration fails) is\n"
      "an entry with \"status\": \"unclassified\" and an \"error\" naming --max-angle and the distance,\n"
      "the others are classified (\"status\": \"classified\"). The whole report is printed either way;\n"
      "the exit code is 0 when every direction is classified and 3 when any is not (stderr then says\n"
      "how many, and the first error), so a pipeline can trust exit 0 and still read every result.\n\n"
      "With --regions, DIAGRAM (a file, or standard input when omitted or -) is a bifurcation\n"
      "diagram printed by sweep-force (schema \"limitdir.diagram/1\"); classify then prints the\n"
      "intervals of its parameter with the same number and types of limit directions, recomputed\n"
      "from its branches (schema \"limitdir.regions/1\"; the Cases 1-4 of Sect. 7.4)."};
  info.problem_optional = true;

  po::options_description options("Options", limitdir::options::help_line_length);
  options.add_options()
      ("direction", po::value<std::vector<std::string>>()->composing()->value_name("w1,w2,w3"),
       "a direction to classify (repeatable; not normalised: any nonzero vector); standard input is not read. "
       "Unit: dimensionless.")
      ("max-angle", po::value<std::string>()->value_name("A"),
       "largest angle between a given direction and its refined limit direction (default 1e-3). Unit: rad.")
      ("regions", po::bool_switch(),
       "read a bifurcation diagram (limitdir.diagram/1) instead and print its structurally different cases");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/true);

  return limitdir::cli::run(info, options, argc, argv, [&info](const po::variables_map& vm) -> limitdir::cli::Output {
    // docs/manual.md section 5: --regions reads a "limitdir.diagram/1" (sweep-force) and prints the
    // regions recomputed from its branches; nothing else applies to a diagram.
    if (vm["regions"].as<bool>()) {
      for (const char* other : {"direction", "max-angle", "force", "model", "degree", "pressure", "rho", "set"})
        if (vm.count(other))
          throw limitdir::InputError(std::string("--") + other + ": does not apply to --regions (a diagram carries "
                                     "its problem and load)");
      const std::string path =
          limitdir::cli::input_path(limitdir::cli::optional_problem_path(vm), info, "DIAGRAM (a file, or - for standard input)");
      const std::string source = path == "-" ? "<stdin>" : path;
      const limitdir::Diagram diagram = limitdir::diagram_from_json(
          limitdir::cli::read_json_file(path, "a bifurcation diagram (limitdir.diagram/1, from sweep-force)"), source);
      return limitdir::regions_report(diagram, limitdir::regions_of(diagram)).dump(2) + "\n";
    }
    double max_angle = 1e-3;
    if (vm.count("max-angle")) {
      max_angle = limitdir::cli::parse_real(vm["max-angle"].as<std::string>(), "--max-angle");
      limitdir::cli::check_angle(max_angle, "--max-angle", vm["max-angle"].as<std::string>());
      if (!(max_angle > 0.0))
        throw limitdir::InputError("--max-angle: must be a number > 0 (got \"" + vm["max-angle"].as<std::string>() +
                                   "\")");
    }

    const std::optional<std::string> path = limitdir::cli::optional_problem_path(vm);
    std::optional<limitdir::Problem> problem;
    std::vector<Eigen::Vector3d> directions;
    std::optional<double> input_force;
    if (vm.count("direction")) {
      if (path) problem = limitdir::cli::load_problem(*path, vm);
      for (const std::string& text : vm["direction"].as<std::vector<std::string>>())
        directions.push_back(limitdir::cli::parse_vector3(text, "--direction"));
    } else {
      if (path && *path == "-")
        throw limitdir::InputError("PROBLEM \"-\": standard input carries the directions; give a problem file or "
                                   "--direction");
      if (path) problem = limitdir::cli::load_problem(*path, vm);
      (void)limitdir::cli::input_path(std::nullopt, info, "the directions on standard input (or --direction)");
      nlohmann::json document =
          limitdir::cli::read_stdin_json("a find-limits report, {\"directions\": [...]} or a list of directions");
      // --set applies to the problem the input carries when no PROBLEM is given
      if (!path && document.is_object() && document.contains("problem"))
        limitdir::cli::apply_set_options(document, vm, "<stdin>");
      else if (!path && vm.count("set"))
        throw limitdir::InputError("--set: the input carries no \"problem\"; give a problem file");
      limitdir::DirectionsInput input = limitdir::parse_directions_input(document, "<stdin>");
      directions = std::move(input.directions);
      input_force = input.force;
      if (!problem) problem = std::move(input.problem);
    }
    if (!problem)
      throw limitdir::InputError(vm.count("direction")
                                     ? "missing PROBLEM: --direction needs a problem file"
                                     : "missing PROBLEM: the input carries no \"problem\"; give a problem file");

    limitdir::cli::apply_problem_overrides(*problem, vm);
    if (!input_force) limitdir::require_force(*problem);  // the load: --force, the input's or the problem's
    const double force = vm.count("force") ? problem->force : input_force.value_or(problem->force);
    const limitdir::System system = limitdir::make_system(*problem);
    const nlohmann::json report = limitdir::classification_report(*problem, system, force, directions, max_angle);
    std::string text = report.dump(2) + "\n";
    // docs/manual.md section 5: exit 3 when any direction is unclassified, with every result printed.
    const std::vector<std::string> errors = limitdir::unclassified_directions(report);
    if (errors.empty()) return text;
    return {std::move(text), limitdir::cli::exit_numerical_failure,
            std::to_string(errors.size()) + " of " + std::to_string(directions.size()) +
                " directions not classified; " + errors.front()};
  });
}
