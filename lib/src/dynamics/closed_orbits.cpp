// Closed orbits of the flow dw/dtau = V*(w) on the sphere (115)/(122) [Nonlinear Dyn. 2024];
// dynamics/closed_orbits.hpp and docs/manual.md section 9.
//
// The search (find_closed_orbits):
//  * seeds: the vertices of a geodesic icosphere (deterministic, nearly uniform);
//  * each seed is integrated (Boost.Odeint, Dormand-Prince 5(4) with dense output) forward
//    and, optionally, backward in tau until its fate is known: a zero of V* (|V*| small, then
//    Newton, matched against the limit set), the neighbourhood of an orbit already found that
//    attracts in this time direction, or a closed orbit found by recurrence;
//  * recurrence: a Poincare section is anchored at a point p of the trajectory: the great
//    circle {w : w . v = 0} through p normal to the flow direction v at p, crossed upwards near
//    p. It is re-anchored after growing time windows, so that a trajectory still in its
//    transient gets a section on its limit cycle eventually. On every return Newton is tried on
//    the return map s -> P(s) in the chart w(s) = (p + s e)/|p + s e|, e = p x v;
//  * the slope of P comes from Liouville's formula: along a trajectory the flux through a
//    transversal changes by the integral of the divergence of V* on the sphere,
//    div V* = trace P^T (DF - R* I) P (the trace of the tangent Jacobian of limits/classify.hpp at
//    any point), so P'(s) = exp(D) (V*(w0) . v)/(V*(w1) . v) (1 + s1^2)/(1 + s0^2) with the
//    chart's metric factors; at a fixed point the flux and chart factors cancel and the
//    Floquet multiplier is exp(D).
#include "limitdir/dynamics/closed_orbits.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <utility>

#include <boost/numeric/odeint.hpp>

#include "core/constants.hpp"
#include "limitdir/core/cancellation.hpp"
#include "numerics/icosphere.hpp"
#include "core/vector_text.hpp"
#include "limitdir/limits/classify.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/limits/jump_zeros.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/dynamics/simulate.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

using detail::vec;

