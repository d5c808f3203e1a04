// The pieces of the sweep alone (lib/src/continuation/: the continuum loads, the crossings of the
// test functions and the reflections of a pitchfork, the check values, the certificate), each
// against a value obtained here independently of the sweep: the zeros of c = F d + e (100) in
// closed form, sign changes of test functions that are linear in arclength, matrices that
// commute with a reflection or not, equidistant values and the certificate's rule
// (docs/manual.md section 5) applied by hand. The pieces' private headers are named from lib/src
// (tests/CMakeLists.txt puts it on this target's include path).
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "continuation/branch_tracer.hpp"
#include "continuation/certificate.hpp"
#include "continuation/continuum.hpp"
#include "continuation/event_location.hpp"
#include "continuation/interior_checks.hpp"

namespace test_sweep_pieces {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

/// The tests at arclength s of test functions that are linear in s: f(s) = f0 + f1 s.
detail::Tests tests_at(double s, const detail::Tests& f0, const detail::Tests& f1) {
  return {f0.rdot + f1.rdot * s, f0.tp + f1.tp * s, f0.det + f1.det * s, f0.trace + f1.trace * s, f0.jdet + f1.jdet * s};
}

bool same(const detail::Crossings& a, const detail::Crossings& b) {
  return a.tangency == b.tangency && a.fold == b.fold && a.branch_point == b.branch_point && a.trace == b.trace;
}

/// R A R = A for R = diag(1, .., -1 at axis, ..): A couples `axis` with no other component.
bool commutes_with_reflection(const Eigen::Matrix3d& A, int axis) {
  for (int k = 0; k < 3; ++k)
    if (k != axis && (A(axis, k) != 0 || A(k, axis) != 0)) return false;
  return true;
}

}  // namespace

TEST_CASE("(100): the continuum loads are the zeros of c1 and of c = F d + e, each once") {
  const Eigen::Vector3d d(2.0, 0.5, -1.0), e(-1.0, 0.3, 0.7);
  // c1 = 2 F - 1 vanishes at F = 1/2; e is not parallel to d, so c itself never vanishes
  CHECK(detail::continuum_loads(d, e, true) == std::vector<double>{0.5});
  CHECK(detail::continuum_loads(d, e, false).empty());
  // e = -2/5 d: c = 0 at F = |e|/|d| = 2/5; d1 = 0, so c1 vanishes for every F and names no load
  const Eigen::Vector3d d2(0.0, 3.0, 4.0), e2 = -0.4 * d2;
  for (bool circle : {false, true}) {
    const std::vector<double> loads = detail::continuum_loads(d2, e2, circle);
    REQUIRE(loads.size() == 1);
    CHECK(loads[0] == doctest::Approx(0.4).epsilon(1e-15));
    CHECK((loads[0] * d2 + e2).norm() <= 1e-14 * e2.norm());
  }
  // both conditions at one load: listed once
  CHECK(detail::continuum_loads(Eigen::Vector3d(4, 0, 0), Eigen::Vector3d(-1, 0, 0), true) == std::vector<double>{0.25});
  // c(F) = F d + e and c(-F) = -(F d - e): the loads of (d, -e) are those of (d, e) negated, and
  // a load at F = 0 is +0 either way
  const Eigen::Vector3d d3(1.5, -0.5, 0.0), e3(0.75, -0.25, 0.0);  // e3 = d3/2: both at F = -1/2
  std::vector<double> flipped = detail::continuum_loads(d3, -e3, true);
  for (double& F : flipped) F = -F;
  std::sort(flipped.begin(), flipped.end());
  CHECK(flipped == detail::continuum_loads(d3, e3, true));
  const std::vector<double> zero = detail::continuum_loads(d3, Eigen::Vector3d::Zero(), true);
  REQUIRE(zero.size() == 1);
  CHECK(zero[0] == 0.0);
  CHECK_FALSE(std::signbit(zero[0]));
}

