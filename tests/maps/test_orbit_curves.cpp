// The orbit curves of a two-parameter map (maps/orbit_curves.hpp, docs/manual.md section 13
// "Orbit curves") against rotation fields on the sphere whose closed orbits are latitude circles
// known in closed form. With u = 1 - w3 (0 at the north pole, 2 at the south pole) the field
//     V = -H(u) (e3 - w3 w) + g(w) (e3 x w)
// moves u by u' = H(u) u (2 - u) and turns about e3 at the rate g; V = q + F P_w e3 (M = I, load
// along e3: P_w e3 = e3 - w3 w) with q the model below, so H = h(u) - F. Its closed orbits with g
// constant are the circles H(u) = 0.
//  * Bautin: h = a + b u - u^2, g = omega: the circles u = (b +- sqrt(b^2 + 4 (a - F)))/2 of period
//    2 pi/omega, a Hopf point at the pole at F = a (subcritical for b > 0: the generalised Hopf
//    normal form r' = r (beta1 + beta2 r^2 - r^4) of Kuznetsov, Elements of Applied Bifurcation
//    Theory, 8.3.1, in u ~ r^2/2), and the fold of cycles where the two meet:
//        F = a + b^2/4   (u = b/2).
//    With a cubic term, h = a + b u - u^2 + c u^3 (b = 0.6, c = 0.5), h has a local maximum and
//    minimum at u* = (2 -+ sqrt(4 - 12 b c))/(6 c): the circles h(u) = F form an S, with folds of
//    cycles at F = h(u*).
//  * SNIC: h = 2 - u, g = nu - w1: the attracting circle u0 = 2 - F, sin(theta0) = sqrt(F (2 - F)),
//    on which phi' = nu - sin(theta0) cos(phi): the period 2 pi/sqrt(nu^2 - F (2 - F)), and a
//    saddle-node on the circle where nu = sin(theta0):
//        F* = 1 - sqrt(1 - nu^2).
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <cmath>
#include <memory>

#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/maps/orbit_curves.hpp"

namespace test_orbit_curves {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kOmega = 1.5;
constexpr double kA = 0.3;

/// q(w) = -h(u) (e3 - n3 n) + g(n) (e3 x n), n = w/|w| (0-homogeneous, as the model's extension).
template <typename T>
Eigen::Matrix<T, 3, 1> rotation_field(const Eigen::Matrix<T, 3, 1>& w, bool snic, double b, double c) {
  const Eigen::Matrix<T, 3, 1> n = w / w.norm();
  const T u = 1.0 - n[2];
  const T h = snic ? T(2.0 - u) : T(kA + b * u - u * u + c * u * u * u);
  const T g = snic ? T(b - n[0]) : T(kOmega);
  Eigen::Matrix<T, 3, 1> e3(T(0.0), T(0.0), T(1.0)), ez;
  ez << -n[1], n[0], T(0.0);  // e3 x n
  return -h * (e3 - n[2] * n) + g * ez;
}

/// The model of the rotation field: `b` is beta2 of the Bautin field (and `c` its cubic term, 0 but
/// in the S-shaped field), nu of the SNIC field.
class RotationFieldModel : public FrictionModel {
 public:
  RotationFieldModel(bool snic, double b, double c) : FrictionModel(1.0, 1.0), snic_(snic), b_(b), c_(c) {}
  std::string name() const override { return "rotation-field"; }
  std::string description() const override { return "a rotation field with latitude orbits"; }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override { return rotation_field<double>(w, snic_, b_, c_); }
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override {
    using AD = Eigen::AutoDiffScalar<Eigen::Vector3d>;
    Eigen::Matrix<AD, 3, 1> wa;
    for (int i = 0; i < 3; ++i) wa[i] = AD(w[i], 3, i);
    const Eigen::Matrix<AD, 3, 1> q = rotation_field<AD>(wa, snic_, b_, c_);
    FrictionJacobian J;
    for (int i = 0; i < 3; ++i) {
      J.q[i] = q[i].value();
      J.dq_dw.row(i) = q[i].derivatives().transpose();
    }
    return J;
  }

