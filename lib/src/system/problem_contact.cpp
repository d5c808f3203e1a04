// The problem file of docs/manual.md section 4: its section "contact" (shape, pressure, distortion,
// shift; docs/manual.md section 6) and the pressure read also by --pressure.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace detail {

std::optional<Pressure> named_pressure(const std::string& name) {
  if (name == "uniform") return Pressure::uniform();
  if (name == "hertz") return Pressure::hertz();
  if (name == "galin") return Pressure::galin();
  if (name == "ring") return Pressure::ring();
  return std::nullopt;
}

/// p ~ (1 - xi^2)^alpha; `got` is alpha as the user wrote it.
Pressure make_power(double alpha, const json& got, const Loc& loc) {
  if (!(alpha > -1.0)) loc.fail("the exponent alpha of (1 - xi^2)^alpha must be > -1", got);
  try {
    return Pressure::power(alpha);
  } catch (const InputError& e) {
    loc.fail(e.what());
  }
}

/// The ring of radius xi0 R, 0 < xi0 <= 1; `got` is xi0 as the user wrote it.
Pressure make_ring(double xi0, const json& got, const Loc& loc) {
  if (!(xi0 > 0.0 && xi0 <= 1.0)) loc.fail("the ring's radius xi0 must lie in (0, 1] (units of the contact radius R)", got);
  return Pressure::ring(xi0);
}

namespace {

/// {"profile": [[xi, p], ...]}: xi strictly increasing from 0 to 1 (units of R), p >= 0 and
/// not all zero (contact/pressure.hpp); each violation is reported at its node.
// The most nodes a pressure profile may have: every node splits each ring quadrature of the
// exact model, and 100 pieces already cost ~10 s for a harmonic model's coefficients (83);
// ~100 piecewise-linear nodes follow a measured pressure to ~1e-4, more than any data.
constexpr std::size_t kMaxProfileNodes = 101;

Pressure parse_profile(const json& value, const Loc& loc) {
  if (!value.is_array() || value.size() < 2)
    loc.fail("must be an array of at least 2 nodes [xi, p]", value);
  if (value.size() > kMaxProfileNodes)
    loc.fail("must have at most " + std::to_string(kMaxProfileNodes) + " nodes (got " + std::to_string(value.size()) +
                 ")",
             json(value.size()));
  std::vector<double> xi, p;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Loc node = loc.index(i);
    if (!value[i].is_array() || value[i].size() != 2) node.fail("must be a node [xi, p] of 2 numbers", value[i]);
    const double x = get_finite(value[i][0], node.index(0));
    const double y = get_finite(value[i][1], node.index(1));
    if (i == 0 && x != 0.0) node.fail("xi must start at 0 (the contact centre)", value[i]);
    if (i > 0 && !(x > xi.back())) node.fail("xi must be strictly increasing", value[i]);
    if (y < 0.0) node.fail("p must be >= 0", value[i]);
    xi.push_back(x);
    p.push_back(y);
  }
  if (xi.back() != 1.0) loc.index(xi.size() - 1).fail("xi must end at 1 (the contact radius R)", value.back());
  if (std::all_of(p.begin(), p.end(), [](double y) { return y == 0.0; }))
    loc.fail("p must not be zero everywhere", value);
  try {
    return Pressure::profile(std::move(xi), std::move(p));
  } catch (const InputError& e) {
    loc.fail(e.what());
  }
}


