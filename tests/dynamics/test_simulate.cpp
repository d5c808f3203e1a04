// simulate() and survey(): the slip dynamics (97)/(101) of [Nonlinear Dyn. 2024] integrated up to stick in
// the form (109) with the time rescaling (114), against values obtained independently:
//  * Table 2 (Sect. 7.4.4): the stopping slip/spin ratio eps = (rho/R) cot(theta) of the
//    force-free disc, once from the limit-direction solver (the stable circles of Fig. 16) and
//    once from the arrival directions of simulated trajectories (two different algorithms);
//    N = 2 also against the closed form w3 = sqrt(-k1/k2) of (136)-(137);
//  * the literature: Farkas et al., PRL 90 (2003) 248302, v/(R omega) -> 0.653 for a uniformly
//    loaded disc;
//  * closed-form stick times of the invariant motions (pure sliding, pure spin);
//  * Theorems 1-2: arrivals only along attracting limit directions (fractions per direction),
//    departures (backward time) only along repelling ones.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <iomanip>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/system/system.hpp"

namespace test_simulate {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using json = nlohmann::json;

namespace {

Problem disc(const std::string& model, int degree, const std::string& pressure) {
  json f = {{"model", model}};
  if (degree > 0) f["degree"] = degree;
  return parse_problem(json{{"system", {{"preset", "disc"}, {"j", 0.5}}},
                            {"contact", {{"pressure", pressure}}},
                            {"friction", f},
                            {"rho", "kappa"}},
                       "disc");
}

Problem ball() {
  return parse_problem(json{{"system", {{"preset", "ball"}, {"j", 0.4}, {"lambda", 5}}},
                            {"contact", {{"pressure", "hertz"}}},
                            {"friction", {{"model", "harmonic"}, {"degree", 2}}},
                            {"rho", "kappa"}},
                       "ball");
}

double eps_of(const Eigen::Vector3d& w, double rho_over_R) {
  return rho_over_R * std::hypot(w[0], w[1]) / std::abs(w[2]);
}

// initial conditions in both hemispheres, away from the invariant equator and the poles
const std::vector<Eigen::Vector3d> kStarts = {
    {1.0, 0.3, 0.5}, {0.2, -1.0, 0.9}, {-0.7, 0.4, -0.2}, {0.05, 0.02, 1.0}, {3.0, -2.0, -0.4}};

}  // namespace

TEST_CASE("Table 2: the stopping slip/spin ratio of the force-free disc, solver vs simulation") {
  struct Case {
    std::string label, model, pressure;
    int degree;
  };
  const std::vector<Case> cases = {
      {"exact uniform", "exact", "uniform", 0}, {"exact Galin", "exact", "galin", 0},
      {"harmonic N=2", "harmonic", "uniform", 2}, {"harmonic N=3", "harmonic", "uniform", 3},
      {"harmonic N=4", "harmonic", "uniform", 4}, {"harmonic N=5", "harmonic", "uniform", 5},
      {"harmonic N=6", "harmonic", "uniform", 6}};
  for (const Case& c : cases) {
    CAPTURE(c.label);
    const Problem p = disc(c.model, c.degree, c.pressure);
    const System system = make_system(p);
    const double rho = p.rho_over_R();
    const LimitSet limits = find_limit_directions(system, 0.0);
    // one stable circle in each hemisphere, symmetric
    std::vector<LimitCircle> stable;
    for (const LimitCircle& k : limits.circles)
      if (k.sphere_type == "stable-circle" && k.theta > 0) stable.push_back(k);
    REQUIRE(stable.size() == 1);
    const double theta = stable[0].theta;
    const double eps_solver = rho / std::tan(theta);

    double worst = 0;
    for (const Eigen::Vector3d& x0 : kStarts) {
      CAPTURE(x0.transpose());
      const SimulationResult r = simulate(system, 0.0, x0, {}, &limits);
      REQUIRE(r.outcome == SimulationResult::Outcome::stick);
      REQUIRE(r.matched_circle);
      CHECK(r.matched_circle->sphere_type == "stable-circle");
      CHECK(std::abs(r.matched_circle->theta) == doctest::Approx(theta).epsilon(1e-14));  // the solver's +-theta
      // the arrival lies in the hemisphere it started in (w3 = 0 is invariant)
      CHECK(r.arrival[2] * x0[2] > 0);
      const double eps_sim = eps_of(r.arrival, rho);
      CHECK(std::abs(eps_sim - eps_solver) <= 1e-6);
      CHECK(std::abs(std::asin(std::abs(r.arrival[2])) - theta) <= 1e-6);
      worst = std::max(worst, std::abs(eps_sim - eps_solver));
    }
    MESSAGE(std::setprecision(10) << c.label << ": eps = " << eps_solver << ", w3 = " << std::sin(theta) << ", theta = " << theta
                    << " rad; simulation agrees to " << worst);

    if (c.model == "harmonic" && c.degree == 2) {
      // closed form (136)-(137): w3 = sqrt(-k1/k2), k_i = C_i - (8/9) S_i (disc, rho = kappa, j = 1/2)
      const auto* h = dynamic_cast<const HarmonicModel*>(&system.friction());
      REQUIRE(h != nullptr);
      const double k1 = h->C()[0] - 8.0 / 9.0 * h->S()[0], k2 = h->C()[1] - 8.0 / 9.0 * h->S()[1];
      CHECK(std::sin(theta) == doctest::Approx(std::sqrt(-k1 / k2)).epsilon(1e-12));
    }
    if (c.model == "exact" && c.pressure == "uniform") {
      // Farkas et al., PRL 90 (2003) 248302: v/(R omega) -> 0.653 (three digits)
      CHECK(std::abs(eps_solver - 0.653) < 0.0005);
    }
  }
}

TEST_CASE("Table 2, harmonic N = 1: no stable circle, the disc stops in pure spin (Fig. 15)") {
  const Problem p = disc("harmonic", 1, "uniform");
  const System system = make_system(p);
  const LimitSet limits = find_limit_directions(system, 0.0);
  for (const LimitCircle& k : limits.circles) CHECK(k.sphere_type != "stable-circle");
  int poles = 0;
  for (const Classification& d : limits.directions)
    if (std::abs(std::abs(d.w[2]) - 1) < 1e-12) {
      ++poles;
      CHECK(d.type == SphereType::stable_node);
      CHECK(d.radial == Radial::attracting);
    }
  CHECK(poles == 2);
  for (const Eigen::Vector3d& x0 : kStarts) {
    const SimulationResult r = simulate(system, 0.0, x0, {}, &limits);
    REQUIRE(r.outcome == SimulationResult::Outcome::stick);
    REQUIRE(r.matched);
    CHECK(r.matched->w[2] * x0[2] > 0);
    CHECK(eps_of(r.arrival, p.rho_over_R()) <= 1e-6);  // the solver's eps = 0 at the poles
  }
}

TEST_CASE("Table 2, exact model with Hertz pressure: the pole is non-hyperbolic and attracts slowly") {
  // With p ~ sqrt(1 - r^2) and j = 1/2 the linear rates of slip and spin decay near pure spin are
  // equal (both 3 pi/8 mu g / R: int p/(2r) dA / m = torque / J): the poles are non-hyperbolic
  // and no stable circle exists. Trajectories approach the pole, eps -> 0, but only algebraically.
  const Problem p = disc("exact", 0, "hertz");
  const System system = make_system(p);
  const LimitSet limits = find_limit_directions(system, 0.0);
  for (const LimitCircle& k : limits.circles) CHECK(k.sphere_type != "stable-circle");
  for (const Classification& d : limits.directions)
    if (std::abs(std::abs(d.w[2]) - 1) < 1e-12) CHECK(d.type == SphereType::non_hyperbolic);
  SimulationOptions opt;
  opt.every = 1;
  const SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(1.0, 0.3, 0.5), opt, &limits);
  REQUIRE(r.outcome == SimulationResult::Outcome::stick);
  const double rho = p.rho_over_R();
  // eps decreases monotonically once the spin dominates, to far below the uniform value 0.653
  double last = std::numeric_limits<double>::infinity();
  int increases = 0;
  for (const TrajectoryPoint& q : r.trajectory)
    if (q.tau > 20) {
      const double e = eps_of(q.w, rho);
      if (e > last) ++increases;
      last = e;
    }
  CHECK(increases == 0);
  CHECK(eps_of(r.arrival, rho) < 1e-3);
  MESSAGE("exact Hertz: eps at the end of the simulation (r = " << r.r_end << ", tau = " << r.tau_end
                                                                << ") = " << eps_of(r.arrival, rho));
}

