// The fold of cycles located where the multiplier reaches 1 (continuation/orbit_branches.hpp
// locate_cycle_fold, docs/manual.md section 9 "Continuation of orbits") against a field whose
// closed orbits and their fold are known in closed form: a field on the sphere that in the
// gnomonic chart (x, y) = (w1/w3, w2/w3) of the north pole reads, in polar coordinates,
//     r' = r sqrt(1 + r^2) (beta + 2 r^2 - r^4),   theta' = omega,   beta = -F,
// the Bautin normal form (Kuznetsov, Elements of Applied Bifurcation Theory, 8.3.1) times the
// positive factor sqrt(1 + r^2). Its closed orbits are the circles r^2 = 1 +- sqrt(1 - F)
// (0 < F < 1) of period 2 pi/omega, which meet at the fold of cycles F = 1 (beta = -1), r = 1.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <cmath>
#include <memory>

#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/continuation/orbit_events.hpp"
#include "limitdir/dynamics/orbit_section.hpp"
#include "limitdir/friction/model.hpp"

namespace test_cycle_fold {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kOmega = 1.5;

/// The F-independent part of the field: the sphere velocity whose chart velocity is
/// (x', y') = sqrt(1 + r^2)(2 r^2 - r^4)(x, y) + omega (-y, x). With w = u/|u|, u = (x, y, 1),
/// w' = (u' - (w . u') w)/|u|, u' = (x', y', 0); written 0-homogeneous in w (defined for w3 > 0)
/// so that its Jacobian at a unit w is that of the model's extension (friction/model.hpp).
template <typename T>
Eigen::Matrix<T, 3, 1> bautin_part(const Eigen::Matrix<T, 3, 1>& w) {
  using std::sqrt;
  const T x = w[0] / w[2], y = w[1] / w[2], r2 = x * x + y * y;
  const T k = sqrt(1.0 + r2) * (2.0 * r2 - r2 * r2);
  Eigen::Matrix<T, 3, 1> du;
  du << k * x - kOmega * y, k * y + kOmega * x, T(0.0);
  const Eigen::Matrix<T, 3, 1> n = w / w.norm();
  const T u_norm = sqrt(1.0 + r2);
  return (du - n.dot(du) * n) / u_norm;
}

/// The model q(w) = bautin_part(w) with M = I, load direction e3 and no offset: V* = q + F P_w e3,
/// and P_w e3 = e3 - w3 w reads x' = -F x sqrt(1 + r^2) in the chart (x = w1/w3), the term beta r
/// sqrt(1 + r^2) of r'.
class BautinModel : public FrictionModel {
 public:
  BautinModel() : FrictionModel(1.0, 1.0) {}
  std::string name() const override { return "bautin"; }
  std::string description() const override { return "Bautin normal form in the gnomonic chart"; }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override { return bautin_part<double>(w); }
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override {
    using AD = Eigen::AutoDiffScalar<Eigen::Vector3d>;
    Eigen::Matrix<AD, 3, 1> wa;
    for (int i = 0; i < 3; ++i) wa[i] = AD(w[i], 3, i);
    const Eigen::Matrix<AD, 3, 1> q = bautin_part<AD>(wa);
    FrictionJacobian J;
    for (int i = 0; i < 3; ++i) {
      J.q[i] = q[i].value();
      J.dq_dw.row(i) = q[i].derivatives().transpose();
    }
    return J;
  }
};

ParameterFamily bautin_family() {
  const auto model = std::make_shared<BautinModel>();
  ParameterFamily f;
  f.name = "force";
  f.load_sweep = true;
  f.system = [model](double) {
    return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(), model);
  };
  f.force = [](double p) { return p; };
  return f;
}

double chart_radius(const Eigen::Vector3d& w) { return std::hypot(w[0], w[1]) / w[2]; }

/// ln mu of the circle r: T f'(r) with f(r) = r sqrt(1 + r^2)(2 r^2 - r^4 - F), f(r) = 0 on it.
double log_multiplier(double r) {
  return 2 * kPi / kOmega * 4 * r * r * (1 - r * r) * std::sqrt(1 + r * r);
}

// The fold closes its orbit to |P(s) - s| <= 1e-10 (the return map's own error), and
// |dP/dF| = sqrt(2) T = 5.9 at r = 1 (one turn of r' = -F r sqrt(1 + r^2)): F_fold to ~2e-11;
// 1e-9 leaves a factor 50.
constexpr double kFoldLoadTol = 1e-9;
// There d ln mu/dr = -8 sqrt(2) T = -47: |ln mu| <= 1e-9 places r within 2e-11 of 1, and the
// closing tolerance 1e-10 adds its own; 1e-8 leaves a factor 100.
constexpr double kFoldRadiusTol = 1e-8;
// Periods and multipliers of converged orbits: right to ~1e-9 relative (as test_orbit_branches.cpp).
constexpr double kOrbitRelTol = 1e-7;
// The closed-form multiplier is compared where |1 - r^2| = (1 - F)^(1/2) >= 0.3 (F <= 0.9): there
// the orbit's point is fixed to 1e-9/|mu - 1| <= 1e-9 and ln mu to 47e-9 < kOrbitRelTol.
constexpr double kFarFromFold = 0.9;

