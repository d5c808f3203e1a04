// prove_limit_directions (limits/proof.hpp) against the closed forms of Sect. 7.4 [Nonlinear Dyn. 2024]: the
// disc's limit directions (128)-(138) with the harmonic model N = 2 (C_i, S_i of (85), checked
// in friction/test_harmonic.cpp), solved here by bisection on (132); rotations of the disc; a fold pair
// 1e-4 and 1e-5 apart; and a non-hyperbolic zero that must stay undecided.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/coulomb_point.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/limits/pitchfork.hpp"
#include "limitdir/limits/proof.hpp"
#include "limitdir/limits/symmetry.hpp"
#include "limitdir/system/system.hpp"

namespace test_proof {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

const double kDiscRow3 = 8.0 / 9.0;  // (126): third row of M^-1 for the disc, rho = kappa = 2R/3, j = 1/2
// The closed-form directions below are accurate to ~1e-13 (bisection on (132) to 1e-15 in z,
// amplified by dw/dz <= 1/(2 sqrt(z (1 - z))) near the poles and the equator).
constexpr double kClosedFormTol = 1e-9;

Problem disc_problem() {
  return parse_problem(nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}

/// The disc with the harmonic model N = 2 in closed form, (131)-(138): k1, k2 of (137) and the
/// limit directions at load F.
struct DiscN2 {
  std::shared_ptr<const HarmonicModel> model;
  double k1, k2;
  DiscN2() : model(std::make_shared<HarmonicModel>(*make_exact_model(disc_problem()), 2)) {
    k1 = model->C()[0] - kDiscRow3 * model->S()[0];
    k2 = model->C()[1] - kDiscRow3 * model->S()[1];
  }
  double FT() const { return model->C()[0]; }                                  // (130)
  double FP() const { return k1; }                                             // (133)
  double FF() const { return std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2)); }  // (138)
  double zF() const { return (2 * k2 - k1) / (3 * k2); }                        // (138)
  double h(double z) const { return (k1 + k2 * z) * (k1 + k2 * z) * (1 - z); }  // (132)
  /// Roots z in (0, 1) of h(z) = F^2, bracketed on a grid that contains the extrema of h.
  std::vector<double> roots(double F) const {
    std::vector<double> z;
    for (int i = 1; i < 20000; ++i) z.push_back(i / 20000.0);
    for (double c : {zF(), -k1 / k2})
      if (c > 0 && c < 1) z.push_back(c);
    std::sort(z.begin(), z.end());
    std::vector<double> r;
    for (std::size_t i = 0; i + 1 < z.size(); ++i) {
      double a = z[i], b = z[i + 1];
      const double fa = h(a) - F * F, fb = h(b) - F * F;
      if ((fa < 0) == (fb < 0)) continue;
      for (int k = 0; k < 200 && b - a > 1e-16; ++k) {
        const double m = 0.5 * (a + b);
        ((h(m) - F * F < 0) == (fa < 0) ? a : b) = m;
      }
      r.push_back(0.5 * (a + b));
    }
    return r;
  }
  /// (128) and (131): +-e1 and (F/(k1 + k2 z), 0, +-sqrt z) for every root z.
  std::vector<Eigen::Vector3d> directions(double F) const {
    std::vector<Eigen::Vector3d> w{Eigen::Vector3d::UnitX(), -Eigen::Vector3d::UnitX()};
    for (double z : roots(F)) {
      const double w1 = F / (k1 + k2 * z);
      w.emplace_back(w1, 0, std::sqrt(z));
      w.emplace_back(w1, 0, -std::sqrt(z));
    }
    return w;
  }
  /// errata 7.4.2: rdot = -(8/9) S(w3) off the equator; (129): rdot = -C1 +- F at +-e1.
  double rdot(const Eigen::Vector3d& w, double F) const {
    if (std::abs(std::abs(w.x()) - 1) < 1e-9) return -model->C()[0] + (w.x() > 0 ? F : -F);
    const double z = w.z() * w.z();
    return -kDiscRow3 * (model->S()[0] + model->S()[1] * z);
  }
  System disc() const {
    return System(Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal().toDenseMatrix(), Eigen::Vector3d::UnitX(),
                  Eigen::Vector3d::Zero(), model);
  }
  /// The disc with its load turned by phi about e3: no longer an invariant-circle system.
  System rotated(double phi, const Eigen::Vector3d& offset = Eigen::Vector3d::Zero()) const {
    return System(Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal().toDenseMatrix(),
                  Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), offset, model);
  }
};

bool contains(const IVec3& box, const Eigen::Vector3d& w, double tol) {
  for (int i = 0; i < 3; ++i)
    if (!(box(i).lower() - tol <= w(i) && w(i) <= box(i).upper() + tol)) return false;
  return true;
}

