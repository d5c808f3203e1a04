#pragma once
// What a job changes in its problem before it runs, as plain values (docs/manual.md section 4,
// "Overrides", and section 5, --set): the numbers set at key paths of the problem document before
// it is read (every job), and the overrides of a slip problem's model, degree, pressure, rho and
// load (the jobs find-limits, sweep-force, bifurcation-map and simulate). The options structs of
// the jobs (jobs/<job>_options.hpp) hold them.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/system/problem.hpp"

namespace limitdir {

/// --set KEY=VALUE: the number `value` at the dotted key path `key` of the problem document
/// ("system.lambda", "contact.shape.ellipse.1"; jobs/problem_keys.hpp). Unit: the key's (the
/// problem file's unit of `key`, share/schemas).
struct KeySetting {
  std::string key;
  double value = 0.0;
};

/// Applies `settings` in order to `document` (a problem file, a limitdir.roll/1 or limitdir.celt/1
/// file, or a report that embeds a problem under "problem": then to that problem, and "force" to
/// the report's load as well) with set_problem_key; a key other than force that changes the
/// document is appended to its "name" ("...; system.lambda = 0.5", name_with_setting). The
/// result is validated by whoever parses it. InputError "<source>: KEY: ..." (a bad key) or
/// "KEY: must be a finite number" (a value that is not).
void apply_key_settings(nlohmann::json& document, const std::vector<KeySetting>& settings, const std::string& source);

/// The overrides of a slip problem (docs/manual.md section 4): an empty optional keeps the
/// problem file's value.
struct ProblemOverrides {
  /// friction.model: a name of the models' registry (friction/model_registry.hpp; `find-limits
  /// --help` lists them).
  std::optional<std::string> model;
  /// friction.degree: the degree N >= 1 of the harmonic model. Unit: dimensionless.
  std::optional<int> degree;
  /// contact.pressure: "uniform", "hertz", "galin" or "power:ALPHA" with ALPHA > -1 (the exponent
  /// of (1 - xi^2/R^2)^ALPHA, dimensionless).
  std::optional<std::string> pressure;
  /// rho of the slip x_o = (u_x, u_y, rho omega_z): "kappa", "R" or a number > 0. Unit: R.
  std::optional<std::string> rho;
  /// The load F, a finite number. Unit: mu m g.
  std::optional<double> force;
};

/// Applies `overrides` to `problem` (limitdir::apply_overrides: the names are checked against
/// the problem there); InputError on a bad value.
void apply_overrides(Problem& problem, const ProblemOverrides& overrides);

/// InputError "<owner>.force: must be a finite number (got inf)" (check_overrides), or
/// "<owner>[k].key: must not be empty" and "<owner>[k].value: must be a finite number (got nan)"
/// (check_key_settings), for the first value that no problem can take; `owner` names the field
/// that holds them, e.g. "FindLimitsOptions::problem" or "FindLimitsOptions::set". The names
/// and the keys are checked against the problem when it is read.
void check_overrides(const ProblemOverrides& overrides, const std::string& owner);
void check_key_settings(const std::vector<KeySetting>& settings, const std::string& owner);

}  // namespace limitdir