OrbitContinuation continue_from(const ParameterFamily& family, double F0, double r0, double F1) {
  const System s0 = family.system(F0);
  const Eigen::Vector3d w0 = Eigen::Vector3d(r0, 0, 1).normalized();
  const OrbitSection sec = OrbitSection::at(s0, F0, w0);
  const double sign = log_multiplier(r0) > 0 ? -1.0 : 1.0;  // a repelling orbit backward in time
  const std::optional<ClosedOrbit> start = closed_orbit_on_section(s0, F0, sec, 0.0, 100.0, 32, sign);
  REQUIRE(start);
  return continue_orbit(family, F0, *start, F1, F1 - F0);
}

}  // namespace

TEST_CASE("Bautin normal form on the sphere: both branches of cycles end at the fold F = 1 (beta = -1) "
          "with period 2 pi/omega, radius 1 and multiplier 1") {
  const ParameterFamily family = bautin_family();
  const double F0 = 0.5, F1 = 1.2;
  for (const double sign : {1.0, -1.0}) {  // the outer (attracting) and the inner (repelling) circle
    const double r0 = std::sqrt(1 + sign * std::sqrt(1 - F0));
    const OrbitContinuation c = continue_from(family, F0, r0, F1);
    INFO("r0 = " << r0 << ": " << c.end.reason);
    REQUIRE(c.end.kind == "cycle-fold");
    CHECK(std::abs(c.end.p - 1.0) <= kFoldLoadTol);
    CHECK(c.end.p_error <= kFoldLoadTol);
    const OrbitPoint& fold = c.points.back();
    CHECK(fold.p == c.end.p);  // the fold's orbit is the branch's last point
    CHECK(fold.period == doctest::Approx(2 * kPi / kOmega).epsilon(kOrbitRelTol));
    CHECK(std::abs(chart_radius(fold.w) - 1.0) <= kFoldRadiusTol);
    CHECK(std::abs(std::log(fold.multiplier)) <= kFoldRadiusTol);
    for (const OrbitPoint& q : c.points) {
      INFO("F = " << q.p);
      CHECK(q.period == doctest::Approx(2 * kPi / kOmega).epsilon(kOrbitRelTol));
      if (q.p <= kFarFromFold) {
        const double r = std::sqrt(1 + sign * std::sqrt(1 - q.p));
        CHECK(chart_radius(q.w) == doctest::Approx(r).epsilon(kOrbitRelTol));
        CHECK(std::log(q.multiplier) == doctest::Approx(log_multiplier(r)).epsilon(kOrbitRelTol));
      }
    }
    MESSAGE("Bautin fold from r0 = " << r0 << ": " << c.points.size() << " points, F_fold - 1 = " << c.end.p - 1.0
                                     << " (error " << c.end.p_error << "), period - 2 pi/omega = "
                                     << fold.period - 2 * kPi / kOmega << ", r - 1 = " << chart_radius(fold.w) - 1.0);
  }
}

TEST_CASE("Bautin normal form on the sphere: the fold of cycles is a located event of the branch") {
  const ParameterFamily family = bautin_family();
  OrbitBranch b;
  const OrbitContinuation c = continue_from(family, 0.5, std::sqrt(1 + std::sqrt(0.5)), 1.2);
  b.points = c.points;
  b.ends = {OrbitEnd{"range-end", 0.5, 0, std::nullopt, "start"}, c.end};
  const std::vector<OrbitEvent> events = orbit_events({b});
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == "cycle-fold");
  CHECK(events[0].located);
  REQUIRE(events[0].period);
  CHECK(*events[0].period == doctest::Approx(2 * kPi / kOmega).epsilon(kOrbitRelTol));
  CHECK(std::abs(events[0].p - 1.0) <= kFoldLoadTol);
}

TEST_CASE("Bautin normal form on the sphere: past the fold F = 1 the continuation turns onto the other circle "
          "r^2 = 1 -+ sqrt(1 - F) and follows it back to the range's start") {
  const ParameterFamily family = bautin_family();
  const double F0 = 0.5, F1 = 1.2;
  for (const double sign : {1.0, -1.0}) {  // reached on the outer circle, turned onto the inner, and back
    const double r0 = std::sqrt(1 + sign * std::sqrt(1 - F0));
    const OrbitContinuation c = continue_from(family, F0, r0, F1);
    REQUIRE(c.end.kind == "cycle-fold");
    const std::optional<OrbitContinuation> other = continue_past_fold(family, c.points, F0, F1 - F0);
    REQUIRE(other);
    INFO("r0 = " << r0 << ": " << other->end.reason);
    CHECK(other->end.kind == "range-end");
    CHECK(other->points.back().p == F0);
    CHECK(other->points.front().p == c.end.p);  // from the fold's orbit
    for (std::size_t k = 1; k < other->points.size(); ++k) {
      const OrbitPoint& q = other->points[k];
      INFO("F = " << q.p);
      CHECK(q.p < c.end.p);  // on the side the fold was reached from
      CHECK(q.period == doctest::Approx(2 * kPi / kOmega).epsilon(kOrbitRelTol));
      CHECK(sign * (chart_radius(q.w) - 1) < 0);  // the other circle
      if (q.p <= kFarFromFold) {
        const double r = std::sqrt(1 - sign * std::sqrt(1 - q.p));
        CHECK(chart_radius(q.w) == doctest::Approx(r).epsilon(kOrbitRelTol));
        CHECK(std::log(q.multiplier) == doctest::Approx(log_multiplier(r)).epsilon(kOrbitRelTol));
      }
    }
    MESSAGE("past the fold from r0 = " << r0 << ": " << other->points.size() << " points back to F = "
                                       << other->points.back().p << ", r there " << chart_radius(other->points.back().w));
  }
}

}  // namespace test_cycle_fold
