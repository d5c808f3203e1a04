// The claims of a find-limits certificate (limits/limits.hpp, docs/manual.md section 5 "Claims"):
// "limit-directions", "types" and "closed-orbits", each with its own level; the certificate's
// level is the weakest of them.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"

namespace test_certificate_claims {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

std::map<std::string, Level> levels_of(const Certificate& cert) {
  std::map<std::string, Level> out;
  for (const Claim& c : cert.claims) out[c.claim] = c.level;
  return out;
}

// The linear model q = B w with B = R B0 R^T, B0 = [[a, -omega, 0], [omega, a, 0], [0, 0, lambda]]
// (a rotation part omega about the axis n = R e3), M = I, the load along n (c = F n): the
// limit directions are +-n, with rdot = lambda +- F from (125) (B n = lambda n). On the
// latitude sin theta* = F / (a - lambda) the field is a rotation about n with no component
// along the meridian, so a closed orbit exists there for F < |a - lambda|: no argument can
// exclude closed orbits, and only the (numerical) search can settle them.
struct RotationSystem {
  double a = 0.3, lambda = -0.4, omega = 1.3;
  Eigen::Matrix3d R = Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 1, 0).normalized()).toRotationMatrix();
  System system() const {
    Eigen::Matrix3d B0;
    B0 << a, -omega, 0, omega, a, 0, 0, 0, lambda;
    const auto model = std::make_shared<LinearModel>(R * B0 * R.transpose(), 1.0, 1.0, "rotation about n");
    return System(Eigen::Matrix3d::Identity(), R.col(2), Eigen::Vector3d::Zero(), model);
  }
};

}  // namespace

TEST_CASE("Claims: a proven limit set with a numerical closed-orbit search is checked, the directions proven") {
  const RotationSystem rot;
  const double F = 0.35;  // sin theta* = 0.35 / 0.7 = 0.5: the orbit exists
  const LimitSet L = find_limit_directions(rot.system(), F);
  // the closed forms: w = +-n with rdot = lambda +- F
  REQUIRE(L.directions.size() == 2);
  for (const Classification& c : L.directions) {
    const double s = c.w.dot(rot.R.col(2)) > 0 ? 1.0 : -1.0;
    CHECK((c.w - s * rot.R.col(2)).norm() <= 1e-12);
    CHECK(c.rdot == doctest::Approx(rot.lambda + s * F).epsilon(1e-12));
  }
  INFO(L.certificate.reason);
  const std::map<std::string, Level> claims = levels_of(L.certificate);
  REQUIRE(claims.size() == 3);
  CHECK(claims.at("limit-directions") == Level::proven);
  CHECK(claims.at("types") == Level::proven);
  CHECK(claims.at("closed-orbits") == Level::checked);
  CHECK(L.certificate.closed_orbits == "checked");
  CHECK(L.certificate.level == Level::checked);
  CHECK(find_claim(L.certificate, "limit-directions")->reason.find("Krawczyk") != std::string::npos);
  CHECK(find_claim(L.certificate, "closed-orbits")->reason.rfind("closed orbits checked (numerically)", 0) == 0);
  // the reason is still the joined text of what was shown
  CHECK(L.certificate.reason.rfind("proven:", 0) == 0);
  CHECK(L.certificate.reason.find("closed orbits checked") != std::string::npos);
}

TEST_CASE("Claims: an orbit search cut short leaves the directions proven and the certificate incomplete") {
  const RotationSystem rot;
  SolverOptions tight;
  tight.orbit_search.max_evaluations = 1000;
  const LimitSet L = find_limit_directions(rot.system(), 0.35, tight);
  INFO(L.certificate.reason);
  const std::map<std::string, Level> claims = levels_of(L.certificate);
  CHECK(claims.at("limit-directions") == Level::proven);
  CHECK(claims.at("closed-orbits") == Level::incomplete);
  CHECK(L.certificate.level == Level::incomplete);
  CHECK(find_claim(L.certificate, "closed-orbits")->reason.find("work budget") != std::string::npos);
}

TEST_CASE("Claims: (133) at the pitchfork F = F_P the type of (1, 0, 0) is undecided, the orbits excluded") {
  // the disc, harmonic N = 2: J_T at (1, 0, 0) has the eigenvalue F - F_P along the meridian,
  // F_P = C(0) - 8/9 S(0) (133)
  Problem p;
  p.system.preset = "disc";
  p.pressure = Pressure::uniform();
  p.friction.model = "harmonic";
  p.friction.degree = 2;
  const auto model = make_friction_model(p);
  const auto& h = dynamic_cast<const HarmonicModel&>(*model);
  const double FP = h.C()[0] - 8.0 / 9.0 * h.S()[0];
  const LimitSet L = find_limit_directions(make_system(p), FP);
  INFO(L.certificate.reason);
  const std::map<std::string, Level> claims = levels_of(L.certificate);
  CHECK(claims.at("types") == Level::incomplete);
  CHECK(find_claim(L.certificate, "types")->reason.find("non-hyperbolic") != std::string::npos);
  CHECK(claims.at("limit-directions") == Level::incomplete);  // its index does not certify completeness
  CHECK(claims.at("closed-orbits") == Level::proven);         // c1 != 0: the symmetry argument
  CHECK(L.certificate.closed_orbits == "excluded");
  CHECK(L.certificate.level == Level::incomplete);
}

TEST_CASE("Claims: every bundled problem at its force has its level the weakest of its claims") {
  // the claims' own rules, independent of how the level is derived: an orbit search can at most
  // check, a search that did not settle leaves the set incomplete, and without claims below
  // proven the reason starts with the proof
  const auto dir = std::filesystem::path(LIMITDIR_SHARE_DIR) / "problems";
  int problems = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("roll-", 0) == 0 || name.rfind("celt", 0) == 0 || name.rfind("pile", 0) == 0) continue;  // other schemas
    CAPTURE(name);
    const Problem p = load_problem(entry.path().string());
    const LimitSet L = find_limit_directions(make_system(p), p.force);
    const Certificate& cert = L.certificate;
    INFO(cert.reason);
    ++problems;
    REQUIRE(cert.claims.size() == 3);
    CHECK(cert.claims[0].claim == "limit-directions");
    CHECK(cert.claims[1].claim == "types");
    CHECK(cert.claims[2].claim == "closed-orbits");
    Level least = Level::proven;
    for (const Claim& c : cert.claims) {
      CHECK_FALSE(c.reason.empty());
      least = std::min(least, c.level);
    }
    CHECK(cert.level == least);
    const Level orbits = cert.claims[2].level;
    CHECK(orbits == (cert.closed_orbits == "excluded"  ? Level::proven
                     : cert.closed_orbits == "checked" ? Level::checked
                                                       : Level::incomplete));
    if (cert.level == Level::proven) CHECK(cert.reason.rfind("proven:", 0) == 0);
  }
  CHECK(problems >= 10);
}

}  // namespace test_certificate_claims
