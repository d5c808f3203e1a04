// The friction model a problem asks for (docs/manual.md sections 4, 6 and 7): its name, its
// degree and order, and whether its contact takes it, checked for the problem file, the
// command-line overrides and the model factory alike; see system/problem_checks.hpp.
#include <algorithm>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/model_registry.hpp"
#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::contact_model_options;
using detail::is_contact_model;
using detail::list_of;
using detail::Loc;
using detail::takes_degree;

namespace {


// The sphere-harmonic model's largest degree (friction/sphere_harmonic.hpp: its construction
// costs ~1e5 exact-model evaluations at N = 12, growing like N^2).
constexpr int kMaxSphereHarmonicDegree = 32;

/// Models of a contact that is not axisymmetric (docs/manual.md section 6): the others are
/// built on the meridian functions of an axisymmetric contact.
const std::vector<std::string>& contact_model_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const NamedEntry& e : friction_model_registry())
      if (model_takes_any_contact(e.name)) all.push_back(e.name);
    return all;
  }();
  return names;
}

}  // namespace

/// Joins names for messages: "a, b or c".
std::string detail::list_of(const std::vector<std::string>& names, bool quoted) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
    out += quoted ? "\"" + names[i] + "\"" : names[i];
  }
  return out;
}

bool detail::is_contact_model(const std::string& name) {
  const auto& names = contact_approx_model_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

ApproxModelOptions detail::contact_model_options(const FrictionSpec& friction) {
  ApproxModelOptions options;
  if (friction.order != 0) options.order = friction.order;
  options.b_T = friction.b_T;
  options.b_M = friction.b_M;
  options.m_T = friction.m_T;
  options.m_M = friction.m_M;
  options.k0 = friction.k0;
  options.mu1 = friction.mu1;
  options.mu2 = friction.mu2;
  options.u0 = friction.u0;
  return options;
}

std::string detail::check_model_name(const std::string& name, const Loc& loc) {
  if (!has_entry(friction_model_registry(), name)) loc.fail("must be " + entry_names(friction_model_registry(), true), json(name));
  return name;
}

void detail::check_model_parameters(const FrictionSpec& friction, const Loc& degree_loc, const Loc& order_loc) {
  if (takes_degree(friction.model)) {
    if (friction.degree < 1) degree_loc.fail("the " + friction.model + " model needs a degree N >= 1");
    if (friction.model == "sphere-harmonic" && friction.degree > kMaxSphereHarmonicDegree)
      degree_loc.fail("the sphere-harmonic model takes a degree N <= 32", json(friction.degree));
  } else if (friction.degree != 0) {
    degree_loc.fail("only the harmonic and sphere-harmonic models take a degree, not \"" + friction.model + "\"",
                    json(friction.degree));
  }
  if (friction.model == "pade") {
    if (friction.order != 1 && friction.order != 2) order_loc.fail("the pade model needs an order 1 or 2");
  } else if (friction.model == "kudra-pade") {
    const int n = friction.order;
    if (n != 0 && n != 1 && n != 3 && n != 5 && n != 7)
      order_loc.fail("the kudra-pade order must be 1, 3, 5 or 7", json(n));
  } else if (friction.model == "kireenkov-pade") {
    if (friction.order != 0 && friction.order != 1 && friction.order != 2)
      order_loc.fail("the kireenkov-pade order must be 1 or 2", json(friction.order));
  } else if (friction.order != 0 && friction.model != "kudra-pade" && friction.model != "kireenkov-pade") {
    order_loc.fail("only the pade, kudra-pade and kireenkov-pade models take an order, not \"" + friction.model + "\"",
                   json(friction.order));
  }
}

void detail::check_contact_model(const ContactSpec& contact, const std::string& model, const Loc& loc) {
  if (contact.axisymmetric()) return;
  const auto& names = contact_model_names();
  if (std::find(names.begin(), names.end(), model) == names.end())
    loc.fail("a contact with an ellipse, a distortion or a shift takes the model " + list_of(names, true) +
                 " (the others need an axisymmetric contact)",
             json(model));
}

void detail::check_contact_model_options(const Problem& problem, const Loc& loc) {
  if (!is_contact_model(problem.friction.model)) return;
  try {
    (void)make_friction_model(problem);
  } catch (const InputError& e) {
    loc.fail(e.what());
  }
}

}  // namespace limitdir
