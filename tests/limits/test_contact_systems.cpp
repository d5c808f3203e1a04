// Limit directions and diagrams of systems with a contact that is not axisymmetric
// (docs/manual.md section 6): the elliptic plate, its symmetry breaking as a/b leaves 1, and the
// shift that follows the load (3)-(5) [Kireenkov].
#include <doctest/doctest.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/proof.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_contact_systems {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::Diagram;
using limitdir::EventKind;
using limitdir::Problem;

namespace {

const double pi = std::acos(-1.0);

/// The uniform elliptic plate of docs/manual.md section 2 with the contact [a, b], rho = R (the
/// major semi-axis), the load at the angle beta.
Problem plate(double a, double b, double beta = 0.0, const std::string& pressure = "uniform") {
  const json file{{"system", {{"preset", "plate"}, {"load_angle", beta}}},
                  {"contact", {{"shape", {{"ellipse", {a, b}}}}, {"pressure", pressure}}},
                  {"friction", {{"model", "exact"}}},
                  {"rho", "R"}};
  return limitdir::parse_problem(file, "plate");
}

/// The limit direction of `set` nearest to w (the distance in the second member).
std::pair<const limitdir::Classification*, double> nearest(const limitdir::LimitSet& set, const Eigen::Vector3d& w) {
  const limitdir::Classification* best = nullptr;
  double distance = std::numeric_limits<double>::infinity();
  for (const auto& c : set.directions)
    if ((c.w - w).norm() < distance) distance = (c.w - w).norm(), best = &c;
  return {best, distance};
}

Diagram load_sweep(const Problem& problem, double from, double to) {
  return limitdir::sweep(limitdir::parameter_family(problem, "force"), from, to);
}

bool has_pitchfork_off(const Diagram& d, int axis) {
  return std::any_of(d.events.begin(), d.events.end(), [&](const limitdir::Event& e) {
    return e.kind == EventKind::pitchfork && std::abs(e.directions.front()[axis]) > 0.1;
  });
}

}  // namespace

// Reference values computed independently of this library by tests/reference/exact_contact.py
// (the integral model (8) [Kudra & Awrejcewicz 2013] by mpmath quadrature about the instantaneous
// centre and Newton at 30 digits; it reproduces these to their 12 digits): the uniform plate
// b/a = 1/2, rho = a, F = 0.3.
TEST_CASE("(8) [Kudra & Awrejcewicz 2013]: limit directions of the elliptic plate off the plane w2 = 0 (F = 0.3)") {
  // The reference carries 12 digits (rounding 5e-13); the model's quadrature (~1e-13) over the
  // tangent eigenvalues (>= 0.1 here) moves a zero by ~1e-12.
  constexpr double position_tol = 1e-11, rdot_tol = 1e-11;
  const double s = std::sqrt(0.5);
  struct Case {
    double beta;
    Eigen::Vector3d node, axis;  // a stable node (w3 > 0) of the U-pair, and the load's direction
    double rdot;
  };
  const Case cases[] = {
      {pi / 2, {0.0, 0.627034773216, 0.778991266432}, {0.0, 1.0, 0.0}, -0.833487718086},
      {pi / 4, {0.264765580604, 0.550583738791, 0.791679691483}, {s, s, 0.0}, -0.889101943370},
  };
  for (const Case& c : cases) {
    CAPTURE(c.beta);
    const limitdir::System system = limitdir::make_system(plate(1.0, 0.5, c.beta));
    CHECK_FALSE(system.has_invariant_circle());
    const limitdir::LimitSet set = limitdir::find_limit_directions(system, 0.3);
    CHECK(set.method == "global");
    CHECK(set.certificate.complete());
    CHECK(set.certificate.index_sum == 2);
    REQUIRE(set.directions.size() == 4);
    // the node and its image under U = diag(1, 1, -1) (a centrally symmetric pressure)
    for (const double sign : {1.0, -1.0}) {
      const Eigen::Vector3d w(c.node.x(), c.node.y(), sign * c.node.z());
      const auto [found, distance] = nearest(set, w);
      CHECK(distance <= position_tol);
      CHECK(std::abs(found->rdot - c.rdot) <= rdot_tol);
      CHECK(found->type == limitdir::SphereType::stable_node);
    }
    // pure sliding along and against the load: q = -+axis, rdot = -1 +- F
    CHECK(nearest(set, c.axis).second <= position_tol);
    CHECK(nearest(set, -c.axis).second <= position_tol);
  }
}

