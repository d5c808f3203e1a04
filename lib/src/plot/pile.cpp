// A spheres pile (limitdir.pile-report/1 of pile, docs/manual.md sections 11 and 15) as Fig. 4
// of [Acary & Bourrier 2021]: a side view (x-z) and a top view (x-y) at one scale, every sphere
// a disc of its true radius filled by the height z of its centre (the viridis scale of the heat
// maps, plot/heatmap.hpp), the spheres in flight (in no contact) outlined only, the plane a line
// in the side view and its square edge in the top view. The 60 d plane is far wider than a pile:
// the views are cut to the pile, and when the edge lies outside them the figure says where it is.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"
#include "plot/heatmap.hpp"
#include "plot/time_panels.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

// The view's half-width about the origin, in d: the pile's extent plus pile_pad, at least
// min_half_view; the plane's edge is shown (and the view widened to edge_pad times it) when the
// pile reaches edge_show of it.
constexpr double pile_pad = 0.5;       // half a diameter of plane beyond the outermost sphere
constexpr double min_half_view = 3.0;  // a view of a few spheres still 6 d wide
constexpr double edge_show = 0.8;
constexpr double edge_pad = 1.05;
// The colour scale spans at least one diameter from the lowest centre: a single layer on the
// plane (centres within the penetration bound of one another) stays one colour, not a spread of
// its penetrations over the whole scale.
constexpr double min_colour_span = 1.0;
// Side by side, each view takes up to ~0.4 of the width (the colour bar the rest); below a quarter
// (the single column: 43 px of 252) the views are stacked instead.
constexpr double stacked_below = 0.25;
// px: the least height of a stacked side view, room for its ticks at 0 and above (twice the least
// frame of check_room)
constexpr double stacked_least_side = 32.0;
const svg::Style plane_style{"#505050", 2.0, "none", "", 1.0};
const svg::Style edge_style{"#505050", 1.2, "#ececec", "5 3", 1.0};
const svg::Style outline_style{"#202020", 0.4, "none", "", 1.0};  // a sphere's rim over its fill

/// One sphere of the report, lengths in d.
struct Ball {
  double x, y, z, r;
  bool in_contact;
};

struct Pile {
  std::vector<Ball> balls;
  double half_plane = 0.0;  // the plane's half-width, in d
  double lo = 0.0, hi = 1.0;  // the colour scale's range of z/d
};

/// The column `name` of the spheres table (its index); InputError when absent.
std::size_t column(const json& columns, const std::string& name) {
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name) return k;
  throw InputError("pile.spheres.columns: missing \"" + name + "\"");
}

Pile read_pile(const json& report) {
  const json& problem = field(report, "problem", "pile");
  const double d = number_field(field(problem, "spheres", "pile.problem"), "diameter", "pile.problem.spheres");
  const double width = number_field(field(problem, "plane", "pile.problem"), "width", "pile.problem.plane");
  if (!(d > 0.0) || !(width > 0.0)) throw InputError("pile.problem: spheres.diameter and plane.width must be > 0");
  const json& spheres = field(report, "spheres", "pile");
  const json& columns = array_field(spheres, "columns", "pile.spheres");
  const std::size_t cx = column(columns, "x"), cy = column(columns, "y"), cz = column(columns, "z");
  const std::size_t cr = column(columns, "radius"), cc = column(columns, "in_contact");
  const json& rows = field(spheres, "rows", "pile.spheres");
  if (!rows.is_array()) throw InputError("pile.spheres.rows: must be an array");
  Pile pile;
  pile.half_plane = width / (2.0 * d);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string where = "pile.spheres.rows[" + std::to_string(i) + "]";
    const json& row = rows[i];
    if (!row.is_array() || row.size() != columns.size()) throw InputError(where + ": must have one entry per column");
    const auto num = [&](std::size_t k) {
      if (!row[k].is_number() || !std::isfinite(row[k].get<double>()))
        throw InputError(where + "[" + std::to_string(k) + "]: must be a finite number");
      return row[k].get<double>() / d;
    };
    if (!row[cc].is_boolean()) throw InputError(where + "[" + std::to_string(cc) + "]: must be true or false");
    const Ball b{num(cx), num(cy), num(cz), num(cr), row[cc].get<bool>()};
    if (!(b.r > 0.0)) throw InputError(where + ": radius must be > 0");
    pile.balls.push_back(b);
  }
  if (pile.balls.empty()) throw InputError("pile.spheres.rows: no sphere to draw");
  pile.lo = pile.hi = pile.balls.front().z;
  for (const Ball& b : pile.balls) pile.lo = std::min(pile.lo, b.z), pile.hi = std::max(pile.hi, b.z);
  pile.hi = std::max(pile.hi, pile.lo + min_colour_span);
  return pile;
}

