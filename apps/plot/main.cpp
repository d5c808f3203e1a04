// plot [REPORT...] [--y theta|psi|w1|w2|w3|rdot|period|amplitude] [--view w1|w2|w3] [--time t|tau] [--convergence] [--surface]
//      [--components]
//      [--colour-by class|level|mean|min|max] [--width W] [--height H] [--x-range A:B] [--y-range A:B]
//      [--log-x] [--log-y] [--no-regions] [--panel K] [--font-size PX] [--style NAME] [--title] [--output FILE]
// Draws a limitdir report as a standalone SVG on standard output (plot/plot.hpp, docs/manual.md
// section 11): a bifurcation diagram (sweep-force), the limit directions of one load on the
// sphere with the field V* (find-limits), the friction laws (friction-model) or the time
// history of a simulation (simulate), a scan summary as a heat map (scan --summary), the rolling
// sphere's run or X_max map (roll), the Celtic stone's run, model comparison or slip system
// (celt), a classification (classify), a survey (simulate --survey) or regions (classify
// --regions); plot --help lists them from the table of plot/kinds.cpp. REPORT
// is a file or - (standard input, the default); several REPORTs of one kind are overlaid
// (plot_overlay). --output writes FILE.svg, or FILE.pdf / FILE.png rendered in-process
// (librsvg + cairo) instead.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/plot/plot.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "plot",
      "[REPORT...] [--y COORD] [--view AXIS] [--time CLOCK] [--convergence] [--surface] [--components] [--colour-by STAT] [--width W] "
      "[--height H] [--x-range A:B] [--y-range A:B] [--log-x] [--log-y] [--no-regions] [--panel K] [--font-size PX] [--style NAME] [--title] [--output FILE]",
      "Draws a limitdir report as a standalone SVG figure on standard output, or with --output FILE\n"
      "into FILE.svg, FILE.pdf or FILE.png (rendered in-process by librsvg and cairo). REPORT is a\n"
      "file or - for standard input (the default); several REPORTs of one kind (diagrams, friction\n"
      "tables, simulations, degree studies, maps, roll or celt runs) are overlaid, one colour or dash\n"
      "style each, named in the legend. A report holds one of (plot/kinds.cpp, the table the\n"
      "dispatch uses):\n" +
          limitdir::plot_kinds_help()};
  info.takes_problem = false;
  info.operands = "report";

  po::options_description options("Options", limitdir::options::help_line_length);
  options.add_options()
      ("y", po::value<std::string>()->value_name("COORD"),
       "diagrams: the vertical coordinate theta (latitude asin w3, default), psi (atan2(w3, w1), the "
       "position on the invariant circle w2 = 0 of Figs 13-14), w1, w2, w3 or rdot; period or amplitude: the "
       "branches of closed orbits instead (solid attracting, dashed repelling) with their ends")
      ("view", po::value<std::string>()->value_name("AXIS"),
       "limits, classifications, celt slip systems: the axis w1, w2 (default) or w3 the two hemispheres "
       "are seen along")
      ("time", po::value<std::string>()->value_name("CLOCK"),
       "simulations: the time axis t (default) or tau (the rescaled time of (114))")
      ("convergence", po::bool_switch(), "degree studies: the event errors against N instead of the branches")
      ("surface", po::bool_switch(), "friction tables over the sphere (friction-model --grid): the friction surface -q "
                                     "seen obliquely, one panel a report (Fig. 6 of Kudra & Awrejcewicz 2013)")
      ("components", po::bool_switch(), "a friction table over the sphere (friction-model --grid): its components "
                                        "T_sx, T_sy, M_s = -q against theta, the model solid and the exact model dotted, "
                                        "one panel per longitude (Figs 11-12 of Kudra & Awrejcewicz 2013)")
      ("colour-by", po::value<std::string>()->value_name("STAT"),
       "scan summaries: colour the cells by class, level, or the table's field's mean, min or max "
       "(default: mean when the summary has a field, else class)")
      ("width", po::value<std::string>()->value_name("W"), "figure width, 200..10000 (default 800). Unit: px.")
      ("height", po::value<std::string>()->value_name("H"), "figure height, 200..10000 (default 500). Unit: px.")
      ("style", po::value<std::string>()->value_name("NAME"),
       "screen (default), paper (a journal's single column: 252 x 216, 3.5 in wide in the PDF) or paper-wide "
       "(double column: 518 x 324, 7.2 in): serif text, tick labels 8 pt, thin lines; --width, --height and "
       "--font-size given override its sizes; no figure title (the caption carries it) unless --title")
      ("title", po::bool_switch(), "paper styles: draw the figure's title too (wrapped onto at most 3 lines of at "
       "least 8 pt); on screen it is always drawn");
  // --output (issue 23): its own block
  options.add_options()
      ("output", po::value<std::string>()->value_name("FILE"),
       "write the figure to FILE instead of standard output: FILE.svg as is, FILE.pdf (one page of "
       "W x H pt) or FILE.png (W x H pixels) rendered in-process by librsvg and cairo");
  // --- axes, scaling and fonts (docs/manual.md section 11, "Axes, labels and overlays") ---
  options.add_options()
      ("x-range", po::value<std::string>()->value_name("A:B"),
       "the horizontal axis from A to B (regions too; A < B; A,B is accepted too; write --x-range=-1:2 for a negative "
       "A); time panels (roll, celt): the time in every panel; heat maps: the cells outside are left out "
       "(the figure says how many); not limits. Unit: the axis's (as labelled: the swept parameter's for "
       "diagrams and degree studies, rad for friction's theta, the x parameter's for maps, s for roll and "
       "celt runs, sqrt(R/(mu g)) for t and 1/(mu g) for tau of simulations).")
      ("y-range", po::value<std::string>()->value_name("A:B"),
       "the vertical axis from A to B (simulations: of log10 r; roll and celt runs: of the one panel "
       "--panel draws); data beyond are clipped and marked. Unit: the axis's (as labelled: rad for theta "
       "and psi, dimensionless for w1, w2, w3 and friction's Q, T, mu g for rdot, the y parameter's for "
       "maps, log10 r with r in sqrt(mu g R) for simulations, the panel's own for roll and celt runs).")
      ("log-x", po::bool_switch(), "diagrams, degree studies, friction, maps, simulations, roll and celt runs: a "
       "logarithmic horizontal axis (ticks at the decades, labelled 10^k); data <= 0 in the shown range are bad input "
       "(an --x-range above 0 leaves them out)")
      ("log-y", po::bool_switch(), "diagrams, degree studies, friction, maps, roll and celt runs: a logarithmic "
       "vertical axis (ticks at the decades, labelled 10^k); data <= 0 in the shown range are bad input (a --y-range "
       "above 0 leaves them out)")
      ("no-regions", po::bool_switch(), "maps: no shading of the regions and no region labels (overlays shade the "
       "first map's regions otherwise)")
      ("panel", po::value<std::string>()->value_name("K"),
       "roll and celt runs: draw only the K-th of their panels (1-based), to which --y-range applies. "
       "Unit: count.")
      ("font-size", po::value<std::string>()->value_name("PX"),
       "tick label size, 6..40 (default 12); every text scales with it. Unit: px.");

  return limitdir::cli::run(info, options, argc, argv, [&info](const po::variables_map& vm) -> limitdir::cli::Output {
    const std::vector<std::string> reports =
        vm.count("report") ? vm["report"].as<std::vector<std::string>>()
                           : std::vector<std::string>{limitdir::cli::input_path(std::nullopt, info, "REPORT")};
    limitdir::PlotOptions plot;
    if (vm.count("style")) plot.style = vm["style"].as<std::string>();
    limitdir::apply_style(plot);  // its sizes the defaults of --width, --height, --font-size
    plot.width = static_cast<int>(limitdir::cli::integer_option(vm, "width", plot.width, limitdir::min_plot_side, limitdir::max_plot_side));
    plot.height = static_cast<int>(limitdir::cli::integer_option(vm, "height", plot.height, limitdir::min_plot_side, limitdir::max_plot_side));
    if (vm.count("y")) plot.y = vm["y"].as<std::string>();
    if (vm.count("view")) plot.view = vm["view"].as<std::string>();
    if (vm.count("time")) plot.time = vm["time"].as<std::string>();
    plot.convergence = vm["convergence"].as<bool>();
    plot.title = vm["title"].as<bool>();
    plot.surface = vm["surface"].as<bool>();
    plot.components = vm["components"].as<bool>();
    if (vm.count("colour-by")) {
      plot.colour_by = vm["colour-by"].as<std::string>();
      if (plot.colour_by.empty()) throw limitdir::InputError("--colour-by: must be class, level, mean, min or max (got \"\")");
    }
    // --output: the extension checked before the work
    const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "";
    if (vm.count("output")) limitdir::figure_format(output);
    // --- axes, scaling and fonts ---
    // --x-range/--y-range: the shared range parser (A:B, or A,B as bifurcation-map once required)
    const auto range = [&](const char* name) -> std::optional<std::pair<double, double>> {
      if (!vm.count(name)) return std::nullopt;
      return limitdir::cli::parse_range(vm[name].as<std::string>(), std::string("--") + name);
    };
    plot.x_range = range("x-range");
    plot.y_range = range("y-range");
    plot.log_x = vm["log-x"].as<bool>();
    plot.log_y = vm["log-y"].as<bool>();
    plot.map_regions = !vm["no-regions"].as<bool>();
    plot.panel = static_cast<int>(limitdir::cli::integer_option(vm, "panel", 0, 1, 100));
    if (vm.count("font-size")) plot.font_size = limitdir::cli::parse_real(vm["font-size"].as<std::string>(), "--font-size");
    std::vector<limitdir::PlotInput> inputs;
    for (const std::string& path : reports) {
      inputs.push_back(limitdir::read_plot_input(limitdir::read_input(path), path == "-" ? "<stdin>" : path));
      inputs.back().source = path == "-" ? "<stdin>" : path;
    }
    limitdir::check_overlay(inputs);
    for (const limitdir::PlotInput& input : inputs) {
      limitdir::check_plot_options(plot, input.kind, vm.count("y") > 0, vm.count("view") > 0, vm.count("time") > 0);
      limitdir::check_layout_options(plot, input.kind, vm.count("font-size") > 0, inputs.size());
    }
    const std::string figure =
        inputs.size() == 1 ? limitdir::plot_report(inputs.front(), plot) : limitdir::plot_overlay(inputs, plot);
    if (output.empty()) return figure;
    limitdir::write_figure(figure, output, plot.width, plot.height);
    return std::string();
  });
}
