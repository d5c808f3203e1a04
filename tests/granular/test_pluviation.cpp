// The pluviation of a pile (docs/manual.md section 15, granular/pluviation.hpp): reproducible
// from the seed, uniform offsets, whole spheres' masses, births that touch but never overlap,
// and the scene document against its schema.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "granular/pile_files.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/granular/pluviation.hpp"

namespace test_pluviation {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;
using limitdir::PileProblem;
using limitdir::SphereBirth;
using pile_test::bundled_problem;

namespace {

/// The births' doubles equal bit for bit.
bool same_bits(const std::vector<SphereBirth>& a, const std::vector<SphereBirth>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x[] = {a[i].t, a[i].position.x(), a[i].position.y(), a[i].position.z(), a[i].radius, a[i].mass};
    const double y[] = {b[i].t, b[i].position.x(), b[i].position.y(), b[i].position.z(), b[i].radius, b[i].mass};
    if (std::memcmp(x, y, sizeof x) != 0) return false;
  }
  return true;
}

/// A pile of `count` spheres over a wide drop area, one interval T = sqrt(2 (1.5 d)/g) apart: a
/// sphere has fallen g T^2/2 = 1.5 d, the largest diameter of any polydispersity, when the next
/// one is born, so that no two overlap.
PileProblem rain(long long count) {
  PileProblem p = bundled_problem("pile.json");
  p.spheres.count = count;
  p.drop.offset_lo = -0.3;
  p.drop.offset_hi = 0.5;
  p.drop.interval = std::sqrt(2 * 1.5 * p.spheres.diameter / p.gravity);
  return p;
}

/// Sample mean and (unbiased) variance.
std::pair<double, double> moments(const std::vector<double>& x) {
  double mean = 0.0;
  for (const double v : x) mean += v;
  mean /= static_cast<double>(x.size());
  double var = 0.0;
  for (const double v : x) var += (v - mean) * (v - mean);
  return {mean, var / static_cast<double>(x.size() - 1)};
}

// A sample statistic within 5 standard errors of its law's value: the stream is fixed by the
// seed, so this either always or never passes; 5 sigma would fail for a correct generator
// with probability 6e-7.
constexpr double kSigmas = 5.0;

/// The sample of n uniform values on [lo, hi]: mean (lo + hi)/2 and variance (hi - lo)^2/12
/// with standard errors sqrt(var/n) and (hi - lo)^2 sqrt((1/80 - 1/144)/n) = (hi - lo)^2/sqrt(180 n)
/// (Var(s^2) ~ (mu_4 - sigma^4)/n, mu_4 = (hi - lo)^4/80 for the uniform law).
void check_uniform(const std::vector<double>& x, double lo, double hi) {
  const auto [mean, var] = moments(x);
  const double n = static_cast<double>(x.size()), w = hi - lo;
  CHECK(std::fabs(mean - (lo + hi) / 2) < kSigmas * std::sqrt(w * w / 12 / n));
  CHECK(std::fabs(var - w * w / 12) < kSigmas * w * w / std::sqrt(180 * n));
  for (const double v : x) {  // lo + u (hi - lo) with u < 1 may round up to hi
    REQUIRE(v >= lo);
    REQUIRE(v <= hi);
  }
}

// mass = density 4/3 pi r^3: six roundings of eps/2 each in either order of the products.
constexpr double kMassRounding = 6 * DBL_EPSILON;

}  // namespace

TEST_CASE("the same seed gives the same births bit for bit, another seed other births") {
  PileProblem p = bundled_problem("pile.json");
  const auto a = limitdir::pluviate(p), b = limitdir::pluviate(p);
  REQUIRE(a.size() == 250);
  CHECK(same_bits(a, b));
  p.seed = 2;
  const auto c = limitdir::pluviate(p);
  CHECK(!same_bits(a, c));
  int moved = 0;
  for (std::size_t i = 0; i < a.size(); ++i) moved += a[i].position.x() != c[i].position.x();
  CHECK(moved == 250);
}

TEST_CASE("sphere i is born at rest at t = i interval, at the drop height, of diameter d without polydispersity") {
  const PileProblem p = bundled_problem("pile.json");
  const auto births = limitdir::pluviate(p);
  for (std::size_t i = 0; i < births.size(); ++i) {
    CHECK(births[i].t == static_cast<double>(i) * p.drop.interval);
    CHECK(births[i].position.z() == p.drop.height);
    CHECK(births[i].radius == p.spheres.diameter / 2);
  }
}

TEST_CASE("the draws are std::mt19937_64(seed) with u = (x >> 11) 2^-53, in the order x, y, diameter factor") {
  PileProblem p = rain(3);
  p.seed = 12345;
  p.spheres.polydispersity = 0.25;
  const auto births = limitdir::pluviate(p);
  std::mt19937_64 random(12345);
  const double lo = p.drop.offset_lo, hi = p.drop.offset_hi, d = p.spheres.diameter;
  for (const SphereBirth& b : births) {
    const double ux = std::ldexp(static_cast<double>(random() >> 11), -53);
    const double uy = std::ldexp(static_cast<double>(random() >> 11), -53);
    const double ud = std::ldexp(static_cast<double>(random() >> 11), -53);
    CHECK(b.position.x() == lo + ux * (hi - lo));
    CHECK(b.position.y() == lo + uy * (hi - lo));
    CHECK(b.radius == doctest::Approx(d * (1 + 0.25 * (2 * ud - 1)) / 2).epsilon(4 * DBL_EPSILON));
  }
}

