// Branches at the accuracy asked for (refine_branch_chords, sweep-force --max-chord; docs/manual.md
// section 5, "Chords"), against the closed form of the disc's branch on the invariant circle: by
// (131)-(132) [Nonlinear Dyn. 2024] its points w = (cos theta, 0, sin theta) carry the load
//     F(theta) = cos theta A(sin^2 theta),  A(u) = C(u) - (8/9) S(u)   ((126): rho = kappa, j = 1/2),
// with C, S the harmonic model's polynomials (85) (checked against (83)-(84) in
// friction/test_harmonic.cpp). The distance of a polyline's point from the branch is minimised here
// over theta by golden section, independently of the library's corrector.
#include <doctest/doctest.h>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "limitdir/continuation/branch_chords.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/problem.hpp"
#include "limits_reference.hpp"

namespace test_branch_chords {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

const double kDiscRow3 = 8.0 / 9.0;  // (126): rho = kappa = 2R/3, j = 1/2
const Eigen::Vector3d e1 = Eigen::Vector3d::UnitX();
// The sweep [0, 1.5] of the disc (N = 2) as test_continuation.cpp sweeps it.
constexpr double kFrom = 0.0, kTo = 1.5;
// Points of each chord at which the distance is taken: 64 per chord (the deviation of a chord is
// s (1 - s) times a smooth function: its largest value is sampled to a relative 1e-3).
constexpr int kSamples = 64;
// The vertices are corrected by Newton to |(125)| <= 1e-11 (branch_tracer.cpp, final_residual_tol),
// the closed form is evaluated to ~1e-15: a vertex lies within 1e-10 of the branch (a residual
// of 1e-11 over the smallest singular value of G_X, >= 0.1 on this branch).
constexpr double kVertexError = 1e-10;

std::string share_problem(const std::string& name) { return std::string(LIMITDIR_SHARE_DIR) + "/problems/" + name; }

struct DiscBranch {
  std::shared_ptr<const HarmonicModel> h;
  double A(double u) const { return ref::poly_z(h->C(), u) - kDiscRow3 * ref::poly_z(h->S(), u); }
  /// The branch at theta in the scaled space S = (w, (p - from)/(to - from)).
  Eigen::Vector4d at(double theta) const {
    const double c = std::cos(theta), s = std::sin(theta);
    return {c, 0.0, s, (c * A(s * s) - kFrom) / (kTo - kFrom)};
  }
};

Eigen::Vector4d scaled(const BranchPoint& q) { return {q.w.x(), q.w.y(), q.w.z(), (q.p - kFrom) / (kTo - kFrom)}; }

/// min over theta in [lo, hi] of |P - branch(theta)| by golden section (unimodal on a chord's
/// short bracket).
double distance(const DiscBranch& b, const Eigen::Vector4d& P, double lo, double hi) {
  const double r = (std::sqrt(5.0) - 1) / 2;
  const auto f = [&](double t) { return (P - b.at(t)).norm(); };
  double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo), f1 = f(x1), f2 = f(x2);
  while (hi - lo > 1e-13) {
    if (f1 > f2) {
      lo = x1, x1 = x2, f1 = f2, x2 = lo + r * (hi - lo), f2 = f(x2);
    } else {
      hi = x2, x2 = x1, f2 = f1, x1 = hi - r * (hi - lo), f1 = f(x1);
    }
  }
  return std::min({f1, f2, f(0.5 * (lo + hi))});
}

struct Deviation {
  double between = 0, vertex = 0;  // the largest between vertices, and at the vertices
  std::size_t chords = 0;
};

/// The branch w = +-e1 of (128), a limit direction for every load (its points off e1 by the
/// rounding of the pitchfork's location on it), if br is one: the sign of w1.
double trivial_sign(const Branch& br) {
  constexpr double off_e1 = 1e-6;  // the pitchfork node's w3 (bisection to 1e-6 h in arclength)
  const double sign = br.points.front().w.x() > 0 ? 1.0 : -1.0;
  for (const BranchPoint& q : br.points)
    if (std::abs(q.w.z()) > off_e1 || q.w.x() * sign <= 0) return 0.0;
  return sign;
}

/// The largest distance of the polylines of the diagram's branches from the branches: the
/// lines w = +-e1 of (128) directly, the others from the closed form.
Deviation deviation(const DiscBranch& b, const Diagram& d) {
  Deviation out;
  for (const Branch& br : d.branches) {
    if (const double sign = trivial_sign(br); sign != 0.0) {
      for (const BranchPoint& q : br.points) out.vertex = std::max(out.vertex, (q.w - sign * e1).norm());
      continue;  // a convex combination of points within that of the line is within it too
    }
    for (std::size_t i = 0; i + 1 < br.points.size(); ++i) {
      const BranchPoint &u = br.points[i], &v = br.points[i + 1];
      REQUIRE(std::abs(u.w.y()) <= 1e-12);
      REQUIRE(std::abs(v.w.y()) <= 1e-12);
      ++out.chords;
      const double ta = std::atan2(u.w.z(), u.w.x());
      const double tb = ta + std::remainder(std::atan2(v.w.z(), v.w.x()) - ta, 2 * M_PI);
      const double margin = 0.5 * std::abs(tb - ta) + 1e-9;
      const double lo = std::min(ta, tb) - margin, hi = std::max(ta, tb) + margin;
      out.vertex = std::max(out.vertex, distance(b, scaled(u), lo, hi));
      for (int k = 1; k < kSamples; ++k) {
        const double s = static_cast<double>(k) / kSamples;
        out.between = std::max(out.between, distance(b, (1 - s) * scaled(u) + s * scaled(v), lo, hi));
      }
    }
  }
  return out;
}