 private:
  bool snic_;
  double b_, c_;
};

System field_system(bool snic, double b, double c = 0) {
  return System(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitZ(), Eigen::Vector3d::Zero(),
                std::make_shared<RotationFieldModel>(snic, b, c));
}

/// The line along x = F at y = b, or along y = b at x = F: its family.
ParameterFamily line_family(bool snic, bool along_x, double value) {
  ParameterFamily f;
  f.name = along_x ? "force" : "b";
  f.load_sweep = along_x;
  if (along_x) {
    const System s = field_system(snic, value);
    f.system = [s](double) { return s; };
    f.force = [](double p) { return p; };
  } else {
    f.system = [snic](double p) { return field_system(snic, p); };
    f.force = [value](double) { return value; };
  }
  return f;
}

/// The orbit events of every line of a grid with `interior` lines each way besides the sides
/// (the sweep, its Hopf points' orbits, its orbit branches: as bifurcation-map's seeding sweeps).
std::vector<OrbitCurvePoint> grid_points(bool snic, const MapAxis& x, const MapAxis& y, int interior) {
  std::vector<OrbitCurvePoint> all;
  for (const bool along_x : {true, false}) {
    const MapAxis &along = along_x ? x : y, &across = along_x ? y : x;
    for (int i = 0; i <= interior + 1; ++i) {
      const double v = across.from + (across.to - across.from) * i / (interior + 1);
      const ParameterFamily family = line_family(snic, along_x, v);
      Diagram d = sweep(family, along.from, along.to);
      confirm_hopf_events(family, d);
      continue_orbit_branches(family, d);
      for (const OrbitCurvePoint& q : orbit_curve_points(d, along_x, v)) all.push_back(q);
    }
  }
  return all;
}

// The fold closes its orbit to |P(s) - s| <= 1e-10 (the return map's own error), and |dP/dF| =
// T sqrt(u (2 - u)) >= 4.19 sqrt(0.51) = 3.0 at the folds of the grid below (u = b/2 >= 0.3; one turn
// of u' = -F u (2 - u) measured in arclength du/sin(theta)): F to ~3e-11, plus the last secant step
// (below 1e-10); 1e-8 leaves a factor 100.
constexpr double kFoldLoadTol = 1e-8;
// Periods of converged orbits: right to ~1e-9 relative (test_cycle_fold.cpp).
constexpr double kPeriodRelTol = 1e-7;
// A branch toward a Hopf point ends when its orbit's amplitude falls below 0.02 (hopf_end_amplitude,
// continuation/orbit_branches.cpp); its last point may be the focus itself.
constexpr double kOntoFocus = 0.02;
// The SNIC's period 2 pi/sqrt((2 - 2 F*)(F* - F) - (F* - F)^2) has the local exponent
// -1/2 - (F* - F)/(4 (2 - 2 F*)) + ...; the fit's window reaches |F* - F| <= 64 times the last
// distance (~3e-5: 2e-3), so |beta + 1/2| <= 2e-3/(4 * 0.62) = 8e-4 for F* <= 0.69; 5e-3 leaves a factor 6.
constexpr double kSnicExponentTol = 5e-3;

}  // namespace

TEST_CASE("Bautin field on the sphere: the cycle-fold curve of the map is F = a + b^2/4, met at every line "
          "along F, one polyline in order of b") {
  // b >= 0.6: the fold lies >= 0.09 beyond the Hopf point F = a (folds nearer to it, and b = 0.6
  // whose search past the fold does not settle, are the cases below)
  const MapAxis x{"force", 0.1, 1.0}, y{"b", 0.6, 1.5};
  const int interior = 4;
  const std::vector<OrbitCurvePoint> points = grid_points(false, x, y, interior);
  const std::vector<OrbitCurve> curves = join_orbit_points(points, x, y, orbit_link_length(interior));
  // the lines along F cross the fold curve once each (b from 0.6 to 1.5: F_fold 0.39 to 0.8625);
  // a line along b at F > a starts where there is no orbit and has no Hopf point: it meets none
  REQUIRE(points.size() == static_cast<std::size_t>(interior + 2));
  REQUIRE(curves.size() == 1);
  CHECK(curves[0].kind == "cycle-fold");
  REQUIRE(curves[0].points.size() == points.size());
  const double dir = curves[0].points.back().y > curves[0].points.front().y ? 1 : -1;
  for (std::size_t k = 0; k < curves[0].points.size(); ++k) {
    const OrbitCurvePoint& q = curves[0].points[k];
    INFO("b = " << q.y << ", F = " << q.x);
    CHECK(q.along_x);
    CHECK(q.located);
    CHECK(std::abs(q.x - (kA + q.y * q.y / 4)) <= kFoldLoadTol);
    REQUIRE(q.period);
    CHECK(*q.period == doctest::Approx(2 * kPi / kOmega).epsilon(kPeriodRelTol));
    if (k > 0) CHECK(dir * (q.y - curves[0].points[k - 1].y) > 0);  // in order along the curve
  }
}