/// `contact.shape`: "circle" | {"ellipse": [a, b]} with a, b > 0 (docs/manual.md section 6).
void parse_shape(const json& value, const Loc& loc, ContactSpec& contact) {
  const std::string valid = "must be \"circle\" or {\"ellipse\": [a, b]}";
  if (value.is_string()) {
    if (value.get<std::string>() != "circle") loc.fail(valid, value);
    contact.shape = ContactSpec::Shape::circle;
    return;
  }
  if (!value.is_object()) loc.fail(valid, value);
  check_keys(value, {"ellipse"}, loc);
  const Loc axes_loc = loc.key("ellipse");
  const json& axes = require_key(value, "ellipse", loc);
  if (!axes.is_array() || axes.size() != 2) axes_loc.fail("must be the semi-axes [a, b] along x and y", axes);
  contact.shape = ContactSpec::Shape::ellipse;
  contact.a = get_positive(axes[0], axes_loc.index(0));
  contact.b = get_positive(axes[1], axes_loc.index(1));
  // An aspect ratio beyond 1e3 leaves the contact's quadratures (and the plate's inertia)
  // without a meaningful scale; 1e-3..1e3 covers every contact of the papers (b/a >= 0.006).
  constexpr double kMaxAspect = 1e3;
  if (std::max(contact.a, contact.b) > kMaxAspect * std::min(contact.a, contact.b))
    axes_loc.fail("the aspect ratio max(a, b)/min(a, b) must be at most 1e3", axes);
  // Semi-axes within 1e-6..1e6 of the unit length R = 1 keep rho and the plate's inertia
  // (a^2 + b^2)/4 far from underflow and overflow in every formula.
  for (std::size_t i = 0; i < 2; ++i) {
    const double x = axes[i].get<double>();
    if (x < 1e-6 || x > 1e6) axes_loc.index(i).fail("must lie in [1e-6, 1e6] (units of the length R = 1)", axes[i]);
  }
}

// (18)-(20), (26)-(29) [Kudra & Awrejcewicz 2013]: {"d1", "gamma1", "b1", "d2", "gamma2", "b2"},
// resolved to the resultant (d, gamma) of (15)-(16).
ContactSpec::Distortion parse_bodies(const json& value, const Loc& loc) {
  std::array<BodyResistance, 2> bodies;
  for (int i = 0; i < 2; ++i) {
    const std::string n = std::to_string(i + 1), d_key = "d" + n, gamma_key = "gamma" + n, b_key = "b" + n;
    const Loc d_loc = loc.key(d_key);
    const json& d = require_key(value, d_key.c_str(), loc);
    bodies[i].d = get_finite(d, d_loc);
    if (bodies[i].d < 0.0 || bodies[i].d > 1.0)
      d_loc.fail("must lie in [0, 1] ((18) [Kudra & Awrejcewicz 2013]: d1 + d2 <= 1)", d);
    if (const json* g = optional_key(value, gamma_key.c_str())) bodies[i].gamma = get_angle(*g, loc.key(gamma_key));
    if (const json* b = optional_key(value, b_key.c_str())) {
      bodies[i].b_ratio = get_finite(*b, loc.key(b_key));
      if (!(bodies[i].b_ratio > 0.0 && bodies[i].b_ratio <= 1e3))
        loc.key(b_key).fail("must lie in (0, 1e3] (the orthotropy d_b/d_a of (26) [Kudra & Awrejcewicz 2013])", *b);
    }
  }
  try {
    const ResultantResistance r = resultant_resistance(bodies);
    return {r.d, r.gamma, bodies};
  } catch (const InputError& e) {
    loc.fail(e.what());
  }
}

void parse_distortion(const json& value, const Loc& loc, ContactSpec& contact) {
  require_object(value, loc);
  check_keys(value, {"d", "gamma", "d1", "gamma1", "b1", "d2", "gamma2", "b2"}, loc);
  const bool per_body = value.contains("d1") || value.contains("d2");
  if (per_body || value.contains("gamma1") || value.contains("gamma2") || value.contains("b1") ||
      value.contains("b2")) {
    if (value.contains("d") || value.contains("gamma"))
      loc.fail("give either the resultant d, gamma or the two bodies' d1, gamma1, d2, gamma2 (b1, b2), not both", value);
    contact.distortion = parse_bodies(value, loc);
    return;
  }
  ContactSpec::Distortion distortion;
  const Loc d_loc = loc.key("d");
  const json& d = require_key(value, "d", loc);
  distortion.d = get_finite(d, d_loc);
  if (distortion.d < 0.0 || distortion.d > 1.0)
    d_loc.fail("must lie in [0, 1] ((15) [Kudra & Awrejcewicz 2013]; d > 1 makes the pressure negative)", d);
  if (const json* gamma = optional_key(value, "gamma")) distortion.gamma = get_angle(*gamma, loc.key("gamma"));
  contact.distortion = distortion;
}

