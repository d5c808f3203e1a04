// The exact friction model of a circular contact, [Nonlinear Dyn. 2024] Sect. 3.3-4 and 5.3, against
// values obtained independently of the library:
//  * reference_quadrature.hpp: brute-force 2-D quadrature of (23) with (20)-(22) (no elliptic
//    integrals, no library code);
//  * the paper's closed forms (59)-(60), (62)-(63) with the docs/errata.md, coded here from
//    the printed formulas with the C++17 std::comp_ellint_1/2;
//  * the series (78)-(79) with the docs/errata.md (coefficients re-derived from the series of
//    K(m) and E(m), see the comments there);
//  * identities the maths guarantees (Propositions 1-5, (47)-(55)) and closed-form moments.
// Units: R = 1, mu = 1, q = (Q_x, Q_y, T_z/rho)/(mu P) (docs/manual.md section 1).
#include <doctest/doctest.h>

#include <cmath>
#include <exception>
#include <iomanip>
#include <limits>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "reference_quadrature.hpp"

namespace test_exact_model {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using Vec = Eigen::Vector3d;
using limitdir::ExactMethod;
using limitdir::make_exact_model;
using limitdir::Pressure;

constexpr double kPi = 3.14159265358979323846;
const double kInf = std::numeric_limits<double>::infinity();

// kappa/R from the closed forms (76), (77) and docs/errata.md (Galin), not from the library.
constexpr double kKappaUniform = 2.0 / 3.0;
constexpr double kKappaHertz = 3.0 * kPi / 16.0;
constexpr double kKappaGalin = kPi / 4.0;

std::string str(const Vec& v) {
  std::ostringstream os;
  os << std::setprecision(17) << "(" << v(0) << ", " << v(1) << ", " << v(2) << ")";
  return os.str();
}
std::string str(double x) {
  std::ostringstream os;
  os << std::setprecision(17) << x;
  return os.str();
}

double rel_err(const Vec& got, const Vec& want) { return (got - want).norm() / want.norm(); }

/// A pressure as the library sees it and as the reference sees it (coded independently).
struct PressurePair {
  std::string name;
  Pressure lib;
  reference::RadialPressure ref;
};

PressurePair uniform_pair() { return {"uniform", Pressure::uniform(), reference::uniform_pressure()}; }
PressurePair hertz_pair() { return {"hertz", Pressure::hertz(), reference::hertz_pressure()}; }
PressurePair galin_pair() { return {"galin", Pressure::galin(), reference::galin_pressure()}; }
PressurePair power_pair(double alpha) {
  return {"power alpha=" + str(alpha), Pressure::power(alpha), reference::power_pressure(alpha)};
}
PressurePair profile_pair() {
  const std::vector<double> xs = {0.0, 0.3, 0.6, 1.0}, ps = {1.0, 0.9, 0.5, 0.2};
  return {"profile", Pressure::profile(xs, ps), reference::tabulated_pressure(xs, ps)};
}

/// Slip vector x_o = (u_x, u_y, rho omega) with slip-spin ratio eps (35), longitude phi and
/// spin sign s (R = 1): u = eps (cos phi, sin phi), omega = s for eps <= 1, and
/// u = (cos phi, sin phi), omega = s/eps for eps > 1 (the same direction, |x_o| ~ 1).
Vec x_with_epsilon(double eps, double phi, double s, double rho) {
  if (eps > 1.0) return Vec(std::cos(phi), std::sin(phi), s * rho / eps);
  return Vec(eps * std::cos(phi), eps * std::sin(phi), s * rho);
}

/// >= 20 directions: both poles, the equator, eps = 1 and 1 +- 1e-9, eps = 1e-6 and 1e6 (and
/// 1e-300, 1e300: the reference's error there is ~1e-16 |q| absolute, fine for the norm), a few
/// moderate eps, and one random direction in each of the 8 octants (all signs of w1, w2, w3).
std::vector<std::pair<std::string, Vec>> test_directions(double rho) {
  std::vector<std::pair<std::string, Vec>> d;
  d.push_back({"north pole", Vec(0, 0, 1)});
  d.push_back({"south pole", Vec(0, 0, -1)});
  d.push_back({"equator phi=0", Vec(1, 0, 0)});
  d.push_back({"equator phi=2.3", Vec(std::cos(2.3), std::sin(2.3), 0)});
  d.push_back({"equator phi=-pi/2", Vec(0, -1, 0)});
  d.push_back({"eps=1 +spin", x_with_epsilon(1.0, 0.4, 1, rho)});
  d.push_back({"eps=1 -spin", x_with_epsilon(1.0, -2.6, -1, rho)});
  d.push_back({"eps=1-1e-9", x_with_epsilon(1.0 - 1e-9, 1.9, 1, rho)});
  d.push_back({"eps=1+1e-9", x_with_epsilon(1.0 + 1e-9, -0.8, -1, rho)});
  d.push_back({"eps=1e-6", x_with_epsilon(1e-6, 2.8, 1, rho)});
  d.push_back({"eps=1e6", x_with_epsilon(1e6, -1.3, -1, rho)});
  d.push_back({"eps=1e-300", x_with_epsilon(1e-300, 0.4, -1, rho)});  // next to a pole
  d.push_back({"eps=1e300", x_with_epsilon(1e300, -2.2, 1, rho)});    // next to the equator
  d.push_back({"eps=0.5", x_with_epsilon(0.5, 0.1, -1, rho)});
  d.push_back({"eps=0.99", x_with_epsilon(0.99, -3.0, 1, rho)});
  d.push_back({"eps=1.01", x_with_epsilon(1.01, 1.2, 1, rho)});
  d.push_back({"eps=2", x_with_epsilon(2.0, 2.2, -1, rho)});
  d.push_back({"eps=sqrt2", x_with_epsilon(std::sqrt(2.0), -2.0, 1, rho)});
  d.push_back({"eps=7", x_with_epsilon(7.0, 0.9, 1, rho)});
  std::mt19937_64 gen(20240611);
  std::uniform_real_distribution<double> mag(0.05, 1.0);
  for (int oct = 0; oct < 8; ++oct) {
    const Vec s((oct & 1) ? -1.0 : 1.0, (oct & 2) ? -1.0 : 1.0, (oct & 4) ? -1.0 : 1.0);
    const double a = mag(gen), b = mag(gen), c = mag(gen);  // sequenced: reproducible
    const Vec x(s(0) * a, s(1) * b, s(2) * c);
    d.push_back({"random octant " + std::to_string(oct), x});
  }
  return d;
}

/// The core comparison: |q - q_ref| <= 1e-12 |q_ref| at every test direction, rho = kappa
/// and rho = R, for each requested evaluation method of the library.
void compare_with_reference(const PressurePair& pp, const std::vector<ExactMethod>& methods) {
  const double kappa = reference::kappa(pp.ref);  // (39) by the reference's own quadrature
  for (double rho : {kappa, 1.0}) {
    std::vector<std::unique_ptr<limitdir::ExactModel>> models;
    for (ExactMethod m : methods) models.push_back(make_exact_model(pp.lib, rho, m));
    for (const auto& [label, x] : test_directions(rho)) {
      const Vec want = reference::friction(pp.ref, x, rho);
      for (std::size_t i = 0; i < models.size(); ++i) {
        INFO(pp.name, ", rho = ", str(rho), ", ", label, ", method ",
             std::string(methods[i] == ExactMethod::automatic ? "automatic" : "ring_quadrature"), ", x = ", str(x));
        Vec got;
        try {
          got = models[i]->q(x);
        } catch (const std::exception& e) {
          FAIL_CHECK((std::string("library threw: ") + e.what()));
          continue;
        }
        INFO("library q = ", str(got), ", reference q = ", str(want), ", rel. error = ", str(rel_err(got, want)));
        CHECK(rel_err(got, want) <= 1e-12);
      }
    }
  }
}

// ---- the paper's closed forms, coded from the printed formulas --------------------------
// K(m), E(m) of (59)-(60) take the PARAMETER m (docs/errata.md); std::comp_ellint_1/2 take
// the MODULUS k = sqrt(m). libstdc++'s comp_ellint_2 is only ~5e-13 accurate near k = 1
// (measured against Boost in long double), which is why these comparisons use 1e-10.
double K_of_m(double m) { return std::comp_ellint_1(std::sqrt(m)); }
double E_of_m(double m) { return std::comp_ellint_2(std::sqrt(m)); }

/// (57)-(60) with the erratum of (58): T_eps2 for eps >= 1.
std::pair<double, double> uniform_printed(double e) {
  if (e < 1.0) {
    const double m = e * e;
    const double Q = 4.0 / 3.0 * ((e * e + 1) * E_of_m(m) + (e * e - 1) * K_of_m(m)) / (e * kPi);
    const double T = 2.0 / 3.0 * ((4 - 2 * e * e) * E_of_m(m) + (e * e - 1) * K_of_m(m)) / kPi;
    return {Q, T};
  }
  const double m = 1.0 / (e * e);
  const double Q = 4.0 / 3.0 * ((e * e + 1) * E_of_m(m) - (e * e - 1) * K_of_m(m)) / kPi;
  const double T = 2.0 / 3.0 * ((4 - 2 * e * e) * E_of_m(m) + (2 * e * e - 5 + 3 / (e * e)) * K_of_m(m)) / (kPi / e);
  return {Q, T};
}

/// (62)-(63) as printed.
std::pair<double, double> hertz_printed(double e) {
  if (e <= 1.0) return {3 * kPi / 32 * e * (4 - e * e), (3 * e * e * e * e - 8 * e * e + 8) / 8};
  const double as = std::asin(1 / e), sq = std::sqrt(e * e - 1);
  const double Q = 3 / (16 * e) * (e * e * (4 - e * e) * as + (e * e + 2) * sq);
  const double T = ((3 * e * e * e * e - 8 * e * e + 8) * as + (6 - 3 * e * e) * sq) / (4 * kPi);
  return {Q, T};
}

/// (62)-(63) rewritten without cancellation near eps = 1: asin(1/e) = atan2(1, sqrt(e^2-1)),
/// e^2 - 1 = (e-1)(e+1). Used to verify the reference quadrature.
std::pair<double, double> hertz_stable(double e) {
  if (e <= 1.0) return hertz_printed(e);
  const double sq = std::sqrt((e - 1) * (e + 1)), as = std::atan2(1.0, sq);
  const double Q = 3 / (16 * e) * (e * e * (4 - e * e) * as + (e * e + 2) * sq);
  const double T = ((3 * e * e * e * e - 8 * e * e + 8) * as + (6 - 3 * e * e) * sq) / (4 * kPi);
  return {Q, T};
}

struct ModelCase {
  std::string name;
  Pressure pressure;
  double kappa;  // independent closed form
};
std::vector<ModelCase> exact_model_cases() {
  return {{"uniform", Pressure::uniform(), kKappaUniform},
          {"hertz", Pressure::hertz(), kKappaHertz},
          {"galin", Pressure::galin(), kKappaGalin}};
}

std::vector<Vec> generic_directions() {
  return {Vec(0.3, -0.5, 0.8),  Vec(-0.9, 0.2, 0.35), Vec(0.05, 0.07, -0.99), Vec(-0.6, -0.6, -0.1),
          Vec(0.7, 0.1, 1e-7), Vec(1e-7, -2e-7, 1.0), Vec(0.2, 0.4, -0.3)};
}

}  // namespace

