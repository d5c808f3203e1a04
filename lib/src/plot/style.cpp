// The house styles of plot --style (plot/plot.hpp, docs/manual.md section 11, "Paper style").
#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"

namespace limitdir {

void apply_style(PlotOptions& options) {
  if (options.style == "screen") return;
  if (options.style == "paper") {
    options.width = paper_width;
    options.height = paper_height;
  } else if (options.style == "paper-wide") {
    options.width = paper_wide_width;
    options.height = paper_wide_height;
  } else {
    throw InputError("--style: must be screen, paper or paper-wide (got \"" + options.style + "\")");
  }
  options.font_size = paper_font_size;
}

}  // namespace limitdir
