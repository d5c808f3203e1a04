// Closed orbits of the flow dw/dtau = V*(w) on the sphere, (115)/(122) [Nonlinear Dyn. 2024],
// docs/manual.md section 9. Every expected value is a closed form derived here (or a root or
// quadrature of one, by an algorithm the library does not use), never the search's own output.
#include <doctest/doctest.h>

#include <Eigen/Geometry>

#include <chrono>
#include <cmath>
#include <memory>

#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/exact_shift.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limitdir/system/system.hpp"

#include "rotation_field.hpp"

namespace test_closed_orbits {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;

LimitSet limits_without_orbits(const System& s, double F) {
  SolverOptions opt;
  opt.closed_orbits = false;
  return find_limit_directions(s, F, opt);
}

// ---- (64) with a rotation part -----------------------------------------------------------
// Pi = R B0 R^T with B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]], M = I and the load
// c = c3 R e3. In the frame of R, w = (cos th s, sin th), s = (cos ph, sin ph), n = e3 x s:
//   B w + c = (a cos th s + omega cos th n, lambda sin th + c3),
// so V* . (cos th n) / cos th^2 ... gives dph/dtau = omega and, with e_th = (-sin th s, cos th),
//   dth/dtau = V* . e_th = cos th [(lambda - a) sin th + c3].
// The latitude circle sin th* = c3/(a - lambda) (|c3| < |a - lambda|) is an orbit of period
// 2 pi/omega; its transverse rate is d/dth (cos th h(th)) = (lambda - a) cos^2 th*, so its
// multiplier is exp(2 pi (lambda - a) cos^2 th* / omega), and R* = w . (B w + c)
// = a cos^2 th* + lambda sin^2 th* + c3 sin th* on it. At the pole R e3: J_T = (a - lambda - c3)
// I + omega [[0, -1], [1, 0]]: a focus, trace 2 (a - lambda - c3), det > 0.
struct Rotation {
  double a, lambda, omega, c3;
  Eigen::Matrix3d R = ref::rotation_frame();
  System system() const { return ref::rotation_system(R, a, lambda, omega); }
  /// The search at the load c3 (the limit set found without orbits).
  OrbitSearch search() const {
    const System s = system();
    return find_closed_orbits(s, c3, limits_without_orbits(s, c3));
  }
  Rotation at(double load) const {
    Rotation r = *this;
    r.c3 = load;
    return r;
  }
  double theta_star() const { return std::asin(c3 / (a - lambda)); }
  double multiplier() const {
    const double c = std::cos(theta_star());
    return std::exp(2 * kPi * (lambda - a) * c * c / omega);
  }
  double rdot() const {
    const double t = theta_star();
    return a * std::cos(t) * std::cos(t) + lambda * std::sin(t) * std::sin(t) + c3 * std::sin(t);
  }
  double latitude(const Eigen::Vector3d& w) const { return std::asin(std::clamp(w.normalized().dot(R.col(2)), -1.0, 1.0)); }
};

// Tolerances. The orbit is a fixed point of the return map to 1e-9 (dynamics/closed_orbits.cpp) at an
// integrator tolerance of 1e-12: latitudes and periods are right to ~1e-9; 1e-7 leaves a factor
// 100. The multiplier is exp of an integral computed to ~1e-9 (relative 1e-9 of the
// multiplier); 1e-7 relative leaves a factor 100.
constexpr double orbit_tol = 1e-7;
constexpr double multiplier_rel_tol = 1e-7;
// log multiplier = rate * period for the shifted disc: the rate by central differences of the
// closed form (h = 1e-5: truncation ~1e-10, rounding ~1e-16/1e-5 = 1e-11, on a rate ~0.5) and
// the integral of the divergence (~1e-9 absolute on ~20): 1e-8 relative leaves a factor >= 20.
constexpr double log_multiplier_rel_tol = 1e-8;
// simulate (tolerance 1e-12, global error ~1e-10) read by cubic Hermite interpolation between
// kept steps h ~ 0.05 (error ~h^4 |w^(4)|/384 ~ 1e-9): the return time and point to 1e-7.
constexpr double return_tol = 1e-7;
// The shifted disc's closed-form period: eps* by bisection to rounding and Pcal by a 4096-point
// trapezoid rule on a smooth periodic integrand (geometric convergence, ~1e-16): 1e-12 relative
// leaves a factor >= 1000 for rounding in cos th* and the quotient.
constexpr double kClosedFormRelTol = 1e-12;
// Narrowness of the proven period (not correctness: the enclosure is rigorous): measured 2e-10
// (the arc's width 2e-9 times dT/ds, and the remainders over ~1600 steps); 1e-8 leaves 50.
constexpr double kProvenPeriodWidth = 1e-8;

void check_rotation_orbit(const Rotation& rot, OrbitStability expected) {
  const OrbitSearch search = rot.search();
  INFO(search.summary());
  CHECK(search.complete());
  REQUIRE(search.orbits.size() == 1);
  const ClosedOrbit& o = search.orbits.front();
  CHECK(o.stability == expected);
  CHECK(o.period == doctest::Approx(2 * kPi / rot.omega).epsilon(orbit_tol));
  CHECK(o.multiplier == doctest::Approx(rot.multiplier()).epsilon(multiplier_rel_tol));
  CHECK(o.rdot_mean == doctest::Approx(rot.rdot()).epsilon(orbit_tol));
  for (const Eigen::Vector3d& w : o.polyline) CHECK(std::abs(rot.latitude(w) - rot.theta_star()) <= orbit_tol);
  // every seed's fate: forward to the orbit (attracting) or the poles (repelling orbit), and back
  const SeedFates& to_orbit = expected == OrbitStability::attracting ? search.forward : search.backward;
  CHECK(to_orbit.closed_orbit + to_orbit.limit_direction == to_orbit.seeds);
  CHECK(to_orbit.closed_orbit >= to_orbit.seeds / 2);
}

// ---- (13) disc, uniform pressure, rho = kappa = 2/3 R, j = 1/2 --------------------------
// (57)-(60) for eps <= 1, K and E in the parameter m (docs/errata.md): K by the AGM, E by the
// Legendre relation-free series E(m) = (pi/2) sum -((2n)!/(2^2n n!^2))^2 m^n/(2n - 1).
double K_agm(double m) {
  double a = 1, b = std::sqrt(1 - m);
  for (int i = 0; i < 40; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return kPi / (2 * a);
}
double E_series(double m) {
  double sum = 0, c = 1;  // c = ((2n)!/(2^2n n!^2))^2
  for (int n = 0; n < 400; ++n) {
    sum += -c * std::pow(m, n) / (2 * n - 1);
    c *= std::pow((2.0 * n + 1) / (2.0 * n + 2), 2);
  }
  return 0.5 * kPi * sum;
}
double Q_eps(double e) {
  const double m = e * e;
  return 4.0 / 3.0 * ((m + 1) * E_series(m) + (m - 1) * K_agm(m)) / (e * kPi);
}
double T_eps(double e) {
  const double m = e * e;
  return 2.0 / 3.0 * ((4 - 2 * m) * E_series(m) + (m - 1) * K_agm(m)) / kPi;
}

constexpr double disc_j = 0.5, disc_rho = 2.0 / 3.0;  // rho = kappa (39) for the uniform disc
// (13): M = diag(m, m, j m/rho^2) with m = 1 (R = 1)
Eigen::Matrix3d disc_mass() { return Eigen::Vector3d(1.0, 1.0, disc_j / (disc_rho * disc_rho)).asDiagonal(); }

// At F = 0 the meridian component of M^-1 q for (13), M = diag(1, 1, j/rho^2), (46)/(53):
//   V* . e_th = Q sin th - (rho kappa/j) T cos th,   eps = (rho/R) cot th,
// zero on the circle Q(eps)/eps = (kappa R/j) T(eps) (independent of rho). Bisection.
double eps_star() {
  const auto g = [](double e) { return Q_eps(e) / e - disc_rho / disc_j * T_eps(e); };
  double lo = 0.3, hi = 0.95;
  REQUIRE(g(lo) * g(hi) < 0);
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g(lo) * g(mid) <= 0 ? hi : lo) = mid;
  }
  return 0.5 * (lo + hi);
}
double meridian_speed(double th) {
  const double e = disc_rho / std::tan(th);
  return Q_eps(e) * std::sin(th) - disc_rho * disc_rho / disc_j * T_eps(e) * std::cos(th);
}

