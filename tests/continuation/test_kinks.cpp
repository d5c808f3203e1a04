// Sweeps across the kink sets of the friction models (friction/model.hpp kink_sets,
// continuation/kink_crossing.hpp, docs/manual.md sections 5 and 7): the disc with Kireenkov's
// Pade models (9) (order 1, a kink of Q on the equator) and (10) (order 2, C^1 there) and with
// the core paper's Pade models (the same with k = 0, fitted to the exact model), on [0.001, F1]
// and through the continuum at F = 0, the elliptic plate with the modified Pade model (47) (P1)
// and the first-order approximants (38)-(39), and a general system through a pole. Every reference is computed here from the model's q alone, independently of the
// solver (limits/limits.cpp) and of the continuation: with the load along x the circle w2 = 0
// is invariant (q2 = 0 and (M^-1 c)_2 = 0 there by the symmetry y -> -y), and on it, at
// w = (cos t, 0, sin t), the zeros of V* are the zeros of g(t, F) = e_t . (M^-1 q(w) + c(F)),
// e_t = (-sin t, 0, cos t), which is affine in F. So
//  * the directions on the circle at a load F are found by bisection of g on a fine grid of t;
//  * the load where a branch of the circle meets the equator is the limit of
//    F(t) = -e_t . (M^-1 q + c(0)) / e_t . (c(1) - c(0)) as t -> 0 (or pi) from one side,
//    F(t) = F* + b |t| + O(t^2) at a kink of the branch, taken by Richardson extrapolation.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_kinks {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The grid of t for the bisection: 20000 intervals on (-pi, pi], offset by half a step so that
// the zeros at t = 0 and t = pi of the equator branches lie inside an interval, not on a node;
// 2 pi/20000 = 3.1e-4 separates the pair of zeros |t| ~ 1e-3 around the equator at the check
// loads below (1e-3 from the kink load, F - F* ~ b |t| with b ~ 1).
constexpr int grid_intervals = 20000;
// Bisection to 1e-13 in t, so the direction is known to ~1e-13; find-limits' Newton converges to
// |V*| <= 1e-13, which puts a hyperbolic zero within 1e-13/|J_T| ~ 1e-12 of the true one
// (|J_T| >= 0.1 away from the events). 1e-9 leaves a factor of 1e3.
constexpr double bisection_tol = 1e-13;
constexpr double direction_tol = 1e-9;
// Richardson from |t| = 1e-6 and 2e-6: truncation O(t^2) ~ 1e-12, rounding of a ratio of two
// O(t) quantities ~ 3 * 1e-16/1e-6 = 3e-10; the event's own location error is ~1e-11 (the
// distance of the branch's last point to the equator, 1e-10, times the slope |dF/dt| ~ 0.1).
constexpr double kink_load_tol = 1e-9;
// On the equator the kink event lies on w = (+-1, 0, 0) to the rounding of the normalisation.
constexpr double kink_direction_tol = 1e-12;

Problem problem_with(const std::string& file, const std::string& model, int order) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + file);
  p.friction.model = model;
  if (model != "harmonic") {
    p.friction.degree = 0;
    p.friction.order = order;
  }
  return p;
}

/// g(t, F) and F(t) on the invariant circle w2 = 0 from the model's q and the system's M^-1 and
/// c(F) (affine in F: c(F) = c(0) + F (c(1) - c(0))).
struct Circle {
  Eigen::Matrix3d Minv;
  Eigen::Vector3d c0, c1;
  const FrictionModel* model;

