// The roll problem file "limitdir.roll/1" (docs/manual.md section 10): strict reading (unknown
// keys, missing keys and out-of-range numbers are one-line InputErrors naming the key path) and
// writing back with every default.
#include <cmath>
#include <string>

#include "core/json_section.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/rolling/sphere_io.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kSchema = "limitdir.roll/1";

using Section = detail::JsonSection;

void read_sphere(Section s, RollProblem& p) {
  p.sphere.radius = s.positive("radius");
  const json* mass = s.find("mass");
  const json* density = s.find("density");
  if ((mass != nullptr) == (density != nullptr))
    throw InputError(s.at("mass") + ": give exactly one of sphere.mass and sphere.density");
  if (density) {
    p.density = s.positive("density");
    p.sphere.mass = p.density * 4.0 / 3.0 * M_PI * std::pow(p.sphere.radius, 3);
  } else {
    p.sphere.mass = s.positive("mass");
  }
  if (s.find("j")) p.sphere.j = s.positive("j");
  s.done();
}

void read_time(Section s, RollProblem& p) {
  p.stepping.h = s.positive("h");
  p.stepping.t_end = s.positive("t_end");
  if (const json* theta = s.find("theta")) {
    p.stepping.theta = s.number(*theta, "theta", false);
    if (p.stepping.theta > 1.0) Section::fail(s.at("theta"), "must be in [0, 1]", *theta);
  }
  s.done();
}

void read_solver(Section s, RollProblem& p) {
  if (const json* method = s.find("method")) {
    if (!method->is_string()) Section::fail(s.at("method"), "must be a string", *method);
    p.stepping.method = rolling_method_from_name(method->get<std::string>(), s.at("method"));
  }
  if (const json* tol = s.find("tol")) {
    p.stepping.solver.tol = s.number(*tol, "tol", true);
    if (p.stepping.solver.tol >= 1.0) Section::fail(s.at("tol"), "must be in (0, 1)", *tol);
  }
  if (const json* it = s.find("max_iter")) {
    if (!it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > 1000000)
      Section::fail(s.at("max_iter"), "must be an integer in [1, 1000000]", *it);
    p.stepping.solver.max_iter = it->get<int>();
  }
  s.done();
}

}  // namespace

RollProblem parse_roll_problem(const json& document, const std::string& source) {
  RollProblem p;
  p.source = source;
  Section root(document, source + ": ");
  root.check_schema(kSchema);
  root.optional_string("name", p.name);
  read_sphere(Section(root.need("sphere"), root.at("sphere")), p);
  if (root.find("gravity")) p.sphere.gravity = root.positive("gravity");
  Section friction(root.need("friction"), root.at("friction"));
  p.sphere.mu = friction.nonnegative("mu");
  p.sphere.mu_r = friction.nonnegative("mu_r");
  friction.done();
  Section initial(root.need("initial"), root.at("initial"));
  p.initial.position << 0.0, 0.0, p.sphere.radius;
  if (const json* x = initial.find("position")) initial.numbers(*x, "position", 3, p.initial.position);
  initial.numbers(initial.need("velocity"), "velocity", 3, p.initial.velocity);
  initial.numbers(initial.need("omega"), "omega", 3, p.initial.omega);
  initial.done();
  if (p.initial.position[2] < p.sphere.radius)
    throw InputError(initial.at("position") + ": Z must be >= sphere.radius (no initial penetration)");
  read_time(Section(root.need("time"), root.at("time")), p);
  if (const json* solver = root.find("solver")) read_solver(Section(*solver, root.at("solver")), p);
  if (const json* spin = root.find("spin_friction")) {
    Section section(*spin, root.at("spin_friction"));
    p.spin.contact_radius = section.positive("contact_radius");
    if (const json* pressure = section.find("pressure")) {
      if (*pressure == "uniform") p.spin.pressure = Pressure::uniform();
      else if (*pressure != "hertz") Section::fail(section.at("pressure"), "must be \"hertz\" or \"uniform\"", *pressure);
    }
    section.done();
    const auto solver = document.find("solver");
    if (solver != document.end() && solver->is_object() && solver->contains("method"))
      throw InputError(root.at("solver") + ".method: not with spin_friction (its steps use an accelerated projected gradient)");
    if (p.initial.position[2] != p.sphere.radius || p.initial.velocity[2] != 0.0)
      throw InputError(initial.at("position") + ": with spin_friction the sphere must start on the plane (Z = R, U_Z = 0)");
  }
  root.done();
  try {
    validate(p);
  } catch (const InputError& e) {
    throw InputError(source + ": " + e.what());
  }
  return p;
}

RollProblem load_roll_problem(const std::string& path) {
  return parse_roll_problem(parse_json_input(read_input(path), path), path);
}

void validate(const RollProblem& p) {
  validate(p.sphere);
  validate(p.stepping);
}

bool is_planar(const RollProblem& p) {
  return p.initial.position[2] == p.sphere.radius && p.initial.velocity[1] == 0.0 && p.initial.velocity[2] == 0.0 &&
         p.initial.omega[0] == 0.0 && (p.spin.contact_radius == 0.0 || p.initial.omega[2] == 0.0);
}

SphereRun run_problem(const RollProblem& p, const RollingSphere& sphere, const SphereSteppingOptions& options) {
  if (p.spin.contact_radius > 0.0) return simulate_spinning_sphere(sphere, p.spin, p.initial, options);
  return simulate_rolling_sphere(sphere, p.initial, options);
}

json roll_problem_to_json(const RollProblem& p) {
  const auto vec = [](const Eigen::Vector3d& v) { return json::array({v[0], v[1], v[2]}); };
  json sphere = {{"radius", p.sphere.radius}, {"j", p.sphere.j}};
  if (p.density > 0) sphere["density"] = p.density;
  else sphere["mass"] = p.sphere.mass;
  json out = {{"schema", kSchema},
          {"name", p.name},
          {"sphere", sphere},
          {"gravity", p.sphere.gravity},
          {"friction", {{"mu", p.sphere.mu}, {"mu_r", p.sphere.mu_r}}},
          {"initial",
           {{"position", vec(p.initial.position)}, {"velocity", vec(p.initial.velocity)}, {"omega", vec(p.initial.omega)}}},
          {"time", {{"h", p.stepping.h}, {"t_end", p.stepping.t_end}, {"theta", p.stepping.theta}}},
          {"solver", {{"tol", p.stepping.solver.tol}, {"max_iter", p.stepping.solver.max_iter}}}};
  if (p.spin.contact_radius == 0.0) out["solver"]["method"] = rolling_method_name(p.stepping.method);
  if (p.spin.contact_radius > 0.0)
    out["spin_friction"] = {{"contact_radius", p.spin.contact_radius}, {"pressure", p.spin.pressure.name()}};
  return out;
}

}  // namespace limitdir
