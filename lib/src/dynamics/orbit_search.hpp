#pragma once
// The pieces of the closed-orbit search that its files share (internal to dynamics;
// docs/manual.md section 9, the public API in dynamics/closed_orbits.hpp): the flow V* on the
// sphere with the divergence integral of Liouville's formula and its dense-output stepper
// (dynamics/orbit_flow.cpp), the Poincare section (dynamics/return_map.cpp), and the Search
// whose member functions live in closed_orbits.cpp (the seeds, their fates, the orbits found),
// capture_discs.cpp (the capture discs of singular points), return_map.cpp (the return map and
// Newton on it) and filippov_sliding.cpp (sliding on the equator). In namespace detail::orbits:
// its short names (State, Flow, Section, Search) cannot meet another file's of the same name in
// detail, which would break the one-definition rule without a diagnostic.
#include <Eigen/Core>

#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir::detail::orbits {

namespace odeint = boost::numeric::odeint;
using State = std::array<double, 4>;  // w1, w2, w3 and D = the integral of div V* (when asked)

// Integrator tolerances (absolute and relative, per step, on |w| = 1): the search only needs
// the shape of a trajectory (its fate is decided at distances >= 1e-4 |F| in |V*| and 1e-3 from
// an orbit, 1e3 above a global error of ~1e-7 over ~1e3 steps), Newton on the return map needs
// P to ~1e-10 for its fixed-point test (fixed_point_tol, dynamics/return_map.cpp).
inline constexpr double search_tol = 1e-7;
inline constexpr double newton_tol = 1e-12;
// A limit direction reached: within 1e-6 of a listed one after Newton (Newton converges to
// ~1e-13; listed directions are separated by far more, as the limit set merges closer ones).
inline constexpr double match_tol = 1e-6;
// A trajectory within 1e-6 of a singular point (a discontinuity of V*) has arrived there.
inline constexpr double singular_capture = 1e-6;
// The section is crossed "near p" when the crossing is within 0.5 rad of p (the chart is then
// well inside its hemisphere).
inline constexpr double section_radius = 0.5;
// The crossing is bisected to 1e-15 relative in tau (rounding of tau itself ~1e-16).
inline constexpr double crossing_rel_tol = 1e-15;
// The first trial step: 1e-3 of the time scale 1/|F| of the field (as dynamics/simulate.cpp).
inline constexpr double first_step = 1e-3;

// The direction w of a state of the flow below.
inline Eigen::Vector3d w_of(const State& y) { return Eigen::Vector3d(y[0], y[1], y[2]).normalized(); }

// The right-hand side sign V*(w), and sign div V* in the fourth component when `divergence`
// (D, for the slope of the return map), counting the evaluations of V*; its Jacobian is in
// orbit_flow.cpp.
struct Flow {
  const System* system;
  double F, sign;
  bool divergence;
  long long* evaluations;
  // div V* on the sphere at w: the trace of the tangent Jacobian (limits/classify.hpp)
  double div(const Eigen::Vector3d& w, const FieldJacobian& fj) const {
    return tangent_jacobian(w, fj.DF, w.dot(fj.F)).trace();
  }
  void operator()(const State& y, State& dy, double /*tau*/) const {
    Eigen::Vector3d w(y[0], y[1], y[2]);
    w.normalize();
    ++*evaluations;
    Eigen::Vector3d f;
    double d = 0;
    if (divergence) {
      const FieldJacobian fj = system->field_jacobian(w, F);
      f = fj.F;
      d = div(w, fj);
    } else {
      f = system->field(w, F);
    }
    const Eigen::Vector3d V = spherical_part(w, f);
    for (int i = 0; i < 3; ++i) dy[i] = sign * V[i];
    dy[3] = sign * d;
  }
  // The Jacobian of y -> sign V*(y/|y|) (and of sign div V*(y/|y|) in the fourth row): with
  // F = B(w) w + c, rdot = w . F and DF w = 0, dV*/dw = DF - w (F^T + w^T DF) - rdot I, times
  // dw/dy = (I - w w^T)/|y|. The fourth row by central differences of div (its second
  // derivatives of q are not available); the fourth column is 0 (D does not feed back).
  Eigen::Matrix4d jacobian(const State& y) const;
};