  explicit Circle(const System& s) : Minv(s.M_inv()), c0(s.c(0.0)), c1(s.c(1.0) - s.c(0.0)), model(&s.friction()) {}
  static Eigen::Vector3d w(double t) { return {std::cos(t), 0.0, std::sin(t)}; }
  static Eigen::Vector3d e(double t) { return {-std::sin(t), 0.0, std::cos(t)}; }
  double g(double t, double F) const { return e(t).dot(Minv * model->q(w(t)) + c0 + F * c1); }
  double load(double t) const { return -e(t).dot(Minv * model->q(w(t)) + c0) / e(t).dot(c1); }
  /// lim F(t) as t -> t0 from the side s = +-1 (F = F* + b |t - t0| + O(t^2)).
  double load_limit(double t0, double s) const {
    constexpr double h = 1e-6;
    return 2 * load(t0 + s * h) - load(t0 + 2 * s * h);
  }
  /// The zeros of g(., F) for t in [lo, hi] (the whole circle by default), by bisection on a
  /// grid of n intervals offset by half a step.
  std::vector<Eigen::Vector3d> zeros(double F, double lo = -M_PI, double hi = M_PI, int n = grid_intervals) const {
    std::vector<Eigen::Vector3d> out;
    const double step = (hi - lo) / n;
    for (int i = 0; i < n; ++i) {
      double a = lo + (i + 0.5) * step, b = a + step, ga = g(a, F), gb = g(b, F);
      if ((ga < 0) == (gb < 0)) continue;
      while (b - a > bisection_tol) {
        const double m = 0.5 * (a + b), gm = g(m, F);
        ((gm < 0) == (ga < 0) ? a : b) = m;
        if ((gm < 0) == (ga < 0)) ga = gm;
      }
      out.push_back(w(0.5 * (a + b)));
    }
    return out;
  }
};

const Diagram& diagram_of(const std::string& file, const std::string& model, int order, double to) {
  static std::map<std::string, Diagram> cache;
  const std::string key = file + model + std::to_string(order) + std::to_string(to);
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, sweep(parameter_family(problem_with(file, model, order), "force"), 0.001, to)).first;
  return it->second;
}

/// The number of limit directions the diagram's regions give at p (-1 at a region's end).
int region_count(const Diagram& d, double p) {
  for (const Region& r : d.regions)
    if (p > r.from && p < r.to) return r.count;
  return -1;
}

/// Every zero on the circle (ref: all of the circle's by default) has a find-limits direction
/// within tol, and every find-limits direction on the circle (|w2| below tol) is one of them.
void check_circle_directions(const System& s, double F, std::vector<Eigen::Vector3d> ref = {}) {
  if (ref.empty()) ref = Circle(s).zeros(F);
  const LimitSet set = find_limit_directions(s, F);
  CHECK_MESSAGE(set.certificate.complete(), "F = ", F, ": ", set.certificate.reason);
  std::vector<Eigen::Vector3d> on_circle;
  for (const Classification& c : set.directions)
    if (std::abs(c.w.y()) <= direction_tol) on_circle.push_back(c.w);
  CHECK_MESSAGE(on_circle.size() == ref.size(), "F = ", F);
  for (const Eigen::Vector3d& r : ref) {
    double best = INFINITY;
    for (const Eigen::Vector3d& w : on_circle) best = std::min(best, (w - r).norm());
    CHECK_MESSAGE(best <= direction_tol, "F = ", F, ", w = (", r.x(), ", 0, ", r.z(), ")");
  }
}