void parse_shift(const json& value, const Loc& loc, ContactSpec& contact) {
  require_object(value, loc);
  check_keys(value, {"k", "h"}, loc);
  if (value.size() != 1) loc.fail("must have exactly one of the keys k, h", value);
  ContactSpec::Shift shift;
  if (const json* k = optional_key(value, "k")) {
    shift.kind = ContactSpec::Shift::Kind::k;
    shift.value = get_finite(*k, loc.key("k"));
  } else {
    shift.kind = ContactSpec::Shift::Kind::h;
    shift.value = get_finite(value.at("h"), loc.key("h"));
  }
  contact.shift = shift;
}

}  // namespace

/// `contact`: {"shape", "pressure", "distortion", "shift"}, all optional.
void parse_contact(const json& value, const Loc& loc, Problem& problem) {
  require_object(value, loc);
  check_keys(value, {"shape", "pressure", "distortion", "shift"}, loc);
  if (const json* shape = optional_key(value, "shape")) parse_shape(*shape, loc.key("shape"), problem.contact);
  if (const json* pressure = optional_key(value, "pressure"))
    problem.pressure = parse_pressure(*pressure, loc.key("pressure").str());
  if (const json* distortion = optional_key(value, "distortion"))
    parse_distortion(*distortion, loc.key("distortion"), problem.contact);
  if (const json* shift = optional_key(value, "shift")) parse_shift(*shift, loc.key("shift"), problem.contact);
}

/// alpha >= -1/2 (the exact model's range, friction/contact_model.hpp) or a tabulated profile, and a
/// pressure that stays >= 0 (make_contact checks it at the problem's load).
void check_contact(const Problem& problem, const Loc& loc) {
  if (problem.contact.axisymmetric()) return;
  const Pressure::Kind kind = problem.pressure.kind();
  if (kind == Pressure::Kind::ring) loc.key("pressure").fail(kRingNeedsCircle, pressure_to_json(problem.pressure));
  if (kind == Pressure::Kind::power && !(problem.pressure.alpha() >= -0.5))
    loc.key("pressure").fail("a contact with an ellipse, a distortion or a shift needs {\"power\": alpha} with "
                             "alpha >= -1/2 (a stronger edge singularity is not supported there)",
                             pressure_to_json(problem.pressure));
  try {
    (void)make_contact(problem);
  } catch (const InputError& e) {
    const ContactSpec& c = problem.contact;
    if (c.load_dependent())
      loc.key("shift").key("h").fail(fmt::format("at the load F = {}, k = 2 (M_1/M_3) F h/R = {}: {}", problem.force,
                                                 contact_shift(problem, problem.force), e.what()));
    (c.shift ? loc.key("shift") : loc.key("distortion")).fail(e.what());
  }
}

}  // namespace detail

Pressure parse_pressure(const json& value, const std::string& where) {
  const detail::Loc loc = detail::Loc::at(where);
  const std::string valid =
      "must be \"uniform\", \"hertz\", \"galin\", \"ring\", {\"power\": alpha}, {\"profile\": [[xi, p], ...]} or "
      "{\"ring\": xi0}";
  if (value.is_string()) {
    if (auto pressure = detail::named_pressure(value.get<std::string>())) return *pressure;
    loc.fail(valid, value);
  }
  if (!value.is_object()) loc.fail(valid, value);
  detail::check_keys(value, {"power", "profile", "ring"}, loc);
  if (value.size() != 1) loc.fail("must have exactly one of the keys power, profile, ring", value);
  if (const json* xi0 = detail::optional_key(value, "ring")) {
    const detail::Loc xi0_loc = loc.key("ring");
    return detail::make_ring(detail::get_finite(*xi0, xi0_loc), *xi0, xi0_loc);
  }
  if (const json* alpha = detail::optional_key(value, "power")) {
    const detail::Loc alpha_loc = loc.key("power");
    return detail::make_power(detail::get_finite(*alpha, alpha_loc), *alpha, alpha_loc);
  }
  return detail::parse_profile(value.at("profile"), loc.key("profile"));
}

}  // namespace limitdir
