// Degree studies as figures (plot/plot.hpp, docs/manual.md section 11): the branches of the
// harmonic model of every degree N and of the exact model on one figure, as Figs 17-18
// [Nonlinear Dyn. 2024], or the log10 of each event kind's error against N (--convergence).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "limitdir/report/degree_study_io.hpp"
#include "plot/common.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double padding = 0.06;        // of the data range, above and below the curves

/// One colour per degree, in the order of the runs (cycled beyond ten); the exact model is black.
/// Neighbours differ in hue and lightness (warm, cool and olive alternate from the fifth on), so
/// that N = 5..8 are told apart as well as N = 1..4.
std::string degree_colour(std::size_t k) {
  static const char* const palette[] = {"#e6194b", "#f58231", "#d4a017", "#3cb44b", "#42d4f4",
                                        "#808000", "#4363d8", "#f032e6", "#9a6324", "#911eb4"};
  return palette[k % 10];
}

/// One colour per event kind for the convergence figure.
std::string kind_colour(EventKind kind) {
  switch (kind) {
    case EventKind::tangency: return "#d62728";
    case EventKind::fold: return "#1f63d4";
    case EventKind::pitchfork: return "#2ca02c";
    case EventKind::branch_point: return "#8c564b";
    case EventKind::hopf: return "#8e44ad";
    case EventKind::continuum: return "#707070";
    case EventKind::kink: return "#e6a000";
    case EventKind::jump: return "#17becf";
  }
  return "black";
}

/// The points of a diagram's branches and events in (p, y) for the coordinate y.
struct Curves {
  std::vector<std::vector<svg::Point>> branches;
  std::vector<svg::Point> events;
};

Curves curves_of(const Problem& problem, const Diagram& d, const std::string& y) {
  Curves out;
  for (const Branch& b : d.branches) {
    std::vector<BranchPoint> points = b.points;
    if (b.closed && !points.empty()) points.push_back(points.front());
    std::vector<svg::Point> run;
    for (const BranchPoint& p : points) {
      const svg::Point here{p.p, diagram_coordinate(y, p.w, p.rdot)};
      if (y == "psi" && !run.empty() && std::abs(here.second - run.back().second) > pi) {  // wraps
        out.branches.push_back(std::move(run));
        run.clear();
      }
      run.push_back(here);
    }
    out.branches.push_back(std::move(run));
  }
  const ParameterFamily family = parameter_family(problem, d.parameter);
  for (const Event& e : d.events) {
    if (e.kind == EventKind::continuum) continue;  // circles: every longitude at that load
    const System system = family.system(e.p);
    for (const Eigen::Vector3d& w : e.directions)
      out.events.push_back({e.p, diagram_coordinate(y, w, system.radial(w, family.force(e.p)))});
  }
  return out;
}

void draw_curves(svg::Document& doc, const svg::Frame& frame, const Curves& c, const std::string& colour,
                 double width, const std::string& dash = "") {
  for (const auto& run : c.branches) svg::data_line(doc, frame, run, {colour, width, "none", dash, 0.9});
  for (const svg::Point& e : c.events) {
    if (!(e.first >= frame.to_x.d0 && e.first <= frame.to_x.d1 && e.second >= frame.to_y.d0 && e.second <= frame.to_y.d1))
      continue;  // outside the axes
    const auto [px, py] = frame.pixel(e.first, e.second);
    doc.circle(px, py, 4.0 * doc.marker_scale(), {colour, 1.5, "white", "", 1.0});
  }
}

std::string title_of(const Problem& problem, const DegreeStudy& study) {
  return swept_title(problem.name, study.parameter, study.from, study.to, study.exact.force) + "; harmonic N = " +
         std::to_string(study.runs.front().degree) +
         (study.runs.size() > 1 ? ".." + std::to_string(study.runs.back().degree) : "") + " and exact";
}

/// The frame of a degree study's figure with its title and its legend in rows below.
svg::Frame study_frame(svg::Document& doc, const svg::AxesSpec& spec, const std::string& title,
                       const std::vector<svg::LegendItem>& legend) {
  const FigureTitle heading = figure_title(doc, title, 14.0);
  const Margins m = margins(doc);
  const double W = doc.width(), H = doc.height(), frame_w = W - m.left - m.right;
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, frame_w, max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, frame_w);
  check_room(doc, frame_w, H - m.top - m.bottom - legend_h);
  const svg::Frame frame = svg::axes(doc, m.left, m.top, frame_w, H - m.top - m.bottom - legend_h, spec);
  draw_title(doc, m.top - 10.0 * doc.font_scale(), heading);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  return frame;
}

/// With --log-y, InputError at a branch or event with y <= 0 in view (check_log_y).
void check_log(const Curves& c, std::pair<double, double> x, const PlotOptions& options, const std::string& x_name) {
  check_log_y(c.branches, x.first, x.second, "a branch", options, x_name);
  check_log_y({c.events}, x.first, x.second, "an event", options, x_name);
}