/// The diagram over [0.001, to] is complete, and has a kink event at each load where a branch of
/// the circle meets the equator point w_eq from a side (t -> t0 +- 0) inside the range. With
/// axisymmetry (all_on_circle: every limit direction lies on w2 = 0, docs/manual.md section 3)
/// its regions next to the kink also count the circle's zeros.
void check_kinks(const std::string& file, const std::string& model, int order, double t0, double to = 1.5,
                 bool all_on_circle = false) {
  const Diagram& d = diagram_of(file, model, order, to);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  const ParameterFamily fam = parameter_family(problem_with(file, model, order), "force");
  const System s = fam.system(0.5);
  const Circle circle(s);
  const Eigen::Vector3d w_eq = Circle::w(t0);
  int expected = 0;
  for (double side : {1.0, -1.0}) {
    const double F_star = circle.load_limit(t0, side);
    if (!(F_star > d.from && F_star < d.to)) continue;
    ++expected;
    const auto it = std::find_if(d.events.begin(), d.events.end(), [&](const Event& e) {
      return e.kind == EventKind::kink && std::abs(e.p - F_star) <= kink_load_tol;
    });
    REQUIRE_MESSAGE(it != d.events.end(), "no kink event at F* = ", F_star);
    CHECK((it->directions.front() - w_eq).norm() <= kink_direction_tol);
    // find-limits and the circle agree on both sides of the kink and at a check value between
    for (double F : {F_star - 1e-3, F_star + 1e-3}) {
      check_circle_directions(fam.system(F), F);
      if (all_on_circle) CHECK(region_count(d, F) == static_cast<int>(circle.zeros(F).size()));
    }
  }
  CHECK(expected > 0);
}

}  // namespace

TEST_CASE("Kink sets: Kireenkov's Pade models and the modified Pade models report theirs (docs/manual.md section 7)") {
  const ParameterFamily k1 = parameter_family(problem_with("disc.json", "kireenkov-pade", 1), "force");
  const ParameterFamily k2 = parameter_family(problem_with("disc.json", "kireenkov-pade", 2), "force");
  CHECK(k1.system(0.5).friction().kink_sets().equator == Smoothness::kink);
  CHECK(k1.system(0.5).friction().kink_sets().poles == Smoothness::kink);
  CHECK(k2.system(0.5).friction().kink_sets().equator == Smoothness::c1);
  // order 2 is C^1, not C^2, on the equator: the one-sided second derivative of q3 there,
  // (q3(2h) - 2 q3(h) + q3(0))/h^2 = 2 K + O(h), tends to 2 K = -2 (kappa/rho)(1 - m^2)/e^2 != 0
  // (sgn(w3) T = m w3/e + (1 - m^2) w3 |w3|/e^2 + ..., kireenkov.cpp), while an odd C^2
  // function has q3''(0) = 0: halving h changes it by O(h) relative (5% at h = 1e-3 is ample)
  const FrictionModel& m2 = k2.system(0.5).friction();
  const auto q3 = [&](double z) { return m2.q(Eigen::Vector3d(1.0, 0.0, z)).z(); };
  const auto second = [&](double h) { return (q3(2 * h) - 2 * q3(h) + q3(0.0)) / (h * h); };
  constexpr double h = 1e-3, same_limit = 0.05;
  CHECK(std::abs(second(h) - second(0.5 * h)) <= same_limit * std::abs(second(h)));
  CHECK(std::abs(second(h)) > 1e-2);
  const ParameterFamily smooth = parameter_family(problem_with("disc.json", "harmonic", 0), "force");
  CHECK(!smooth.system(0.5).friction().kink_sets().any());
}

TEST_CASE("Kinks: the disc with Kireenkov's Pade models (9) and (10) is swept across the equator") {
  for (int order : {1, 2}) {
    CAPTURE(order);
    check_kinks("disc.json", "kireenkov-pade", order, 0.0, 1.5, true);
  }
}

TEST_CASE("Kinks: the ball with Kireenkov's Pade model (9) is swept across the equator, and with (10) too") {
  // the ball's pitchfork on the equator lies at F ~ 3.5, beyond the usual range
  check_kinks("ball.json", "kireenkov-pade", 1, 0.0, 6.0, true);
  const Diagram& d2 = diagram_of("ball.json", "kireenkov-pade", 2, 6.0);
  CHECK_MESSAGE(d2.certificate.complete(), d2.certificate.reason);
}

