#pragma once
// Internal: the branches of closed orbits of a bifurcation diagram and their events in its figure
// (plot/plot.hpp plot_diagram, docs/manual.md section 11): with --y period or amplitude the
// figure shows the orbit branches against the parameter, solid where the orbit attracts
// (multiplier < 1) and dashed where it repels, with their ends (Hopf points, folds of cycles,
// SNIC and homoclinic loops); with a coordinate of the limit directions, the orbit events are
// ticks on the parameter axis.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

/// A label to place: its text and the marker (centre, radius) it belongs to.
struct PendingLabel {
  std::string text;
  svg::Point anchor;
  double r;
};

/// --y period or amplitude: the figure of the orbit branches.
bool is_orbit_coordinate(const std::string& y);
std::string orbit_y_label(const std::string& y);
/// The orbit branches as runs of (p, period or amplitude), for the axes' ranges and clipping.
Runs orbit_runs(const Diagram& d, const std::string& y);
/// The branches, in `colour` (an overlay's) or black.
void draw_orbit_branches(svg::Document& doc, const svg::Frame& frame, const Diagram& d, const std::string& y,
                         const std::optional<std::string>& colour);
/// The ends of the orbit branches: H at the Hopf point a branch is born at, CF at a fold of cycles
/// (on the branch's end point), S (SNIC) and HC (homoclinic) as a dashed vertical line at the
/// fitted p*, where the period is infinite. Their labels are returned to be placed afterwards.
std::vector<PendingLabel> draw_orbit_events(svg::Document& doc, const svg::Frame& frame, const Diagram& d,
                                            const std::string& y, const std::optional<std::string>& colour);
/// A figure of the limit directions: the orbit events as ticks on the parameter axis.
std::vector<PendingLabel> orbit_event_ticks(svg::Document& doc, const svg::Frame& frame, const Diagram& d);
/// The letters of the orbit events in [x0, x1] for the legend ("CF fold of cycles, ..."), empty if none.
std::string orbit_event_names(const Diagram& d, double x0, double x1);
/// The legend's lines of an orbit figure (those drawn in [x0, x1]).
std::vector<svg::LegendItem> orbit_line_legend(const Diagram& d, double x0, double x1);

}  // namespace limitdir::plot_detail
