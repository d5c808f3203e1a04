// All limit directions at one load F (find_limit_directions, limit_directions_linear) against
// the closed forms of [Nonlinear Dyn. 2024] Sect. 7.4-7.5, (125)-(141) with the errata of docs/errata.md,
// against a brute-force multistart search written here (limits_reference.hpp), and against
// the Poincare-Hopf index sum 2. The closed forms are evaluated from the models' C_i, S_i
// (85) (checked against (83)-(84) in friction/test_harmonic.cpp) or, for the exact model, from its
// meridian functions C = Q_w/w12, S = T_w/w3 (checked in friction/test_exact_model.cpp).
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
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
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "limits_reference.hpp"

namespace test_limits {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using json = nlohmann::json;

namespace {

const double kDiscRow3 = 8.0 / 9.0;  // (126): third row of M^-1 for the disc, rho = kappa = 2R/3, j = 1/2
const Eigen::Vector3d e1 = Eigen::Vector3d::UnitX();
const Eigen::Vector3d e3 = Eigen::Vector3d::UnitZ();

Problem disc_problem() {
  return parse_problem(json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "exact"}}}}, "disc");
}
Problem ball_problem(double lambda) {
  return parse_problem(json{{"system", {{"preset", "ball"}, {"lambda", lambda}}}, {"friction", {{"model", "exact"}}}},
                       "ball");
}

std::shared_ptr<const HarmonicModel> harmonic(const Problem& p, int N) {
  return std::make_shared<HarmonicModel>(*make_exact_model(p), N);
}

std::vector<Eigen::Vector3d> directions_of(const LimitSet& L) {
  std::vector<Eigen::Vector3d> w;
  for (const auto& d : L.directions) w.push_back(d.w);
  return w;
}

/// The direction of L within tol of w, or nullptr.
const Classification* find_near(const LimitSet& L, const Eigen::Vector3d& w, double tol = 1e-10) {
  for (const auto& d : L.directions)
    if ((d.w - w).norm() <= tol) return &d;
  return nullptr;
}

/// C(w3), S(w3) of (85) for the harmonic model, or the meridian functions of any other
/// axisymmetric model.
struct Meridian {
  const AxisymmetricModel* model;
  const HarmonicModel* h;
  explicit Meridian(const AxisymmetricModel& m) : model(&m), h(dynamic_cast<const HarmonicModel*>(&m)) {}
  double C(double w3) const {
    if (h) return ref::poly_z(h->C(), w3 * w3);
    return model->meridian(std::sqrt(std::max(0.0, 1 - w3 * w3)), w3).C;
  }
  double S(double w3) const {
    if (h) return ref::poly_z(h->S(), w3 * w3);
    return model->meridian(std::sqrt(std::max(0.0, 1 - w3 * w3)), w3).S;
  }
};

/// Number of sign changes of g(theta) = K(sin theta) cos theta - F on the invariant circle
/// w = (cos theta, 0, sin theta), theta in (-pi, pi]: the non-trivial solutions of (131)/(141)
/// (K = a C - b S), counted on a fine grid (an independent count of the non-trivial directions).
int count_nontrivial(const std::vector<double>& Kcos, double F) {
  int n = 0;
  const std::size_t m = Kcos.size();
  for (std::size_t i = 0; i < m; ++i) {
    const double a = Kcos[i] - F, b = Kcos[(i + 1) % m] - F;
    if ((a < 0) != (b < 0)) ++n;
  }
  return n;
}
/// True if F is within a relative 1% of a local extremum of the grid values (a fold or a
/// pitchfork of (131): the grid count is not reliable there).
bool near_bifurcation(const std::vector<double>& Kcos, double F) {
  const std::size_t m = Kcos.size();
  for (std::size_t i = 0; i < m; ++i) {
    const double a = Kcos[(i + m - 1) % m], b = Kcos[i], c = Kcos[(i + 1) % m];
    if (((b >= a && b >= c) || (b <= a && b <= c)) && std::abs(b - F) <= 0.01 * std::abs(F)) return true;
  }
  return false;
}
std::vector<double> Kcos_grid(const Meridian& mer, double a, double b, int m = 20000) {
  std::vector<double> g(m);
  for (int i = 0; i < m; ++i) {
    const double th = -M_PI + 2 * M_PI * (i + 0.5) / m;
    const double s = std::sin(th);
    g[i] = (a * mer.C(s) - b * mer.S(s)) * std::cos(th);
  }
  return g;
}

