// The degree-study document "limitdir.degree-study/1" (report/degree_study_io.hpp, docs/manual.md
// section 5): its writer and reader. The study (Figs 17-18 [Nonlinear Dyn. 2024]) is computed in
// continuation/degree_study.cpp.
#include "limitdir/report/degree_study_io.hpp"

#include <string>
#include <tuple>
#include <utility>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "report/report_values.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kDegreeStudySchema = "limitdir.degree-study/1";

double study_number(double value, const std::string& what) {
  return report_number(detail::finite_in_report(value, "degree-study report", what));
}

json nullable(const std::optional<double>& value, const std::string& what) {
  return value ? json(study_number(*value, what)) : json(nullptr);
}

json run_events(const DegreeRun& run, const Diagram& exact, const std::string& where) {
  json events = json::array();
  for (std::size_t k = 0; k < run.matching.events.size(); ++k) {
    const MatchedEvent& m = run.matching.events[k];
    const std::string at = where + ".events[" + std::to_string(k) + "]";
    events.push_back({{"kind", to_string(m.kind)},
                      {"p", study_number(m.p, at + ".p")},
                      {"exact", m.exact ? json(*m.exact) : json(nullptr)},
                      {"exact_p", m.exact ? json(study_number(exact.events[*m.exact].p, at + ".exact_p")) : json(nullptr)},
                      {"error", nullable(m.error, at + ".error")},
                      {"nearest", m.nearest}});
  }
  return events;
}

json summary_to_json(const std::vector<KindSummary>& summary) {
  json out = json::array();
  for (const KindSummary& s : summary) {
    json errors = json::array();
    for (const KindError& e : s.errors)
      errors.push_back({{"degree", e.degree},
                        {"events", e.events},
                        {"matched", e.matched},
                        {"extra", e.extra},
                        {"max_error", nullable(e.max_error, "summary." + to_string(s.kind) + ".max_error")}});
    out.push_back({{"kind", to_string(s.kind)}, {"exact_events", s.exact_events}, {"errors", std::move(errors)}});
  }
  return out;
}

const json& key(const json& document, const std::string& name, const std::string& where) {
  if (!document.is_object() || !document.contains(name))
    throw InputError(where + ": missing key \"" + name + "\"");
  return document[name];
}

/// A run's problem and diagram from its embedded diagram document.
std::pair<Problem, Diagram> embedded(const json& entry, const std::string& where) {
  const json& diagram = key(entry, "diagram", where);
  return {parse_problem(key(diagram, "problem", where + ".diagram"), where + ".diagram.problem"),
          diagram_from_json(diagram, where + ".diagram")};
}

}  // namespace

json degree_study_report(const Problem& problem, const DegreeStudy& study) {
  json exact_events = json::array();
  for (std::size_t k = 0; k < study.exact.events.size(); ++k)
    exact_events.push_back({{"kind", to_string(study.exact.events[k].kind)},
                            {"p", study_number(study.exact.events[k].p, "exact.events[" + std::to_string(k) + "].p")}});
  json degrees = json::array(), runs = json::array();
  for (std::size_t i = 0; i < study.runs.size(); ++i) {
    const DegreeRun& run = study.runs[i];
    const std::string where = "runs[" + std::to_string(i) + "]";
    degrees.push_back(run.degree);
    runs.push_back({{"degree", run.degree},
                    {"model", make_friction_model(run.problem)->description()},
                    {"level", to_string(run.diagram.certificate.level)},
                    {"events", run_events(run, study.exact, where)},
                    {"missed", run.matching.missed},
                    {"diagram", diagram_report(run.problem, run.diagram)}});
  }
  return {{"schema", kDegreeStudySchema},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(problem)},
          {"parameter", study.parameter},
          {"from", study_number(study.from, "from")},
          {"to", study_number(study.to, "to")},
          {"degrees", std::move(degrees)},
          {"exact",
           {{"model", make_friction_model(study.exact_problem)->description()},
            {"level", to_string(study.exact.certificate.level)},
            {"events", std::move(exact_events)},
            {"diagram", diagram_report(study.exact_problem, study.exact)}}},
          {"runs", std::move(runs)},
          {"summary", summary_to_json(study.summary)},
          {"certificate",
           {{"level", to_string(study.certificate.level)},
            {"complete", study.certificate.complete()},
            {"reason", study.certificate.reason}}}};
}

DegreeStudy degree_study_from_json(const json& document, const std::string& source, Problem* problem) {
  const json& schema = key(document, "schema", source);
  if (schema != kDegreeStudySchema)
    throw InputError(source + ".schema: must be \"" + std::string(kDegreeStudySchema) + "\" (got " + schema.dump() + ")");
  if (problem) *problem = parse_problem(key(document, "problem", source), source + ".problem");
  DegreeStudy study;
  std::tie(study.exact_problem, study.exact) = embedded(key(document, "exact", source), source + ".exact");
  study.parameter = study.exact.parameter;
  study.from = study.exact.from;
  study.to = study.exact.to;
  const json& runs = key(document, "runs", source);
  if (!runs.is_array() || runs.empty()) throw InputError(source + ".runs: must be a non-empty array");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::string where = source + ".runs[" + std::to_string(i) + "]";
    const json& degree = key(runs[i], "degree", where);
    if (!degree.is_number_integer() || degree.get<long long>() < 1)
      throw InputError(where + ".degree: must be an integer >= 1 (got " + degree.dump() + ")");
    DegreeRun run;
    run.degree = degree.get<int>();
    std::tie(run.problem, run.diagram) = embedded(runs[i], where);
    if (run.diagram.parameter != study.parameter || run.diagram.from != study.from || run.diagram.to != study.to)
      throw InputError(where + ".diagram: its parameter or range differs from the exact model's");
    run.matching = match_events(run.diagram, study.exact);
    study.runs.push_back(std::move(run));
  }
  study.summary = summarize_errors(study.runs, study.exact);
  study.certificate.level = level_from_string(key(key(document, "certificate", source), "level", source + ".certificate"));
  return study;
}

}  // namespace limitdir
