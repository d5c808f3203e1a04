// Load sweeps of the exact model on the invariant circle w2 = 0 (Sect. 7.4 [Nonlinear Dyn.
// 2024]): the disc (11)-(13) with j = 1/2, rho = kappa, uniform (57)-(60), Hertz (61)-(63) and
// Galin's pressure (closed form, docs/manual.md section 4). The truth is computed here without the library's friction code: along
// w = (-sqrt(1 - u), 0, sqrt(u)) the load of a limit direction is c1 = F with
//     c1(u) = b3 w1 q3/w3 - b1 q1     (rows 1 and 3 of M^-1 q + c = lambda w, (125)),
// q by the brute-force quadrature of the contact integral (23) (tests/reference_quadrature.hpp,
// no elliptic integrals); the folds are the interior extrema of h = c1^2 in u, found by a scan
// and golden-section search. The pitchfork and the tangency follow in closed form from the
// pressure's moments: C(0) = 1 (Coulomb at pure sliding), S(0) = M_3/(2 M_2) R/rho, so
// F_T = b1 C(0) = 1 and F_P = |b1 - b3 (kappa/rho) S(0)| = 1/2 (uniform), 3/5 (Hertz), 1/3 (Galin:
// M_3 = 2/3, M_2 = pi/4, rho = pi/4, so S(0) = 16/(3 pi^2) and b3 = rho^2/j = pi^2/8).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "continuation/circle_proof.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "reference_quadrature.hpp"

namespace test_exact_circle_sweep {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// The reference's error is ~1e-15 |q| (reference_quadrature.hpp) and h is flat at a fold, so
// h on the golden-section bracket of width 1e-9 is within ~h'' 1e-18 + 1e-15 of h(u*), F to
// ~1e-14: 5e-14 covers that, and stays below the 1e-13 between the fold and the end of the
// ranges of the hard-window case.
constexpr double kFoldTruth = 5e-14;
constexpr double kGolden = 1e-9;
// Located to p_tol = 1e-11 (ContinuationOptions): 1e-9 is ample and far below the gaps.
constexpr double kLocated = 1e-9;

struct Disc {
  reference::RadialPressure pressure;
  Pressure model_pressure;
  double F_P;  // closed-form pitchfork load
};

Problem disc_problem(const Pressure& pressure) {
  Problem p = load_problem(std::string(LIMITDIR_SHARE_DIR) + "/problems/disc-exact.json");
  p.pressure = pressure;
  return p;
}

// c1(u) of the disc (b1 = 1, b3 = rho^2/j) from the reference quadrature.
double c1_of(const reference::RadialPressure& pressure, double rho, double j, double u) {
  const Eigen::Vector3d w(-std::sqrt(1.0 - u), 0.0, std::sqrt(u));
  const Eigen::Vector3d q = reference::friction(pressure, w, rho);
  return rho * rho / j * w.x() * q.z() / w.z() - q.x();
}

// The interior extrema of h = c1^2 on (0, 1): scanned on 40 points, refined by golden section.
std::vector<double> fold_loads(const reference::RadialPressure& pressure, double rho, double j) {
  const auto h = [&](double u) { return std::pow(c1_of(pressure, rho, j, u), 2); };
  constexpr int n = 40;
  std::vector<double> H;
  for (int i = 0; i <= n; ++i) H.push_back(h((i + 0.5) / (n + 1.0)));
  std::vector<double> out;
  for (int i = 1; i < n; ++i) {
    const bool max = H[i] > H[i - 1] && H[i] > H[i + 1], min = H[i] < H[i - 1] && H[i] < H[i + 1];
    if (!max && !min) continue;
    double a = (i - 0.5) / (n + 1.0), b = (i + 1.5) / (n + 1.0);
    const double r = (std::sqrt(5.0) - 1) / 2;
    while (b - a > kGolden) {
      const double x = b - r * (b - a), y = a + r * (b - a);
      ((h(x) > h(y)) == max ? b : a) = (h(x) > h(y)) == max ? y : x;
    }
    out.push_back(std::sqrt(h(0.5 * (a + b))));
  }
  return out;
}

int count(const Diagram& d, EventKind k, double F) {
  int n = 0;
  for (const Event& e : d.events) n += (e.kind == k || (k == EventKind::pitchfork && e.kind == EventKind::branch_point)) &&
                                       std::abs(e.p - F) <= kLocated;
  return n;
}

}  // namespace