std::string title(const json& report, const Pile& pile) {
  const json& law = field(field(report, "problem", "pile"), "law", "pile.problem");
  const json& summary = field(report, "summary", "pile");
  const json& repose = field(summary, "angle_of_repose_deg", "pile.summary");
  const double count = number_field(field(field(report, "problem", "pile"), "spheres", "pile.problem"), "count",
                                    "pile.problem.spheres");
  const std::string of = count == static_cast<double>(pile.balls.size()) ? "" : fmt::format(" of {:g}", count);
  return fmt::format("N = {}{}, mu = {:g}, mu_r = {:g} m: H/d = {:.3g}, base radius/d = {:.3g}{}", pile.balls.size(), of,
                     number_field(law, "mu", "pile.problem.law"), number_field(law, "mu_r", "pile.problem.law"),
                     number_field(summary, "H_over_d", "pile.summary"),
                     number_field(summary, "base_radius_over_d", "pile.summary"),
                     repose.is_number() ? fmt::format(", angle of repose {:.3g} deg", repose.get<double>()) : "");
}

std::string fill_of(const Pile& pile, const Ball& b) {
  return b.in_contact ? heat_scale_colour((b.z - pile.lo) / (pile.hi - pile.lo)) : "none";
}

void draw_ball(svg::Document& doc, const svg::Frame& f, const Pile& pile, const Ball& b, double u, double v,
               const char* view) {
  const double r = b.r * (f.to_x(1.0) - f.to_x(0.0));
  svg::Style style = outline_style;
  style.fill = fill_of(pile, b);
  if (!b.in_contact) style.width = 1.2;
  doc.circle(f.to_x(u), f.to_y(v), r, style,
             fmt::format("class=\"sphere{}\" data-view=\"{}\"", b.in_contact ? "" : " in-flight", view));
}

/// The side view: the plane z = 0 as a line (its ends ticked when in view), the spheres from the
/// far side (largest y) to the near.
void side_view(svg::Document& doc, const svg::Frame& f, const Pile& pile) {
  doc.begin_group(f.clip_id, "side-view");
  const double w = pile.half_plane;
  doc.line(f.to_x(-w), f.to_y(0.0), f.to_x(w), f.to_y(0.0), plane_style);
  for (const double e : {-w, w}) doc.line(f.to_x(e), f.to_y(0.0), f.to_x(e), f.to_y(-0.4), plane_style);
  std::vector<Ball> order = pile.balls;
  std::stable_sort(order.begin(), order.end(), [](const Ball& a, const Ball& b) { return a.y > b.y; });
  for (const Ball& b : order) draw_ball(doc, f, pile, b, b.x, b.z, "side");
  doc.end_group();
}

/// The top view: the plane's square (its edge dashed), the spheres from the lowest up.
void top_view(svg::Document& doc, const svg::Frame& f, const Pile& pile) {
  doc.begin_group(f.clip_id, "top-view");
  const double w = pile.half_plane;
  doc.rect(f.to_x(-w), f.to_y(w), f.to_x(w) - f.to_x(-w), f.to_y(-w) - f.to_y(w), edge_style, "class=\"plane-edge\"");
  std::vector<Ball> order = pile.balls;
  std::stable_sort(order.begin(), order.end(), [](const Ball& a, const Ball& b) { return a.z < b.z; });
  for (const Ball& b : order) draw_ball(doc, f, pile, b, b.x, b.y, "top");
  doc.end_group();
}

/// The half-width of both views (d) and whether the plane's edge lies in them.
std::pair<double, bool> view_half(const Pile& pile) {
  double extent = 0.0;
  for (const Ball& b : pile.balls) extent = std::max({extent, std::abs(b.x) + b.r, std::abs(b.y) + b.r});
  const double half = std::max(extent + pile_pad, min_half_view);
  if (half >= edge_show * pile.half_plane) return {edge_pad * std::max(pile.half_plane, extent), true};
  return {half, false};
}

}  // namespace

void plot_detail::centred_line(svg::Document& doc, double y, const std::string& text, double size, bool bold) {
  const svg::FittedText fitted = svg::fit_text(doc, text, size, doc.width() - 8.0, bold);
  doc.text(doc.width() / 2.0, y, fitted.content, {fitted.size, "middle", "black", 0.0, bold});
}

