// The reports plot reads, one table (plot/kinds.hpp): --help, the messages and the dispatch are
// written from it (docs/manual.md section 11).
#include "plot/kinds.hpp"

#include <string>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "plot/common.hpp"
#include "plot/friction_laws.hpp"
#include "plot/friction_speed.hpp"
#include "plot/friction_surface.hpp"

namespace limitdir::plot_detail {

namespace {

using Input = const PlotInput&;
using Options = const PlotOptions&;

const KindRow rows[] = {
    {"limitdir.diagram/1", nullptr, "diagram", "sweep-force",
     "a coordinate (--y) of the limit directions against the parameter, as Figs 13-14 of the core paper: branches "
     "in the Fig. 11 colours, solid where the direction is a stable node or focus on the sphere, dashed elsewhere; "
     "events marked T tangency, F fold, P pitchfork, B branch point, H Hopf; regions shaded with their count",
     [](Input i, Options o) { return plot_diagram(i.report, o); }},
    {"limitdir.limits/1", nullptr, "limits", "find-limits",
     "the two hemispheres of the sphere of slip directions seen along --view, the limit directions in the Fig. 11 "
     "colours and the field V* as streamlines (the system is rebuilt from the report's problem)",
     [](Input i, Options o) { return plot_limits(i.report, o); }},
    {"limitdir.classification/1", nullptr, "classification", "classify",
     "the classified directions on the two hemispheres (--view) with V* as streamlines, each marked by its class: "
     "the shape its type on the sphere, the fill the sign of R*; the given inputs as crosses, the counts of each "
     "class and the unclassified ones under the title",
     [](Input i, Options o) { return plot_classification(i.report, o); }},
    {"limitdir.friction/1", nullptr, "friction", "friction-model",
     "Q and T against theta for the model and the exact model, as Figs 5-10; the exact model's table alone (or an "
     "overlay of such) without --x-range, --y-range, --log-x, --log-y as Fig. 4: Q and T against theta, w3 and eps, "
     "and the meridian curve (Q, T); a table with values (--at) at two or more slip directions of w2 = 0, w1 >= 0, "
     "w3 > 0 as Fig. 2 of [Kireenkov]: F_par = -q1 and F_perp = -q2 against eps = (rho/R) w1/w3; a table with "
     "forces (--slip) at two or more slips (v, 0, rho omega) of one u = R omega as the paper's Fig. 2: F_par and F_perp "
     "with the speed terms, each over its largest |value|, against v in two panels; a table with "
     "sections (friction-model --sections) as Fig. 7 of [Kudra & Awrejcewicz 2013]: the sections of the friction "
     "surface -q by q1 = 0, q2 = 0, q3 = 0; a grid over the sphere with --surface as its Fig. 6: the surface -q "
     "seen obliquely, one panel a report; a grid with --components as its Figs 11-12: T_sx, T_sy, M_s = -q of the model "
     "(solid) and the exact model (dotted) against theta, one panel per longitude",
     [](Input i, Options o) {
       if (o.components) return plot_friction(i.report, o);
       if (o.surface) return plot_friction_surfaces({i.report}, {string_field(i.report, "description", i.source)}, o);
       if (friction_sections_figure({i.report}, o))
         return plot_friction_sections({i.report}, {string_field(i.report, "description", i.source)}, o);
       return kireenkov_fig2({i.report}) ? plot_friction_speed({i.report}, {}, o)
              : fig4_laws({i.report}, o) ? plot_friction_laws({i.report}, {}, o) : plot_friction(i.report, o);
     }},
    {"limitdir.simulation/1", nullptr, "simulation", "simulate, its JSON Lines ending in this record",
     "w and log10 r against t (or tau, --time)",
     [](Input i, Options o) { return plot_simulation(i.records, i.report, o); }},
    {"limitdir.survey/1", nullptr, "survey", "simulate --survey",
     "a bar chart of how many seeds end at each limit direction or circle, each bar in the class's colour and "
     "labelled with its count and share; the seeds, those that stick, never stick, failed or ended at no known "
     "direction stated",
     [](Input i, Options o) { return plot_survey(i.report, o); }},
    {"limitdir.regions/1", nullptr, "regions", "classify --regions",
     "a strip along the swept parameter (--x-range): each region an interval shaded by its number of limit "
     "directions and labelled with it (and its Case), its types listed, the boundaries at their values, the "
     "events marked with their letters (T, F, P, B, H) at theirs",
     [](Input i, Options o) { return plot_regions(i.report, o); }},
    {"limitdir.degree-study/1", nullptr, "degree-study", "degree-study",
     "the branches (--y) of the harmonic model of every degree N, one colour each, and of the exact model in black, "
     "as Figs 17-18 of the core paper; with --convergence the log10 of each event kind's error against N",
     [](Input i, Options o) { return plot_degree_study(i.report, o); }},
    {"limitdir.map/1", nullptr, "map", "bifurcation-map",
     "the curves in the plane of the two parameters, the codimension-2 points labelled, the regions shaded by "
     "their number of limit directions",
     [](Input i, Options o) { return plot_map(i.report, o); }},
    {"limitdir.scan-summary/1", nullptr, "scan-summary", "scan --summary",
     "a heat map over the two axes of its table, each cell coloured by its class, level or field (--colour-by), "
     "hatched where points are missing, crossed where the weakest level is incomplete or none",
     [](Input i, Options o) { return plot_scan_summary(i.report, o); }},
    {"limitdir.roll-report/1", nullptr, "roll", "roll",
     "X, U_X and Omega_Y, r_T and m_T against t as Fig. 3 of the rolling-sphere paper, the closed form dotted "
     "(planar starts), mode changes dashed",
     [](Input i, Options o) { return plot_roll(i.report, o); }},
    {"limitdir.roll-map/1", nullptr, "roll-map", "roll --map",
     "X_max over (mu, mu_r) as a heat map (Fig. 2), hatched where the sphere did not stop by t_end",
     [](Input i, Options o) { return plot_roll_map(i.report, o); }},
    {"limitdir.pile-report/1", nullptr, "pile", "pile",
     "the final pile as Fig. 4 of the rolling-friction paper: a side view (x-z) and a top view (x-y) at one scale, "
     "each sphere a disc of its radius filled by its height z/d (colour bar), those in flight outlined; the plane a "
     "line, its square edge dashed, or said to lie outside the views",
     [](Input i, Options o) { return plot_pile(i.report, o); }},
    {"limitdir.scan-record/1", "pile", "pile-scan", "scan --job pile, its records",
     "H/d and base radius/d against log10 of law.mu_r as Fig. 5 of the rolling-friction paper: one curve per "
     "law.mu, the mean over the other axes (seeds) with their min-max band",
     [](Input i, Options o) { return plot_pile_scan(i.records, o); }},
    {"limitdir.fit-report/1", nullptr, "fit", "fit",
     "the data and the model at the best (slip data: model against data; a run: omega against t), model - data, "
     "and one row per free parameter: its start (hollow), estimate (filled) and 95 % interval (bar) at their places "
     "between the parameter's bounds, labelled with the values, an undetermined parameter in red, without a bar "
     "(--panel 1, 2, 3: one of them; the parameters alone for a report without rows); two or more fits whose "
     "problems differ in one numeric key: each fitted parameter with its 95 % interval against that key, as Fig. 10 "
     "of [Kudra & Awrejcewicz 2013] (the joins u0 of W against b with the paper's cubics (58))",
     [](Input i, Options o) { return plot_fit(i.report, o); }},
    {"limitdir.celt-report/1", "run", "celt", "celt",
     "omega (body) and the vertical spin against t, the spin reversals marked",
     [](Input i, Options o) { return plot_celt(i.report, o); }},
    {"limitdir.celt-report/1", "comparison", "celt", "celt --compare",
     "each model's cost against its mean square deviation from W1",
     [](Input i, Options o) { return plot_celt(i.report, o); }},
    {"limitdir.celt-report/1", "slip-system", "celt-slip-system", "celt --slip-system",
     "the limit directions of the exported slip system (found from the report's problem as find-limits does) on "
     "the two hemispheres (--view) with V* as streamlines, the stone's slip at t a cross; the model, mu, t and "
     "the coupling under the title",
     [](Input i, Options o) { return plot_celt_slip(i.report, o); }},
    {"limitdir.elliptic-series/1", nullptr, "elliptic-series", "elliptic-series",
     "the errors |K_n - K| and |E_n - E| of the nome series (64)-(65) against b on a log axis, one curve per order "
     "(n_q, n_K, n_E), as Fig. 13 of [Kudra & Awrejcewicz 2013]",
     [](Input i, Options o) { return plot_elliptic_series(i.report, o); }},
    {"limitdir.problem/1", nullptr, "pressure", "a problem file",
     "the contact's normal pressure sigma/N as Fig. 5 of [Kudra & Awrejcewicz 2013]: (a) over the patch as a surface "
     "seen obliquely, filled by height; (b) its sections along the axis tau_r of the centre of pressure at v_r = 0 "
     "and a/2, against sigma0 before the distortion (dashed); its integral and centre of pressure under the title",
     [](Input i, Options o) { return plot_pressure(i.report, o); }},
    {"limitdir.diagram-diff/1", nullptr, nullptr, "diagram-diff",
     "it holds the differences of two diagrams as sentences, no curves; plot A.json B.json overlays the two "
     "diagrams", nullptr},
    {"limitdir.scan-record/1", nullptr, nullptr, "scan",
     "a record holds one point of a grid; summarise the records with scan PROBLEM GRID --summary FILE and plot "
     "that summary (the records of scan --job pile are drawn whole, above)", nullptr},
};

/// `text` broken at spaces into lines of at most help_width characters, the first starting with
/// "  ", the others with "    " (plot --help).
constexpr std::size_t help_width = 100;  // the apps' --help line length (jobs/option_tables.hpp)
std::string help_wrapped(const std::string& text) {
  std::string out, line = "  ";
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    if (line.size() + word.size() + 1 > help_width && line.find_first_not_of(' ') != std::string::npos) {
      out += line + "\n";
      line = "    ";
    }
    line += (line.back() == ' ' ? "" : " ") + word;
    at = end + 1;
  }
  return out + line + "\n";
}

std::string row_name(const KindRow& row) {
  return std::string(row.schema) + (row.variant ? std::string(" of kind ") + row.variant : "");
}

}  // namespace

