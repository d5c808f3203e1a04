// The events of load sweeps on the invariant circle w2 = 0 (Sect. 7.4 [Nonlinear Dyn. 2024]) for
// harmonic models of many degrees (issue 19), against an independent computation here: the
// extrema of h(u) = A(u)^2 (1 - u) (folds), h(0) (pitchfork), b1 C(0) and h at the roots of S
// (tangencies) of (132), with c1 = a F + b, from the model's Fourier coefficients c_i, s_i (83)
// summed as (84)-(85) in long double: with w3 = sin(phi),
//     C = sum_i c_i cos((2i-1) phi) / cos(phi),   S = sum_i s_i sin((2i-1) phi) / sin(phi)
// (cos((2i-1) t) = cos t (-1)^(i-1) U_{2i-2}(sin t), sin((2i-1) t) = (-1)^(i-1) T_{2i-1}(sin t)),
// so g = A cos(phi), h = g^2; no Chebyshev series in y, no code of continuation/ or numerics/.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <complex>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace test_circle_events {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

using Real = long double;

struct Expected {
  EventKind kind;
  double F;
};

// The circle's functions of phi in (0, pi/2) (w3 = sin phi) for one problem.
struct Circle {
  std::vector<Real> c, s;
  Real b1, b3k, a, b;

  // cos((2i+1) phi) + i sin((2i+1) phi) = e^{i phi} (e^{2 i phi})^i, by repeated rotation
  // (N products in long double: ~N 1e-19, far below the tolerances; N trig calls fewer)
  static Real sum_of(const std::vector<Real>& a, Real phi, bool sine) {
    const std::complex<Real> step = std::polar(Real(1), 2 * phi);
    std::complex<Real> z = std::polar(Real(1), phi);
    Real t = 0;
    for (const Real ai : a) {
      t += ai * (sine ? z.imag() : z.real());
      z *= step;
    }
    return t;
  }
  Real C(Real phi) const { return sum_of(c, phi, false) / std::cos(phi); }
  Real S(Real phi) const {
    if (phi == 0) {  // sin((2i-1) phi)/sin(phi) -> 2i - 1
      Real t = 0;
      for (std::size_t i = 0; i < s.size(); ++i) t += s[i] * (2 * i + 1);
      return t;
    }
    return sum_of(s, phi, true) / std::sin(phi);
  }
  // h = A^2 (1 - u) = (A cos phi)^2
  Real h(Real phi) const {
    const Real g = (b1 * C(phi) - b3k * S(phi)) * std::cos(phi);
    return g * g;
  }
};

Circle circle_of(const Problem& p) {
  const auto model = make_friction_model(p);
  const auto* H = dynamic_cast<const HarmonicModel*>(model.get());
  REQUIRE(H != nullptr);
  const System sys = make_system(p);
  Circle out;
  out.c.assign(H->c().begin(), H->c().end());
  out.s.assign(H->s().begin(), H->s().end());
  out.b1 = sys.M_inv()(0, 0);
  out.b3k = static_cast<Real>(sys.M_inv()(2, 2)) * H->kappa_over_rho();
  const Eigen::Vector3d d = sys.M_inv() * sys.load_direction(), e = sys.M_inv() * sys.load_offset();
  out.a = d.x();
  out.b = e.x();
  return out;
}

// The event loads in [F0, F1] of (132) computed as above: h's interior extrema (grid, then
// golden section), the pitchfork h(0) (phi = 0 is u = 0), the tangencies b1 C(0) and h at the
// sign changes of S (grid, then bisection).
std::vector<Expected> expected_events(const Circle& k, double F0, double F1) {
  // a grid finer than the oscillation of the degree-400 sums (pi/2 / 800 per half-wave)
  constexpr int grid = 40000;
  const Real top = std::acos(Real(-1)) / 2;
  std::vector<Expected> out;
  const auto add = [&](EventKind kind, Real value) {
    if (!(value > 0)) return;
    for (Real sign : {Real(1), Real(-1)}) {
      const Real F = (sign * std::sqrt(value) - k.b) / k.a;
      if (F >= F0 && F <= F1) out.push_back({kind, static_cast<double>(F)});
    }
  };
  std::vector<Real> phi(grid + 1), hv(grid + 1), sv(grid + 1);
  for (int i = 0; i <= grid; ++i) {
    phi[i] = top * i / grid;
    hv[i] = k.h(phi[i]);
    sv[i] = k.S(phi[i]);
  }
  for (int i = 1; i < grid; ++i) {
    const bool max = hv[i] > hv[i - 1] && hv[i] >= hv[i + 1], min = hv[i] < hv[i - 1] && hv[i] <= hv[i + 1];
    if (!max && !min) continue;
    // golden section on [phi_{i-1}, phi_{i+1}] to the long double's resolution of an extremum
    Real lo = phi[i - 1], hi = phi[i + 1];
    const Real r = (std::sqrt(Real(5)) - 1) / 2;
    const auto f = [&](Real x) { return max ? -k.h(x) : k.h(x); };
    for (int it = 0; it < 200 && hi - lo > 1e-18L; ++it) {
      const Real x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
      (f(x1) < f(x2) ? hi : lo) = f(x1) < f(x2) ? x2 : x1;
    }
    const Real m = (lo + hi) / 2;
    if (k.h(m) > 1e-30L) add(EventKind::fold, k.h(m));  // h = 0: c1 = 0, the continuum
  }
  add(EventKind::pitchfork, k.h(0));
  add(EventKind::tangency, k.b1 * k.C(0) * k.b1 * k.C(0));
  for (int i = 0; i < grid; ++i) {
    if ((sv[i] < 0) == (sv[i + 1] < 0)) continue;
    Real lo = phi[i], hi = phi[i + 1];
    const bool rising = sv[i] < 0;
    for (int it = 0; it < 200 && hi - lo > 1e-19L; ++it) {
      const Real m = (lo + hi) / 2;
      ((k.S(m) < 0) == rising ? lo : hi) = m;
    }
    add(EventKind::tangency, k.h((lo + hi) / 2));
  }
  return out;
}