namespace {

/// Where the two views and the colour bar go: side by side, or in the paper styles, when that
/// leaves each view narrower than stacked_below of the figure's width or a frame smaller than
/// min_frame_side, the top view under the side view (a journal's single column is narrow; the figure grows in height, as the paper
/// styles' other figures do).
struct PileLayout {
  double scale;        // px per d, both views
  double side_w, side_h;
  double plan_x, plan_y;  // the top view's frame
  double bar_x;
  double bottom;       // px: the lowest frame's bottom
  double z1;           // the side view's top (z/d)
};

PileLayout layout(const svg::Document& doc, const Margins& m, double top, double half, double z0, double z1) {
  const double sc = doc.font_scale(), bar_column = 90.0 * sc, note = 18.0 * sc;
  const double room_w = doc.width() - 2.0 * m.left - m.right - bar_column, room_h = doc.height() - top - m.bottom - note;
  const double scale = std::min(room_w / (4.0 * half), room_h / std::max(z1 - z0, 2.0 * half));
  const double stacked_scale = (doc.width() - m.left - m.right - bar_column) / (2.0 * half);
  PileLayout l{scale, 2.0 * half * scale, (z1 - z0) * scale, 0, top, 0, 0, z1};
  const bool fits = std::min(l.side_w, std::min(z1 - z0, 2.0 * half) * scale) >= min_frame_side;
  if (doc.paper() && (!fits || l.side_w < stacked_below * doc.width())) {
    l.scale = stacked_scale;
    // a flat pile on a wide view: the side view at least stacked_least_side tall, empty above it
    l.side_w = 2.0 * half * l.scale, l.side_h = std::max((z1 - z0) * l.scale, stacked_least_side);
    l.z1 = z0 + l.side_h / l.scale;
    l.plan_x = m.left;
    l.plan_y = top + l.side_h + m.bottom + m.top;  // the side view's x label, the top view's title
    l.bar_x = m.left + l.side_w + 16.0 * sc;
    l.bottom = l.plan_y + l.side_w;
    check_room(doc, l.side_w, std::min(l.side_h, l.side_w));
    return l;
  }
  check_room(doc, l.side_w, std::min(z1 - z0, 2.0 * half) * scale);
  l.plan_x = m.left + l.side_w + m.left;
  l.bar_x = l.plan_x + l.side_w + 16.0 * sc;
  l.bottom = top + std::max(l.side_h, l.side_w);
  return l;
}

}  // namespace

std::string plot_pile(const nlohmann::json& report, const PlotOptions& options) {
  const Pile pile = read_pile(report);
  const std::string name = string_field(field(report, "problem", "pile"), "name", "pile.problem");
  svg::Document doc = make_document(options, "limitdir pile: " + name);
  const double sc = doc.font_scale();
  const FigureTitle heading = figure_title(doc, name, 14.0);
  const Margins m = margins(doc);  // (the top one with the title's room)
  const auto [half, edge_in_view] = view_half(pile);
  double top_z = 0.0;
  for (const Ball& b : pile.balls) top_z = std::max(top_z, b.z + b.r);
  const double z0 = -0.5, z1 = top_z + pile_pad;  // half a diameter below the plane, above the top
  const std::string subtitle = title(report, pile);
  std::string text = "fill: height z of the centre; outline only: in flight";
  if (!edge_in_view) text += fmt::format("; plane edge at |x|, |y| = {:g} d, outside the views", pile.half_plane);
  const double more = centred_text_extra(doc, subtitle, 12.0), note_more = centred_text_extra(doc, text, 11.0);
  const double top = m.top + 40.0 * sc + more;
  const PileLayout l = layout(doc, m, top, half, z0, z1);
  // the paper styles: the figure grown (drawn anew) until the views and the note fit
  // (in print the note's first line under the x label, a line lower than on the screen)
  const double note_y = l.bottom + m.bottom + (doc.paper() ? 12.0 * sc : 0.0);
  const double need = note_y + note_more + 6.0 * sc;
  if (doc.paper() && need > doc.height() + 0.5) return plot_pile(report, taller(options, need - doc.height()));
  draw_title(doc, 18.0 * sc + doc.title_room(), heading);
  centred_text(doc, 36.0 * sc + doc.title_room(), subtitle, 12.0);
  const svg::Frame side =
      svg::axes(doc, m.left, top, l.side_w, l.side_h, {-half, half, z0, l.z1, "x/d", "z/d", "side view"});
  side_view(doc, side, pile);
  const svg::Frame plan =
      svg::axes(doc, l.plan_x, l.plan_y, l.side_w, l.side_w, {-half, half, -half, half, "x/d", "y/d", "top view"});
  top_view(doc, plan, pile);
  doc.text(l.bar_x, top - 8.0 * sc, "z/d", {12.0, "start", "black", 0.0, true});
  HeatColours colours;
  colours.lo = pile.lo;
  colours.hi = pile.hi;
  heat_colour_bar(doc, l.bar_x, top, colours, std::max(60.0 * sc, 0.8 * l.side_w));
  centred_text(doc, std::min(note_y, doc.height() - 6.0 * sc - note_more), text, 11.0);
  return doc.str();
}

}  // namespace limitdir
