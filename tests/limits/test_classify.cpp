// Classification of limit directions, [Nonlinear Dyn. 2024] Sect. 7.2.6-7.2.8 and docs/manual.md section 1:
// rdot = R*(w) (121), the tangent-plane Jacobian J_T, the modified Jacobian (119), the angle
// Jacobian of (120) with the errata, types, indices and the colours of Fig. 11. Every
// reference value is computed here: finite differences of V* and of (120) assembled from
// M, the load and q(w) (limits_reference.hpp), Eigen's eigenvalues, hand-made linear systems
// with prescribed eigenvalues, and the closed forms of the disc on its invariant circle.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/limits/classify.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "limits_reference.hpp"

namespace test_classify {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using json = nlohmann::json;
using cd = std::complex<double>;

namespace {

const double kDiscRow3 = 8.0 / 9.0;  // (126)

Problem disc_problem() {
  return parse_problem(json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}
Eigen::Matrix3d disc_mass() { return Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal(); }

/// Largest error of the best pairing of two pairs of complex numbers.
double pair_error(cd a0, cd a1, cd b0, cd b1) {
  return std::min(std::max(std::abs(a0 - b0), std::abs(a1 - b1)), std::max(std::abs(a0 - b1), std::abs(a1 - b0)));
}
Eigen::Vector2cd eig2(const Eigen::Matrix2d& J) {
  Eigen::EigenSolver<Eigen::Matrix2d> es(J, false);
  return es.eigenvalues();
}

/// A test case: a system, its own field (assembled here) and a load.
struct Setup {
  std::string name;
  std::shared_ptr<const FrictionModel> model;
  Eigen::Matrix3d M;
  Eigen::Vector3d d, e;
  double F;
};

std::vector<Setup> setups() {
  std::vector<Setup> s;
  const Problem p = disc_problem();
  auto h2 = std::make_shared<HarmonicModel>(*make_exact_model(p), 2);
  auto h3 = std::make_shared<HarmonicModel>(*make_exact_model(p), 3);
  std::shared_ptr<const FrictionModel> ex(make_exact_model(p));
  // the disc in Case 4 and Case 3 (Sect. 7.4.4)
  s.push_back({"disc N=2 F=0.02", h2, disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 0.02});
  s.push_back({"disc N=3 F=0.2", h3, disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 0.2});
  s.push_back({"disc exact F=0.1", ex, disc_mass(), Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 0.1});
  // general systems
  Eigen::Matrix3d M1;
  M1 << 1.3, 0.2, -0.1, 0.25, 0.9, 0.15, -0.05, 0.3, 1.1;
  Eigen::Matrix3d M2;
  M2 << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;  // share/problems/general.json
  s.push_back({"general N=3", h3, M1, Eigen::Vector3d(0.6, -0.3, 0.4), Eigen::Vector3d(0.05, 0.1, -0.1), 0.7});
  s.push_back({"general exact", ex, M1, Eigen::Vector3d(0.2, 0.5, -0.3), Eigen::Vector3d(0.0, -0.1, 0.2), 0.4});
  s.push_back({"general.json N=2", h2, M2, Eigen::Vector3d::UnitX(), Eigen::Vector3d(0, 0, 0.1), 0.5});
  return s;
}

System make(const Setup& s) { return System(s.M, s.d, s.e, s.model); }

/// (120) with the errata, from the field assembled here:
/// phi' = (-F1 sin phi + F2 cos phi)/cos theta, theta' = -(F1 cos phi + F2 sin phi) sin theta + F3 cos theta.
Eigen::Vector2d angle_rates(const ref::Field& f, double phi, double theta) {
  const Eigen::Vector3d w(std::cos(theta) * std::cos(phi), std::cos(theta) * std::sin(phi), std::sin(theta));
  const Eigen::Vector3d F = f(w);
  const double sp = std::sin(phi), cp = std::cos(phi), st = std::sin(theta), ct = std::cos(theta);
  return {(-F(0) * sp + F(1) * cp) / ct, -(F(0) * cp + F(1) * sp) * st + F(2) * ct};
}
/// d(phi', theta')/d(phi, theta) by central differences.
Eigen::Matrix2d angle_jacobian_fd(const ref::Field& f, double phi, double theta, double h = 1e-6) {
  Eigen::Matrix2d J;
  J.col(0) = (angle_rates(f, phi + h, theta) - angle_rates(f, phi - h, theta)) / (2 * h);
  J.col(1) = (angle_rates(f, phi, theta + h) - angle_rates(f, phi, theta - h)) / (2 * h);
  return J;
}

/// The modified Jacobian (119) V*_w - V*_w w w^T with V*_w the central-difference Jacobian
/// of V*(x) = (I - x x^T) F(x) in R^3.
Eigen::Matrix3d modified_jacobian_fd(const ref::Field& f, const Eigen::Vector3d& w, double h = 1e-6) {
  auto V = [&](const Eigen::Vector3d& x) -> Eigen::Vector3d {
    const Eigen::Vector3d F = f(x);
    return F - x * x.dot(F);
  };
  Eigen::Matrix3d D;
  for (int j = 0; j < 3; ++j) {
    const Eigen::Vector3d dx = h * Eigen::Vector3d::Unit(j);
    D.col(j) = (V(w + dx) - V(w - dx)) / (2 * h);
  }
  return D - D * w * w.transpose();
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("(121), docs/manual.md section 1: rdot = R*(w), residual = |V*(w)|, tangent basis P orthonormal with t1 x t2 = w") {
  std::mt19937_64 g(3);
  std::normal_distribution<double> n;
  for (const Setup& s : setups()) {
    const System sys = make(s);
    const ref::Field f(s.M, s.F * s.d + s.e, *s.model);
    for (int k = 0; k < 10; ++k) {
      const Eigen::Vector3d w = Eigen::Vector3d(n(g), n(g), n(g)).normalized();
      CAPTURE(s.name);
      CAPTURE(w.transpose());
      const Classification c = classify(sys, s.F, 2.5 * w);  // classify normalises w
      CHECK((c.w - w).norm() <= 1e-15);
      CHECK(c.rdot == doctest::Approx(f.rstar(w)).epsilon(1e-12));
      CHECK(c.residual == doctest::Approx(f.vstar(w).norm()).epsilon(1e-12));
      CHECK(c.radial == (c.rdot < 0 ? Radial::attracting : Radial::repelling));
      CHECK((c.P.transpose() * c.P - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() <= 1e-14);
      CHECK((c.P.transpose() * w).norm() <= 1e-14);
      CHECK((Eigen::Vector3d(c.P.col(0)).cross(Eigen::Vector3d(c.P.col(1))) - w).norm() <= 1e-14);
    }
  }
}

TEST_CASE("docs/manual.md section 1: J_T = P^T (D(Bw + c) - rdot I) P against a finite-difference Jacobian of V* in tangent coordinates") {
  std::mt19937_64 g(4);
  std::normal_distribution<double> n;
  for (const Setup& s : setups()) {
    const System sys = make(s);
    const ref::Field f(s.M, s.F * s.d + s.e, *s.model);
    const auto vstar = [&](const Eigen::Vector3d& w) { return f.vstar(w); };
    std::vector<Eigen::Vector3d> points;
    for (const auto& r : ref::brute_force_limit_directions(vstar, 1500)) points.push_back(r.w);
    REQUIRE(points.size() >= 2);
    const std::size_t n_limit = points.size();
    for (int k = 0; k < 6; ++k) points.push_back(Eigen::Vector3d(n(g), n(g), n(g)).normalized());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Eigen::Vector3d& w = points[i];
      CAPTURE(s.name);
      CAPTURE(w.transpose());
      CAPTURE(i < n_limit);
      const Classification c = classify(sys, s.F, w);
      const Eigen::Matrix2d J = ref::chart_jacobian(vstar, w, c.P);
      const double scale = std::max(1.0, J.cwiseAbs().maxCoeff());
      CHECK((c.J_T - J).cwiseAbs().maxCoeff() <= 1e-7 * scale);
      if (i < n_limit) CHECK(c.residual <= 1e-12);
    }
  }
}

TEST_CASE("(119): the modified Jacobian, its trivial zero eigenvalue, and its other two eigenvalues are those of J_T") {
  for (const Setup& s : setups()) {
    const System sys = make(s);
    const ref::Field f(s.M, s.F * s.d + s.e, *s.model);
    const auto vstar = [&](const Eigen::Vector3d& w) { return f.vstar(w); };
    for (const auto& r : ref::brute_force_limit_directions(vstar, 1500)) {
      const Eigen::Vector3d& w = r.w;
      CAPTURE(s.name);
      CAPTURE(w.transpose());
      const Classification c = classify(sys, s.F, w);
      const Eigen::Matrix3d Mfd = modified_jacobian_fd(f, w);
      const double scale = std::max(1.0, Mfd.cwiseAbs().maxCoeff());
      CHECK((c.modified_jacobian - Mfd).cwiseAbs().maxCoeff() <= 1e-7 * scale);
      CHECK((c.modified_jacobian * w).norm() <= 1e-12 * scale);  // lambda_1 = 0 with eigenvector w
      // eigenvalues of the 3x3 (119) = {0} + eigenvalues of J_T (both computed here with Eigen)
      Eigen::EigenSolver<Eigen::Matrix3d> es(c.modified_jacobian, false);
      const Eigen::Vector3cd lam = es.eigenvalues();
      const Eigen::Vector2cd mu = eig2(c.J_T);
      double best = INFINITY;
      int perm[3] = {0, 1, 2};
      do {
        best = std::min(best, std::max({std::abs(lam(perm[0])), std::abs(lam(perm[1]) - mu(0)),
                                        std::abs(lam(perm[2]) - mu(1))}));
      } while (std::next_permutation(perm, perm + 3));
      CHECK(best <= 1e-9 * scale);
      // the reported eigenvalues are those of J_T and of the finite-difference chart Jacobian
      CHECK(pair_error(c.eigenvalues(0), c.eigenvalues(1), mu(0), mu(1)) <= 1e-10 * scale);
      const Eigen::Vector2cd nu = eig2(ref::chart_jacobian(vstar, w, ref::own_basis(w)));
      CHECK(pair_error(c.eigenvalues(0), c.eigenvalues(1), nu(0), nu(1)) <= 1e-6 * scale);
      // eigenvectors: P v, unit, tangent, and eigenvectors of (119)
      for (int i = 0; i < 2; ++i) {
        const Eigen::Vector3cd u = c.eigenvectors.col(i);
        CHECK(std::abs(u.norm() - 1) <= 1e-12);
        CHECK(std::abs(u.dot(w.cast<cd>())) <= 1e-12);
        CHECK((c.modified_jacobian.cast<cd>() * u - c.eigenvalues(i) * u).norm() <= 1e-9 * scale);
      }
    }
  }
}

TEST_CASE("(120) with the errata: phi', theta' vanish at limit directions, the angle Jacobian against finite differences and its eigenvalues equal those of J_T") {
  std::mt19937_64 g(8);
  std::normal_distribution<double> n;
  int checked = 0;
  for (const Setup& s : setups()) {
    const System sys = make(s);
    const ref::Field f(s.M, s.F * s.d + s.e, *s.model);
    const auto vstar = [&](const Eigen::Vector3d& w) { return f.vstar(w); };
    std::vector<Eigen::Vector3d> points;
    for (const auto& r : ref::brute_force_limit_directions(vstar, 1500)) points.push_back(r.w);
    const std::size_t n_limit = points.size();
    for (int k = 0; k < 5; ++k) points.push_back(Eigen::Vector3d(n(g), n(g), n(g)).normalized());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Eigen::Vector3d& w = points[i];
      const double theta = std::asin(w.z()), phi = std::atan2(w.y(), w.x());
      if (std::cos(theta) < 1e-3) continue;  // (120) is singular at the poles
      CAPTURE(s.name);
      CAPTURE(w.transpose());
      const Classification c = classify(sys, s.F, w);
      REQUIRE(c.angle_jacobian.has_value());
      const Eigen::Matrix2d A = angle_jacobian_fd(f, phi, theta);
      const double scale = std::max(1.0, A.cwiseAbs().maxCoeff());
      CHECK((*c.angle_jacobian - A).cwiseAbs().maxCoeff() <= 1e-7 * scale);
      if (i < n_limit) {
        // with the errata, (120) vanishes at a limit direction (as printed theta' does not)
        CHECK(angle_rates(f, phi, theta).norm() <= 1e-11 / std::cos(theta));
        const Eigen::Vector2cd a = eig2(*c.angle_jacobian), b = eig2(c.J_T);
        CHECK(pair_error(a(0), a(1), b(0), b(1)) <= 1e-9 * scale);
        ++checked;
      }
    }
  }
  CHECK(checked >= 12);
  // at the poles the angle Jacobian is not defined
  const Problem p = disc_problem();
  const System disc = make_system(p, std::make_shared<HarmonicModel>(*make_exact_model(p), 2));
  CHECK_FALSE(classify(disc, 0.0, Eigen::Vector3d::UnitZ()).angle_jacobian.has_value());
  CHECK_FALSE(classify(disc, 0.0, -Eigen::Vector3d::UnitZ()).angle_jacobian.has_value());
}

TEST_CASE("docs/manual.md section 1: index = sign(det J_T): +1 for nodes and foci, -1 for saddles") {
  for (const Setup& s : setups()) {
    const System sys = make(s);
    const ref::Field f(s.M, s.F * s.d + s.e, *s.model);
    const auto vstar = [&](const Eigen::Vector3d& w) { return f.vstar(w); };
    int sum = 0;
    for (const auto& r : ref::brute_force_limit_directions(vstar, 1500)) {
      CAPTURE(s.name);
      CAPTURE(r.w.transpose());
      const Classification c = classify(sys, s.F, r.w);
      const double det = c.J_T.determinant();
      CHECK(c.index == (det > 0 ? 1 : -1));
      CHECK(c.index == r.index);  // sign det of the finite-difference chart Jacobian
      CHECK(c.index == (c.type == SphereType::saddle ? -1 : 1));
      sum += c.index;
    }
    CHECK(sum == 2);  // Poincare-Hopf
  }
}

TEST_CASE("Types on hand-made linear systems with prescribed J_T eigenvalues: nodes, foci, saddles, non-hyperbolic") {
  // B = R blockdiag(A, beta) R^T and c = R (0, 0, c3): w = R e3 is a limit direction with
  // rdot = beta + c3 and J_T similar to A - rdot I, whose eigenvalues are prescribed.
  struct Case {
    cd l0, l1;
    SphereType type;
    int index;
  };
  const std::vector<Case> cases{
      {-1.0, -2.5, SphereType::stable_node, 1},      {0.7, 3.0, SphereType::unstable_node, 1},
      {-1.0, 2.0, SphereType::saddle, -1},           {{-0.5, 2.0}, {-0.5, -2.0}, SphereType::stable_focus, 1},
      {{0.3, 1.0}, {0.3, -1.0}, SphereType::unstable_focus, 1}, {-2.0, -2.0, SphereType::stable_node, 1},
      {0.0, -1.0, SphereType::non_hyperbolic, 0},    {{0.0, 1.5}, {0.0, -1.5}, SphereType::non_hyperbolic, 1},
  };
  std::mt19937_64 g(21);
  std::normal_distribution<double> n;
  Eigen::Matrix2d S;
  S << 1.0, 0.4, 0.3, 1.0;
  for (const Case& k : cases) {
    for (double beta : {-1.0, 0.5}) {
      const double c3 = 0.6 * (beta < 0 ? 1 : 0.5);
      const double rdot = beta + c3;
      Eigen::Matrix2d D;
      if (k.l0.imag() == 0)
        D << k.l0.real(), 0, 0, k.l1.real();
      else
        D << k.l0.real(), -k.l0.imag(), k.l0.imag(), k.l0.real();
      const Eigen::Matrix2d A = S * D * S.inverse() + rdot * Eigen::Matrix2d::Identity();
      Eigen::Matrix3d B0 = Eigen::Matrix3d::Zero();
      B0.topLeftCorner<2, 2>() = A;
      B0(2, 2) = beta;
      const Eigen::Matrix3d R =
          Eigen::Quaterniond(n(g), n(g), n(g), n(g)).normalized().toRotationMatrix();
      const Eigen::Matrix3d B = R * B0 * R.transpose();
      const Eigen::Vector3d c = R * Eigen::Vector3d(0, 0, c3);
      const Eigen::Vector3d w = R * Eigen::Vector3d::UnitZ();
      // a non-trivial mass matrix: Pi = M B, d = M c, F = 1
      Eigen::Matrix3d M;
      M << 1.2, 0.1, 0.0, 0.2, 0.9, -0.1, 0.05, 0.0, 1.4;
      const auto model = std::make_shared<LinearModel>(M * B, 1.0, 1.0, "hand-made");
      const System sys(M, M * c, Eigen::Vector3d::Zero(), model);
      CAPTURE(k.l0);
      CAPTURE(k.l1);
      CAPTURE(beta);
      const Classification cl = classify(sys, 1.0, w);
      CHECK(cl.residual <= 1e-14);
      CHECK(cl.rdot == doctest::Approx(rdot).epsilon(1e-13));
      CHECK(cl.radial == (rdot < 0 ? Radial::attracting : Radial::repelling));
      CHECK(pair_error(cl.eigenvalues(0), cl.eigenvalues(1), k.l0, k.l1) <= 1e-12);
      CHECK(cl.type == k.type);
      CHECK(cl.index == k.index);
      CHECK(to_string(cl.type) == std::string(k.type == SphereType::stable_node       ? "stable-node"
                                              : k.type == SphereType::unstable_node   ? "unstable-node"
                                              : k.type == SphereType::saddle          ? "saddle"
                                              : k.type == SphereType::stable_focus    ? "stable-focus"
                                              : k.type == SphereType::unstable_focus  ? "unstable-focus"
                                                                                      : "non-hyperbolic"));
      // not on an invariant circle of a disc-like system: no colour
      CHECK_FALSE(cl.colour.has_value());
    }
  }
  CHECK(to_string(Radial::attracting) == "attracting");
  CHECK(to_string(Radial::repelling) == "repelling");
  CHECK(to_string(Radial::tangent) == "tangent");
}

TEST_CASE("Fig. 11: colours of the disc's limit directions in Cases 1-4 (purple, red, green, brown, blue)") {
  // On the invariant circle w = (cos th, 0, sin th) of the disc, J_T is diagonal in
  // (e_phi, e_theta) with, from (126),
  //   lambda_phi   = -C(w3) - rdot                         (transverse to the circle)
  //   lambda_theta = d/dth [sin th cos th K(sin th) - F sin th],  K = C - (8/9) S  (along it)
  // and rdot = w1 (F - w1 C) - (8/9) w3^2 S. The colour follows from the signs (docs/manual.md section 1).
  const Problem p = disc_problem();
  struct Model {
    std::shared_ptr<const AxisymmetricModel> m;
    std::vector<double> forces;
    std::vector<std::vector<std::string>> colours;  // expected multiset per force (Figs 11-14)
  };
  const auto h1 = std::make_shared<HarmonicModel>(*make_exact_model(p), 1);
  const auto h2 = std::make_shared<HarmonicModel>(*make_exact_model(p), 2);
  // N = 1: F_P = 0.0997, F_T = 0.966; N = 2: F_F = 0.049, F_P = 0.390, F_T = 1.047
  const std::vector<Model> models{
      {h1,
       {1.5, 0.5, 0.05},
       {{"purple", "red"}, {"blue", "red"}, {"blue", "blue", "brown", "red"}}},
      {h2,
       {1.5, 0.7, 0.2, 0.02},
       {{"purple", "red"},
        {"blue", "red"},
        {"blue", "blue", "brown", "red"},
        {"blue", "blue", "brown", "green", "green", "red", "red", "red"}}},
  };
  for (const Model& mo : models) {
    const AxisymmetricModel& m = *mo.m;
    const System sys = make_system(p, mo.m);
    auto C = [&](double w3) { return m.meridian(std::sqrt(std::max(0.0, 1 - w3 * w3)), w3).C; };
    auto S = [&](double w3) { return m.meridian(std::sqrt(std::max(0.0, 1 - w3 * w3)), w3).S; };
    for (std::size_t fi = 0; fi < mo.forces.size(); ++fi) {
      const double F = mo.forces[fi];
      CAPTURE(m.description());
      CAPTURE(F);
      const ref::Field f(disc_mass(), Eigen::Vector3d(F, 0, 0), m);
      auto theta_rate = [&](double th) {
        const double s = std::sin(th);
        return std::sin(th) * std::cos(th) * (C(s) - kDiscRow3 * S(s)) - F * s;
      };
      // the limit directions on the circle: zeros of theta' (the trivial ones and (131)),
      // bracketed on a grid and bisected, then polished with the test's own Newton
      std::vector<double> thetas;
      const int grid = 20000;
      for (int i = 0; i < grid; ++i) {
        double lo = -M_PI + 2 * M_PI * (i + 0.25) / grid, hi = lo + 2 * M_PI / grid;
        if ((theta_rate(lo) < 0) == (theta_rate(hi) < 0)) continue;
        for (int it = 0; it < 100; ++it) {
          const double mid = 0.5 * (lo + hi);
          ((theta_rate(mid) < 0) == (theta_rate(lo) < 0) ? lo : hi) = mid;
        }
        thetas.push_back(0.5 * (lo + hi));
      }
      std::vector<std::string> got, expected_by_formula;
      for (double th : thetas) {
        const Eigen::Vector3d w0(std::cos(th), 0, std::sin(th));
        const auto wr = ref::newton_on_sphere([&](const Eigen::Vector3d& x) { return f.vstar(x); }, w0, 1e-13);
        REQUIRE(wr.has_value());
        const Eigen::Vector3d w = *wr;
        const double w1 = w.x(), w3 = w.z(), thw = std::atan2(w3, w1);
        const double rdot = w1 * (F - w1 * C(w3)) - kDiscRow3 * w3 * w3 * S(w3);
        const double lphi = -C(w3) - rdot;
        const double hfd = 1e-6;
        const double lth = (theta_rate(thw + hfd) - theta_rate(thw - hfd)) / (2 * hfd);
        std::string colour;
        if (rdot > 0 && lphi < 0 && lth < 0) colour = "purple";
        if (rdot < 0 && lphi > 0 && lth > 0) colour = "red";
        if (rdot < 0 && lth < 0 && lphi > 0) colour = "green";
        if (rdot < 0 && lth > 0 && lphi < 0) colour = "brown";
        if (rdot < 0 && lphi < 0 && lth < 0) colour = "blue";
        CAPTURE(w.transpose());
        REQUIRE(!colour.empty());
        expected_by_formula.push_back(colour);
        const Classification c = classify(sys, F, w);
        CHECK(c.rdot == doctest::Approx(rdot).epsilon(1e-10));
        CHECK(pair_error(c.eigenvalues(0), c.eigenvalues(1), lphi, lth) <= 1e-7);
        REQUIRE(c.colour.has_value());
        CHECK(*c.colour == colour);
        got.push_back(c.colour.value_or(""));
      }
      std::sort(got.begin(), got.end());
      std::sort(expected_by_formula.begin(), expected_by_formula.end());
      // the closed forms reproduce the arrangement of Fig. 11 for this case
      CHECK(expected_by_formula == mo.colours[fi]);
      CHECK(got == mo.colours[fi]);
    }
  }
}

TEST_CASE("Fig. 11: no colour off the invariant circle or for systems without it") {
  const Problem p = disc_problem();
  const auto h2 = std::make_shared<HarmonicModel>(*make_exact_model(p), 2);
  const System disc = make_system(p, h2);
  // a direction off the circle w2 = 0
  CHECK_FALSE(classify(disc, 0.2, Eigen::Vector3d(0.6, 0.48, 0.64)).colour.has_value());
  // a general system (non-diagonal M): the circle is not invariant
  Eigen::Matrix3d M;
  M << 2.0, 0.3, 0.0, 0.3, 1.5, 0.2, 0.0, 0.2, 0.8;
  const System gen(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), h2);
  CHECK_FALSE(gen.has_invariant_circle());
  CHECK_FALSE(classify(gen, 0.2, Eigen::Vector3d::UnitX()).colour.has_value());
}

TEST_CASE("Pade kink on the equator: a limit direction there is typed by the one-sided Jacobians of V*") {
  // A Pade model (order 1 and 2, Kireenkov's (9)-(10)) has a kink along the equator. With a
  // mass matrix that couples slip and spin, M^-1 w is not parallel to w there and the two sides
  // give different tangent-plane Jacobians. The load is chosen so that w = e1 is a limit
  // direction: q(e1) + F d + e = t M e1 with q(e1) = -e1, d = e1, F = 1/2, t = -1/2, i.e.
  // e = (0, 0, 0.3 t), and rdot = t. The reference one-sided Jacobians are second-order
  // one-sided differences of V* (assembled here) in the basis (e2, e3).
  Eigen::Matrix3d M;
  M << 1.0, 0.0, 0.3, 0.0, 1.0, 0.0, 0.3, 0.0, 1.2;
  const double F = 0.5, t = -0.5;
  const Eigen::Vector3d d = Eigen::Vector3d::UnitX(), e(0.0, 0.0, 0.3 * t);
  for (int order : {1, 2}) {
    CAPTURE(order);
    auto pade = std::make_shared<PadeModel>(*make_exact_model(disc_problem().pressure, 2.0 / 3.0), order);
    const System sys(M, d, e, pade);
    const ref::Field f(M, F * d + e, *pade);
    const auto vstar = [&](const Eigen::Vector3d& w) { return f.vstar(w); };
    const Eigen::Vector3d w0 = Eigen::Vector3d::UnitX();
    REQUIRE(f.vstar(w0).norm() <= 1e-14);
    const double h = 1e-6;
    const auto at = [&](const Eigen::Vector3d& dir, double s) { return vstar((w0 + s * dir).normalized()); };
    std::array<Eigen::Matrix2d, 2> ref_J;  // in the basis Q = (e2, e3): sides w3 > 0, w3 < 0
    for (int side = 0; side < 2; ++side) {
      const double sg = side == 0 ? 1.0 : -1.0;
      const Eigen::Vector3d e2 = Eigen::Vector3d::UnitY(), e3 = Eigen::Vector3d::UnitZ();
      Eigen::Matrix2d J;
      const Eigen::Vector3d col0 = (at(e2, h) - at(e2, -h)) / (2 * h);  // along the kink
      const Eigen::Vector3d col1 = sg * (-3 * at(e3, 0) + 4 * at(e3, sg * h) - at(e3, 2 * sg * h)) / (2 * h);
      J << col0.y(), col1.y(), col0.z(), col1.z();
      ref_J[side] = J;
    }
    // order 1: Q_eps has a kink at s = 1/eps = 0 and the two sides differ on the sphere; order 2:
    // dQ/ds = 0 there and the kink of H = eps T_eps is multiplied by w3 = 0, so they agree
    if (order == 1) REQUIRE((ref_J[0] - ref_J[1]).norm() > 1e-2);
    const Classification c = classify(sys, F, w0);
    REQUIRE(c.one_sided.has_value());
    CHECK_FALSE(c.differentiable);
    CHECK(c.rdot == doctest::Approx(t).epsilon(1e-12));
    Eigen::Matrix<double, 3, 2> Q;
    Q << 0, 0, 1, 0, 0, 1;
    const Eigen::Matrix2d T = c.P.transpose() * Q;  // Q coordinates -> P coordinates
    for (int side = 0; side < 2; ++side) {
      const Eigen::Matrix2d J_ref = T * ref_J[side] * T.transpose();
      CAPTURE(side);
      CHECK(((*c.one_sided)[side].J_T - J_ref).cwiseAbs().maxCoeff() <= 1e-6);
      CHECK((*c.one_sided)[side].type == sphere_type_of(J_ref));
    }
    // the type is the sides' type when they agree; the index is fixed over the Clarke hull
    const SphereType t0 = sphere_type_of(T * ref_J[0] * T.transpose()), t1 = sphere_type_of(T * ref_J[1] * T.transpose());
    CHECK(c.type == (t0 == t1 ? t0 : SphereType::non_hyperbolic));
    double dmin = INFINITY, dmax = -INFINITY;
    for (int k = 0; k <= 1000; ++k) {
      const double s = k / 1000.0;
      const double det = ((1 - s) * ref_J[0] + s * ref_J[1]).determinant();
      dmin = std::min(dmin, det);
      dmax = std::max(dmax, det);
    }
    CHECK(c.index == (dmin > 0 ? 1 : dmax < 0 ? -1 : 0));
  }
}

}  // namespace test_classify