TEST_CASE("SNIC field on the sphere: the snic curve of the map is F* = 1 - sqrt(1 - nu^2) with exponent -1/2") {
  const MapAxis x{"force", 0.1, 0.9}, y{"b", 0.5, 0.95};
  const int interior = 2;
  const std::vector<OrbitCurvePoint> points = grid_points(true, x, y, interior);
  const std::vector<OrbitCurve> curves = join_orbit_points(points, x, y, orbit_link_length(interior));
  // every line along F from F = 0.1 (an orbit there for nu >= 0.5 > sin(theta0) = 0.436) meets the
  // saddle-node on the circle once; a line along nu has the orbit at its start only where there is
  // no saddle-node ahead (nu grows away from it): none
  REQUIRE(points.size() == static_cast<std::size_t>(interior + 2));
  REQUIRE(curves.size() == 1);
  CHECK(curves[0].kind == "snic");
  REQUIRE(curves[0].points.size() == points.size());
  const double dir = curves[0].points.back().y > curves[0].points.front().y ? 1 : -1;
  for (std::size_t k = 0; k < curves[0].points.size(); ++k) {
    const OrbitCurvePoint& q = curves[0].points[k];
    const double F_star = 1 - std::sqrt(1 - q.y * q.y);
    INFO("nu = " << q.y << ", F = " << q.x << " (p_error " << q.p_error << "), closed form " << F_star);
    CHECK(q.along_x);
    CHECK(std::abs(q.x - F_star) <= q.p_error);  // the event's own error bounds its distance from the truth
    REQUIRE(q.exponent);
    CHECK(std::abs(*q.exponent + 0.5) <= kSnicExponentTol);
    if (k > 0) CHECK(dir * (q.y - curves[0].points[k - 1].y) > 0);
    MESSAGE("snic at nu = " << q.y << ": F - F* = " << q.x - F_star << " (p_error " << q.p_error << "), exponent "
                            << *q.exponent);
  }
}

TEST_CASE("Bautin field on the sphere: a fold of cycles closer to its subcritical Hopf point than the search's "
          "offset (b^2/4 < 0.1) is found, and the Hopf point is subcritical") {
  // The Hopf event at F = a searches at a -+ 0.1 (half the gap to the range's start): below, the
  // outer circle (which does not shrink onto the focus: it reaches F = a with u = b); above, past
  // the fold a + b^2/4, nothing. The outer circle's branch goes on through F = a to the fold, where
  // the inner circle's branch turns back and shrinks onto the focus at F = a: repelling where the
  // focus is stable (b > 0, Kuznetsov 8.3.1).
  for (const double b : {0.2, 0.3, 0.4, 0.5}) {
    CAPTURE(b);
    const ParameterFamily family = line_family(false, true, b);
    Diagram d = sweep(family, 0.1, 1.0);
    confirm_hopf_events(family, d);
    continue_orbit_branches(family, d);
    const auto hopf = std::find_if(d.events.begin(), d.events.end(), [](const Event& e) { return e.kind == EventKind::hopf; });
    REQUIRE(hopf != d.events.end());
    REQUIRE(hopf->born);
    INFO(hopf->born->reason);
    CHECK(std::abs(hopf->p - kA) <= kFoldLoadTol);
    CHECK(hopf->born->kind == "subcritical");
    const double fold = kA + b * b / 4;
    int folds = 0, onto_focus = 0;
    for (const OrbitBranch& br : d.orbit_branches)
      for (const OrbitEnd& e : br.ends) {
        folds += e.kind == "cycle-fold" && std::abs(e.p - fold) <= kFoldLoadTol;
        if (e.kind != "hopf") continue;
        ++onto_focus;
        CHECK(e.p == hopf->p);
        // every orbit of that branch a circle H(u) = a + b u - u^2 - F = 0 inside u < b/2 (the
        // inner one), but its last point, where the branch ends on the focus (amplitude < 0.02)
        for (const OrbitPoint& q : br.points) {
          if (q.amplitude < kOntoFocus) continue;
          const double u = 1 - q.w.normalized()[2];
          CHECK(u <= b / 2 + kFoldLoadTol);
          CHECK(std::abs(kA + b * u - u * u - q.p) <= kFoldLoadTol);
          CHECK(q.period == doctest::Approx(2 * kPi / kOmega).epsilon(kPeriodRelTol));
        }
      }
    CHECK(folds == 2);  // the outer circle's branch and the inner's meet there
    CHECK(onto_focus == 1);
  }
}