namespace {

namespace odeint = boost::numeric::odeint;
using State = std::array<double, 4>;  // w1, w2, w3 and D = the integral of div V* (when asked)

// Integrator tolerances (absolute and relative, per step, on |w| = 1): the search only needs
// the shape of a trajectory (its fate is decided at distances >= 1e-4 |F| in |V*| and 1e-3 from
// an orbit, 1e3 above a global error of ~1e-7 over ~1e3 steps), Newton on the return map needs
// P to ~1e-10 for its fixed-point test below.
constexpr double search_tol = 1e-7;
constexpr double newton_tol = 1e-12;
// |P(s) - s| at a fixed point: the global error of P at newton_tol over a period of ~1e2
// steps is ~1e-10; 1e-9 leaves a factor 10.
constexpr double fixed_point_tol = 1e-9;
// A trajectory is near a zero of V* when |V*| <= 1e-4 |F| (the scale of the field): Newton
// (refine_limit_direction) converges from there in a few steps; the zero is the trajectory's
// fate when it attracts in the current time direction (otherwise the trajectory passes by).
constexpr double zero_near = 1e-4;
// A limit direction reached: within 1e-6 of a listed one after Newton (Newton converges to
// ~1e-13; listed directions are separated by far more, as the limit set merges closer ones).
constexpr double match_tol = 1e-6;
// Orbits are kept as dense polylines of polyline_points * 8 samples (equal steps of tau) for
// the distance tests: a chord of a curve of radius r_c spanning 2 pi r_c/1024 deviates from it
// by (2 pi/1024)^2 r_c/8 < 5e-6 (uniform speed; a speed ratio of 4 along the orbit: < 1e-4).
constexpr int dense_factor = 8;
// A point within 1e-3 (chordal) of an orbit that attracts in the current time direction is in
// its basin: the orbit is hyperbolic (multiplier 1 -/+ >= 1e-6) and 1e-3 is 10x the polyline's
// deviation from it.
constexpr double orbit_capture = 1e-3;
// Two orbits are the same when a point of one lies within 2e-4 of the other's dense polyline
// (2x its deviation bound above; distinct orbits of a hyperbolic flow are farther apart than
// the 1e-9 of Newton's fixed point, and closer ones are beyond what the search resolves).
constexpr double same_orbit = 2e-4;
// A return to the section within 0.05 of an orbit that attracts: the trajectory is on its way
// there, no Newton (it is captured within a few periods).
constexpr double orbit_approach = 0.05;
// A trajectory within 1e-6 of a singular point (a discontinuity of V*) has arrived there.
constexpr double singular_capture = 1e-6;
// A singular point's capture disc (docs/manual.md section 9): the largest radius
// capture_radius_max 2^-k whose circles, and those of every smaller radius 2^-j down to
// singular_capture, V* crosses towards the point in the time direction at all capture_angles
// samples: -sign V* . e_r > capture_margin |V*|, e_r the unit radial direction at the sample
// (1e-13: a thousand times the rounding of that dot product; near a pole about which V* turns
// at a finite speed the radial speed is only ~ lambda r, 1e-6 lambda on the smallest circle,
// so no larger margin could be asked for: the check is numerical, like the rest of the
// search; V* . p, which is sin(r) times smaller, would drown in rounding). Such a disc holds no closed
// orbit (the distance to the point decreases along every trajectory in it) and a trajectory
// entering it ends at the point: e.g. the foci of a field that turns about a discontinuous pole
// at a constant speed, which a trajectory would otherwise circle ~1/distance times per unit time.
constexpr double capture_radius_max = 0.05;
constexpr int capture_angles = 64;
constexpr double capture_margin = 1e-13;
// Where no circle is crossed inwards all round (a load adds a drift, so V* crosses each small
// circle outwards on one side and inwards on the other), a turn capture disc: the largest
// radius capture_radius_max 2^-k whose circles, and every smaller one down to
// turn_capture_min, V* winds about the point (its angular part sign-definite at the
// capture_angles samples) and the first return of the trajectory from the circle, one turn
// later, is closer to the point than its start (integrated to newton_tol). To leading order
// V* about a discontinuous point is G(phi) + r H(phi): the one-turn contraction 1 - r1/r is
// ~ r (e.g. 8e-4 at r = 1e-4 for the shifted disc at F = 0.05, far above the integration
// error ~1e-10), and its sign is the same on every small circle, which the nine octaves
// down to turn_capture_min = 1e-4 sample.
constexpr double turn_capture_min = 1e-4;
// A "closed orbit" along which |V*| drops below 1e-6 |F| is a zero seen by the return map (a
// focus on the section): rejected.
constexpr double orbit_min_speed = 1e-6;
// More orbits than this: a continuum (a family of neutral orbits) is likely.
constexpr int max_orbits = 16;
// Newton on the return map: at most 12 iterations (quadratic convergence from ~1e-2), steps of
// at most 0.1 in the chart coordinate, and at most 8 attempts per trajectory; a return map
// gives up after 3x the return time that triggered it (the orbit's period is close to it).
constexpr int newton_iterations = 12;
constexpr double newton_max_step = 0.1;
constexpr int newton_attempts = 8;
constexpr double return_time_factor = 3.0;
// The section is crossed "near p" when the crossing is within 0.5 rad of p (the chart is then
// well inside its hemisphere).
constexpr double section_radius = 0.5;
// A section is anchored only where |V*| > 1e-3 |F| (its normal, the flow direction, is then
// defined to ~1e-13/1e-3 = 1e-10 rad); the first window is 8 time units of the field (8/|F|,
// about one turn at the rates of |F|), growing by 1.5 per re-anchoring so that any period is
// eventually covered within the step cap.
constexpr double anchor_min_speed = 1e-3;
constexpr double first_window = 8.0;
constexpr double window_growth = 1.5;
// Newton's slope P' = 1 to 1e-12 (rounding of exp(D) and the flux ratio is ~1e-14): a neutral
// family without an isolated fixed point.
constexpr double neutral_slope = 1e-12;
// The crossing is bisected to 1e-15 relative in tau (rounding of tau itself ~1e-16).
constexpr double crossing_rel_tol = 1e-15;
// Sliding on the equator (docs/manual.md section 9, Filippov): the trajectory has reached a
// Filippov limit direction of the sliding field when within match_tol of it, as a zero of V*
// after Newton; the crossing of the equator is bisected to 1e-15 relative in tau as above, and
// a trajectory leaving the sliding set restarts 1e-9 off the equator (jump_zeros.cpp takes the
// one-sided values there).
constexpr double leave_offset = 1e-9;
// The first trial step: 1e-3 of the time scale 1/|F| of the field (as dynamics/simulate.cpp).
constexpr double first_step = 1e-3;

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

// Central differences of div V* for the fourth row of Flow::jacobian: step cbrt(eps) ~ 6e-6
// balances truncation (~h^2 = 4e-11 times the third derivative) against rounding (eps/h ~
// 4e-11); the row only enters the Rosenbrock stages of D, which never feeds back into w.
constexpr double div_difference_step = 6e-6;

Eigen::Matrix4d Flow::jacobian(const State& y) const {
  const Eigen::Vector3d yv(y[0], y[1], y[2]);
  const double r = yv.norm();
  const Eigen::Vector3d w = yv / r;
  ++*evaluations;
  const FieldJacobian fj = system->field_jacobian(w, F);
  const double rdot = w.dot(fj.F);
  const Eigen::Matrix3d dV = fj.DF - w * (fj.F.transpose() + w.transpose() * fj.DF) - rdot * Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d dw = (Eigen::Matrix3d::Identity() - w * w.transpose()) / r;
  Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
  J.topLeftCorner<3, 3>() = sign * dV * dw;
  if (divergence)
    for (int k = 0; k < 3; ++k) {
      *evaluations += 2;
      const Eigen::Vector3d h = div_difference_step * Eigen::Vector3d::Unit(k);
      const Eigen::Vector3d wp = (yv + h).normalized(), wm = (yv - h).normalized();
      J(3, k) = sign * (div(wp, system->field_jacobian(wp, F)) - div(wm, system->field_jacobian(wm, F))) /
                (2 * div_difference_step);
    }
  return J;
}

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

// The Filippov sliding flow on the equator, dphi/dtau = sign g(phi) (limits/jump_zeros.hpp
// equator_sliding), integrated by Dormand-Prince 5(4) with dense output.
using Angle = std::array<double, 1>;
struct SlidingFlow {
  const System* system;
  double F, sign;
  long long* evaluations;
  void operator()(const Angle& y, Angle& dy, double /*tau*/) const {
    ++*evaluations;
    dy[0] = sign * equator_sliding(*system, F, y[0]).g;
  }
};
using SlidingStepper = decltype(odeint::make_dense_output(1.0, 1.0, odeint::runge_kutta_dopri5<Angle>()));

// Sliding holds at phi in the time direction sign: the set attracts in that direction.
bool slides(const System& system, double F, double phi, double sign) {
  const EquatorSliding e = equator_sliding(system, F, phi);
  return e.sliding && e.attracting == (sign > 0);
}

Eigen::Vector3d on_equator(double phi) { return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0); }

