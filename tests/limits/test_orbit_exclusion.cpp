// exclude_closed_orbits (limits/orbit_exclusion.hpp, docs/manual.md section 9): fields with
// closed orbits known in closed form are never called orbit-free; fields known to have none by
// an independent argument (the symmetry of the disc in a turned frame, or the numerical search)
// are proven orbit-free, and find-limits keeps their level proven.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/limits/orbit_exclusion.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

#include "rotation_field.hpp"

namespace test_orbit_exclusion {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;
// A component stopped at the minimum width (1e-6) around a pair 1e-5 apart has its cells within
// ~1e-5 of the pair: 1e-3 on the sphere bounds that with margin and stays far below the distance
// 2 sqrt(zF) of the mirror pair at -w3 (checked where it is used).
constexpr double kPairComponent = 1e-3;

// ---- (64) with a rotation part, M = I ---------------------------------------------------------
// B = R B0 R^T with B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]] and c = c3 R e3. In the
// frame of R, w = (cos th s, sin th) with s = (cos ph, sin ph), n = e3 x s, e_th = (-sin th s, cos th):
//   B0 w + c = a cos th s + omega cos th n + (lambda sin th + c3) e3,
// so dph/dtau = V* . n / cos th = omega and dth/dtau = V* . e_th = cos th [(lambda - a) sin th + c3]
// (V* = F - (w . F) w, and w . e_th = w . n = 0). For |c3| < |a - lambda| the latitude circle
// sin th* = c3/(a - lambda) is a closed orbit of period 2 pi/omega; for c3 = 0 and a = lambda every
// latitude circle is one (a rigid rotation). At the pole R e3, J_T = (a - lambda - c3) I + omega
// [[0, -1], [1, 0]]: a focus with trace 2 (a - lambda - c3).
struct Rotation {
  double a, lambda, omega, c3;
  Eigen::Matrix3d R = ref::rotation_frame();
  System system() const { return ref::rotation_system(R, a, lambda, omega); }
  /// The point of the latitude circle sin th = z at longitude ph.
  Eigen::Vector3d on_latitude(double z, double ph) const {
    const double c = std::sqrt(1 - z * z);
    return R * Eigen::Vector3d(c * std::cos(ph), c * std::sin(ph), z);
  }
};

// V* of (122) from the system's field, independent of the chart code of the exclusion.
Eigen::Vector3d v_star(const System& s, const Eigen::Vector3d& w, double F) {
  const Eigen::Vector3d f = s.field(w, F);
  return f - w.dot(f) * w;
}

/// The circle sin th = z is invariant with V* != 0 on it: V* is tangent to it (V* . R e3 = 0 at
/// sin th = z means dth/dtau = 0) and has the length omega cos th of (64)'s rotation.
void check_latitude_orbit(const Rotation& rot, double z) {
  const System s = rot.system();
  for (int k = 0; k < 16; ++k) {
    const Eigen::Vector3d w = rot.on_latitude(z, 2 * kPi * k / 16);
    const Eigen::Vector3d v = v_star(s, w, rot.c3);
    CHECK(std::abs(v.dot(rot.R.col(2))) <= 1e-12);
    CHECK(v.norm() == doctest::Approx(std::abs(rot.omega) * std::sqrt(1 - z * z)).epsilon(1e-12));
  }
}

/// share/problems/general.json with harmonic N (the brief's N = 2 system), or another mass and load.
System general_system(const Eigen::Matrix3d& M, const Eigen::Vector3d& d, const Eigen::Vector3d& e, int degree) {
  nlohmann::json mass = nlohmann::json::array();
  for (int i = 0; i < 3; ++i) mass.push_back({M(i, 0), M(i, 1), M(i, 2)});
  const nlohmann::json problem{
      {"system", {{"preset", "general"}, {"mass", mass}, {"load", {{"direction", {d(0), d(1), d(2)}}, {"offset", {e(0), e(1), e(2)}}}}}},
      {"contact", {{"pressure", "uniform"}}},
      {"friction", {{"model", "harmonic"}, {"degree", degree}}},
      {"rho", "kappa"}};
  return make_system(parse_problem(problem, "test"));
}

System general_n2() {
  Eigen::Matrix3d M;
  M << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;
  return general_system(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d(0, 0, 0.1), 2);
}

/// The disc preset with the harmonic model N = 2 (131)-(138).
System harmonic_disc() {
  return make_system(parse_problem(
      nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "harmonic"}, {"degree", 2}}}}, "disc"));
}

