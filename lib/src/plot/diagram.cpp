// Bifurcation diagrams as figures (plot/plot.hpp): a coordinate of the limit directions against
// the parameter, in the style of Figs 13-14 [Nonlinear Dyn. 2024] (docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/limits/classify.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/diagram_orbits.hpp"
#include "core/constants.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double diagram_padding = 0.06;  // of the data range, above and below the curves
constexpr double marker_r = 5.0;  // px on screen (times Document::marker_scale), event markers
constexpr double letter_size = 13.0;
constexpr double diagram_count_size = 11.0;

/// The diagram and the family of systems along its parameter (to colour points and to find
/// rdot at events); `colour` set: an overlay's layer, drawn in that colour.
struct DiagramFigure {
  Diagram diagram;
  ParameterFamily family;
  std::string y;
  std::optional<std::string> colour;
};

/// The vertical coordinate of a point (on a log axis with --log-y: the frame places it).
double coordinate(const DiagramFigure& fig, const Eigen::Vector3d& w, double rdot) {
  return diagram_coordinate(fig.y, w, rdot);
}

/// The Fig. 11 colour of a branch point: the classification's (defined on the invariant
/// circle; green and brown need its eigenvectors), when it agrees with the point's own type.
std::string point_colour(const DiagramFigure& fig, const BranchPoint& p) {
  if (fig.colour) return *fig.colour;
  std::optional<std::string> colour;
  const Classification c = classify(fig.family.system(p.p), fig.family.force(p.p), p.w);
  if (c.radial == p.radial && c.type == p.type) colour = c.colour;
  return fig11_colour(colour, to_string(p.radial), to_string(p.type));
}

bool stable_on_sphere(SphereType t) { return t == SphereType::stable_node || t == SphereType::stable_focus; }

/// The branches as runs of (p, coordinate), broken where psi wraps (for ranges and clipping);
/// with --y period or amplitude the orbit branches.
Runs branch_runs(const DiagramFigure& fig) {
  if (is_orbit_coordinate(fig.y)) return orbit_runs(fig.diagram, fig.y);
  Runs runs;
  for (const Branch& b : fig.diagram.branches) {
    runs.emplace_back();
    for (const BranchPoint& p : b.points) {
      const svg::Point here{p.p, diagram_coordinate(fig.y, p.w, p.rdot)};
      if (fig.y == "psi" && !runs.back().empty() && std::abs(here.second - runs.back().back().second) > pi)
        runs.emplace_back();
      runs.back().push_back(here);
    }
  }
  return runs;
}

void draw_branch(svg::Document& doc, const svg::Frame& frame, const DiagramFigure& fig, const Branch& b) {
  std::vector<BranchPoint> points = b.points;
  if (b.closed && !points.empty()) points.push_back(points.front());
  std::vector<svg::Point> run;
  std::string colour;
  bool solid = true;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const BranchPoint& p = points[i];
    const std::string c = point_colour(fig, p);
    const bool s = stable_on_sphere(p.type);
    const svg::Point here{p.p, coordinate(fig, p.w, p.rdot)};
    if (fig.y == "psi" && !run.empty() && std::abs(here.second - run.back().second) > pi) {  // wraps
      svg::data_line(doc, frame, run, {colour, 2.2, "none", solid ? "" : "7 4", 1.0});
      run.clear();
    } else if (i > 0 && (c != colour || s != solid)) {
      run.push_back(here);  // the run reaches the point where the type changes
      svg::data_line(doc, frame, run, {colour, 2.2, "none", solid ? "" : "7 4", 1.0});
      run.clear();
    }
    colour = c;
    solid = s;
    run.push_back(here);
  }
  svg::data_line(doc, frame, run, {colour, 2.2, "none", solid ? "" : "7 4", 1.0});
}

std::string event_letter(EventKind k) {
  switch (k) {
    case EventKind::tangency: return "T";
    case EventKind::fold: return "F";
    case EventKind::pitchfork: return "P";
    case EventKind::branch_point: return "B";
    case EventKind::hopf: return "H";
    case EventKind::continuum: return "C";
    case EventKind::kink: return "K";
    case EventKind::jump: return "J";  // a boundary equilibrium on a jump set (docs/manual.md section 5)
  }
  return "?";
}

