// Bifurcation diagrams as figures (plot/plot.hpp): a coordinate of the limit directions against
// the parameter, in the style of Figs 13-14 [Nonlinear Dyn. 2024] (docs/manual.md section 11).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "limitdir/limits/classify.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

constexpr double legend_width = 300.0;  // px, the column right of the frame
constexpr double padding = 0.06;        // of the data range, above and below the curves
constexpr double pi = 3.14159265358979323846;

/// The diagram and the family of systems along its parameter (to colour points and to find
/// rdot at events).
struct DiagramFigure {
  Diagram diagram;
  ParameterFamily family;
  std::string y;
};

/// The Fig. 11 colour of a branch point: the classification's (defined on the invariant
/// circle; green and brown need its eigenvectors), when it agrees with the point's own type.
std::string point_colour(const DiagramFigure& fig, const BranchPoint& p) {
  std::optional<std::string> colour;
  const Classification c = classify(fig.family.system(p.p), fig.family.force(p.p), p.w);
  if (c.radial == p.radial && c.type == p.type) colour = c.colour;
  return fig11_colour(colour, to_string(p.radial), to_string(p.type));
}

bool stable_on_sphere(SphereType t) { return t == SphereType::stable_node || t == SphereType::stable_focus; }

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
    const svg::Point here{p.p, diagram_coordinate(fig.y, p.w, p.rdot)};
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

void draw_events(svg::Document& doc, const svg::Frame& frame, const DiagramFigure& fig) {
  doc.begin_group("", "events");
  for (const Event& e : fig.diagram.events) {
    if (!(e.p >= std::min(fig.diagram.from, fig.diagram.to) && e.p <= std::max(fig.diagram.from, fig.diagram.to)))
      continue;  // outside the drawn range
    const System system = fig.family.system(e.p);
    const double F = fig.family.force(e.p);
    for (const Eigen::Vector3d& w : e.directions) {
      const auto [px, py] = frame.pixel(e.p, diagram_coordinate(fig.y, w, system.radial(w, F)));
      doc.circle(px, py, 5.0, {"black", 1.5, "white", "", 1.0});
      // a continuum's isolated directions are marked; its one label is on its line (below)
      if (e.kind != EventKind::continuum)
        doc.text(px + 6.0, py - 7.0, event_letter(e.kind), {13.0, "start", "black", 0.0, true});
    }
    if (e.kind == EventKind::continuum) {  // its circles hold every longitude at that load: a dashed line
      const double px = frame.to_x(e.p);
      doc.line(px, frame.y, px, frame.y + frame.height, {"black", 1.2, "none", "3 3", 1.0});
      doc.text(px + 3.0, frame.y + 28.0, event_letter(e.kind), {13.0, "start", "black", 0.0, true});
    }
    if (e.directions.empty()) {  // an event without a direction: a tick on the parameter axis
      const double px = frame.to_x(e.p);
      doc.line(px, frame.y + frame.height - 10.0, px, frame.y + frame.height, {"black", 2.0, "none", "", 1.0});
      doc.text(px + 3.0, frame.y + frame.height - 12.0, event_letter(e.kind), {13.0, "start", "black", 0.0, true});
    }
  }
  doc.end_group();
}

void draw_regions(svg::Document& doc, const svg::Frame& frame, const Diagram& d) {
  doc.begin_group(frame.clip_id, "regions");
  const char* const shades[] = {"#eef3fa", "#f7f4ea"};
  for (std::size_t i = 0; i < d.regions.size(); ++i) {
    const Region& r = d.regions[i];
    // the part inside the diagram's range (a region reaching to 1e308 would overflow the pixels)
    const double lo = std::min(d.from, d.to), hi = std::max(d.from, d.to);
    const double a = frame.to_x(std::clamp(std::min(r.from, r.to), lo, hi));
    const double b = frame.to_x(std::clamp(std::max(r.from, r.to), lo, hi));
    doc.rect(a, frame.y, b - a, frame.height, {"none", 0.0, shades[i % 2], "", 1.0});
    doc.text((a + b) / 2.0, frame.y + 14.0, std::to_string(r.count), {11.0, "middle", "#555555"});
  }
  doc.end_group();
}

/// The data range of the vertical axis: every branch point and event, padded.
std::pair<double, double> y_range(const DiagramFigure& fig) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Branch& b : fig.diagram.branches)
    for (const BranchPoint& p : b.points) {
      lo = std::min(lo, diagram_coordinate(fig.y, p.w, p.rdot));
      hi = std::max(hi, diagram_coordinate(fig.y, p.w, p.rdot));
    }
  if (!(hi >= lo)) return {-1.0, 1.0};  // no branch: an empty diagram still gets axes
  const double pad = std::max(padding * (hi - lo), 0.05 * std::max(1.0, std::abs(hi)));
  return {lo - pad, hi + pad};
}

void draw_legend(svg::Document& doc, double x, double y) {
  fig11_legend(doc, x, y, false);
  y += 6 * 15.0 + 8.0;
  svg::legend_entry(doc, x, y, {"black", 2.0, "none", "", 1.0}, "stable node/focus on the sphere");
  svg::legend_entry(doc, x, y + 15.0, {"black", 2.0, "none", "7 4", 1.0}, "saddle, unstable or non-hyperbolic");
  const svg::TextStyle small{11.0};
  doc.text(x, y + 38.0, "events: T tangency, F fold, P pitchfork,", small);
  doc.text(x, y + 52.0, "B branch point, H Hopf, K kink, J jump,", small);
  doc.text(x, y + 66.0, "C continuum", small);
  doc.text(x, y + 84.0, "shaded: regions, with the number of", small);
  doc.text(x, y + 98.0, "limit directions at the top", small);
}

}  // namespace

std::string plot_diagram(const nlohmann::json& report, const PlotOptions& options) {
  const Problem problem = parse_problem(plot_detail::field(report, "problem", "diagram"), "diagram.problem");
  DiagramFigure fig{diagram_from_json(report, "diagram"), {}, options.y};
  fig.family = parameter_family(problem, fig.diagram.parameter);
  const Diagram& d = fig.diagram;
  if (!(d.to != d.from)) throw InputError("diagram: from and to must differ (got " + std::to_string(d.from) + ")");

  const double W = options.width, H = options.height;
  const bool legend = W >= 600.0;
  svg::Document doc(W, H, "limitdir bifurcation diagram: " + problem.name);
  const auto [y0, y1] = y_range(fig);
  const double frame_w = W - margin_left - margin_right - (legend ? legend_width : 0.0);
  const svg::Frame frame =
      svg::axes(doc, margin_left, margin_top, frame_w, H - margin_top - margin_bottom,
                {std::min(d.from, d.to), std::max(d.from, d.to), y0, y1,
                 d.parameter == "force" ? "F (load)" : d.parameter, diagram_y_label(options.y), ""});
  // the title over the whole figure: it is often wider than the frame
  doc.text(W / 2.0, margin_top - 10.0, problem.name + ": " + short_model(string_field(report, "model", "diagram")),
           {14.0, "middle", "black", 0.0, true});
  draw_regions(doc, frame, d);
  for (const Branch& b : d.branches) draw_branch(doc, frame, fig, b);
  draw_events(doc, frame, fig);
  if (legend) draw_legend(doc, W - legend_width + 10.0, margin_top + 10.0);
  return doc.str();
}

}  // namespace limitdir