Eigen::Vector3d w_of(const State& y) { return Eigen::Vector3d(y[0], y[1], y[2]).normalized(); }

// The section through p normal to the flow direction v there, and its chart.
struct Section {
  Eigen::Vector3d p, v, e;
  Eigen::Vector3d point(double s) const { return (p + s * e).normalized(); }
  double coordinate(const Eigen::Vector3d& w) const { return w.dot(e) / w.dot(p); }
  double g(const Eigen::Vector3d& w) const { return w.dot(v); }
  bool near(const Eigen::Vector3d& w) const { return w.dot(p) > std::cos(section_radius); }
};

Section section_at(const Eigen::Vector3d& p, const Eigen::Vector3d& flow) {
  const Eigen::Vector3d v = flow.normalized();
  return {p, v, p.cross(v).normalized()};
}

// Where g(w(tau)) = 0 between t0 (g < 0) and t1 (g >= 0) on the dense output: bisection to
// rounding (the dense output costs no evaluation of V*).
State locate_crossing(Stepper& stepper, const Section& sec, double t0, double t1, double& at) {
  State y;
  for (int i = 0; i < 200 && t1 - t0 > crossing_rel_tol * std::max(1.0, std::abs(t1)); ++i) {
    const double m = 0.5 * (t0 + t1);
    stepper.calc_state(m, y);
    (sec.g(w_of(y)) < 0 ? t0 : t1) = m;
  }
  stepper.calc_state(t1, y);
  at = t1;
  return y;
}

// An orbit as the search keeps it: the dense polyline and a bounding ball for quick rejection.
struct KnownOrbit {
  std::vector<Eigen::Vector3d> dense;
  Eigen::Vector3d centre;
  double radius;
  OrbitStability stability;
};

