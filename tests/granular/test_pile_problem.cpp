// The pile problem file "limitdir.pile/1" (docs/manual.md section 15, granular/pile_problem.hpp):
// the bundled files are the set-ups of [Acary & Bourrier 2021] Sect. 6.2 and of Siconos' tutorial,
// every file round-trips, and each bad value is a one-line InputError naming its key path.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>

#include "granular/pile_files.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pluviation.hpp"

namespace test_pile_problem {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;
using limitdir::PileProblem;
using pile_test::bundled;
using pile_test::bundled_problem;

namespace {

/// The InputError of parsing `document` as "pile.json", or "" when it parses.
std::string parse_error(const json& document) {
  try {
    (void)limitdir::parse_pile_problem(document, "pile.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// pile.json with the value at the dotted path `key` replaced.
json with(const std::string& key, const json& value) {
  json document = bundled("pile.json");
  std::string why;
  json* at = limitdir::find_dotted_key(document, key, why);
  REQUIRE_MESSAGE(at != nullptr, why);
  *at = value;
  return document;
}

/// Parsing pile.json with `value` at `key` is one line "pile.json: <key>: ..." containing `what`.
void check_bad(const std::string& key, const json& value, const std::string& what = "") {
  const std::string error = parse_error(with(key, value));
  CAPTURE(key);
  CAPTURE(value.dump());
  CHECK(error.rfind("pile.json: " + key + ": ", 0) == 0);
  CHECK(error.find('\n') == std::string::npos);
  CHECK(error.find(what) != std::string::npos);
}

/// Every field of a problem, to compare two (doubles bit for bit but for the sign of 0).
auto fields(const PileProblem& p) {
  const auto& [s, d, l, t] = std::tie(p.spheres, p.drop, p.law, p.stepping);
  return std::make_tuple(p.name, s.count, s.diameter, s.polydispersity, s.density, d.height, d.offset_lo, d.offset_hi,
                         d.interval, l.mu, l.mu_r, l.e, p.plane.width, p.gravity, t.h, t.t_end, t.theta, t.tol,
                         t.consistent_tol, t.max_sweeps, p.seed);
}

}  // namespace

TEST_CASE("share/problems/pile.json is the set-up of [Acary & Bourrier 2021] Sect. 6.2") {
  const PileProblem p = bundled_problem("pile.json");
  const double d = 0.02;
  CHECK(p.spheres.count == 250);
  CHECK(p.spheres.diameter == d);
  CHECK(p.spheres.polydispersity == 0.0);
  CHECK(p.spheres.density == 1300.0);
  CHECK(p.law.e == 0.0);
  CHECK(p.drop.height == doctest::Approx(10 * d).epsilon(1e-15));     // the centre 10 d above the plane
  CHECK(p.drop.offset_lo == -d / 2);
  CHECK(p.drop.offset_hi == d / 2);
  CHECK(p.plane.width == doctest::Approx(60 * d).epsilon(1e-15));
  CHECK(p.stepping.theta == 1.0);
  CHECK(p.stepping.h == 1e-3);
  CHECK(p.stepping.t_end == 20.0);
  CHECK(p.stepping.tol == 1e-4);
  CHECK(p.law.mu == 0.3);     // one of Fig. 5's mu (docs/errata.md)
  CHECK(p.law.mu_r == 1e-3);  // Siconos' tutorial's, inside the paper's [1e-5, 1]
  CHECK(p.gravity == 9.81);
  // the paper gives no rate; the tutorial's interval sqrt(2 d/g), written as its nearest double
  CHECK(p.drop.interval == std::sqrt(2 * d / p.gravity));
  CHECK(p.seed == 1);
}

TEST_CASE("share/problems/pile-siconos.json is Siconos' tutorial spheres_pile.py with N = 250") {
  const PileProblem p = bundled_problem("pile-siconos.json");
  const double d = 0.02, T = std::sqrt(2 * d / 9.81);
  CHECK(p.spheres.count == 250);
  CHECK(p.spheres.density == 1300.0);  // a whole sphere's mass (the script has half of it)
  CHECK(p.plane.width == doctest::Approx(30 * d).epsilon(1e-15));
  CHECK(p.drop.height == doctest::Approx(7 * d).epsilon(1e-15));
  CHECK(p.drop.offset_lo == 0.0);
  CHECK(p.drop.offset_hi == d / 2);
  CHECK(p.drop.interval == T);
  CHECK(p.stepping.t_end == doctest::Approx(1.1 * 250 * T).epsilon(1e-15));
  CHECK(p.stepping.theta == 0.50001);
  CHECK(p.stepping.h == 1e-3);
  CHECK(p.stepping.tol == 1e-4);
  CHECK(p.stepping.max_sweeps == 1000);
  CHECK(p.law.mu == 0.3);
  CHECK(p.law.mu_r == 1e-3);
  CHECK(p.law.e == 0.0);
}

TEST_CASE("pile_problem_to_json round-trips the bundled files and awkward values through parse_pile_problem") {
  for (const char* name : {"pile.json", "pile-siconos.json"}) {
    CAPTURE(name);
    const PileProblem p = bundled_problem(name);
    const json written = limitdir::pile_problem_to_json(p);
    CHECK(fields(limitdir::parse_pile_problem(written, name)) == fields(p));
    CHECK(limitdir::pile_problem_to_json(limitdir::parse_pile_problem(written, name)) == written);
  }
  PileProblem awkward = bundled_problem("pile.json");
  awkward.name = "a \"quoted\" name";
  awkward.spheres.polydispersity = 1.0 / 3.0;
  awkward.law.mu_r = 1.0 / 7.0 * 1e-3;
  awkward.stepping.theta = 0.5 + 1e-16 * 5;
  awkward.seed = std::numeric_limits<std::uint64_t>::max();  // 2^64 - 1: above every double's exact integer
  CHECK(fields(limitdir::parse_pile_problem(limitdir::pile_problem_to_json(awkward), "p")) == fields(awkward));
}

TEST_CASE("a pile file with only its required keys takes the documented defaults") {
  const json minimal = {{"spheres", {{"count", 3}, {"diameter", 0.02}, {"density", 1300}}},
                        {"drop", {{"height", 0.2}, {"offset", {-0.01, 0.01}}, {"interval", 0.1}}},
                        {"law", {{"mu", 0.3}, {"mu_r", 0.001}}},
                        {"plane", {{"width", 1.2}}},
                        {"stepping", {{"h", 0.001}, {"t_end", 1}}}};
  const PileProblem p = limitdir::parse_pile_problem(minimal, "minimal.json");
  CHECK(p.spheres.polydispersity == 0.0);
  CHECK(p.law.e == 0.0);
  CHECK(p.gravity == 9.81);
  CHECK(p.stepping.theta == 1.0);
  CHECK(p.stepping.tol == 1e-4);
  CHECK(p.stepping.consistent_tol == 0.0);
  CHECK(p.stepping.max_sweeps == 1000);
  CHECK(p.seed == 1);
  CHECK(p.name.empty());
  for (const char* key : {"spheres", "drop", "law", "plane", "stepping"}) {
    json missing = minimal;
    missing.erase(key);
    CHECK(parse_error(missing) == std::string("pile.json: ") + key + ": required key is missing");
  }
  json no_count = minimal;
  no_count["spheres"].erase("count");
  CHECK(parse_error(no_count) == "pile.json: spheres.count: required key is missing");
}

TEST_CASE("unknown keys, a wrong schema and values of the wrong type are one line naming the key") {
  json typo = bundled("pile.json");
  typo["law"]["mu_R"] = 0.1;
  CHECK(parse_error(typo) == "pile.json: law.mu_R: unknown key");
  typo = bundled("pile.json");
  typo["frction"] = json::object();
  CHECK(parse_error(typo) == "pile.json: frction: unknown key");
  check_bad("schema", "limitdir.roll/1", "must be \"limitdir.pile/1\"");
  check_bad("law", 0.3, "must be a JSON object");
  check_bad("law.mu", "0.3", "must be a finite number");
  check_bad("drop.offset", json::array({-0.01}), "must be an array of 2 numbers");
  check_bad("drop.offset", json::array({-0.01, "x"}), "must be an array of 2 finite numbers");
  CHECK(parse_error(json::array()).rfind("pile.json: must be a JSON object", 0) == 0);
}

TEST_CASE("bad input: a diameter or density <= 0 (the spheres' size and mass)") {
  for (const double x : {0.0, -0.02}) {
    check_bad("spheres.diameter", x, "must be a finite number > 0");
    check_bad("spheres.density", x, "must be a finite number > 0");
  }
}

TEST_CASE("bad input: a density above osmium's, spheres whose moment of inertia is no normal number") {
  // issue 36: density 1e300 and 1e-300 ran to a step whose error was NaN (exit 3)
  check_bad("spheres.density", 22591.0, "must be at most 22590 kg/m^3 (osmium");
  check_bad("spheres.density", 1e300, "must be at most 22590 kg/m^3 (osmium");
  // 2/5 m r^2 = (8 pi/15) rho r^5 = 1.6755 rho r^5 below DBL_MIN = 2.2e-308: with r = 0.01 m
  // (pile.json) for rho < 1.3e-298 kg/m^3; with rho = 1300 kg/m^3 for r < 6.3e-63 m; above
  // DBL_MAX = 1.8e308 for r > 1.5e61 m
  for (const auto& [key, value] : {std::pair{"spheres.density", 1e-300}, std::pair{"spheres.diameter", 1e-100},
                                   std::pair{"spheres.diameter", 1e-62}, std::pair{"spheres.diameter", 1e100}}) {
    const std::string error = parse_error(with(key, value));
    CAPTURE(error);
    CHECK(error.rfind("pile.json: spheres.diameter, spheres.density: the moments of inertia 2/5 m r^2", 0) == 0);
    CHECK(error.find('\n') == std::string::npos);
  }
  // just above the bound: rho = 1e-297 kg/m^3 with r = 0.01 m
  CHECK(parse_error(with("spheres.density", 1e-297)).empty());
}

TEST_CASE("bad input: mu or mu_r < 0, e outside [0, 1]") {
  check_bad("law.mu", -0.1, "must be a finite number >= 0 (got -0.1)");
  check_bad("law.mu_r", -1e-3, "must be a finite number >= 0");
  check_bad("law.e", -0.01, "must be in [0, 1]");
  check_bad("law.e", 1.5, "must be in [0, 1]");
  CHECK(parse_error(with("law.e", 1.0)).empty());
  CHECK(parse_error(with("law.mu", 0.0)).empty());
}

TEST_CASE("bad input: h <= 0, h > t_end, t_end/h above max_pile_steps") {
  check_bad("stepping.h", 0.0, "must be a finite number > 0");
  check_bad("stepping.h", -1e-3, "must be a finite number > 0");
  check_bad("stepping.h", 21.0, "must be at most t_end = 20 s");
  check_bad("stepping.t_end", 0.0, "must be a finite number > 0");
  // t_end/h = 2e8 > 1e8 steps; exactly 1e8 is accepted
  check_bad("stepping.t_end", 2e5, "t_end/h must be at most 1e+08 steps");
  CHECK(parse_error(with("stepping.t_end", 1e5)).empty());
}

TEST_CASE("bad input: theta outside [0.5, 1], tol <= 0 (Siconos aborts) or below rounding, max_sweeps < 1") {
  check_bad("stepping.theta", 0.49, "must be in [0.5, 1]");
  check_bad("stepping.theta", 1.01, "must be in [0.5, 1]");
  CHECK(parse_error(with("stepping.theta", 0.5)).empty());
  check_bad("stepping.tol", 0.0, "must be in [1e-15, 1)");
  check_bad("stepping.tol", -1e-4, "must be in [1e-15, 1)");
  check_bad("stepping.tol", 1e-320, "must be in [1e-15, 1)");
  CHECK(parse_error(with("stepping.tol", 1e-15)).empty());
  check_bad("stepping.max_sweeps", 0, "must be an integer in [1, 1000000]");
  check_bad("stepping.max_sweeps", 10.5, "must be an integer in [1, 1000000]");
}

TEST_CASE("bad input: consistent_tol neither 0 nor at least 1e-15 and below 1") {
  // (an optional key the bundled files leave out)
  const auto with_consistent = [](double value) {
    json document = bundled("pile.json");
    document["stepping"]["consistent_tol"] = value;
    return document;
  };
  for (const double bad : {-1e-4, 1e-20, 1.0, 2.0}) {
    const std::string error = parse_error(with_consistent(bad));
    CAPTURE(error);
    CHECK(error.find("pile.json: stepping.consistent_tol: must be 0 (Siconos' error alone) or in [1e-15, 1)") == 0);
    CHECK(error.find('\n') == std::string::npos);
  }
  for (const double good : {0.0, 1e-15, 1e-4, 0.5}) CHECK(parse_error(with_consistent(good)).empty());
}

TEST_CASE("bad input: a plane no wider than the largest sphere, a drop height at or below the largest radius") {
  check_bad("plane.width", 0.02, "wider than the largest sphere");
  check_bad("drop.height", 0.01, "above the largest radius 0.01 m");
  // with polydispersity 0.5 the largest diameter is 1.5 d = 0.03 m: width 0.025 and height 0.015 fail
  json poly = with("spheres.polydispersity", 0.5);
  poly["plane"]["width"] = 0.025;
  poly["drop"]["offset"] = {0, 0};
  CHECK(parse_error(poly).rfind("pile.json: plane.width: must be finite and wider than the largest sphere, d (1 + "
                                "polydispersity) = 0.03 m (got 0.025)", 0) == 0);
  poly["plane"]["width"] = 1.2;
  poly["drop"]["height"] = 0.015;
  CHECK(parse_error(poly).rfind("pile.json: drop.height: ", 0) == 0);
}

TEST_CASE("bad input: drop offsets reversed or off the plane") {
  check_bad("drop.offset", json::array({0.01, -0.01}), "must be [lo, hi] with lo <= hi (got [0.01, -0.01])");
  check_bad("drop.offset", json::array({-0.7, 0.01}), "must lie over the plane, in [-width/2, width/2] = [-0.6, 0.6] m");
  check_bad("drop.interval", 0.0, "must be a finite number > 0");
  CHECK(parse_error(with("drop.offset", json::array({0.0, 0.0}))).empty());  // one drop point
}

TEST_CASE("bad input: drop.redraws outside [0, max_pile_redraws] or not an integer") {
  check_bad("drop.redraws", -1, "must be an integer in [0, 1000]");
  check_bad("drop.redraws", 1001, "must be an integer in [0, 1000]");
  check_bad("drop.redraws", 2.5, "must be an integer in [0, 1000]");
  CHECK(parse_error(with("drop.redraws", 0)).empty());
  CHECK(parse_error(with("drop.redraws", 1000)).empty());
  // written back and read again
  PileProblem p = bundled_problem("pile.json");
  p.drop.redraws = 17;
  CHECK(limitdir::parse_pile_problem(limitdir::pile_problem_to_json(p), "x").drop.redraws == 17);
  // an override past the file (--set): validate names the key
  p.drop.redraws = 5000;
  CHECK_THROWS_WITH_AS(limitdir::validate(p), doctest::Contains("drop.redraws: must be an integer in [0, 1000]"),
                       limitdir::InputError);
}

TEST_CASE("bad input: polydispersity outside [0, 0.5]") {
  check_bad("spheres.polydispersity", -0.1, "must be in [0, 0.5]");
  check_bad("spheres.polydispersity", 0.6, "must be in [0, 0.5]");
}

TEST_CASE("bad input: a count < 1 or above max_pile_spheres: 10^9 spheres fail at once, before any allocation") {
  check_bad("spheres.count", 0, "must be an integer in [1, 10000000]");
  check_bad("spheres.count", -5, "must be an integer in [1, 10000000]");
  check_bad("spheres.count", 1000000000, "must be an integer in [1, 10000000]");
  check_bad("spheres.count", 1e9, "must be an integer in [1, 10000000]");  // written 1e9: a float
  check_bad("spheres.count", 250.5, "must be an integer");
  // an override past the file (as --set would make): pluviate validates before it reserves 10^9
  // births (48 GB), so the error is an InputError, not an allocation failure
  PileProblem p = bundled_problem("pile.json");
  p.spheres.count = 1000000000;
  CHECK_THROWS_WITH_AS(limitdir::pluviate(p),
                       "pile.json: spheres.count: must be an integer in [1, 10000000] (the most spheres of one pile) "
                       "(got 1000000000)",
                       InputError);
}

TEST_CASE("bad input: a seed that is not a non-negative integer") {
  check_bad("seed", -1, "must be an integer in [0, 18446744073709551615]");
  check_bad("seed", 1.5, "must be an integer in [0, 18446744073709551615]");
  check_bad("seed", "1", "must be an integer");
  CHECK(bundled_problem("pile.json").seed == 1);
  CHECK(limitdir::parse_pile_problem(with("seed", 0), "p").seed == 0);
}

TEST_CASE("validate checks an overridden problem as the file is checked, naming the source and the key") {
  PileProblem p = bundled_problem("pile-siconos.json");
  CHECK_NOTHROW(limitdir::validate(p));
  p.law.mu = -0.1;
  CHECK_THROWS_WITH_AS(limitdir::validate(p), "pile-siconos.json: law.mu: must be a finite number >= 0 (got -0.1)",
                       InputError);
  p = bundled_problem("pile-siconos.json");
  p.stepping.h = std::nan("");
  CHECK_THROWS_WITH_AS(limitdir::validate(p), "pile-siconos.json: stepping.h: must be a finite number > 0 (got nan)",
                       InputError);
  p = bundled_problem("pile-siconos.json");
  p.stepping.max_sweeps = 0;
  CHECK_THROWS_AS(limitdir::validate(p), InputError);
}

TEST_CASE("share/schemas/pile.schema.json accepts the bundled files and rejects broken ones") {
  CHECK(pile_test::schema_accepts("pile.schema.json", {bundled("pile.json"), bundled("pile-siconos.json")}, true));
  json unknown = bundled("pile.json");
  unknown["law"]["mu_R"] = 0.1;
  json no_law = bundled("pile.json");
  no_law.erase("law");
  CHECK(pile_test::schema_accepts("pile.schema.json",
                                  {unknown, no_law, with("law.mu", -0.1), with("spheres.count", 0),
                                   with("stepping.theta", 0.4), with("law.e", 1.5), with("seed", -1),
                                   with("spheres.count", 1e9)},
                                  false));
}

TEST_CASE("bad input: gravity above 1000 g, a scene beyond 1e6 smallest radii (the positions' rounding)") {
  // gravity 1e300 and drop.height 1e300 reached a step with a NaN error or a birth overlapping
  // through rounding (exit 3); they are bad input, one line naming the key.
  check_bad("gravity", 1e300, "must be at most 9810 m/s^2");
  check_bad("gravity", 9810.1, "must be at most 9810 m/s^2");
  CHECK(parse_error(with("gravity", 9810.0)).empty());
  // d = 0.02 m: the smallest radius 0.01 m, at most 1e4 m
  for (const auto& [key, value] : {std::pair<const char*, double>{"drop.height", 1e300}, {"plane.width", 2.1e4}}) {
    CAPTURE(key);
    const std::string error = parse_error(with(key, value));
    CHECK(error.rfind("pile.json: drop.height, plane.width: the scene must fit within 1e+06 of the smallest radius", 0) == 0);
    CHECK(error.find('\n') == std::string::npos);
  }
  CHECK(parse_error(with("drop.height", 1e4)).empty());
}

}  // namespace test_pile_problem