const char* const study_dashes[] = {"", "7 4", "2 3", "10 3 2 3"};  // one per study of an overlay

/// The branches of one or more degree studies (plot_degree_study, plot_degree_study_overlay):
/// each degree one colour (by its place among the degrees of every study), the exact models
/// black, study k in dash style k (named by names[k] in the legend when there are several).
std::string studies_figure(const std::vector<DegreeStudy>& studies, const std::vector<std::string>& names,
                           const PlotOptions& options, const std::string& title, const std::string& name) {
  std::pair<double, double> x{studies.front().from, studies.front().to};
  std::vector<int> degrees;
  for (const DegreeStudy& study : studies) {
    x = {std::min(x.first, study.from), std::max(x.second, study.to)};
    for (const DegreeRun& run : study.runs) degrees.push_back(run.degree);
  }
  std::sort(degrees.begin(), degrees.end());
  degrees.erase(std::unique(degrees.begin(), degrees.end()), degrees.end());
  const auto colour_of = [&](int degree) {
    return degree_colour(static_cast<std::size_t>(std::lower_bound(degrees.begin(), degrees.end(), degree) - degrees.begin()));
  };
  const std::string x_name = studies.front().parameter == "force" ? "F" : studies.front().parameter;
  x = checked_log_x(options.x_range.value_or(x), options, x_name);
  std::vector<std::vector<Curves>> curves(studies.size());  // per study: its degrees, then the exact model
  Runs all;
  for (std::size_t k = 0; k < studies.size(); ++k) {
    for (const DegreeRun& run : studies[k].runs) curves[k].push_back(curves_of(run.problem, run.diagram, options.y));
    curves[k].push_back(curves_of(studies[k].exact_problem, studies[k].exact, options.y));
    for (Curves& c : curves[k]) {
      check_log(c, x, options, x_name);
      all.insert(all.end(), c.branches.begin(), c.branches.end());
    }
  }
  auto [lo, hi] = options.y == "rdot" ? robust_range(all) : full_range(all).value_or(std::pair{-1.0, 1.0});
  const double pad = std::max(padding * (hi - lo), 0.05 * std::max(1.0, std::abs(hi)));
  const std::pair<double, double> y =
      options.y_range.value_or(options.log_y ? log_range(all, x.first, x.second, padding) : std::pair{lo - pad, hi + pad});

  std::vector<svg::LegendItem> legend;
  for (const int degree : degrees)
    legend.push_back({svg::LegendItem::Kind::line, {colour_of(degree), 2.0, "none", "", 1.0}, "N = " + std::to_string(degree)});
  legend.push_back({svg::LegendItem::Kind::line, {"black", 2.4, "none", "", 1.0}, "exact"});
  legend.push_back({svg::LegendItem::Kind::text, {}, "(harmonic models of degree N); circles: events"});
  if (studies.size() > 1)
    for (std::size_t k = 0; k < studies.size(); ++k)
      legend.push_back({svg::LegendItem::Kind::line, {"#444444", 2.0, "none", study_dashes[k % std::size(study_dashes)], 1.0}, names[k]});
  svg::Document doc = make_document(options, "limitdir degree study: " + name);
  const svg::Frame frame = study_frame(doc, {x.first, x.second, y.first, y.second, x_name,
                                             diagram_y_label(options.y), "", options.log_x, options.log_y},
                                       title, legend);
  for (std::size_t k = 0; k < studies.size(); ++k) {
    const std::string dash = studies.size() > 1 ? study_dashes[k % std::size(study_dashes)] : "";
    for (std::size_t r = 0; r < curves[k].size(); ++r) {
      const bool exact = r + 1 == curves[k].size();
      draw_curves(doc, frame, curves[k][r], exact ? "black" : colour_of(studies[k].runs[r].degree), exact ? 2.4 : 1.6, dash);
    }
  }
  note_clipped(doc, frame, mark_clipped(doc, frame, all));
  return doc.str();
}

/// A degree study's report read (InputError naming `where` when from == to).
DegreeStudy read_study(const nlohmann::json& report, const std::string& where, Problem* problem) {
  DegreeStudy study = degree_study_from_json(report, where, problem);
  if (!(study.to != study.from))
    throw InputError(where + ": from and to must differ (got " + std::to_string(study.from) + ")");
  return study;
}

/// (N, log10 error) of one kind's nearest events; a zero error (an event at the same value,
/// e.g. a continuum at F = 0) has no logarithm and is left out.
std::vector<svg::Point> convergence_points(const KindSummary& s) {
  std::vector<svg::Point> out;
  for (const KindError& e : s.errors)
    if (e.max_error && *e.max_error > 0.0) out.push_back({double(e.degree), std::log10(*e.max_error)});
  return out;
}