double distance_to_polyline(const Eigen::Vector3d& w, const KnownOrbit& o) {
  // every sample lies within o.radius of o.centre: beyond 2 orbit_approach (the largest radius
  // any caller tests) that lower bound of the distance decides
  const double lower = (w - o.centre).norm() - o.radius;
  if (lower > 2 * orbit_approach) return lower;
  double best = std::numeric_limits<double>::infinity();
  const std::vector<Eigen::Vector3d>& line = o.dense;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Eigen::Vector3d& a = line[i];
    const Eigen::Vector3d ab = line[(i + 1) % line.size()] - a;
    const double t = ab.squaredNorm() > 0 ? std::clamp((w - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
    best = std::min(best, (w - (a + t * ab)).norm());
  }
  return best;
}

bool attracts(OrbitStability s, double sign) {
  return sign > 0 ? s == OrbitStability::attracting : s == OrbitStability::repelling;
}

// A zero of V* attracts in the time direction `sign` (or cannot be told apart: not hyperbolic,
// not differentiable); circles of limit directions likewise by their transverse type.
bool attracts(const MatchResult& m, double sign) {
  if (m.circle) return circle_attracts(*m.circle, sign);
  const Classification& c = *m.direction;
  if (c.type == SphereType::non_hyperbolic || !c.differentiable) return true;
  return sign > 0 ? (c.type == SphereType::stable_node || c.type == SphereType::stable_focus)
                  : (c.type == SphereType::unstable_node || c.type == SphereType::unstable_focus);
}

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

Stepper Search::make_stepper(const State& y, double tol, double sign, bool divergence) {
  return Stepper(flow(sign, divergence), y, tol, first_step / scale_, stiff_);
}

void Search::doubt(const std::string& text) {
  if (result_.doubts.size() < 3) result_.doubts.push_back(text);
}

// Near a zero of V* (|V*| small at w): Newton decides which; it is the fate when it attracts in
// this time direction and is listed (unlisted: unresolved); none when the trajectory passes by.
std::optional<Search::Fate> Search::at_zero(const Eigen::Vector3d& w, double sign) {
  const Refined r = refine_limit_direction(system_, F_, w);
  if (!r.converged) return std::nullopt;
  const MatchResult m = match_limit_direction(limits_, r.w, match_tol);
  if (m.direction || m.circle) {
    if (attracts(m, sign)) return Fate::limit_direction;
    return std::nullopt;
  }
  const Classification c = classify(system_, F_, r.w);
  if (!attracts(MatchResult{c, std::nullopt, 0.0}, sign)) return std::nullopt;
  doubt(fmt::format("a trajectory ended at the zero w = {} of V*, which the limit set does not list", vec(r.w)));
  return Fate::unresolved;
}

// At a singular point of the limit set (a discontinuity of V*) or a pole that is a Filippov limit
// direction, or in its capture disc.
bool Search::at_singular_point(const Eigen::Vector3d& w, double sign) const {
  for (std::size_t i = 0; i < capture_points_.size(); ++i) {
    const double r = std::max(singular_capture, capture_[i][sign > 0 ? 1 : 0]);
    if ((w - capture_points_[i]).norm() <= r) return true;
  }
  return false;
}

// A point of the circle of geodesic radius r about p at angle t (e1, e2 an orthonormal basis
// of the tangent plane at p): w = cos(r) p + sin(r) e(t), with the unit radial direction
// e_r = dw/dr and the angular direction e_phi there.
struct CirclePoint {
  Eigen::Vector3d w, e_r, e_phi;
  CirclePoint(const Eigen::Vector3d& p, const Eigen::Vector3d& e1, const Eigen::Vector3d& e2, double r, double t) {
    const Eigen::Vector3d e = std::cos(t) * e1 + std::sin(t) * e2;
    w = std::cos(r) * p + std::sin(r) * e;
    e_r = -std::sin(r) * p + std::cos(r) * e;
    e_phi = -std::sin(t) * e1 + std::cos(t) * e2;
  }
};

// The largest radius r_min 2^k <= capture_radius_max such that `holds` on every circle from
// r_min up to it; 0 when it fails on the first.
template <class Holds>
double largest_disc(double r_min, const Holds& holds) {
  double accepted = 0.0;
  for (double r = r_min; r <= capture_radius_max; r *= 2.0) {
    if (!holds(r)) return accepted;
    accepted = r;
  }
  return accepted;
}

// The capture disc of the singular point p in the time direction sign (0 when there is none):
// the disc whose circles V* crosses inwards all round (capture_margin) or, failing that, the
// turn capture disc (turn_capture_min).
double Search::capture_radius(const Eigen::Vector3d& p, double sign) {
  const double inwards = largest_disc(singular_capture, [&](double r) { return crossed_inwards(p, r, sign); });
  if (inwards > 0.0) return inwards;
  return largest_disc(turn_capture_min, [&](double r) { return turn_contracts(p, r, sign); });
}

// The geodesic distance r to p decreases, dr/dtau = sign V*(w) . e_r < 0, at the samples of the
// circle of radius r.
bool Search::crossed_inwards(const Eigen::Vector3d& p, double r, double sign) const {
  const Eigen::Vector3d e1 = p.unitOrthogonal(), e2 = p.cross(e1);
  for (int k = 0; k < capture_angles; ++k) {
    const CirclePoint c(p, e1, e2, r, 2.0 * pi * k / capture_angles);
    const Eigen::Vector3d V = system_.spherical(c.w, F_);
    if (!(-sign * V.dot(c.e_r) > capture_margin * V.norm())) return false;
  }
  return true;
}

// On the circle of geodesic radius r about p: V* winds about p, and the trajectory from the
// circle returns after one turn closer to p.
bool Search::turn_contracts(const Eigen::Vector3d& p, double r, double sign) {
  const Eigen::Vector3d e1 = p.unitOrthogonal(), e2 = p.cross(e1);
  double orientation = 0, slowest = std::numeric_limits<double>::infinity();
  for (int k = 0; k < capture_angles; ++k) {
    const CirclePoint c(p, e1, e2, r, 2.0 * pi * k / capture_angles);
    const Eigen::Vector3d V = system_.spherical(c.w, F_);
    const double angular = sign * V.dot(c.e_phi);
    if (k == 0) orientation = angular > 0 ? 1.0 : -1.0;
    if (!(orientation * angular > capture_margin * V.norm())) return false;
    slowest = std::min(slowest, std::abs(angular));
  }
  const Eigen::Vector3d w0 = CirclePoint(p, e1, e2, r, 0.0).w;
  const Section sec = section_at(w0, sign * system_.spherical(w0, F_));
  // one turn takes 2 pi sin(r)/(angular speed) at most; twice that bounds the return
  const std::optional<Return> back = return_map(sec, 0.0, sign, false, 4.0 * pi * std::sin(r) / slowest, newton_tol);
  return back && std::acos(std::clamp(back->w.dot(p), -1.0, 1.0)) < r;
}

// Within `radius` of an orbit attracting in this time direction.
bool Search::captured(const Eigen::Vector3d& w, double sign, double radius) const {
  for (const KnownOrbit& o : known_)
    if (attracts(o.stability, sign) && distance_to_polyline(w, o) <= radius) return true;
  return false;
}

// P(s): from the section point w(s) to the next upward crossing near p, after the trajectory
// has been below the section (g < 0) once. None when it does not come back by tau_max.
std::optional<Search::Return> Search::return_map(const Section& sec, double s, double sign, bool divergence,
                                                 double tau_max, double tol) {
  const Eigen::Vector3d w0 = sec.point(s);
  Stepper stepper =
      make_stepper({w0[0], w0[1], w0[2], 0.0}, tol > 0 ? tol : divergence ? newton_tol : search_tol, sign, divergence);
  bool below = false;
  for (int step = 0; step < opt_.max_steps_per_seed && budget_left(); ++step) {
    const auto [t0, t1] = stepper.do_step();
    if (t0 > tau_max) break;
    const Eigen::Vector3d w = w_of(stepper.current_state());
    const double g = sec.g(w);
    if (g < 0) below = true;
    if (!below || g < 0 || !sec.near(w)) continue;
    State y;
    stepper.calc_state(t0, y);
    if (sec.g(w_of(y)) >= 0) continue;  // the upward crossing is not in this step
    double at = t1;
    y = locate_crossing(stepper, sec, t0, t1, at);
    const Eigen::Vector3d w1 = w_of(y);
    return Return{sec.coordinate(w1), at, y[3], w1};
  }
  return std::nullopt;
}

// Newton on P(s) - s from s, with P' from Liouville's formula (top of the file).
std::optional<ClosedOrbit> Search::newton(const Section& sec, double s, double sign, double tau_max) {
  for (int it = 0; it < newton_iterations; ++it) {
    const std::optional<Return> r = return_map(sec, s, sign, true, tau_max);
    if (!r) return std::nullopt;
    const double g = r->s - s;
    if (std::abs(g) <= fixed_point_tol) {
      ClosedOrbit o;
      o.w = sec.point(s);
      o.period = r->tau;
      o.multiplier = std::exp(sign * r->D);  // D integrates sign * div: the forward multiplier
      o.stability = o.multiplier < 1 - orbit_neutral_tol   ? OrbitStability::attracting
                    : o.multiplier > 1 + orbit_neutral_tol ? OrbitStability::repelling
                                                           : OrbitStability::neutral;
      o.residual = std::abs(g);
      return o;
    }
    const double flux0 = sign * system_.spherical(sec.point(s), F_).dot(sec.v);
    const double flux1 = sign * system_.spherical(r->w, F_).dot(sec.v);
    if (!(flux0 > 0 && flux1 > 0)) return std::nullopt;
    const double slope = std::exp(r->D) * flux0 / flux1 * (1 + r->s * r->s) / (1 + s * s);
    if (!(std::abs(slope - 1) > neutral_slope)) return std::nullopt;  // no isolated fixed point
    double ds = -g / (slope - 1);
    if (std::abs(ds) > newton_max_step) ds *= newton_max_step / std::abs(ds);
    s += ds;
  }
  return std::nullopt;
}

// The dense polyline (equal steps of tau over one period), the reported one (every
// dense_factor-th point) and the mean of R* over the period (the trapezoid rule on a periodic
// function). None when |V*| is not bounded away from 0 along it (a zero, not an orbit).
std::optional<KnownOrbit> Search::sample(ClosedOrbit& o, double sign) {
  Stepper stepper = make_stepper({o.w[0], o.w[1], o.w[2], 0.0}, newton_tol, sign, false);
  const int n = opt_.polyline_points * dense_factor;
  KnownOrbit k{{o.w}, Eigen::Vector3d::Zero(), 0.0, o.stability};
  while (static_cast<int>(k.dense.size()) < n) {
    if (!budget_left()) return std::nullopt;
    const auto [t0, t1] = stepper.do_step();
    (void)t0;
    for (int i = static_cast<int>(k.dense.size()); i < n && i * o.period / n <= t1; ++i) {
      State y;
      stepper.calc_state(i * o.period / n, y);
      k.dense.push_back(w_of(y));
    }
  }
  double rdot = 0;
  o.polyline.clear();
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d& w = k.dense[i];
    if (system_.spherical(w, F_).norm() < orbit_min_speed * scale_) return std::nullopt;
    rdot += system_.radial(w, F_);
    k.centre += w;
    if (i % dense_factor == 0) o.polyline.push_back(w);
  }
  o.rdot_mean = rdot / n;
  k.centre /= n;
  for (const Eigen::Vector3d& w : k.dense) k.radius = std::max(k.radius, (w - k.centre).norm());
  return k;
}