// The lateral force of the shift (2) [Kireenkov] per unit k, derived here: with s = e_x and
// spin omega = 1 the point velocities are (eps - y, x), zero at C = (0, eps); only the
// y-component of -k x sigma0 v/|v| survives the reflection x -> -x, and about C (polar s, psi,
// |v| = s, x = s cos psi) it is -(k/pi) int cos^2 psi s_max^3/3 dpsi with the chord
// s_max = sqrt(1 - eps^2 cos^2 psi) - eps sin psi: q_perp = -k sgn(w3) Pcal(eps) n,
//   Pcal(eps) = (1/(3 pi)) int_0^{2 pi} cos^2 psi s_max^3 dpsi   (Pcal(0) = 1/3 = pi I2).
// A smooth periodic integrand: the trapezoid rule converges geometrically.
double P_lateral(double e) {
  const int n = 4096;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const double psi = 2 * kPi * i / n;
    const double sm = std::sqrt(1 - e * e * std::cos(psi) * std::cos(psi)) - e * std::sin(psi);
    sum += std::cos(psi) * std::cos(psi) * sm * sm * sm;
  }
  return sum * (2 * kPi / n) / (3 * kPi);
}

System shifted_disc(double k) {
  const auto model = std::shared_ptr<const FrictionModel>(
      make_contact_exact_model(Contact::circle(1.0, NominalPressure::uniform()).with_shift(k)));
  return System(disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), model);
}

