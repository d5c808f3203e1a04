// The problem file of docs/manual.md section 4: parsing and validation of the whole and its
// section "system" (the sections "friction" and "contact" are read in system/problem_friction.cpp
// and system/problem_contact.cpp, typed values in system/problem_json.cpp; the command-line
// overrides are in system/problem_overrides.cpp, the models built from it in
// system/problem_models.cpp, its writing back in system/problem_writer.cpp).
//
// Every error is an InputError with one line of the form
//   "<source>: <key.path>: <what is wrong> (got <value>)",
// e.g. "disc.json: friction.degree: must be an integer >= 1 (got 0)". Unknown keys are errors
// at every level (typo protection), and every number must be finite.
#include "limitdir/system/problem.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <boost/math/constants/constants.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/system/mass.hpp"
#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;
using namespace detail;

namespace {

// A mass matrix is symmetric: |M - M^T|_F <= kSymmetryTolerance |M|_F. Its entries are given
// in decimal, so a matrix computed elsewhere (e.g. R^T D R) is symmetric only to its rounding,
// a few ulps (~1e-16) of |M| per entry: 1e-12 accepts that with a wide margin and rejects any
// asymmetry a user could mean.
constexpr double kSymmetryTolerance = 1e-12;

void check_mass_symmetric(const Eigen::Matrix3d& M, const json& value, const Loc& loc) {
  // stableNorm: the norms of a matrix of 1e300 or 1e-300 neither overflow nor underflow
  if (!((M - M.transpose()).stableNorm() <= kSymmetryTolerance * M.stableNorm()))
    loc.fail("a mass matrix must be symmetric positive definite; this one is not symmetric "
             "(|M - M^T| > 1e-12 |M|)", value);
}

/// The kinetic energy x^T M x / 2 > 0 for every x != 0: the eigenvalues of the symmetric M
/// are positive (called after the singularity check, so none is zero to its tolerance).
void check_mass_positive(const Eigen::Matrix3d& M, const json& value, const Loc& loc) {
  const Eigen::Matrix3d symmetric = (M + M.transpose()) / 2.0;
  const double smallest = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(symmetric, Eigen::EigenvaluesOnly)
                              .eigenvalues()
                              .minCoeff();
  if (!(smallest > 0.0))
    loc.fail(fmt::format("a mass matrix must be symmetric positive definite; this one has the eigenvalue {:g}",
                         smallest),
             value);
}

SystemSpec parse_system(const json& value, const Loc& loc) {
  require_object(value, loc);
  SystemSpec system;
  const Loc preset_loc = loc.key("preset");
  system.preset = get_string(require_key(value, "preset", loc), preset_loc);
  if (system.preset == "disc") {
    // docs/manual.md section 2: j = 1/2 for the disc.
    check_keys(value, {"preset", "j"}, loc);
    system.j = 0.5;
    if (const json* j = optional_key(value, "j")) system.j = get_positive(*j, loc.key("j"));
  } else if (system.preset == "ball") {
    // docs/manual.md section 2: j = 2/5 and lambda = Rbar/R = 5 for the ball.
    check_keys(value, {"preset", "j", "lambda"}, loc);
    system.j = 0.4;
    system.lambda = 5.0;
    if (const json* j = optional_key(value, "j")) system.j = get_positive(*j, loc.key("j"));
    if (const json* lambda = optional_key(value, "lambda")) system.lambda = get_positive(*lambda, loc.key("lambda"));
  } else if (system.preset == "plate") {
    // docs/manual.md section 2: a flat elliptic plate of uniform density on its face; the
    // load F (cos beta, sin beta, 0).
    check_keys(value, {"preset", "load_angle"}, loc);
    if (const json* beta = optional_key(value, "load_angle")) system.load_angle = get_angle(*beta, loc.key("load_angle"));
  } else if (system.preset == "general") {
    // docs/manual.md section 2: any invertible M, and c = M^-1 (F d + e).
    check_keys(value, {"preset", "mass", "load"}, loc);
    const Loc mass_loc = loc.key("mass");
    const json& mass = require_key(value, "mass", loc);
    system.mass = get_matrix3(mass, mass_loc);
    if (const std::string why = mass_matrix_problem(system.mass); !why.empty()) mass_loc.fail(why, mass);
    check_mass_symmetric(system.mass, mass, mass_loc);
    check_mass_positive(system.mass, mass, mass_loc);
    const Loc load_loc = loc.key("load");
    const json& load = require_object(require_key(value, "load", loc), load_loc);
    check_keys(load, {"direction", "offset"}, load_loc);
    const Loc direction_loc = load_loc.key("direction");
    const json& direction = require_key(load, "direction", load_loc);
    system.load_direction = get_load3(direction, direction_loc);
    if (system.load_direction.norm() == 0.0) direction_loc.fail("must not have zero length", direction);
    system.load_offset = Eigen::Vector3d::Zero();
    if (const json* offset = optional_key(load, "offset")) system.load_offset = get_load3(*offset, load_loc.key("offset"));
  } else {
    preset_loc.fail("must be \"disc\", \"ball\", \"plate\" or \"general\"", json(system.preset));
  }
  return system;
}

/// The plate takes its inertia from the contact's shape.
void check_plate(const Problem& problem, const Loc& loc) {
  if (problem.system.preset == "plate" && problem.contact.shape != ContactSpec::Shape::ellipse)
    loc.key("preset").fail("the plate needs an elliptic contact: give contact.shape {\"ellipse\": [a, b]}",
                           json("plate"));
}

/// A contact that is not axisymmetric needs a pressure of the family (1 - rhat^2)^alpha with

}  // namespace