TEST_CASE("Kinks: the elliptic plate with P1 (47) and the approximants (38)-(39) is swept across the equator") {
  check_kinks("ellipse.json", "kudra-pade", 1, M_PI);
  check_kinks("ellipse.json", "kudra-pade-first", 0, 0.0);
  // through F = 0 (the equator a circle of limit directions, the poles isolated ones there):
  // complete, with the kink events at -+F* on w = (-+1, 0, 0) and the branch on the pole
  const ParameterFamily fam = parameter_family(problem_with("ellipse.json", "kudra-pade-first", 0), "force");
  const Diagram d = sweep(fam, -1.5, 1.5);
  CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
  const double F_star = Circle(fam.system(0.5)).load_limit(0.0, 1.0);
  for (const auto& [F, w] : {std::pair{F_star, Circle::w(0.0)}, std::pair{-F_star, Circle::w(M_PI)}})
    CHECK(std::any_of(d.events.begin(), d.events.end(), [&](const Event& e) {
      return e.kind == EventKind::kink && std::abs(e.p - F) <= kink_load_tol && (e.directions.front() - w).norm() <= 1e-9;
    }));
}

TEST_CASE("Kinks: find-limits finds the zero on the equator next to the kink load of the disc") {
  const ParameterFamily fam = parameter_family(problem_with("disc.json", "kireenkov-pade", 1), "force");
  const System s = fam.system(0.5);
  const double F_star = Circle(s).load_limit(0.0, 1.0);
  // 1.5e-5 below the kink load (the offset of a sweep's checks at an event): the pair of zeros
  // lies ~1e-5 from the equator point, where Newton from the mesh finds only the pair
  const double F = F_star - 1.5e-5;
  // the grid of the whole circle does not separate them: 1e-6 steps on |t| <= 1e-3, the
  // usual grid elsewhere (no zero lies near |t| = 1e-3 at this load)
  constexpr double near = 1e-3;
  const Circle circle(s);
  std::vector<Eigen::Vector3d> ref = circle.zeros(F, -near, near, 2000);
  REQUIRE(ref.size() == 3);
  for (const Eigen::Vector3d& w : circle.zeros(F, near, 2 * M_PI - near)) ref.push_back(w);
  check_circle_directions(fam.system(F), F, ref);
  const LimitSet set = find_limit_directions(fam.system(F), F);
  CHECK(set.certificate.index_sum == 2);
}

// The seeding sweeps of bifurcation-map (issue 20) met two pairs of zeros that the mesh does not
// separate and that find-limits then looked for only along the smaller eigenvalue of J_T, with a
// central difference: (a) the ball (lambda, F = 0.1) just past the nonsmooth pitchfork on the
// kinked equator, a saddle in each hemisphere ~1e-4 from the equator's node (each a partner of
// the node on its own side only); (b) the disc (j = 0.650506) at F = 7.6e-5, just below the
// fold next to the pole, where the pair lies along the circle but J_T's smaller eigenvalue is
// the one across it. The parameter values are those the maps' sweeps checked; the zeros are the
// circle's, by bisection (the pair of (a) on a 1e-6 grid about w = (-1, 0, 0), as above).
TEST_CASE("Kinks: find-limits finds each zero of a pair next to the kinked equator (ball) and next to the pole (disc)") {
  constexpr double near = 1e-3;
  {
    Problem problem = problem_with("ball.json", "kireenkov-pade", 1);
    problem.force = 0.1;
    const ParameterFamily fam = parameter_family(problem, "lambda");
    const System s = fam.system(0.37269599625);
    const Circle circle(s);
    std::vector<Eigen::Vector3d> ref = circle.zeros(0.1, M_PI - near, M_PI + near, 2000);
    REQUIRE(ref.size() == 3);  // the node on the equator and a saddle on each side
    CHECK(std::abs(ref[0].z()) > 1e-5);
    CHECK(std::abs(ref[2].z()) > 1e-5);
    for (const Eigen::Vector3d& w : circle.zeros(0.1, -M_PI + near, M_PI - near)) ref.push_back(w);
    check_circle_directions(s, 0.1, ref);
    CHECK(find_limit_directions(s, 0.1).certificate.index_sum == 2);
  }
  {
    Problem problem = problem_with("disc.json", "kireenkov-pade", 1);
    problem.system.j = 0.6505059999999999;
    const ParameterFamily fam = parameter_family(problem, "force");
    constexpr double F = 7.64454556195e-05;
    const System s = fam.system(F);
    // on the side w1 < 0 of the poles: the pair (node and saddle) in each hemisphere
    int pairs = 0;
    for (const Eigen::Vector3d& w : Circle(s).zeros(F))
      if (w.x() < 0 && std::abs(w.z()) > 0.5) ++pairs;
    REQUIRE(pairs == 4);
    check_circle_directions(s, F);
    CHECK(find_limit_directions(s, F).certificate.index_sum == 2);
  }
}