TEST_CASE("Sect. 7.2.8: a test function crosses between two nodes where its root lies between them, either way") {
  // roots in s: rdot at 0.3, t_p at -1 (outside), det at 2 (outside), trace at 0.5 with
  // det J_T = 1 throughout (a centre: eigenvalues +-i there, a Hopf point)
  const detail::Tests f0{-0.3, 1.0, 2.0, -0.5, 1.0}, f1{1.0, 1.0, -1.0, 1.0, 0.0};
  const detail::Tests a = tests_at(0, f0, f1), b = tests_at(1, f0, f1);
  const detail::Crossings c = detail::crossings_between(a, b);
  CHECK(c.tangency);
  CHECK_FALSE(c.fold);
  CHECK_FALSE(c.branch_point);
  CHECK(c.trace);
  CHECK(c.count() == 2);
  CHECK(same(c, detail::crossings_between(b, a)));
  // a step that ends before the roots crosses nothing
  CHECK(detail::crossings_between(a, tests_at(0.25, f0, f1)).count() == 0);
  // det J_T = -1 throughout: a saddle, whose trace crosses 0 without a Hopf point
  const detail::Tests saddle0{1.0, 1.0, 1.0, -0.5, -1.0};
  CHECK_FALSE(detail::crossings_between(tests_at(0, saddle0, f1), tests_at(1, saddle0, f1)).trace);
  // det J_T = -1 + 4 s: 1 > 0 where the trace vanishes at s = 1/2, a Hopf point
  const detail::Tests turning{0.0, 0.0, 0.0, 1.0, 4.0};
  CHECK(detail::crossings_between(tests_at(0, saddle0, turning), tests_at(1, saddle0, turning)).trace);
  // t_p = 0 to rounding along a circle of a continuum: no fold
  const detail::Tests flat0{1.0, -1e-12, 1.0, 1.0, 1.0}, flat1{0.0, 2e-12, 0.0, 0.0, 0.0};
  CHECK_FALSE(detail::crossings_between(tests_at(0, flat0, flat1), tests_at(1, flat0, flat1)).fold);
  const detail::Tests fold1{0.0, 2.0, 0.0, 0.0, 0.0};
  CHECK(detail::crossings_between(tests_at(0, flat0, fold1), tests_at(1, flat0, fold1)).fold);
}

TEST_CASE("Pitchfork: a direction on a mirror plane is fixed by the reflection when F(R w) = R F(w)") {
  Eigen::Matrix3d A;
  A << 1.0, 0.0, 0.5,  //
      0.0, 2.0, 0.0,   //
      0.7, 0.0, 3.0;   // couples w1 with w3 only: commutes with w2 -> -w2, not with w3 -> -w3
  Eigen::Matrix3d B = A;
  B(1, 2) = 0.2;  // couples w2 with w3 too: commutes with neither
  const Eigen::Vector3d on_w2_mirror(0.6, 0.0, 0.8), on_w3_mirror(0.6, 0.8, 0.0), on_both(1.0, 0.0, 0.0);
  for (const Eigen::Matrix3d& M : {A, B}) {
    const auto field = [&M](const Eigen::Vector3d& w) -> Eigen::Vector3d { return M * w; };
    CHECK(detail::fixed_by_reflection(field, on_w2_mirror) == commutes_with_reflection(M, 1));
    CHECK(detail::fixed_by_reflection(field, on_w3_mirror) == commutes_with_reflection(M, 2));
    CHECK(detail::fixed_by_reflection(field, on_both) == (commutes_with_reflection(M, 1) || commutes_with_reflection(M, 2)));
  }
  // off both mirror planes no reflection fixes w, whatever the field
  const auto identity = [](const Eigen::Vector3d& w) -> Eigen::Vector3d { return w; };
  CHECK_FALSE(detail::fixed_by_reflection(identity, Eigen::Vector3d(0.6, 0.48, 0.64)));
  // a nonlinear field odd in w2 alone: (w1^2, w1 w2, w3 + w1^3) commutes with w2 -> -w2
  const auto odd = [](const Eigen::Vector3d& w) -> Eigen::Vector3d {
    return {w.x() * w.x(), w.x() * w.y(), w.z() + w.x() * w.x() * w.x()};
  };
  CHECK(detail::fixed_by_reflection(odd, on_w2_mirror));
  CHECK_FALSE(detail::fixed_by_reflection(odd, on_w3_mirror));  // w3 -> -w3 flips w3 + w1^3 only in part
}

TEST_CASE("Interior checks: the end, the equidistant interior values clear of events, and each event -+ the offset") {
  const double from = 0.01, to = 1.2, width = to - from, off = detail::event_check_offset * width;
  const int checks = 16;
  // without events: to, then from + k (to - from)/17, k = 1..16
  const std::vector<double> plain = detail::check_values(from, to, checks, {});
  REQUIRE(plain.size() == 1 + checks);
  CHECK(plain[0] == to);
  for (int k = 1; k <= checks; ++k) CHECK(plain[k] == doctest::Approx(from + width * k / 17.0).epsilon(1e-15));
  // an event at the 7th interior value, 0.01 + 7 (1.19)/17 = 0.5, and one at 0.9 clear of them:
  // the 7th value is dropped, each event adds its two neighbours
  const std::vector<double> ps = detail::check_values(from, to, checks, {0.5, 0.9});
  REQUIRE(ps.size() == 1 + (checks - 1) + 4);
  CHECK(std::none_of(ps.begin(), ps.end(), [&](double p) { return std::abs(p - 0.5) < 0.5 * off; }));  // only its neighbours
  const std::vector<double> neighbours(ps.end() - 4, ps.end());
  CHECK(neighbours[0] == doctest::Approx(0.5 - off).epsilon(1e-15));
  CHECK(neighbours[1] == doctest::Approx(0.5 + off).epsilon(1e-15));
  CHECK(neighbours[2] == doctest::Approx(0.9 - off).epsilon(1e-15));
  CHECK(neighbours[3] == doctest::Approx(0.9 + off).epsilon(1e-15));
  // an event at an end has one neighbour, inside the range
  CHECK(detail::check_values(from, to, 0, {from, to}) == std::vector<double>{to, from + off, to - off});
}