// At a return wc to the section: Newton on the return map; a new orbit is kept. The fate when
// the orbit attracts in this time direction (or is neutral: the trajectory is then periodic).
std::optional<Search::Fate> Search::try_orbit(const Section& sec, const Eigen::Vector3d& wc, double sign,
                                              double return_time) {
  std::optional<ClosedOrbit> o = newton(sec, sec.coordinate(wc), sign, return_time_factor * return_time);
  if (!o) return std::nullopt;
  for (std::size_t i = 0; i < known_.size(); ++i)
    if (distance_to_polyline(o->w, known_[i]) <= same_orbit) {
      if (attracts(known_[i].stability, sign)) return Fate::closed_orbit;
      return std::nullopt;
    }
  const std::optional<KnownOrbit> k = sample(*o, sign);
  if (!k) return std::nullopt;
  known_.push_back(*k);
  result_.orbits.push_back(*o);
  if (o->stability == OrbitStability::neutral || attracts(o->stability, sign)) return Fate::closed_orbit;
  return std::nullopt;  // an orbit that repels in this direction: follow on
}

// Where w3(tau) = 0 between t0 and t1 on the dense output: bisection to rounding.
State locate_equator(Stepper& stepper, double t0, double t1) {
  State y;
  stepper.calc_state(t0, y);
  const bool below0 = y[2] < 0;
  for (int i = 0; i < 200 && t1 - t0 > crossing_rel_tol * std::max(1.0, std::abs(t1)); ++i) {
    const double m = 0.5 * (t0 + t1);
    stepper.calc_state(m, y);
    ((y[2] < 0) == below0 ? t0 : t1) = m;
  }
  stepper.calc_state(t1, y);
  return y;
}

// Filippov sliding on the equator from phi (docs/manual.md section 9): dphi/dtau = sign g(phi)
// until the trajectory is within match_tol of a listed limit direction on the equator that
// attracts in this direction (the fate), or the set stops attracting (none; phi is then where it
// left, located on the dense output to rounding). The steps count against the seed's.
std::optional<Search::Fate> Search::slide(double& phi, double sign, int& step) {
  SlidingStepper stepper = odeint::make_dense_output(search_tol, search_tol, odeint::runge_kutta_dopri5<Angle>());
  const SlidingFlow flow{&system_, F_, sign, &result_.evaluations};
  // a sliding equator that is a listed circle of limit directions (g = 0 on all of it, c = 0 with
  // rotational symmetry): reaching it is the fate, there is nothing to slide along
  const MatchResult start = match_limit_direction(limits_, on_equator(phi), match_tol);
  if (start.circle && circle_attracts(*start.circle, sign)) return Fate::limit_direction;
  stepper.initialize(Angle{phi}, 0.0, first_step / scale_);
  for (; step < opt_.max_steps_per_seed && budget_left(); ++step) {
    poll_cancellation();  // core/cancellation.hpp: once per step of a sliding trajectory
    const auto [t0, t1] = stepper.do_step(flow);
    const double now = stepper.current_state()[0];
    if (!std::isfinite(now)) break;  // g = 0 on a stretch the steps outgrow: no limit direction reached
    if (!slides(system_, F_, now, sign)) {
      double a = t0, b = t1;
      Angle y;
      for (int i = 0; i < 200 && b - a > crossing_rel_tol * std::max(1.0, std::abs(b)); ++i) {
        const double m = 0.5 * (a + b);
        stepper.calc_state(m, y);
        (slides(system_, F_, y[0], sign) ? a : b) = m;
      }
      stepper.calc_state(b, y);
      phi = y[0];
      return std::nullopt;
    }
    const MatchResult m = match_limit_direction(limits_, on_equator(now), match_tol);
    if (m.direction && m.direction->jump_set && attracts(m, sign)) return Fate::limit_direction;
  }
  phi = stepper.current_state()[0];
  doubt(fmt::format("a trajectory sliding on the equator did not reach a limit direction by phi = {:.9g} ({})", phi,
                    sign > 0 ? "forward" : "backward"));
  return Fate::unresolved;
}