bool inside(const svg::Frame& f, double u, double v) {
  return u >= f.to_x.d0 && u <= f.to_x.d1 && v >= f.to_y.d0 && v <= f.to_y.d1;
}

/// The event markers (reserved so that labels keep off them); returns their labels, placed
/// afterwards, and the events outside the axes as runs for mark_clipped.
std::vector<PendingLabel> draw_event_markers(svg::Document& doc, const svg::Frame& frame, const DiagramFigure& fig,
                                             Runs& outside) {
  std::vector<PendingLabel> labels;
  const svg::Style marker{fig.colour.value_or("black"), 1.5, "white", "", 1.0};
  const double r = marker_r * doc.marker_scale(), ms = doc.marker_scale();
  for (const Event& e : fig.diagram.events) {
    if (!(e.p >= frame.to_x.d0 && e.p <= frame.to_x.d1)) continue;  // outside the drawn range
    const System system = fig.family.system(e.p);
    const double F = fig.family.force(e.p);
    for (const Eigen::Vector3d& w : e.directions) {
      const double v = coordinate(fig, w, system.radial(w, F));
      if (!inside(frame, e.p, v)) {
        outside.push_back({{e.p, v}});
        continue;
      }
      const svg::Point at = frame.pixel(e.p, v);
      doc.circle(at.first, at.second, r, marker);
      svg::reserve_marker(doc, at, r);
      // a continuum's isolated directions are marked; its one label is on its line (below)
      if (e.kind != EventKind::continuum) labels.push_back({event_letter(e.kind), at, r});
    }
    const double px = frame.to_x(e.p);
    if (e.kind == EventKind::continuum) {  // its circles hold every longitude at that load: a dashed line
      doc.line(px, frame.y, px, frame.y + frame.height, {fig.colour.value_or("black"), 1.2, "none", "3 3", 1.0});
      labels.push_back({"C", {px, frame.y + 28.0 * ms}, 0.0});
    }
    if (e.directions.empty()) {  // an event without a direction: a tick on the parameter axis
      doc.line(px, frame.y + frame.height - 10.0 * ms, px, frame.y + frame.height, {"black", 2.0, "none", "", 1.0});
      labels.push_back({event_letter(e.kind), {px, frame.y + frame.height - 10.0 * ms}, 0.0});
    }
  }
  return labels;
}

/// The regions shaded alternately (not in an overlay, whose regions differ).
void shade_regions(svg::Document& doc, const svg::Frame& frame, const Diagram& d) {
  doc.begin_group(frame.clip_id, "regions");
  const char* const shades[] = {"#eef3fa", "#f7f4ea"};
  for (std::size_t i = 0; i < d.regions.size(); ++i) {
    const Region& r = d.regions[i];
    // the part inside the shown range (a region reaching to 1e308 would overflow the pixels)
    const double a = frame.to_x(std::clamp(std::min(r.from, r.to), frame.to_x.d0, frame.to_x.d1));
    const double b = frame.to_x(std::clamp(std::max(r.from, r.to), frame.to_x.d0, frame.to_x.d1));
    doc.rect(a, frame.y, b - a, frame.height, {"none", 0.0, shades[i % 2], "", 1.0});
  }
  doc.end_group();
}

/// Each region's count, as high up in the frame as a free place allows, over the middle of its
/// shown part (a narrow region's count may reach over its neighbours; it is placed lower then).
int label_regions(svg::Document& doc, const svg::Frame& frame, const Diagram& d) {
  int dropped = 0;
  doc.begin_group("", "region-counts");
  const double step = diagram_count_size * doc.font_scale();
  for (const Region& r : d.regions) {
    const double lo = std::max(std::min(r.from, r.to), frame.to_x.d0), hi = std::min(std::max(r.from, r.to), frame.to_x.d1);
    if (!(hi > lo)) continue;  // not in the shown range
    const double cx = (frame.to_x(lo) + frame.to_x(hi)) / 2.0;  // the middle in pixels (on a log axis too)
    std::vector<svg::Point> centres;
    for (double y = frame.y + step; y < frame.y + frame.height - step; y += step) centres.push_back({cx, y});
    if (!svg::place_text(doc, centres, std::to_string(r.count), {diagram_count_size, "middle", "#555555"}, frame_box(frame)))
      ++dropped;
  }
  doc.end_group();
  return dropped;
}