// ===================================================================================
// The reference itself (no library): its accuracy is what makes the 1e-12 checks meaningful.
// ===================================================================================

TEST_CASE("Reference quadrature of (23): reproduces (40)-(41), (62)-(63) and is independent of the splitting") {
  // Hertz closed form (62)-(63), stable rewrite, at many eps: observed <= 1.3e-15 relative.
  for (double e : {1e-3, 0.05, 0.2, 0.5, 0.8, 0.999, 1.0 - 1e-6, 1.0, 1.0 + 1e-6, 1.001, 1.3, 2.5, 3.0}) {
    const double rho = 1.0, phi = -2.0;
    const Vec x = x_with_epsilon(e, phi, -1, rho);
    const auto [Q, T] = hertz_stable(e);
    const Vec want(-std::cos(phi) * Q, -std::sin(phi) * Q, +kKappaHertz / rho * T);  // omega < 0
    const Vec got = reference::friction(reference::hertz_pressure(), x, rho);
    INFO("eps = ", str(e), " reference ", str(got), " closed form ", str(want));
    CHECK(rel_err(got, want) <= 1e-14);
  }
  // (40)-(41) for every pressure: exact values -u/|u| and -kappa/rho sign(omega).
  std::vector<PressurePair> all = {uniform_pair(), hertz_pair(), galin_pair(), power_pair(-0.7),
                                   power_pair(0.3), power_pair(2.5), profile_pair()};
  for (const auto& pp : all) {
    const double rho = 0.7;
    const Vec a = reference::friction(pp.ref, Vec(0.6, -0.8, 0.0), rho);
    CHECK((a - Vec(-0.6, 0.8, 0.0)).norm() <= 1e-15);
    const double kappa = reference::kappa(pp.ref);
    const Vec b = reference::friction(pp.ref, Vec(0.0, 0.0, -2.0), rho);
    CHECK((b - Vec(0.0, 0.0, kappa / rho)).norm() <= 1e-15);
  }
  // Independence of the splitting and of the tolerance (extra splits make the quadrature
  // ~20x slower, so one direction per pressure; observed agreement <= 1.2e-15).
  std::mt19937_64 gen(99);
  std::normal_distribution<double> n;
  int i = 0;
  for (const auto& pp : all) {
    const double x1 = n(gen), x2 = n(gen), x3 = n(gen);  // sequenced: reproducible
    const Vec x(x1, x2, x3);
    const double rho = (i++ % 2 == 0) ? 0.6 : 1.0;
    const Vec a = reference::friction(pp.ref, x, rho);
    reference::Options extra;
    extra.extra_radial = {0.137};
    extra.extra_angular = {-2.0};
    reference::Options tight;
    tight.tolerance = 1e-15;
    INFO(pp.name, " x = ", str(x));
    CHECK(rel_err(reference::friction(pp.ref, x, rho, extra), a) <= 1e-14);
    CHECK(rel_err(reference::friction(pp.ref, x, rho, tight), a) <= 1e-14);
  }
  // (20) evaluated literally (slow near the rotation centre, so only a few directions).
  for (const auto& pp : {uniform_pair(), galin_pair()}) {
    const Vec x(0.3, -0.4, 0.55);
    reference::Options direct;
    direct.direct = true;
    CHECK(rel_err(reference::friction(pp.ref, x, 0.8, direct), reference::friction(pp.ref, x, 0.8)) <= 1e-14);
  }
}