/// find-limits with its certificate: proven with the closed orbits excluded.
void check_proven_and_excluded(const System& s, double F) {
  const LimitSet set = find_limit_directions(s, F);
  INFO("reason: " << set.certificate.reason);
  CHECK(set.certificate.level == Level::proven);
  CHECK(set.certificate.closed_orbits == "excluded");
}

}  // namespace

TEST_CASE("(64) with a rotation part: the latitude circle sin th* = c3/(a - lambda) is a closed orbit and is never excluded") {
  const Rotation rot{0.3, -0.4, 1.3, 0.35};  // sin th* = 0.35/0.7 = 1/2
  check_latitude_orbit(rot, 0.5);
  const OrbitExclusion ex = exclude_closed_orbits(rot.system(), rot.c3);
  INFO("reason: " << ex.reason);
  CHECK_FALSE(ex.proven);
  CHECK_FALSE(ex.undecided.empty());
  const LimitSet set = find_limit_directions(rot.system(), rot.c3);
  CHECK(set.certificate.closed_orbits != "excluded");
  CHECK(set.certificate.level != Level::proven);
}

TEST_CASE("(64) as a rigid rotation (a = lambda, c3 = 0, every latitude circle an orbit, as the shifted disc at F = 0): never excluded") {
  const Rotation rot{0.3, 0.3, 1.3, 0.0};
  for (double z : {-0.8, -0.3, 0.0, 0.5, 0.9}) check_latitude_orbit(rot, z);
  const OrbitExclusion ex = exclude_closed_orbits(rot.system(), 0.0);
  INFO("reason: " << ex.reason);
  CHECK_FALSE(ex.proven);
}