TEST_CASE("Kinks: a general system crosses the equator off any symmetry, each kink event is a zero of V* there") {
  // general.json (coupled mass matrix, load offset along z): no invariant circle, so the check
  // is that the event's w on the equator is a zero of V* at its load, from q and M here: the
  // event's w lies within the kink reach 1e3 h_min = 1e-6 of the branch (a stop) or on it to
  // p_tol = 1e-11 (a crossing), and |DV*| <= |M^-1| (|dq/dw| + |c|) ~ 10 for this system
  constexpr double kink_residual_tol = 1e-5;
  for (const std::string model : {"kireenkov-pade", "kudra-pade"}) {
    CAPTURE(model);
    const Problem problem = problem_with("general.json", model, 1);
    const ParameterFamily fam = parameter_family(problem, "force");
    const Diagram d = sweep(fam, 0.001, 1.5);
    CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
    int kinks = 0;
    for (const Event& e : d.events) {
      if (e.kind != EventKind::kink) continue;
      ++kinks;
      const System s = fam.system(e.p);
      const Eigen::Vector3d w = e.directions.front();
      CHECK(w.z() == 0.0);
      const Eigen::Vector3d f = s.M_inv() * s.friction().q(w) + s.c(e.p);
      CHECK((f - w.dot(f) * w).norm() <= kink_residual_tol);
    }
    CHECK(kinks > 0);
  }
}

TEST_CASE("Kink sets: the Pade models (9)-(10) of the core paper report theirs") {
  // order 1: Q = 1 - a s + ... on the equator (s = |w3|/(r w12)), a kink; order 2: C^1 there
  // (sgn(w3) T = (w3/(r w12)) (m + (1 - m^2) s + ...), m = 0.375 on the disc)
  const ParameterFamily p1 = parameter_family(problem_with("disc.json", "pade", 1), "force");
  const ParameterFamily p2 = parameter_family(problem_with("disc.json", "pade", 2), "force");
  CHECK(p1.system(0.5).friction().kink_sets().equator == Smoothness::kink);
  CHECK(p1.system(0.5).friction().kink_sets().poles == Smoothness::kink);
  CHECK(p2.system(0.5).friction().kink_sets().equator == Smoothness::c1);
}

TEST_CASE("Kinks: the disc with the core paper's Pade models (9) and (10) is swept across the equator") {
  for (int order : {1, 2}) {
    CAPTURE(order);
    check_kinks("disc.json", "pade", order, 0.0, 1.5, true);
  }
}