// ===================================================================================
// Library vs the brute-force reference
// ===================================================================================

TEST_CASE("(57)-(60) uniform exact model vs brute-force 2-D quadrature of (23)") {
  compare_with_reference(uniform_pair(), {ExactMethod::automatic, ExactMethod::ring_quadrature});
}

TEST_CASE("(62)-(63) Hertz exact model vs brute-force 2-D quadrature of (23)") {
  compare_with_reference(hertz_pair(), {ExactMethod::automatic, ExactMethod::ring_quadrature});
}

TEST_CASE("Galin pressure exact model vs brute-force 2-D quadrature of (23)") {
  compare_with_reference(galin_pair(), {ExactMethod::automatic, ExactMethod::ring_quadrature});
}

TEST_CASE("Power pressure (1 - xi^2)^alpha exact model vs brute-force 2-D quadrature of (23)") {
  for (double alpha : {-0.7, 0.3, 2.5}) {
    compare_with_reference(power_pair(alpha), {ExactMethod::automatic, ExactMethod::ring_quadrature});
  }
}

TEST_CASE("Tabulated pressure profile exact model vs brute-force 2-D quadrature of (23)") {
  compare_with_reference(profile_pair(), {ExactMethod::automatic, ExactMethod::ring_quadrature});
}

TEST_CASE("Ring quadrature agrees with the closed forms") {
  // Two different algorithms inside the library: elliptic closed forms (uniform) and
  // elementary closed forms (Hertz) vs the ring quadrature. Values to 1e-12 relative (per
  // component, zero only where the exact value is zero), derivatives to 1e-10.
  const std::vector<double> eps = {0.0,  1e-300, 1e-12, 1e-6, 0.01, 0.3, 0.7,  0.999, 1.0, 1.001,
                                   1.2,  1.41,   1.42,  2.0,  5.0,  30., 1e3, 1e8,   1e300, kInf};
  for (const auto& pp : {uniform_pair(), hertz_pair()}) {
    for (double rho : {1.0, pp.name == "uniform" ? kKappaUniform : kKappaHertz}) {
      const auto closed = make_exact_model(pp.lib, rho, ExactMethod::automatic);
      const auto ring = make_exact_model(pp.lib, rho, ExactMethod::ring_quadrature);
      for (double e : eps) {
        INFO(pp.name, " rho = ", str(rho), " eps = ", str(e));
        limitdir::ScalarLaw a{}, b{};
        try {
          a = closed->at_epsilon(e);
        } catch (const std::exception& ex) {
          FAIL_CHECK((std::string("closed form threw: ") + ex.what()));
          continue;
        }
        try {
          b = ring->at_epsilon(e);
        } catch (const std::exception& ex) {
          FAIL_CHECK((std::string("ring quadrature threw: ") + ex.what()));
          continue;
        }
        INFO("closed Q, T, dQ, dT = ", str(a.Q), " ", str(a.T), " ", str(a.dQ), " ", str(a.dT));
        INFO("ring   Q, T, dQ, dT = ", str(b.Q), " ", str(b.T), " ", str(b.dQ), " ", str(b.dT));
        CHECK(std::fabs(a.Q - b.Q) <= 1e-12 * std::max(std::fabs(a.Q), std::fabs(b.Q)));
        CHECK(std::fabs(a.T - b.T) <= 1e-12 * std::max(std::fabs(a.T), std::fabs(b.T)));
        CHECK(std::fabs(a.dQ - b.dQ) <= 1e-10 * std::max(std::fabs(a.dQ), std::fabs(b.dQ)) + 1e-14);
        CHECK(std::fabs(a.dT - b.dT) <= 1e-10 * std::max(std::fabs(a.dT), std::fabs(b.dT)) + 1e-14);
        // the values alone (meridian_values: q's path and the harmonic coefficients' (83)), by
        // the ring quadrature's own kernels of E and B, at the same point (53)
        const double n = std::isfinite(e) ? std::hypot(e, rho) : 1.0;
        const double w12 = std::isfinite(e) ? e / n : 1.0, w3 = std::isfinite(e) ? rho / n : 0.0;
        const limitdir::MeridianValue mc = closed->meridian(w12, w3), mv = ring->meridian_values(w12, w3);
        CHECK(std::fabs(mc.C - mv.C) <= 1e-12 * std::fabs(mc.C));
        CHECK(std::fabs(mc.S - mv.S) <= 1e-12 * std::fabs(mc.S));
      }
      for (const Vec& x : generic_directions()) {
        INFO(pp.name, " rho = ", str(rho), " x = ", str(x));
        try {
          CHECK(rel_err(ring->q(x), closed->q(x)) <= 1e-12);
        } catch (const std::exception& ex) {
          FAIL_CHECK((std::string("library threw: ") + ex.what()));
        }
      }
    }
  }
}