TEST_CASE("stick times of the invariant motions against their closed forms") {
  const Problem p = disc("exact", 0, "uniform");
  const System system = make_system(p);
  // pure sliding v0 = 1: the friction force is mu m g = 1, t = v0 / (mu g) = 1
  SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(1, 0, 0));
  REQUIRE(r.outcome == SimulationResult::Outcome::stick);
  CHECK(r.stick_time == doctest::Approx(1.0).epsilon(1e-10));
  // pure spin: x3 = rho omega = 1, torque (2/3) mu m g R, J = m R^2 / 2: t = 3 / (4 rho) (R = 1)
  const double rho = p.rho_over_R();
  CHECK(rho == doctest::Approx(2.0 / 3.0));
  r = simulate(system, 0.0, Eigen::Vector3d(0, 0, 1));
  REQUIRE(r.outcome == SimulationResult::Outcome::stick);
  CHECK(r.stick_time == doctest::Approx(3.0 / (4.0 * rho)).epsilon(1e-10));
  // Theorem 2, departure from stick: at F = 1.2 > mu m g pure sliding along F is repelling with
  // r' = F - 1; backward in time the slip x0 = (1, 0, 0) came from stick at t = -1 / 0.2 = -5
  SimulationOptions back;
  back.backward = true;
  r = simulate(system, 1.2, Eigen::Vector3d(1, 0, 0), back);
  REQUIRE(r.outcome == SimulationResult::Outcome::stick);
  CHECK(r.stick_time == doctest::Approx(-5.0).epsilon(1e-10));
  REQUIRE(r.matched);
  CHECK(r.matched->radial == Radial::repelling);
  // and forward it never stops
  r = simulate(system, 1.2, Eigen::Vector3d(1, 0, 0));
  CHECK(r.outcome == SimulationResult::Outcome::never_sticks);
}