RhoSpec parse_rho(const json& value, const std::string& where) {
  const Loc loc = Loc::at(where);
  const std::string valid = "must be \"kappa\", \"R\" or a finite number > 0 (in units of R)";
  RhoSpec rho;
  if (value.is_string() && value.get<std::string>() == "kappa") {
    rho.kind = RhoSpec::Kind::kappa;
  } else if (value.is_string() && value.get<std::string>() == "R") {
    rho.kind = RhoSpec::Kind::R;
  } else if (value.is_number() && std::isfinite(value.get<double>()) && value.get<double>() > 0.0) {
    rho.kind = RhoSpec::Kind::value;
    rho.value = value.get<double>();
  } else {
    loc.fail(valid, value);
  }
  return rho;
}

Problem parse_problem(const json& document, const std::string& source) {
  const Loc root = Loc::root(source);
  if (!document.is_object()) root.fail("a problem must be a JSON object", document);
  check_keys(document, {"schema", "name", "system", "contact", "friction", "rho", "force"}, root);

  Problem problem;
  problem.source = source;
  if (const json* schema = optional_key(document, "schema")) {
    if (!schema->is_string() || schema->get<std::string>() != kProblemSchema)
      root.key("schema").fail(std::string("must be \"") + kProblemSchema + "\"", *schema);
  }
  if (const json* name = optional_key(document, "name")) problem.name = get_string(*name, root.key("name"));

  problem.system = parse_system(require_key(document, "system", root), root.key("system"));

  // docs/manual.md section 2: uniform pressure for the disc (and general systems), Hertz for the ball.
  problem.pressure = problem.system.preset == "ball" ? Pressure::hertz() : Pressure::uniform();
  if (const json* contact = optional_key(document, "contact")) parse_contact(*contact, root.key("contact"), problem);

  problem.friction = parse_friction(require_key(document, "friction", root), root.key("friction"));
  if (const json* rho = optional_key(document, "rho")) problem.rho = parse_rho(*rho, root.key("rho").str());
  if (const json* force = optional_key(document, "force")) {
    problem.force = get_load(*force, root.key("force"));
    problem.force_given = true;
  }
  check_plate(problem, root.key("system"));
  check_contact(problem, root.key("contact"));
  check_contact_model(problem.contact, problem.friction.model, root.key("friction").key("model"));
  check_contact_model_options(problem, root.key("friction"));
  return problem;
}

Problem load_problem(const std::string& path) {
  return parse_problem(parse_json_input(read_input(path), path), path);
}

}  // namespace limitdir