// ===================================================================================
// The printed closed forms
// ===================================================================================

TEST_CASE("(57)-(60) as printed with the errata") {
  // (59) for eps <= 1, (59)-(60) second lines for eps >= 1 with T_eps2 (erratum of (58)),
  // K, E in the parameter m (erratum). Moderate eps only: there the printed forms do not
  // cancel badly (at eps = 5 T_eps2 loses ~3.5 digits; measured error there 1.3e-13).
  const auto model = make_exact_model(Pressure::uniform(), kKappaUniform);
  for (double e : {0.2, 0.35, 0.5, 0.7, 0.9, 0.99, 1.01, 1.2, 1.5, 2.0, 3.0, 4.0, 5.0}) {
    const auto [Q, T] = uniform_printed(e);
    const auto got = model->at_epsilon(e);
    INFO("eps = ", str(e), " printed Q, T = ", str(Q), ", ", str(T), "; library ", str(got.Q), ", ", str(got.T));
    CHECK(std::fabs(got.Q - Q) <= 1e-10 * std::fabs(Q));
    CHECK(std::fabs(got.T - T) <= 1e-10 * std::fabs(T));
  }
  // eps = 1: (eps^2 - 1) K -> 0 and E(1) = 1, so Q = 8/(3 pi), T = 4/(3 pi) from both sides.
  const auto one = model->at_epsilon(1.0);
  CHECK(one.Q == doctest::Approx(8.0 / (3.0 * kPi)).epsilon(1e-14));
  CHECK(one.T == doctest::Approx(4.0 / (3.0 * kPi)).epsilon(1e-14));
  // The erratum matters: T_eps1 continued beyond eps = 1 is not even real (K(m), m > 1).
}

TEST_CASE("(62)-(63) as printed for Hertz pressure") {
  const auto model = make_exact_model(Pressure::hertz(), kKappaHertz);
  // eps <= 1: polynomials, no cancellation.
  for (double e : {1e-4, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999, 1.0}) {
    const auto [Q, T] = hertz_printed(e);
    const auto got = model->at_epsilon(e);
    INFO("eps = ", str(e), " printed Q, T = ", str(Q), ", ", str(T), "; library ", str(got.Q), ", ", str(got.T));
    CHECK(std::fabs(got.Q - Q) <= 1e-13 * std::fabs(Q));
    CHECK(std::fabs(got.T - T) <= 1e-13 * std::fabs(T));
  }
  // 1 < eps < 3: arcsin forms; they cancel by at most a factor ~40 there.
  for (double e : {1.01, 1.1, 1.3, 1.7, 2.0, 2.5, 2.9}) {
    const auto [Q, T] = hertz_printed(e);
    const auto got = model->at_epsilon(e);
    INFO("eps = ", str(e), " printed Q, T = ", str(Q), ", ", str(T), "; library ", str(got.Q), ", ", str(got.T));
    CHECK(std::fabs(got.Q - Q) <= 1e-12 * std::fabs(Q));
    CHECK(std::fabs(got.T - T) <= 1e-12 * std::fabs(T));
  }
  // eps = 1 exactly: Q = 9 pi/32, T = 3/8.
  CHECK(model->at_epsilon(1.0).Q == doctest::Approx(9.0 * kPi / 32.0).epsilon(1e-14));
  CHECK(model->at_epsilon(1.0).T == doctest::Approx(3.0 / 8.0).epsilon(1e-14));
}

// ===================================================================================
// Proposition 1 and the symmetries of the axisymmetric problem
// ===================================================================================

TEST_CASE("(24) homogeneity: Proposition 1") {
  const std::vector<Vec> xs = {Vec(0.3, -0.5, 0.8), Vec(-0.9, 0.2, 0.35), Vec(0.6, 0.6, -0.5)};
  for (const auto& pp : {uniform_pair(), hertz_pair(), galin_pair(), profile_pair()}) {
    const double rho = 0.8;
    const auto model = make_exact_model(pp.lib, rho);
    for (const Vec& x : xs) {
      const Vec r = reference::friction(pp.ref, x, rho);
      const Vec m = model->q(x);
      for (double lambda : {1e-3, 7.0, 1e4}) {
        INFO(pp.name, " x = ", str(x), " lambda = ", str(lambda));
        CHECK(rel_err(reference::friction(pp.ref, lambda * x, rho), r) <= 1e-14);
        CHECK(rel_err(model->q(lambda * x), m) <= 1e-14);
      }
      // Only positive homogeneity: lambda < 0 flips q (the numerators of (21)-(22) change sign).
      CHECK(rel_err(model->q(-2.0 * x), -m) <= 1e-14);
      CHECK(rel_err(reference::friction(pp.ref, -2.0 * x, rho), -r) <= 1e-14);
    }
  }
}

