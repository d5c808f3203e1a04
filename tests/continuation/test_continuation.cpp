// Branches of limit directions and their bifurcations (continuation/continuation.hpp: sweep,
// parameter_family, Diagram) against [Nonlinear Dyn. 2024] Sect. 7.4-7.5, (126)-(141), with the errata of
// docs/errata.md (tangency where R* = 0; Case 4 created by the fold F_F, whose directions
// have w1 < 0; the non-trivial directions are attracting). Every reference value is obtained
// here, independently of lib/src/continuation/continuation.cpp and limits/limits.cpp:
//  * the closed forms (130), (133), (137)-(138), (140)-(141) evaluated from the models'
//    polynomial coefficients C_i, S_i of (85) (checked against (83)-(84) in friction/test_harmonic.cpp),
//    and (138) itself checked against a direct maximisation of |k1 + k2 u| sqrt(1 - u);
//  * for the exact model, C(0) = 1 and S(0) = 9/16 from (79), and its fold by a golden-section
//    maximisation of -(C - 8/9 S) sqrt(1 - w3^2) on the meridian functions;
//  * for folds in lambda, the two equations g = F^2, dg/du = 0 of g(u) = A_lambda(u)^2 (1 - u)
//    solved here by a scan and bisection along the curve dg/du = 0;
//  * V*, R* and the types on the sphere recomputed from M, the load and q(w)
//    (limits_reference.hpp) and, for the branch counts, find_limit_directions.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/limits/classify.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "limits_reference.hpp"