// Through F = 0 (c = 0: the continuum of circles of latitude, section 5): the sweep is complete;
// its kink events at -+F* (the equator, both signs of w1) and, for a model with a cone at the
// poles, at F = 0 on a pole, where the branch of the circle meets the pole (F(t) -> 0 as t ->
// +-pi/2: the pole is a limit direction only at c = 0); the continuum's circles are the zeros of
// g(., 0) on the open quarter-circles (0, pi/2), found by bisection here.
void check_through_zero(const std::string& model, int order) {
  const Problem problem = problem_with("disc.json", model, order);
  const ParameterFamily fam = parameter_family(problem, "force");
  const Diagram d = sweep(fam, -1.5, 1.5);
  REQUIRE_MESSAGE(d.certificate.complete(), d.certificate.reason);
  const System s = fam.system(0.5);
  const Circle circle(s);
  const double F_star = circle.load_limit(0.0, 1.0);
  const auto kink_at = [&](double F, const Eigen::Vector3d& w, double tol) {
    return std::any_of(d.events.begin(), d.events.end(), [&](const Event& e) {
      return e.kind == EventKind::kink && std::abs(e.p - F) <= tol && (e.directions.front() - w).norm() <= tol;
    });
  };
  CHECK(kink_at(F_star, Circle::w(0.0), kink_load_tol));
  CHECK(kink_at(-F_star, Circle::w(M_PI), kink_load_tol));
  if (s.friction().kink_sets().poles == Smoothness::kink) {
    // the branch stops within the kink reach 1e3 h_min = 1e-6 of the pole
    constexpr double pole_reach = 1e-6;
    CHECK(std::abs(circle.load_limit(0.5 * M_PI, -1.0)) <= kink_load_tol);
    CHECK((kink_at(0.0, Circle::w(0.5 * M_PI), pole_reach) || kink_at(0.0, Circle::w(-0.5 * M_PI), pole_reach)));
  }
  const auto continuum = std::find_if(d.events.begin(), d.events.end(),
                                      [](const Event& e) { return e.kind == EventKind::continuum; });
  REQUIRE(continuum != d.events.end());
  CHECK(continuum->p == 0.0);
  std::vector<double> thetas{0.0};  // the equator (q = -(w1, w2, 0) at pure sliding)
  for (const Eigen::Vector3d& w : circle.zeros(0.0, 1e-3, 0.5 * M_PI - 1e-3, 5000)) {
    thetas.push_back(std::asin(w.z()));
    thetas.push_back(-std::asin(w.z()));
  }
  REQUIRE(continuum->circles.size() == thetas.size());
  for (double th : thetas)
    CHECK(std::any_of(continuum->circles.begin(), continuum->circles.end(),
                      [&](const LimitCircle& c) { return std::abs(c.theta - th) <= direction_tol; }));
  // find-limits agrees with the circle on both sides of 0
  for (double F : {-0.25, -1e-3, 1e-3, 0.25}) check_circle_directions(fam.system(F), F);
}

TEST_CASE("Kinks: the disc through F = 0 with Pade models (9)-(10), Kireenkov's and (38)-(39): circles at the continuum") {
  for (const auto& [model, order] : std::vector<std::pair<std::string, int>>{
           {"pade", 1}, {"pade", 2}, {"kireenkov-pade", 1}, {"kireenkov-pade", 2}, {"kudra-pade-first", 0}}) {
    CAPTURE(model);
    CAPTURE(order);
    check_through_zero(model, order);
  }
}

Event event_of(const Diagram& d, EventKind kind) {
  const auto it = std::find_if(d.events.begin(), d.events.end(), [&](const Event& e) { return e.kind == kind; });
  REQUIRE(it != d.events.end());
  return *it;
}