TEST_CASE("(24) homogeneity at extreme scales: lambda = 1e-300 and 1e300") {
  // Proposition 1 holds for any lambda > 0, and friction/model.hpp promises q at any nonzero x, also
  // where |x|^2 under- or overflows (the reference only uses ratios and hypot).
  const std::vector<Vec> xs = {Vec(0.3, -0.5, 0.8), Vec(-0.9, 0.2, 0.35), Vec(0.6, 0.6, -0.5)};
  for (const auto& pp : {uniform_pair(), hertz_pair(), galin_pair(), profile_pair()}) {
    const double rho = 0.8;
    const auto model = make_exact_model(pp.lib, rho);
    for (const Vec& x : xs) {
      const Vec r = reference::friction(pp.ref, x, rho);
      const Vec m = model->q(x);
      for (double lambda : {1e-300, 1e300}) {
        INFO(pp.name, " x = ", str(x), " lambda = ", str(lambda));
        CHECK(rel_err(reference::friction(pp.ref, lambda * x, rho), r) <= 1e-14);
        try {
          const Vec got = model->q(lambda * x);
          INFO("library q(lambda x) = ", str(got), ", q(x) = ", str(m));
          CHECK(rel_err(got, m) <= 1e-14);
        } catch (const std::exception& e) {
          FAIL_CHECK((std::string("library threw: ") + e.what()));
        }
      }
    }
  }
}

TEST_CASE("Proposition 2, (40)-(41): pure translation and pure spin") {
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      INFO(c.name, " rho = ", str(rho));
      // (40): q = -(u/|u|, 0) for omega = 0.
      for (double phi : {0.0, 0.7, 2.0, -1.0, kPi}) {
        const Vec u(std::cos(phi), std::sin(phi), 0.0);
        CHECK((model->q(3.0 * u) + u).norm() <= 1e-15);
      }
      // (41): T_z = -mu kappa P sign(omega), Q = 0, i.e. q = (0, 0, -kappa/rho sign(omega)).
      CHECK((model->q(Vec(0, 0, 2.0)) - Vec(0, 0, -c.kappa / rho)).norm() <= 1e-15);
      CHECK((model->q(Vec(0, 0, -0.5)) - Vec(0, 0, c.kappa / rho)).norm() <= 1e-15);
    }
  }
  // On the reference for every pressure: see "Reference quadrature of (23)...". The power
  // family against the Gamma-function kappa:
  for (double alpha : {-0.7, 0.3, 2.5}) {
    const double kappa = std::tgamma(1.5) * std::tgamma(alpha + 2) / std::tgamma(alpha + 2.5);
    const Vec q = reference::friction(reference::power_pressure(alpha), Vec(0, 0, 1), 1.0);
    CHECK((q - Vec(0, 0, -kappa)).norm() <= 1e-14);
  }
}

TEST_CASE("Proposition 3, (42)-(43): reflection symmetries") {
  const Eigen::DiagonalMatrix<double, 3> flip_w(1, 1, -1), flip_u(-1, -1, 1);
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      for (const Vec& x : generic_directions()) {
        INFO(c.name, " rho = ", str(rho), " x = ", str(x));
        const Vec q = model->q(x);
        CHECK((model->q(flip_w * x) - flip_w * q).norm() <= 1e-14);  // (42)
        CHECK((model->q(flip_u * x) - flip_u * q).norm() <= 1e-14);  // (43)
      }
    }
  }
  for (const auto& pp : {uniform_pair(), galin_pair()}) {
    const Vec x(0.3, -0.5, 0.8);
    const Vec q = reference::friction(pp.ref, x, 1.0);
    CHECK((reference::friction(pp.ref, flip_w * x, 1.0) - flip_w * q).norm() <= 1e-14);
    CHECK((reference::friction(pp.ref, flip_u * x, 1.0) - flip_u * q).norm() <= 1e-14);
  }
}

TEST_CASE("Proposition 4, (44): the force is opposite to the slip of the centre") {
  // Q_x u_y - Q_y u_x = 0, i.e. q_1 w_2 - q_2 w_1 = 0, and the force opposes u.
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      for (const Vec& x : generic_directions()) {
        const Vec w = x.normalized();
        const Vec q = model->q(x);
        INFO(c.name, " rho = ", str(rho), " x = ", str(x), " q = ", str(q));
        CHECK(std::fabs(q(0) * w(1) - q(1) * w(0)) <= 1e-15);
        CHECK(q(0) * w(0) + q(1) * w(1) <= 0.0);
      }
    }
  }
  for (const auto& pp : {uniform_pair(), hertz_pair(), galin_pair(), profile_pair()}) {
    const Vec w = Vec(-0.9, 0.2, 0.35).normalized();
    reference::Options direct;  // (20) literally: (44) is not built into this evaluation
    direct.direct = true;
    for (const Vec& q : {reference::friction(pp.ref, w, 0.9), reference::friction(pp.ref, w, 0.9, direct)}) {
      INFO(pp.name, " reference q = ", str(q));
      CHECK(std::fabs(q(0) * w(1) - q(1) * w(0)) <= 1e-15);
    }
  }
}

TEST_CASE("Proposition 5, (45): rotation about the normal (with the erratum)") {
  // docs/errata.md: the second line of (45) is Q_y(u') = Q_x sin(a) + Q_y cos(a).
  auto rotate = [](const Vec& x, double a) {
    return Vec(std::cos(a) * x(0) - std::sin(a) * x(1), std::sin(a) * x(0) + std::cos(a) * x(1), x(2));
  };
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      for (const Vec& x : generic_directions()) {
        const Vec q = model->q(x);
        for (double a : {0.3, 2.0, -2.9, kPi}) {
          INFO(c.name, " rho = ", str(rho), " x = ", str(x), " alpha = ", str(a));
          CHECK((model->q(rotate(x, a)) - rotate(q, a)).norm() <= 1e-14);
        }
      }
      // The printed second line of (45) would be wrong: at a generic direction it misses by O(1).
      const Vec x(0.6, 0.3, 0.5);
      const Vec q = model->q(x), qr = model->q(rotate(x, 0.3));
      const double printed_qy = q(0) * std::sin(0.3) - q(1) * std::cos(0.3);
      CHECK(std::fabs(qr(1) - printed_qy) > 0.1);
    }
  }
  for (const auto& pp : {hertz_pair(), profile_pair()}) {
    const Vec x(0.3, -0.5, 0.8);
    const Vec q = reference::friction(pp.ref, x, 1.0);
    for (double a : {0.3, 2.0}) {
      INFO(pp.name, " alpha = ", str(a));
      CHECK((reference::friction(pp.ref, rotate(x, a), 1.0) - rotate(q, a)).norm() <= 1e-14);
    }
  }
}

