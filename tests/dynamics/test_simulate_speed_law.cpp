// simulate() with the generalised Coulomb law (1) [Kireenkov] (friction/speed_law.hpp), against
// stick times obtained independently: the disc's invariant motions are 1-D ODEs,
//  * pure sliding (omega = 0): V = (v, 0) at every point, so m dv/dt = -mu P g(v) with
//    g(v) = 1 + mu1 v^3 - mu2 v, and t(v) = int_v^{v0} dv'/g(v');
//  * pure spin (v = 0): |V| = omega r, so J domega/dt = -mu P (kappa + mu1 omega^3 <r^4> -
//    mu2 omega <r^2>) (the torque of (6) [Kireenkov]);
// both integrals by Boost's adaptive Gauss-Kronrod, and for mu1 = 0 in closed form
// (t = ln(g(v)/g(v0))/mu2 ... written out below). Also: the limit directions do not change.
#include <doctest/doctest.h>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_simulate_speed_law {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;
using json = nlohmann::json;

namespace {

constexpr double kPi = 3.14159265358979323846;
// The integrator keeps 1e-12 relative and absolute per step (SimulationOptions::tolerance); over
// the 140-160 steps of one run the errors add to < 1e-9 of t (measured: 3.6e-12 sliding, 2.5e-12 spin).
constexpr double kTolStickTime = 1e-9;
// Gauss-Kronrod asked for 1e-14 relative of a smooth positive integrand.
constexpr double kTolQuadrature = 1e-14;

Problem kireenkov_disc(double mu1, double mu2, const std::string& model) {
  json f = {{"model", model}, {"k0", 0.5}, {"mu1", mu1}, {"mu2", mu2}};
  if (model == "kireenkov-pade:1") f = {{"model", "kireenkov-pade"}, {"order", 1}, {"k0", 0.5}, {"mu1", mu1}, {"mu2", mu2}};
  return parse_problem(json{{"system", {{"preset", "disc"}, {"j", 0.5}}},
                            {"contact", {{"pressure", "hertz"}}},
                            {"friction", f},
                            {"rho", "kappa"},
                            {"force", 0.0}},
                       "kireenkov-disc");
}

template <class G>
double time_to_stop(G&& rate, double x0) {
  return boost::math::quadrature::gauss_kronrod<double, 31>::integrate([&](double x) { return 1.0 / rate(x); }, 0.0,
                                                                       x0, 20, kTolQuadrature);
}

}  // namespace

TEST_CASE("Kireenkov (1): a sliding disc decelerates as dv/dt = -(1 + mu1 v^3 - mu2 v)") {
  const double v0 = 1.2;
  // Pure sliding is an invariant but unstable set of the force-free disc (it leaves it for the
  // stable circle of Table 2): kireenkov-exact's torque at w3 = 0 is quadrature rounding, not an
  // exact 0, and the flow amplifies it into spin (with or without the speed law), so the 1-D
  // motion is followed with the Pade model, whose q3 is 0 exactly there ((10): sgn(w3) T = 0).
  for (const auto& law : std::vector<std::pair<double, double>>{{0.0, -0.5}, {0.4, 0.9}, {1.0, -0.3}, {0.0, 0.0}})
    for (const std::string model : {"kireenkov-pade:1", "kireenkov-pade"}) {
      const double mu1 = law.first, mu2 = law.second;
      const Problem problem = kireenkov_disc(mu1, mu2, model);
      const System system = make_system(problem);
      const auto g = [&](double v) { return 1.0 + mu1 * v * v * v - mu2 * v; };
      double want = time_to_stop(g, v0);
      if (mu1 == 0.0 && mu2 != 0.0) want = -std::log(1.0 - mu2 * v0) / mu2;  // int dv/(1 - mu2 v)
      if (mu1 == 0.0 && mu2 == 0.0) want = v0;
      const SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(v0, 0.0, 0.0));
      CAPTURE(model);
      CAPTURE(mu1);
      CAPTURE(mu2);
      REQUIRE(r.outcome == SimulationResult::Outcome::stick);
      CHECK(std::abs(r.stick_time - want) <= kTolStickTime * want);
      // every kept point: t(v) = int_v^{v0} dv/g
      for (std::size_t i = 0; i < r.trajectory.size(); i += 7) {
        const TrajectoryPoint& p = r.trajectory[i];
        const double t = want - time_to_stop(g, p.r);
        CHECK(std::abs(p.t - t) <= kTolStickTime * want);
        CHECK(p.w.z() == 0.0);  // no spin is started
      }
    }
}

TEST_CASE("Kireenkov (1), (6): a spinning disc decelerates as j domega/dt = -(kappa + mu1 omega^3 <r^4> - mu2 omega <r^2>)") {
  // Hertz: kappa = 3 pi/16, <r^2> = 2 pi I_3 = 2/5, <r^4> = 2 pi I_5 = 8/35 ((8) [Kireenkov])
  const double kappa = 3.0 * kPi / 16.0, r2 = 0.4, r4 = 8.0 / 35.0, j = 0.5, omega0 = 2.0;
  for (const auto& law : std::vector<std::pair<double, double>>{{0.0, -0.5}, {0.4, 0.9}})
    for (const std::string model : {"kireenkov-pade", "kireenkov-exact"}) {
      const double mu1 = law.first, mu2 = law.second;
      const Problem problem = kireenkov_disc(mu1, mu2, model);
      const System system = make_system(problem);
      const double rho = problem.rho_over_R();
      const auto g = [&](double om) { return (kappa + mu1 * om * om * om * r4 - mu2 * om * r2) / j; };
      double want = time_to_stop(g, omega0);
      if (mu1 == 0.0) want = j / (mu2 * r2) * std::log(kappa / (kappa - mu2 * r2 * omega0));
      const SimulationResult r = simulate(system, 0.0, Eigen::Vector3d(0.0, 0.0, rho * omega0));
      CAPTURE(model);
      CAPTURE(mu1);
      REQUIRE(r.outcome == SimulationResult::Outcome::stick);
      CHECK(std::abs(r.stick_time - want) <= kTolStickTime * want);
    }
}

TEST_CASE("Kireenkov (1): the speed law leaves the limit directions and the field at stick unchanged") {
  const Problem plain = kireenkov_disc(0.0, 0.0, "kireenkov-pade");
  const Problem speed = kireenkov_disc(0.4, 0.9, "kireenkov-pade");
  const System a = make_system(plain), b = make_system(speed);
  for (const Eigen::Vector3d& w : fibonacci_sphere(40)) {
    CHECK((a.field(w, 0.3) - b.field(w, 0.3)).norm() == 0.0);
    CHECK((b.field_at(w, 0.0, 0.3) - a.field(w, 0.3)).norm() == 0.0);  // g = 1 at r = 0
    CHECK((a.field_at(w, 2.0, 0.3) - a.field(w, 0.3)).norm() == 0.0);  // no speed law: exactly field
  }
}

}  // namespace test_simulate_speed_law
