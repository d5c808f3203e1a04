// The degree study of Figs 17-18 [Nonlinear Dyn. 2024]: harmonic models of several degrees
// against the exact model over one parameter range (continuation/degree_study.hpp).
#include "limitdir/continuation/degree_study.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "limitdir/continuation/hopf.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

constexpr EventKind all_kinds[] = {EventKind::tangency, EventKind::fold,   EventKind::pitchfork,
                                   EventKind::branch_point, EventKind::hopf, EventKind::continuum,
                                   EventKind::kink, EventKind::jump};

/// One sweep as sweep-force runs it: the diagram and the problem at the sweep's start.
struct Sweep {
  Problem problem;
  Diagram diagram;
};

Sweep run_sweep(Problem problem, const std::string& parameter, double from, double to,
                const ContinuationOptions& options) {
  const ParameterFamily family = parameter_family(problem, parameter);
  Diagram diagram = sweep(family, from, to, options);
  confirm_hopf_events(family, diagram);  // as sweep-force: the orbits born at its Hopf points
  return {family.problem(from), std::move(diagram)};
}

void check_degrees(const std::vector<int>& degrees) {
  if (degrees.empty()) throw InputError("degree study: no degree given");
  std::set<int> seen;
  for (const int n : degrees) {
    if (n < 1) throw InputError("degree study: a degree must be an integer >= 1 (got " + std::to_string(n) + ")");
    if (!seen.insert(n).second)
      throw InputError("degree study: degree " + std::to_string(n) + " is given twice");
  }
}

/// The study's certificate: the least level of the diagrams, with the reasons of those at it.
Certificate study_certificate(const DegreeStudy& study) {
  Certificate c;
  c.level = study.exact.certificate.level;
  for (const DegreeRun& run : study.runs) c.level = std::min(c.level, run.diagram.certificate.level);
  const auto add = [&](const std::string& model, const Certificate& own) {
    if (own.level != c.level) return;
    if (!c.reason.empty()) c.reason += "; ";
    c.reason += model + ": " + own.reason;
  };
  for (const DegreeRun& run : study.runs) add("harmonic N = " + std::to_string(run.degree), run.diagram.certificate);
  add("exact", study.exact.certificate);
  return c;
}

}  // namespace

EventMatching match_events(const Diagram& approx, const Diagram& exact) {
  EventMatching out;
  std::vector<bool> used(exact.events.size(), false);
  for (const Event& e : approx.events) {
    MatchedEvent m{e.kind, e.p, std::nullopt, std::nullopt, false};
    for (std::size_t k = 0; k < exact.events.size(); ++k) {
      const Event& x = exact.events[k];
      if (x.kind != e.kind) continue;
      const double error = std::abs(e.p - x.p);
      if (!m.error || error < *m.error) {
        m.exact = k;
        m.error = error;
      }
    }
    if (m.exact) used[*m.exact] = true;
    out.events.push_back(m);
  }
  // the nearest approximate event of each matched exact event
  for (std::size_t k = 0; k < exact.events.size(); ++k) {
    MatchedEvent* best = nullptr;
    for (MatchedEvent& m : out.events)
      if (m.exact == k && (!best || *m.error < *best->error)) best = &m;
    if (best) best->nearest = true;
  }
  for (std::size_t k = 0; k < used.size(); ++k)
    if (!used[k]) out.missed.push_back(k);
  return out;
}

std::vector<KindSummary> summarize_errors(const std::vector<DegreeRun>& runs, const Diagram& exact) {
  std::vector<KindSummary> out;
  for (const EventKind kind : all_kinds) {
    KindSummary s{kind, 0, {}};
    bool occurs = false;
    for (const Event& x : exact.events) s.exact_events += x.kind == kind;
    occurs = s.exact_events > 0;
    for (const DegreeRun& run : runs) {
      KindError k{run.degree, 0, 0, 0, std::nullopt};
      for (const MatchedEvent& m : run.matching.events) {
        if (m.kind != kind) continue;
        ++k.events;
        if (!m.nearest) {
          ++k.extra;
          continue;
        }
        ++k.matched;
        k.max_error = std::max(k.max_error.value_or(0.0), *m.error);
      }
      occurs = occurs || k.events > 0;
      s.errors.push_back(k);
    }
    if (occurs) out.push_back(std::move(s));
  }
  return out;
}

DegreeStudy degree_study(const Problem& problem, const std::string& parameter, const std::vector<int>& degrees,
                         double from, double to, const ContinuationOptions& options, const StudyProgress& progress) {
  check_degrees(degrees);
  DegreeStudy study;
  study.parameter = parameter;
  study.from = from;
  study.to = to;
  const std::string of = " of " + std::to_string(degrees.size() + 1) + ")";
  // each sweep's own notes (its continuation steps) after the stage's, so that a sweep longer
  // than a second shows where it is (docs/manual.md section 5)
  std::string stage;
  ContinuationOptions sweep_options = options;
  if (progress) sweep_options.progress = [&progress, &stage](const std::string& note) { progress(stage + ": " + note); };
  const auto begin = [&](std::string name) {
    stage = std::move(name);
    if (progress) progress(stage);
  };
  for (std::size_t i = 0; i < degrees.size(); ++i) {
    begin("harmonic N = " + std::to_string(degrees[i]) + " (" + std::to_string(i + 1) + of);
    Problem harmonic = problem;
    apply_overrides(harmonic, std::string("harmonic"), degrees[i], std::nullopt, std::nullopt, std::nullopt);
    Sweep s = run_sweep(std::move(harmonic), parameter, from, to, sweep_options);
    study.runs.push_back({degrees[i], std::move(s.problem), std::move(s.diagram), {}});
  }
  begin("exact (" + std::to_string(degrees.size() + 1) + of);
  Problem exact = problem;
  apply_overrides(exact, std::string("exact"), std::nullopt, std::nullopt, std::nullopt, std::nullopt);
  Sweep s = run_sweep(std::move(exact), parameter, from, to, sweep_options);
  study.exact_problem = std::move(s.problem);
  study.exact = std::move(s.diagram);
  for (DegreeRun& run : study.runs) run.matching = match_events(run.diagram, study.exact);
  study.summary = summarize_errors(study.runs, study.exact);
  study.certificate = study_certificate(study);
  return study;
}

}  // namespace limitdir