// The same disc with the closed form of friction/exact_shift.hpp (disc-shift.json's model): the
// exact uniform disc's q and its lateral force in E and B, not the contact quadrature.
System shifted_disc_closed_form(double k) {
  return System(disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(),
                std::shared_ptr<const FrictionModel>(make_shifted_disc_exact_model(disc_rho, k)));
}

// The load F as the parameter of a fixed system (the continuation's force family).
ParameterFamily force_family(const System& s) {
  ParameterFamily family;
  family.name = "force";
  family.system = [s](double) { return s; };
  family.force = [](double p) { return p; };
  return family;
}

// The disc (13) with the harmonic model N = 2 of the uniform exact model (Sect. 7.4).
System harmonic_disc() {
  auto harmonic = std::shared_ptr<const FrictionModel>(
      std::make_unique<HarmonicModel>(*make_exact_model(Pressure::uniform(), disc_rho), 2));
  return System(disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), harmonic);
}

}  // namespace

TEST_CASE("(64) with a rotation part: the invariant latitude circle, period 2 pi/omega, multiplier "
          "exp(2 pi (lambda - a) cos^2 theta*/omega)") {
  // attracting (a > lambda) on a tilted circle and on the great circle (c3 = 0)
  check_rotation_orbit({0.3, -0.4, 1.3, 0.35}, OrbitStability::attracting);
  check_rotation_orbit({0.3, -0.4, 1.3, 0.0}, OrbitStability::attracting);
  // repelling (a < lambda): found by the backward trajectories
  check_rotation_orbit({-0.3, 0.4, 0.8, -0.35}, OrbitStability::repelling);
}

TEST_CASE("(64) with a rotation part: no orbit when |c3| > |a - lambda|, every seed ends at a pole") {
  const OrbitSearch search = Rotation{0.3, -0.4, 1.3, 0.9}.search();
  INFO(search.summary());
  CHECK(search.complete());
  CHECK(search.orbits.empty());
  CHECK(search.forward.limit_direction == search.forward.seeds);
  CHECK(search.backward.limit_direction == search.backward.seeds);
}