TEST_CASE("share/problems/disc-shift.json at F = 0 (circles of limit directions become orbits): never excluded") {
  const System s = make_system(load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json"));
  const OrbitExclusion ex = exclude_closed_orbits(s, 0.0);
  INFO("reason: " << ex.reason);
  CHECK_FALSE(ex.proven);
  CHECK(find_limit_directions(s, 0.0).certificate.closed_orbits != "excluded");
}

TEST_CASE("share/problems/disc-shift.json past its SNIC (F* = 0.14049, docs/manual.md section 9): no closed orbit, proven with the poles' cells enclosed by the Filippov hull, and below it never excluded") {
  const System s = make_system(load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json"));
  // at F = 0.4 the load dominates the jump at both poles: the flow drifts past them, and the cells
  // about them are decided by a sign-definite d . g on the hull g_c + a N nu (limits/jump_cells.cpp)
  const OrbitExclusion ex = exclude_closed_orbits(s, 0.4);
  INFO("reason: " << ex.reason);
  REQUIRE(ex.proven);
  CHECK(ex.hull_cells > 0);
  CHECK(ex.components == ex.by_sign + ex.by_krasovskii);
  CHECK(find_limit_directions(s, 0.4).certificate.closed_orbits == "excluded");
  // the numerical search (trajectories and return maps, a different algorithm) finds none either
  SolverOptions opt;
  opt.closed_orbits = false;
  const OrbitSearch search = find_closed_orbits(s, 0.4, find_limit_directions(s, 0.4, opt));
  CHECK(search.complete());
  CHECK(search.orbits.empty());
  // below F* the two orbits about the load's axis exist (manual section 9): never excluded
  for (double F : {0.05, 0.12}) {
    const OrbitExclusion below = exclude_closed_orbits(s, F);
    CAPTURE(F);
    INFO("reason: " << below.reason);
    CHECK_FALSE(below.proven);
    // |F_c| = F < |a| = 1/6 at the poles (M = I): the jump dominates, the flow turns about them
    CHECK(below.reason.find("the jump of q dominates") != std::string::npos);
  }
}

TEST_CASE("(64) near a Hopf point: a weak focus with trace J_T = +-2e-6 at the pole is not proven orbit-free") {
  // c3 = a - lambda - 1e-6: the orbit sin th* = 1 - 1e-6/0.7 exists (~1.7e-3 rad from the pole)
  const Rotation inside{0.3, -0.4, 1.3, 0.7 - 1e-6};
  check_latitude_orbit(inside, inside.c3 / 0.7);
  const OrbitExclusion ex = exclude_closed_orbits(inside.system(), inside.c3);
  INFO("reason: " << ex.reason);
  CHECK_FALSE(ex.proven);
  // c3 = a - lambda + 1e-6: dth/dtau = cos th [c3 - 0.7 sin th] > 0 below the pole, so there is no
  // orbit, but the spiral closes to ~1e-6 per turn: a proof would need cells where Dg varies by
  // less than 1e-6, and the cover about the pole runs out of its cell budget first; the exclusion
  // must stop there and say so, not hang.
  const Rotation outside{0.3, -0.4, 1.3, 0.7 + 1e-6};
  const System field = outside.system();
  for (double z : {-0.99, -0.5, 0.0, 0.5, 0.99, 1 - 1e-4})  // th increases on every latitude: no orbit
    for (int k = 0; k < 8; ++k) {
      const Eigen::Vector3d w = outside.on_latitude(z, 2 * kPi * k / 8);
      const Eigen::Vector3d e_th = (outside.R.col(2) - z * w).normalized();  // northward unit tangent
      CAPTURE(z);
      CHECK(v_star(field, w, outside.c3).dot(e_th) > 0);
    }
  const OrbitExclusion ex2 = exclude_closed_orbits(field, outside.c3);
  INFO("reason: " << ex2.reason);
  CHECK_FALSE(ex2.proven);
  CHECK(ex2.cells <= orbit_max_cells);
  REQUIRE(ex2.undecided.size() == 1);
  CHECK(ex2.undecided.front().find("not decided within the cell budget") != std::string::npos);
}

TEST_CASE("the general N = 2 system (general.json with harmonic N = 2): find-limits proven, closed orbits excluded, the search finds none either") {
  const System s = general_n2();
  const OrbitExclusion ex = exclude_closed_orbits(s, 0.5);
  INFO("reason: " << ex.reason);
  REQUIRE(ex.proven);
  CHECK(ex.components == ex.by_sign + ex.by_krasovskii);
  check_proven_and_excluded(s, 0.5);
  // the numerical search (a different algorithm: trajectories and return maps) agrees
  SolverOptions opt;
  opt.closed_orbits = false;
  const LimitSet set = find_limit_directions(s, 0.5, opt);
  const OrbitSearch search = find_closed_orbits(s, 0.5, set);
  CHECK(search.complete());
  CHECK(search.orbits.empty());
}

TEST_CASE("share/problems/general.json (harmonic N = 3): find-limits proven, closed orbits excluded, the search finds none either") {
  const Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/general.json");
  const System s = make_system(p);
  check_proven_and_excluded(s, p.force);
  SolverOptions opt;
  opt.closed_orbits = false;
  const OrbitSearch search = find_closed_orbits(s, p.force, find_limit_directions(s, p.force, opt));
  CHECK(search.complete());
  CHECK(search.orbits.empty());
}

TEST_CASE("Sect. 7.4: the disc with its load turned about e3 has no closed orbit (the invariant-circle argument in the turned frame): proven") {
  const System disc = harmonic_disc();
  for (double phi : {0.3, 1.1}) {
    const System turned(disc.M(), Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), Eigen::Vector3d::Zero(),
                        disc.friction_ptr());
    REQUIRE_FALSE(closed_orbit_exclusion(turned, 0.3));  // the symmetry argument does not see the turn
    CAPTURE(phi);
    check_proven_and_excluded(turned, 0.3);
  }
}

TEST_CASE("(138): the turned disc at a fold pair (saddle + node) 1e-5 apart: no closed orbit exists (Sect. 7.4 in the turned frame), the exclusion ends within its budget") {
  const System disc = harmonic_disc();
  const auto* model = dynamic_cast<const HarmonicModel*>(&disc.friction());
  REQUIRE(model);
  REQUIRE((disc.M() - Eigen::Matrix3d(disc.M().diagonal().asDiagonal())).isZero(0.0));
  REQUIRE(disc.M()(0, 0) == 1.0);
  // (137)-(138): k_i = C_i - (M^-1)_33 S_i, h(z) = (k1 + k2 z)^2 (1 - z) = F^2, fold at zF
  const double row3 = 1.0 / disc.M()(2, 2);
  const double k1 = model->C()[0] - row3 * model->S()[0], k2 = model->C()[1] - row3 * model->S()[1];
  const double zF = (2 * k2 - k1) / (3 * k2);
  const auto h = [&](double z) { return (k1 + k2 * z) * (k1 + k2 * z) * (1 - z); };
  // w = (-sqrt(1 - z), 0, sqrt z): |dw/dz| = 1/(2 sqrt(z (1 - z))); one root at zF + eps, the
  // other ~eps below zF (h is quadratic about its maximum), so the pair is ~1e-5 apart
  const double eps = 1e-5 * std::sqrt(zF * (1 - zF));
  const double F = std::sqrt(h(zF + eps));
  const System turned(disc.M(), Eigen::Vector3d(std::cos(1.1), std::sin(1.1), 0), Eigen::Vector3d::Zero(),
                      disc.friction_ptr());
  const OrbitExclusion ex = exclude_closed_orbits(turned, F);
  INFO("reason: " << ex.reason);
  // A proof would be sound only by separating the pair in the graph (the connection saddle ->
  // node is one-way), as no single Krasovskii function covers both (Q definite forces det Dg != 0
  // of one sign, and det J_T changes sign between them). At 1e-5 the pair stays in one component
  // down to the minimum width: the exclusion stops there, not proven, and names that component.
  CHECK_FALSE(ex.proven);
  REQUIRE(ex.undecided.size() == 1);
  CHECK(ex.undecided.front().find("not decided down to the minimum cell width") != std::string::npos);
  // the component is at the pair: w = (-sqrt(1 - z), 0, +-sqrt z) of (138) turned by 1.1 about e3
  const std::string& where = ex.undecided.front();
  Eigen::Vector3d near;
  REQUIRE(std::sscanf(where.c_str() + where.find("w near ("), "w near (%lf, %lf, %lf)", &near(0), &near(1), &near(2)) == 3);
  const Eigen::Vector3d fold = Eigen::AngleAxisd(1.1, Eigen::Vector3d::UnitZ()) *
                               Eigen::Vector3d(-std::sqrt(1 - zF), 0, std::sqrt(zF) * (near(2) < 0 ? -1 : 1));
  CAPTURE(fold.transpose());
  REQUIRE(2 * std::sqrt(zF) > 100 * kPairComponent);
  CHECK((near - fold).norm() <= kPairComponent);
}

TEST_CASE("the disc and ball families at F = 0.3 keep their proven level (closed orbits excluded by the symmetry argument)") {
  for (const char* name : {"disc.json", "ball.json"}) {
    const Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name);
    CAPTURE(name);
    check_proven_and_excluded(make_system(p), 0.3);  // c1 != 0: isolated limit directions (Sect. 7.4)
  }
}

