// system.mass of a general system (docs/manual.md section 4): a mass matrix is symmetric positive
// definite, the kinetic energy x^T M x / 2 > 0 for every velocity x != 0; anything else is bad
// input naming system.mass, and a singular matrix keeps its own message.
#include <doctest/doctest.h>

#include <Eigen/Geometry>

#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"

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
