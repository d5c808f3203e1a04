// sweep-force PROBLEM --from F0 --to F1 [--parameter NAME --force F] [--model M] [--degree N]
//             [--pressure P] [--rho RHO] [--checks K] [--h-max H] [--enclose-events] [--no-proof]
// Traces the branches of limit directions of (125) over a parameter range (the load F by
// default) by pseudo-arclength continuation, locates the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024]
// (tangency, fold, pitchfork, branch point, Hopf), lists the regions of the paper's Cases 1-4
// and prints the bifurcation diagram (docs/manual.md section 5, schema "limitdir.diagram/1"; Figs 13-14
// and 17-18). Exit code 0 when the diagram's certificate is complete; otherwise the diagram is
// still printed, its reason goes to stderr and the exit code is 3, as for find-limits.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include "cli.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/report/text_report.hpp"

namespace po = limitdir::cli::po;

namespace {

/// The options that shaped the diagram, as given on the command line (docs/manual.md section 5):
/// every option given except PROBLEM (embedded as "problem"), --format and --require (they shape
/// the printing and the exit code, not the diagram); text as typed, switches as true.
nlohmann::json given_options(const po::variables_map& vm) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, value] : vm) {
    if (value.defaulted() || value.empty() || name == "problem" || name == "format" || name == "require") continue;
    if (const auto* text = boost::any_cast<std::string>(&value.value())) out[name] = *text;
    else if (const auto* on = boost::any_cast<bool>(&value.value())) out[name] = *on;
  }
  return out;
}

}  // namespace

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "sweep-force",
      "PROBLEM --from F0 --to F1 [--parameter NAME --force F] [--model M] [--degree N] [--pressure P] [--rho RHO] "
      "[--checks K] [--h-max H] [--enclose-events] [--no-proof] [--require LEVEL] [--format json|text]",
      "Follows every branch of limit directions w (the zeros of V*(w), (122)) while a parameter p\n"
      "goes from F0 to F1 (pseudo-arclength continuation of (125)), locates the tangency, fold,\n"
      "pitchfork, branch and Hopf points on the branches, and lists the regions of p with the same\n"
      "number and types of limit directions (the Cases 1-4 of Sect. 7.4). The parameter is the\n"
      "load F unless --parameter names another (then --force or the problem file gives the load).\n"
      "Every branch is re-checked against find-limits at both ends, at every event and at --checks\n"
      "interior values and at an interior point of every region. Prints one JSON object (schema\n"
      "\"limitdir.diagram/1\") whose certificate has a level: proven, checked or incomplete, the\n"
      "weakest of its claims (branches, events, regions; invariant-circle where it applies), each\n"
      "with its own level. When it is incomplete, or below --require, the diagram is printed all the\n"
      "same, the reason goes to standard error and the exit code is 3. --format text prints the same\n"
      "diagram as a compact summary: events and regions, labelled with the paper's Cases 1-4 where\n"
      "they are defined, and the claims one line each."};

  po::options_description options("Options");
  options.add_options()
      ("from", po::value<std::string>()->value_name("F0"), "first value of the parameter (required)")
      ("to", po::value<std::string>()->value_name("F1"), "last value of the parameter, F1 > F0 (required)")
      ("parameter", po::value<std::string>()->value_name("NAME"),
       "the parameter swept: force (default), lambda (ball), alpha (power pressure), j or rho")
      ("checks", po::value<std::string>()->value_name("K"),
       "find-limits re-checks at K equally spaced interior values, 0 <= K <= 10000 (default 16)")
      ("h-max", po::value<std::string>()->value_name("H"),
       "largest arclength step in (w, rdot, p), a number > 0 (default 0.05)")
      ("enclose-events", po::bool_switch(),
       "load sweeps off the invariant circle: also cover the sphere x [F0, F1] in interval arithmetic, so\n"
       "that no fold, branch point, tangency or Hopf point can lie outside the windows it leaves, and\n"
       "require a located event in every window (slower: ~0.1-1 s). For the linear and harmonic models\n"
       "every event in a window is then enclosed and proven simple (Krawczyk on the fold, tangency or\n"
       "Hopf system, with second derivatives of q), and the claims events and regions are proven when\n"
       "each is the located one and every region is proven, and the branches (and so the diagram) when\n"
       "every segment drawn is enclosed on one curve of zeros; a branch point or pitchfork (a singular\n"
       "zero) leaves the events checked, saying why")
      ("no-proof", po::bool_switch(),
       "do not attempt the proof of a load diagram (on the invariant circle of a harmonic model or\n"
       "of the exact model with uniform or Hertz pressure, or of the events and regions with\n"
       "--enclose-events; it then stays checked; saves a few ms)");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/true);
  limitdir::cli::add_require_option(options);
  limitdir::cli::add_format_option(options);

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    const auto required_real = [&](const char* name) {
      if (!vm.count(name)) throw limitdir::InputError(std::string("--") + name + ": required; see --help");
      return limitdir::cli::parse_real(vm[name].as<std::string>(), std::string("--") + name);
    };
    const double from = required_real("from");
    const double to = required_real("to");
    if (!(from < to))
      throw limitdir::InputError("--to: must be greater than --from (got --from " + vm["from"].as<std::string>() +
                                 " --to " + vm["to"].as<std::string>() + ")");
    const std::string parameter = vm.count("parameter") ? vm["parameter"].as<std::string>() : "force";
    if (parameter == "force" && vm.count("force"))
      throw limitdir::InputError("--force: the load is the swept parameter; give its range with --from and --to "
                                 "(--force fixes the load when --parameter names another parameter)");

    limitdir::ContinuationOptions continuation;
    continuation.checks =
        static_cast<int>(limitdir::cli::integer_option(vm, "checks", continuation.checks, 0, 10000));
    if (vm.count("h-max")) {
      const std::string text = vm["h-max"].as<std::string>();
      const double h_max = limitdir::cli::parse_real(text, "--h-max");
      if (!(h_max > continuation.h_min)) {
        std::ostringstream what;
        what << "--h-max: must be a number > " << continuation.h_min << ", the smallest step (got \"" << text << "\")";
        throw limitdir::InputError(what.str());
      }
      continuation.h_max = h_max;
      continuation.h_initial = std::min(continuation.h_initial, h_max);  // the first step too
    }

    const bool text = limitdir::cli::text_format(vm);
    continuation.enclose_events = vm["enclose-events"].as<bool>();
    continuation.prove = !vm["no-proof"].as<bool>();

    limitdir::Problem problem = limitdir::load_problem_input(limitdir::cli::problem_path(vm));
    limitdir::cli::apply_problem_overrides(problem, vm);
    // progress on stderr once the sweep has run for a second (docs/manual.md section 5)
    const auto start = std::chrono::steady_clock::now();
    continuation.progress = [start](const std::string& note) {
      if (std::chrono::steady_clock::now() - start >= std::chrono::seconds(1))
        std::cerr << "sweep-force: " << note << std::endl;
    };
    const limitdir::ParameterFamily family = limitdir::parameter_family(problem, parameter);
    limitdir::Diagram diagram = limitdir::sweep(family, from, to, continuation);
    limitdir::confirm_hopf_events(family, diagram);  // the orbits born at its Hopf points
    // the embedded problem is the one at the sweep's start (the swept parameter at --from), so
    // that it and "options" regenerate the diagram
    nlohmann::json report = limitdir::diagram_report(family.problem(from), diagram);
    report["options"] = given_options(vm);
    std::string output = text ? limitdir::diagram_text(report) : report.dump(2) + "\n";
    // A result in doubt (or short of --require) is printed, but with exit code 3 and the reason
    // on stderr (shortened there: the whole reason is in certificate.reason).
    return limitdir::cli::certified(std::move(output), diagram.certificate, limitdir::cli::required_level(vm));
  });
}