TEST_CASE("three random general systems (fixed seeds, M with eigenvalues in [0.8, 2], harmonic N = 2): proven, closed orbits excluded, the search finds none either") {
  for (unsigned seed : {1u, 2u, 3u}) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0), eig(0.8, 2.0);
    const Eigen::Matrix3d Q = Eigen::Quaterniond(u(gen), u(gen), u(gen), u(gen)).normalized().toRotationMatrix();
    const Eigen::Matrix3d M = Q * Eigen::Vector3d(eig(gen), eig(gen), eig(gen)).asDiagonal() * Q.transpose();
    const Eigen::Vector3d d = Eigen::Vector3d(u(gen), u(gen), u(gen)).normalized();
    const Eigen::Vector3d e = 0.2 * Eigen::Vector3d(u(gen), u(gen), u(gen));
    CAPTURE(seed);
    const System s = general_system(M, d, e, 2);
    check_proven_and_excluded(s, 0.5);
    // the numerical search (trajectories and return maps, not the cover of the proof) agrees
    SolverOptions opt;
    opt.closed_orbits = false;
    const OrbitSearch search = find_closed_orbits(s, 0.5, find_limit_directions(s, 0.5, opt));
    CHECK(search.complete());
    CHECK(search.orbits.empty());
  }
}

TEST_CASE("exclude_closed_orbits: the cell budget and the minimum width are reported, never a silent pass") {
  const System s = general_n2();
  OrbitExclusionOptions small_budget;
  small_budget.max_cells = 400;  // the 384 cells of the initial grid, too few to refine
  const OrbitExclusion a = exclude_closed_orbits(s, 0.5, small_budget);
  CHECK_FALSE(a.proven);
  REQUIRE(a.undecided.size() == 1);
  CHECK(a.reason.find("cell budget") != std::string::npos);
  OrbitExclusionOptions wide;
  wide.min_width = 0.2;  // no split below the initial width 0.25
  const OrbitExclusion b = exclude_closed_orbits(s, 0.5, wide);
  CHECK_FALSE(b.proven);
  CHECK(b.reason.find("minimum cell width") != std::string::npos);
  // and find-limits then falls back to the search, saying why the proof failed
  SolverOptions opt;
  opt.orbit_exclusion = small_budget;
  const LimitSet set = find_limit_directions(s, 0.5, opt);
  CHECK(set.certificate.closed_orbits == "checked");
  CHECK(set.certificate.level == Level::checked);
  CHECK(set.certificate.reason.find("closed orbits not excluded by the combinatorial flow") != std::string::npos);
}

}  // namespace test_orbit_exclusion