int label_events(svg::Document& doc, const std::vector<PendingLabel>& labels) {
  int dropped = 0;
  doc.begin_group("", "events");
  for (const PendingLabel& l : labels)
    if (!svg::place_marker_label(doc, l.anchor, l.r, l.text, {letter_size, "middle", "black", 0.0, true},
                                 {0.0, 0.0, doc.width(), doc.height()}, 10))
      ++dropped;
  doc.end_group();
  return dropped;
}

/// The x range shown: --x-range, else the sweep's (checked for --log-x).
std::pair<double, double> shown_x(const Diagram& d, const PlotOptions& options) {
  return checked_log_x(options.x_range.value_or(std::pair{std::min(d.from, d.to), std::max(d.from, d.to)}), options,
                       parameter_label(d.parameter));
}

/// The legend of an orbit figure (--y period or amplitude): the line styles by the multiplier and
/// the ends drawn.
std::vector<svg::LegendItem> orbit_legend(const DiagramFigure& fig, double x0, double x1) {
  std::vector<svg::LegendItem> items = orbit_line_legend(fig.diagram, x0, x1);
  std::string events;
  for (const OrbitBranch& b : fig.diagram.orbit_branches)
    if (b.ends[0].kind == "hopf" && b.ends[0].p >= x0 && b.ends[0].p <= x1) events = "H Hopf point";
  if (const std::string orbits = orbit_event_names(fig.diagram, x0, x1); !orbits.empty())
    events += (events.empty() ? "" : ", ") + orbits;
  if (!events.empty()) items.push_back({svg::LegendItem::Kind::text, {}, "ends: " + events});
  return items;
}

/// The legend of one diagram: the Fig. 11 colours, line styles and event letters that occur among
/// the branch points and events in the x range (and in --y-range when given), and only those.
std::vector<svg::LegendItem> diagram_legend(const DiagramFigure& fig, const PlotOptions& options) {
  const auto [x0, x1] = shown_x(fig.diagram, options);
  if (is_orbit_coordinate(fig.y)) return orbit_legend(fig, x0, x1);
  std::set<std::string> colours;
  bool solid = false, dashed = false;
  for (const Branch& b : fig.diagram.branches)
    for (const BranchPoint& p : b.points) {
      const double v = coordinate(fig, p.w, p.rdot);
      if (p.p < x0 || p.p > x1 || (options.y_range && (v < options.y_range->first || v > options.y_range->second)))
        continue;
      colours.insert(point_colour(fig, p));
      (stable_on_sphere(p.type) ? solid : dashed) = true;
    }
  std::vector<svg::LegendItem> items;
  for (const svg::LegendItem& item : fig11_items(false))
    if (colours.count(item.style.stroke)) items.push_back(item);
  if (solid) items.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "", 1.0}, "stable node/focus on the sphere"});
  if (dashed) items.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "7 4", 1.0}, "saddle, unstable or non-hyperbolic"});
  std::string events;
  static const std::pair<EventKind, const char*> event_names[] = {
      {EventKind::tangency, "tangency"}, {EventKind::fold, "fold"},         {EventKind::pitchfork, "pitchfork"},
      {EventKind::branch_point, "branch point"}, {EventKind::hopf, "Hopf"}, {EventKind::kink, "kink"},
      {EventKind::jump, "jump"},         {EventKind::continuum, "continuum"}};
  for (const auto& [kind, name] : event_names) {
    const auto here = [&, k = kind](const Event& e) { return e.kind == k && e.p >= x0 && e.p <= x1; };
    if (std::any_of(fig.diagram.events.begin(), fig.diagram.events.end(), here))
      events += (events.empty() ? "events: " : ", ") + event_letter(kind) + " " + name;
  }
  if (const std::string orbits = orbit_event_names(fig.diagram, x0, x1); !orbits.empty())
    events += (events.empty() ? "events: " : ", ") + orbits + " (closed orbits: --y period)";
  if (!events.empty()) items.push_back({svg::LegendItem::Kind::text, {}, events + ";"});
  items.push_back({svg::LegendItem::Kind::text, {}, "shaded: regions, with their number of limit directions"});
  return items;
}