// The dense-output stepper of the search: Dormand-Prince 5(4) (explicit), or, for a stiff
// field, Rosenbrock 4 (Shampine's L-stable linearly implicit method, Boost.Odeint rosenbrock4,
// with its 3(4) error estimate and third-order dense output) with Flow::jacobian.
class Stepper {
 public:
  Stepper(const Flow& f, const State& y, double tol, double dt, bool stiff) : f_(f) {
    if (!stiff) {
      dopri_.emplace(odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<State>()));
      dopri_->initialize(y, 0.0, dt);
      return;
    }
    rosenbrock_.emplace(odeint::make_dense_output(tol, tol, odeint::rosenbrock4<double>()));
    rosenbrock_->initialize(to_ublas(y), 0.0, dt);
  }
  std::pair<double, double> do_step() {
    poll_cancellation();  // core/cancellation.hpp: once per step of a seed's trajectory
    if (dopri_) return dopri_->do_step(f_);
    const Flow& f = f_;
    const auto rhs = [&f](const Ublas& y, Ublas& dy, double t) {
      State a = from_ublas(y), da;
      f(a, da, t);
      for (int i = 0; i < 4; ++i) dy[i] = da[i];
    };
    const auto jac = [&f](const Ublas& y, odeint_matrix& J, double /*t*/, Ublas& dfdt) {
      const Eigen::Matrix4d m = f.jacobian(from_ublas(y));
      for (int i = 0; i < 4; ++i) {
        dfdt[i] = 0.0;  // autonomous
        for (int j = 0; j < 4; ++j) J(i, j) = m(i, j);
      }
    };
    return rosenbrock_->do_step(std::make_pair(rhs, jac));
  }
  State current_state() const { return dopri_ ? dopri_->current_state() : from_ublas(rosenbrock_->current_state()); }
  void calc_state(double t, State& y) {
    if (dopri_) return dopri_->calc_state(t, y);
    Ublas u(4);
    rosenbrock_->calc_state(t, u);
    y = from_ublas(u);
  }

 private:
  using Ublas = boost::numeric::ublas::vector<double>;
  using odeint_matrix = boost::numeric::ublas::matrix<double>;
  using Dopri = decltype(odeint::make_dense_output(1.0, 1.0, odeint::runge_kutta_dopri5<State>()));
  using Rosenbrock = decltype(odeint::make_dense_output(1.0, 1.0, odeint::rosenbrock4<double>()));
  static Ublas to_ublas(const State& y) {
    Ublas u(4);
    for (int i = 0; i < 4; ++i) u[i] = y[i];
    return u;
  }
  static State from_ublas(const Ublas& u) { return {u[0], u[1], u[2], u[3]}; }
  Flow f_;
  std::optional<Dopri> dopri_;
  std::optional<Rosenbrock> rosenbrock_;
};

// The section through p normal to the flow direction v there, and its chart.
struct Section {
  Eigen::Vector3d p, v, e;
  Eigen::Vector3d point(double s) const { return (p + s * e).normalized(); }
  double coordinate(const Eigen::Vector3d& w) const { return w.dot(e) / w.dot(p); }
  double g(const Eigen::Vector3d& w) const { return w.dot(v); }
  bool near(const Eigen::Vector3d& w) const { return w.dot(p) > std::cos(section_radius); }
};

Section section_at(const Eigen::Vector3d& p, const Eigen::Vector3d& flow);

// The orbit at a fixed point w of a return map: its period, forward Floquet multiplier, the
// stability that follows (orbit_neutral_tol) and the residual |P(s) - s| (return_map.cpp).
ClosedOrbit fixed_point_orbit(const Eigen::Vector3d& w, double period, double multiplier, double residual);

// Where g(w(tau)) = 0 between t0 (g < 0) and t1 (g >= 0) on the dense output (return_map.cpp).
State locate_crossing(Stepper& stepper, const Section& sec, double t0, double t1, double& at);
// The next upward crossing of sec near p after the trajectory has been below it (return_map.cpp):
// the state and its time; none when tau_max, max_steps or `more` runs out first.
std::optional<std::pair<State, double>> next_crossing(Stepper& stepper, const Section& sec, double tau_max,
                                                      int max_steps, const std::function<bool()>& more);