TEST_CASE("Hopf point of (64) with a rotation part: trace J_T = 2 (a - lambda - c3) at the pole, the orbit "
          "born for c3 < a - lambda") {
  const Rotation base{0.3, -0.4, 1.3, 0.0};
  const double F_hopf = base.a - base.lambda;  // trace J_T = 0, det J_T = omega^2 > 0
  const auto J_at = [&](double F) { return classify(base.at(F).system(), F, base.R.col(2)).J_T; };
  const std::optional<double> found = hopf_parameter(0.9 * F_hopf, J_at(0.9 * F_hopf), 1.1 * F_hopf, J_at(1.1 * F_hopf));
  REQUIRE(found);
  // the trace is linear in c3: the interpolation is exact up to rounding of ~1e-16 * 10
  CHECK(*found == doctest::Approx(F_hopf).epsilon(1e-14));
  CHECK_FALSE(hopf_parameter(0.5 * F_hopf, J_at(0.5 * F_hopf), 0.9 * F_hopf, J_at(0.9 * F_hopf)));
  // before the Hopf point (the pole an unstable focus) an attracting orbit surrounds it:
  // sin theta* = c3/(a - lambda) = 0.9, chordal radius sqrt(2 (1 - 0.9)) = 0.447. (Closer to the
  // Hopf point every rate near the pole goes to 0 and the search needs more work: 0.9 keeps the
  // rates >= 0.07.)
  const OrbitSearch search = base.at(0.9 * F_hopf).search();
  INFO(search.summary());
  CHECK(search.complete());
  const std::vector<ClosedOrbit> born = orbits_around(search, base.R.col(2), 0.5);
  REQUIRE(born.size() == 1);
  // it goes around the pole, and around no point outside it (nor the antipode, whose hemisphere
  // it is not in)
  CHECK(orbits_encircling(search, base.R.col(2)).size() == 1);
  CHECK(orbits_encircling(search, (base.R.col(2) + 0.2 * base.R.col(0)).normalized()).size() == 1);
  CHECK(orbits_encircling(search, base.R.col(0)).empty());
  CHECK(orbits_encircling(search, -base.R.col(2)).empty());
  CHECK(born.front().stability == OrbitStability::attracting);
  CHECK(std::abs(base.latitude(born.front().w) - std::asin(0.9)) <= orbit_tol);
  // beyond it (the pole a stable focus) there is none
  const OrbitSearch none = base.at(1.1 * F_hopf).search();
  INFO(none.summary());
  CHECK(none.complete());
  CHECK(none.orbits.empty());
}

TEST_CASE("(2) [Kireenkov] shifted disc at F = 0: the circles of limit directions become closed orbits") {
  const double k = 0.5;
  const System s = shifted_disc(k);
  OrbitSearchOptions opt;
  opt.seed_level = 1;
  opt.backward = false;  // backward the flow goes to the poles (a discontinuity) and the equator
  const auto start = std::chrono::steady_clock::now();
  const OrbitSearch search = find_closed_orbits(s, 0.0, LimitSet{}, opt);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("orbit search on the shifted disc (42 seeds, forward): " << seconds << " s, " << search.evaluations
                                                                   << " evaluations of V*");
  INFO(search.summary());
  CHECK(search.forward.closed_orbit == search.forward.seeds);  // every forward trajectory
  REQUIRE(search.orbits.size() == 2);
  const double e = eps_star(), th = std::atan(disc_rho / e);
  // the same latitude as the unshifted disc's circles of limit directions (find-limits, Fig. 16)
  const System unshifted(disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(),
                         std::shared_ptr<const FrictionModel>(make_exact_model(Pressure::uniform(), disc_rho)));
  int circles_at_th = 0;
  for (const LimitCircle& c : limits_without_orbits(unshifted, 0.0).circles)
    circles_at_th += std::abs(std::abs(c.theta) - th) <= orbit_tol;
  CHECK(circles_at_th == 2);
  // dphi/dtau = -k sgn(w3) Pcal(eps*)/cos th* (the lateral force, M_xy = I): period
  // 2 pi cos th*/(k Pcal); transverse rate d(V* . e_th)/dth at th* (central differences of the
  // closed form, h = 1e-5: error ~h^2 |f'''| ~ 1e-10); R* = -Q cos th* - (rho kappa/j) T sin th*.
  const double period = 2 * kPi * std::cos(th) / (k * P_lateral(e));
  const double h = 1e-5, rate = (meridian_speed(th + h) - meridian_speed(th - h)) / (2 * h);
  const double rdot = -Q_eps(e) * std::cos(th) - disc_rho * disc_rho / disc_j * T_eps(e) * std::sin(th);
  for (const ClosedOrbit& o : search.orbits) {
    CHECK(o.stability == OrbitStability::attracting);
    for (const Eigen::Vector3d& w : o.polyline) CHECK(std::abs(std::abs(theta_of(w)) - th) <= orbit_tol);
    CHECK(o.period == doctest::Approx(period).epsilon(orbit_tol));
    // log multiplier = rate * period (the meridian flow does not see the shift)
    CHECK(std::log(o.multiplier) == doctest::Approx(rate * period).epsilon(log_multiplier_rel_tol));
    CHECK(o.rdot_mean == doctest::Approx(rdot).epsilon(orbit_tol));
    // the sense of rotation: dphi/dtau has the sign of -w3
    const Eigen::Vector3d V = s.spherical(o.w, 0.0);
    CHECK(V.dot(Eigen::Vector3d::UnitZ().cross(o.w)) * o.w.z() < 0);
  }
}