namespace {
// A sweep's outcome with its findings on the branches (the other claims' empty) and no proof.
detail::SweepOutcome on_branches(std::vector<std::string> doubts, std::vector<std::string> notes, std::string curve) {
  detail::SweepOutcome o;
  o.findings.branches = {std::move(doubts), std::move(notes)};
  o.curve_note = std::move(curve);
  o.branches = 3;
  o.events = 2;
  o.regions = 4;
  o.checks = 9;
  return o;
}
}  // namespace

TEST_CASE("Certificate: the first five doubts and their count, or the notes sorted once each after the proof") {
  Certificate doubtful;
  detail::write_certificate(doubtful, on_branches({"d1", "d2", "d3", "d4", "d5", "d6", "d7"}, {"n"}, "curve"));
  CHECK(doubtful.level == Level::incomplete);
  CHECK(doubtful.reason == "d1; d2; d3; d4; d5; and 2 more");
  Certificate two;
  detail::write_certificate(two, on_branches({"d1", "d2"}, {}, ""));
  CHECK(two.reason == "d1; d2");
  // the notes are a set: their order and repeats do not change the certificate
  Certificate a, b;
  detail::write_certificate(a, on_branches({}, {"beta", "alpha", "beta"}, "curve"));
  detail::write_certificate(b, on_branches({}, {"alpha", "beta"}, "curve"));
  CHECK(a.level == Level::checked);
  CHECK(a.reason == b.reason);
  const std::string tail = "; alpha; beta; curve";
  CHECK(a.reason.compare(a.reason.size() - tail.size(), tail.size(), tail) == 0);
  CHECK(a.reason.rfind("3 branch(es), 2 event(s); every check against find-limits (9 values", 0) == 0);
  detail::SweepOutcome with_proof = on_branches({}, {}, "");
  with_proof.proof = {"E", "R", "B", "C"};
  Certificate proven;
  detail::write_certificate(proven, with_proof);
  CHECK(proven.level == Level::proven);
  CHECK(proven.reason.rfind("proven: E; R; B (C); 3 branch(es)", 0) == 0);
  CHECK(proven.index_sum == 0);
}

TEST_CASE("Certificate claims of a diagram: each claim its own doubts and notes, the level the weakest") {
  // docs/manual.md section 5, Claims: a doubt on the events leaves the branches and regions checked
  detail::SweepOutcome o = on_branches({}, {"branch note"}, "curve");
  o.findings.events = {{"e1", "e2"}, {"event note"}};
  o.findings.regions.notes = {"region note"};
  Certificate c;
  detail::write_certificate(c, o);
  REQUIRE(c.claims.size() == 3);
  CHECK(c.claims[0].claim == "branches");
  CHECK(c.claims[0].level == Level::checked);
  CHECK(c.claims[0].reason == "3 branch(es); every check against find-limits (9 values) agreed with them in count "
                              "and types; branch note; curve");
  CHECK(c.claims[1].claim == "events");
  CHECK(c.claims[1].level == Level::incomplete);
  CHECK(c.claims[1].reason == "e1; e2");
  CHECK(c.claims[2].claim == "regions");
  CHECK(c.claims[2].level == Level::checked);
  CHECK(c.claims[2].reason.find("4 region(s)") != std::string::npos);
  CHECK(c.claims[2].reason.find("region note") != std::string::npos);
  CHECK(c.level == Level::incomplete);
  CHECK(c.reason == "e1; e2");
  // the doubts of the reason: by claim (branches, events, regions), the first five
  o.findings.branches.doubts = {"b1"};
  o.findings.regions.doubts = {"r1", "r2", "r3"};
  detail::write_certificate(c, o);
  CHECK(c.reason == "b1; e1; e2; r1; r2; and 1 more");
  // the proof raises every claim to proven, each with its part, and adds the invariant circle's
  detail::SweepOutcome p = on_branches({}, {}, "");
  p.proof = {"events enclosed", "regions proven", "branches enclosed", "on w2 = 0"};
  detail::write_certificate(c, p);
  REQUIRE(c.claims.size() == 4);
  for (const Claim& k : c.claims) CHECK(k.level == Level::proven);
  CHECK(c.claims[0].reason.rfind("proven: branches enclosed; 3 branch(es)", 0) == 0);
  CHECK(c.claims[1].reason.rfind("proven: events enclosed; 2 event(s)", 0) == 0);
  CHECK(c.claims[2].reason.rfind("proven: regions proven; ", 0) == 0);
  CHECK(c.claims[3].claim == "invariant-circle");
  CHECK(c.claims[3].reason == "proven: on w2 = 0");
  CHECK(c.level == Level::proven);
}

}  // namespace test_sweep_pieces