/// Every expected direction lies in exactly one proven box and every box holds one of them.
void check_matches(const Proof& proof, const std::vector<Eigen::Vector3d>& expected) {
  INFO("reason: " << proof.reason);
  CHECK(proof.proven);
  CHECK(proof.directions.size() == expected.size());
  for (const Eigen::Vector3d& w : expected) {
    int n = 0;
    for (const ProvenDirection& d : proof.directions) n += contains(d.w, w, kClosedFormTol);
    INFO("expected direction " << w.transpose());
    CHECK(n == 1);
  }
}

std::vector<Eigen::Vector3d> rotate(const std::vector<Eigen::Vector3d>& ws, double phi) {
  std::vector<Eigen::Vector3d> r;
  for (const auto& w : ws) r.push_back(Eigen::AngleAxisd(phi, Eigen::Vector3d::UnitZ()) * w);
  return r;
}

}  // namespace

TEST_CASE("(131)-(138) N = 2: the proven disc limit directions are the closed-form ones, 8/4/2/2 around F_F, F_P, F_T") {
  const DiscN2 D;
  REQUIRE(D.FF() < D.FP());
  REQUIRE(D.FP() < D.FT());
  const System sys = D.disc();
  REQUIRE(sys.has_invariant_circle());
  struct Expect {
    double F;
    std::size_t count;
  };
  for (const Expect& e : {Expect{0.5 * D.FF(), 8}, Expect{0.5 * (D.FF() + D.FP()), 4},
                          Expect{0.5 * (D.FP() + D.FT()), 2}, Expect{1.5 * D.FT(), 2}}) {
    CAPTURE(e.F);
    const std::vector<Eigen::Vector3d> expected = D.directions(e.F);
    REQUIRE(expected.size() == e.count);
    const Proof proof = prove_limit_directions(sys, e.F);
    CHECK(proof.method == "invariant-circle");
    check_matches(proof, expected);
    for (const ProvenDirection& d : proof.directions) {
      CAPTURE(d.w_mid.transpose());
      const double r = D.rdot(d.w_mid, e.F);
      CHECK(d.rdot.lower() - 1e-9 <= r);
      CHECK(r <= d.rdot.upper() + 1e-9);
      CHECK(!contains_zero(d.rdot));  // the radial sign is proven
      CHECK(!contains_zero(d.det_JT));
    }
  }
}

TEST_CASE("(129)-(130): the radial sign of (1, 0, 0) is proven on both sides of the tangency F_T = C1") {
  const DiscN2 D;
  const System sys = D.disc();
  for (double s : {-1.0, 1.0}) {
    const double F = D.FT() * (1 + s * 1e-3);
    const Proof proof = prove_limit_directions(sys, F);
    REQUIRE(proof.proven);
    int found = 0;
    for (const ProvenDirection& d : proof.directions)
      if (contains(d.w, Eigen::Vector3d::UnitX(), 0.0)) {
        ++found;
        CHECK((s > 0 ? d.rdot.lower() > 0 : d.rdot.upper() < 0));  // (129): rdot = F - C1
      }
    CHECK(found == 1);
  }
}

TEST_CASE("Sect. 7.4: a general system equal to the disc up to a rotation of the load about e3 has the disc's directions, rotated") {
  const DiscN2 D;
  for (double phi : {0.3, 2.0}) {
    const System sys = D.rotated(phi);
    REQUIRE_FALSE(sys.has_invariant_circle());
    for (double F : {0.5 * D.FF(), 0.5 * (D.FF() + D.FP()), 0.5 * (D.FP() + D.FT())}) {
      CAPTURE(phi);
      CAPTURE(F);
      const Proof proof = prove_limit_directions(sys, F);
      CHECK(proof.method == "cube-cover");
      check_matches(proof, rotate(D.directions(F), phi));
    }
  }
}

TEST_CASE("(138): the general system M = diag(1, 1, 9/8), d = e1, e = (-0.5, 0.0489, 0) at F = 0.5 has 8 limit directions (two mirror isolas of Case 4 plus 4)") {
  const DiscN2 D;
  // c = (0, 0.0489, 0): the disc turned by 90 degrees at load |c| = 0.0489, below its fold F_F (138)
  const double c = 0.0489;
  REQUIRE(c < D.FF());
  const std::vector<Eigen::Vector3d> expected = rotate(D.directions(c), 0.5 * M_PI);
  REQUIRE(expected.size() == 8);
  const System sys(Eigen::Vector3d(1, 1, 9.0 / 8.0).asDiagonal().toDenseMatrix(), Eigen::Vector3d::UnitX(),
                   Eigen::Vector3d(-0.5, c, 0), D.model);
  const Proof proof = prove_limit_directions(sys, 0.5);
  // the rotation by pi/2 is exact up to cos(pi/2) ~ 6e-17 in the closed form
  check_matches(proof, expected);
}