// The proof of an orbit (limits/orbit_proof.hpp) on the exact model: the integrator carries the
// disc's q through E and B's differential equations (limits/chart_disc.hpp); the enclosures must
// hold the closed forms above (period 2 pi cos th*/(k Pcal(eps*)), log multiplier = rate x
// period), computed here by a different route (E by its series, K by the AGM, Pcal by the
// trapezoid rule).
TEST_CASE("(2) [Kireenkov] shifted disc at F = 0: both orbits proven, the enclosures hold the closed forms") {
  const double k = 0.5;
  const System s = shifted_disc_closed_form(k);
  OrbitSearchOptions opt;
  opt.seed_level = 1;
  opt.backward = false;
  const OrbitSearch search = find_closed_orbits(s, 0.0, LimitSet{}, opt);
  REQUIRE(search.orbits.size() == 2);
  const double e = eps_star(), th = std::atan(disc_rho / e);
  const double period = 2 * kPi * std::cos(th) / (k * P_lateral(e));
  const double h = 1e-5, rate = (meridian_speed(th + h) - meridian_speed(th - h)) / (2 * h);
  for (const ClosedOrbit& o : search.orbits) {
    const OrbitProof proof = prove_closed_orbit(s, 0.0, o);
    INFO(proof.reason);
    REQUIRE(proof.proven);
    MESSAGE("shifted disc orbit proven in " << proof.seconds << " s: period in [" << proof.period[0] << ", "
                                            << proof.period[1] << "], multiplier in [" << proof.multiplier[0] << ", "
                                            << proof.multiplier[1] << "]");
    // the closed form's own error: P_lateral's trapezoid rule and the bisection, ~1e-13 relative
    CHECK(proof.period[0] <= period * (1 + kClosedFormRelTol));
    CHECK(period * (1 - kClosedFormRelTol) <= proof.period[1]);
    CHECK(proof.period[1] - proof.period[0] < kProvenPeriodWidth);
    // attracting: the whole enclosure of the multiplier below 1, and it holds exp(rate T)
    const double multiplier = std::exp(rate * period);
    CHECK(proof.multiplier[1] < 1.0);
    CHECK(proof.multiplier[0] <= multiplier);
    CHECK(multiplier <= proof.multiplier[1]);
  }
}

TEST_CASE("(2) [Kireenkov] shifted disc at F = 0: simulate returns to the orbit's point after one period") {
  const System s = shifted_disc(0.5);
  OrbitSearchOptions opt;
  opt.seed_level = 0;
  opt.backward = false;
  const OrbitSearch search = find_closed_orbits(s, 0.0, LimitSet{}, opt);
  REQUIRE_FALSE(search.orbits.empty());
  const ClosedOrbit& o = search.orbits.front();
  SimulationOptions sim;
  sim.r_stop = 1e-300;  // r decays like exp(rdot tau), ~1e-14 after one period: no stick here
  sim.max_steps = 4000;
  const LimitSet none;
  const SimulationResult r = simulate(s, 0.0, o.w, sim, &none);
  // the first return of the longitude to its start, by cubic Hermite interpolation in tau
  // with the derivative V* at the kept steps (error ~h^4 |w''''| ~ 1e-10 for steps h ~ 0.05)
  double unwrapped = 0;
  const double phi0 = phi_of(o.w);
  bool found = false;
  for (std::size_t i = 1; i < r.trajectory.size() && !found; ++i) {
    const auto& a = r.trajectory[i - 1];
    const auto& b = r.trajectory[i];
    double d = phi_of(b.w) - phi_of(a.w);
    if (d > kPi) d -= 2 * kPi;
    if (d < -kPi) d += 2 * kPi;
    if (std::abs(unwrapped + d) < 2 * kPi) {
      unwrapped += d;
      continue;
    }
    // the crossing lies in [a, b]: Hermite interpolation, then bisection on the longitude
    const double h = b.tau - a.tau;
    const Eigen::Vector3d da = s.spherical(a.w.normalized(), 0.0), db = s.spherical(b.w.normalized(), 0.0);
    const auto at = [&](double t) {
      const double u = (t - a.tau) / h, u2 = u * u, u3 = u2 * u;
      return Eigen::Vector3d((2 * u3 - 3 * u2 + 1) * a.w + (u3 - 2 * u2 + u) * h * da + (-2 * u3 + 3 * u2) * b.w +
                             (u3 - u2) * h * db);
    };
    const double sense = unwrapped + d > 0 ? 1.0 : -1.0;
    const auto turned = [&](double t) {
      double e = phi_of(at(t)) - phi0;
      while (e > kPi) e -= 2 * kPi;
      while (e < -kPi) e += 2 * kPi;
      return sense * e;
    };
    double lo = a.tau, hi = b.tau;
    for (int it = 0; it < 60; ++it) {
      const double mid = 0.5 * (lo + hi);
      (turned(mid) >= 0 ? hi : lo) = mid;
    }
    CHECK(hi == doctest::Approx(o.period).epsilon(return_tol));
    CHECK((at(hi).normalized() - o.w).norm() <= return_tol);
    found = true;
  }
  CHECK(found);
}