/// The fold of d (the model of circle c) against the fold of the reference diagram (circle
/// c_ref): on the invariant circle a fold is an extremum of F(t) = -e_t . M^-1 q(w(t)) / e_t . c1,
/// so the two folds' loads differ by at most sup |Delta F(t)| = sup |e_t . M^-1 (q - q_ref)| /
/// |e_t . c1| over the arc between their directions (fold_bound, computed here from both q);
/// and d's fold is an extremum of its own F(t) near its direction.
void check_fold_against(const Diagram& d, const Diagram& ref, const Circle& c, const Circle& c_ref) {
  const Event fold = event_of(d, EventKind::fold), fold_ref = event_of(ref, EventKind::fold);
  const auto t_of = [](const Eigen::Vector3d& w) { return std::atan2(w.z(), w.x()); };
  const double t0 = std::min(t_of(fold.directions.front()), t_of(fold_ref.directions.front()));
  const double t1 = std::max(t_of(fold.directions.front()), t_of(fold_ref.directions.front()));
  constexpr int n = 2000;
  double fold_bound = 0;
  for (int i = 0; i <= n; ++i) {
    const double t = t0 + (t1 - t0) * i / n;
    fold_bound = std::max(fold_bound, std::abs(c.load(t) - c_ref.load(t)));
  }
  CAPTURE(fold.p);
  CAPTURE(fold_ref.p);
  CAPTURE(fold_bound);
  MESSAGE("fold at F = ", fold.p, ", reference fold at F = ", fold_ref.p, ", bound sup |Delta F| = ", fold_bound);
  CHECK(std::abs(fold.p - fold_ref.p) <= fold_bound);
  // the largest or smallest F on a grid of step 1e-4 over +-0.1 rad, to the grid's error
  // |F''| (1e-4)^2/2
  constexpr double grid_extremum_tol = 1e-6;
  const double tf = t_of(fold.directions.front());
  double F_min = INFINITY, F_max = -INFINITY;
  for (int i = -1000; i <= 1000; ++i) {
    F_min = std::min(F_min, c.load(tf + 1e-4 * i));
    F_max = std::max(F_max, c.load(tf + 1e-4 * i));
  }
  const double F_ext = std::abs(F_min - fold.p) < std::abs(F_max - fold.p) ? F_min : F_max;
  CHECK(std::abs(F_ext - fold.p) <= grid_extremum_tol);
}

// The Pade models (9)-(10) against the exact model they are fitted to (same disc, same rho):
// both reproduce q and its slope at pure sliding (a and m are the exact model's end slopes,
// section 4), so the load where the Pade branch meets the equator with a kink is the exact
// model's pitchfork F = 1/2 (Sect. 7.4: C(0) = 1, and the slopes fix the branch's end), and
// the tangency F = 1 is shared. The folds differ by the model's approximation error
// (check_fold_against).
TEST_CASE("Kinks: the disc's Pade diagrams against the exact model's, within the Pade models' error") {
  const Diagram& exact = diagram_of("disc.json", "exact", 0, 1.5);
  REQUIRE_MESSAGE(exact.certificate.complete(), exact.certificate.reason);
  const System s_exact = parameter_family(problem_with("disc.json", "exact", 0), "force").system(0.5);
  for (int order : {1, 2}) {
    CAPTURE(order);
    const Diagram& d = diagram_of("disc.json", "pade", order, 1.5);
    REQUIRE_MESSAGE(d.certificate.complete(), d.certificate.reason);
    // the exact pitchfork and tangency to the events' tolerance (p_tol 1e-11 and the kink's 1e-9)
    CHECK(std::abs(event_of(d, EventKind::kink).p - event_of(exact, EventKind::pitchfork).p) <= kink_load_tol);
    CHECK(std::abs(event_of(d, EventKind::tangency).p - event_of(exact, EventKind::tangency).p) <= kink_load_tol);
    const System s = parameter_family(problem_with("disc.json", "pade", order), "force").system(0.5);
    check_fold_against(d, exact, Circle(s), Circle(s_exact));
  }
}