Search::Fate Search::follow(const Eigen::Vector3d& seed, double sign) {
  std::optional<Stepper> stepper;  // re-made where a trajectory leaves the equator's sliding set
  stepper.emplace(make_stepper({seed[0], seed[1], seed[2], 0.0}, search_tol, sign, false));
  std::optional<Section> sec;
  double anchored_at = 0, window = first_window / scale_;
  int attempts = 0;
  bool near_zero = false;  // refine once per visit to a small |V*|
  bool has_last = false;  // a return to the current section, at `last`
  Eigen::Vector3d last = Eigen::Vector3d::Zero();
  double last_at = 0;
  for (int step = 0; step < opt_.max_steps_per_seed; ++step) {
    if (!budget_left()) return Fate::unresolved;
    const auto [t0, t1] = stepper->do_step();
    const Eigen::Vector3d w = w_of(stepper->current_state());
    if (!w.allFinite()) break;
    const Eigen::Vector3d V = system_.spherical(w, F_);
    const bool small = V.norm() <= zero_near * scale_;
    if (small && !near_zero)
      if (const std::optional<Fate> z = at_zero(w, sign)) return *z;
    near_zero = small;
    if (at_singular_point(w, sign)) return Fate::limit_direction;  // counted with the limit set's points
    if (captured(w, sign, orbit_capture)) return Fate::closed_orbit;
    State y0;
    if (equator_jumps_) {
      // the equator reached: the step crossed it, or the trajectory is within singular_capture
      // of it (an explicit step that would cross the jump of V* fails its error test, so the
      // steps shrink towards the equator without crossing it)
      stepper->calc_state(t0, y0);
      const bool crossed = (w_of(y0).z() < 0) != (w.z() < 0);
      if (crossed || std::abs(w.z()) <= singular_capture) {
        const Eigen::Vector3d wc = crossed ? w_of(locate_equator(*stepper, t0, t1)) : w;
        double phi = std::atan2(wc.y(), wc.x());
        const EquatorSliding e = equator_sliding(system_, F_, phi);
        double side = 0;  // where the trajectory goes on: 0 where the integrator goes on by itself
        if (slides(system_, F_, phi, sign)) {
          if (const std::optional<Fate> fate = slide(phi, sign, step)) return *fate;
          // it left the sliding set at phi: on towards the side both one-sided values point to
          side = sign * equator_sliding(system_, F_, phi).f_up.z() > 0 ? 1.0 : -1.0;
        } else if (!crossed && (sign * e.f_up.z() < 0) == (w.z() > 0) && (sign * e.f_down.z() < 0) == (w.z() > 0))
          side = w.z() > 0 ? -1.0 : 1.0;  // V* crosses the equator here: on from the other side
        if (side != 0) {
          const Eigen::Vector3d w1 = (on_equator(phi) + leave_offset * side * Eigen::Vector3d::UnitZ()).normalized();
          stepper.emplace(make_stepper({w1[0], w1[1], w1[2], 0.0}, search_tol, sign, false));
          sec.reset();
          anchored_at = 0;
          has_last = false;
          continue;
        }
      }
    }
    if (!sec || t1 - anchored_at > window) {  // (re-)anchor the section here
      if (V.norm() > anchor_min_speed * scale_) {
        sec = section_at(w, sign * V);
        anchored_at = last_at = t1;
        has_last = false;
        window *= window_growth;
      }
      continue;
    }
    if (!equator_jumps_) stepper->calc_state(t0, y0);  // the step's start (taken above otherwise)
    if (!(sec->g(w_of(y0)) < 0 && sec->g(w) >= 0 && sec->near(w))) continue;
    double at = t1;
    const Eigen::Vector3d wc = w_of(locate_crossing(*stepper, *sec, t0, t1, at));
    // Newton once two returns are close (the trajectory is near a cycle), not on the way to a
    // known attracting orbit, and not too often
    const bool recurrent = has_last && (wc - last).norm() <= orbit_approach;
    last = wc;
    has_last = true;
    const double return_time = at - last_at;
    last_at = anchored_at = at;  // the window runs from the last return
    if (!recurrent || attempts >= newton_attempts || captured(wc, sign, orbit_approach)) continue;
    ++attempts;
    if (const std::optional<Fate> fate = try_orbit(*sec, wc, sign, return_time)) return *fate;
    sec.reset();
    has_last = false;
  }
  doubt(fmt::format("a trajectory from w = {} did not settle in {} steps ({})", vec(seed), opt_.max_steps_per_seed,
                    sign > 0 ? "forward" : "backward"));
  return Fate::unresolved;
}