// At pure sliding along x the spin only turns the point velocities sideways by omega x: by (59)
// [Kudra & Awrejcewicz 2013] dq3/dw3 = -(1/rho^2) (1/N) int sigma x^2 dA = -a^2/(2 (alpha + 2) rho^2)
// (Table 1: c200 = pi I3 for the unit ellipse), and dq2/dw2 = -1 (Coulomb's direction turns).
// With the plate's M33 = (a^2 + b^2)/(4 rho^2) and rdot = -1 + F the tangent Jacobian at (1, 0, 0)
// is diag(-F, 1 - F - 2 a^2/((alpha + 2)(a^2 + b^2))): a pitchfork of (1, 0, 0) at
// F* = 1 - 2 a^2/((alpha + 2)(a^2 + b^2)) (b^2/(a^2 + b^2) for uniform pressure).
TEST_CASE("(59) and Table 1 [Kudra & Awrejcewicz 2013]: the plate's pure-sliding direction and its pitchfork") {
  // J_T from the exact model's dual-number Jacobian (~1e-13 relative) on O(1) entries.
  constexpr double eigenvalue_tol = 1e-11;
  constexpr double F = 0.3;
  struct Case {
    double a, b, alpha;
    const char* pressure;
  };
  const Case cases[] = {{1.0, 1.0, 0.0, "uniform"}, {0.8, 1.0, 0.0, "uniform"}, {1.0, 0.5, 0.0, "uniform"},
                        {0.3, 1.0, 0.0, "uniform"}, {1.0, 0.5, 0.5, "hertz"},   {0.6, 1.0, 0.5, "hertz"},
                        {1.0, 0.5, -0.5, "galin"},  {0.7, 1.0, -0.5, "galin"}};
  for (const Case& c : cases) {
    CAPTURE(c.a);
    CAPTURE(c.b);
    CAPTURE(c.pressure);
    const Problem problem = plate(c.a, c.b, 0.0, c.pressure);
    const limitdir::System system = limitdir::make_system(problem);
    const limitdir::Classification k = limitdir::classify(system, F, Eigen::Vector3d::UnitX());
    const double F_star = 1.0 - 2.0 * c.a * c.a / ((c.alpha + 2.0) * (c.a * c.a + c.b * c.b));
    double lo = k.eigenvalues[0].real(), hi = k.eigenvalues[1].real();
    if (lo > hi) std::swap(lo, hi);
    const double expected_lo = std::min(-F, F_star - F), expected_hi = std::max(-F, F_star - F);
    CHECK(std::abs(lo - expected_lo) <= eigenvalue_tol);
    CHECK(std::abs(hi - expected_hi) <= eigenvalue_tol);
    CHECK(std::abs(k.rdot - (-1.0 + F)) <= eigenvalue_tol);
  }
  // the sweep locates that pitchfork (within the bracket it reports)
  const Diagram d = load_sweep(plate(1.0, 0.5), 0.05, 0.5);
  const auto it = std::find_if(d.events.begin(), d.events.end(), [](const limitdir::Event& e) {
    return e.kind == EventKind::pitchfork && e.directions.front().x() > 0.999;
  });
  REQUIRE(it != d.events.end());
  // the event's own bracket, or the sweep's location tolerance p_tol = 1e-11 when located
  const double bracket = it->located ? limitdir::ContinuationOptions{}.p_tol : it->p_error;
  CHECK(std::abs(it->p - 0.2) <= bracket);
}

