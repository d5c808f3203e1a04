// friction-model PROBLEM [--degree N] [--samples K] [--grid NTHETA,NPHI] [--at w1,w2,w3]...
//                [--slip x1,x2,x3]... [--model M] [--pressure P] [--rho R]
// Prints the friction-model report (schema "limitdir.friction/1").
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/report/friction_forces.hpp"
#include "limitdir/report/friction_sections.hpp"
#include "limitdir/report/report.hpp"

namespace po = limitdir::cli::po;

namespace {

/// "NTHETA,NPHI": two integers (the bounds are checked by friction_report).
limitdir::FrictionGrid parse_grid(const std::string& text) {
  const auto comma = text.find(',');
  const auto integer = [&](const std::string& part) {
    std::size_t used = 0;
    long n = 0;
    try {
      n = std::stol(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || n < 1 || n > limitdir::kMaxGridPoints)
      throw limitdir::InputError("--grid: must be NTHETA,NPHI with two integers >= 1 (got \"" + text + "\")");
    return static_cast<int>(n);
  };
  if (comma == std::string::npos)
    throw limitdir::InputError("--grid: must be NTHETA,NPHI with two integers >= 1 (got \"" + text + "\")");
  const limitdir::FrictionGrid grid{integer(text.substr(0, comma)), integer(text.substr(comma + 1))};
  if (grid.n_theta < 3 || static_cast<long>(grid.n_theta) * grid.n_phi > limitdir::kMaxGridPoints)
    throw limitdir::InputError("--grid: needs NTHETA >= 3 (both poles and a latitude between) and at most " +
                               std::to_string(limitdir::kMaxGridPoints) + " points (got \"" + text + "\")");
  return grid;
}

/// The repeated vector option `name` ("x1,x2,x3", each nonzero), at most `most` of them.
std::vector<Eigen::Vector3d> vectors(const po::variables_map& vm, const char* name, std::size_t most) {
  std::vector<Eigen::Vector3d> out;
  if (!vm.count(name)) return out;
  const std::string option = std::string("--") + name;
  const auto& texts = vm[name].as<std::vector<std::string>>();
  if (texts.size() > most)
    throw limitdir::InputError(option + ": at most " + std::to_string(most) + " vectors (got " +
                               std::to_string(texts.size()) + ")");
  for (const std::string& t : texts) {
    const Eigen::Vector3d v = limitdir::cli::parse_vector3(t, option.c_str());
    if (v.isZero()) throw limitdir::InputError(option + ": the vector must not be zero (got \"" + t + "\")");
    out.push_back(v);
  }
  return out;
}

}  // namespace

int main(int argc, char* argv[]) {
  const limitdir::cli::AppInfo info{
      "friction-model",
      "PROBLEM [--degree N] [--samples K] [--grid NTHETA,NPHI] [--at w1,w2,w3]... [--slip x1,x2,x3]... "
      "[--sections N] [--model M] "
      "[--pressure P] "
      "[--rho RHO] [--format json|csv|tsv]",
      "Tabulates the friction laws Q(theta), T(theta) of the problem's friction model and of the exact\n"
      "model at K latitudes from 0 (pure sliding) to pi/2 (pure spin), with the model's coefficients\n"
      "and the largest differences, as one JSON object (schema \"limitdir.friction/1\"). For a contact that\n"
      "is not axisymmetric (an ellipse, a distortion or a shift), or with --grid, the table is q(w) on a\n"
      "(theta, phi) grid over the whole sphere against the exact integral model of the contact, with the\n"
      "largest difference per component and where it occurs. With --at, also q(w) and its Jacobian dq/dw\n"
      "(of the degree-0 extension) at the given slip directions (\"values\"). With --slip, also the force\n"
      "q(x/|x|) + the speed terms of the law (1) of Kireenkov at the given slips x (\"forces\"). With --sections, also the\n"
      "sections of the friction surface q(S^2) by the planes q1 = 0, q2 = 0, q3 = 0 (\"sections\"), found\n"
      "point by point as (31) of Kudra & Awrejcewicz 2013 finds them."};

  po::options_description options("Options", limitdir::options::help_line_length);
  options.add_options()("samples", po::value<std::string>()->value_name("K"),
                        "number of latitudes in the table, 2 <= K <= 100000 (default 91). Unit: count.")(
      "grid", po::value<std::string>()->value_name("NTHETA,NPHI"),
      "a (theta, phi) grid: NTHETA >= 3 latitudes from pole to pole, NPHI >= 1 longitudes, at most 100000 "
      "points (default 19,36 for a contact that is not axisymmetric). Unit: count.")(
      "at", po::value<std::vector<std::string>>()->value_name("w1,w2,w3"),
      "a slip direction (normalised; repeatable, at most 10000) at which to print q and dq/dw. "
      "Unit: dimensionless.")(
      "slip", po::value<std::vector<std::string>>()->value_name("x1,x2,x3"),
      "a slip x = (u_x, u_y, rho omega), not normalised (repeatable, at most 10000), at which to print the "
      "force q(x/|x|) + speed terms (the speed law friction.mu1, friction.mu2; zero without). "
      "JSON only. Unit: sqrt(mu g R).")(
      "sections", po::value<std::string>()->value_name("N"),
      "the sections of the friction surface by q1 = 0, q2 = 0 and q3 = 0, N points each at the polar angles "
      "2 pi m/N of its plane, 3 <= N <= 10000 (JSON only). Unit: count.");
  limitdir::cli::add_problem_overrides(options, /*with_force=*/false);
  limitdir::cli::add_format_option(options, {false, true});

  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) {
    const auto format = limitdir::cli::output_format(vm, {false, true});
    limitdir::Problem problem = limitdir::cli::load_problem(limitdir::cli::problem_path(vm), vm);
    limitdir::cli::apply_problem_overrides(problem, vm);
    const auto samples = static_cast<int>(limitdir::cli::integer_option(vm, "samples", 91, 2, 100000));
    constexpr std::size_t max_directions = 10000;  // a bound on the output, ~3 MB of JSON
    const std::vector<Eigen::Vector3d> at = vectors(vm, "at", max_directions);
    const std::vector<Eigen::Vector3d> slips = vectors(vm, "slip", limitdir::kMaxSlips);
    std::optional<limitdir::FrictionGrid> grid;
    if (vm.count("grid")) grid = parse_grid(vm["grid"].as<std::string>());
    nlohmann::json report = limitdir::friction_report(problem, samples, at, grid);
    if (vm.count("slip")) {
      if (format != limitdir::cli::Format::json)
        throw limitdir::InputError("--slip: the forces are written in JSON only (--format json)");
      report["forces"] = limitdir::friction_forces(problem, slips);
    }
    if (vm.count("sections")) {
      if (format != limitdir::cli::Format::json)
        throw limitdir::InputError("--sections: the sections are written in JSON only (--format json)");
      const auto n = static_cast<int>(limitdir::cli::integer_option(vm, "sections", 0, 3, limitdir::kMaxSectionPoints));
      report["sections"] = limitdir::friction_sections(problem, n);
    }
    return limitdir::cli::print_report(report, format);
  });
}