TEST_CASE("docs/manual.md section 9: the exclusion on the axisymmetric disc, and the search agrees") {
  const System disc = harmonic_disc();
  CHECK(closed_orbit_exclusion(disc, 0.0));  // c1 = 0: meridian flow
  CHECK(closed_orbit_exclusion(disc, 0.3));  // c1 != 0: every zero on the great circle w2 = 0
  // the linear fit (67): Pi = diag(-1, -1, -kappa/rho), as axisymmetric
  const auto fit = std::shared_ptr<const FrictionModel>(LinearModel::fit(*make_exact_model(Pressure::uniform(), disc_rho)));
  CHECK(closed_orbit_exclusion(System(disc.M(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), fit), 0.3));
  CHECK_FALSE(closed_orbit_exclusion(shifted_disc(0.5), 0.0));
  CHECK_FALSE(closed_orbit_exclusion(Rotation{0.3, -0.4, 1.3, 0.35}.system(), 0.35));
  // the search, which knows nothing of the proof, finds no orbit and every seed's fate
  const OrbitSearch search = find_closed_orbits(disc, 0.3, limits_without_orbits(disc, 0.3));
  INFO(search.summary());
  CHECK(search.complete());
  CHECK(search.orbits.empty());
  CHECK(search.forward.limit_direction == search.forward.seeds);
}

TEST_CASE("docs/manual.md section 9: the certificate of find-limits says how closed orbits were handled") {
  // the rotation model: limit directions at the poles, an attracting orbit the index sum of 2
  // does not reveal; the search lists it and the level is checked
  const Rotation rot{0.3, -0.4, 1.3, 0.35};
  const System s = rot.system();
  const LimitSet L = find_limit_directions(s, rot.c3);
  CHECK(L.certificate.index_sum == 2);
  CHECK(L.certificate.closed_orbits == "checked");
  CHECK(L.certificate.level == Level::checked);
  REQUIRE(L.closed_orbits.size() == 1);
  CHECK(std::abs(rot.latitude(L.closed_orbits.front().w) - rot.theta_star()) <= orbit_tol);
  // a search cut short by its budget may miss that orbit: the report is incomplete
  SolverOptions tight;
  tight.orbit_search.max_evaluations = 1000;
  const LimitSet T = find_limit_directions(s, rot.c3, tight);
  CHECK(T.certificate.closed_orbits == "incomplete");
  CHECK(T.certificate.level == Level::incomplete);
  CHECK(T.certificate.reason.find("work budget") != std::string::npos);
  // the disc: excluded, and the level is the one of its limit directions
  const System disc = harmonic_disc();
  SolverOptions off;
  off.closed_orbits = false;
  for (const double F : {0.0, 0.3}) {
    const LimitSet D = find_limit_directions(disc, F), Z = find_limit_directions(disc, F, off);
    CHECK(D.certificate.closed_orbits == "excluded");
    CHECK(Z.certificate.closed_orbits == "not-searched");
    CHECK(D.certificate.level == Z.certificate.level);
    CHECK(D.closed_orbits.empty());
  }
}

TEST_CASE("find_closed_orbits: options out of range are bad input") {
  const System s = Rotation{0.3, -0.4, 1.3, 0.35}.system();
  const LimitSet none;
  OrbitSearchOptions opt;
  opt.seed_level = 5;
  CHECK_THROWS_AS(find_closed_orbits(s, 0.35, none, opt), InputError);
  opt = {};
  opt.max_evaluations = 0;
  CHECK_THROWS_AS(find_closed_orbits(s, 0.35, none, opt), InputError);
  opt = {};
  opt.polyline_points = 4;
  CHECK_THROWS_AS(find_closed_orbits(s, 0.35, none, opt), InputError);
  CHECK_THROWS_AS(find_closed_orbits(s, std::nan(""), none), InputError);
}