TEST_CASE("Bautin field on the sphere: a Hopf point whose searches do not settle is confirmed subcritical by "
          "the branch turned at the fold of cycles, and the certificate's note is taken back") {
  // b = 0.6, the fold at F = a + b^2/4 = 0.39: the search above the Hopf point (at F = 0.4, just
  // past the fold, where trajectories linger at the ghost of the two circles) spends its budget,
  // so confirm_hopf_events leaves the event unconfirmed and notes it in the certificate. The outer
  // circle of the range's start (F = 0.1) is followed to the fold; the inner circle's branch,
  // turned there, shrinks onto the focus at F = a: repelling where the focus is stable (b > 0,
  // Kuznetsov 8.3.1), so subcritical, and nothing is left unconfirmed.
  constexpr double b = 0.6;
  const ParameterFamily family = line_family(false, true, b);
  Diagram d = sweep(family, 0.1, 1.0);
  confirm_hopf_events(family, d);
  const auto hopf = std::find_if(d.events.begin(), d.events.end(), [](const Event& e) { return e.kind == EventKind::hopf; });
  REQUIRE(hopf != d.events.end());
  REQUIRE(hopf->born);
  REQUIRE(hopf->born->kind == "unconfirmed");  // the premise: the searches beside it did not settle
  CHECK(d.certificate.reason.find("unconfirmed") != std::string::npos);
  continue_orbit_branches(family, d);
  INFO(hopf->born->reason);
  CHECK(std::abs(hopf->p - kA) <= kFoldLoadTol);
  CHECK(hopf->born->kind == "subcritical");
  CHECK(d.certificate.reason.find("unconfirmed") == std::string::npos);
  const Claim* events = find_claim(d.certificate, "events");
  if (events) CHECK(events->reason.find("unconfirmed") == std::string::npos);
  int onto_focus = 0;
  for (const OrbitBranch& br : d.orbit_branches)
    for (const OrbitEnd& e : br.ends) {
      if (e.kind != "hopf") continue;
      ++onto_focus;
      CHECK(e.p == hopf->p);
      for (const OrbitPoint& q : br.points) {  // the inner circles H(u) = 0, u < b/2
        if (q.amplitude < kOntoFocus) continue;
        const double u = 1 - q.w.normalized()[2];
        CHECK(u <= b / 2 + kFoldLoadTol);
        CHECK(std::abs(kA + b * u - u * u - q.p) <= kFoldLoadTol);
      }
    }
  CHECK(onto_focus == 1);
}

TEST_CASE("S-shaped family of circles (h = a + b u - u^2 + c u^3): the continuation turns at both folds of "
          "cycles F = h(u*) and follows the three circles") {
  constexpr double b = 0.6, c = 0.5;
  const auto h = [](double u) { return kA + b * u - u * u + c * u * u * u; };
  const double root = std::sqrt(4 - 12 * b * c);
  const double u_max = (2 - root) / (6 * c), u_min = (2 + root) / (6 * c);  // h' = b - 2 u + 3 c u^2 = 0
  ParameterFamily family;
  family.name = "force";
  family.load_sweep = true;
  const System s = field_system(false, b, c);
  family.system = [s](double) { return s; };
  family.force = [](double p) { return p; };
  // from F = 0.32: one circle (h(u) = 0.32 has one root, below u_max), continued up to the first
  // fold, turned back down the middle circle to the second, turned up the outer circle to 1
  Diagram d = sweep(family, 0.32, 1.0);
  continue_orbit_branches(family, d);
  REQUIRE(d.orbit_branches.size() == 3);
  const double folds[] = {h(u_max), h(u_min)};
  int at_fold[2] = {0, 0};
  for (const OrbitBranch& br : d.orbit_branches) {
    INFO(br.reason);
    CHECK(br.level == Level::checked);
    for (const OrbitEnd& e : br.ends)
      for (int k = 0; k < 2; ++k) at_fold[k] += e.kind == "cycle-fold" && std::abs(e.p - folds[k]) <= kFoldLoadTol;
    for (const OrbitPoint& q : br.points) {  // each orbit a circle H(u) = h(u) - F = 0
      const double u = 1 - q.w.normalized()[2];
      CHECK(std::abs(h(u) - q.p) <= kFoldLoadTol);
      CHECK(q.period == doctest::Approx(2 * kPi / kOmega).epsilon(kPeriodRelTol));
    }
  }
  CHECK(at_fold[0] == 2);  // the inner and the middle circle's branches meet at each fold
  CHECK(at_fold[1] == 2);
  const OrbitBranch& outer = d.orbit_branches[2];
  CHECK(outer.ends[1].kind == "range-end");
  CHECK(1 - outer.points.back().w.normalized()[2] > u_min);
}

}  // namespace test_orbit_curves