Eigen::Matrix3d random_matrix(std::mt19937_64& g, double scale) {
  std::uniform_real_distribution<double> u(-1, 1);
  Eigen::Matrix3d A;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) A(i, j) = scale * u(g);
  return A;
}
Eigen::Vector3d random_vector(std::mt19937_64& g, double scale) {
  std::normal_distribution<double> n;
  return scale * Eigen::Vector3d(n(g), n(g), n(g));
}
/// A non-diagonal, non-symmetric, well-conditioned mass matrix.
Eigen::Matrix3d random_mass(std::mt19937_64& g) {
  std::uniform_real_distribution<double> u(0.6, 1.8);
  for (;;) {
    Eigen::Matrix3d M = random_matrix(g, 0.35);
    M.diagonal() += Eigen::Vector3d(u(g), u(g), u(g));
    const Eigen::Vector3d sv = Eigen::JacobiSVD<Eigen::Matrix3d>(M).singularValues();
    if (sv(2) > 0.3 && sv(0) / sv(2) < 8) return M;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("(126), (139): the disc and ball presets give M^-1 = diag(1, 1, 8/9) and diag(7/2, 7/2, 45 pi^2/(512 lambda^2)), c = (F, 0, 0)") {
  const Problem disc = disc_problem();
  const System sd = make_system(disc, harmonic(disc, 2));
  CHECK((sd.M_inv() - Eigen::Vector3d(1, 1, kDiscRow3).asDiagonal().toDenseMatrix()).cwiseAbs().maxCoeff() <= 1e-15);
  CHECK((sd.c(0.37) - Eigen::Vector3d(0.37, 0, 0)).norm() <= 1e-15);
  CHECK(sd.has_invariant_circle());
  for (double lambda : {5.0, 2.0}) {
    const Problem ball = ball_problem(lambda);
    const System sb = make_system(ball, harmonic(ball, 2));
    const double b = 45 * M_PI * M_PI / (512 * lambda * lambda);
    CHECK((sb.M_inv() - Eigen::Vector3d(3.5, 3.5, b).asDiagonal().toDenseMatrix()).cwiseAbs().maxCoeff() <= 1e-14);
    CHECK((sb.c(1.3) - Eigen::Vector3d(1.3, 0, 0)).norm() <= 1e-14);
    CHECK(sb.has_invariant_circle());
  }
}

TEST_CASE("(128)-(129): trivial limit directions (+-1, 0, 0) and their rdot = -C1 +- F") {
  const Problem p = disc_problem();
  for (int N = 1; N <= 4; ++N) {
    const auto h = harmonic(p, N);
    const System sys = make_system(p, h);
    const double C1 = h->C()[0];  // C(0) = C1
    for (double F : {0.1, 0.5, 1.5}) {
      CAPTURE(N);
      CAPTURE(F);
      const LimitSet L = find_limit_directions(sys, F);
      const Classification* w1 = find_near(L, e1);
      const Classification* w2 = find_near(L, -e1);
      INFO("directions: " << ref::format(directions_of(L)));
      REQUIRE(w1 != nullptr);
      REQUIRE(w2 != nullptr);
      CHECK(std::abs(w1->rdot - (-C1 + F)) <= 1e-12);
      CHECK(std::abs(w2->rdot - (-C1 - F)) <= 1e-12);
      // (-1, 0, 0) is always attracting since C1 > 0; (1, 0, 0) is attracting below F_T = C1
      CHECK(w2->radial == Radial::attracting);
      CHECK(w1->radial == (F < C1 ? Radial::attracting : Radial::repelling));
    }
  }
}

TEST_CASE("(130): tangency bifurcation at F_T = C(0): the radial type of (1, 0, 0) flips there (R* = 0, errata 7.2.8)") {
  const Problem p = disc_problem();
  std::vector<std::shared_ptr<const AxisymmetricModel>> models;
  for (int N = 1; N <= 4; ++N) models.push_back(harmonic(p, N));
  models.push_back(std::shared_ptr<const AxisymmetricModel>(make_exact_model(p)));
  for (const auto& m : models) {
    CAPTURE(m->description());
    const System sys = make_system(p, m);
    const double FT = Meridian(*m).C(0.0);  // mu m g C1 (130), m = mu = g = 1
    const LimitSet below = find_limit_directions(sys, FT * (1 - 1e-3));
    const LimitSet above = find_limit_directions(sys, FT * (1 + 1e-3));
    const Classification* b = find_near(below, e1);
    const Classification* a = find_near(above, e1);
    REQUIRE(b != nullptr);
    REQUIRE(a != nullptr);
    CHECK(b->radial == Radial::attracting);
    CHECK(a->radial == Radial::repelling);
    CHECK(b->rdot == doctest::Approx(-1e-3 * FT).epsilon(1e-9));
    CHECK(a->rdot == doctest::Approx(1e-3 * FT).epsilon(1e-9));
    const Classification t = classify(sys, FT, e1);
    CHECK(std::abs(t.rdot) <= 1e-12);
    CHECK(t.radial == Radial::tangent);
  }
}

TEST_CASE("(134)-(135): linear models: non-trivial directions w1 = F/(C1 - 8/9 S1), w3 = +-sqrt(1 - w1^2), rdot = -(8/9) S1, none above F_P (133)") {
  const Problem p = disc_problem();
  struct Case {
    std::string name;
    std::shared_ptr<const FrictionModel> model;
    double C1, S1;
  };
  std::vector<Case> cases;
  const auto h1 = harmonic(p, 1);
  cases.push_back({"harmonic N=1", h1, h1->C()[0], h1->S()[0]});
  std::shared_ptr<const LinearModel> fit = LinearModel::fit(*make_exact_model(p));
  REQUIRE(fit->kappa_over_rho() == doctest::Approx(1.0).epsilon(1e-15));  // rho = kappa
  // (64), (67): q = Pi w, in the form (86): C1 = -Pi_11, S1 = -Pi_33 (rho = kappa)
  cases.push_back({"linear-fit", fit, -fit->Pi()(0, 0), -fit->Pi()(2, 2)});
  for (const Case& c : cases) {
    const System sys = make_system(p, c.model);
    const double FP = c.C1 - kDiscRow3 * c.S1;
    REQUIRE(FP > 0);
    for (double f : {0.05, 0.3, 0.7, 0.99, 1.01, 2.0, 5.0, 20.0}) {
      const double F = f * FP;
      CAPTURE(c.name);
      CAPTURE(F);
      const LimitSet L = find_limit_directions(sys, F);
      std::vector<Eigen::Vector3d> expected{e1, -e1};
      if (F < FP) {
        const double w1 = F / FP;  // (135)
        expected.emplace_back(w1, 0, std::sqrt(1 - w1 * w1));
        expected.emplace_back(w1, 0, -std::sqrt(1 - w1 * w1));
      }
      INFO("library: " << ref::format(directions_of(L)));
      INFO("(135):   " << ref::format(expected));
      CHECK(L.directions.size() == expected.size());
      CHECK(ref::set_distance(directions_of(L), expected) <= 1e-10);
      for (const auto& d : L.directions) {
        if (std::abs(d.w.z()) < 1e-6) continue;
        CHECK(d.rdot == doctest::Approx(-kDiscRow3 * c.S1).epsilon(1e-12));  // Sect. 7.4.2 (errata)
        CHECK(d.radial == Radial::attracting);
      }
    }
  }
}

TEST_CASE("(131)-(133), (136)-(138) N = 2: pitchfork at F_P = k1, fold at F_F, counts of limit directions on each side") {
  const Problem p = disc_problem();
  const auto h = harmonic(p, 2);
  const System sys = make_system(p, h);
  const std::vector<double>&C = h->C(), &S = h->S();
  const double k1 = C[0] - kDiscRow3 * S[0], k2 = C[1] - kDiscRow3 * S[1];  // (137)
  // The regime of Sect. 7.4.4 (Case 4 exists): k1 > 0, k2 < 0, k1 + k2 < 0.
  REQUIRE(k1 > 0);
  REQUIRE(k2 < 0);
  REQUIRE(k1 + k2 < 0);
  const double FP = k1;                                                   // (133)
  const double FF = std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2));      // (138)
  const double zF = (2 * k2 - k1) / (3 * k2);                             // (138): w3^2 at the fold
  const double FT = C[0];                                                 // (130)
  REQUIRE(FF < FP);
  REQUIRE(FP < FT);
  // h(z) = (k1 + k2 z)^2 (1 - z) = F^2 on z = w3^2 (132); near the fold h ~ F_F^2 - a (z - zF)^2
  const double a = k2 * (k1 + k2);  // -h''(zF)/2

  struct Expect {
    double F;
    std::size_t count;
  };
  for (const Expect& e : {Expect{FP * (1 + 1e-3), 2}, Expect{FP * (1 - 1e-3), 4}, Expect{FF * (1 + 1e-3), 4},
                          Expect{FF * (1 - 1e-3), 8}, Expect{0.5 * (FF + FP), 4}, Expect{0.5 * FF, 8},
                          Expect{0.5 * (FP + FT), 2}, Expect{1.5 * FT, 2}}) {
    CAPTURE(e.F);
    const LimitSet L = find_limit_directions(sys, e.F);
    INFO("directions: " << ref::format(directions_of(L)));
    CHECK(L.directions.size() == e.count);
    CHECK(find_near(L, e1) != nullptr);
    CHECK(find_near(L, -e1) != nullptr);
    int against = 0;  // non-trivial directions with w1 < 0 (slip against F)
    for (const auto& d : L.directions) {
      const double w1 = d.w.x(), w3 = d.w.z();
      CHECK(std::abs(d.w.y()) <= 1e-12);  // on the invariant circle w2 = 0 (Sect. 7.4)
      if (std::abs(w3) < 1e-9) continue;
      const double Cw = ref::poly_z(C, w3 * w3), Sw = ref::poly_z(S, w3 * w3);
      CHECK(std::abs((Cw - kDiscRow3 * Sw) * w1 - e.F) <= 1e-12);                                      // (131)
      CHECK(std::abs(std::pow(Cw - kDiscRow3 * Sw, 2) * (1 - w3 * w3) - e.F * e.F) <= 1e-12);          // (132)
      CHECK(d.rdot == doctest::Approx(-kDiscRow3 * Sw).epsilon(1e-12));                               // errata 7.4.2
      CHECK(d.rdot < 0);
      CHECK(d.radial == Radial::attracting);
      if (w1 < 0) {
        ++against;
        if (e.F < FF && e.F > 0.99 * FF) {
          // the fold pair: w3^2 = zF + O(sqrt(F_F - F))
          const double tol = 1.5 * std::sqrt((FF * FF - e.F * e.F) / a);
          CHECK(std::abs(w3 * w3 - zF) <= tol);
        }
      }
    }
    // errata 7.4.4: Case 4 is created by the fold and its directions have w1 < 0
    CHECK(against == (e.F < FF ? 4 : 0));
  }
  // Just below the fold the two pairs straddle zF.
  const LimitSet L = find_limit_directions(sys, FF * (1 - 1e-3));
  int below = 0, above = 0;
  for (const auto& d : L.directions)
    if (d.w.x() < 0 && std::abs(d.w.z()) > 1e-9) (d.w.z() * d.w.z() < zF ? below : above)++;
  CHECK(below == 2);
  CHECK(above == 2);
}