TEST_CASE("(132) exact uniform, Hertz and Galin disc: the sweep over [0.01, 1.5] is proven, its events enclosed "
          "around the truth") {
  for (const Disc& k : {Disc{reference::uniform_pressure(), Pressure::uniform(), 0.5},
                        Disc{reference::hertz_pressure(), Pressure::hertz(), 0.6},
                        Disc{reference::galin_pressure(), Pressure::galin(), 1.0 / 3.0}}) {
    const Problem p = disc_problem(k.model_pressure);
    const double rho = reference::kappa(k.pressure);
    const std::vector<double> folds = fold_loads(k.pressure, rho, p.system.j);
    const Diagram d = sweep(parameter_family(p, "force"), 0.01, 1.5);
    CAPTURE(k.model_pressure.name());
    INFO(d.certificate.reason);
    CHECK(d.certificate.level == Level::proven);
    CHECK(count(d, EventKind::pitchfork, k.F_P) == 1);
    CHECK(count(d, EventKind::tangency, 1.0) == 1);
    int in_range = 0;
    for (double F : folds)
      if (F > 0.01 && F < 1.5) {
        ++in_range;
        CHECK(count(d, EventKind::fold, F) == 1);
      }
    CHECK(d.events.size() == 2 + static_cast<std::size_t>(in_range));
    // the enclosures of the proof, each around its truth
    const System sys = make_system(p);
    const auto ev = detail::enclose_circle_events(sys, 0.01, 1.5);
    REQUIRE(ev);
    REQUIRE(ev->proven);
    CHECK(ev->events.size() == 2 + static_cast<std::size_t>(in_range));
    for (const detail::EventEnclosure& e : ev->events) {
      CAPTURE(mid_of(e.F));
      CHECK(width_of(e.F) < 1e-12);
      bool truth = false;
      if (e.kind == EventKind::pitchfork) truth = e.F.lower() <= k.F_P && k.F_P <= e.F.upper();
      if (e.kind == EventKind::tangency) truth = e.F.lower() <= 1.0 && 1.0 <= e.F.upper();
      if (e.kind == EventKind::fold)
        for (double F : folds) truth = truth || (e.F.lower() - kFoldTruth <= F && F <= e.F.upper() + kFoldTruth);
      CHECK(truth);
    }
  }
}

TEST_CASE("(132) exact disc: the enclosures of a range ending within 1e-13 of the fold claim nothing false") {
  // the fold from the reference quadrature (to ~1e-15); a range ending 1e-13 on either side of
  // it: when proven, the fold is listed exactly when it is inside, its enclosure around the
  // truth and inside the range; otherwise the reason names the end
  const Problem p = disc_problem(Pressure::uniform());
  const reference::RadialPressure pressure = reference::uniform_pressure();
  // the extrema of h: the fold and a minimum h = 0 where A = 0 (c1 = 0, the continuum's circles)
  std::vector<double> folds;
  for (double F : fold_loads(pressure, reference::kappa(pressure), p.system.j))
    if (F > 0.05) folds.push_back(F);
  REQUIRE(folds.size() == 1);
  const double F = folds[0];
  for (double end : {F - 1e-13, F + 1e-13}) {
    const auto ev = detail::enclose_circle_events(make_system(p), 0.05, end);
    REQUIRE(ev);
    INFO(ev->reason);
    if (!ev->proven) {
      CHECK(ev->reason.find("at an end of the range") != std::string::npos);
      continue;
    }
    REQUIRE(ev->events.size() == (end > F ? 1u : 0u));
    for (const detail::EventEnclosure& e : ev->events) {
      CHECK(e.F.lower() - kFoldTruth <= F);
      CHECK(F <= e.F.upper() + kFoldTruth);
      CHECK(e.F.upper() <= end);
    }
  }
}

TEST_CASE("(132) exact disc: a range ending within 1e-13 of the pitchfork is not proven wrongly") {
  const Problem p = disc_problem(Pressure::uniform());
  for (double end : {0.5 - 1e-13, 0.5 + 1e-13}) {
    const Diagram d = sweep(parameter_family(p, "force"), 0.3, end);
    INFO(d.certificate.reason);
    CHECK(d.certificate.level != Level::proven);
    CHECK(!d.certificate.reason.empty());
    // the enclosures themselves, when proven: the pitchfork F_P = 1/2 listed exactly when it is
    // in the range, inside its enclosure, which lies in the range
    const auto ev = detail::enclose_circle_events(make_system(p), 0.3, end);
    REQUIRE(ev);
    if (ev->proven) {
      REQUIRE(ev->events.size() == (end > 0.5 ? 1u : 0u));
      for (const detail::EventEnclosure& e : ev->events) {
        CHECK(e.F.lower() <= 0.5);
        CHECK(0.5 <= e.F.upper());
        CHECK(e.F.upper() <= end);
      }
    }
  }
}

}  // namespace test_exact_circle_sweep