Problem problem_of(const std::string& name, int N) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name + ".json");
  p.friction.degree = N;
  return p;
}

// Located to p_tol = 1e-11 (ContinuationOptions) and computed above to ~1e-15 in h (flat at a
// fold, so ~1e-15 in F; 1e-19 in phi at a tangency): 1e-9 covers both with room and is far
// below the distance between distinct events.
constexpr double event_tol = 1e-9;
// The events this close to an end of the range are not traced across (event_check_offset).
constexpr double end_margin = 1e-4;

void check_sweep(const std::string& name, int N, double F0, double F1, bool prove) {
  const Problem p = problem_of(name, N);
  ContinuationOptions opt;
  opt.prove = prove;
  const Diagram d = sweep(parameter_family(p, "force"), F0, F1, opt);
  INFO(name << " N = " << N << " on [" << F0 << ", " << F1 << "]: " << d.certificate.reason);
  CHECK(d.certificate.complete());
  const auto kind_of = [](EventKind k) { return k == EventKind::branch_point ? EventKind::pitchfork : k; };
  const std::vector<Expected> expected = expected_events(circle_of(p), F0, F1);
  const auto inside = [&](double F) { return F > F0 + end_margin * (F1 - F0) && F < F1 - end_margin * (F1 - F0); };
  int located = 0;
  for (const Event& e : d.events) {
    if (e.kind == EventKind::continuum || !inside(e.p)) continue;
    ++located;
    bool found = false;
    for (const Expected& x : expected) found = found || (x.kind == kind_of(e.kind) && std::abs(x.F - e.p) <= event_tol);
    INFO(to_string(e.kind) << " located at F = " << e.p);
    CHECK(found);
  }
  int wanted = 0;
  for (const Expected& x : expected)
    if (inside(x.F)) {
      ++wanted;
      bool found = false;
      for (const Event& e : d.events) found = found || (x.kind == kind_of(e.kind) && std::abs(x.F - e.p) <= event_tol);
      INFO(to_string(x.kind) << " of (132) at F = " << x.F);
      CHECK(found);
    }
  CHECK(located == wanted);
}

}  // namespace

TEST_CASE("Issue 19: the events of the disc and ball on the invariant circle agree with (132) for N = 2..40, "
          "on [0, F1] and through F = 0") {
  // F1 = 1.5 (disc), 4 (ball): above the tangency F_T = b1 C(0) of every degree
  for (int N = 2; N <= 40; ++N) {
    // the proof (interval Clenshaw over the sphere, ~N^2) is kept for the small degrees
    const bool prove = N <= 12;
    check_sweep("disc", N, 0.001, 1.5, prove);
    check_sweep("disc", N, -1.5, 1.5, prove);
    check_sweep("ball", N, 0.001, 4.0, prove);
    check_sweep("ball", N, -4.0, 4.0, prove);
  }
}

TEST_CASE("Issue 34: every degree N = 41..160 of the disc and the ball agrees with (132), on [0, F1] and through F = 0") {
  // (N = 2..40 above.) The fold pairs of (132) next to the pitchfork narrow as N grows (at
  // N = 64 the disc's is ~7e-4 wide in F, at 400 ~1e-5): none may be jumped, and no step may
  // land on the equator's branch where it crosses the pitchfork's
  for (int N = 41; N <= 160; ++N) {
    check_sweep("disc", N, 0.001, 1.5, false);
    check_sweep("disc", N, -1.5, 1.5, false);
    check_sweep("ball", N, 0.001, 4.0, false);
    check_sweep("ball", N, -4.0, 4.0, false);
  }
}