namespace test_continuation {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

const double kDiscRow3 = 8.0 / 9.0;                           // (126): rho = kappa = 2R/3, j = 1/2
const double kBallRow3 = 45.0 * M_PI * M_PI / 512.0;          // (139): times 1/lambda^2
const Eigen::Vector3d e1 = Eigen::Vector3d::UnitX();

/// share/problems/<name> of the source tree (LIMITDIR_SHARE_DIR, tests/CMakeLists.txt).
std::string share_problem(const std::string& name) {
  return std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name;
}

Problem problem_with_degree(const std::string& file, int N) {
  Problem p = load_problem(share_problem(file));
  p.friction.model = "harmonic";
  p.friction.degree = N;
  return p;
}

/// The harmonic model that the family's systems actually use (its C_i, S_i feed the closed forms).
std::shared_ptr<const HarmonicModel> harmonic_of(const ParameterFamily& family, double p) {
  auto h = std::dynamic_pointer_cast<const HarmonicModel>(family.system(p).friction_ptr());
  REQUIRE(h != nullptr);
  return h;
}

std::vector<const Event*> events_of(const Diagram& d, EventKind k) {
  std::vector<const Event*> out;
  for (const Event& e : d.events)
    if (e.kind == k) out.push_back(&e);
  return out;
}

std::string describe(const Diagram& d) {
  std::ostringstream os;
  os.precision(15);
  os << "parameter " << d.parameter << " on [" << d.from << ", " << d.to << "], " << d.branches.size()
     << " branches; events:";
  for (const Event& e : d.events) {
    os << "\n  " << to_string(e.kind) << " p = " << e.p << (e.located ? "" : " (bracketed)") << " dirs: "
       << ref::format(e.directions);
  }
  os << "\nregions:";
  for (const Region& r : d.regions) {
    os << "\n  [" << r.from << ", " << r.to << "] count " << r.count << ":";
    for (const auto& t : r.types) os << " " << t.first << " x" << t.second;
  }
  os << "\ncertificate: " << (d.certificate.complete() ? "complete" : "incomplete") << " (" << d.certificate.reason
     << ")";
  return os.str();
}

/// The union of the directions of events of kind k located within tol of p0, deduplicated
/// (a symmetric pair of folds may come as one event with two directions or as two events).
std::vector<Eigen::Vector3d> directions_near(const Diagram& d, EventKind k, double p0, double tol, int* events) {
  std::vector<Eigen::Vector3d> all;
  *events = 0;
  for (const Event* e : events_of(d, k)) {
    if (std::abs(e->p - p0) > tol) continue;
    ++*events;
    for (const auto& w : e->directions) all.push_back(w);
  }
  return all;
}

/// Sweeps are shared between test cases (each is a few hundred continuation steps).
const Diagram& disc_diagram(int N) {
  static std::map<int, Diagram> cache;
  auto it = cache.find(N);
  if (it == cache.end()) {
    const ParameterFamily family = parameter_family(problem_with_degree("disc.json", N), "force");
    it = cache.emplace(N, sweep(family, 0.0, 1.5)).first;
  }
  return it->second;
}

/// g(z) = (k1 + k2 z)^2 (1 - z), z = w3^2: (132) for N = 2 with (136)-(137).
struct DiscN2 {
  double k1, k2;
  double g(double z) const { return std::pow(k1 + k2 * z, 2) * (1 - z); }
  /// g''(z) = 2 k2^2 (1 - z) - 4 k2 (k1 + k2 z)
  double g2(double z) const { return 2 * k2 * k2 * (1 - z) - 4 * k2 * (k1 + k2 * z); }
  double FF() const { return std::sqrt(4 * std::pow(k1 + k2, 3) / (27 * k2)); }  // (138)
  double zF() const { return (2 * k2 - k1) / (3 * k2); }                          // (138)
};

/// Golden-section maximum of a unimodal f on [a, b].
template <class Fn>
std::pair<double, double> golden_max(const Fn& f, double a, double b, double tol = 1e-12) {
  const double r = (std::sqrt(5.0) - 1) / 2;
  double x1 = b - r * (b - a), x2 = a + r * (b - a), f1 = f(x1), f2 = f(x2);
  while (b - a > tol) {
    if (f1 < f2) {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + r * (b - a);
      f2 = f(x2);
    } else {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - r * (b - a);
      f1 = f(x1);
    }
  }
  const double x = 0.5 * (a + b);
  return {x, f(x)};
}

std::string type_name(Radial r, SphereType t) { return to_string(r) + " " + to_string(t); }

/// Own classification on the sphere from a finite-difference chart Jacobian of V*.
std::string own_sphere_type(const Eigen::Matrix2d& J, double* margin) {
  Eigen::EigenSolver<Eigen::Matrix2d> es(J, false);
  const Eigen::Vector2cd ev = es.eigenvalues();
  *margin = std::min(std::abs(ev(0).real()), std::abs(ev(1).real()));
  const bool complex_pair = std::abs(ev(0).imag()) > 1e-9;
  if (complex_pair) return ev(0).real() < 0 ? "stable-focus" : "unstable-focus";
  if (ev(0).real() < 0 && ev(1).real() < 0) return "stable-node";
  if (ev(0).real() > 0 && ev(1).real() > 0) return "unstable-node";
  return "saddle";
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("(130), (133), (138): tangency, pitchfork and fold of the disc located to 1e-10") {
  for (int N = 1; N <= 2; ++N) {
    CAPTURE(N);
    const ParameterFamily family = parameter_family(problem_with_degree("disc.json", N), "force");
    CHECK(family.name == "force");
    const auto hp = harmonic_of(family, 0.5);
    const HarmonicModel& h = *hp;
    REQUIRE(h.degree() == N);
    const std::vector<double>&C = h.C(), &S = h.S();
    const double FT = C[0];                   // (130): C(0) = C1
    const double FP = C[0] - kDiscRow3 * S[0];  // (133)
    const Diagram& d = disc_diagram(N);
    INFO(describe(d));
    CHECK(d.parameter == "force");

    // tangency: exactly one, at (1, 0, 0), where rdot = -C1 + F = 0 (129)
    const auto tangencies = events_of(d, EventKind::tangency);
    CHECK(tangencies.size() == 1);
    for (const Event* e : tangencies) {
      CHECK(e->located);
      CHECK(std::abs(e->p - FT) <= 1e-10);
      REQUIRE(!e->directions.empty());
      for (const auto& w : e->directions) CHECK((w - e1).norm() <= 1e-10);
    }
    // pitchfork: exactly one, at (1, 0, 0); the non-trivial directions (131) leave it as
    // w3^2 ~ 2 F_P |F - F_P| / (k1^2 - 2 k1 k2) (~1e-10 for |F - F_P| <= 1e-10), so every
    // direction listed is within 1e-4 of (1, 0, 0)
    const auto pitchforks = events_of(d, EventKind::pitchfork);
    CHECK(pitchforks.size() == 1);
    for (const Event* e : pitchforks) {
      CHECK(e->located);
      CHECK(std::abs(e->p - FP) <= 1e-10);
      REQUIRE(!e->directions.empty());
      for (const auto& w : e->directions) CHECK((w - e1).norm() <= 1e-4);
    }
    // nothing else is reported at the pitchfork or the tangency (not also a fold or a branch point)
    for (const Event& e : d.events) {
      if (e.kind == EventKind::pitchfork || e.kind == EventKind::tangency) continue;
      CAPTURE(to_string(e.kind));
      CAPTURE(e.p);
      CHECK(std::abs(e.p - FP) > 1e-6);
      CHECK(std::abs(e.p - FT) > 1e-6);
    }
    CHECK(events_of(d, EventKind::branch_point).empty());
    CHECK(events_of(d, EventKind::hopf).empty());  // J_T has real eigenvalues on the invariant circle

    if (N == 1) {
      CHECK(events_of(d, EventKind::fold).empty());  // (134)-(135): one pair, no fold
      continue;
    }
    // N = 2: (137)-(138). Here k2 < 0 and k1 + k2 < 0, so 4 (k1 + k2)^3 / (27 k2) > 0.
    const DiscN2 m{C[0] - kDiscRow3 * S[0], C[1] - kDiscRow3 * S[1]};
    REQUIRE(m.k2 < 0);
    REQUIRE(m.k1 + m.k2 < 0);
    const double FF = m.FF(), zF = m.zF();
    // (138) checked against a direct computation: the largest F = |k1 + k2 u| sqrt(1 - u) of the
    // branch k1 + k2 u < 0 (u > -k1/k2), i.e. w1 = F/(k1 + k2 u) < 0 (errata 7.4.4)
    const auto direct = golden_max([&](double u) { return -(m.k1 + m.k2 * u) * std::sqrt(1 - u); }, -m.k1 / m.k2, 1.0);
    CHECK(std::abs(direct.second - FF) <= 1e-14);
    CHECK(std::abs(direct.first - zF) <= 1e-6);
    REQUIRE(FF < FP);
    int n_events = 0;
    const std::vector<Eigen::Vector3d> dirs = directions_near(d, EventKind::fold, FF, 1e-10, &n_events);
    CHECK(events_of(d, EventKind::fold).size() == static_cast<std::size_t>(n_events));  // no fold elsewhere
    CHECK(n_events >= 1);
    CHECK(n_events <= 2);
    // the mirror pair w3 = +-sqrt(zF), each exactly once
    INFO("fold directions: " << ref::format(dirs));
    CHECK(dirs.size() == 2);
    // a point of the branch with |F - F_F| <= 1e-10 has |w3^2 - zF| <= sqrt(4 F_F 1e-10/|g''(zF)|)
    const double ztol = 1.5 * std::sqrt(4 * FF * 1e-10 / std::abs(m.g2(zF)));
    int upper = 0, lower = 0;
    for (const auto& w : dirs) {
      CHECK(std::abs(w.norm() - 1) <= 1e-12);
      CHECK(std::abs(w.y()) <= 1e-10);
      CHECK(w.x() < 0);  // errata 7.4.4: slip against F
      CHECK(std::abs(w.z() * w.z() - zF) <= ztol);
      (w.z() > 0 ? upper : lower)++;
    }
    CHECK(upper == 1);
    CHECK(lower == 1);
  }

  {
    INFO("exact model: F_P = C(0) - (8/9) S(0) = 1 - (8/9)(9/16) = 1/2, F_T = C(0) = 1");
    // (79): eps T_eps -> 3/8 at pure spin, so S(0) = lim T/w3 = (3/8)(R/rho) = 9/16 for rho = 2R/3;
    // C(0) = 1 (pure sliding).
    const Problem p = load_problem(share_problem("disc-exact.json"));
    REQUIRE(p.friction.model == "exact");
    const ParameterFamily family = parameter_family(p, "force");
    const Diagram d = sweep(family, 0.0, 1.5);
    INFO(describe(d));
    const auto tangencies = events_of(d, EventKind::tangency);
    const auto pitchforks = events_of(d, EventKind::pitchfork);
    CHECK(tangencies.size() == 1);
    CHECK(pitchforks.size() == 1);
    for (const Event* e : tangencies) CHECK(std::abs(e->p - 1.0) <= 1e-10);
    for (const Event* e : pitchforks) CHECK(std::abs(e->p - 0.5) <= 1e-10);
    // Its fold (no closed form): the largest -(C - 8/9 S) sqrt(1 - w3^2) where C - 8/9 S < 0,
    // maximised here on the model's meridian functions (golden section).
    const System sys = family.system(0.5);
    const auto* ax = dynamic_cast<const AxisymmetricModel*>(&sys.friction());
    REQUIRE(ax != nullptr);
    const auto A = [&](double u) {
      const MeridianValue v = ax->meridian(std::sqrt(1 - u), std::sqrt(u));
      return v.C - kDiscRow3 * v.S;
    };
    double lo = 0.05, hi = 0.95;  // A(0.05) > 0 > A(0.95); bisection for the zero u0
    REQUIRE(A(lo) > 0);
    REQUIRE(A(hi) < 0);
    for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) (A(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
    const auto fold = golden_max([&](double u) { return -A(u) * std::sqrt(1 - u); }, hi, 1.0);
    CAPTURE(fold.first);
    CAPTURE(fold.second);
    int n_events = 0;
    const std::vector<Eigen::Vector3d> dirs = directions_near(d, EventKind::fold, fold.second, 1e-10, &n_events);
    CHECK(events_of(d, EventKind::fold).size() == static_cast<std::size_t>(n_events));
    CHECK(n_events >= 1);
    INFO("fold directions: " << ref::format(dirs));
    CHECK(dirs.size() == 2);
    for (const auto& w : dirs) {
      CHECK(w.x() < 0);
      CHECK(std::abs(w.y()) <= 1e-10);
      CHECK(std::abs(w.z() * w.z() - fold.first) <= 1e-4);
    }
    CHECK(events_of(d, EventKind::branch_point).empty());
    CHECK(events_of(d, EventKind::hopf).empty());
  }
}

TEST_CASE("Regions: the paper's Cases 1-4") {
  // Types on the invariant circle (Fig. 11, Sect. 7.4 with the errata). The transverse (w2)
  // eigenvalue is -C(w3) - rdot: -F at (1,0,0), +F at (-1,0,0), -(C - 8/9 S) = -F/w1 at the
  // non-trivial directions; along the circle hyperbolic zeros alternate stable/unstable.
  // Case 4 adds, per fold, an attracting unstable node and an attracting saddle (errata 7.4.4).
  const std::string as = type_name(Radial::attracting, SphereType::saddle);
  const std::string asn = type_name(Radial::attracting, SphereType::stable_node);
  const std::string aun = type_name(Radial::attracting, SphereType::unstable_node);
  const std::string rsn = type_name(Radial::repelling, SphereType::stable_node);
  auto sorted = [](std::vector<std::pair<std::string, int>> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  struct Expected {
    const char* name;
    double from, to;
    int count;
    std::vector<std::pair<std::string, int>> types;
  };
  // N = 2 (Fig. 14): Cases 4, 3, 2, 1; N = 1 (Fig. 13, linear model): Cases 3, 2, 1
  for (int N : {2, 1}) {
    CAPTURE(N);
    const ParameterFamily family = parameter_family(problem_with_degree("disc.json", N), "force");
    const auto hp = harmonic_of(family, 0.5);
    const HarmonicModel& h = *hp;
    const double FP = h.C()[0] - kDiscRow3 * h.S()[0], FT = h.C()[0];  // (133), (130)
    std::vector<Expected> expected;
    if (N == 2) {
      const DiscN2 m{FP, h.C()[1] - kDiscRow3 * h.S()[1]};
      expected.push_back({"Case 4", 0.0, m.FF(), 8, sorted({{as, 3}, {asn, 2}, {aun, 3}})});  // (138)
      expected.push_back({"Case 3", m.FF(), FP, 4, sorted({{as, 1}, {asn, 2}, {aun, 1}})});
    } else {
      expected.push_back({"Case 3", 0.0, FP, 4, sorted({{as, 1}, {asn, 2}, {aun, 1}})});  // (135)
    }
    expected.push_back({"Case 2", FP, FT, 2, sorted({{asn, 1}, {aun, 1}})});   // blue + red
    expected.push_back({"Case 1", FT, 1.5, 2, sorted({{rsn, 1}, {aun, 1}})});  // purple + red

    const Diagram& d = disc_diagram(N);
    INFO(describe(d));
    CHECK(d.regions.size() == expected.size());
    for (std::size_t i = 0; i < std::min(expected.size(), d.regions.size()); ++i) {
      const Region& r = d.regions[i];
      const Expected& x = expected[i];
      CAPTURE(x.name);
      CHECK(std::abs(r.from - x.from) <= 1e-10);
      CHECK(std::abs(r.to - x.to) <= 1e-10);
      CHECK(r.count == x.count);
      CHECK(r.types == x.types);
      CHECK(std::is_sorted(r.types.begin(), r.types.end()));
      int total = 0;
      for (const auto& t : r.types) total += t.second;
      CHECK(total == r.count);
    }
    // interior boundaries are the located events
    for (std::size_t i = 0; i + 1 < d.regions.size(); ++i) {
      const double b = d.regions[i].to;
      CHECK(std::abs(d.regions[i + 1].from - b) <= 1e-12);
      bool is_event = false;
      for (const Event& e : d.events)
        if (e.located && std::abs(e.p - b) <= 1e-12) is_event = true;
      CAPTURE(b);
      CHECK(is_event);
    }
    // the counts agree with find_limit_directions in the middle of each case, and the types
    // with its classification there
    const System sys = family.system(0.5);
    for (const Expected& x : expected) {
      const double F = 0.5 * (x.from + x.to);
      CAPTURE(x.name);
      CAPTURE(F);
      const LimitSet L = find_limit_directions(sys, F);
      CHECK(L.directions.size() == static_cast<std::size_t>(x.count));
      std::map<std::string, int> seen;
      for (const auto& c : L.directions) seen[type_name(c.radial, c.type)]++;
      CHECK(std::vector<std::pair<std::string, int>>(seen.begin(), seen.end()) == x.types);
    }
    // regions_of (classify --regions) recomputes the regions from the branches alone: they are
    // the closed-form Cases too
    const std::vector<Region> again = regions_of(d);
    REQUIRE(again.size() == expected.size());
    for (std::size_t i = 0; i < again.size(); ++i) {
      CAPTURE(expected[i].name);
      CHECK(std::abs(again[i].from - expected[i].from) <= 1e-10);
      CHECK(std::abs(again[i].to - expected[i].to) <= 1e-10);
      CHECK(again[i].count == expected[i].count);
      CHECK(again[i].types == expected[i].types);
    }
  }
}

TEST_CASE("Branches: every point satisfies (125)") {
  const ParameterFamily family = parameter_family(problem_with_degree("disc.json", 2), "force");
  const Diagram& d = disc_diagram(2);
  INFO(describe(d));
  CHECK(d.certificate.complete());
  REQUIRE(!d.branches.empty());
  const ContinuationOptions defaults;
  const System sys = family.system(0.5);
  const auto hp = harmonic_of(family, 0.5);
  const HarmonicModel& h = *hp;
  std::size_t points = 0, typed = 0;
  for (const Branch& b : d.branches) {
    CAPTURE(b.id);
    REQUIRE(b.points.size() >= 2);
    for (std::size_t i = 0; i < b.points.size(); ++i) {
      const BranchPoint& q = b.points[i];
      ++points;
      CAPTURE(q.p);
      INFO("w = " << q.w.transpose());
      CHECK(q.p >= d.from - 1e-12);
      CHECK(q.p <= d.to + 1e-12);
      CHECK(std::abs(q.w.norm() - 1) <= 1e-12);
      // (125) with |w| = 1: V*(w) = 0 and rdot = R*(w), from System and from the field assembled here
      const ref::Field field(sys.M(), q.p * e1, h);
      CHECK(sys.spherical(q.w, q.p).norm() <= 1e-10);
      CHECK(field.vstar(q.w).norm() <= 1e-10);
      CHECK(std::abs(q.rdot - sys.radial(q.w, q.p)) <= 1e-10);
      CHECK(std::abs(q.rdot - field.rstar(q.w)) <= 1e-10);
      if (std::abs(q.rdot) > 1e-9) CHECK(q.radial == (q.rdot < 0 ? Radial::attracting : Radial::repelling));
      // the type on the sphere from an own finite-difference Jacobian, where it is clear-cut
      double margin = 0;
      const auto vstar = [&](const Eigen::Vector3d& w) { return field.vstar(w); };
      const std::string own = own_sphere_type(ref::chart_jacobian(vstar, q.w, ref::own_basis(q.w)), &margin);
      if (margin > 1e-3) {
        ++typed;
        CHECK(to_string(q.type) == own);
      }
      // no jumps: consecutive points are one arclength step apart in (w, rdot, p)
      if (i + 1 < b.points.size()) {
        const BranchPoint& n = b.points[i + 1];
        const double chord =
            std::sqrt((n.w - q.w).squaredNorm() + std::pow(n.rdot - q.rdot, 2) + std::pow(n.p - q.p, 2));
        CHECK(chord <= 2 * defaults.h_max);
        CHECK(chord > 0);
      }
    }
  }
  CHECK(typed >= points / 2);
  // the number of branch crossings at a generic F equals the number of limit directions found
  // there, and each crossing is near one of them
  for (double F : {0.02, 0.1, 0.25, 0.7, 1.2, 1.45}) {
    CAPTURE(F);
    std::vector<Eigen::Vector3d> crossings;
    for (const Branch& b : d.branches) {
      const std::size_t n = b.points.size();
      const std::size_t segments = b.closed ? n : n - 1;
      for (std::size_t i = 0; i < segments; ++i) {
        const BranchPoint& a = b.points[i];
        const BranchPoint& c = b.points[(i + 1) % n];
        if ((a.p - F) * (c.p - F) < 0) {
          const double t = (F - a.p) / (c.p - a.p);
          crossings.push_back(((1 - t) * a.w + t * c.w).normalized());
        }
      }
    }
    const LimitSet L = find_limit_directions(sys, F);
    std::vector<Eigen::Vector3d> found;
    for (const auto& c : L.directions) found.push_back(c.w);
    INFO("branches cross at " << ref::format(crossings));
    INFO("find_limit_directions: " << ref::format(found));
    CHECK(crossings.size() == found.size());
    CHECK(ref::set_distance(crossings, found) <= 2 * defaults.h_max);
  }
}

TEST_CASE("(139)-(141) the ball at lambda = 5 has no fold for N = 2..4") {
  // (140): the trivial directions (+-1, 0, 0) have rdot = -(7/2) C(0) +- F, so (1, 0, 0) is
  // tangent (R* = 0) at F_T = (7/2) C1. The third row of (140) with w3 != 0 gives
  // rdot = -(45 pi^2/(512 lambda^2)) S(w3); the first row then gives (141),
  // ((7/2) C(w3) - (45 pi^2/(512 lambda^2)) S(w3)) w1 = F. The non-trivial directions reach the
  // trivial one (w3 -> 0, w1 -> 1) where (7/2) C(0) - (45 pi^2/(512 lambda^2)) S(0) = F, i.e.
  // the pitchfork F_P = (7/2) C1 - 45 pi^2/(512 lambda^2) S1 (C(0) = C1, S(0) = S1 by (85)).
  for (int N = 2; N <= 4; ++N) {
    CAPTURE(N);
    const Problem p = problem_with_degree("ball.json", N);
    REQUIRE(p.system.preset == "ball");
    REQUIRE(p.system.lambda == 5.0);
    const ParameterFamily family = parameter_family(p, "force");
    const auto hp = harmonic_of(family, 1.0);
    const HarmonicModel& h = *hp;
    REQUIRE(h.degree() == N);
    const double b = kBallRow3 / (5.0 * 5.0);
    const double FT = 3.5 * h.C()[0];
    const double FP = 3.5 * h.C()[0] - b * h.S()[0];
    // no fold of (141) on [0, 4]: g(u) = A(u)^2 (1 - u) has no interior critical point with
    // g > 0 (checked here on a grid, so that the expectation itself is independent)
    int interior_extrema = 0;
    double g_prev2 = 0, g_prev = 0;
    for (int i = 0; i <= 20000; ++i) {
      const double u = i / 20000.0;
      const double A = 3.5 * ref::poly_z(h.C(), u) - b * ref::poly_z(h.S(), u);
      const double g = A * A * (1 - u);
      if (i >= 2 && (g_prev - g_prev2) * (g - g_prev) < 0) ++interior_extrema;
      g_prev2 = g_prev;
      g_prev = g;
    }
    REQUIRE(interior_extrema == 0);
    const Diagram d = sweep(family, 0.0, 4.0);
    INFO(describe(d));
    CHECK(events_of(d, EventKind::fold).empty());
    CHECK(events_of(d, EventKind::branch_point).empty());
    CHECK(events_of(d, EventKind::hopf).empty());
    const auto tangencies = events_of(d, EventKind::tangency);
    const auto pitchforks = events_of(d, EventKind::pitchfork);
    CHECK(tangencies.size() == 1);
    CHECK(pitchforks.size() == 1);
    for (const Event* e : tangencies) {
      CHECK(e->located);
      CHECK(std::abs(e->p - FT) <= 1e-10);
    }
    for (const Event* e : pitchforks) {
      CHECK(e->located);
      CHECK(std::abs(e->p - FP) <= 1e-10);
    }
    // and the continuum at F = 0 where the sweep starts (c1 = 0: the equator, Sect. 7.4.4)
    const auto continua = events_of(d, EventKind::continuum);
    REQUIRE(continua.size() == 1);
    CHECK(continua.front()->p == 0.0);
    CHECK(d.events.size() == 3);
  }
}

TEST_CASE("Continuation in lambda finds where the ball's fold appears") {
  // With b = 45 pi^2/(512 lambda^2), A(u) = (7/2) C(u) - b S(u) and g(u) = A(u)^2 (1 - u)
  // (u = w3^2), the non-trivial directions at load F are g(u) = F^2 (141). A fold in lambda is
  // where also dg/du = A (2 A' (1 - u) - A) = 0 with A != 0, i.e. 2 A' (1 - u) = A, which is
  // linear in b: b(u) = (7/2)(2 (1 - u) C' - C)/(2 (1 - u) S' - S). Along this curve the folds
  // at load F are the roots of |A_{b(u)}(u)| sqrt(1 - u) = F, found by a scan and bisection.
  // Exploration (N = 2..4, F = 0.01): for lambda in [1, 5] there is no fold; the fold appears
  // where (7/2) C - b S changes sign near u = 1, i.e. below lambda ~ 0.6 (a contact region
  // larger than Rbar: the family is defined for every lambda > 0). Pitchforks in lambda:
  // A(0) = +-F, b = ((7/2) C1 -+ F)/S1.
  const double F = 0.01;
  struct Case {
    int N;
    double from, to;
  };
  for (const Case& c : {Case{2, 0.4, 1.2}, Case{3, 0.5, 1.2}, Case{4, 0.55, 0.65}, Case{2, 1.0, 5.0}}) {
    CAPTURE(c.N);
    CAPTURE(c.from);
    CAPTURE(c.to);
    Problem p = problem_with_degree("ball.json", c.N);
    p.force = F;
    const ParameterFamily family = parameter_family(p, "lambda");
    CHECK(family.name == "lambda");
    CHECK(family.force(0.7) == F);
    const auto hp = harmonic_of(family, 1.0);
    const HarmonicModel& h = *hp;
    REQUIRE(h.degree() == c.N);
    const std::vector<double>&C = h.C(), &S = h.S();
    // the family's system at lambda has the ball's third row (139)
    for (double lambda : {c.from, c.to})
      CHECK(family.system(lambda).M_inv()(2, 2) == doctest::Approx(kBallRow3 / (lambda * lambda)).epsilon(1e-13));

    const auto A = [&](double u, double b) { return 3.5 * ref::poly_z(C, u) - b * ref::poly_z(S, u); };
    const auto dA = [&](double u, double b) { return 3.5 * ref::dpoly_z(C, u) - b * ref::dpoly_z(S, u); };
    const auto g = [&](double u, double b) { return std::pow(A(u, b), 2) * (1 - u); };
    const auto dg = [&](double u, double b) { return A(u, b) * (2 * dA(u, b) * (1 - u) - A(u, b)); };
    const auto b_of = [&](double u) {
      return 3.5 * (2 * (1 - u) * ref::dpoly_z(C, u) - ref::poly_z(C, u)) /
             (2 * (1 - u) * ref::dpoly_z(S, u) - ref::poly_z(S, u));
    };
    const auto phi = [&](double u) { return std::abs(A(u, b_of(u))) * std::sqrt(1 - u) - F; };
    struct Fold {
      double u, lambda;
    };
    std::vector<Fold> reference;
    const int n = 40000;
    for (int i = 1; i + 1 < n; ++i) {
      double lo = double(i) / n, hi = double(i + 1) / n;
      const double den_lo = 2 * (1 - lo) * ref::dpoly_z(S, lo) - ref::poly_z(S, lo);
      const double den_hi = 2 * (1 - hi) * ref::dpoly_z(S, hi) - ref::poly_z(S, hi);
      if ((den_lo < 0) != (den_hi < 0)) continue;  // a pole of b(u), not a root
      if ((phi(lo) < 0) == (phi(hi) < 0)) continue;
      for (int k = 0; k < 200 && hi - lo > 1e-16; ++k) {
        const double mid = 0.5 * (lo + hi);
        ((phi(mid) < 0) == (phi(lo) < 0) ? lo : hi) = mid;
      }
      const double u = 0.5 * (lo + hi), b = b_of(u);
      if (!(b > 0)) continue;
      const double lambda = std::sqrt(kBallRow3 / b);
      // the two equations of the fold hold at (u, lambda)
      CHECK(std::abs(g(u, b) - F * F) <= 1e-14);
      CHECK(std::abs(dg(u, b)) <= 1e-10);
      if (lambda > c.from && lambda < c.to) reference.push_back({u, lambda});
    }
    std::sort(reference.begin(), reference.end(), [](const Fold& x, const Fold& y) { return x.lambda < y.lambda; });
    if (c.N == 2) {
      // (138) with k1, k2 replaced by the coefficients of A = a1 + a2 u gives back F
      for (const Fold& f : reference) {
        const double b = kBallRow3 / (f.lambda * f.lambda);
        const double a1 = 3.5 * C[0] - b * S[0], a2 = 3.5 * C[1] - b * S[1];
        CHECK(std::sqrt(4 * std::pow(a1 + a2, 3) / (27 * a2)) == doctest::Approx(F).epsilon(1e-10));
      }
    }

    const Diagram d = sweep(family, c.from, c.to);
    INFO(describe(d));
    std::ostringstream ref_text;
    ref_text.precision(15);
    for (const Fold& f : reference) ref_text << " lambda = " << f.lambda << " (u = " << f.u << ")";
    INFO("reference folds:" << ref_text.str());
    CHECK(d.parameter == "lambda");
    CHECK(d.force == F);
    if (c.from > 0.99) CHECK(reference.empty());  // Sect. 7.5: no fold for realistic lambda
    else CHECK(!reference.empty());

    // group the library's fold events by lambda (a mirror pair +-w3 may be one or two events)
    std::vector<std::vector<const Event*>> groups;
    for (const Event* e : events_of(d, EventKind::fold)) {
      bool placed = false;
      for (auto& gr : groups)
        if (std::abs(gr.front()->p - e->p) <= 1e-8) {
          gr.push_back(e);
          placed = true;
        }
      if (!placed) groups.push_back({e});
    }
    std::sort(groups.begin(), groups.end(), [](const auto& x, const auto& y) { return x.front()->p < y.front()->p; });
    CHECK(groups.size() == reference.size());
    for (std::size_t i = 0; i < std::min(groups.size(), reference.size()); ++i) {
      const Fold& f = reference[i];
      CAPTURE(f.lambda);
      const double b = kBallRow3 / (f.lambda * f.lambda);
      // a branch point with |lambda - lambda_F| <= 1e-10 has |u - u_F| <= sqrt(2 |dg/dlambda| 1e-10/|g''|)
      const double db_dlambda = -2 * kBallRow3 / std::pow(f.lambda, 3);
      const double dg_dlambda = 2 * A(f.u, b) * (1 - f.u) * (-ref::poly_z(S, f.u)) * db_dlambda;
      const double hh = 1e-5;
      const double g2 = (dg(f.u + hh, b) - dg(f.u - hh, b)) / (2 * hh);
      const double utol = 1.5 * std::sqrt(2 * std::abs(dg_dlambda) * 1e-10 / std::abs(g2));
      std::vector<Eigen::Vector3d> dirs;
      for (const Event* e : groups[i]) {
        CHECK(e->located);
        CHECK(std::abs(e->p - f.lambda) <= 1e-10);
        for (const auto& w : e->directions) dirs.push_back(w);
      }
      INFO("fold directions: " << ref::format(dirs));
      CHECK(dirs.size() == 2);  // the mirror pair w3 = +-sqrt(u_F)
      const double w1_sign = A(f.u, b) > 0 ? 1 : -1;  // w1 = F/A
      for (const auto& w : dirs) {
        CHECK(std::abs(w.y()) <= 1e-10);
        CHECK(w.x() * w1_sign > 0);
        CHECK(std::abs(w.z() * w.z() - f.u) <= utol);
      }
    }
    // the pitchforks in lambda: the non-trivial directions (141) reach (1, 0, 0) where A(0) = F
    // and (-1, 0, 0) where A(0) = -F (A(0) < 0 happens for small lambda); nothing else happens
    // at the trivial directions: their rdot = -(7/2) C1 +- F does not depend on lambda (no tangency)
    const auto pitchforks = events_of(d, EventKind::pitchfork);
    std::size_t expected_pitchforks = 0;
    for (const double w1 : {1.0, -1.0}) {
      const double bP = (3.5 * C[0] - w1 * F) / S[0];
      if (!(bP > 0)) continue;
      const double lambdaP = std::sqrt(kBallRow3 / bP);
      if (!(lambdaP > c.from && lambdaP < c.to)) continue;
      ++expected_pitchforks;
      CAPTURE(w1);
      CAPTURE(lambdaP);
      int found = 0;
      for (const Event* e : pitchforks) {
        if (e->directions.empty() || (e->directions.front() - w1 * e1).norm() > 1e-4) continue;
        ++found;
        CHECK(e->located);
        CHECK(std::abs(e->p - lambdaP) <= 1e-10);
      }
      CHECK(found == 1);
    }
    CHECK(pitchforks.size() == expected_pitchforks);
    CHECK(events_of(d, EventKind::tangency).empty());
    CHECK(events_of(d, EventKind::branch_point).empty());
    CHECK(events_of(d, EventKind::hopf).empty());
  }
}

TEST_CASE("Sweep parameters d and gamma reject a distortion given per body (18) [Kudra & Awrejcewicz 2013]") {
  const nlohmann::json document = {{"system", {{"preset", "plate"}}},
                                   {"contact", {{"shape", {{"ellipse", {1.0, 0.5}}}},
                                                {"pressure", "hertz"},
                                                {"distortion", {{"d1", 0.3}, {"d2", 0.2}, {"gamma2", 1.0}}}}},
                                   {"friction", {{"model", "exact"}}}};
  const Problem p = parse_problem(document, "test.json");
  CHECK_THROWS_AS(parameter_family(p, "d"), InputError);
  CHECK_THROWS_AS(parameter_family(p, "gamma"), InputError);
  CHECK_NOTHROW(parameter_family(p, "force"));
}

}  // namespace test_continuation