TEST_CASE("(138): a fold pair (saddle + node) 1e-4 apart and 1e-5 apart is counted exactly and separated") {
  const DiscN2 D;
  const double zF = D.zF();
  for (double distance : {1e-4, 1e-5}) {
    // w = (-sqrt(1 - z), 0, sqrt z): |dw/dz| = 1/(2 sqrt(z (1 - z))); put one root at zF + eps
    const double eps = 0.5 * distance * std::sqrt(zF * (1 - zF)) * 2;
    const double F = std::sqrt(D.h(zF + eps));
    const std::vector<Eigen::Vector3d> expected = D.directions(F);
    REQUIRE(expected.size() == 8);
    double closest = INFINITY;
    for (std::size_t i = 0; i < expected.size(); ++i)
      for (std::size_t j = i + 1; j < expected.size(); ++j) closest = std::min(closest, (expected[i] - expected[j]).norm());
    CAPTURE(distance);
    CHECK(closest >= 0.5 * distance);
    CHECK(closest <= 2 * distance);
    check_matches(prove_limit_directions(D.disc(), F), expected);
    check_matches(prove_limit_directions(D.rotated(1.1), F), rotate(expected, 1.1));
    // just above the fold the pair is gone: 4 directions
    const double above = D.FF() * (1 + 1e-9);
    check_matches(prove_limit_directions(D.rotated(1.1), above), rotate(D.directions(above), 1.1));
  }
}

TEST_CASE("(134)-(135) pitchfork: a non-hyperbolic zero leaves the proof undecided and the reason names its cell") {
  // q = Pi w, Pi = diag(-1, -1, -1/2), M = I, c = (1/2, 0, 0): the non-trivial directions
  // w1 = c1/(b3 - b1) = 1 (135) coincide with e1, where J_T = diag(-1/2, 0) exactly.
  const auto model = std::make_shared<LinearModel>(Eigen::Vector3d(-1, -1, -0.5).asDiagonal().toDenseMatrix(), 1.0,
                                                   1.0, "pitchfork");
  const System sys(Eigen::Matrix3d::Identity(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), model);
  ProofOptions options;  // coarser than the default: a degenerate zero is not decided at any width
  options.min_cell_width = 1e-6;
  const Proof proof = prove_limit_directions(sys, 0.5, options);
  CHECK_FALSE(proof.proven);
  REQUIRE_FALSE(proof.undecided.empty());
  CHECK(proof.reason.find("face") != std::string::npos);
  CHECK(proof.reason.find("w in [") != std::string::npos);
  for (const std::string& line : proof.undecided) {
    CAPTURE(line);
    CHECK(line.find("minimum cell width") != std::string::npos);
    CHECK(line.find("1.000000000") != std::string::npos);  // every undecided cell touches w = e1
  }
  // -e1 (rdot = -3/2, J_T = diag(1/2, 1)) is still proven
  int minus_e1 = 0;
  for (const ProvenDirection& d : proof.directions) minus_e1 += contains(d.w, -Eigen::Vector3d::UnitX(), 0.0);
  CHECK(minus_e1 == 1);
}

TEST_CASE("Sect. 7.4, Fig. 16: c1 = 0 (F = 0) on the disc: circles of limit directions are not provable, proven = false with that reason") {
  const DiscN2 D;
  const Proof proof = prove_limit_directions(D.disc(), 0.0);
  CHECK_FALSE(proof.proven);
  CHECK(proof.reason.find("c1 = 0") != std::string::npos);
}

TEST_CASE("prove_limit_directions: the cell budget is reported, never a silent drop") {
  const DiscN2 D;
  ProofOptions tiny;
  tiny.max_cells = 10;
  const Proof proof = prove_limit_directions(D.rotated(0.3), 0.5 * D.FF(), tiny);
  CHECK_FALSE(proof.proven);
  CHECK(proof.cells == 10);
  REQUIRE_FALSE(proof.undecided.empty());
  CHECK(proof.undecided.back().find("cell budget spent") != std::string::npos);
}

namespace {
/// Whether (w, F) lies in an event box of the given kind, and the largest distance in w and in
/// F from a box of that kind to the nearest of the points.
struct EventCheck {
  int found = 0;
  double far_w = 0, far_F = 0;
};
EventCheck check_events(const EventBoxes& ev, EventBoxKind kind, const std::vector<Eigen::Vector3d>& ws, double F) {
  EventCheck r;
  for (const Eigen::Vector3d& w : ws)
    for (const EventBox& b : ev.boxes)
      if (b.kind == kind && contains(b.w, w, kClosedFormTol) && b.F.lower() - 1e-12 <= F && F <= b.F.upper() + 1e-12) {
        ++r.found;
        break;
      }
  for (const EventBox& b : ev.boxes) {
    if (b.kind != kind) continue;
    double best = INFINITY;
    for (const Eigen::Vector3d& w : ws) best = std::min(best, (mid_of(b.w) - w).norm());
    r.far_w = std::max(r.far_w, best);
    r.far_F = std::max(r.far_F, std::abs(mid_of(b.F) - F));
  }
  return r;
}
std::size_t count_kind(const EventBoxes& ev, EventBoxKind kind) {
  std::size_t n = 0;
  for (const EventBox& b : ev.boxes) n += b.kind == kind;
  return n;
}
}  // namespace