TEST_CASE("Issue 34: at N = 64 the disc's branch through the pitchfork keeps to itself across the fold pair") {
  // (132) at N = 64: the pitchfork at F = 0.49915 and the folds at 0.49981 (w3 = +-0.0286) on
  // either side of it, all within one step of the walk (h = 0.05), which sees the branch point
  // alone. Its bisection landed on the equator's branch (w = e1, at F = 0.490), whose node then
  // cut the fold pair out of the polyline, and find-limits at F = 0.4998 saw two directions on
  // no branch (exit 3). check_sweep asserts every event of (132) and nothing else.
  check_sweep("disc", 64, 0.001, 1.5, false);
}

TEST_CASE("Issue 19: at N = 31 the disc's diagram holds the small fold pair of (132) near F = 0.4995") {
  // (132) at N = 31 has a fold pair of h in u ~ 4.5e-4 between the pitchfork and the tangency:
  // the branch from the pitchfork folds back within [0.499516, 0.499539], narrower than one
  // step of the walk; the checks against find-limits see the two directions more and the branch
  // is traced again there in finer steps. check_sweep asserts the diagram complete with every
  // event of (132), computed independently above.
  for (const double F0 : {0.001, -1.5}) check_sweep("disc", 31, F0, 1.5, false);
}

TEST_CASE("Issue 19: the disc's diagram at N = 12 is proven, with the two folds of (132)") {
  const Problem p = problem_of("disc", 12);
  const Diagram d = sweep(parameter_family(p, "force"), 0.001, 1.5);
  INFO(d.certificate.reason);
  CHECK(d.certificate.level == Level::proven);
  int folds = 0;
  for (const Event& e : d.events) folds += e.kind == EventKind::fold;
  CHECK(folds == 2);
}

TEST_CASE("Issue 19: large degrees (N = 100, 400) on the disc") {
  check_sweep("disc", 100, 0.001, 1.5, false);
  // at N = 400 the fold pair next to the pitchfork near F = 0.49999 is ~1e-5 wide in F
  check_sweep("disc", 400, 0.001, 1.5, false);
}

TEST_CASE("Issue 19: a root of (132) that cannot be decided leaves the diagram incomplete, with the reason") {
  // s = (2, -1, 1): with sin((2i-1) phi)/sin(phi) = 1, 3 - 4u, 16 u^2 - 20 u + 5 (u = w3^2),
  // S = 2 - (3 - 4u) + (16 u^2 - 20 u + 5) = 4 (2u - 1)^2, a double root at u = 1/2 (phi = pi/4)
  // that no sign change isolates; c = (1, 0, 0) gives C = 1.
  const Problem p = problem_of("disc", 3);
  const auto reference = make_friction_model(p);
  const std::vector<double> c{1, 0, 0}, s{2, -1, 1};
  const auto model = std::make_shared<const HarmonicModel>(c, s, reference->rho_over_R(), reference->kappa_over_rho(),
                                                           "S with a double root");
  // the double root, from the sums (84)-(85) of the Circle above
  Circle k;
  k.c.assign(c.begin(), c.end());
  k.s.assign(s.begin(), s.end());
  const Real quarter = std::acos(Real(-1)) / 4;
  constexpr double summed_zero = 1e-15;  // three terms of size <= 2, summed in long double: ~1e-18
  CHECK(std::abs(k.S(quarter)) <= summed_zero);
  CHECK(k.S(quarter - Real(0.1)) > 0);
  CHECK(k.S(quarter + Real(0.1)) > 0);

  const auto system = std::make_shared<const System>(make_system(p, model));
  ParameterFamily family = parameter_family(p, "force");
  family.system = [system](double) { return *system; };
  const Diagram d = sweep(family, 0.001, 1.5);
  INFO(d.certificate.reason);
  CHECK(d.certificate.level == Level::incomplete);
  CHECK(d.certificate.reason.find("the event loads of (132) on the invariant circle could not be decided") !=
        std::string::npos);
  CHECK(d.certificate.reason.find("tangencies") != std::string::npos);
}

TEST_CASE("Issue 19: the disc's and ball's diagrams through F = 0 are proven (branches pass the poles at the continuum)") {
  // At F = 0 (c1 = 0) the non-trivial branches cross from one graph F(u) = (+-sqrt(h(u)) - b)/a
  // of (132) to the other through a pole (u = 1, where w1 = c1/A(u) changes sign): the proof of
  // the branch segments must see that crossing (the bench proven/disc_harmonic2_through_0).
  for (const auto& [name, F1, N] : {std::tuple{"disc", 1.5, 2}, std::tuple{"disc", 1.5, 4}, std::tuple{"disc", 1.5, 12},
                                    std::tuple{"ball", 4.0, 2}}) {
    const Diagram d = sweep(parameter_family(problem_of(name, N), "force"), -F1, F1);
    INFO(name << " N = " << N << ": " << d.certificate.reason);
    CHECK(d.certificate.level == Level::proven);
  }
}

}  // namespace test_circle_events