TEST_CASE("(131)-(132) N = 1..5 and exact: the number of limit directions is 2 + the number of solutions of (131) on the invariant circle") {
  const Problem p = disc_problem();
  std::vector<std::shared_ptr<const AxisymmetricModel>> models;
  for (int N = 1; N <= 5; ++N) models.push_back(harmonic(p, N));
  models.push_back(std::shared_ptr<const AxisymmetricModel>(make_exact_model(p)));
  int tested = 0;
  for (const auto& m : models) {
    const Meridian mer(*m);
    const System sys = make_system(p, m);
    const std::vector<double> g = Kcos_grid(mer, 1.0, kDiscRow3);
    for (double F : {0.01, 0.03, 0.07, 0.15, 0.25, 0.45, 0.8, 1.3}) {
      if (near_bifurcation(g, F)) continue;
      ++tested;
      CAPTURE(m->description());
      CAPTURE(F);
      const LimitSet L = find_limit_directions(sys, F);
      INFO("directions: " << ref::format(directions_of(L)));
      CHECK(L.directions.size() == 2 + static_cast<std::size_t>(count_nontrivial(g, F)));
      for (const auto& d : L.directions) {
        if (std::abs(d.w.z()) < 1e-9) continue;
        const double w3 = d.w.z();
        CHECK(std::abs((mer.C(w3) - kDiscRow3 * mer.S(w3)) * d.w.x() - F) <= 1e-10);  // (131)
        CHECK(d.rdot == doctest::Approx(-kDiscRow3 * mer.S(w3)).epsilon(1e-10));
        CHECK(d.rdot < 0);
      }
      CHECK(L.certificate.complete());
      CHECK(L.certificate.index_sum == 2);
    }
  }
  CHECK(tested >= 40);  // of 48 (model, F) pairs, only those near a fold or pitchfork are skipped
}