// An orbit as the search keeps it: the dense polyline and a bounding ball for quick rejection.
struct KnownOrbit {
  std::vector<Eigen::Vector3d> dense;
  Eigen::Vector3d centre;
  double radius;
  OrbitStability stability;
};

// Whether an orbit of this stability, or the limit direction m, attracts in the time direction
// sign (closed_orbits.cpp).
bool attracts(OrbitStability s, double sign);
bool attracts(const MatchResult& m, double sign);

// The equator and the Filippov sliding on it (filippov_sliding.cpp): sliding holds at phi in the
// time direction sign; the point of the equator at longitude phi; where w3(tau) = 0 between t0
// and t1 on the dense output.
bool slides(const System& system, double F, double phi, double sign);
Eigen::Vector3d on_equator(double phi);
State locate_equator(Stepper& stepper, double t0, double t1);

// The search of one load (find_closed_orbits): its seeds' trajectories, the capture discs of the
// singular points, the return maps and the orbits kept.
class Search {
 public:
  Search(const System& system, double F, const LimitSet& limits, const OrbitSearchOptions& opt)
      : system_(system), F_(F), limits_(limits), opt_(opt), stiff_(opt.integrator == OrbitIntegrator::rosenbrock4) {
    // the singular points and the poles that are Filippov limit directions (a trajectory ends
    // at either in its capture disc)
    for (const SingularPoint& sp : limits_.singular_points) capture_points_.push_back(sp.w);
    for (const Classification& c : limits_.directions)
      if (c.jump_set == std::optional<std::string>("pole")) capture_points_.push_back(c.w);
    for (const Eigen::Vector3d& p : capture_points_) capture_.push_back({capture_radius(p, -1.0), capture_radius(p, 1.0)});
    const KinkSets sets = system.friction().kink_sets();
    equator_jumps_ = sets.equator == Smoothness::jump;
  }
  OrbitSearch run();

 private:
  enum class Fate { limit_direction, closed_orbit, unresolved };
  struct Return {
    double s, tau, D;
    Eigen::Vector3d w;
  };
  Fate follow(const Eigen::Vector3d& seed, double sign);
  std::optional<Fate> slide(double& phi, double sign, int& step);
  std::optional<Fate> at_zero(const Eigen::Vector3d& w, double sign);
  bool at_singular_point(const Eigen::Vector3d& w, double sign) const;
  double capture_radius(const Eigen::Vector3d& p, double sign);
  bool crossed_inwards(const Eigen::Vector3d& p, double r, double sign) const;
  bool turn_contracts(const Eigen::Vector3d& p, double r, double sign);
  bool captured(const Eigen::Vector3d& w, double sign, double radius) const;
  /// tol: the integrator's tolerance (0: newton_tol with the divergence, else search_tol)
  std::optional<Return> return_map(const Section& sec, double s, double sign, bool divergence, double tau_max,
                                   double tol = 0);
  std::optional<double> slope(const Section& sec, double s, const Return& r, double sign) const;
  std::optional<ClosedOrbit> newton(const Section& sec, double s, double sign, double tau_max);
  std::optional<KnownOrbit> sample(ClosedOrbit& orbit, double sign);
  std::optional<Fate> try_orbit(const Section& sec, const Eigen::Vector3d& wc, double sign, double return_time);
  Stepper make_stepper(const State& y, double tol, double sign, bool divergence);
  Flow flow(double sign, bool divergence) { return {&system_, F_, sign, divergence, &result_.evaluations}; }
  bool budget_left() const { return result_.evaluations < opt_.max_evaluations; }
  void doubt(const std::string& text);

  const System& system_;
  double F_;
  const LimitSet& limits_;
  OrbitSearchOptions opt_;
  OrbitSearch result_;
  std::vector<KnownOrbit> known_;  // parallel to result_.orbits
  std::vector<Eigen::Vector3d> capture_points_;  // the singular points, then the Filippov poles
  std::vector<std::array<double, 2>> capture_;  // per capture point: capture radius backward, forward
  bool equator_jumps_ = false;  // q jumps on the equator: trajectories slide on it (section 9)
  double scale_ = 1;  // the mean |B(w) w + c| over the seeds
  bool stiff_ = false;  // integrate by Rosenbrock 4 (OrbitSearchOptions::integrator)
};

}  // namespace limitdir::detail::orbits