TEST_CASE("(138): enclose_events on the rotated disc over [F_F/2, (F_F + F_P)/2] boxes exactly the two fold points, no tangency, no Hopf") {
  const DiscN2 D;
  const double phi = 0.3;
  const EventBoxes ev = enclose_events(D.rotated(phi), 0.5 * D.FF(), 0.5 * (D.FF() + D.FP()));
  INFO(ev.reason);
  REQUIRE(ev.complete);
  // the fold of Case 4 (errata 7.4.4): w1 < 0, w3^2 = zF at F = F_F (138)
  const std::vector<Eigen::Vector3d> folds =
      rotate({Eigen::Vector3d(-std::sqrt(1 - D.zF()), 0, std::sqrt(D.zF())),
              Eigen::Vector3d(-std::sqrt(1 - D.zF()), 0, -std::sqrt(D.zF()))},
             phi);
  const EventCheck c = check_events(ev, EventBoxKind::fold, folds, D.FF());
  CHECK(c.found == 2);
  CHECK(c.far_w <= 0.02);  // every fold box is near one of the two fold points
  CHECK(c.far_F <= 0.01 * D.FF());
  CHECK(count_kind(ev, EventBoxKind::tangency) == 0);
  CHECK(count_kind(ev, EventBoxKind::hopf) == 0);
}

TEST_CASE("(130): enclose_events over [(F_P + F_T)/2, 1.5 F_T] boxes the tangency of (1, 0, 0) at F_T = C1 and nothing else") {
  const DiscN2 D;
  const double phi = 2.0;
  const EventBoxes ev = enclose_events(D.rotated(phi), 0.5 * (D.FP() + D.FT()), 1.5 * D.FT());
  INFO(ev.reason);
  REQUIRE(ev.complete);
  const EventCheck c = check_events(ev, EventBoxKind::tangency, rotate({Eigen::Vector3d::UnitX()}, phi), D.FT());
  CHECK(c.found == 1);
  CHECK(c.far_w <= 0.02);
  CHECK(c.far_F <= 0.01 * D.FT());
  CHECK(count_kind(ev, EventBoxKind::fold) == 0);
  CHECK(count_kind(ev, EventBoxKind::hopf) == 0);
}

namespace {
/// 2 + the number of sign changes of (C - (8/9) S)(sin th) cos th - F on a fine theta grid:
/// the count of (131) for any axisymmetric model of the disc, from the model's double
/// meridian functions (friction/model.cpp), not from its interval enclosure.
std::size_t disc_count_on_grid(const AxisymmetricModel& m, double F) {
  constexpr int n = 40000;
  const auto K = [&](double th) {
    const MeridianValue v = m.meridian_values(std::abs(std::cos(th)), std::sin(th));
    return (v.C - kDiscRow3 * v.S) * std::cos(th) - F;
  };
  std::size_t changes = 0;
  for (int i = 0; i < n; ++i) {
    const double a = -M_PI + 2 * M_PI * (i + 0.5) / n, b = a + 2 * M_PI / n;
    changes += (K(a) < 0) != (K(b) < 0);
  }
  return 2 + changes;  // +-e1 (128) and the solutions of (131)
}
}  // namespace

TEST_CASE("(131) Pade orders 1 and 2: +-e1 sit on the kink of q at the equator, with the Clarke hulls the proofs are complete and give the grid count, on the circle and rotated") {
  const std::shared_ptr<const ExactModel> exact = make_exact_model(disc_problem());
  for (int order : {1, 2}) {
    const auto pade = std::make_shared<PadeModel>(*exact, order);
    const Eigen::Matrix3d M = Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal();
    for (double F : {0.05, 0.2, 0.6}) {
      CAPTURE(order);
      CAPTURE(F);
      const std::size_t expected = disc_count_on_grid(*pade, F);
      for (double phi : {0.0, 0.7}) {
        CAPTURE(phi);
        const System sys(M, Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), Eigen::Vector3d::Zero(), pade);
        const Proof proof = prove_limit_directions(sys, F);
        INFO(proof.reason);
        CHECK(proof.method == (phi == 0.0 ? "invariant-circle" : "cube-cover"));
        CHECK(proof.proven);
        CHECK(proof.directions.size() == expected);
        int on_kink = 0;  // +-e1 turned by phi, each in one proven box
        for (const ProvenDirection& d : proof.directions)
          for (double s : {1.0, -1.0})
            on_kink += contains(d.w, s * Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), 1e-12);
        CHECK(on_kink == 2);
      }
    }
  }
}