OrbitSearch Search::run() {
  const std::vector<Eigen::Vector3d>& seeds = detail::icosphere(opt_.seed_level).vertices;
  double sum = 0;
  for (const Eigen::Vector3d& w : seeds) sum += system_.field(w, F_).norm();
  scale_ = std::max(sum / static_cast<double>(seeds.size()), std::numeric_limits<double>::min());
  result_.integrator = opt_.integrator;
  ProgressCounter counter(current_progress(), "closed-orbit search: seeds followed",
                          seeds.size() * (opt_.backward ? 2 : 1));
  for (const double sign : {1.0, -1.0}) {
    if (sign < 0 && !opt_.backward) break;
    SeedFates& fates = sign > 0 ? result_.forward : result_.backward;
    for (const Eigen::Vector3d& seed : seeds) {
      counter.step(result_.forward.seeds + result_.backward.seeds);
      ++fates.seeds;
      if (!budget_left() || static_cast<int>(result_.orbits.size()) > max_orbits) {
        ++fates.unresolved;  // not followed: the budget is spent or the orbits form a continuum
        continue;
      }
      switch (follow(seed, sign)) {
        case Fate::limit_direction: ++fates.limit_direction; break;
        case Fate::closed_orbit: ++fates.closed_orbit; break;
        case Fate::unresolved: ++fates.unresolved; break;
      }
    }
  }
  // the reasons that concern the whole search come first
  if (static_cast<int>(result_.orbits.size()) > max_orbits)
    result_.doubts.insert(result_.doubts.begin(),
                          fmt::format("more than {} closed orbits: a continuum of orbits is likely (the search "
                                      "stopped there)",
                                      max_orbits));
  if (!budget_left()) {
    result_.budget_spent = true;
    result_.doubts.insert(result_.doubts.begin(), fmt::format("the work budget of the orbit search ({} evaluations "
                                                              "of V*) is spent",
                                                              opt_.max_evaluations));
  }
  for (const ClosedOrbit& o : result_.orbits)
    if (o.stability == OrbitStability::neutral)
      doubt(fmt::format("the orbit through w = {} is neutral (multiplier {:.9g}): a continuum of orbits is likely",
                        vec(o.w), o.multiplier));
  return result_;
}

}  // namespace

std::string to_string(OrbitIntegrator integrator) {
  return integrator == OrbitIntegrator::rosenbrock4 ? "Rosenbrock 4 with the Jacobian of V*" : "Dormand-Prince 5(4)";
}

bool OrbitSearch::complete() const {
  return !budget_spent && doubts.empty() && forward.unresolved == 0 && backward.unresolved == 0 &&
         forward.seeds + backward.seeds > 0;
}

std::string OrbitSearch::summary() const {
  const auto fates = [](const SeedFates& f, const char* dir) {
    return fmt::format("{} {} trajectories: {} to a limit direction, {} to a closed orbit, {} unresolved", f.seeds, dir,
                       f.limit_direction, f.closed_orbit, f.unresolved);
  };
  std::string text = fates(forward, "forward");
  text.insert(text.find(" trajectories") + 13, " (" + to_string(integrator) + ")");
  if (backward.seeds > 0) text += "; " + fates(backward, "backward");
  text += fmt::format("; {} closed orbit(s)", orbits.size());
  constexpr std::size_t listed = 4;  // the reason stays one readable line
  for (std::size_t i = 0; i < std::min(orbits.size(), listed); ++i)
    text += fmt::format(" [{} through w = {}, period {:.6g}]", to_string(orbits[i].stability), vec(orbits[i].w),
                        orbits[i].period);
  if (orbits.size() > listed) text += fmt::format(" and {} more", orbits.size() - listed);
  for (const std::string& d : doubts) text += "; " + d;
  return text;
}

OrbitSearch find_closed_orbits(const System& system, double F, const LimitSet& limits, const OrbitSearchOptions& opt) {
  if (!std::isfinite(F)) throw InputError(fmt::format("force: must be a finite number (got {})", F));
  if (opt.seed_level < 0 || opt.seed_level > 4)
    throw InputError(fmt::format("orbit search: seed level must be in [0, 4] (got {})", opt.seed_level));
  if (opt.max_evaluations < 1 || opt.max_steps_per_seed < 1 || opt.polyline_points < 8)
    throw InputError("orbit search: the budget must be positive and the polyline have at least 8 points");
  return Search(system, F, limits, opt).run();
}

Eigen::Vector3d orbit_flow(const System& system, double F, const Eigen::Vector3d& w0, double tau,
                           OrbitIntegrator integrator, double tol, int max_steps, int* steps) {
  if (!(tau >= 0 && std::isfinite(tau)) || !(tol > 0) || !(w0.norm() > 0))
    throw InputError("orbit flow: tau must be >= 0, the tolerance > 0 and w0 non-zero");
  const Eigen::Vector3d w = w0.normalized();
  long long evaluations = 0;
  const Flow f{&system, F, 1.0, false, &evaluations};
  // the search's first step, 1e-3 of the time scale 1/|B(w0) w0 + c|
  const double dt = first_step / std::max(system.field(w, F).norm(), std::numeric_limits<double>::min());
  Stepper stepper(f, {w[0], w[1], w[2], 0.0}, tol, dt, integrator == OrbitIntegrator::rosenbrock4);
  int n = 0;
  State y{w[0], w[1], w[2], 0.0};
  if (tau > 0) {
    for (double t1 = 0; t1 < tau; ++n) {
      if (n >= max_steps) throw NumericalError(fmt::format("orbit flow: more than {} steps to tau = {}", max_steps, tau));
      t1 = stepper.do_step().second;
    }
    stepper.calc_state(tau, y);
  }
  if (steps) *steps = n;
  return w_of(y);
}

