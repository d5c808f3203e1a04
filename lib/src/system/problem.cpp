// The problem file of docs/manual.md section 4: parsing and validation (the command-line
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
using detail::check_contact_model;
using detail::check_contact_model_options;
using detail::check_model_name;
using detail::check_model_parameters;
using detail::get_finite;
using detail::get_load;
using detail::is_contact_model;
using detail::kContactModelScalars;
using detail::kMaxHarmonicDegree;
using detail::kProblemSchema;
using detail::list_of;
using detail::Loc;
using detail::make_power;
using detail::named_pressure;
using detail::takes_degree;

namespace {

// The largest load magnitude accepted (F and every component of d and e): the friction force
// is O(1) (|q| <= ~1.1 for every model), so at |c| = 1e12 B(w) w is still 1e-12 of c, well
// above rounding (the limit directions stay distinct from +-c/|c|), and |c|^2 and the cubes of
// the solvers (~1e36) stay far from overflow; a load of 1e300 overflows them.
constexpr double kMaxLoad = 1e12;

}  // namespace

// ----- values shared with the command-line overrides ---------------------------------------

double detail::get_finite(const json& value, const Loc& loc) {
  if (!value.is_number()) loc.fail("must be a number", value);
  const double x = value.get<double>();
  if (!std::isfinite(x)) loc.fail("must be a finite number", value);
  return x;
}

// An angle (system.load_angle, contact.distortion.gamma) is in radians; one full turn either way
// covers every direction, so |angle| > 2 pi is almost surely an angle in degrees (90, 180, 45:
// every whole number of degrees from 7 up) and is rejected rather than silently taken as radians.
constexpr double kMaxAngle = 2.0 * boost::math::constants::pi<double>();

double detail::get_angle(const json& value, const Loc& loc) {
  const double x = get_finite(value, loc);
  if (std::abs(x) > kMaxAngle) loc.fail("looks like degrees; give radians (an angle, |angle| <= 2 pi)", value);
  return x;
}

double detail::get_load(const json& value, const Loc& loc) {
  const double x = get_finite(value, loc);
  if (std::abs(x) > kMaxLoad) loc.fail("must be at most 1e12 in magnitude (loads are in units of mu P)", value);
  return x;
}

std::optional<Pressure> detail::named_pressure(const std::string& name) {
  if (name == "uniform") return Pressure::uniform();
  if (name == "hertz") return Pressure::hertz();
  if (name == "galin") return Pressure::galin();
  return std::nullopt;
}

/// p ~ (1 - xi^2)^alpha; `got` is alpha as the user wrote it.
Pressure detail::make_power(double alpha, const json& got, const Loc& loc) {
  if (!(alpha > -1.0)) loc.fail("the exponent alpha of (1 - xi^2)^alpha must be > -1", got);
  try {
    return Pressure::power(alpha);
  } catch (const InputError& e) {
    loc.fail(e.what());
  }
}