TEST_CASE("Theorem 1: near stick almost all trajectories arrive along the stable attracting directions") {
  struct Case {
    std::string label;
    Problem problem;
    double F;
  };
  const std::vector<Case> cases = {{"disc N=2, F=0.2", disc("harmonic", 2, "uniform"), 0.2},
                                   {"ball N=2, F=0.2", ball(), 0.2}};
  for (const Case& c : cases) {
    CAPTURE(c.label);
    const System system = make_system(c.problem);
    const int n = 300;
    const Survey s = survey(system, c.F, n, false);
    CHECK(s.trajectories == n);
    CHECK(s.stick == n);
    CHECK(s.unmatched == 0);
    CHECK(s.failed == 0);
    REQUIRE(s.entries.size() == 4);
    int on_stable = 0;
    for (const SurveyEntry& e : s.entries) {
      CHECK(e.radial != "repelling");
      if (e.sphere_type == "stable-node") {
        on_stable += e.count;
        // the two stable nodes are mirror images (w3 -> -w3): half of the arrivals each
        CHECK(e.count == doctest::Approx(n / 2.0).epsilon(0.1));
      } else {
        CHECK(e.count == 0);  // the saddle and the unstable node have basins of measure zero
      }
      MESSAGE(c.label << ": w = " << e.w.transpose() << " " << e.radial << " " << e.sphere_type << ": " << e.count
                      << "/" << n);
    }
    CHECK(on_stable == n);
  }
}