TEST_CASE("(139)-(141) ball, lambda = 5: non-trivial directions satisfy (141), no fold: never more directions than the linear model") {
  const double lambda = 5.0;
  const Problem p = ball_problem(lambda);
  const double a = 3.5, b = 45 * M_PI * M_PI / (512 * lambda * lambda);  // (139)
  std::vector<std::shared_ptr<const AxisymmetricModel>> models;
  for (int N = 1; N <= 4; ++N) models.push_back(harmonic(p, N));
  models.push_back(std::shared_ptr<const AxisymmetricModel>(make_exact_model(p)));
  int tested = 0;
  for (const auto& m : models) {
    const Meridian mer(*m);
    const System sys = make_system(p, m);
    const double FP = a * mer.C(0) - b * mer.S(0);  // pitchfork of (141)
    const double FT = a * mer.C(0);                 // tangency (129)
    const std::vector<double> g = Kcos_grid(mer, a, b);
    for (int k = 1; k <= 44; ++k) {
      const double F = 0.1 * k - 0.03;
      if (std::abs(F / FP - 1) < 0.01 || near_bifurcation(g, F)) continue;
      ++tested;
      CAPTURE(m->description());
      CAPTURE(F);
      const LimitSet L = find_limit_directions(sys, F);
      INFO("directions: " << ref::format(directions_of(L)));
      // the linear model has 4 below F_P and 2 above (134)-(135); the count never exceeds it
      CHECK(L.directions.size() == (F < FP ? 4u : 2u));
      CHECK(L.directions.size() == 2 + static_cast<std::size_t>(count_nontrivial(g, F)));
      const Classification* t = find_near(L, e1);
      REQUIRE(t != nullptr);
      CHECK(t->rdot == doctest::Approx(F - FT).epsilon(1e-10));
      for (const auto& d : L.directions) {
        CHECK(std::abs(d.w.y()) <= 1e-12);
        if (std::abs(d.w.z()) < 1e-9) continue;
        const double w3 = d.w.z();
        CHECK(std::abs((a * mer.C(w3) - b * mer.S(w3)) * d.w.x() - F) <= 1e-10);  // (141)
        CHECK(d.rdot == doctest::Approx(-b * mer.S(w3)).epsilon(1e-10));         // third row of (140)
        CHECK(d.radial == Radial::attracting);
      }
    }
  }
  CHECK(tested >= 5 * 42);  // the scan skips only the neighbourhood of F_P
}