/// For each event kind, the degrees whose number of events of that kind differs from the exact
/// model's, as a line "fold events: N = 1 has none, N = 5, 6 have 2 (the exact model 1)" (the degrees by
/// their count, fewest first): what the errors against N cannot show, read from the summary.
std::vector<std::string> count_notes(const DegreeStudy& study) {
  std::vector<std::string> notes;
  const auto count = [](int n) { return n == 0 ? std::string("none") : std::to_string(n); };
  for (const KindSummary& s : study.summary) {
    std::map<int, std::vector<int>> degrees;  // events of the kind -> the degrees that have that many
    for (const KindError& e : s.errors)
      if (e.events != s.exact_events) degrees[e.events].push_back(e.degree);
    if (degrees.empty()) continue;
    std::string note = to_string(s.kind) + " events:";
    for (const auto& [events, ns] : degrees) {
      note += note.back() == ':' ? " N = " : ", N = ";
      for (std::size_t k = 0; k < ns.size(); ++k) note += (k > 0 ? ", " : "") + std::to_string(ns[k]);
      note += (ns.size() == 1 ? " has " : " have ") + count(events);
    }
    notes.push_back(note + " (the exact model " + count(s.exact_events) + ")");
  }
  return notes;
}

std::string convergence_figure(const Problem& problem, const DegreeStudy& study, const PlotOptions& options) {
  std::vector<const KindSummary*> kinds;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const KindSummary& s : study.summary) {
    const std::vector<svg::Point> points = convergence_points(s);
    if (points.empty()) continue;
    kinds.push_back(&s);
    for (const svg::Point& p : points) lo = std::min(lo, p.second), hi = std::max(hi, p.second);
  }
  if (!(hi >= lo)) lo = -1.0, hi = 0.0;
  const double pad = std::max(padding * (hi - lo), 0.1);
  int n0 = study.runs.front().degree, n1 = n0;
  for (const DegreeRun& run : study.runs) n0 = std::min(n0, run.degree), n1 = std::max(n1, run.degree);

  std::vector<svg::LegendItem> legend;
  for (const KindSummary* s : kinds)
    legend.push_back({svg::LegendItem::Kind::marker, {kind_colour(s->kind), 1.5, kind_colour(s->kind), "", 1.0},
                      to_string(s->kind)});
  legend.push_back({svg::LegendItem::Kind::text, {}, "(the nearest event of each kind; p_exact: the exact model's)"});
  for (const std::string& note : count_notes(study)) legend.push_back({svg::LegendItem::Kind::text, {}, note});
  const std::pair<double, double> x = options.x_range.value_or(std::pair{n0 - 0.5, n1 + 0.5});
  const std::pair<double, double> y = options.y_range.value_or(std::pair{lo - pad, hi + pad});
  svg::Document doc = make_document(options, "limitdir degree study, convergence: " + problem.name);
  const svg::Frame frame = study_frame(doc, {x.first, x.second, y.first, y.second, "N (degree of the harmonic model)",
                                             "log10 |p - p_exact|", ""},
                                       problem.name + ": event errors against N", legend);
  Runs all;
  for (const KindSummary* s : kinds) {
    const std::vector<svg::Point> points = convergence_points(*s);
    all.push_back(points);
    const std::string colour = kind_colour(s->kind);
    svg::data_line(doc, frame, points, {colour, 1.8, "none", "", 1.0});
    for (const svg::Point& p : points) {
      if (p.first < x.first || p.first > x.second || p.second < y.first || p.second > y.second) continue;  // marked
      const auto [px, py] = frame.pixel(p.first, p.second);
      doc.circle(px, py, 4.5 * doc.marker_scale(), {colour, 1.5, colour, "", 1.0});
    }
  }
  note_clipped(doc, frame, mark_clipped(doc, frame, all));
  return doc.str();
}

}  // namespace

std::string plot_degree_study(const nlohmann::json& report, const PlotOptions& options) {
  Problem problem;
  const DegreeStudy study = read_study(report, "degree-study", &problem);
  if (options.convergence) return convergence_figure(problem, study, options);
  return studies_figure({study}, {}, options, title_of(problem, study), problem.name);
}

std::string plot_degree_study_overlay(const std::vector<PlotInput>& inputs, const std::vector<std::string>& names,
                                      const PlotOptions& options) {
  if (options.convergence) throw InputError("--convergence: draws one degree study at a time (give one report)");
  std::vector<DegreeStudy> studies;
  Problem problem;
  for (const PlotInput& input : inputs) studies.push_back(read_study(input.report, input.source, &problem));
  const std::string title = overlay_title(inputs, "degree studies");
  return studies_figure(studies, names, options, title + "; harmonic N and exact, one dash style per study", title);
}

}  // namespace limitdir