// ===================================================================================
// The scalar laws (46)-(55)
// ===================================================================================

TEST_CASE("(47)-(48): end values and parity of Q_w and T_w, and (46)") {
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      INFO(c.name, " rho = ", str(rho));
      // (47)
      CHECK(model->at_w3(0.0).Q == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(std::fabs(model->at_w3(0.0).T) <= 1e-15);
      CHECK(std::fabs(model->at_w3(1.0).Q) <= 1e-15);
      CHECK(model->at_w3(1.0).T == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(model->at_w3(-1.0).T == doctest::Approx(-1.0).epsilon(1e-15));
      // (48)
      for (double w3 : {1e-8, 0.1, 0.5, 0.83, 0.99, 1.0 - 1e-12}) {
        INFO("w3 = ", str(w3));
        const auto p = model->at_w3(w3), m = model->at_w3(-w3);
        CHECK(m.Q == doctest::Approx(p.Q).epsilon(1e-15));
        CHECK(m.T == doctest::Approx(-p.T).epsilon(1e-15));
      }
      // (46): q = -(w1/w12 Q_w, w2/w12 Q_w, kappa/rho T_w(w3)), kappa from the closed form.
      // Not next to the poles: there Q_w(w3) ~ sqrt(1 - w3^2) is ill-conditioned in w3 (a
      // rounding of w3 by 1e-16 moves it by ~1e-16/(1 - w3^2)), whatever the implementation.
      for (const Vec& x : generic_directions()) {
        const Vec w = x.normalized();
        if (std::fabs(w(2)) > 0.999) continue;
        const double w12 = std::hypot(w(0), w(1));
        const auto s = model->at_w3(w(2));
        const Vec want = -Vec(w(0) / w12 * s.Q, w(1) / w12 * s.Q, c.kappa / rho * s.T);
        INFO("x = ", str(x));
        CHECK(rel_err(model->q(x), want) <= 1e-14);
      }
    }
  }
  // Q_w, T_w against the reference on a meridian w = (w12, 0, w3).
  for (const auto& pp : {uniform_pair(), hertz_pair(), galin_pair()}) {
    const double rho = 1.0, kappa = reference::kappa(pp.ref);
    const auto model = make_exact_model(pp.lib, rho);
    for (double w3 : {0.2, 0.6, 0.95}) {
      const Vec w(std::sqrt(1 - w3 * w3), 0.0, w3);
      const Vec r = reference::friction(pp.ref, w, rho);
      const auto s = model->at_w3(w3);
      INFO(pp.name, " w3 = ", str(w3));
      CHECK(s.Q == doctest::Approx(-r(0)).epsilon(1e-12));
      CHECK(s.T == doctest::Approx(-r(2) * rho / kappa).epsilon(1e-12));
    }
  }
}

TEST_CASE("(51)-(52): end values and parity of Q(theta) and T(theta), and (50)") {
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      INFO(c.name, " rho = ", str(rho));
      CHECK(model->at_theta(0.0).Q == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(std::fabs(model->at_theta(0.0).T) <= 1e-15);
      CHECK(std::fabs(model->at_theta(kPi / 2).Q) <= 1e-15);
      CHECK(model->at_theta(kPi / 2).T == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(model->at_theta(-kPi / 2).T == doctest::Approx(-1.0).epsilon(1e-15));
      for (double th : {1e-9, 0.2, 0.7, 1.2, 1.5}) {
        INFO("theta = ", str(th));
        const auto p = model->at_theta(th), m = model->at_theta(-th);
        CHECK(m.Q == doctest::Approx(p.Q).epsilon(1e-15));   // (52)
        CHECK(m.T == doctest::Approx(-p.T).epsilon(1e-15));  // (52)
        const auto w = model->at_w3(std::sin(th));           // (50)
        CHECK(p.Q == doctest::Approx(w.Q).epsilon(1e-13));
        CHECK(p.T == doctest::Approx(w.T).epsilon(1e-13));
      }
    }
  }
}