TEST_CASE("the offsets are uniform in [lo, hi]: range, sample mean and variance of 10^5 births") {
  const PileProblem p = rain(100000);
  const auto births = limitdir::pluviate(p);
  std::vector<double> x, y;
  for (const SphereBirth& b : births) x.push_back(b.position.x()), y.push_back(b.position.y());
  check_uniform(x, p.drop.offset_lo, p.drop.offset_hi);
  check_uniform(y, p.drop.offset_lo, p.drop.offset_hi);
}

TEST_CASE("polydispersity: diameters uniform in [d (1 - p), d (1 + p)], and the offsets' stream does not depend on p") {
  PileProblem p = rain(100000);
  const auto mono = limitdir::pluviate(p);
  p.spheres.polydispersity = 0.4;
  const auto poly = limitdir::pluviate(p);
  std::vector<double> diameters;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    diameters.push_back(2 * poly[i].radius);
    CHECK(poly[i].position.x() == mono[i].position.x());
    CHECK(poly[i].position.y() == mono[i].position.y());
  }
  const double d = p.spheres.diameter;
  check_uniform(diameters, d * 0.6, d * 1.4);
}

TEST_CASE("each sphere's mass is density 4/3 pi r^3, a whole sphere's (the paper's 0.0054454 kg for d = 0.02 m)") {
  PileProblem p = rain(1000);
  p.spheres.polydispersity = 0.5;
  for (const SphereBirth& b : limitdir::pluviate(p)) {
    const double whole = 4.0 / 3.0 * M_PI * std::pow(b.radius, 3) * p.spheres.density;
    CHECK(std::fabs(b.mass - whole) <= kMassRounding * whole);
  }
  // 1300 kg/m^3 x 4/3 pi (0.01 m)^3 = 1300 x 4.18879e-6 m^3 = 5.44543e-3 kg (by hand)
  CHECK(limitdir::pluviate(bundled_problem("pile.json"))[0].mass == doctest::Approx(5.44543e-3).epsilon(1e-6));
}

TEST_CASE("the tutorial's interval sqrt(2 d/g) makes consecutive spheres touch, not overlap, and a shorter one is bad input") {
  // one drop point: sphere i - 1 has fallen g T^2/2 = d, exactly one diameter, when sphere i is born
  PileProblem p = bundled_problem("pile-siconos.json");
  p.drop.offset_lo = p.drop.offset_hi = 0.005;
  const auto births = limitdir::pluviate(p);
  const double T = p.drop.interval, fall = 0.5 * p.gravity * T * T;
  CHECK(fall == doctest::Approx(p.spheres.diameter).epsilon(1e-15));
  CHECK(births.size() == 250);
  p.drop.interval = T * (1 - 1e-6);
  CHECK_THROWS_WITH_AS(limitdir::pluviate(p),
                       doctest::Contains("pile-siconos.json: spheres 0 and 1 overlap at birth (gap -"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::pluviate(p), doctest::Contains("m): make drop.interval larger"), InputError);
  // the bundled files, with random offsets, never overlap
  CHECK_NOTHROW(limitdir::pluviate(bundled_problem("pile.json")));
  CHECK_NOTHROW(limitdir::pluviate(bundled_problem("pile-siconos.json")));
}

TEST_CASE("the overlap check at birth agrees with all pairs in free fall (a dense rain over a wide area)") {
  // a short interval over a wide area: overlaps come at random births. Each run's verdict and the
  // pair it names against every earlier sphere at its free-fall height (all pairs, no grid)
  int threw = 0, passed = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    PileProblem p = rain(150);
    p.seed = seed;
    p.spheres.polydispersity = 0.3;
    p.drop.offset_lo = -0.3, p.drop.offset_hi = 0.3;
    p.drop.interval = 0.02;
    PileProblem apart = p;  // the same draws (they do not depend on the interval), no overlap
    apart.drop.interval = 1.0;
    const auto births = limitdir::pluviate(apart);
    const auto overlap = [&](long long j, long long i) {
      const double fall = 0.5 * p.gravity * std::pow(static_cast<double>(i - j) * p.drop.interval, 2);
      const auto& a = births[static_cast<std::size_t>(i)];
      const auto& b = births[static_cast<std::size_t>(j)];
      return (a.position - b.position + Eigen::Vector3d(0, 0, fall)).norm() < a.radius + b.radius;
    };
    long long first = -1;  // the first sphere born into an earlier one
    for (long long i = 0; i < 150 && first < 0; ++i)
      for (long long j = 0; j < i && first < 0; ++j)
        if (overlap(j, i)) first = i;
    CAPTURE(seed);
    std::string error;
    try {
      (void)limitdir::pluviate(p);
    } catch (const InputError& e) {
      error = e.what();
    }
    if (first < 0) {
      CHECK(error.empty());
      ++passed;
      continue;
    }
    ++threw;
    long long j = -1, i = -1;
    REQUIRE(std::sscanf(error.c_str(), "pile.json: spheres %lld and %lld overlap at birth", &j, &i) == 2);
    CHECK(i == first);
    CHECK(j < i);
    CHECK(overlap(j, i));
  }
  CHECK(threw > 0);
  CHECK(passed > 0);
}