TEST_CASE("(64) with a rotation part, a = lambda, c = 0: a rigid rotation, every latitude circle a neutral orbit") {
  // dtheta/dtau = cos th (lambda - a) sin th = 0: every trajectory is a circle of period
  // 2 pi/omega and multiplier 1; the search reports a continuum and is not complete
  const Rotation rot{-0.4, -0.4, 1.3, 0.0};
  const OrbitSearch search = rot.search();
  INFO(search.summary());
  CHECK_FALSE(search.complete());
  CHECK(search.summary().find("a continuum of orbits is likely") != std::string::npos);
  REQUIRE_FALSE(search.orbits.empty());
  for (const ClosedOrbit& o : search.orbits) {
    CHECK(o.stability == OrbitStability::neutral);
    CHECK(o.period == doctest::Approx(2 * kPi / rot.omega).epsilon(orbit_tol));
    CHECK(std::abs(o.multiplier - 1) <= multiplier_rel_tol);
    for (const Eigen::Vector3d& w : o.polyline) CHECK(std::abs(rot.latitude(w) - rot.latitude(o.w)) <= orbit_tol);
  }
}

TEST_CASE("Hopf events of the continuation on (64) with a rotation part: the orbit born on the predicted side, "
          "supercritical and subcritical") {
  // a - lambda = 0.7: the Hopf point at c3 = 0.7; for c3 < 0.7 the pole is an unstable focus and
  // the orbit sin theta* = c3/(a - lambda) attracts (supercritical). a - lambda = -0.7: the Hopf
  // point at c3 = -0.7; for c3 > -0.7 the pole is a stable focus (trace 2 (a - lambda - c3) < 0)
  // and the orbit repels (multiplier exp(2 pi (lambda - a) cos^2 theta*/omega) > 1): subcritical.
  struct Case {
    Rotation rot;
    double from, to;
    std::string kind;
    bool orbit_below;
  };
  for (const Case& c : {Case{{0.3, -0.4, 1.3, 0.0}, 0.5, 0.9, "supercritical", true},
                        Case{{-0.3, 0.4, 0.8, 0.0}, -0.9, -0.5, "subcritical", false}}) {
    CAPTURE(c.kind);
    const System s = c.rot.system();
    const ParameterFamily family = force_family(s);
    const Diagram d = sweep(family, c.from, c.to);
    std::vector<Event> hopf;
    for (const Event& e : d.events)
      if (e.kind == EventKind::hopf) hopf.push_back(e);
    REQUIRE(hopf.size() == 1);
    const double F_hopf = c.rot.a - c.rot.lambda;
    // located to the continuation's p_tol = 1e-11 (a linear trace in F): 1e-9 leaves a factor 100
    CHECK(std::abs(hopf.front().p - F_hopf) <= 1e-9);
    const double dp = 0.1 * std::abs(F_hopf);
    const HopfOrbits h = orbits_at_hopf(family, hopf.front(), dp);
    INFO(h.reason);
    CHECK(h.kind == c.kind);
    const std::vector<ClosedOrbit>& born = c.orbit_below ? h.below : h.above;
    CHECK((c.orbit_below ? h.above : h.below).empty());
    REQUIRE(born.size() == 1);
    const double p = c.orbit_below ? h.p_below : h.p_above;
    CHECK(std::abs(c.rot.latitude(born.front().w) - std::asin(p / F_hopf)) <= orbit_tol);

    // sweep-force's confirmation (confirm_hopf_events): the same kind, stored in the event, at
    // dp = hopf_step_fraction x the gap to the nearest end of the range
    Diagram confirmed = d;
    confirm_hopf_events(family, confirmed);
    for (const Event& e : confirmed.events) {
      if (e.kind != EventKind::hopf) continue;
      REQUIRE(e.born.has_value());
      INFO(e.born->reason);
      CHECK(e.born->kind == c.kind);
      const double dp_expected = hopf_step_fraction * std::min(F_hopf - c.from, c.to - F_hopf);
      CHECK(e.born->p_above - e.born->p_below == doctest::Approx(2 * dp_expected).epsilon(1e-9));
      const std::vector<ClosedOrbit>& orbits = c.orbit_below ? e.born->below : e.born->above;
      REQUIRE(orbits.size() == 1);
      const double p_side = c.orbit_below ? e.born->p_below : e.born->p_above;
      CHECK(std::abs(c.rot.latitude(orbits.front().w) - std::asin(p_side / F_hopf)) <= orbit_tol);
      if (c.kind != "supercritical") continue;
      // simulate confirms it: from between the (unstable) focus and the circle
      // sin(theta*) = p/F_hopf the direction spirals out onto it. Slip grows like exp(rdot tau)
      // with rdot = R* ~ 0.25-0.3 here, so r_max = 1e40 ends the run after tau ~ 300: ~60
      // periods 2 pi/omega, each contracting by the multiplier ~0.63 (the circle to ~1e-10)
      SimulationOptions sim;
      sim.r_max = 1e40;
      sim.t_max = 1e300;
      sim.every = 0;
      const LimitSet none;
      const Eigen::Vector3d start = (c.rot.R.col(2) + 0.3 * c.rot.R.col(0)).normalized();
      const SimulationResult r = simulate(c.rot.system(), p_side, start, sim, &none);
      INFO("simulate: " << r.reason);
      CHECK(r.outcome == SimulationResult::Outcome::never_sticks);
      CHECK(std::abs(c.rot.latitude(r.arrival) - std::asin(p_side / F_hopf)) <= orbit_tol);
    }
  }
  const Event not_hopf{EventKind::fold, 0.7, {Eigen::Vector3d::UnitZ()}, {0}, true, 0.0, {}, Level::checked, std::nullopt};
  const System s = Rotation{0.3, -0.4, 1.3, 0.0}.system();
  const ParameterFamily family = force_family(s);
  CHECK_THROWS_AS(orbits_at_hopf(family, not_hopf, 0.07), InputError);
  const Event a_hopf{EventKind::hopf, 0.7, {Eigen::Vector3d::UnitZ()}, {0}, true, 0.0, {}, Level::checked, std::nullopt};
  CHECK_THROWS_AS(orbits_at_hopf(family, a_hopf, 0.0), InputError);
}

