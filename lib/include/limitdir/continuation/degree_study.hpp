#pragma once
// The degree study of Figs 17-18 [Nonlinear Dyn. 2024] (docs/manual.md section 5, degree-study):
// the bifurcation diagram of the harmonic friction model (82)-(96) of several degrees N and of
// the exact model over one parameter range, and for every event of every degree the nearest
// event of the same kind of the exact model with the error of its parameter value, so that the
// convergence of the event loads with N can be read off (the limit-direction curves of (131)
// for the disc and (141) for the ball).
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

/// One event of an approximate diagram and the exact event it is matched with.
struct MatchedEvent {
  EventKind kind;
  double p;
  /// Index into the exact diagram's events: the event of the same kind whose parameter is
  /// nearest to p (the first of equally near ones); empty when the exact diagram has no event
  /// of this kind.
  std::optional<std::size_t> exact;
  /// |p - p_exact| when matched.
  std::optional<double> error;
  /// Whether this is the approximate event nearest to its exact event among those of its kind
  /// (the first of equally near ones). False for a further event matched with the same exact
  /// event: one the exact model does not have, e.g. the second fold of the disc's harmonic
  /// model N = 5 near its pitchfork. Unmatched events are not nearest.
  bool nearest = false;
};

struct EventMatching {
  std::vector<MatchedEvent> events;  // one per event of the approximate diagram, in its order
  /// Indices of the exact events that no event of the approximate diagram was matched with
  /// (e.g. the folds of the exact disc for N = 1, which has none: Fig. 13).
  std::vector<std::size_t> missed;
};

/// Matches every event of `approx` with the nearest exact event of the same kind (above).
EventMatching match_events(const Diagram& approx, const Diagram& exact);

/// The diagram of the harmonic model of one degree and its matching against the exact model.
struct DegreeRun {
  int degree = 0;
  Problem problem;  // the problem of this run at the start of the sweep (parameter = from)
  Diagram diagram;
  EventMatching matching;
};

/// The error of one event kind at one degree: how many events of that kind the degree's
/// diagram has, how many of them are the nearest to their exact event (MatchedEvent::nearest),
/// and the largest error among those (empty when there is none): the error with which the
/// degree approximates the exact events of the kind it has. The other events of the kind are
/// `extra` (the exact model has no event of the kind, or a nearer event stands for it).
struct KindError {
  int degree = 0;
  int events = 0;
  int matched = 0;
  int extra = 0;
  std::optional<double> max_error;
};

/// The errors of one event kind against N, one entry per run in the runs' order.
struct KindSummary {
  EventKind kind;
  int exact_events = 0;  // the number of events of this kind of the exact diagram
  std::vector<KindError> errors;
};

/// One summary per event kind that occurs in the exact diagram or in any run, in the order of
/// EventKind.
std::vector<KindSummary> summarize_errors(const std::vector<DegreeRun>& runs, const Diagram& exact);

struct DegreeStudy {
  std::string parameter;
  double from = 0, to = 0;
  Problem exact_problem;  // the exact model's problem at the sweep's start
  Diagram exact;
  std::vector<DegreeRun> runs;  // in the order of the degrees asked for
  std::vector<KindSummary> summary;
  /// The least level of all the diagrams (the exact model's is checked at best), with the
  /// reasons of those at that level, each prefixed by its model.
  Certificate certificate;
};

/// Called before each sweep with a one-line note ("harmonic N = 3 (3 of 9)", "exact (9 of 9)").
using StudyProgress = std::function<void(const std::string&)>;

/// The degree study of `problem` along `parameter` (parameter_family) over [from, to]: sweep
/// with the harmonic model of each of `degrees` (each >= 1, no repeats; InputError otherwise)
/// and with the exact model (the problem's pressure and rho kept, its model replaced), the Hopf
/// events confirmed as sweep-force does, and every run matched against the exact diagram.
DegreeStudy degree_study(const Problem& problem, const std::string& parameter, const std::vector<int>& degrees,
                         double from, double to, const ContinuationOptions& options = {},
                         const StudyProgress& progress = {});

}  // namespace limitdir
