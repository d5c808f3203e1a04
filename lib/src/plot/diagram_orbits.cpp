// The branches of closed orbits of a diagram and their events in its figure
// (plot/diagram_orbits.hpp, docs/manual.md sections 9 and 11).
#include "plot/diagram_orbits.hpp"

#include <algorithm>

#include "limitdir/continuation/orbit_events.hpp"

namespace limitdir::plot_detail {

namespace {

constexpr double marker_r = 5.0;  // px, as the diagram's event markers

double value_of(const OrbitPoint& q, const std::string& y) { return y == "period" ? q.period : q.amplitude; }

bool attracting(const OrbitPoint& q) { return q.multiplier < 1; }

std::string letter(const std::string& kind) {
  return kind == "cycle-fold" ? "CF" : kind == "snic" ? "S" : kind == "homoclinic" ? "HC" : "?";
}

bool shown(const svg::Frame& f, double p) { return p >= f.to_x.d0 && p <= f.to_x.d1; }

}  // namespace

bool is_orbit_coordinate(const std::string& y) { return y == "period" || y == "amplitude"; }

std::string orbit_y_label(const std::string& y) {
  return y == "period" ? "period of the closed orbit (tau)" : "amplitude of the closed orbit (chordal)";
}

Runs orbit_runs(const Diagram& d, const std::string& y) {
  Runs runs;
  for (const OrbitBranch& b : d.orbit_branches) {
    runs.emplace_back();
    for (const OrbitPoint& q : b.points) runs.back().push_back({q.p, value_of(q, y)});
  }
  return runs;
}

void draw_orbit_branches(svg::Document& doc, const svg::Frame& frame, const Diagram& d, const std::string& y,
                         const std::optional<std::string>& colour) {
  const std::string c = colour.value_or("black");
  for (const OrbitBranch& b : d.orbit_branches) {
    std::vector<svg::Point> run;
    for (std::size_t i = 0; i < b.points.size(); ++i) {
      const svg::Point here{b.points[i].p, value_of(b.points[i], y)};
      // the run reaches the point where the stability changes (a fold of cycles' multiplier 1)
      if (i > 0 && attracting(b.points[i]) != attracting(b.points[i - 1])) {
        run.push_back(here);
        svg::data_line(doc, frame, run, {c, 2.2, "none", attracting(b.points[i - 1]) ? "" : "7 4", 1.0});
        run.clear();
      }
      run.push_back(here);
    }
    if (!b.points.empty())
      svg::data_line(doc, frame, run, {c, 2.2, "none", attracting(b.points.back()) ? "" : "7 4", 1.0});
  }
}

std::vector<PendingLabel> draw_orbit_events(svg::Document& doc, const svg::Frame& frame, const Diagram& d,
                                            const std::string& y, const std::optional<std::string>& colour) {
  std::vector<PendingLabel> labels;
  const svg::Style marker{colour.value_or("black"), 1.5, "white", "", 1.0};
  const double r = marker_r * doc.marker_scale();
  const auto mark = [&](double p, double v, const std::string& text) {
    if (!shown(frame, p) || !(v >= frame.to_y.d0 && v <= frame.to_y.d1)) return;
    const svg::Point at = frame.pixel(p, v);
    doc.circle(at.first, at.second, r, marker);
    svg::reserve_marker(doc, at, r);
    labels.push_back({text, at, r});
  };
  for (const OrbitBranch& b : d.orbit_branches)
    if (b.hopf_event && !b.points.empty() && b.ends[0].kind == "hopf")  // born at the focus: amplitude 0
      mark(b.ends[0].p, y == "period" ? b.points.front().period : 0.0, "H");
  for (const OrbitEvent& e : orbit_events(d.orbit_branches)) {
    if (e.kind == "cycle-fold") {  // on the branch's end point (extrapolated: the last point's value)
      const OrbitBranch& b = *std::find_if(d.orbit_branches.begin(), d.orbit_branches.end(),
                                           [&](const OrbitBranch& x) { return x.id == e.orbit_branch; });
      const OrbitPoint& q = b.ends[0].kind == "cycle-fold" && b.ends[0].p == e.p ? b.points.front() : b.points.back();
      mark(e.p, value_of(q, y), letter(e.kind));
    } else if (shown(frame, e.p)) {  // the period is infinite at p*: a dashed line
      const double px = frame.to_x(e.p);
      doc.line(px, frame.y, px, frame.y + frame.height, {colour.value_or("black"), 1.2, "none", "3 3", 1.0});
      labels.push_back({letter(e.kind), {px, frame.y + 28.0}, 0.0});
    }
  }
  return labels;
}

std::vector<PendingLabel> orbit_event_ticks(svg::Document& doc, const svg::Frame& frame, const Diagram& d) {
  std::vector<PendingLabel> labels;
  for (const OrbitEvent& e : orbit_events(d.orbit_branches)) {
    if (!shown(frame, e.p)) continue;
    const double px = frame.to_x(e.p);
    doc.line(px, frame.y + frame.height - 10.0, px, frame.y + frame.height, {"black", 2.0, "none", "", 1.0});
    labels.push_back({letter(e.kind), {px, frame.y + frame.height - 10.0}, 0.0});
  }
  return labels;
}

std::string orbit_event_names(const Diagram& d, double x0, double x1) {
  const std::vector<OrbitEvent> events = orbit_events(d.orbit_branches);
  std::string names;
  static const std::pair<const char*, const char*> kinds[] = {
      {"cycle-fold", "fold of cycles"}, {"snic", "SNIC"}, {"homoclinic", "homoclinic loop"}};
  for (const auto& [kind, name] : kinds)
    if (std::any_of(events.begin(), events.end(),
                    [&, k = kind](const OrbitEvent& e) { return e.kind == k && e.p >= x0 && e.p <= x1; }))
      names += (names.empty() ? "" : ", ") + letter(kind) + " " + std::string(name);
  return names;
}

std::vector<svg::LegendItem> orbit_line_legend(const Diagram& d, double x0, double x1) {
  bool solid = false, dashed = false;
  for (const OrbitBranch& b : d.orbit_branches)
    for (const OrbitPoint& q : b.points)
      if (q.p >= x0 && q.p <= x1) (attracting(q) ? solid : dashed) = true;
  std::vector<svg::LegendItem> items;
  if (solid) items.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "", 1.0}, "attracting orbit (multiplier < 1)"});
  if (dashed) items.push_back({svg::LegendItem::Kind::line, {"black", 2.0, "none", "7 4", 1.0}, "repelling orbit (multiplier > 1)"});
  return items;
}

}  // namespace limitdir::plot_detail