TEST_CASE("(75) Coulomb point model on a general system: trajectories into a singular point count as limit-set "
          "points, never as orbits") {
  // the general system of share/problems/general.json with the point model: V* jumps at the
  // poles (singular points of the limit set); a seed counted at a closed orbit needs a listed orbit
  Problem p;
  p.system.preset = "general";
  p.system.mass << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;
  p.system.load_direction = Eigen::Vector3d::UnitX();
  p.system.load_offset = Eigen::Vector3d(0.0, 0.0, 0.1);
  p.pressure = Pressure::uniform();
  p.friction.model = "coulomb-point";
  const System s = make_system(p);
  // F = 1.5: 0 lies outside the hull of V* at the poles (limits/jump_zeros.hpp), which are then
  // singular points, not (Filippov) limit directions
  const LimitSet L = limits_without_orbits(s, 1.5);
  REQUIRE_FALSE(L.singular_points.empty());
  const OrbitSearch search = find_closed_orbits(s, 1.5, L);
  INFO(search.summary());
  for (const SeedFates* f : {&search.forward, &search.backward}) {
    CHECK(f->limit_direction + f->closed_orbit + f->unresolved == f->seeds);
    if (search.orbits.empty()) CHECK(f->closed_orbit == 0);
  }
}

TEST_CASE("(2) [Kireenkov] shifted disc at F = 0: the limit set is the equator and the poles, and every "
          "trajectory settles (backward ones in a pole's capture disc)") {
  // At pure sliding q = -w (the shift moves no torque onto a circle), so with c = 0 and
  // M_xy = I the equator is a circle of limit directions; at pure spin the shift's direction jumps
  // (singular points of index 1, one per cap: Poincare-Hopf on each cap bounded by the equator).
  // Backward in tau the poles attract while V* turns about them at the finite speed k P(0): the
  // trajectories spiral in, and end in the capture disc of docs/manual.md section 9.
  const System s = shifted_disc(0.5);
  const LimitSet L = find_limit_directions(s, 0.0);
  INFO(L.certificate.reason);
  CHECK(L.certificate.level == Level::checked);
  CHECK(L.certificate.closed_orbits == "checked");
  CHECK(L.directions.empty());
  REQUIRE(L.circles.size() == 1);
  CHECK(std::abs(L.circles.front().theta) <= 1e-12);
  REQUIRE(L.singular_points.size() == 2);
  for (const SingularPoint& sp : L.singular_points) {
    CHECK(std::abs(std::abs(sp.w.z()) - 1.0) <= 1e-12);
    CHECK(sp.index == 1);
  }
  CHECK(L.closed_orbits.size() == 2);
}

}  // namespace test_closed_orbits