TEST_CASE("prove_limit_directions: models without a rigorous enclosure (exact by ring quadrature, Coulomb point at the poles) are reported, not guessed") {
  const Problem p = disc_problem();
  const Eigen::Matrix3d M = Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal();
  const std::shared_ptr<const FrictionModel> exact =
      make_exact_model(Pressure::galin(), p.rho_over_R(), ExactMethod::ring_quadrature);
  const Proof pe = prove_limit_directions(System(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), exact), 0.3);
  CHECK_FALSE(pe.proven);
  CHECK(pe.reason.find("no rigorous enclosure") != std::string::npos);
  const std::shared_ptr<const FrictionModel> coulomb = make_coulomb_point_model(p.rho_over_R(), 1.0);
  const Proof pc = prove_limit_directions(System(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), coulomb), 0.3);
  CHECK_FALSE(pc.proven);
  for (const std::string& line : pc.undecided) {
    CAPTURE(line);
    CHECK(line.find("no rigorous enclosure") != std::string::npos);
  }
}

// ----- prove_event_unique: one event in a window (the extended systems) ------------------------

namespace {
/// The box w +- dw, F +- dF.
struct Window {
  IVec3 w;
  Interval F;
};
Window window_around(const std::vector<Eigen::Vector3d>& ws, double dw, double F, double dF) {
  Window W;
  for (int i = 0; i < 3; ++i) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& w : ws) lo = std::min(lo, w(i)), hi = std::max(hi, w(i));
    W.w(i) = Interval(lo - dw, hi + dw);
  }
  W.F = Interval(F - dF, F + dF);
  return W;
}
}  // namespace

TEST_CASE("(138): the rotated disc's fold at F_F is proven unique and simple in its window, its load enclosing F_F") {
  const DiscN2 D;
  const double phi = 0.3;
  const Eigen::Vector3d fold = rotate({Eigen::Vector3d(-std::sqrt(1 - D.zF()), 0, std::sqrt(D.zF()))}, phi)[0];
  const Window W = window_around({fold}, 3e-3, D.FF(), 1e-3 * D.FF());
  const EventUniqueness u = prove_event_unique(D.rotated(phi), EventBoxKind::fold, W.w, W.F, 0.0, 1.0);
  INFO(u.reason);
  REQUIRE(u.proven);
  REQUIRE(u.events.size() == 1);
  const ProvenEvent& e = u.events.front();
  CHECK(e.F.lower() - 1e-12 <= D.FF());
  CHECK(D.FF() <= e.F.upper() + 1e-12);
  CHECK(width_of(e.F) < 1e-9);
  CHECK(contains(e.w, fold, kClosedFormTol));
}

TEST_CASE("(138): a window holding both mirror folds w3 = +-0.2 at F_F is not proven unique: it holds 2, each enclosed") {
  const DiscN2 D;
  // (132) with M = diag(1, 1, 1/m): k1 = C_0 - m S_0, k2 = C_1 - m S_1; m chosen so that
  // z_F = (2 k2 - k1)/(3 k2) = 0.04, i.e. k1 = 1.88 k2: the mirror folds are 0.4 apart in w3,
  // and the pitchfork of -e1 at F = |k1| (134) is 7e-4 F_F away (outside the windows)
  const double C0 = D.model->C()[0], C1 = D.model->C()[1], S0 = D.model->S()[0], S1 = D.model->S()[1];
  const double m = (C0 - 1.88 * C1) / (S0 - 1.88 * S1);
  REQUIRE(m > 0);
  const double k1 = C0 - m * S0, k2 = C1 - m * S1, zF = (2 * k2 - k1) / (3 * k2);
  const double FF = std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2));
  CHECK(zF == doctest::Approx(0.04));
  CHECK(std::abs(std::abs(k1) - FF) > 5e-4 * FF);
  const double phi = 0.3;
  const System sys(Eigen::Vector3d(1, 1, 1 / m).asDiagonal().toDenseMatrix(),
                   Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), Eigen::Vector3d::Zero(), D.model);
  const auto folds = rotate({Eigen::Vector3d(-std::sqrt(1 - zF), 0, std::sqrt(zF)),
                             Eigen::Vector3d(-std::sqrt(1 - zF), 0, -std::sqrt(zF))},
                            phi);
  for (const auto& f : folds) {  // each alone: one simple fold, at F_F
    const Window W = window_around({f}, 1e-3, FF, 1e-4 * FF);
    const EventUniqueness u = prove_event_unique(sys, EventBoxKind::fold, W.w, W.F, 0.0, 2 * FF);
    INFO(u.reason);
    REQUIRE(u.proven);
    CHECK(u.events.front().F.lower() - 1e-12 <= FF);
    CHECK(FF <= u.events.front().F.upper() + 1e-12);
  }
  const Window W = window_around(folds, 1e-3, FF, 1e-4 * FF);
  const EventUniqueness u = prove_event_unique(sys, EventBoxKind::fold, W.w, W.F, 0.0, 2 * FF);
  INFO(u.reason);
  CHECK_FALSE(u.proven);
  CHECK(u.complete);
  REQUIRE(u.events.size() == 2);
  for (const ProvenEvent& e : u.events) {  // both at F_F, one at each mirror fold
    CHECK(e.F.lower() - 1e-12 <= FF);
    CHECK(FF <= e.F.upper() + 1e-12);
    CHECK((contains(e.w, folds[0], kClosedFormTol) != contains(e.w, folds[1], kClosedFormTol)));
  }
}