// The proof of the plates with the quadrature enclosure (docs/manual.md section 6, "Rigorous
// enclosures of the exact model of an ellipse"): pure sliding along and against the load, +-e1,
// has rdot = -1 +- F, and the tangent Jacobian at e1 is diag(-F, F* - F) as above; q odd makes Dq
// even, so at -e1 the same tangent part of D(M^-1 q) less rdot = -1 - F gives F and F* + F.
TEST_CASE("(59) [Kudra & Awrejcewicz 2013]: find-limits proves the uniform and the Hertz plate at one load") {
  constexpr double eigenvalue_tol = 1e-11;  // as above: the exact model's Jacobian to ~1e-13
  constexpr double position_tol = 1e-12;    // Krawczyk's boxes about +-e1 (a zero by symmetry)
  struct Case {
    double a, b, alpha, F;
    const char* pressure;
    std::size_t zeros;  // 2 above F*, 4 below (two stable nodes in w2 = 0 off the axes)
  };
  // share/problems/ellipse.json (F* = 0.2) and ellipse-hertz.json (F* = 0.7369) at their loads
  const Case cases[] = {{1.0, 0.5, 0.0, 0.4, "uniform", 2}, {0.7, 1.0, 0.5, 0.3, "hertz", 4}};
  for (const Case& c : cases) {
    CAPTURE(c.pressure);
    const limitdir::System system = limitdir::make_system(plate(c.a, c.b, 0.0, c.pressure));
    const limitdir::LimitSet set = limitdir::find_limit_directions(system, c.F);
    CHECK(set.certificate.level == limitdir::Level::proven);
    CHECK(set.certificate.closed_orbits == "excluded");
    for (const limitdir::Claim& claim : set.certificate.claims) CHECK(claim.level == limitdir::Level::proven);
    REQUIRE(set.directions.size() == c.zeros);
    const double F_star = 1.0 - 2.0 * c.a * c.a / ((c.alpha + 2.0) * (c.a * c.a + c.b * c.b));
    for (const double sign : {1.0, -1.0}) {
      const auto [found, distance] = nearest(set, sign * Eigen::Vector3d::UnitX());
      CHECK(distance <= position_tol);
      CHECK(std::abs(found->rdot - (-1.0 + sign * c.F)) <= eigenvalue_tol);
      double lo = found->eigenvalues[0].real(), hi = found->eigenvalues[1].real();
      if (lo > hi) std::swap(lo, hi);
      // at e1: -F and F* - F; at -e1: F and F* + F
      CHECK(std::abs(lo - std::min(sign > 0 ? -c.F : c.F, F_star - sign * c.F)) <= eigenvalue_tol);
      CHECK(std::abs(hi - std::max(sign > 0 ? -c.F : c.F, F_star - sign * c.F)) <= eigenvalue_tol);
    }
    for (const auto& d : set.directions) {  // the others on the invariant circle w2 = 0, in pairs under U
      if (std::abs(d.w.x()) > 1.0 - position_tol) continue;
      CHECK(std::abs(d.w.y()) <= position_tol);
      CHECK(nearest(set, Eigen::Vector3d(d.w.x(), d.w.y(), -d.w.z())).second <= position_tol);
      CHECK(d.type == limitdir::SphereType::stable_node);
    }
  }
}