// Kireenkov's Pade models (9)-(10) against his exact model of the same coupled law
// (kireenkov-exact) at k0 = 0, where both are axisymmetric and w2 = 0 is invariant (section 4).
// Every event load of a Pade diagram lies within the models' own difference of F on the circle
// (from both q, here) of the exact diagram's, plus the events' location tolerance: the kink and
// the pitchfork where the branches meet w = (1, 0, 0), lim F(t) as t -> 0; the tangency there,
// F = -w . (M^-1 q + c(0)) / w . c1 (rdot = 0); the folds by check_fold_against.
TEST_CASE("Kinks: Kireenkov's Pade models (9)-(10) against kireenkov-exact at k0 = 0, within their error") {
  const Diagram& exact = diagram_of("disc.json", "kireenkov-exact", 0, 1.5);
  REQUIRE_MESSAGE(exact.certificate.complete(), exact.certificate.reason);
  const System s_exact = parameter_family(problem_with("disc.json", "kireenkov-exact", 0), "force").system(0.5);
  const Circle c_exact(s_exact);  // Circle keeps a pointer to the system's model
  const Eigen::Vector3d w_eq = Circle::w(0.0);
  const auto tangency_load = [&](const Circle& c) {
    return -w_eq.dot(c.Minv * c.model->q(w_eq) + c.c0) / w_eq.dot(c.c1);
  };
  for (int order : {1, 2}) {
    CAPTURE(order);
    const Diagram& d = diagram_of("disc.json", "kireenkov-pade", order, 1.5);
    REQUIRE_MESSAGE(d.certificate.complete(), d.certificate.reason);
    const System s = parameter_family(problem_with("disc.json", "kireenkov-pade", order), "force").system(0.5);
    const Circle c(s);
    const double kink_bound = std::abs(c.load_limit(0.0, 1.0) - c_exact.load_limit(0.0, 1.0)) + kink_load_tol;
    CAPTURE(kink_bound);
    CHECK(std::abs(event_of(d, EventKind::kink).p - event_of(exact, EventKind::pitchfork).p) <= kink_bound);
    const double tangency_bound = std::abs(tangency_load(c) - tangency_load(c_exact)) + kink_load_tol;
    CAPTURE(tangency_bound);
    CHECK(std::abs(event_of(d, EventKind::tangency).p - event_of(exact, EventKind::tangency).p) <= tangency_bound);
    check_fold_against(d, exact, c, c_exact);
  }
}

// A branch through a pole off any symmetry: general.json (coupled mass matrix) with its load
// offset e = M e3 - q(e3), so that at F = 0 the field M^-1 q + c is e3 at the pole, a limit
// direction there (V* = 0) and at no other load near it (c varies with F along M^-1 d, which
// has an x component). Order 1 has a cone at the poles: the branch through the pole at F = 0
// gets its kink event there (a stop within the kink reach, or a crossing located by bisection
// in arclength on (w1, w2)).
TEST_CASE("Kinks: a branch of a general system through a pole gets a kink event at the pole") {
  for (const auto& [model, order] : std::vector<std::pair<std::string, int>>{
           {"kireenkov-pade", 1}, {"pade", 1}, {"kudra-pade-first", 0}, {"kireenkov-pade", 2}, {"pade", 2}}) {
    CAPTURE(model);
    CAPTURE(order);
    Problem problem = problem_with("general.json", model, order);
    // order 2 is C^1, not C^2, at the poles when a != 1 (Hertz: a = pi I_0 != 1; uniform: a = 1)
    if (order == 2) problem.pressure = Pressure::hertz();
    const System s0 = parameter_family(problem, "force").system(0.0);
    const Eigen::Vector3d e3 = Eigen::Vector3d::UnitZ();
    problem.system.load_offset = problem.system.mass * e3 - s0.friction().q(e3);
    const ParameterFamily fam = parameter_family(problem, "force");
    const System s = fam.system(0.0);
    // the pole is a zero of V* at F = 0 (to rounding), computed from q and M here
    const Eigen::Vector3d f = s.M_inv() * s.friction().q(e3) + s.c(0.0);
    REQUIRE((f - f.dot(e3) * e3).norm() <= 1e-14);
    const Diagram d = sweep(fam, -0.5, 0.5);
    CHECK_MESSAGE(d.certificate.complete(), d.certificate.reason);
    constexpr double pole_reach = 1e-6;  // 1e3 h_min, as above
    CHECK(std::any_of(d.events.begin(), d.events.end(), [&](const Event& e) {
      return e.kind == EventKind::kink && std::abs(e.p) <= pole_reach && (e.directions.front() - e3).norm() <= pole_reach;
    }));
  }
}

}  // namespace test_kinks