double equator_sliding_flow(const System& system, double F, double phi0, double tau, double tol, int max_steps) {
  if (!(tau >= 0 && std::isfinite(tau)) || !(tol > 0) || !std::isfinite(phi0))
    throw InputError("sliding flow: tau must be >= 0, the tolerance > 0 and phi0 finite");
  if (system.friction().kink_sets().equator != Smoothness::jump)
    throw InputError("sliding flow: the friction model's q does not jump on the equator");
  long long evaluations = 0;
  const SlidingFlow flow{&system, F, 1.0, &evaluations};
  SlidingStepper stepper = odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<Angle>());
  const double scale = std::max(std::abs(equator_sliding(system, F, phi0).g), std::numeric_limits<double>::min());
  stepper.initialize(Angle{phi0}, 0.0, first_step / scale);
  Angle y{phi0};
  if (tau > 0) {
    for (int n = 0; stepper.current_time() < tau; ++n) {
      if (n >= max_steps) throw NumericalError(fmt::format("sliding flow: more than {} steps to tau = {}", max_steps, tau));
      if (!slides(system, F, stepper.current_state()[0], 1.0))
        throw NumericalError(fmt::format("sliding flow: the equator stops attracting at phi = {:.9g}", stepper.current_state()[0]));
      stepper.do_step(flow);
    }
    stepper.calc_state(tau, y);
  }
  return y[0];
}

namespace {
// A linear model q = Pi w with Pi = diag(p, p, p3) (the linear fit (67) of an axisymmetric
// model) is axisymmetric as well: with the circle structure of M and the load, B is diagonal
// with B11 = B22.
bool axisymmetric_system(const System& system) {
  if (system.has_invariant_circle()) return true;
  const std::optional<Eigen::Matrix3d> B = system.constant_B();
  if (!B || !system.has_circle_structure()) return false;
  return (*B - Eigen::Matrix3d(B->diagonal().asDiagonal())).isZero(0.0) && (*B)(0, 0) == (*B)(1, 1);
}
}  // namespace

// docs/manual.md section 9. The circle C = {w2 = 0} is invariant: with T = diag(1, -1, 1), the
// symmetry of an axisymmetric q ((42)-(45)) and of M = diag(m1, m1, m3) and a load without a y
// component, V*(T w) = T V*(w), so V*_2 = 0 on C.
std::optional<std::string> closed_orbit_exclusion(const System& system, double F) {
  if (!axisymmetric_system(system)) return std::nullopt;
  if (system.c(F).x() == 0.0)
    // B(w) w + c = (-C w_xy/m1, .) + c3 e3 lies in the plane of w and e3: V* has no longitude
    // component, the longitude is constant on every orbit and the latitude obeys a scalar
    // autonomous equation, whose solutions are monotone: no closed orbit.
    return std::string("closed orbits excluded: V* has no longitude component (axisymmetry and c1 = c2 = 0), every "
                       "orbit lies on a meridian");
  // Every zero lies on C ((125) rows 1-2: (rdot + b1 C) w2 = 0 and (rdot + b1 C) w1 = c1 != 0)
  // and there is one (Poincare-Hopf: the indices sum to 2). A closed orbit meeting C at a point
  // where V* is continuous lies in C (uniqueness) and would be C, which carries a zero; one
  // disjoint from C lies in an open hemisphere, a disc, and would enclose a zero there (the
  // indices inside a closed orbit of a planar flow sum to 1).
  return std::string("closed orbits excluded: every zero of V* lies on the invariant great circle w2 = 0 ((125) "
                     "rows 1-2), which carries one, so an orbit off it would enclose a zero");
}

std::vector<ClosedOrbit> orbits_around(const OrbitSearch& search, const Eigen::Vector3d& w, double radius) {
  std::vector<ClosedOrbit> out;
  const Eigen::Vector3d u = w.normalized();
  for (const ClosedOrbit& o : search.orbits) {
    double far = 0;
    for (const Eigen::Vector3d& p : o.polyline) far = std::max(far, (p - u).norm());
    if (far <= radius) out.push_back(o);
  }
  return out;
}

std::vector<ClosedOrbit> orbits_encircling(const OrbitSearch& search, const Eigen::Vector3d& w) {
  std::vector<ClosedOrbit> out;
  const Eigen::Vector3d u = w.normalized(), e1 = u.unitOrthogonal(), e2 = u.cross(e1);
  for (const ClosedOrbit& o : search.orbits) {
    // the winding of the polyline about u in the gnomonic chart of the hemisphere w . u > 0
    // (the polyline's chords turn by far less than pi: 128+ samples of a smooth closed curve);
    // the chart's angle of a point is atan2(w . e2, w . e1), the same for w and w/(w . u)
    const bool inside = !o.polyline.empty() && std::all_of(o.polyline.begin(), o.polyline.end(),
                                                           [&](const Eigen::Vector3d& x) { return x.dot(u) > 0; });
    if (!inside) continue;
    std::vector<double> angle;
    for (const Eigen::Vector3d& x : o.polyline) angle.push_back(std::atan2(x.dot(e2), x.dot(e1)));
    double turn = 0;
    for (std::size_t i = 0; i < angle.size(); ++i) {
      const double d = angle[(i + 1) % angle.size()] - angle[i];
      turn += d - 2 * pi * std::round(d / (2 * pi));
    }
    if (std::abs(std::lround(turn / (2 * pi))) == 1) out.push_back(o);
  }
  return out;
}

}  // namespace limitdir
