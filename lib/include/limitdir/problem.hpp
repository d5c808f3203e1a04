#pragma once
// The problem file (docs/manual.md section 4) and the objects built from it.
#include <Eigen/Core>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/friction.hpp"
#include "limitdir/pressure.hpp"

namespace limitdir {

struct SystemSpec {
  std::string preset = "disc";   // "disc" | "ball" | "general"
  double j = 0.5;                // dimensionless moment of inertia J/(m Rbar^2)
  double lambda = 5.0;           // ball: Rbar/R
  Eigen::Matrix3d mass = Eigen::Matrix3d::Identity();   // general: M
  Eigen::Vector3d load_direction = Eigen::Vector3d::UnitX();  // general: d
  Eigen::Vector3d load_offset = Eigen::Vector3d::Zero();      // general: e
};

struct FrictionSpec {
  std::string model;  // "exact" | "coulomb-point" | "linear-fit" | "harmonic" | "pade"
  int degree = 0;     // harmonic: N >= 1
  int order = 0;      // pade: 1 or 2
};

/// rho: "kappa", "R" or a positive number in units of R.
struct RhoSpec {
  enum class Kind { kappa, R, value } kind = Kind::kappa;
  double value = 0.0;
};

struct Problem {
  std::string source = "<problem>";  // file name, for messages
  std::string name;
  SystemSpec system;
  Pressure pressure = Pressure::uniform();
  FrictionSpec friction;
  RhoSpec rho;
  double force = 0.0;

  /// rho/R resolved against the pressure's kappa.
  double rho_over_R() const;
};

/// Parses and validates a problem. Every error is an InputError whose message names the
/// source and the key path, e.g. "disc.json: friction.degree: must be an integer >= 1 (got 0)".
Problem parse_problem(const nlohmann::json& document, const std::string& source);
/// Reads the file (or standard input for "-") and parses it.
Problem load_problem(const std::string& path);

/// Pressure from its problem-file form: "uniform" | "hertz" | "galin" | {"power": a} |
/// {"profile": [[xi, p], ...]}; `where` prefixes error messages.
Pressure parse_pressure(const nlohmann::json& value, const std::string& where);
/// rho from "kappa" | "R" | number.
RhoSpec parse_rho(const nlohmann::json& value, const std::string& where);
/// Applies command-line overrides in their textual form (docs/manual.md section 4: --model,
/// --degree, --pressure, --rho, --force); empty optionals leave the file's value.
void apply_overrides(Problem& problem, const std::optional<std::string>& model, const std::optional<int>& degree,
                     const std::optional<std::string>& pressure, const std::optional<std::string>& rho,
                     const std::optional<double>& force);

/// The friction model the problem asks for.
std::unique_ptr<FrictionModel> make_friction_model(const Problem& problem);
/// The exact model of the problem's pressure and rho (the reference of the others).
std::unique_ptr<ExactModel> make_exact_model(const Problem& problem);

/// JSON form of a pressure, as accepted by parse_pressure.
nlohmann::json pressure_to_json(const Pressure& pressure);

/// The problem file (docs/manual.md section 4, schema "limitdir.problem/1") of a problem, with every
/// default written out: parse_problem(problem_to_json(p), ...) rebuilds the same problem, so
/// reports that embed it let later tools rebuild the system. `source` is not part of the file.
nlohmann::json problem_to_json(const Problem& problem);

}  // namespace limitdir
