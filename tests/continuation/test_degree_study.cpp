// The degree study of Figs 17-18 [Nonlinear Dyn. 2024] (continuation/degree_study.hpp,
// report/degree_study_io.hpp): the matching of events against the exact diagram and the errors
// on synthetic diagrams whose answer is known by construction, the document's round trip, and
// the study of the disc (131) against the closed-form tangency of the exact model.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <cmath>
#include <string>
#include <vector>

#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/degree_study_io.hpp"
#include "synthetic_diagram.hpp"

namespace test_degree_study {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::Diagram;
using limitdir::DegreeRun;
using limitdir::Event;
using limitdir::EventKind;
using limitdir::InputError;
using json = nlohmann::json;

namespace {

/// An event of `kind` at p on branch 1 (its direction is that of the synthetic branch 0).
Event event_at(EventKind kind, double p) {
  return {kind, p, {limitdir::testing::synthetic_w(0, p)}, {1}, true, 0.0, {}, limitdir::Level::checked};
}

/// A two-branch synthetic diagram over [0, 2] carrying the given events.
Diagram with_events(const std::vector<Event>& events) {
  Diagram d = limitdir::testing::synthetic_diagram(2, 2);
  d.events = events;
  return d;
}

// Every parameter value below is dyadic, and so is every difference of two of them: the errors
// |p - p_exact| are exact in binary floating point and are compared with ==.
constexpr double d7 = 1.0 / 128;  // 2^-7
constexpr double d5 = 1.0 / 32;   // 2^-5

/// The exact model's events: a fold, a pitchfork, a branch point and a tangency.
Diagram exact_diagram() {
  return with_events({event_at(EventKind::fold, 0.25), event_at(EventKind::pitchfork, 0.5),
                      event_at(EventKind::branch_point, 0.875), event_at(EventKind::tangency, 1.0)});
}

limitdir::Problem disc_problem() {
  return limitdir::parse_problem(json::parse(R"({"schema": "limitdir.problem/1", "name": "disc",
      "system": {"preset": "disc"}, "friction": {"model": "harmonic", "degree": 2}})"),
                                 "disc.json");
}

}  // namespace

TEST_CASE("match_events: the nearest exact event of the same kind, its error, extra and missed events") {
  // the approximate model: the fold moved by 2^-7, a second fold at 0.4375 (its nearest exact
  // fold is the one at 0.25, 3/16 away, but the first fold is nearer to it), the pitchfork
  // moved by -2^-5, a Hopf point the exact model does not have, the tangency moved by 2^-7; the
  // exact branch point has no counterpart
  const Diagram approx = with_events({event_at(EventKind::fold, 0.25 + d7), event_at(EventKind::fold, 0.4375),
                                      event_at(EventKind::pitchfork, 0.5 - d5), event_at(EventKind::hopf, 0.75),
                                      event_at(EventKind::tangency, 1.0 + d7)});
  const limitdir::EventMatching m = limitdir::match_events(approx, exact_diagram());
  REQUIRE(m.events.size() == 5);
  CHECK(m.events[0].exact == 0u);
  CHECK(m.events[0].error == d7);
  CHECK(m.events[0].nearest);
  CHECK(m.events[1].exact == 0u);
  CHECK(m.events[1].error == 0.1875);
  CHECK_FALSE(m.events[1].nearest);
  CHECK(m.events[2].exact == 1u);
  CHECK(m.events[2].error == d5);
  CHECK(m.events[2].nearest);
  CHECK_FALSE(m.events[3].exact.has_value());
  CHECK_FALSE(m.events[3].error.has_value());
  CHECK_FALSE(m.events[3].nearest);
  CHECK(m.events[4].exact == 3u);
  CHECK(m.events[4].error == d7);
  CHECK(m.missed == std::vector<std::size_t>{2});
}

TEST_CASE("match_events: of two exact events of a kind the nearer one, e.g. the mirror pair of a load sweep") {
  // the ball's tangencies at -3.5 and 3.5 (Sect. 7.5) against approximations at -3.5 + 2^-5
  // and 3.5 - 2^-7
  const Diagram exact = with_events({event_at(EventKind::tangency, -3.5), event_at(EventKind::tangency, 3.5)});
  const Diagram approx = with_events({event_at(EventKind::tangency, 3.5 - d7), event_at(EventKind::tangency, -3.5 + d5)});
  const limitdir::EventMatching m = limitdir::match_events(approx, exact);
  CHECK(m.events[0].exact == 1u);
  CHECK(m.events[0].error == d7);
  CHECK(m.events[1].exact == 0u);
  CHECK(m.events[1].error == d5);
  CHECK(m.events[0].nearest);
  CHECK(m.events[1].nearest);
  CHECK(m.missed.empty());
}