DiagramFigure read_figure(const nlohmann::json& report, const PlotOptions& options, Problem& problem) {
  problem = parse_problem(plot_detail::field(report, "problem", "diagram"), "diagram.problem");
  DiagramFigure fig{diagram_from_json(report, "diagram"), {}, options.y, std::nullopt};
  fig.family = parameter_family(problem, fig.diagram.parameter);
  const Diagram& d = fig.diagram;
  if (!(d.to != d.from)) throw InputError("diagram: from and to must differ (got " + std::to_string(d.from) + ")");
  if (is_orbit_coordinate(options.y) && d.orbit_branches.empty())
    throw InputError("--y " + options.y + ": the diagram has no branches of closed orbits (orbit_branches)");
  return fig;
}

/// The frame of one or more diagrams: the x range (the option's or the first diagram's), the
/// y range of all their branches (robust for rdot, whose ends can run off), and the legend below.
svg::Frame diagram_frame(svg::Document& doc, const std::vector<DiagramFigure>& figs, const PlotOptions& options,
                         const std::vector<svg::LegendItem>& legend, const std::string& title) {
  const Diagram& d = figs.front().diagram;
  const std::pair<double, double> x = shown_x(d, options);
  Runs all;
  for (const DiagramFigure& fig : figs) {
    Runs runs = branch_runs(fig);
    check_log_y(runs, x.first, x.second, "the coordinate " + options.y, options, parameter_label(d.parameter));
    all.insert(all.end(), runs.begin(), runs.end());
  }
  const std::optional<std::pair<double, double>> full = full_range(all);
  auto [lo, hi] = options.y == "rdot" ? robust_range(all) : full.value_or(std::pair{-1.0, 1.0});
  const double pad = std::max(diagram_padding * (hi - lo), 0.05 * std::max(1.0, std::abs(hi)));
  const std::pair<double, double> y =
      options.y_range.value_or(options.log_y ? log_range(all, x.first, x.second, diagram_padding) : std::pair{lo - pad, hi + pad});
  const FigureTitle heading = figure_title(doc, title, 14.0);
  const Margins m = margins(doc);
  const double W = doc.width(), H = doc.height(), frame_w = W - m.left - m.right;
  // the paper styles' figure has grown for its legend (room_for_legend): never left out there
  const std::vector<svg::LegendItem> shown = svg::fit_legend(doc, legend, frame_w, doc.paper() ? H : max_legend * H);
  const double legend_h = svg::legend_height(doc, shown, frame_w);
  check_room(doc, frame_w, H - m.top - m.bottom - legend_h);
  const svg::Frame frame = svg::axes(doc, m.left, m.top, frame_w, H - m.top - m.bottom - legend_h,
                                     {x.first, x.second, y.first, y.second, parameter_label(d.parameter),
                                      is_orbit_coordinate(options.y) ? orbit_y_label(options.y) : diagram_y_label(options.y),
                                      "", options.log_x, options.log_y});
  draw_title(doc, m.top - 10.0 * doc.font_scale(), heading);
  svg::legend_rows(doc, m.left, H - legend_h - 4.0, frame_w, shown);
  return frame;
}

/// Branches, events and their labels, the clipping marks; returns the labels left out.
int draw_layers(svg::Document& doc, const svg::Frame& frame, const std::vector<DiagramFigure>& figs, bool regions) {
  if (regions) shade_regions(doc, frame, figs.front().diagram);
  Runs clipped;
  for (const DiagramFigure& fig : figs) {
    if (is_orbit_coordinate(fig.y))
      draw_orbit_branches(doc, frame, fig.diagram, fig.y, fig.colour);
    else
      for (const Branch& b : fig.diagram.branches) draw_branch(doc, frame, fig, b);
    Runs runs = branch_runs(fig);
    clipped.insert(clipped.end(), runs.begin(), runs.end());
  }
  std::vector<PendingLabel> labels;
  doc.begin_group("", "event-markers");
  for (const DiagramFigure& fig : figs) {
    const bool orbits = is_orbit_coordinate(fig.y);
    // an orbit figure marks the orbits' ends; a figure of the limit directions its events, and
    // the orbits' ends (no direction) as ticks on the parameter axis
    const std::vector<PendingLabel> l = orbits ? draw_orbit_events(doc, frame, fig.diagram, fig.y, fig.colour)
                                               : draw_event_markers(doc, frame, fig, clipped);
    labels.insert(labels.end(), l.begin(), l.end());
    if (!orbits) {
      const std::vector<PendingLabel> ticks = orbit_event_ticks(doc, frame, fig.diagram);
      labels.insert(labels.end(), ticks.begin(), ticks.end());
    }
  }
  doc.end_group();
  int dropped = label_events(doc, labels);
  if (regions) dropped += label_regions(doc, frame, figs.front().diagram);
  note_clipped(doc, frame, mark_clipped(doc, frame, clipped));
  return dropped;
}

