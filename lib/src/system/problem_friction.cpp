// The problem file of docs/manual.md section 4: its section "friction" (the model, its degree or
// order and the options of the contact models of section 7).
#include <array>

#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace detail {

namespace {

/// The options of the contact models (docs/manual.md section 7); which model takes which is
/// checked when the model is built (check_contact_model_options).
void parse_contact_model_options(const json& value, const Loc& loc, FrictionSpec& friction) {
  for (const auto& [name, member] : kContactModelScalars) {
    const json* x = optional_key(value, name);
    if (!x) continue;
    if (!is_contact_model(friction.model))
      loc.key(name).fail("only the contact models of docs/manual.md section 7 take it, not \"" + friction.model + "\"", *x);
    friction.*member = get_finite(*x, loc.key(name));
  }
  if (const json* u0 = optional_key(value, "u0")) {
    const Loc u0_loc = loc.key("u0");
    if (friction.model != "kudra-w") u0_loc.fail("only the kudra-w model takes the joins u0", *u0);
    if (!u0->is_array() || u0->size() != 3) u0_loc.fail("must be the three joins [u_Tx, u_Ty, u_M]", *u0);
    std::array<double, 3> u{};
    for (std::size_t i = 0; i < 3; ++i) u[i] = get_positive((*u0)[i], u0_loc.index(i));
    friction.u0 = u;
  }
}

}  // namespace

FrictionSpec parse_friction(const json& value, const Loc& loc) {
  require_object(value, loc);
  check_keys(value, {"model", "degree", "order", "b_T", "b_M", "m_T", "m_M", "u0", "k0", "mu1", "mu2"}, loc);
  FrictionSpec friction;
  const Loc model_loc = loc.key("model");
  friction.model = check_model_name(get_string(require_key(value, "model", loc), model_loc), model_loc);
  const Loc degree_loc = loc.key("degree");
  const Loc order_loc = loc.key("order");
  if (const json* degree = optional_key(value, "degree")) {
    if (!takes_degree(friction.model))
      degree_loc.fail("only the harmonic and sphere-harmonic models take a degree, not \"" + friction.model + "\"",
                      *degree);
    friction.degree = get_int(*degree, 1, kMaxHarmonicDegree, degree_loc);
  }
  if (const json* order = optional_key(value, "order")) {
    if (friction.model != "pade" && friction.model != "kudra-pade" && friction.model != "kireenkov-pade")
      order_loc.fail("only the pade, kudra-pade and kireenkov-pade models take an order, not \"" + friction.model + "\"",
                     *order);
    friction.order = get_int(*order, 1, 7, order_loc);  // per model: check_model_parameters
  }
  parse_contact_model_options(value, loc, friction);
  check_model_parameters(friction, degree_loc, order_loc);
  return friction;
}

}  // namespace detail
}  // namespace limitdir