TEST_CASE("drop.redraws: a rain without overlaps, checked against all pairs in free fall, and the same births where none was needed") {
  PileProblem p = rain(400);
  p.spheres.polydispersity = 0.3;
  p.drop.offset_lo = -0.1, p.drop.offset_hi = 0.1;
  p.drop.interval = 0.002;  // dense: without redraws an overlap comes within the first births
  CHECK_THROWS_WITH_AS(limitdir::pluviate(p), doctest::Contains("(or allow drop.redraws)"), InputError);
  p.drop.redraws = 1000;
  const auto births = limitdir::pluviate(p);
  REQUIRE(births.size() == 400);
  // every pair, no grid: sphere j has fallen g ((i - j) T)^2/2 when sphere i is born
  for (std::size_t i = 0; i < births.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const double fall = 0.5 * p.gravity * std::pow(static_cast<double>(i - j) * p.drop.interval, 2);
      const double gap = (births[i].position - births[j].position + Eigen::Vector3d(0, 0, fall)).norm() -
                         (births[i].radius + births[j].radius);
      CAPTURE(i);
      CAPTURE(j);
      CHECK(gap >= -limitdir::birth_gap_rounding * (births[i].radius + births[j].radius));
    }
  // births still uniform in the square: the mean of x and y within 4 standard errors of 0
  // (uniform on [-0.1, 0.1]: sigma = 0.2/sqrt(12), standard error sigma/sqrt(400) = 2.9e-3)
  double mx = 0, my = 0;
  for (const auto& b : births) mx += b.position.x() / 400, my += b.position.y() / 400;
  CHECK(std::fabs(mx) <= 4 * 2.9e-3);
  CHECK(std::fabs(my) <= 4 * 2.9e-3);
  // a problem that needs no redraw draws the same numbers with any drop.redraws
  const PileProblem paper = bundled_problem("pile.json");
  PileProblem redrawn = paper;
  redrawn.drop.redraws = 1000;
  const auto a = limitdir::pluviate(paper), b = limitdir::pluviate(redrawn);
  REQUIRE(a.size() == b.size());
  for (std::size_t k = 0; k < a.size(); ++k) CHECK(a[k].position == b[k].position);
  // from one point no redraw helps: the error names the redraws
  PileProblem point = bundled_problem("pile-siconos.json");
  point.drop.offset_lo = point.drop.offset_hi = 0.0;
  point.drop.interval *= 0.5;
  point.drop.redraws = 3;
  CHECK_THROWS_WITH_AS(limitdir::pluviate(point), doctest::Contains("overlap at birth (gap -"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::pluviate(point), doctest::Contains("after 3 redraws: make drop.interval larger or drop.offset wider"),
                       InputError);
}

TEST_CASE("the scene document: the problem's plane, law and stepping and every birth, valid against its schema") {
  const PileProblem p = bundled_problem("pile.json");
  const auto births = limitdir::pluviate(p);
  const json scene = limitdir::pile_scene_to_json(p, births);
  CHECK(scene["schema"] == "limitdir.pile-scene/1");
  CHECK(scene["name"] == p.name);
  CHECK(scene["gravity"] == 9.81);
  CHECK(scene["plane"]["width"] == 1.2);
  CHECK(scene["law"] == json({{"mu", 0.3}, {"mu_r", 0.001}, {"e", 0.0}}));
  CHECK(scene["stepping"]["theta"] == 1.0);
  CHECK(scene["stepping"]["max_sweeps"] == 1000);
  REQUIRE(scene["spheres"].size() == 250);
  for (std::size_t i = 0; i < births.size(); ++i) {
    const json& s = scene["spheres"][i];
    CHECK(s["birth"].get<double>() == births[i].t);
    CHECK(s["position"][0].get<double>() == births[i].position.x());
    CHECK(s["position"][1].get<double>() == births[i].position.y());
    CHECK(s["position"][2].get<double>() == births[i].position.z());
    CHECK(s["radius"].get<double>() == births[i].radius);
    CHECK(s["mass"].get<double>() == births[i].mass);
  }
  // full precision: the text read back gives the same doubles
  CHECK(json::parse(scene.dump()) == scene);
  CHECK(pile_test::schema_accepts("pile-scene.schema.json", {scene}, true));
  json no_mass = scene, bad_radius = scene, extra = scene;
  no_mass["spheres"][3].erase("mass");
  bad_radius["spheres"][0]["radius"] = -0.01;
  extra["seed"] = 1;
  CHECK(pile_test::schema_accepts("pile-scene.schema.json", {no_mass, bad_radius, extra}, false));
}

}  // namespace test_pluviation