TEST_CASE("Theorems 1-2 above the tangency: no stick forward, departures only along repelling directions") {
  const System system = make_system(disc("harmonic", 2, "uniform"));
  // F = 1.2 > F_T: (1, 0, 0) is repelling (a stable node), (-1, 0, 0) attracting but an
  // unstable node: forward, the slip grows along (1, 0, 0) and never stops
  const Survey fwd = survey(system, 1.2, 100, false);
  CHECK(fwd.never_stick == 100);
  CHECK(fwd.stick == 0);
  // backward in time no trajectory comes from stick along an attracting direction (and none
  // generically along (1, 0, 0), which is a stable node: its departure is the single trajectory
  // leaving stick, checked in the closed-form test above)
  const Survey bwd = survey(system, 1.2, 100, true);
  for (const SurveyEntry& e : bwd.entries)
    if (e.radial != "repelling") CHECK(e.count == 0);
  CHECK(bwd.failed == 0);
  CHECK(bwd.unmatched == 0);
  // the ball at F = 0.2: every limit direction is attracting, so nothing departs from stick
  const Survey ball_bwd = survey(make_system(ball()), 0.2, 100, true);
  CHECK(ball_bwd.stick == 0);
  CHECK(ball_bwd.never_stick == 100);
}

TEST_CASE("simulate: bad input and reported failures") {
  const System system = make_system(disc("harmonic", 2, "uniform"));
  CHECK_THROWS_AS(simulate(system, 0.0, Eigen::Vector3d::Zero()), InputError);
  CHECK_THROWS_AS(simulate(system, 0.0, Eigen::Vector3d(NAN, 0, 1)), InputError);
  CHECK_THROWS_AS(survey(system, 0.0, 0, false), InputError);
  SimulationOptions opt;
  opt.max_steps = 3;
  const SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(1, 0.3, 0.5), opt);
  CHECK(r.outcome == SimulationResult::Outcome::failed);
  CHECK(r.reason.find("3 steps") != std::string::npos);
  // trajectory thinning: every = 0 keeps nothing; every = 1 keeps the start and each step
  opt = {};
  opt.every = 0;
  CHECK(simulate(system, 0.0, Eigen::Vector3d(1, 0.3, 0.5), opt).trajectory.empty());
  opt.every = 1;
  const SimulationResult full = simulate(system, 0.0, Eigen::Vector3d(1, 0.3, 0.5), opt);
  CHECK(full.trajectory.size() == static_cast<std::size_t>(full.steps) + 1);
  for (const TrajectoryPoint& q : full.trajectory) CHECK(q.w.norm() == doctest::Approx(1.0).epsilon(1e-14));
}

TEST_CASE("simulate: streamed points, a stalled time and the survey's work budget") {
  const System system = make_system(disc("harmonic", 2, "uniform"));
  // on_point receives every kept point in order instead of the stored trajectory
  SimulationOptions opt;
  const SimulationResult stored = simulate(system, 0.0, Eigen::Vector3d(1, 0.3, 0.5), opt);
  std::vector<TrajectoryPoint> streamed;
  opt.on_point = [&](const TrajectoryPoint& q) { streamed.push_back(q); };
  const SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(1, 0.3, 0.5), opt);
  CHECK(r.trajectory.empty());
  REQUIRE(streamed.size() == stored.trajectory.size());
  for (std::size_t k = 0; k < streamed.size(); ++k) CHECK(streamed[k].tau == stored.trajectory[k].tau);

  // F = 1e300: the field's time scale is far below the ulp of tau; the integration must stop
  // as failed within kStallSteps of the stall, not run to max_steps.
  const SimulationResult huge = simulate(system, 1e300, Eigen::Vector3d(1, 0, 1));
  CHECK(huge.outcome == SimulationResult::Outcome::failed);
  MESSAGE("F = 1e300: " << huge.reason << " after " << huge.steps << " steps");
  CHECK(huge.steps < SimulationOptions{}.max_steps);

  // a budget of 1000 steps cannot hold 50 trajectories of ~100 steps each
  CHECK_THROWS_WITH_AS(survey(system, 0.2, 50, false, {}, 1000),
                       doctest::Contains("work budget of 1000 integrator steps"), NumericalError);
  CHECK(survey(system, 0.2, 50, false).trajectories == 50);
}

}  // namespace test_simulate