// As a/b leaves 1 the plane w2 = 0 stays invariant (the reflection T = diag(1, -1, 1) with the
// load along x) but stops holding every limit direction: pairs (w1, +-w2, w3) leave it at
// symmetry-breaking pitchforks, where the critical eigenvector of J_T is across the plane.
TEST_CASE("Symmetry breaking of the plate as a/b goes from 1 to 0.2: limit directions leave w2 = 0 at pitchforks") {
  // |w2| on the plane: Newton's residual ~1e-15 over eigenvalues >= 1e-4 of the traced points.
  constexpr double on_plane = 1e-9, off_plane = 1e-3;
  const auto off_plane_points = [&](const Diagram& d) {
    int n = 0;
    for (const auto& branch : d.branches)
      for (const auto& point : branch.points) n += std::abs(point.w.y()) > off_plane;
    return n;
  };
  // a/b = 1: the disc's axisymmetry keeps every limit direction on w2 = 0 (Sect. 7.4 [Nonlinear Dyn. 2024])
  const Diagram circle = load_sweep(plate(1.0, 1.0), 0.01, 1.5);
  CHECK(circle.certificate.complete());
  for (const auto& branch : circle.branches)
    for (const auto& point : branch.points) CHECK(std::abs(point.w.y()) <= on_plane);
  CHECK_FALSE(has_pitchfork_off(circle, 2));

  for (const double ratio : {0.9, 0.8, 0.7}) {
    CAPTURE(ratio);
    const Problem problem = plate(ratio, 1.0);
    const Diagram d = load_sweep(problem, 0.01, 1.5);
    CHECK(d.certificate.complete());
    CHECK(off_plane_points(d) > 0);
    // every off-plane limit direction comes with its mirror image (w1, -w2, w3) at the same load
    const limitdir::System system = limitdir::make_system(problem);
    int mirrored = 0;
    for (const auto& branch : d.branches)
      for (std::size_t i = 0; i < branch.points.size(); i += 7) {
        const auto& point = branch.points[i];
        if (std::abs(point.w.y()) <= off_plane) continue;
        const Eigen::Vector3d mirror(point.w.x(), -point.w.y(), point.w.z());
        CHECK(system.spherical(mirror, point.p).norm() <= 1e-10);
        ++mirrored;
      }
    CHECK(mirrored > 0);
    // the pitchforks off the equator lie on the plane, critical eigenvector across it
    REQUIRE(has_pitchfork_off(d, 2));
    for (const auto& e : d.events) {
      if (e.kind != EventKind::pitchfork || std::abs(e.directions.front().z()) <= 0.1) continue;
      const Eigen::Vector3d& w = e.directions.front();
      CHECK(std::abs(w.y()) <= off_plane);
      const limitdir::Classification k = limitdir::classify(system, e.p, w);
      const int j = std::abs(k.eigenvalues[0]) < std::abs(k.eigenvalues[1]) ? 0 : 1;
      CHECK(std::abs(k.eigenvalues[j]) <= 1e-6);
      CHECK(std::abs(k.eigenvectors.col(j).real().y()) >= 0.99);
    }
  }
}

// Tilting the load breaks T: the symmetry-breaking pitchfork unfolds into a fold (an imperfect
// bifurcation); U = diag(1, 1, -1) survives (centrally symmetric pressure, load in the plane), so
// the pitchfork of the equatorial direction stays.
TEST_CASE("A tilted load unfolds the plate's symmetry-breaking pitchfork into a fold") {
  const Diagram aligned = load_sweep(plate(0.8, 1.0, 0.0), 0.01, 1.5);
  const Diagram tilted = load_sweep(plate(0.8, 1.0, 0.1), 0.01, 1.5);
  CHECK(aligned.certificate.complete());
  CHECK(tilted.certificate.complete());
  CHECK(has_pitchfork_off(aligned, 2));
  CHECK_FALSE(has_pitchfork_off(tilted, 2));
  const auto folds = [](const Diagram& d) {
    return std::count_if(d.events.begin(), d.events.end(), [](const limitdir::Event& e) { return e.kind == EventKind::fold; });
  };
  CHECK(folds(tilted) == folds(aligned) + 1);
  // every remaining pitchfork lies on the equator, the fixed set of U
  for (const auto& e : tilted.events)
    if (e.kind == EventKind::pitchfork) CHECK(std::abs(e.directions.front().z()) <= 1e-6);
}