TEST_CASE("General systems: find_limit_directions finds the same limit directions as a brute-force multistart search, index sum 2") {
  const Problem p = disc_problem();
  const auto exact_u = std::shared_ptr<const FrictionModel>(make_exact_model(p));
  const auto exact_h = std::shared_ptr<const FrictionModel>(make_exact_model(Pressure::hertz(), Pressure::hertz().kappa()));
  std::vector<std::shared_ptr<const FrictionModel>> models{
      std::shared_ptr<const FrictionModel>(LinearModel::fit(*make_exact_model(p))), harmonic(p, 2), harmonic(p, 3),
      exact_u, exact_h};
  std::mt19937_64 g(17);
  std::uniform_real_distribution<double> uF(0.0, 1.6);
  int total_directions = 0;
  for (const auto& m : models) {
    for (int trial = 0; trial < 5; ++trial) {
      const Eigen::Matrix3d M = random_mass(g);
      const Eigen::Vector3d d = random_vector(g, 1.0), e = random_vector(g, 0.3);
      const double F = uF(g);
      const System sys(M, d, e, m);
      CAPTURE(m->description());
      CAPTURE(trial);
      INFO("M = " << M << "\nd = " << d.transpose() << ", e = " << e.transpose() << ", F = " << F);
      const ref::Field field(M, F * d + e, *m);
      const auto vstar = [&](const Eigen::Vector3d& w) { return field.vstar(w); };
      const std::vector<ref::Root> roots = ref::brute_force_limit_directions(vstar, 3000);
      std::vector<Eigen::Vector3d> mine;
      int my_index_sum = 0;
      for (const auto& r : roots) {
        mine.push_back(r.w);
        my_index_sum += r.index;
      }
      // the brute force itself is complete (Poincare-Hopf), otherwise this test is wrong
      REQUIRE(my_index_sum == 2);

      const LimitSet L = find_limit_directions(sys, F);
      INFO("library:     " << ref::format(directions_of(L)));
      INFO("brute force: " << ref::format(mine));
      CHECK(L.directions.size() == mine.size());
      CHECK(ref::set_distance(directions_of(L), mine) <= 1e-8);
      int index_sum = 0;
      for (const auto& dir : L.directions) {
        index_sum += dir.index;
        CHECK(dir.rdot == doctest::Approx(field.rstar(dir.w)).epsilon(1e-10));  // (121)
        CHECK(dir.residual <= 1e-12);
        CHECK(field.vstar(dir.w).norm() <= 1e-12);
        for (const auto& r : roots)
          if ((r.w - dir.w).norm() < 1e-6) CHECK(dir.index == r.index);
      }
      CHECK(index_sum == 2);
      CHECK(L.certificate.index_sum == 2);
      CHECK(L.certificate.complete());
      total_directions += static_cast<int>(mine.size());
    }
  }
  // the random systems are not all trivial two-direction cases
  CHECK(total_directions > 2 * 25);
}

TEST_CASE("docs/manual.md section 3: the 6x6 eigenvalue method (limit_directions_linear) agrees with the global method on random linear systems") {
  std::mt19937_64 g(5);
  std::uniform_real_distribution<double> uF(0.0, 1.5);
  int counts[9] = {0};
  for (int trial = 0; trial < 25; ++trial) {
    const Eigen::Matrix3d M = random_mass(g);
    Eigen::Matrix3d Pi = -Eigen::Matrix3d::Identity() + random_matrix(g, 0.5);
    const Eigen::Vector3d d = random_vector(g, 1.0), e = random_vector(g, 0.3);
    const double F = uF(g);
    const auto model = std::make_shared<LinearModel>(Pi, 1.0, 1.0, "random linear");
    const System sys(M, d, e, model);
    const Eigen::Matrix3d B = M.inverse() * Pi;  // (100)
    const Eigen::Vector3d c = M.inverse() * (F * d + e);
    CAPTURE(trial);
    INFO("B = " << B << "\nc = " << c.transpose());
    const LinearSolution lin = limit_directions_linear(B, c);
    SolverOptions opt;
    opt.method = "global";
    const LimitSet L = find_limit_directions(sys, F, opt);
    INFO("6x6:    " << ref::format(lin.directions));
    INFO("global: " << ref::format(directions_of(L)));
    CHECK(lin.circle_normals.empty());
    CHECK(lin.directions.size() == L.directions.size());
    CHECK(ref::set_distance(lin.directions, directions_of(L)) <= 1e-8);
    // (125): every 6x6 direction is a zero of V*
    for (const auto& w : lin.directions) {
      CHECK(std::abs(w.norm() - 1) <= 1e-12);
      const Eigen::Vector3d f = B * w + c;
      CHECK((f - w.dot(f) * w).norm() <= 1e-11);
    }
    CHECK(L.certificate.complete());
    if (lin.directions.size() < 9) ++counts[lin.directions.size()];
  }
  // the sample contains systems with more than two limit directions
  CHECK(counts[4] + counts[6] + counts[8] > 0);
}