TEST_CASE("(130): the tangency of (1, 0, 0) at F_T = C1 is proven unique in its window") {
  const DiscN2 D;
  const double phi = 2.0;
  const Window W = window_around(rotate({Eigen::Vector3d::UnitX()}, phi), 3e-3, D.FT(), 1e-3 * D.FT());
  const EventUniqueness u = prove_event_unique(D.rotated(phi), EventBoxKind::tangency, W.w, W.F, 0.0, 2.0);
  INFO(u.reason);
  REQUIRE(u.proven);
  CHECK(u.events.front().F.lower() - 1e-12 <= D.FT());
  CHECK(D.FT() <= u.events.front().F.upper() + 1e-12);
}

TEST_CASE("(134)-(135): the symmetric pitchfork at F_P is a singular zero of the fold system: not proven, and the reason says so") {
  const DiscN2 D;
  const double phi = 0.3;
  const Window W = window_around(rotate({Eigen::Vector3d::UnitX()}, phi), 3e-3, D.FP(), 1e-3 * D.FP());
  const EventUniqueness u = prove_event_unique(D.rotated(phi), EventBoxKind::fold, W.w, W.F, 0.0, 2.0);
  INFO(u.reason);
  CHECK_FALSE(u.proven);
  CHECK_FALSE(u.complete);
  CHECK(u.reason.find("not decided") != std::string::npos);
}

TEST_CASE("(131)-(133) branch segments: steps along the closed-form branches between F_F and F_P are enclosed, each on one curve of zeros") {
  const DiscN2 D;
  const double phi = 0.3;  // the load turned about e3: the charts see a generic system
  const System sys = D.rotated(phi);
  const double F0 = D.FF() + 0.2 * (D.FP() - D.FF()), F1 = F0 + 0.02 * (D.FP() - D.FF());
  const std::vector<Eigen::Vector3d> a = rotate(D.directions(F0), phi), b = rotate(D.directions(F1), phi);
  REQUIRE(a.size() == 4);
  REQUIRE(b.size() == 4);
  for (std::size_t i = 0; i < a.size(); ++i) {  // directions(F) lists the branches in the same order at both loads
    CAPTURE(a[i].transpose());
    REQUIRE((a[i] - b[i]).norm() < 0.05);
    const SegmentEnclosure e = enclose_branch_segment(sys, a[i], F0, b[i], F1);
    INFO(e.reason);
    CHECK(e.proven);
  }
}

TEST_CASE("(133)-(134) branch segments: the step of e1 across the pitchfork F_P is not one curve (the two symmetric branches leave it there)") {
  const DiscN2 D;
  const double phi = 0.3;
  const Eigen::Vector3d e1 = rotate({Eigen::Vector3d::UnitX()}, phi).front();
  const double dF = 0.01 * D.FP();
  const SegmentEnclosure e = enclose_branch_segment(D.rotated(phi), e1, D.FP() - dF, e1, D.FP() + dF);
  INFO(e.reason);
  CHECK_FALSE(e.proven);
  CHECK(e.reason.find("does not contract") != std::string::npos);
}

// ----- the Z2-symmetric reduction (limits/pitchfork.hpp, limits/symmetry.hpp) -----------------