namespace {

// ----- typed access --------------------------------------------------------------------------

/// Rejects keys of `object` that are not in `allowed`.
void check_keys(const json& object, std::initializer_list<const char*> allowed, const Loc& loc) {
  for (const auto& item : object.items()) {
    const bool known = std::any_of(allowed.begin(), allowed.end(),
                                   [&](const char* name) { return item.key() == name; });
    if (!known) {
      std::vector<std::string> names(allowed.begin(), allowed.end());
      loc.key(item.key()).fail("unknown key; valid keys here: " + list_of(names, false));
    }
  }
}

const json& require_object(const json& value, const Loc& loc) {
  if (!value.is_object()) loc.fail("must be a JSON object", value);
  return value;
}

const json& require_key(const json& object, const char* name, const Loc& loc) {
  const auto it = object.find(name);
  if (it == object.end()) loc.key(name).fail("required key is missing");
  return *it;
}

const json* optional_key(const json& object, const char* name) {
  const auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

std::string get_string(const json& value, const Loc& loc) {
  if (!value.is_string()) loc.fail("must be a string", value);
  return value.get<std::string>();
}

Eigen::Vector3d get_load3(const json& value, const Loc& loc) {
  if (!value.is_array() || value.size() != 3) loc.fail("must be an array of 3 numbers", value);
  Eigen::Vector3d v;
  for (std::size_t i = 0; i < 3; ++i) v[static_cast<Eigen::Index>(i)] = get_load(value[i], loc.index(i));
  return v;
}

double get_positive(const json& value, const Loc& loc) {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0.0)
    loc.fail("must be a finite number > 0", value);
  return value.get<double>();
}

/// An integral JSON number (2 and 2.0, not 2.5) in [lo, hi]; the message states the bound
/// that is violated, as "must be an integer >= 1".
int get_int(const json& value, int lo, int hi, const Loc& loc) {
  const std::string lower = "must be an integer >= " + std::to_string(lo);
  const std::string upper = "must be an integer <= " + std::to_string(hi);
  if (!value.is_number()) loc.fail(lower, value);
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) loc.fail(upper, value);
    return static_cast<int>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) {
    const std::int64_t n = value.get<std::int64_t>();
    if (n < lo) loc.fail(lower, value);
    if (n > hi) loc.fail(upper, value);
    return static_cast<int>(n);
  }
  const double x = value.get<double>();
  if (!std::isfinite(x) || x != std::floor(x) || x < lo) loc.fail(lower, value);
  if (x > hi) loc.fail(upper, value);
  return static_cast<int>(x);
}

Eigen::Matrix3d get_matrix3(const json& value, const Loc& loc) {
  if (!value.is_array() || value.size() != 3) loc.fail("must be a 3x3 array of numbers (3 rows)", value);
  Eigen::Matrix3d m;
  for (std::size_t i = 0; i < 3; ++i) {
    const Loc row = loc.index(i);
    if (!value[i].is_array() || value[i].size() != 3) row.fail("must be a row of 3 numbers", value[i]);
    for (std::size_t k = 0; k < 3; ++k)
      m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = get_finite(value[i][k], row.index(k));
  }
  return m;
}

// ----- sections of the problem file ------------------------------------------------------------

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

/// The plate takes its inertia from the contact's shape.
void check_plate(const Problem& problem, const Loc& loc) {
  if (problem.system.preset == "plate" && problem.contact.shape != ContactSpec::Shape::ellipse)
    loc.key("preset").fail("the plate needs an elliptic contact: give contact.shape {\"ellipse\": [a, b]}",
                           json("plate"));
}

/// A contact that is not axisymmetric needs a pressure of the family (1 - rhat^2)^alpha with
/// alpha >= -1/2 (the exact model's range, friction/contact_model.hpp) or a tabulated profile, and a
/// pressure that stays >= 0 (make_contact checks it at the problem's load).
void check_contact(const Problem& problem, const Loc& loc) {
  if (problem.contact.axisymmetric()) return;
  const Pressure::Kind kind = problem.pressure.kind();
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

}  // namespace

// ----- public interface --------------------------------------------------------------------------

Pressure parse_pressure(const json& value, const std::string& where) {
  const Loc loc = Loc::at(where);
  const std::string valid =
      "must be \"uniform\", \"hertz\", \"galin\", {\"power\": alpha} or {\"profile\": [[xi, p], ...]}";
  if (value.is_string()) {
    if (auto pressure = named_pressure(value.get<std::string>())) return *pressure;
    loc.fail(valid, value);
  }
  if (!value.is_object()) loc.fail(valid, value);
  check_keys(value, {"power", "profile"}, loc);
  if (value.size() != 1) loc.fail("must have exactly one of the keys power, profile", value);
  if (const json* alpha = optional_key(value, "power")) {
    const Loc alpha_loc = loc.key("power");
    return make_power(get_finite(*alpha, alpha_loc), *alpha, alpha_loc);
  }
  return parse_profile(value.at("profile"), loc.key("profile"));
}

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
