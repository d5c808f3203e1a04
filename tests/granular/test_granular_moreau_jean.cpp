// Moreau-Jean stepping of spheres (granular/moreau_jean.hpp) against closed forms: one sphere
// on a plane (the rolling sphere of Sect. 6.1 [Acary & Bourrier 2021], rolling/sphere.hpp's
// closed form), a sphere on an inclined plane (rest, rolling, sliding), a column of spheres at
// rest, head-on collisions, the energy balance of the scheme, and the energy a step's reactions
// put in against the law (bounded by the natural map's residual).
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/stopping_errors.hpp"
#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/sphere.hpp"

namespace test_granular_moreau_jean {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::GranularStepping;
using limitdir::MoreauJeanStepper;
using limitdir::Plane;
using limitdir::SphereBodies;

namespace {

constexpr double g = 9.81;
constexpr double j = 0.4;

// The steps below solve to siconos_error <= 1e-12 (relative to max(|q|, |P|, |y|), SI). A
// velocity is then off by at most that residual times the ratio of W's extreme eigenvalues in
// SI units (rolling rows 1/J ~ 2.5/(m R^2), normal rows 1/m: ~2.5/R^2 = 1e1 at R = 0.5 m and
// 2.5e4 at R = 0.01 m) times the speed scale (<= 5 m/s): 1e-12 * 2.5e4 * 5 ~ 1.3e-7 at worst.
constexpr double kSolverTol = 1e-12;
constexpr double kVelocityTolLarge = 1e-9;   // R = 0.5 m: 1e-12 * 10 * 5 = 5e-11, factor 20
constexpr double kVelocityTolSmall = 2e-7;   // R = 0.01 m: the bound above, factor 1.5

GranularStepping stepping(double h, double theta, double mu, double mu_r, const Eigen::Vector3d& gravity) {
  GranularStepping s;
  s.gravity = gravity;
  s.h = h;
  s.theta = theta;
  s.cone = {mu, mu_r};
  s.solver.tol = kSolverTol;
  return s;
}

double sphere_mass(double R, double density) { return density * 4.0 / 3.0 * M_PI * R * R * R; }

}  // namespace

TEST_CASE("Sect. 6.1 through the many-sphere path: one sphere on the plane follows the closed form (Fig. 3)") {
  // Fig. 3 (a), (b), (c) of [Acary & Bourrier 2021]: R = 0.5 m, density 2500. With constant
  // gravity each step's impulse is the exact motion's (docs/manual.md section 10), so U_X and
  // Omega_Y are exact at every step up to the solver; X_max (theta = 1/2) is within the
  // trapezoidal kinks' h^2/8 and the stop time within a step.
  struct Config {
    const char* name;
    double mu, mu_r, U0, Omega0;
  };
  const std::vector<Config> fig3 = {
      {"Fig. 3a", 0.2, 0.04, 2.5, 5.0}, {"Fig. 3b", 0.2, 0.04, 2.5, 2.5}, {"Fig. 3c", 0.05, 0.04, 2.5, 5.0}};
  const double R = 0.5, m = sphere_mass(R, 2500.0), h = 1e-3;
  for (const Config& c : fig3) {
    CAPTURE(std::string(c.name));
    limitdir::RollingSphere rs;
    rs.mass = m;
    rs.radius = R;
    rs.gravity = g;
    rs.mu = c.mu;
    rs.mu_r = c.mu_r;
    const auto cf = limitdir::rolling_sphere_closed_form(rs, c.U0, c.Omega0);
    REQUIRE(cf.stops);
    SphereBodies s;
    s.add(0, Eigen::Vector3d(0, 0, R), R, m);
    s.v[0] = Eigen::Vector3d(c.U0, 0, 0);
    s.omega[0] = Eigen::Vector3d(0, c.Omega0, 0);
    MoreauJeanStepper stepper({Plane{}}, stepping(h, 0.5, c.mu, c.mu_r, Eigen::Vector3d(0, 0, -g)));
    double worst = 0.0, X_max = 0.0, t_stop = -1.0;
    for (int k = 1; k <= 6000; ++k) {
      const auto st = stepper.step(s);
      REQUIRE(st.contacts == 1);
      CHECK(st.converged);
      const Eigen::Vector3d exact = limitdir::closed_form_state(cf, k * h);
      worst = std::max({worst, std::abs(s.v[0].x() - exact[0]), R * std::abs(s.omega[0].y() - exact[1])});
      X_max = std::max(X_max, s.x[0].x());
      if (t_stop < 0 && std::abs(s.v[0].x()) <= 1e-8 && R * std::abs(s.omega[0].y()) <= 1e-8) t_stop = k * h;
    }
    CHECK(worst <= kVelocityTolLarge);
    double kinks = 0.0;
    for (std::size_t k = 1; k < cf.phases.size(); ++k) kinks += std::abs(cf.phases[k].a_U - cf.phases[k - 1].a_U);
    CHECK(std::abs(X_max - cf.X_max) <= kinks * h * h / 8 + 6.0 * kVelocityTolLarge);
    CHECK(t_stop >= cf.t_stop - 1e-9);
    CHECK(t_stop <= cf.t_stop + h + 1e-9);
    // Never leaves the plane, never sinks: U_Z stays at its solver error, integrated over 6 s.
    CHECK(std::abs(s.x[0].z() - R) <= 6.0 * kVelocityTolLarge);
  }
}

TEST_CASE("A sphere on an inclined plane: rest iff tan(beta) <= min(mu, mu_r/R), else rolling or sliding") {
  // Gravity tilted by beta: g (sin beta, 0, -cos beta), N = m g cos beta. Derivation (j = 2/5):
  //   rest:     F = m g sin beta, M = F R; holds iff tan beta <= mu and tan beta <= mu_r/R;
  //   rolling:  mu_r/R < tan beta, M = mu_r N opposing, a = R alpha:
  //             a = g (sin beta - (mu_r/R) cos beta)/(1 + j), needing F = j m a + mu_r N/R <= mu N;
  //   sliding (and rolling): F = mu N, M = mu_r N: a = g (sin beta - mu cos beta),
  //             alpha = g cos beta (mu - mu_r/R)/(j R).
  // From rest x(t_k) = a (t^2/2 + (theta - 1/2) h t) exactly (constant acceleration, x+ = x + h
  // ((1 - theta) v + theta v+)) and v(t_k) = a t_k.
  const double R = 0.01, m = sphere_mass(R, 1300.0), h = 1e-3, mu = 0.5, mu_r = 0.002;  // mu_r/R = 0.2
  struct Case {
    double tan_beta;
    double a, alpha;  // expected accelerations along x and about y
  };
  const auto with = [&](double tb) {
    const double b = std::atan(tb), sb = std::sin(b), cb = std::cos(b);
    if (tb <= std::min(mu, mu_r / R)) return Case{tb, 0.0, 0.0};
    const double a_roll = g * (sb - (mu_r / R) * cb) / (1 + j);
    if (j * a_roll / (g * cb) + mu_r / R <= mu) return Case{tb, a_roll, a_roll / R};
    return Case{tb, g * (sb - mu * cb), g * cb * (mu - mu_r / R) / (j * R)};
  };
  for (const Case& c : {with(0.15), with(0.3), with(2.0)}) {
    CAPTURE(c.tan_beta);
    for (double theta : {0.5, 1.0}) {
      CAPTURE(theta);
      const double b = std::atan(c.tan_beta);
      SphereBodies s;
      s.add(0, Eigen::Vector3d(0, 0, R), R, m);
      MoreauJeanStepper stepper({Plane{}},
                                stepping(h, theta, mu, mu_r, g * Eigen::Vector3d(std::sin(b), 0, -std::cos(b))));
      const int steps = 500;
      for (int k = 1; k <= steps; ++k) REQUIRE(stepper.step(s).converged);
      const double t = steps * h;
      CHECK(std::abs(s.v[0].x() - c.a * t) <= kVelocityTolSmall * steps);
      CHECK(std::abs(s.omega[0].y() - c.alpha * t) * R <= kVelocityTolSmall * steps);
      CHECK(std::abs(s.x[0].x() - c.a * (t * t / 2 + (theta - 0.5) * h * t)) <= kVelocityTolSmall * steps * t);
      CHECK(std::abs(s.v[0].z()) <= kVelocityTolSmall);
    }
  }
  CHECK(with(0.15).a == 0.0);  // the three regimes are all met
  CHECK(with(0.3).alpha * R == doctest::Approx(with(0.3).a));
  CHECK(with(2.0).alpha * R < with(2.0).a);
}

TEST_CASE("A column of k spheres at rest: the i-th contact from the top carries i m g") {
  // R = 2^-7 m: the centres R (1 + 2 i) and the gaps are exact, all 0 (touching). With a gap
  // rounded above 0 the contact would wait for the upper sphere to fall into it (the relative
  // free velocity of two spheres has no gravity term).
  // threads = 2: the contacts swept in colour order (granular/block_pgs.hpp), the same reactions.
  const double R = 0.0078125, m = sphere_mass(R, 1300.0), h = 1e-3;
  for (int threads : {1, 2})
  for (int k : {1, 2, 5, 12}) {
    CAPTURE(threads);
    CAPTURE(k);
    SphereBodies s;
    for (int i = 0; i < k; ++i) s.add(i, Eigen::Vector3d(0, 0, R + 2 * R * i), R, m);
    // Gauss-Seidel on a chain of k contacts with a free top contracts by ~cos^2(pi/(2k + 1)) a
    // sweep (0.984 for k = 12): ~1700 sweeps to 1e-12, so the cap is raised for this test.
    GranularStepping st = stepping(h, 1.0, 0.3, 1e-3, Eigen::Vector3d(0, 0, -g));
    st.solver.max_sweeps = 20000;
    st.solver.threads = threads;
    MoreauJeanStepper stepper({Plane{}}, st);
    for (int step = 0; step < 50; ++step) {
      const auto st = stepper.step(s);
      REQUIRE(st.contacts == k);
      REQUIRE(st.converged);
      const auto& contacts = stepper.contacts();
      for (int al = 0; al < k; ++al) {
        const auto& c = contacts[al];
        // Sphere-sphere contact (i, i+1) has k - 1 - i spheres above it; the plane all k.
        const int above = c.with_wall() ? k : k - 1 - c.a;
        const limitdir::Vector5 P = stepper.impulses().segment<5>(5 * al);
        // Reaction P/h against i m g: the solve's impulse error is ~ tol * m g h.
        CHECK(std::abs(P[0] / h - above * m * g) <= 1e-9 * k * m * g);
        CHECK(P.tail<4>().cwiseAbs().maxCoeff() / h <= 1e-9 * k * m * g);
      }
    }
    for (int i = 0; i < k; ++i) CHECK(std::abs(s.x[i].z() - (R + 2 * R * i)) <= 1e-12);
  }
}

TEST_CASE("Two spheres colliding head on: momentum and the closed-form velocities for e = 0 and e = 1") {
  // Newton's law at velocity level u_N+ = -e u_N- on one step: e = 0 both leave with the centre
  // of mass velocity, e = 1 the elastic exchange v1' = ((m1 - m2) v1 + 2 m2 v2)/(m1 + m2).
  const double R1 = 0.01, R2 = 0.015, m1 = sphere_mass(R1, 1300.0), m2 = sphere_mass(R2, 7800.0);
  const double v1 = 1.0, v2 = -0.5, h = 1e-3;
  for (double e : {0.0, 1.0, 0.5}) {
    CAPTURE(e);
    SphereBodies s;
    s.add(0, Eigen::Vector3d(0, 0, 1), R1, m1);
    s.add(1, Eigen::Vector3d(R1 + R2 + 1e-4, 0, 1), R2, m2);
    s.v[0] = Eigen::Vector3d(v1, 0, 0);
    s.v[1] = Eigen::Vector3d(v2, 0, 0);
    GranularStepping st = stepping(h, 1.0, 0.3, 1e-3, Eigen::Vector3d::Zero());
    st.e = e;
    MoreauJeanStepper stepper({}, st);
    const auto stats = stepper.step(s);
    REQUIRE(stats.contacts == 1);
    const double M = m1 + m2;
    // u_N+ = -e u_N-:  v2' - v1' = -e (v2 - v1), with momentum conserved.
    const double v1_exact = (m1 * v1 + m2 * v2 - e * m2 * (v1 - v2)) / M;
    const double v2_exact = (m1 * v1 + m2 * v2 + e * m1 * (v1 - v2)) / M;
    CHECK(std::abs(s.v[0].x() - v1_exact) <= 1e-9);
    CHECK(std::abs(s.v[1].x() - v2_exact) <= 1e-9);
    CHECK(std::abs(m1 * s.v[0].x() + m2 * s.v[1].x() - (m1 * v1 + m2 * v2)) <= 64 * DBL_EPSILON * M);
    CHECK(s.omega[0].norm() + s.omega[1].norm() <= 1e-9);
  }
}

TEST_CASE("The scheme's energy balance: E+ - E equals the contact impulses' and the theta terms' work") {
  // An identity of the scheme (granular/moreau_jean.hpp): with f constant,
  // E+ - E = P . (y+ + y)/2 + (theta - 1/2) h f . (v - v+), whatever P is. And (43): the
  // rates -P_T . u_T+ and -M_R . w_R+ are >= 0 up to the solve's residual.
  std::mt19937_64 rng(43);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double R = 0.01, h = 1e-3;
  for (double theta : {0.5, 0.75, 1.0}) {
    CAPTURE(theta);
    SphereBodies s;
    for (int k = 0; k < 40; ++k) {
      const double r = R * (1.0 + 0.3 * u(rng));
      s.add(k, Eigen::Vector3d(0.025 * (k % 4) + 1e-3 * u(rng), 0.025 * ((k / 4) % 4), 0.012 + 0.025 * (k / 16)), r,
            sphere_mass(r, 1300.0));
      s.v[k] = Eigen::Vector3d(u(rng), u(rng), u(rng));
    }
    const Eigen::Vector3d grav(0, 0, -g);
    GranularStepping st = stepping(h, theta, 0.4, 2e-3, grav);
    st.solver.tol = 1e-8;
    MoreauJeanStepper stepper({Plane{}}, st);
    int contact_steps = 0;
    for (int k = 0; k < 400; ++k) {
      const double E = s.kinetic_energy() + s.potential_energy(grav);
      const auto r = stepper.step(s);
      const double dE = s.kinetic_energy() + s.potential_energy(grav) - E;
      const double works = r.work_normal + r.work_sliding + r.work_rolling + r.work_theta;
      // Both sides are sums of ~100 products of O(E) terms: 1e3 eps of the energy scale (~1 J).
      CHECK(std::abs(dE - works) <= 1e3 * DBL_EPSILON * (1.0 + std::abs(E)));
      if (r.contacts > 0) ++contact_steps;
    }
    CHECK(contact_steps > 300);
  }
}

// What the tolerance allows (docs/manual.md section 15): at a solution of the law (21) with De
// Saxce's (32), P . y = -P_N (mu |u_T| + mu_r |w_R|) <= 0 at every contact (43), so the step's
// `injected` (the sum of max(0, P^a . y^a)) is 0. Off a solution it is bounded by the natural map
// G^a = P^a - proj_{K_r}(P^a - yhat^a) (rho = 1, SI: Siconos' residual): with P' = proj(...) in
// K_r, Moreau's decomposition gives P' . (G - yhat) = 0, hence P . yhat = P' . G + G . yhat, and
// P_N >= -|G|, |yhat| <= (1 + mu + mu_r) |y|, so that
//   P^a . y^a <= |G^a| (|P^a| + |G^a| + (1 + 2 (mu + mu_r)) |y^a|).
// The bound is computed here from the local problem (y = W P + q by the blocks' factors), the
// measure by the stepper from the bodies' velocities: a different path to the same P . y.
TEST_CASE("What the tolerance allows: a step's injected energy is bounded by its natural map's residual") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double R = 0.01, mu = 0.4, mu_r = 2e-3;
  // Rounding of P^a . y^a along the two paths: y from ~20 products of H, M^-1 and P or v, each
  // O(|y|); 1e3 eps |P| |y| covers them many times over.
  constexpr double kRounding = 1e3 * DBL_EPSILON;
  for (double tol : {1e-2, 1e-4, 1e-10}) {
    CAPTURE(tol);
    SphereBodies s;
    for (int k = 0; k < 40; ++k) {
      s.add(k, Eigen::Vector3d(0.025 * (k % 4) + 1e-3 * u(rng), 0.025 * ((k / 4) % 4), 0.012 + 0.025 * (k / 16)), R,
            sphere_mass(R, 1300.0));
      s.v[k] = Eigen::Vector3d(u(rng), u(rng), u(rng));
      s.omega[k] = Eigen::Vector3d(u(rng), u(rng), u(rng)) * 100.0;  // spinning: |w_R| ~ 1e2 rad/s
    }
    GranularStepping st = stepping(1e-3, 1.0, mu, mu_r, Eigen::Vector3d(0, 0, -g));
    st.solver.tol = tol;
    MoreauJeanStepper stepper({Plane{}}, st);
    double injected = 0.0, dissipated = 0.0;
    for (int k = 0; k < 300; ++k) {
      const auto r = stepper.step(s);
      if (r.contacts == 0) continue;
      const limitdir::BlockSparseProblem& w = stepper.local_problem();
      const Eigen::VectorXd& P = stepper.impulses();
      const Eigen::VectorXd y = w.velocity(P);
      double bound = 0.0, rounding = 0.0;
      for (int a = 0; a < w.contacts(); ++a) {
        const limitdir::Vector5 pa = P.segment<5>(5 * a), ya = y.segment<5>(5 * a);
        const double G = limitdir::natural_map(pa, ya, w.cones[static_cast<std::size_t>(a)]).norm();
        bound += G * (pa.norm() + G + (1.0 + 2.0 * (mu + mu_r)) * ya.norm());
        rounding += kRounding * pa.norm() * (ya.norm() + w.q.segment<5>(5 * a).norm());
      }
      CHECK(r.injected >= 0.0);
      CHECK(r.injected <= bound + rounding);
      // The rates (43) row by row (GranularStepStats::slack_sliding, the inequality of the test below).
      CHECK(r.dissipated_sliding >= -r.slack_sliding);
      CHECK(r.dissipated_rolling >= -r.slack_rolling);
      injected += r.injected;
      dissipated += r.dissipated_sliding + r.dissipated_rolling;
    }
    MESSAGE("tol " << tol << ": injected " << injected << " J, dissipated " << dissipated << " J over 300 steps");
    CHECK(dissipated > 0.0);
    if (tol <= 1e-10) CHECK(injected <= 1e-6 * dissipated);
  }
}