TEST_CASE("Symmetries of V*: w_k -> -w_k is one exactly when M, d, e are decoupled from w_k and q is equivariant") {
  const DiscN2 D;
  // the disc loaded along e1: w2 -> -w2 (the invariant circle's) and w3 -> -w3, not w1 -> -w1
  CHECK(reflection_symmetries(D.disc()) == std::vector<int>{1, 2});
  // turned about e3: only w3 -> -w3 is left
  CHECK(reflection_symmetries(D.rotated(0.3)) == std::vector<int>{2});
  // an offset 1e-3 along e3 breaks it, and the reason names the load
  const ReflectionCheck broken = reflection_symmetry(D.rotated(0.3, Eigen::Vector3d(0, 0, 1e-3)), 2);
  CHECK_FALSE(broken.symmetric);
  CHECK(broken.reason.find("load") != std::string::npos);
  // a mass matrix coupling w3 with w1 breaks it too, however weakly
  Eigen::Matrix3d M = Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal();
  M(0, 2) = M(2, 0) = 1e-12;
  CHECK(reflection_symmetries(System(M, Eigen::Vector3d(std::cos(0.3), std::sin(0.3), 0), Eigen::Vector3d::Zero(),
                                     D.model)) == std::vector<int>{});
  // a linear model (64) is symmetric where its Pi is decoupled: the fit to the disc, not a sheared Pi
  const auto fit = LinearModel::fit(*make_exact_model(disc_problem()));
  const auto sys = [&](const Eigen::Matrix3d& Pi) {
    return System(Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal().toDenseMatrix(), Eigen::Vector3d::UnitX(),
                  Eigen::Vector3d::Zero(), std::make_shared<LinearModel>(Pi, 1.0, 1.0, "test"));
  };
  CHECK(reflection_symmetries(sys(fit->Pi())) == std::vector<int>{1, 2});
  Eigen::Matrix3d sheared = fit->Pi();
  sheared(1, 2) = 0.1;
  CHECK(reflection_symmetries(sys(sheared)) == std::vector<int>{});
}

TEST_CASE("(133)-(134), Werner & Spence: the turned disc's pitchfork at F_P = k1 is a regular zero of the reduced "
          "system on w3 = 0, lambda_a = k1 - F crossing 0 at speed -1") {
  const DiscN2 D;
  const double phi = 0.3;
  const Eigen::Vector3d e1 = rotate({Eigen::Vector3d::UnitX()}, phi).front();
  const Window W = window_around({e1}, 3e-3, D.FP(), 1e-3 * D.FP());
  const SymmetricPitchfork p = prove_symmetric_pitchfork(D.rotated(phi), 2, W.w, W.F, 0.0, 2.0);
  INFO(p.reason);
  REQUIRE(p.proven);
  CHECK(p.F.lower() - 1e-12 <= D.FP());
  CHECK(D.FP() <= p.F.upper() + 1e-12);
  CHECK(width_of(p.F) < 1e-9);
  CHECK(contains(p.w, e1, kClosedFormTol));
  // at the turned e1, rdot = F - C1 (129) and e3 . M^-1 dq/dw e3 = -(8/9) S1, so the antisymmetric
  // eigenvalue of J_T is lambda_a = -(8/9) S1 - rdot = k1 - F: d lambda_a/dF = -1, and
  // d g1/dv = lambda_a/|x| with |x| = 1/cos(phi) in the chart u = w2/w1
  CHECK(p.crossing_speed.lower() - 1e-9 <= -std::cos(phi));
  CHECK(-std::cos(phi) <= p.crossing_speed.upper() + 1e-9);
  // and the desingularised fold system has it as its one zero in the window: no fold off w3 = 0
  CHECK(p.alone);
}

TEST_CASE("(129), (133)-(134) at N = 6 and 12: the turned disc's pitchfork is proven by the reduction (q_k/w_k from "
          "the ChebyshevBox jets of C, S) at F_P = C_1 - (8/9) S_1") {
  const double phi = 0.3;
  const Eigen::Vector3d e1 = rotate({Eigen::Vector3d::UnitX()}, phi).front();
  for (int N : {6, 12}) {
    const auto model = std::make_shared<HarmonicModel>(*make_exact_model(disc_problem()), N);
    // at the turned e1, rdot = F - C(0) (129) and e3 . M^-1 dq/dw e3 = -(8/9) S(0), so lambda_a =
    // C_1 - (8/9) S_1 - F at every degree (C_1, S_1 the monomial coefficients (85) at w3 = 0)
    const double FP = model->C()[0] - kDiscRow3 * model->S()[0];
    const System sys(Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal().toDenseMatrix(),
                     Eigen::Vector3d(std::cos(phi), std::sin(phi), 0), Eigen::Vector3d::Zero(), model);
    const Window W = window_around({e1}, 3e-3, FP, 1e-3 * FP);
    const SymmetricPitchfork p = prove_symmetric_pitchfork(sys, 2, W.w, W.F, 0.0, 2.0);
    INFO("N = " << N << ": " << p.reason);
    REQUIRE(p.proven);
    CHECK(p.alone);  // the desingularised fold system with h1 from the same jets: no fold off w3 = 0
    CHECK(p.F.lower() - 1e-12 <= FP);
    CHECK(FP <= p.F.upper() + 1e-12);
    CHECK(width_of(p.F) < 1e-9);
    CHECK(contains(p.w, e1, kClosedFormTol));
    CHECK(p.crossing_speed.lower() - 1e-9 <= -std::cos(phi));
    CHECK(-std::cos(phi) <= p.crossing_speed.upper() + 1e-9);
  }
}