// (3)-(5) [Kireenkov]: the centre of pressure carries the load's tipping moment, N s = F h N.
TEST_CASE("(3)-(5) [Kireenkov]: a shift from the load's height moves the centre of pressure by F h") {
  constexpr double tol = 1e-14;  // a few roundings of O(1) products
  for (const char* pressure : {"uniform", "hertz"}) {
    json file{{"system", {{"preset", "disc"}}},
              {"contact", {{"pressure", pressure}, {"shift", {{"h", 0.2}}}}},
              {"friction", {{"model", "exact"}}},
              {"force", 0.3}};
    const Problem problem = limitdir::parse_problem(file, "shift");
    const limitdir::Contact contact = limitdir::make_contact(problem);
    const Eigen::Vector3d w = Eigen::Vector3d(0.6, 0.8, 0.3).normalized();  // sliding along (0.6, 0.8)
    const Eigen::Vector2d s = contact.centre_of_pressure(w);
    CHECK(std::abs(s.x() - 0.3 * 0.2 * 0.6) <= tol);
    CHECK(std::abs(s.y() - 0.3 * 0.2 * 0.8) <= tol);
    // k of (5) [Kireenkov]: 5 F h/R for Hertz pressure
    if (std::string(pressure) == "hertz") CHECK(std::abs(limitdir::contact_shift(problem, 0.3) - 5 * 0.3 * 0.2) <= tol);
  }
}

// The plate preset (docs/manual.md section 2): the disc's mass matrix for a = b = R.
TEST_CASE("The elliptic plate is the disc for a = b") {
  constexpr double tol = 1e-15;
  const limitdir::System p = limitdir::make_system(plate(1.0, 1.0));
  const json disc{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}, {"rho", "R"}};
  const limitdir::System d = limitdir::make_system(limitdir::parse_problem(disc, "disc"));
  CHECK((p.M() - d.M()).norm() <= tol);
  CHECK((p.load_direction() - d.load_direction()).norm() <= tol);
  // and its friction is the circular exact model's (~1e-12: two quadratures of one integral)
  for (const Eigen::Vector3d& w : {Eigen::Vector3d(0.3, -0.5, 0.8), Eigen::Vector3d(1, 0.2, 0.05)})
    CHECK((p.friction().q(w) - d.friction().q(w)).norm() <= 1e-12);
}

// At F = 0 the disc's circles of latitude (Fig. 15 [Nonlinear Dyn. 2024]) break up on the
// ellipse into isolated limit directions on the meridians phi = 0, pi/2, pi, 3 pi/2, while the
// equator stays a circle of limit directions (pure sliding: q = -w, c = 0). Reference latitudes
// from the same independent quadrature as above (tests/reference/exact_contact.py; uniform plate,
// rho = a); the equator's
// transverse eigenvalue at phi is 1 - (a^2 cos^2 phi + b^2 sin^2 phi)/(a^2 + b^2) by (59)
// [Kudra & Awrejcewicz 2013] (the spin turns the point velocities by omega (r . s)).
TEST_CASE("Fig. 15 [Nonlinear Dyn. 2024] on the ellipse: the F = 0 circles break into isolated limit directions") {
  constexpr double theta_tol = 1e-11;       // as the F = 0.3 case above: 12 digits, eigenvalues >= 0.1
  constexpr double eigenvalue_tol = 1e-11;  // the dual-number Jacobian, O(1) entries
  struct Case {
    double b, saddle_theta, node_theta;  // saddles on phi = 0, pi; stable nodes on phi = +-pi/2
  };
  for (const Case& c : {Case{0.9, 1.038884398728, 0.996630555564}, Case{0.5, 1.426124828091, 1.047404026264}}) {
    CAPTURE(c.b);
    const limitdir::System system = limitdir::make_system(plate(1.0, c.b));
    const limitdir::LimitSet set = limitdir::find_limit_directions(system, 0.0);
    CHECK(set.certificate.complete());
    REQUIRE(set.circles.size() == 1);
    const limitdir::LimitCircle& equator = set.circles.front();
    CHECK(equator.theta == 0.0);
    CHECK(equator.sphere_type == "unstable-circle");
    CHECK(std::abs(equator.transverse_eigenvalue.value() - c.b * c.b / (1 + c.b * c.b)) <= eigenvalue_tol);
    // per hemisphere: the pole (+1), two saddles (-1 each), two stable nodes (+1 each)
    REQUIRE(set.directions.size() == 10);
    int saddles = 0, nodes = 0, poles = 0;
    for (const auto& d : set.directions) {
      const double theta = std::asin(std::abs(d.w.z()));
      if (d.type == limitdir::SphereType::saddle) {
        ++saddles;
        CHECK(std::abs(d.w.y()) <= 1e-12);
        CHECK(std::abs(theta - c.saddle_theta) <= theta_tol);
      } else if (d.type == limitdir::SphereType::stable_node) {
        ++nodes;
        CHECK(std::abs(d.w.x()) <= 1e-12);
        CHECK(std::abs(theta - c.node_theta) <= theta_tol);
      } else {
        ++poles;
        CHECK(std::abs(d.w.z()) >= 1 - 1e-15);
      }
    }
    CHECK(saddles == 4);
    CHECK(nodes == 4);
    CHECK(poles == 2);
  }
}

