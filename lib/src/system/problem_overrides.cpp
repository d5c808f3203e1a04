// The command-line overrides of a problem (docs/manual.md section 4: --model, --degree,
// --pressure, --rho, --force), with the errors of the problem file naming the option instead
// of a key; see system/problem.hpp.
#include "limitdir/system/problem.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <system_error>

#include "limitdir/core/errors.hpp"
#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;
using namespace detail;  // Loc, the values and the checks of system/problem_checks.hpp

namespace {

/// Strict text-to-number conversion for command-line overrides: the whole text, finite.
std::optional<double> text_to_double(const std::string& text) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  double x = 0.0;
  const auto [end, ec] = std::from_chars(first, last, x);
  if (first == last || ec != std::errc() || end != last || !std::isfinite(x)) return std::nullopt;
  return x;
}

/// --pressure P: a name, "power:ALPHA" for p ~ (1 - xi^2)^alpha or "ring:XI0" for the thin ring of
/// radius XI0 R; a change is named.
void apply_pressure_override(Problem& problem, const std::string& pressure) {
  const json before = pressure_to_json(problem.pressure);
  const Loc loc = Loc::at("--pressure");
  const std::string power = "power:", ring = "ring:";
  if (auto named = named_pressure(pressure)) {
    problem.pressure = *named;
  } else if (pressure.compare(0, power.size(), power) == 0) {
    const auto alpha = text_to_double(pressure.substr(power.size()));
    if (!alpha) loc.fail("power:ALPHA needs a finite number ALPHA", json(pressure));
    problem.pressure = make_power(*alpha, json(pressure), loc);
  } else if (pressure.compare(0, ring.size(), ring) == 0) {
    const auto xi0 = text_to_double(pressure.substr(ring.size()));
    if (!xi0) loc.fail("ring:XI0 needs a finite number XI0", json(pressure));
    problem.pressure = make_ring(*xi0, json(pressure), loc);
  } else {
    loc.fail("must be uniform, hertz, galin, ring, power:ALPHA or ring:XI0", json(pressure));
  }
  if (problem.pressure.kind() == Pressure::Kind::ring && !problem.contact.axisymmetric())
    loc.fail(kRingNeedsCircle, json(pressure));
  if (pressure_to_json(problem.pressure) != before) problem.name = name_with_setting(problem.name, "pressure = " + pressure);
}

/// --rho RHO: kappa, R or a number > 0; a change is named.
void apply_rho_override(Problem& problem, const std::string& rho) {
  const RhoSpec before = problem.rho;
  if (rho == "kappa" || rho == "R") {
    problem.rho = parse_rho(json(rho), "--rho");
  } else {
    const auto value = text_to_double(rho);
    if (!value || *value <= 0.0)
      Loc::at("--rho").fail("must be kappa, R or a finite number > 0 (in units of R)", json(rho));
    problem.rho = parse_rho(json(*value), "--rho");
  }
  if (problem.rho.kind != before.kind || problem.rho.value != before.value)
    problem.name = name_with_setting(problem.name, "rho = " + rho);
}

}  // namespace

std::string name_with_setting(const std::string& name, const std::string& setting) {
  return name.empty() ? name : name + "; " + setting;
}

void require_force(const Problem& problem) {
  if (!problem.force_given)
    throw InputError(problem.source + ": force: missing; the load is needed: give \"force\" in the problem file, "
                     "--force F or --set force=F (in units of mu m g)");
}

void apply_overrides(Problem& problem, const std::optional<std::string>& model, const std::optional<int>& degree,
                     const std::optional<std::string>& pressure, const std::optional<std::string>& rho,
                     const std::optional<double>& force) {
  if (pressure) apply_pressure_override(problem, *pressure);
  if (rho) apply_rho_override(problem, *rho);
  if (force) {
    problem.force = get_load(json(*force), Loc::at("--force"));
    problem.force_given = true;
  }

  FrictionSpec friction = problem.friction;
  const Loc model_loc = Loc::at("--model");
  if (model) {
    // NAME, or "pade:ORDER" since no other override carries the pade order.
    std::string name = *model;
    std::optional<std::string> suffix;
    if (const auto colon = name.find(':'); colon != std::string::npos) {
      suffix = name.substr(colon + 1);
      name = name.substr(0, colon);
    }
    check_model_name(name, model_loc);
    if (name != friction.model) {
      friction = FrictionSpec{};
      friction.model = name;
    }
    if (suffix) {
      if (name != "pade" && name != "kudra-pade" && name != "kireenkov-pade")
        model_loc.fail("only pade, kudra-pade and kireenkov-pade take a suffix, as pade:1 or kudra-pade:3", json(*model));
      const bool kudra = name == "kudra-pade";
      const bool valid = kudra ? (*suffix == "1" || *suffix == "3" || *suffix == "5" || *suffix == "7")
                               : (*suffix == "1" || *suffix == "2");
      if (!valid)
        model_loc.fail(kudra ? "the kudra-pade order must be 1, 3, 5 or 7" : "the order must be 1 or 2", json(*model));
      friction.order = std::stoi(*suffix);
    }
  }
  if (degree) {
    const Loc degree_loc = Loc::at("--degree");
    if (!takes_degree(friction.model))
      degree_loc.fail("only the harmonic and sphere-harmonic models take a degree, not \"" + friction.model + "\"",
                      json(*degree));
    if (*degree < 1) degree_loc.fail("must be an integer >= 1", json(*degree));
    if (*degree > kMaxHarmonicDegree)
      degree_loc.fail("must be an integer <= " + std::to_string(kMaxHarmonicDegree), json(*degree));
    friction.degree = *degree;
  }
  if (takes_degree(friction.model) && friction.degree < 1)
    model_loc.fail("the " + friction.model + " model needs a degree: give --degree N", json(friction.model));
  check_model_parameters(friction, Loc::at("--degree"), model_loc);
  if (friction.model == "pade" && friction.order != 1 && friction.order != 2)
    model_loc.fail("the pade model needs an order: give --model pade:1 or --model pade:2", json(friction.model));
  check_contact_model(problem.contact, friction.model, model_loc);
  problem.friction = friction;
  check_contact_model_options(problem, model_loc);
}

}  // namespace limitdir
