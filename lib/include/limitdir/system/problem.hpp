#pragma once
// The problem file (docs/manual.md section 4) and the objects built from it.
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/contact/rolling_resistance.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/contact/pressure.hpp"

namespace limitdir {

struct SystemSpec {
  std::string preset = "disc";   // "disc" | "ball" | "plate" | "general"
  double j = 0.5;                // dimensionless moment of inertia J/(m Rbar^2)
  double lambda = 5.0;           // ball: Rbar/R
  Eigen::Matrix3d mass = Eigen::Matrix3d::Identity();   // general: M
  Eigen::Vector3d load_direction = Eigen::Vector3d::UnitX();  // general: d
  Eigen::Vector3d load_offset = Eigen::Vector3d::Zero();      // general: e
  double load_angle = 0.0;       // plate: the load F (cos beta, sin beta, 0)
};

/// The shape of the contact and the corrections of its pressure (docs/manual.md section 6).
/// Lengths are in the problem's unit, the radius R = 1 of the circular contact.
struct ContactSpec {
  enum class Shape { circle, ellipse };
  Shape shape = Shape::circle;
  double a = 1.0, b = 1.0;  // ellipse: semi-axes along x and y
  /// (15)-(16) [Kudra & Awrejcewicz 2013]: sigma0 (1 + d r'.(cos gamma, sin gamma)) in the
  /// pre-image circle, 0 <= d <= 1.
  /// Given per body (two contour velocities, (18)-(20), orthotropic (26)-(29)) when `bodies` is
  /// set: d, gamma are then their resultant (contact/rolling_resistance.hpp).
  struct Distortion {
    double d = 0.0, gamma = 0.0;
    std::optional<std::array<BodyResistance, 2>> bodies;
  };
  std::optional<Distortion> distortion;
  /// (2) [Kireenkov]: sigma0 (1 + k x_par/R) along the instantaneous sliding direction, with a
  /// given k, or k from the tipping moment of the load F applied at the height h ((3)-(5)).
  struct Shift {
    enum class Kind { k, h } kind = Kind::k;
    double value = 0.0;
  };
  std::optional<Shift> shift;

  /// A circle with no distortion and no shift: the axisymmetric contact of [Nonlinear Dyn. 2024].
  bool axisymmetric() const { return shape == Shape::circle && !distortion && !shift; }
  /// The shift depends on the load (shift.h): the friction model changes with F.
  bool load_dependent() const { return shift && shift->kind == Shift::Kind::h; }
  /// The major semi-axis (R = 1 for the circle): `"rho": "R"` and the shift's R.
  double major() const { return shape == Shape::circle ? 1.0 : std::max(a, b); }
};

struct FrictionSpec {
  std::string model;  // "exact" | "coulomb-point" | "linear-fit" | "harmonic" | "pade", or a
                      // contact model (docs/manual.md section 7): "kudra-pade", "kudra-pade-first",
                      // "kudra-w", "point-spin", "zhuravlev-klimov", "kireenkov-pade",
                      // "kireenkov-exact" (only "exact" and these off the plain circle)
  int degree = 0;     // harmonic: N >= 1
  int order = 0;      // pade, kireenkov-pade: 1 or 2; kudra-pade: 1, 3, 5 or 7 (default 3)
  /// The contact models' options (friction/contact_approx.hpp): kudra-pade b_T, b_M, m_T, m_M;
  /// kudra-w u0; kireenkov-* k0 and the speed law (1) [Kireenkov] mu1, mu2 (simulate only).
  std::optional<double> b_T, b_M, m_T, m_M, k0, mu1, mu2;
  std::optional<std::array<double, 3>> u0;
};

/// rho: "kappa", "R" (the major semi-axis) or a positive number in the length unit (R = 1).
struct RhoSpec {
  enum class Kind { kappa, R, value } kind = Kind::kappa;
  double value = 0.0;
};

struct Problem {
  std::string source = "<problem>";  // file name, for messages
  std::string name;
  SystemSpec system;
  Pressure pressure = Pressure::uniform();  // the radial profile sigma0 of the contact
  ContactSpec contact;
  FrictionSpec friction;
  RhoSpec rho;
  double force = 0.0;
  /// The load was given (the file's "force", a report's load, --force): a problem whose load
  /// is needed and was not given is bad input (require_force), never silently F = 0.
  bool force_given = false;

  /// rho in the length unit (R = 1), resolved against the contact's kappa.
  double rho_over_R() const;
};

/// The contact of a problem (contact/shape.hpp) at its load: its shift k is resolved from shift.h
/// and problem.force. InputError when the pressure has no such contact (a Galin or tabulated
/// pressure on a contact that is not axisymmetric) or is negative somewhere.
Contact make_contact(const Problem& problem);
/// The shift k of the problem's contact at the load F: shift.k, or 2 (alpha + 2) F h/R from
/// shift.h (docs/manual.md section 6); 0 without a shift.
double contact_shift(const Problem& problem, double F);

/// Parses and validates a problem. Every error is an InputError whose message names the
/// source and the key path, e.g. "disc.json: friction.degree: must be an integer >= 1 (got 0)".
Problem parse_problem(const nlohmann::json& document, const std::string& source);
/// Reads the file (or standard input for "-") and parses it.
Problem load_problem(const std::string& path);

/// `name` with "; <setting>" appended, e.g. "ball on a rigid plane (lambda = 5, Hertz contact);
/// system.lambda = 0.5": once an override (--set, --pressure, --rho) has changed what the problem
/// file describes, its name says what was computed (docs/manual.md section 4). An empty name
/// (none given) stays empty.
std::string name_with_setting(const std::string& name, const std::string& setting);

/// Pressure from its problem-file form: "uniform" | "hertz" | "galin" | "ring" | {"power": a} |
/// {"profile": [[xi, p], ...]} | {"ring": xi0}; `where` prefixes error messages.
Pressure parse_pressure(const nlohmann::json& value, const std::string& where);
/// rho from "kappa" | "R" | number.
RhoSpec parse_rho(const nlohmann::json& value, const std::string& where);
/// Applies command-line overrides in their textual form (docs/manual.md section 4: --model,
/// --degree, --pressure, --rho, --force); empty optionals leave the file's value. A --pressure or
/// --rho that changes the problem is appended to its name (name_with_setting); the model and
/// the load are not: every report states them apart from the name ("model", "force").
void apply_overrides(Problem& problem, const std::optional<std::string>& model, const std::optional<int>& degree,
                     const std::optional<std::string>& pressure, const std::optional<std::string>& rho,
                     const std::optional<double>& force);

/// InputError "<source>: force: missing; ..." unless problem.force_given: for the apps that
/// need a load (find-limits, simulate, classify, and the sweeps of another parameter;
/// docs/manual.md section 4).
void require_force(const Problem& problem);

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