std::string fmt_branch(int id) { return "branch " + std::to_string(id); }

std::size_t uncoloured(const Diagram& d) {
  std::size_t n = 0;
  for (const Branch& br : d.branches)
    n += static_cast<std::size_t>(
        std::count_if(br.points.begin(), br.points.end(), [](const BranchPoint& q) { return !q.colour; }));
  return n;
}

struct DiscSweep {
  ParameterFamily family;
  DiscBranch branch;
  Diagram diagram;
};

DiscSweep disc_sweep() {
  Problem p = load_problem(share_problem("disc.json"));
  p.friction.model = "harmonic";
  p.friction.degree = 2;
  DiscSweep out{parameter_family(p, "force"), {}, {}};
  out.branch.h = std::dynamic_pointer_cast<const HarmonicModel>(out.family.system(0.5).friction_ptr());
  REQUIRE(out.branch.h != nullptr);
  out.diagram = sweep(out.family, kFrom, kTo);
  return out;
}

}  // namespace

TEST_CASE("(132) disc N = 2: the branches at --max-chord 1e-4, 1e-6, 1e-8 lie within it of the closed form "
          "between their vertices, the continuation's own chords do not, and the diagram stays proven") {
  const DiscSweep s = disc_sweep();
  REQUIRE(s.diagram.certificate.level == Level::proven);
  const Deviation coarse = deviation(s.branch, s.diagram);
  MESSAGE("unrefined: " << coarse.chords << " chords, largest distance " << coarse.between);
  CHECK(coarse.vertex <= kVertexError);
  CHECK(coarse.between > 1e-4);  // the option matters
  for (double tol : {1e-4, 1e-6, 1e-8}) {
    CAPTURE(tol);
    Diagram d = s.diagram;
    const std::size_t inserted = refine_branch_chords(s.family, d, tol);
    const Deviation fine = deviation(s.branch, d);
    MESSAGE("max-chord " << tol << ": " << inserted << " points inserted, " << fine.chords
                         << " chords, largest distance " << fine.between);
    CHECK(fine.vertex <= kVertexError);
    CHECK(fine.between <= tol + kVertexError);
    CHECK(d.certificate.level == Level::proven);
    INFO(d.certificate.reason);
    CHECK(d.certificate.reason.find("inserted") != std::string::npos);
    // the events are those of the sweep, untouched
    REQUIRE(d.events.size() == s.diagram.events.size());
    for (std::size_t k = 0; k < d.events.size(); ++k) CHECK(d.events[k].p == s.diagram.events[k].p);
    // the structure between the events, recomputed from the refined points, is the sweep's
    const std::vector<Region> regions = regions_of(d);
    REQUIRE(regions.size() == s.diagram.regions.size());
    for (std::size_t k = 0; k < regions.size(); ++k) {
      CHECK(regions[k].count == s.diagram.regions[k].count);
      CHECK(regions[k].types == s.diagram.regions[k].types);
    }
    // every point inserted carries the colour of the invariant circle: the points without one are
    // the sweep's own (at the continuum F = 0 and at the events, where classify gives none)
    CHECK(uncoloured(d) == uncoloured(s.diagram));
  }
}

TEST_CASE("refine_branch_chords: a tolerance that is not a finite number > 0 is bad input") {
  const DiscSweep s = disc_sweep();
  for (double tol : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    Diagram d = s.diagram;
    CHECK_THROWS_AS(refine_branch_chords(s.family, d, tol), InputError);
  }
}

TEST_CASE("refine_branch_chords: a branch that cannot be refined leaves the diagram incomplete, saying which and why") {
  // a branch of the disc's diagram taken for one of Filippov directions on a jump set: not a curve
  // of zeros of (125), so the corrector does not apply, and its direction is not constant
  const DiscSweep s = disc_sweep();
  Diagram d = s.diagram;
  const auto moving = std::find_if(d.branches.begin(), d.branches.end(), [](const Branch& br) {
    return br.points.front().w != br.points.back().w;
  });
  REQUIRE(moving != d.branches.end());
  moving->jump_set = "equator";
  refine_branch_chords(s.family, d, 1e-6);
  CHECK(d.certificate.level == Level::incomplete);
  const Claim* branches = find_claim(d.certificate, "branches");
  REQUIRE(branches != nullptr);
  CHECK(branches->level == Level::incomplete);
  INFO(branches->reason);
  CHECK(branches->reason.find(fmt_branch(moving->id) + " on the equator (a jump set of q) is not a curve of zeros of (125)") !=
        std::string::npos);
  CHECK(d.certificate.reason.rfind("the branches could not be refined to chords within 1e-06", 0) == 0);
}

}  // namespace test_branch_chords