TEST_CASE("docs/manual.md section 3: c = 0 in limit_directions_linear: real eigenvectors of B, a repeated eigenvalue gives a great circle") {
  // B with eigenvalues -1, -2, -3: six directions +-v_i
  Eigen::Matrix3d V;
  V << 1, 0.3, 0.1, 0.2, 1, -0.4, 0.0, 0.5, 1;
  const Eigen::Matrix3d B = V * Eigen::Vector3d(-1, -2, -3).asDiagonal() * V.inverse();
  const LinearSolution s = limit_directions_linear(B, Eigen::Vector3d::Zero());
  std::vector<Eigen::Vector3d> expected;
  for (int i = 0; i < 3; ++i) {
    expected.push_back(V.col(i).normalized());
    expected.push_back(-V.col(i).normalized());
  }
  CHECK(s.circle_normals.empty());
  CHECK(s.directions.size() == 6);
  CHECK(ref::set_distance(s.directions, expected) <= 1e-12);
  // the disc's linear model at F = 0: B = diag(-C1, -C1, -8/9 S1): the equator and the poles (Fig. 15)
  const Eigen::Matrix3d Bd = Eigen::Vector3d(-1.0, -1.0, -kDiscRow3).asDiagonal();
  const LinearSolution sd = limit_directions_linear(Bd, Eigen::Vector3d::Zero());
  REQUIRE(sd.circle_normals.size() == 1);
  CHECK(std::abs(std::abs(sd.circle_normals[0].normalized().dot(e3)) - 1) <= 1e-12);
  CHECK(sd.directions.size() == 2);
  CHECK(ref::set_distance(sd.directions, {e3, -e3}) <= 1e-12);
}

TEST_CASE("docs/manual.md section 3, (135): limit_directions_linear when rdot is an eigenvalue of B (the disc's linear-fit model below F_P)") {
  // B = diag(-1, -1, -8/9) (linear-fit, rho = kappa), c = (F, 0, 0): the non-trivial directions
  // have rdot = -8/9, an eigenvalue of B, so (rdot I - B) is singular there; (135) still gives
  // w1 = F/(1 - 8/9) = 9 F, w3 = +-sqrt(1 - w1^2) for F < F_P = 1/9. Also in rotated coordinates.
  const Eigen::Matrix3d B0 = Eigen::Vector3d(-1.0, -1.0, -kDiscRow3).asDiagonal();
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, -0.5).normalized()).toRotationMatrix();
  for (double F : {0.02, 0.05, 0.1}) {
    for (const Eigen::Matrix3d& Q : {Eigen::Matrix3d(Eigen::Matrix3d::Identity()), R}) {
      CAPTURE(F);
      const double w1 = F / (1 - kDiscRow3);
      std::vector<Eigen::Vector3d> expected{Q * e1, -(Q * e1), Q * Eigen::Vector3d(w1, 0, std::sqrt(1 - w1 * w1)),
                                            Q * Eigen::Vector3d(w1, 0, -std::sqrt(1 - w1 * w1))};
      const LinearSolution s = limit_directions_linear(Q * B0 * Q.transpose(), Q * Eigen::Vector3d(F, 0, 0));
      INFO("6x6:   " << ref::format(s.directions));
      INFO("(135): " << ref::format(expected));
      CHECK(s.directions.size() == 4);
      CHECK(ref::set_distance(s.directions, expected) <= 1e-10);
    }
  }
}

TEST_CASE("Sect. 7.4: the invariant-circle method agrees with the global method on the disc") {
  const Problem p = disc_problem();
  std::vector<std::shared_ptr<const AxisymmetricModel>> models;
  for (int N = 2; N <= 4; ++N) models.push_back(harmonic(p, N));
  models.push_back(std::shared_ptr<const AxisymmetricModel>(make_exact_model(p)));
  for (const auto& m : models) {
    const System sys = make_system(p, m);
    for (double F : {0.02, 0.2, 0.7, 1.5}) {
      CAPTURE(m->description());
      CAPTURE(F);
      SolverOptions circle, global;
      circle.method = "invariant-circle";
      global.method = "global";
      const LimitSet Lc = find_limit_directions(sys, F, circle);
      const LimitSet Lg = find_limit_directions(sys, F, global);
      INFO("invariant circle: " << ref::format(directions_of(Lc)));
      INFO("global:           " << ref::format(directions_of(Lg)));
      CHECK(Lc.directions.size() == Lg.directions.size());
      CHECK(ref::set_distance(directions_of(Lc), directions_of(Lg)) <= 1e-8);
      CHECK(Lg.certificate.index_sum == 2);
      CHECK(Lg.certificate.complete());
      CHECK(Lc.certificate.complete());
    }
  }
}