TEST_CASE("(133)-(134): on the fixed set w2 = 0 of the untilted disc the same point is a fold of the symmetric "
          "branch (its eigenvalue across e3 vanishes there), which the reduction does not prove") {
  const DiscN2 D;
  const Window W = window_around({Eigen::Vector3d::UnitX()}, 3e-3, D.FP(), 1e-3 * D.FP());
  const SymmetricPitchfork on_w3 = prove_symmetric_pitchfork(D.disc(), 2, W.w, W.F, 0.0, 2.0);
  INFO(on_w3.reason);
  CHECK(on_w3.proven);
  const SymmetricPitchfork on_w2 = prove_symmetric_pitchfork(D.disc(), 1, W.w, W.F, 0.0, 2.0);
  INFO(on_w2.reason);
  CHECK_FALSE(on_w2.proven);
  CHECK(on_w2.reason.find("symmetric eigenvalue") != std::string::npos);
}

TEST_CASE("(133)-(134): a window away from F_P holds no zero of the reduced system, one off the fixed set, or of a "
          "system without the symmetry, is refused") {
  const DiscN2 D;
  const double phi = 0.3;
  const Eigen::Vector3d e1 = rotate({Eigen::Vector3d::UnitX()}, phi).front();
  const Window below = window_around({e1}, 3e-3, 0.9 * D.FP(), 1e-3 * D.FP());
  const SymmetricPitchfork none = prove_symmetric_pitchfork(D.rotated(phi), 2, below.w, below.F, 0.0, 2.0);
  INFO(none.reason);
  CHECK_FALSE(none.proven);
  CHECK(none.reason.find("0 zeros") != std::string::npos);
  const Window off = window_around({Eigen::Vector3d(e1(0), e1(1), 0.1).normalized()}, 3e-3, D.FP(), 1e-3 * D.FP());
  const SymmetricPitchfork refused = prove_symmetric_pitchfork(D.rotated(phi), 2, off.w, off.F, 0.0, 2.0);
  CHECK_FALSE(refused.proven);
  CHECK(refused.reason.find("does not meet the fixed set") != std::string::npos);
  // the symmetry broken by an offset 1e-3 along e3 (an imperfect pitchfork): nothing is proven by the reduction
  const Window W = window_around({e1}, 3e-3, D.FP(), 1e-3 * D.FP());
  const SymmetricPitchfork imperfect =
      prove_symmetric_pitchfork(D.rotated(phi, Eigen::Vector3d(0, 0, 1e-3)), 2, W.w, W.F, 0.0, 2.0);
  CHECK_FALSE(imperfect.proven);
  CHECK_FALSE(imperfect.alone);
  CHECK(imperfect.reason.find("no symmetry") != std::string::npos);
}

TEST_CASE("(131)-(134): near the turned disc's pitchfork the branch segments lie on the curves of the reduction: "
          "e1 across F_P on w3 = 0, and the chord of the bifurcating branch between its mirror points") {
  const DiscN2 D;
  const double phi = 0.3;
  const System sys = D.rotated(phi);
  const Eigen::Vector3d e1 = rotate({Eigen::Vector3d::UnitX()}, phi).front();
  const double dF = 0.01 * D.FP();
  // (128): e1 is a zero at every load; enclose_branch_segment fails across F_P (test above)
  const SegmentEnclosure across = enclose_symmetric_segment(sys, 2, e1, D.FP() - dF, e1, D.FP() + dF);
  INFO(across.reason);
  CHECK(across.proven);
  CHECK(across.reason.find("symmetric curve") != std::string::npos);
  // (131): the bifurcating branch (F/(k1 + k2 z), 0, +-sqrt z) below F_P, through the pitchfork at z = 0
  const double F = D.FP() * (1 - 1e-2);
  std::vector<Eigen::Vector3d> pair;
  for (const Eigen::Vector3d& w : D.directions(F))
    if (w.x() > 0 && std::abs(w.z()) > 0 && std::abs(w.z()) < 0.3) pair.push_back(w);
  REQUIRE(pair.size() == 2);
  const std::vector<Eigen::Vector3d> turned = rotate(pair, phi);
  CHECK_FALSE(enclose_branch_segment(sys, turned[0], F, turned[1], F).proven);  // two curves cross between them
  const SegmentEnclosure chord = enclose_symmetric_segment(sys, 2, turned[0], F, turned[1], F);
  INFO(chord.reason);
  CHECK(chord.proven);
  CHECK(chord.reason.find("bifurcating curve") != std::string::npos);
  // a chord from the symmetric branch to the bifurcating one is on neither curve
  const SegmentEnclosure mixed = enclose_symmetric_segment(sys, 2, e1, F, turned[0], F);
  CHECK_FALSE(mixed.proven);
}

}  // namespace test_proof
