// system.mass of a general system (docs/manual.md section 4): a mass matrix is symmetric positive
// definite, the kinetic energy x^T M x / 2 > 0 for every velocity x != 0; anything else is bad
// input naming system.mass, and a singular matrix keeps its own message.
#include <doctest/doctest.h>

#include <Eigen/Geometry>

#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/mass.hpp"

namespace test_mass_matrix {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;

namespace {

json general_with_mass(const json& mass) {
  return json{{"system", {{"preset", "general"}, {"mass", mass}, {"load", {{"direction", {1, 0, 0}}}}}},
              {"friction", {{"model", "exact"}}}};
}

/// The one-line InputError message for the mass matrix `mass`; empty when it is accepted.
std::string mass_error(const json& mass) {
  try {
    limitdir::parse_problem(general_with_mass(mass), "test.json");
  } catch (const limitdir::InputError& e) {
    return e.what();
  }
  return {};
}

json rows(const Eigen::Matrix3d& M) {
  json out = json::array();
  for (int i = 0; i < 3; ++i) out.push_back({M(i, 0), M(i, 1), M(i, 2)});
  return out;
}

}  // namespace

TEST_CASE("system.mass: a mass matrix is symmetric positive definite") {
  SUBCASE("not symmetric (invertible, positive eigenvalues 2, 1.5, 0.8 of its triangle)") {
    const std::string message = mass_error({{2.0, 0.3, 0.0}, {0.0, 1.5, 0.2}, {0.0, 0.0, 0.8}});
    INFO(message);
    CHECK(message.rfind("test.json: system.mass: ", 0) == 0);
    CHECK(message.find("not symmetric") != std::string::npos);
  }
  SUBCASE("symmetric, invertible, indefinite: [[0, 1, 0], [1, 0, 0], [0, 0, 1]] has eigenvalues -1, 1, 1") {
    const std::string message = mass_error({{0, 1, 0}, {1, 0, 0}, {0, 0, 1}});
    INFO(message);
    CHECK(message.rfind("test.json: system.mass: ", 0) == 0);
    CHECK(message.find("positive definite") != std::string::npos);
    CHECK(message.find("eigenvalue -1 ") != std::string::npos);
  }
  SUBCASE("negative definite: -diag(1, 2, 3), smallest eigenvalue -3") {
    const std::string message = mass_error({{-1, 0, 0}, {0, -2, 0}, {0, 0, -3}});
    INFO(message);
    CHECK(message.find("eigenvalue -3 ") != std::string::npos);
  }
  SUBCASE("singular keeps its message") {
    CHECK(mass_error({{1, 2, 0}, {2, 4, 0}, {0, 0, 1}}).find("singular mass matrix") != std::string::npos);
  }
  SUBCASE("one line") {
    CHECK(mass_error({{0, 1, 0}, {1, 0, 0}, {0, 0, 1}}).find('\n') == std::string::npos);
  }
}

TEST_CASE("system.mass: R^T D R rounded in floating point is accepted as symmetric") {
  // A rotated diagonal mass is symmetric positive definite in exact arithmetic; its computed
  // entries are symmetric only to rounding, which the check must accept.
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  const Eigen::Matrix3d M = R.transpose() * Eigen::Vector3d(1.0, 2.0, 3.0).asDiagonal() * R;
  CHECK(mass_error(rows(M)).empty());
  // The bundled general problem's coupled mass: leading minors 2, 2.91, 2.248 > 0 (Sylvester).
  CHECK(mass_error({{2.0, 0.3, 0.0}, {0.3, 1.5, 0.2}, {0.0, 0.2, 0.8}}).empty());
}

TEST_CASE("system.mass: singular is relative to the norm, (s M)^-1 = M^-1/s over the solvers' range") {
  // the bundled general problem's coupled mass G (test above) scaled by s: (s G)^-1 = G^-1/s, so
  // s (s G)^-1 is G^-1 for every s > 0 (each entry to the rounding of an LU solve of G, whose
  // condition number is ~3: 1e-14 relative)
  constexpr double kInverseTolerance = 1e-14;
  const Eigen::Matrix3d G = (Eigen::Matrix3d() << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8).finished();
  const Eigen::Matrix3d G_inv = G.inverse();
  for (const double s : {1e-40, 1e-12, 1.0, 1e3}) {
    CAPTURE(s);
    CHECK(mass_error(rows(s * G)).empty());
    CHECK(limitdir::mass_matrix_problem(s * G).empty());
    const Eigen::Matrix3d scaled_back = s * limitdir::mass_matrix_inverse(s * G);
    CHECK((scaled_back - G_inv).norm() <= kInverseTolerance * G_inv.norm());
    // a diagonal M: 1/M_ii exactly to rounding, whatever its condition number (the disc's
    // diag(1, 1, j/rho^2) at rho = 1e6: 5e-13)
    const Eigen::Matrix3d D = Eigen::Vector3d(s, 1.0, 5e-13).asDiagonal();
    CHECK(limitdir::mass_matrix_problem(D).empty());
    CHECK(limitdir::mass_matrix_inverse(D) == Eigen::Matrix3d(Eigen::Vector3d(1.0 / s, 1.0, 1.0 / 5e-13).asDiagonal()));
  }
}

TEST_CASE("system.mass: a nearly singular coupled mass is refused at every scale by its condition number") {
  // [[1, 1, 0], [1, 1 + d, 0], [0, 0, 1]] has the eigenvalues ~2 and ~d/2 in its first block:
  // condition number ~4/d = 4e13 for d = 1e-13, beyond 1e12, and the same times any s
  const Eigen::Matrix3d A = (Eigen::Matrix3d() << 1, 1, 0, 1, 1 + 1e-13, 0, 0, 0, 1).finished();
  for (const double s : {1e300, 1e-300, 1.0}) {
    CAPTURE(s);
    const std::string message = mass_error(rows(s * A));
    CHECK(message.find("singular mass matrix relative to its norm (condition number ") != std::string::npos);
    CHECK(message.find(", more than 1e12") != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  // a zero on the diagonal of a diagonal mass is singular at any scale
  CHECK(mass_error({{1e300, 0, 0}, {0, 0, 0}, {0, 0, 1}}).find("singular mass matrix") != std::string::npos);
}

TEST_CASE("system.mass: 1e300 I and 1e-300 I are not singular: they are beyond the solvers' range, and say so") {
  const auto refused = [](const Eigen::Matrix3d& M, const std::string& why) {
    const std::string message = mass_error(rows(M));
    INFO(message);
    CHECK(message.find(why) != std::string::npos);
    CHECK(message.find("singular") == std::string::npos);
  };
  // |M^-1| = 1e-300 < 1e-4: the field is below the solvers' absolute tolerances
  refused(1e300 * Eigen::Matrix3d::Identity(), "the mass matrix is too large: |M^-1| = 1e-300 is below 1e-4");
  // |M^-1| = 1e300 > 1e100: its cubes overflow; 1e-310 I (subnormal) too, without overflowing here
  refused(1e-300 * Eigen::Matrix3d::Identity(), "the mass matrix is too small: |M^-1| = 1e+300 exceeds 1e100");
  refused(1e-310 * Eigen::Matrix3d::Identity(), "the mass matrix is too small");
  const Eigen::Matrix3d G = (Eigen::Matrix3d() << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8).finished();
  refused(1e6 * G, "the mass matrix is too large");
  refused(1e-300 * G, "the mass matrix is too small");
}

}  // namespace test_mass_matrix