TEST_CASE("Fig. 15: F = 0 with the linear model: the equator is a circle of limit directions, the poles are stable attracting") {
  const Problem p = disc_problem();
  struct Case {
    std::string name;
    std::shared_ptr<const FrictionModel> model;
    double C1, S1;
  };
  const auto h1 = harmonic(p, 1);
  std::shared_ptr<const LinearModel> fit = LinearModel::fit(*make_exact_model(p));
  for (const Case& c : {Case{"harmonic N=1", h1, h1->C()[0], h1->S()[0]},
                        Case{"linear-fit", fit, -fit->Pi()(0, 0), -fit->Pi()(2, 2)}}) {
    CAPTURE(c.name);
    const System sys = make_system(p, c.model);
    const LimitSet L = find_limit_directions(sys, 0.0);
    const double k1 = c.C1 - kDiscRow3 * c.S1;
    INFO("directions: " << ref::format(directions_of(L)));
    // never a cloud of points on the equator: the poles only
    CHECK(L.directions.size() == 2);
    CHECK(ref::set_distance(directions_of(L), {e3, -e3}) <= 1e-12);
    for (const auto& d : L.directions) {
      CHECK(d.rdot == doctest::Approx(-kDiscRow3 * c.S1).epsilon(1e-12));
      CHECK(d.radial == Radial::attracting);
      CHECK(d.type == SphereType::stable_node);  // J_T = -k1 I at the poles
      for (int i = 0; i < 2; ++i) {
        CHECK(d.eigenvalues(i).real() == doctest::Approx(-k1).epsilon(1e-10));
        CHECK(std::abs(d.eigenvalues(i).imag()) <= 1e-12);
      }
    }
    REQUIRE(L.circles.size() == 1);
    const LimitCircle& eq = L.circles[0];
    CHECK(std::abs(eq.theta) <= 1e-12);
    CHECK(eq.rdot == doctest::Approx(-c.C1).epsilon(1e-12));  // -C(0), 1/M11 = 1
    CHECK(eq.radial == Radial::attracting);
    // along the meridian: d theta'/d theta = K(0) = k1 > 0: the equator is unstable (Fig. 15)
    CHECK(eq.transverse_eigenvalue.value() == doctest::Approx(k1).epsilon(1e-10));
    CHECK(eq.sphere_type == "unstable-circle");
    CHECK(L.certificate.complete());
  }
}

