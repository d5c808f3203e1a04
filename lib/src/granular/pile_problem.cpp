// The pile problem file "limitdir.pile/1" (docs/manual.md section 15): strict reading (unknown
// keys, missing keys and numbers of the wrong type are one-line InputErrors naming the key path),
// the ranges of every value (validate, shared with the command line's overrides) and writing
// back with every default.
#include "limitdir/granular/pile_problem.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <string>

#include "core/json_section.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"

namespace limitdir {

namespace {

using Section = detail::JsonSection;
using json = nlohmann::json;
constexpr const char* kSchema = "limitdir.pile/1";

void read_spheres(Section s, PileSpheres& spheres) {
  spheres.count = static_cast<long long>(
      s.integer(s.need("count"), "count", 1, static_cast<std::uint64_t>(max_pile_spheres)));
  spheres.diameter = s.finite(s.need("diameter"), "diameter");
  if (const json* x = s.find("polydispersity")) spheres.polydispersity = s.finite(*x, "polydispersity");
  spheres.density = s.finite(s.need("density"), "density");
  s.done();
}

void read_drop(Section s, PileDrop& drop) {
  drop.height = s.finite(s.need("height"), "height");
  double offset[2];
  s.numbers(s.need("offset"), "offset", 2, offset);
  drop.offset_lo = offset[0];
  drop.offset_hi = offset[1];
  drop.interval = s.finite(s.need("interval"), "interval");
  if (const json* x = s.find("redraws"))
    drop.redraws = static_cast<long long>(s.integer(*x, "redraws", 0, static_cast<std::uint64_t>(max_pile_redraws)));
  s.done();
}

void read_law(Section s, PileLaw& law) {
  law.mu = s.finite(s.need("mu"), "mu");
  law.mu_r = s.finite(s.need("mu_r"), "mu_r");
  if (const json* x = s.find("e")) law.e = s.finite(*x, "e");
  s.done();
}

void read_stepping(Section s, PileStepping& stepping) {
  stepping.h = s.finite(s.need("h"), "h");
  stepping.t_end = s.finite(s.need("t_end"), "t_end");
  if (const json* x = s.find("theta")) stepping.theta = s.finite(*x, "theta");
  if (const json* x = s.find("tol")) stepping.tol = s.finite(*x, "tol");
  if (const json* x = s.find("consistent_tol")) stepping.consistent_tol = s.finite(*x, "consistent_tol");
  if (const json* x = s.find("max_sweeps"))
    stepping.max_sweeps = static_cast<int>(s.integer(*x, "max_sweeps", 1, static_cast<std::uint64_t>(max_pile_sweeps)));
  s.done();
}

/// Throws "<source>: <key>: <what> (got <value>)" unless ok.
void check(bool ok, const PileProblem& p, const char* key, const std::string& what, const std::string& got) {
  if (!ok) throw InputError(fmt::format("{}: {}: {} (got {})", p.source, key, what, got));
}

void check(bool ok, const PileProblem& p, const char* key, const std::string& what, double got) {
  check(ok, p, key, what, fmt::format("{}", got));
}

bool finite_positive(double x) { return std::isfinite(x) && x > 0; }
bool finite_nonnegative(double x) { return std::isfinite(x) && x >= 0; }

// The largest density of a sphere: osmium's, 22 590 kg/m^3, the densest material (as roll's,
// rolling/sphere.cpp); a density in g/m^3 or a diameter in mm breaks it by 1e3 or 1e9.
constexpr double kMaxDensity = 22590.0;

/// A sphere's moment of inertia 2/5 m r^2 = (8 pi/15) rho r^5 (docs/manual.md section 15).
double sphere_inertia(double density, double radius) { return 8.0 * M_PI / 15.0 * density * std::pow(radius, 5); }

// The largest coordinate of a scene, in smallest radii (validate_geometry).
constexpr double kMaxExtent = 1e6;
// The strongest gravity: 1000 g. Stronger is a unit slip (not SI), and with h it can carry the
// state beyond what doubles hold (a step's error became NaN at 1e300).
constexpr double kMaxGravity = 9810.0;
// The smallest tolerance: 1e-15, as roll's (rolling/sphere.hpp): the relative error of a
// solution is itself a rounding of W p + q of a few eps.
constexpr double kMinTol = 1e-15;

void validate_spheres(const PileProblem& p) {
  const PileSpheres& s = p.spheres;
  check(s.count >= 1 && s.count <= max_pile_spheres, p, "spheres.count",
        fmt::format("must be an integer in [1, {}] (the most spheres of one pile)", max_pile_spheres),
        std::to_string(s.count));
  check(finite_positive(s.diameter), p, "spheres.diameter", "must be a finite number > 0", s.diameter);
  check(s.polydispersity >= 0 && s.polydispersity <= 0.5, p, "spheres.polydispersity", "must be in [0, 0.5]",
        s.polydispersity);
  check(finite_positive(s.density), p, "spheres.density", "must be a finite number > 0", s.density);
  check(s.density <= kMaxDensity, p, "spheres.density",
        fmt::format("must be at most {} kg/m^3 (osmium, the densest material; SI units)", kMaxDensity), s.density);
  // the steps divide by the inertia: the smallest must be a normal double, the largest finite
  const double smallest = sphere_inertia(s.density, s.diameter * (1.0 - s.polydispersity) / 2);
  const double largest = sphere_inertia(s.density, s.diameter * (1.0 + s.polydispersity) / 2);
  check(std::isnormal(smallest) && std::isfinite(largest), p, "spheres.diameter, spheres.density",
        fmt::format("the moments of inertia 2/5 m r^2 = (8 pi/15) density r^5 of the spheres, {:g} to {:g} kg m^2, "
                    "must be finite normal numbers (SI units)", smallest, largest),
        fmt::format("{} m, {} kg/m^3", s.diameter, s.density));
}

/// The plane holds the largest sphere, and every sphere is born above it, over it.
void validate_geometry(const PileProblem& p) {
  const double largest = largest_pile_diameter(p.spheres);
  check(std::isfinite(p.plane.width) && p.plane.width > largest, p, "plane.width",
        fmt::format("must be finite and wider than the largest sphere, d (1 + polydispersity) = {} m", largest),
        p.plane.width);
  check(std::isfinite(p.drop.height) && p.drop.height > largest / 2, p, "drop.height",
        fmt::format("must be finite and above the largest radius {} m (a sphere born in the plane)", largest / 2),
        p.drop.height);
  const double lo = p.drop.offset_lo, hi = p.drop.offset_hi, half = p.plane.width / 2;
  const std::string offset = fmt::format("[{}, {}]", lo, hi);
  check(std::isfinite(lo) && std::isfinite(hi) && lo <= hi, p, "drop.offset", "must be [lo, hi] with lo <= hi", offset);
  check(lo >= -half && hi <= half, p, "drop.offset",
        fmt::format("must lie over the plane, in [-width/2, width/2] = [{}, {}] m", -half, half), offset);
  check(finite_positive(p.drop.interval), p, "drop.interval", "must be a finite number > 0", p.drop.interval);
  check(p.drop.redraws >= 0 && p.drop.redraws <= max_pile_redraws, p, "drop.redraws",
        fmt::format("must be an integer in [0, {}]", max_pile_redraws), fmt::format("{}", p.drop.redraws));
  // The positions are known to a rounding of eps times the largest coordinate; births must not
  // overlap by more than 1e-9 of a radius through it (granular/pile_run.cpp): coordinates up to
  // 1e-9 r / eps ~ 4.5e6 r. kMaxExtent = 1e6 radii keeps a factor 4.5.
  const double extent = std::max({p.drop.height, p.plane.width / 2});
  const double r_min = p.spheres.diameter * (1.0 - p.spheres.polydispersity) / 2;
  check(extent <= kMaxExtent * r_min, p, "drop.height, plane.width",
        fmt::format("the scene must fit within {:g} of the smallest radius {} m (the positions' rounding would "
                    "exceed the births' overlap tolerance)", kMaxExtent, r_min),
        fmt::format("{} m, {} m", p.drop.height, p.plane.width));
}

void validate_law(const PileProblem& p) {
  check(finite_nonnegative(p.law.mu), p, "law.mu", "must be a finite number >= 0", p.law.mu);
  check(finite_nonnegative(p.law.mu_r), p, "law.mu_r", "must be a finite number >= 0", p.law.mu_r);
  check(p.law.e >= 0 && p.law.e <= 1, p, "law.e", "must be in [0, 1]", p.law.e);
  check(finite_positive(p.gravity), p, "gravity", "must be a finite number > 0", p.gravity);
  check(p.gravity <= kMaxGravity, p, "gravity",
        fmt::format("must be at most {:g} m/s^2 (1000 g: no laboratory pile; SI units)", kMaxGravity), p.gravity);
}

void validate_stepping(const PileProblem& p) {
  const PileStepping& s = p.stepping;
  check(finite_positive(s.h), p, "stepping.h", "must be a finite number > 0", s.h);
  check(finite_positive(s.t_end), p, "stepping.t_end", "must be a finite number > 0", s.t_end);
  check(s.h <= s.t_end, p, "stepping.h", fmt::format("must be at most t_end = {} s", s.t_end), s.h);
  check(s.t_end / s.h <= max_pile_steps, p, "stepping.t_end",
        fmt::format("t_end/h must be at most {:g} steps (t_end/h = {:g})", max_pile_steps, s.t_end / s.h), s.t_end);
  check(s.theta >= 0.5 && s.theta <= 1, p, "stepping.theta", "must be in [0.5, 1]", s.theta);
  // Siconos aborts on a tolerance <= 0; a relative error >= 1 accepts any reaction
  check(s.tol >= kMinTol && s.tol < 1, p, "stepping.tol",
        fmt::format("must be in [{:g}, 1) (below, the error is under the rounding of W p + q)", kMinTol), s.tol);
  check(s.consistent_tol == 0 || (s.consistent_tol >= kMinTol && s.consistent_tol < 1), p, "stepping.consistent_tol",
        fmt::format("must be 0 (Siconos' error alone) or in [{:g}, 1)", kMinTol), s.consistent_tol);
  check(s.max_sweeps >= 1 && s.max_sweeps <= max_pile_sweeps, p, "stepping.max_sweeps",
        fmt::format("must be an integer in [1, {}]", max_pile_sweeps), std::to_string(s.max_sweeps));
}

}  // namespace

double largest_pile_diameter(const PileSpheres& spheres) { return spheres.diameter * (1.0 + spheres.polydispersity); }

void validate(const PileProblem& p) {
  validate_spheres(p);
  validate_geometry(p);
  validate_law(p);
  validate_stepping(p);
}

PileProblem parse_pile_problem(const json& document, const std::string& source) {
  Section root(document, source + ": ");
  PileProblem p;
  p.source = source;
  root.check_schema(kSchema);
  root.optional_string("name", p.name);
  read_spheres(root.object("spheres"), p.spheres);
  read_drop(root.object("drop"), p.drop);
  read_law(root.object("law"), p.law);
  Section plane = root.object("plane");
  p.plane.width = plane.finite(plane.need("width"), "width");
  plane.done();
  if (const json* g = root.find("gravity")) p.gravity = root.finite(*g, "gravity");
  read_stepping(root.object("stepping"), p.stepping);
  if (const json* seed = root.find("seed"))
    p.seed = root.integer(*seed, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  root.done();
  validate(p);
  return p;
}

PileProblem load_pile_problem(const std::string& path) {
  return parse_pile_problem(parse_json_input(read_input(path), path), path);
}

json pile_problem_to_json(const PileProblem& p) {
  return {{"schema", kSchema},
          {"name", p.name},
          {"spheres",
           {{"count", p.spheres.count},
            {"diameter", p.spheres.diameter},
            {"polydispersity", p.spheres.polydispersity},
            {"density", p.spheres.density}}},
          {"drop",
           {{"height", p.drop.height},
            {"offset", json::array({p.drop.offset_lo, p.drop.offset_hi})},
            {"interval", p.drop.interval},
            {"redraws", p.drop.redraws}}},
          {"law", {{"mu", p.law.mu}, {"mu_r", p.law.mu_r}, {"e", p.law.e}}},
          {"plane", {{"width", p.plane.width}}},
          {"gravity", p.gravity},
          {"stepping",
           {{"h", p.stepping.h},
            {"t_end", p.stepping.t_end},
            {"theta", p.stepping.theta},
            {"tol", p.stepping.tol},
            {"consistent_tol", p.stepping.consistent_tol},
            {"max_sweeps", p.stepping.max_sweeps}}},
          {"seed", p.seed}};
}

}  // namespace limitdir