// rate_slacks' inequality (rolling/cone.hpp) on its own, away from any solver: for every p, y
// and cone, G = p - proj_{K_r}(p - yhat) and Q = p - G give p_T . y_T <= |G_T| (|Q_T| + |y_T|) and
// p_R . y_R <= |G_R| (|Q_R| + |y_R|) (the variational inequality of the projection over the
// tangential and rolling discs of K_r (20), yhat_T = y_T). At a solution (G = 0) they are (43).
// Random p and y over 12 decades, mu in [0, 1.5] and mu_r 0 or in [1e-3, 10], and two exact
// solutions: p on the sliding and on the rolling facet with y in its normal cone.
TEST_CASE("What the tolerance allows: p_T . y_T <= |G_T| (|Q_T| + |y_T|) for every p, y (the slack of (43))") {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(-1.0, 1.0), binade(-6.0, 6.0);
  int tight = 0;
  for (int k = 0; k < 200000; ++k) {
    const limitdir::RollingCone cone{std::abs(u(rng)) * 1.5, k % 7 == 0 ? 0.0 : std::pow(10.0, 2.0 * u(rng) - 1.0)};
    limitdir::Vector5 p, y;
    for (int i = 0; i < 5; ++i) {
      p[i] = u(rng) * std::pow(10.0, binade(rng));
      y[i] = u(rng) * std::pow(10.0, binade(rng));
    }
    const limitdir::RateSlacks slack = limitdir::rate_slacks(p, y, cone);
    const double rate_T = p.segment<2>(1).dot(y.segment<2>(1)), rate_R = p.tail<2>().dot(y.tail<2>());
    CHECK(rate_T <= slack.sliding);
    CHECK(rate_R <= slack.rolling);
    if (rate_T > 0.5 * slack.sliding && rate_T > 0.0) ++tight;
  }
  MESSAGE(tight << " of 200000 random pairs within a factor 2 of the sliding bound");
  CHECK(tight > 0);  // the bound is not vacuous: it is approached
  // Exact solutions: sliding (p_T = -mu p_N u_T/|u_T|, w_R = 0, |m_R| < mu_r p_N) and rolling
  // (m_R = -mu_r p_N w_R/|w_R|, u_T = 0) with u_N = 0: G = 0 to rounding, the rates (43) < 0.
  const limitdir::RollingCone cone{0.4, 0.2};
  const limitdir::Vector5 slide(1.0, -0.4 * 0.6, -0.4 * 0.8, 0.05, 0.0), slide_y(0.0, 3.0, 4.0, 0.0, 0.0);
  const limitdir::Vector5 roll(2.0, 0.1, 0.0, 0.0, -0.4), roll_y(0.0, 0.0, 0.0, 0.0, 7.0);
  for (const auto& [p, y] : {std::pair{slide, slide_y}, std::pair{roll, roll_y}}) {
    const limitdir::Vector5 G = limitdir::natural_map(p, y, cone);
    CHECK(G.norm() <= 16 * DBL_EPSILON * (p.norm() + y.norm()));
    CHECK(p.segment<2>(1).dot(y.segment<2>(1)) + p.tail<2>().dot(y.tail<2>()) < 0.0);
  }
}