TEST_CASE("Fig. 16, Sect. 7.4.4: F = 0 with N = 2..4: circles at latitudes where C(w3) = (8/9) S(w3) (w3 = sqrt(-k1/k2) for N = 2), rdot = -C(w3)") {
  const Problem p = disc_problem();
  for (int N = 2; N <= 4; ++N) {
    CAPTURE(N);
    const auto h = harmonic(p, N);
    const System sys = make_system(p, h);
    std::vector<double> k(N);  // K(z) = C - 8/9 S as a polynomial in z = w3^2
    for (int i = 0; i < N; ++i) k[i] = h->C()[i] - kDiscRow3 * h->S()[i];
    // roots of K in (0, 1) by scanning and bisection
    std::vector<double> zs;
    const int m = 4000;
    for (int i = 0; i < m; ++i) {
      double lo = double(i) / m, hi = double(i + 1) / m;
      if ((ref::poly_z(k, lo) < 0) == (ref::poly_z(k, hi) < 0)) continue;
      for (int it = 0; it < 200; ++it) {
        const double mid = 0.5 * (lo + hi);
        ((ref::poly_z(k, mid) < 0) == (ref::poly_z(k, lo) < 0) ? lo : hi) = mid;
      }
      zs.push_back(0.5 * (lo + hi));
    }
    REQUIRE(!zs.empty());
    if (N == 2) CHECK(zs[0] == doctest::Approx(-k[0] / k[1]).epsilon(1e-12));  // Sect. 7.4.4
    // use the polynomial in w3 with the monomials' z-derivative: dK/dz
    struct Expected {
      double theta, rdot, transverse;
    };
    std::vector<Expected> expected{{0.0, -h->C()[0], k[0]}};  // the equator
    for (double z : zs) {
      const double th = std::asin(std::sqrt(z));
      const double rdot = -ref::poly_z(h->C(), z);  // -C(w3) (1/M11 = 1)
      // theta' = sin th cos th K(sin^2 th) on a meridian: d/dtheta = 2 z (1 - z) K'(z) at a root
      const double tr = 2 * z * (1 - z) * ref::dpoly_z(k, z);
      expected.push_back({th, rdot, tr});
      expected.push_back({-th, rdot, tr});
    }
    const ref::Field own(Eigen::Vector3d(1, 1, 1 / kDiscRow3).asDiagonal().toDenseMatrix(), Eigen::Vector3d::Zero(), *h);
    const LimitSet L = find_limit_directions(sys, 0.0);
    INFO("directions: " << ref::format(directions_of(L)));
    CHECK(L.directions.size() == 2);  // the poles; never a cloud of points
    CHECK(ref::set_distance(directions_of(L), {e3, -e3}) <= 1e-12);
    const double K1 = ref::poly_z(k, 1.0);
    for (const auto& d : L.directions) {
      CHECK(d.rdot == doctest::Approx(-kDiscRow3 * ref::poly_z(h->S(), 1.0)).epsilon(1e-12));
      for (int i = 0; i < 2; ++i) CHECK(d.eigenvalues(i).real() == doctest::Approx(-K1).epsilon(1e-9));
    }
    CHECK(L.circles.size() == expected.size());
    for (const Expected& e : expected) {
      CAPTURE(e.theta);
      const LimitCircle* found = nullptr;
      for (const auto& c : L.circles)
        if (std::abs(c.theta - e.theta) <= 1e-10) found = &c;
      REQUIRE(found != nullptr);
      CHECK(found->rdot == doctest::Approx(e.rdot).epsilon(1e-10));
      CHECK(found->radial == (e.rdot < 0 ? Radial::attracting : Radial::repelling));
      CHECK(found->transverse_eigenvalue.value() == doctest::Approx(e.transverse).epsilon(1e-8));
      CHECK(found->sphere_type == (e.transverse < 0 ? "stable-circle" : "unstable-circle"));
      // every point of the circle is a zero of V*: check a few
      for (double phi : {0.0, 1.0, 2.5, -2.0}) {
        const Eigen::Vector3d w(std::cos(e.theta) * std::cos(phi), std::cos(e.theta) * std::sin(phi), std::sin(e.theta));
        CHECK(own.vstar(w).norm() <= 1e-12);
      }
    }
    if (N == 2) {
      // the latitude circles of N = 2 are stable (Fig. 16, blue circles)
      int stable = 0;
      for (const auto& c : L.circles)
        if (c.sphere_type == "stable-circle") ++stable;
      CHECK(stable == 2);
    }
    CHECK(L.certificate.complete());
  }
}

TEST_CASE("(75) Coulomb point contact: the poles are Filippov limit directions of index 1 for |F| < 1, singular "
          "points of index 0 for |F| > 1") {
  // Near the north pole the disc's field is M^-1 (q + F e1) with q = -(cos phi, sin phi, 0)
  // (75) and M^-1 = diag(1, 1, 8/9): its tangential part (F - cos phi, -sin phi) winds once
  // around 0 as phi goes round when |F| < 1, not at all when |F| > 1; the south pole likewise.
  // For |F| < 1, 0 lies in the hull of those values (the disc |(F, 0) - u| <= 1): the poles are
  // limit directions in the sense of Filippov (limits/jump_zeros.hpp), rdot = (M^-1 q* + c)_3 = 0
  // (no torque), stable nodes (u . ((F, 0) - u) = F cos phi - 1 < 0 on every ray). With the two
  // trivial directions (128) (a saddle and an unstable node for 0 < F < 1, a stable and an
  // unstable node for F > 1) Poincare-Hopf gives 2 in both cases.
  Problem p = parse_problem(nlohmann::json{{"system", {{"preset", "disc"}}}, {"friction", {{"model", "coulomb-point"}}}},
                            "coulomb");
  const System sys = make_system(p);
  for (double F : {0.3, 0.9, -0.5, 1.2, 2.0}) {
    CAPTURE(F);
    const LimitSet L = find_limit_directions(sys, F);
    const bool filippov = std::abs(F) < 1;
    CHECK(L.certificate.level == Level::checked);
    CHECK(L.certificate.index_sum == 2);
    CHECK(L.directions.size() == (filippov ? 4u : 2u));
    CHECK(L.singular_points.size() == (filippov ? 0u : 2u));
    int on_poles = 0;
    for (const auto& c : L.directions) {
      if (!c.jump_set) continue;
      ++on_poles;
      CHECK(*c.jump_set == "pole");
      CHECK(std::abs(std::abs(c.w.z()) - 1) == 0);
      CHECK(c.rdot == 0);
      CHECK(c.type == SphereType::stable_node);
      CHECK(c.index == 1);
    }
    CHECK(on_poles == (filippov ? 2 : 0));
    if (!filippov) CHECK(L.certificate.reason.find("singular point of index 0") != std::string::npos);
  }
}

}  // namespace test_limits