std::string what_plot_draws() {
  std::string text;
  for (const KindRow& row : rows)
    if (row.kind && !(row.variant && std::string(row.variant) != "run"))  // one entry per schema
      text += (text.empty() ? "plot draws " : ", ") + std::string(row.schema) + " (" + row.app + ")";
  return text;
}

const KindRow& kind_row(const nlohmann::json& document, const std::string& source) {
  if (!document.is_object() || !document.contains("schema") || !document["schema"].is_string())
    throw InputError(source + ": not a limitdir report (no \"schema\" string); " + what_plot_draws());
  const std::string schema = document["schema"].get<std::string>();
  bool known = false;
  for (const KindRow& row : rows) {
    if (schema != row.schema) continue;
    known = true;
    if (row.variant && !(document.contains("kind") && document["kind"] == row.variant)) continue;
    if (!row.kind)
      throw InputError(source + ": plot does not draw " + row_name(row) + " (" + row.app + "): " + row.text);
    return row;
  }
  if (known)
    throw InputError(source + ": a " + schema + " report of kind " +
                     (document.contains("kind") ? detail::show(document["kind"]) : std::string("(none)")) +
                     ", which plot does not know; " + what_plot_draws());
  throw InputError(source + ": cannot plot schema \"" + schema + "\"; " + what_plot_draws());
}

const KindRow& row_of_kind(const std::string& kind) {
  for (const KindRow& row : rows)
    if (row.kind && kind == row.kind) return row;
  throw InputError("cannot plot a report of kind \"" + kind + "\"; " + what_plot_draws());
}

}  // namespace limitdir::plot_detail

namespace limitdir {

std::string plot_kinds_help() {
  std::string text;
  for (const plot_detail::KindRow& row : plot_detail::rows)
    if (row.kind)
      text += plot_detail::help_wrapped(plot_detail::row_name(row) + " (" + row.app + "): " + row.text + ";");
  text += "Not drawn (exit 2, the message says what to plot instead):\n";
  for (const plot_detail::KindRow& row : plot_detail::rows)
    if (!row.kind) text += plot_detail::help_wrapped(plot_detail::row_name(row) + " (" + row.app + "): " + row.text + ".");
  return text;
}

}  // namespace limitdir