// The shifted disc (2) [Kireenkov] (share/problems/disc-shift.json, closed form of
// friction/exact_shift.hpp): q jumps at the poles, where the lateral force turns with the sliding
// direction. The proof covers the sphere but those two points (limits/jump_cells.cpp); its boxes
// must hold the limit directions of the contact quadrature (another algorithm, no ring
// decomposition, no elliptic integrals) and nothing else, and with the poles' indices the proven
// indices sum to 2 (Poincare-Hopf). At F = 0.4 the load dominates the jump about the poles
// (singular points of index 0), at F = 0.05 the jump dominates (index 1, and closed orbits).
TEST_CASE("(2) [Kireenkov] the shifted disc: find-limits proves the limit directions about the jump of q at the poles") {
  // the two algorithms agree to ~1e-12 in q (tests/friction/test_exact_disc_shift.cpp): a
  // quadrature zero lies within 1e-12/|lambda_min(J_T)| ~ 1e-11 of the closed form's
  constexpr double in_box_tol = 1e-9;
  const Problem problem = limitdir::load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-shift.json");
  const limitdir::System closed = limitdir::make_system(problem);
  const limitdir::System quadrature = limitdir::make_system(
      problem, limitdir::make_contact_exact_model(
                   limitdir::Contact::circle(1.0, limitdir::NominalPressure::uniform()).with_shift(0.5),
                   problem.rho_over_R()));
  for (const auto& [F, zeros, pole_index] : {std::array<double, 3>{0.4, 4, 0}, std::array<double, 3>{0.05, 2, 1}}) {
    CAPTURE(F);
    const limitdir::LimitSet set = limitdir::find_limit_directions(closed, F);
    CHECK(limitdir::find_claim(set.certificate, "limit-directions")->level == limitdir::Level::proven);
    CHECK(limitdir::find_claim(set.certificate, "types")->level == limitdir::Level::proven);
    CHECK(set.certificate.reason.find("where q jumps") != std::string::npos);
    const limitdir::Proof proof = limitdir::prove_limit_directions(closed, F);
    REQUIRE(proof.proven);
    CHECK(proof.jump_cells > 0);
    CHECK(proof.directions.size() == static_cast<std::size_t>(zeros));
    const limitdir::LimitSet other = limitdir::find_limit_directions(quadrature, F);
    REQUIRE(other.directions.size() == proof.directions.size());
    int index_sum = 0;
    for (const limitdir::ProvenDirection& p : proof.directions) {
      REQUIRE((p.det_JT.lower() > 0.0 || p.det_JT.upper() < 0.0));
      index_sum += p.det_JT.lower() > 0.0 ? 1 : -1;
      const bool held = std::any_of(other.directions.begin(), other.directions.end(), [&](const auto& d) {
        for (int i = 0; i < 3; ++i)
          if (d.w(i) < p.w(i).lower() - in_box_tol || d.w(i) > p.w(i).upper() + in_box_tol) return false;
        return true;
      });
      CHECK_MESSAGE(held, "the proven box about ", p.w_mid.transpose(), " holds no zero of the quadrature");
    }
    REQUIRE(other.singular_points.size() == 2);
    for (const auto& sp : other.singular_points) {
      CHECK(std::abs(std::abs(sp.w.z()) - 1.0) <= 1e-15);
      CHECK(sp.index == static_cast<int>(pole_index));
      index_sum += sp.index;
    }
    CHECK(index_sum == 2);
  }
}

}  // namespace test_contact_systems