TEST_CASE("summarize_errors: per kind and degree the largest error of the nearest events, extra ones apart") {
  const Diagram exact = exact_diagram();
  std::vector<DegreeRun> runs(2);
  runs[0].degree = 1;  // no fold; the pitchfork 2^-5 off, the tangency 2^-5 off
  runs[0].diagram = with_events({event_at(EventKind::pitchfork, 0.5 + d5), event_at(EventKind::tangency, 1.0 - d5)});
  runs[1].degree = 3;  // a fold 2^-7 off and an extra one; the tangency 2^-7 off
  runs[1].diagram = with_events({event_at(EventKind::fold, 0.25 - d7), event_at(EventKind::fold, 0.5),
                                 event_at(EventKind::pitchfork, 0.5 + d7), event_at(EventKind::tangency, 1.0 + d7)});
  for (DegreeRun& run : runs) run.matching = limitdir::match_events(run.diagram, exact);
  const std::vector<limitdir::KindSummary> s = limitdir::summarize_errors(runs, exact);
  // in the order of EventKind, the kinds that occur: no Hopf point, no continuum
  REQUIRE(s.size() == 4);
  CHECK(s[0].kind == EventKind::tangency);
  CHECK(s[1].kind == EventKind::fold);
  CHECK(s[2].kind == EventKind::pitchfork);
  CHECK(s[3].kind == EventKind::branch_point);
  CHECK(s[0].errors[0].max_error == d5);
  CHECK(s[0].errors[1].max_error == d7);
  CHECK(s[1].exact_events == 1);
  CHECK(s[1].errors[0].events == 0);
  CHECK_FALSE(s[1].errors[0].max_error.has_value());
  CHECK(s[1].errors[1].degree == 3);
  CHECK(s[1].errors[1].events == 2);
  CHECK(s[1].errors[1].matched == 1);
  CHECK(s[1].errors[1].extra == 1);
  CHECK(s[1].errors[1].max_error == d7);
  CHECK(s[3].exact_events == 1);
  CHECK(s[3].errors[1].events == 0);
}

TEST_CASE("degree_study_report and degree_study_from_json: the document round trip") {
  limitdir::DegreeStudy study;
  study.parameter = "force";
  study.from = 0.0;
  study.to = 2.0;
  study.exact_problem = disc_problem();
  study.exact = exact_diagram();
  DegreeRun run;
  run.degree = 2;
  run.problem = disc_problem();
  run.diagram = with_events({event_at(EventKind::fold, 0.25 + d7), event_at(EventKind::tangency, 1.0 - d5)});
  run.matching = limitdir::match_events(run.diagram, study.exact);
  study.runs.push_back(run);
  study.summary = limitdir::summarize_errors(study.runs, study.exact);
  study.certificate.level = limitdir::Level::checked;
  const json doc = limitdir::degree_study_report(disc_problem(), study);
  CHECK(doc["schema"] == "limitdir.degree-study/1");
  CHECK(doc["degrees"] == json::array({2}));
  CHECK(doc["runs"][0]["events"][0]["error"] == d7);
  CHECK(doc["runs"][0]["events"][1]["exact"] == 3);
  CHECK(doc["runs"][0]["missed"] == json::array({1, 2}));
  CHECK(doc["summary"][1]["kind"] == "fold");

  const limitdir::DegreeStudy back = limitdir::degree_study_from_json(doc, "study.json");
  REQUIRE(back.runs.size() == 1);
  CHECK(back.runs[0].degree == 2);
  CHECK(back.exact.events.size() == 4);
  CHECK(back.runs[0].matching.events[1].error == d5);
  CHECK(back.summary.size() == study.summary.size());

  json bad = doc;
  bad["runs"][0]["degree"] = 0;
  CHECK_THROWS_WITH_AS(limitdir::degree_study_from_json(bad, "study.json"), "study.json.runs[0].degree: must be an integer >= 1 (got 0)", InputError);
  bad = doc;
  bad["schema"] = "limitdir.diagram/1";
  CHECK_THROWS_AS(limitdir::degree_study_from_json(bad, "study.json"), InputError);
  bad = doc;
  bad["exact"].erase("diagram");
  CHECK_THROWS_WITH_AS(limitdir::degree_study_from_json(bad, "study.json"), "study.json.exact: missing key \"diagram\"", InputError);
}

TEST_CASE("degree_study of the disc (131): the exact tangency at F = 1, the degrees' tangencies at C1") {
  // The exact model gives pure sliding w = e1 the friction q(e1) = -e1 (no spin: Coulomb's law
  // over the whole contact), so R*(e1) = F - 1 and the tangency is at F = 1; the harmonic model
  // N has q(e1) = -C1 e1, so its tangency is at F = C1 (docs/manual.md section 1), and C1 -> 1.
  // Event loads are located to p_tol = 1e-11 (ContinuationOptions); a margin of 100 for the
  // conditioning of R*(e1) = F - C1 in F (slope 1) and the rounding of C1 leaves 1e-9.
  constexpr double event_tol = 1e-9;
  const limitdir::Problem disc = disc_problem();
  const limitdir::DegreeStudy study = limitdir::degree_study(disc, "force", {1, 2}, 0.05, 1.5);
  REQUIRE(study.runs.size() == 2);
  const auto tangency = [](const Diagram& d) {
    for (const Event& e : d.events)
      if (e.kind == EventKind::tangency) return e.p;
    return std::nan("");
  };
  CHECK(std::abs(tangency(study.exact) - 1.0) <= event_tol);
  for (const DegreeRun& run : study.runs) {
    limitdir::Problem harmonic = disc;
    limitdir::apply_overrides(harmonic, std::string("harmonic"), run.degree, std::nullopt, std::nullopt, std::nullopt);
    const double c1 = -limitdir::make_friction_model(harmonic)->q(Eigen::Vector3d::UnitX()).x();
    CHECK(std::abs(tangency(run.diagram) - c1) <= event_tol);
  }
  CHECK(study.runs[0].diagram.certificate.level == limitdir::Level::proven);
  // the exact model's sweep on the invariant circle is proven too (continuation/circle_law.hpp)
  CHECK(study.exact.certificate.level == limitdir::Level::proven);
  CHECK(study.certificate.level == limitdir::Level::proven);
  CHECK_THROWS_AS(limitdir::degree_study(disc, "force", {}, 0.05, 1.5), InputError);
  CHECK_THROWS_AS(limitdir::degree_study(disc, "force", {2, 2}, 0.05, 1.5), InputError);
  CHECK_THROWS_AS(limitdir::degree_study(disc, "force", {0}, 0.05, 1.5), InputError);
}

}  // namespace test_degree_study