TEST_CASE("(55): limits of Q_eps and T_eps, and (54)") {
  for (const auto& c : exact_model_cases()) {
    for (double rho : {c.kappa, 1.0}) {
      const auto model = make_exact_model(c.pressure, rho);
      INFO(c.name, " rho = ", str(rho));
      // Exact ends.
      CHECK(std::fabs(model->at_epsilon(0.0).Q) <= 1e-15);
      CHECK(model->at_epsilon(0.0).T == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(model->at_epsilon(kInf).Q == doctest::Approx(1.0).epsilon(1e-15));
      CHECK(std::fabs(model->at_epsilon(kInf).T) <= 1e-15);
      // Near the ends: Q_eps = O(eps), 1 - T_eps = O(eps^2); 1 - Q_eps = O(eps^-2), T_eps = O(1/eps).
      const auto small = model->at_epsilon(1e-12), large = model->at_epsilon(1e12);
      CHECK(small.Q > 0.0);
      CHECK(small.Q <= 2e-12);
      CHECK(small.T == doctest::Approx(1.0).epsilon(1e-14));
      CHECK(large.Q == doctest::Approx(1.0).epsilon(1e-14));
      CHECK(large.T > 0.0);
      CHECK(large.T <= 1e-12);
      // (54): Q(theta) = Q_eps(rho/R |cot theta|) (theta > 0; T odd in theta).
      for (double th : {0.1, 0.5, std::atan(rho), 1.0, 1.4}) {
        const auto a = model->at_theta(th), b = model->at_epsilon(rho / std::tan(th));
        INFO("theta = ", str(th));
        CHECK(a.Q == doctest::Approx(b.Q).epsilon(1e-13));
        CHECK(a.T == doctest::Approx(b.T).epsilon(1e-13));
      }
    }
  }
}

// ===================================================================================
// Sect. 5.3 and 6.1
// ===================================================================================

TEST_CASE("(76)-(77) kappa") {
  // (76), (77) and docs/errata.md (Galin kappa = pi R/4).
  CHECK(Pressure::uniform().kappa() == doctest::Approx(2.0 / 3.0).epsilon(1e-15));
  CHECK(Pressure::hertz().kappa() == doctest::Approx(3.0 * kPi / 16.0).epsilon(1e-15));
  CHECK(Pressure::galin().kappa() == doctest::Approx(kPi / 4.0).epsilon(1e-15));
  // The same numbers by quadrature of (39).
  CHECK(reference::kappa(reference::uniform_pressure()) == doctest::Approx(2.0 / 3.0).epsilon(1e-15));
  CHECK(reference::kappa(reference::hertz_pressure()) == doctest::Approx(3.0 * kPi / 16.0).epsilon(1e-15));
  CHECK(reference::kappa(reference::galin_pressure()) == doctest::Approx(kPi / 4.0).epsilon(1e-15));
  // Power family: M_k = B((k+1)/2, alpha+1)/2, so kappa = M_2/M_1 = Gamma(3/2) Gamma(alpha+2)/Gamma(alpha+5/2).
  for (double alpha : {-0.7, -0.5, 0.0, 0.3, 0.5, 2.5}) {
    INFO("alpha = ", str(alpha));
    const double closed = std::tgamma(1.5) * std::tgamma(alpha + 2) / std::tgamma(alpha + 2.5);
    const auto ref = reference::power_pressure(alpha);
    CHECK(reference::kappa(ref) == doctest::Approx(closed).epsilon(1e-14));
    CHECK(Pressure::power(alpha).kappa() == doctest::Approx(closed).epsilon(1e-14));
    for (int k = 0; k <= 3; ++k) {
      const double Mk = 0.5 * std::beta(0.5 * (k + 1), alpha + 1);
      INFO("k = ", k);
      CHECK(reference::moment(ref, k) == doctest::Approx(Mk).epsilon(1e-14));
      CHECK(Pressure::power(alpha).moment(k) / Pressure::power(alpha).moment(0) ==
            doctest::Approx(Mk / (0.5 * std::beta(0.5, alpha + 1))).epsilon(1e-14));
    }
  }
  // Tabulated profile (xi, p) = (0, 1), (0.3, 0.9), (0.6, 0.5), (1, 0.2): kappa by quadrature
  // and exactly (integrals of the linear pieces, done by hand/sympy in rationals):
  // M_0..M_3 = 127/200, 483/2000, 647/4800, 179293/2000000, kappa = M_2/M_1 = 3235/5796.
  const auto pp = profile_pair();
  CHECK(pp.lib.kappa() == doctest::Approx(3235.0 / 5796.0).epsilon(1e-14));
  CHECK(reference::kappa(pp.ref) == doctest::Approx(3235.0 / 5796.0).epsilon(1e-14));
  CHECK(pp.lib.kappa() == doctest::Approx(reference::kappa(pp.ref)).epsilon(1e-14));
  for (int k = 1; k <= 3; ++k) {
    INFO("k = ", k);
    CHECK(pp.lib.moment(k) / pp.lib.moment(1) ==
          doctest::Approx(reference::moment(pp.ref, k) / reference::moment(pp.ref, 1)).epsilon(1e-14));
  }
}

TEST_CASE("(78)-(79) series as eps -> 0 and eps -> infinity") {
  // Uniform pressure. The series follow from K(m) = pi/2 sum ((2n)!/(2^{2n} n!^2))^2 m^n and
  // E(m) = pi/2 sum -((2n)!/(2^{2n} n!^2))^2 m^n/(2n-1) in (59)-(60); to two more orders:
  //   Q_eps1 = e - e^3/8 - e^5/64 - 5 e^7/1024 - ...
  //   T_eps1 = 3/2 (2/3 - e^2/2 + 3 e^4/32 + 5 e^6/384 + 35 e^8/8192 + ...)   (docs/errata.md: 5/384)
  //   Q_eps2 = 1 - 1/(8e^2) - 1/(64e^4) - 5/(1024e^6) - 35/(16384 e^8) - ...
  //   T_eps2 = 3/2 (1/(4e) + 1/(48e^3) + 3/(512e^5) + 5/(2048e^7) + ...)      (docs/errata.md: 3/512)
  // All further terms have the sign of the first omitted one and are smaller by ~e^2 (or
  // e^-2), so the truncation error is below 3x the first omitted term for e <= 0.05 or
  // e >= 20. Tolerance: 3 |first omitted term| + 1e-15 |value| (rounding).
  const auto model = make_exact_model(Pressure::uniform(), kKappaUniform);
  auto T1 = [](double e, double c6) { return 1.5 * (2.0 / 3 - e * e / 2 + 3 * std::pow(e, 4) / 32 + c6 * std::pow(e, 6)); };
  auto T2 = [](double e, double c5) { return 1.5 * (1 / (4 * e) + 1 / (48 * std::pow(e, 3)) + c5 / std::pow(e, 5)); };
  for (double e : {1e-2, 5e-2}) {
    const auto got = model->at_epsilon(e);
    const double Q = e - std::pow(e, 3) / 8 - std::pow(e, 5) / 64;
    const double tolQ = 3 * 5 * std::pow(e, 7) / 1024 + 1e-15 * Q;
    const double T = T1(e, 5.0 / 384);
    const double tolT = 3 * 1.5 * 35 * std::pow(e, 8) / 8192 + 1e-15 * T;
    INFO("eps = ", str(e), " library Q, T = ", str(got.Q), ", ", str(got.T));
    CHECK(std::fabs(got.Q - Q) <= tolQ);
    CHECK(std::fabs(got.T - T) <= tolT);
    // The printed coefficient 5/584 is caught (difference ~6.7e-3 e^6 >> tolT).
    CHECK(std::fabs(got.T - T1(e, 5.0 / 584)) > tolT);
  }
  for (double e : {1e2, 20.0}) {
    const auto got = model->at_epsilon(e);
    const double Q = 1 - 1 / (8 * e * e) - 1 / (64 * std::pow(e, 4)) - 5 / (1024 * std::pow(e, 6));
    const double tolQ = 3 * 35 / (16384 * std::pow(e, 8)) + 1e-15 * Q;
    const double T = T2(e, 3.0 / 512);
    const double tolT = 3 * 1.5 * 5 / (2048 * std::pow(e, 7)) + 1e-15 * T;
    INFO("eps = ", str(e), " library Q, T = ", str(got.Q), ", ", str(got.T));
    CHECK(std::fabs(got.Q - Q) <= tolQ);
    CHECK(std::fabs(got.T - T) <= tolT);
    // The printed coefficient 1/512 is caught (difference 3/(512 e^5) >> tolT).
    CHECK(std::fabs(got.T - T2(e, 1.0 / 512)) > tolT);
  }
}

TEST_CASE("slopes at pure spin and pure sliding") {
  // Pure spin: dQ_eps/deps at 0 from (59): Q_eps1 = e - e^3/8 - ... -> 1; from (62):
  // (3 pi/32) e (4 - e^2) -> 3 pi/8.
  // Pure sliding: lim eps T_eps. Uniform from (79): 3/2 * 1/4 = 3/8. Hertz from (63): with
  // s = 1/eps, asin(s) = s + s^3/6 + 3 s^5/40 + ..., sqrt(eps^2 - 1) = eps (1 - s^2/2 - s^4/8 - ...):
  //   (3e^4 - 8e^2 + 8) asin(1/e) = 3e^3 + (1/2 - 8) e + (9/40 - 4/3 + 8)/e + O(e^-3),
  //   (6 - 3e^2) sqrt(e^2 - 1)    = -3e^3 + (6 + 3/2) e + (-3 + 3/8)/e + O(e^-3),
  // the e^3 and e terms cancel and the sum is (64/15)/e, so T_eps2 ~ 16/(15 pi eps).
  const auto uni = make_exact_model(Pressure::uniform(), kKappaUniform);
  const auto her = make_exact_model(Pressure::hertz(), kKappaHertz);
  CHECK(uni->slope_at_pure_spin() == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(her->slope_at_pure_spin() == doctest::Approx(3.0 * kPi / 8.0).epsilon(1e-14));
  CHECK(uni->slope_at_pure_sliding() == doctest::Approx(3.0 / 8.0).epsilon(1e-14));
  CHECK(her->slope_at_pure_sliding() == doctest::Approx(16.0 / (15.0 * kPi)).epsilon(1e-14));
  // Consistency with the model's own derivative at eps = 0 and its large-eps behaviour.
  CHECK(uni->at_epsilon(0.0).dQ == doctest::Approx(1.0).epsilon(1e-13));
  CHECK(her->at_epsilon(0.0).dQ == doctest::Approx(3.0 * kPi / 8.0).epsilon(1e-13));
  CHECK(1e8 * uni->at_epsilon(1e8).T == doctest::Approx(3.0 / 8.0).epsilon(1e-13));
  CHECK(1e8 * her->at_epsilon(1e8).T == doctest::Approx(16.0 / (15.0 * kPi)).epsilon(1e-13));
  // Other pressures against the reference: Q_eps(eps)/eps at eps = 1e-5 (relative correction
  // O(eps^2 log eps) ~ 1e-9) and eps T_eps(eps) at eps = 1e4 (relative correction O(eps^-2)).
  for (const auto& pp : {galin_pair(), power_pair(-0.7), power_pair(2.5), profile_pair()}) {
    const double rho = 1.0, kappa = reference::kappa(pp.ref);
    const auto model = make_exact_model(pp.lib, rho);
    const Vec spin = reference::friction(pp.ref, x_with_epsilon(1e-5, 0.3, 1, rho), rho);
    const Vec slide = reference::friction(pp.ref, x_with_epsilon(1e4, 0.3, 1, rho), rho);
    INFO(pp.name);
    CHECK(model->slope_at_pure_spin() == doctest::Approx(std::hypot(spin(0), spin(1)) / 1e-5).epsilon(1e-7));
    CHECK(model->slope_at_pure_sliding() == doctest::Approx(1e4 * (-slide(2) * rho / kappa)).epsilon(1e-7));
  }
}

TEST_CASE("Ring quadrature with 101 profile nodes: tiny pieces converge, and the profile of 1 - xi^2 is the power model alpha = 1 to its interpolation error") {
  // Each piece of the ring quadrature may err in proportion to its length: a piece of width
  // 0.01 whose integrand is ~1e-35 near eps = 1 used to fail its own relative tolerance. The
  // piecewise-linear interpolant of 1 - xi^2 on 100 intervals differs from it by at most
  // h^2/8 = 1.25e-5, so q differs from the power model alpha = 1 by about that much.
  std::vector<double> xs, ps;
  for (int i = 0; i <= 100; ++i) {
    xs.push_back(i / 100.0);
    ps.push_back(1.0 - xs.back() * xs.back());
  }
  const auto profile = make_exact_model(Pressure::profile(xs, ps), 1.0);
  const auto power = make_exact_model(Pressure::power(1.0), 1.0);
  for (double theta : {0.0, 0.3, 0.785398163397448, 1.2, 1.5707963267948966}) {
    CAPTURE(theta);
    const Eigen::Vector3d w(std::cos(theta), 0.0, std::sin(theta));
    Eigen::Vector3d q = Eigen::Vector3d::Zero();
    REQUIRE_NOTHROW(q = profile->q(w));
    CHECK((q - power->q(w)).norm() <= 1e-4);
  }
}

}  // namespace test_exact_model