/// The options with the figure grown in height, in the paper styles, when its legend exceeds
/// max_legend of the height (a journal fixes a column's width, not a figure's height): the frame
/// as tall as with the legend left out (its one-line note), the whole legend below it
/// (docs/manual.md section 11).
PlotOptions room_for_legend(const PlotOptions& options, const std::vector<svg::LegendItem>& legend,
                            const std::string& title) {
  if (options.style == "screen") return options;
  svg::Document trial = make_document(options, "");
  figure_title(trial, title, 14.0);
  const Margins m = margins(trial);
  const double w = options.width - m.left - m.right, h = svg::legend_height(trial, legend, w);
  PlotOptions grown = options;
  if (h > max_legend * options.height) grown.height += h - svg::legend_height(trial, svg::fit_legend(trial, legend, w, 0.0), w);
  return grown;
}

}  // namespace

std::string plot_diagram(const nlohmann::json& report, const PlotOptions& options) {
  Problem problem;
  const DiagramFigure fig = read_figure(report, options, problem);
  const Diagram& d = fig.diagram;
  const std::string title = swept_title(problem.name, d.parameter, d.from, d.to, fig.family.force(d.from)) + "; " +
                            short_model(string_field(report, "model", "diagram"));
  const std::vector<svg::LegendItem> legend = diagram_legend(fig, options);
  svg::Document doc = make_document(room_for_legend(options, legend, title), "limitdir bifurcation diagram: " + title);
  const svg::Frame frame = diagram_frame(doc, {fig}, options, legend, title);
  // the regions count limit directions: not shaded behind the orbit branches
  svg::note_dropped(doc, draw_layers(doc, frame, {fig}, !is_orbit_coordinate(options.y)), frame_box(frame));
  return doc.str();
}

std::string plot_diagram_overlay(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                 const PlotOptions& options) {
  std::vector<DiagramFigure> figs;
  std::vector<svg::LegendItem> legend;
  Problem problem;
  for (std::size_t k = 0; k < reports.size(); ++k) {
    figs.push_back(read_figure(reports[k], options, problem));
    figs.back().colour = overlay_colour(k);
    legend.push_back({svg::LegendItem::Kind::line, {*figs.back().colour, 2.2, "none", "", 1.0}, names[k]});
    if (figs[k].diagram.parameter != figs[0].diagram.parameter)
      throw InputError("overlay: the diagrams sweep different parameters (" + figs[0].diagram.parameter + " and " +
                       figs[k].diagram.parameter + ")");
  }
  legend.push_back({svg::LegendItem::Kind::text, {}, "solid: stable node/focus on the sphere, dashed: other; events: "
                                                     "T tangency, F fold, P pitchfork, B branch point, H Hopf, K kink, "
                                                     "J jump, C continuum"});
  const Diagram& d = figs.front().diagram;
  const std::string title = fmt::format("{} diagrams, {} from {} to {}", reports.size(), parameter_label(d.parameter),
                                        std::min(d.from, d.to), std::max(d.from, d.to));
  svg::Document doc = make_document(room_for_legend(options, legend, title), "limitdir bifurcation diagrams");
  const svg::Frame frame = diagram_frame(doc, figs, options, legend, title);
  svg::note_dropped(doc, draw_layers(doc, frame, figs, false), frame_box(frame));
  return doc.str();
}

}  // namespace limitdir