// The same bound in consistent units (granular/stopping_errors.hpp): with D = diag(1, 1, 1, l, l),
// p' = D^-1 P, y' = D y (so P . y = p' . y'), rho = 1/max diag(D W^{aa} D) and the cone K' (mu_r/l),
// G' = rho g with g = x - proj_{K'}(x - yhat'), x = p'/rho, the natural map of (x, y') at rho = 1;
// the bound above on it, times rho:
//   P^a . y^a <= |G'^a| (|p'^a|/rho + |G'^a|/rho + (1 + 2 (mu + mu_r/l)) |y'^a|),
// so a step stopped on the consistent error bounds its injected energy by that residual too.
TEST_CASE("What the tolerance allows: the injected energy is bounded by the consistent residual too") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double R = 0.01, mu = 0.4, mu_r = 2e-3;
  constexpr double kRounding = 1e3 * DBL_EPSILON;  // as in the test above
  SphereBodies s;
  for (int k = 0; k < 40; ++k) {
    s.add(k, Eigen::Vector3d(0.025 * (k % 4) + 1e-3 * u(rng), 0.025 * ((k / 4) % 4), 0.012 + 0.025 * (k / 16)), R,
          sphere_mass(R, 1300.0));
    s.v[k] = Eigen::Vector3d(u(rng), u(rng), u(rng));
    s.omega[k] = Eigen::Vector3d(u(rng), u(rng), u(rng)) * 100.0;
  }
  GranularStepping st = stepping(1e-3, 1.0, mu, mu_r, Eigen::Vector3d(0, 0, -g));
  st.solver.tol = 1e-4;
  st.solver.consistent_tol = 1e-4;
  MoreauJeanStepper stepper({Plane{}}, st);
  int stepped = 0;
  for (int k = 0; k < 300; ++k) {
    const auto r = stepper.step(s);
    if (r.contacts == 0) continue;
    ++stepped;
    const limitdir::BlockSparseProblem& w = stepper.local_problem();
    const Eigen::VectorXd& P = stepper.impulses();
    const Eigen::VectorXd y = w.velocity(P);
    limitdir::Vector5 d = limitdir::Vector5::Ones();
    d.tail<2>().setConstant(R);  // every contact's length: the smaller radius, R
    const limitdir::RollingCone cone{mu, mu_r / R};
    double bound = 0.0, rounding = 0.0;
    for (int a = 0; a < w.contacts(); ++a) {
      const limitdir::Vector5 ps = P.segment<5>(5 * a).cwiseQuotient(d), ys = y.segment<5>(5 * a).cwiseProduct(d);
      const double rho = 1.0 / (w.diagonal[static_cast<std::size_t>(a)].diagonal().cwiseProduct(d.cwiseProduct(d)).maxCoeff());
      const double G = rho * limitdir::natural_map(limitdir::Vector5(ps / rho), ys, cone).norm();
      bound += G * (ps.norm() / rho + G / rho + (1.0 + 2.0 * (mu + mu_r / R)) * ys.norm());
      rounding += kRounding * P.segment<5>(5 * a).norm() * (y.segment<5>(5 * a).norm() + w.q.segment<5>(5 * a).norm());
    }
    CHECK(r.injected <= bound + rounding);
    if (r.converged) CHECK(limitdir::consistent_error(w, P, std::vector<double>(static_cast<std::size_t>(w.contacts()), R)) <= 1e-4);
  }
  CHECK(stepped > 100);
}

}  // namespace test_granular_moreau_jean
